// Unit tests of what every game module gives the pages (the contract in
// web/js/games/index.js) and of the game-page hooks that need no DOM:
// Chess Football's phase in the status line, its goal flash, its team
// choice taken out of the action buttons, hidden placements drawn in; and
// the move list's reading of who played each ply.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import * as loa from '../../web/js/games/loa.js';
import * as pursuit from '../../web/js/games/pursuit.js';
import * as football from '../../web/js/games/football.js';
import { plySides } from '../../web/js/panels/movelist.js';
import { useEnglish } from './english.mjs';

const MODULES = { loa, pursuit, football };

describe('the game module contract', () => {
  for (const [name, mod] of Object.entries(MODULES)) {
    test(`${name} exports what the board and pages use`, () => {
      assert.equal(mod.id, name);
      assert.equal(mod.sides.length, 2);
      for (const fn of ['parse', 'moveParts', 'geometry', 'boardKey', 'drawBoard', 'pieces', 'startView', 'material']) {
        assert.equal(typeof mod[fn], 'function', `${name}.${fn}`);
      }
      assert.equal(mod.draw, undefined, 'no whole-board redraw any more');
      const view = mod.startView();
      const geo = mod.geometry(view, false, []);
      const items = mod.pieces(view, geo);
      assert.ok(items.length > 0);
      assert.equal(new Set(items.map((p) => p.key)).size, items.length, 'keys are unique');
      for (const p of items) {
        assert.equal(typeof p.sig, 'string');
        assert.equal(typeof p.make, 'function');
        if (p.piece) assert.ok(geo.points.has(p.key), `a piece stands on a point: ${p.key}`);
      }
      assert.equal(typeof mod.boardKey(view, geo), 'string');
    });
  }
});

describe('Chess Football hooks', () => {
  before(useEnglish);
  const at = (phase, lastGoal = '-') => football.parse(`8/8/8/8/8/8/8/8 - w ${phase} w 1 0 1-0 QRN/BNP -/- ${lastGoal}`);

  test('the status line names the phase until play, and not after the end', () => {
    assert.equal(football.statusSuffix(at('pick'), { result: null }), ' · choosing teams');
    assert.equal(football.statusSuffix(at('place'), { result: null }), ' · placing pieces');
    assert.equal(football.statusSuffix(at('kickoff'), { result: null }), ' · kick-off');
    assert.equal(football.statusSuffix(at('play'), { result: null }), '');
    assert.equal(football.statusSuffix(at('over'), { result: { winner: 0 } }), '');
  });

  test('a goal flashes the scorer with the goal sound; other moves nothing', () => {
    assert.deepEqual(football.moveFlash(at('place', 'w')), { sound: 'goal', title: 'GOAL!', text: 'White' });
    assert.equal(football.moveFlash(at('place', 'b')).text, 'Black');
    assert.equal(football.moveFlash(at('play')), null);
  });

  test('the action panel keeps plain actions as buttons when there is no team to pick', () => {
    const actions = [{ action: 'pass' }];
    assert.deepEqual(football.actionPanel(actions, () => {}), { panel: null, rest: actions });
  });

  test('hidden placements go on their squares', () => {
    const v = at('place');
    football.addPiece(v, 'e1', { kind: 'K', side: 0 });
    assert.deepEqual(v.cells.get('e1'), { kind: 'K', side: 0 });
  });
});

describe('move list sides', () => {
  test('alternating sides read from the position before each ply', () => {
    const start = '.bbbb./w....w/w....w/w....w/w....w/.bbbb. b';
    const rec = { start, moves: ['b1-b3', 'a2-c2'], positions: ['x w', 'y b'], options: {} };
    assert.deepEqual(plySides(loa, rec), [0, 1]);
  });

  test('placements: the same side twice; unknown positions give no side', () => {
    const place = (side) => `8/8/8/8/8/8/8/8 - ${side} place w 1 0 0-0 QRN/BNP KQ/K -`;
    const rec = { start: place('w'), moves: ['K@e1', 'Q@d1', 'K@e8', 'e1-e2'], positions: [place('w'), place('b'), null, 'z'], options: {} };
    assert.deepEqual(plySides(football, rec), [0, 0, 1, null]);
  });
});

describe('Chess Football: moves in words, goals without a question, the King waiting', () => {
  before(useEnglish);

  test('the move list writes the team choice and placements in words, the rest in notation', () => {
    assert.equal(football.moveLabel('pick:QRN', 0), 'White picks Q R N');
    assert.equal(football.moveLabel('pick:BBN', 1), 'Black picks B B N');
    assert.equal(football.moveLabel('Q@e4', 0), 'Q to e4');
    assert.equal(football.moveLabel('pass', 1), 'turn passed');
    assert.equal(football.moveLabel('e4>c3', 0), 'e4>c3');
    assert.equal(football.moveLabel('b7-b8=Q', 0), 'b7-b8=Q');
  });

  test('a dribble and a shot into the goal both score: the shot is played without asking', () => {
    const view = football.parse('k7/8/3Q4/8/8/8/8/4K3 d6 w play b 2 1 0-0 QRN/QRN -/- -');
    const cand = (texts) => texts.map((text) => ({ text, ...football.moveParts(text, view) }));
    assert.equal(football.autoChoice(cand(['d6-d8', 'd6>d8']), view), 'd6>d8');
    assert.equal(football.autoChoice(cand(['d6-d8']), view), 'd6-d8');
    // A Pawn with the ball dribbling into the goal: every promotion scores.
    const pawn = football.parse('k7/3P4/8/8/8/8/8/4K3 d7 w play w 1 3 0-0 QRN/QRN -/- -');
    const promos = ['d7-d8=Q', 'd7-d8=R', 'd7-d8=B', 'd7-d8=N'].map((text) => ({ text, ...football.moveParts(text, pawn) }));
    assert.equal(football.autoChoice(promos, pawn), 'd7-d8=Q');
    // Not the holder (promotions that do not score), or into one's own goal: ask.
    const free = football.parse('k7/3P4/8/8/8/8/8/4K2Q h1 w play w 1 3 0-0 QRN/QRN -/- -');
    assert.equal(football.autoChoice(['d7-d8=Q', 'd7-d8=R'].map((text) => ({ text, ...football.moveParts(text, free) })), free), null);
    const black = football.parse('k7/8/8/8/8/3q4/8/4K3 d3 b play w 1 3 0-0 QRN/QRN -/- -');
    assert.equal(football.autoChoice(['d3-d1', 'd3>d1'].map((text) => ({ text, ...football.moveParts(text, black) })), black), 'd3>d1', 'Black attacks rank 1');
    assert.equal(football.autoChoice(['d3-d8', 'd3>d8'].map((text) => ({ text, ...football.moveParts(text, black) })), black), null, 'its own goal');
  });

  test('while the kick-off piece must go first, the King waits in the tray, with a note', () => {
    const view = football.parse('8/8/8/8/8/8/8/8 - w place w 1 0 0-0 QRN/QRN KQRNPP/- -');
    const first = ['Q@e4', 'R@e4', 'N@e4', 'P@e4'];
    assert.equal(football.kingWaits(view, first), true);
    const geo = football.geometry(view, false, first);
    assert.ok(geo.points.has('hand:K'), 'the King is in the tray');
    assert.deepEqual([...geo.waiting], ['hand:K']);
    const king = football.pieces(view, geo).find((p) => p.key === 'hand:K');
    assert.ok(king && king.piece);
    assert.match(football.placementHint(view, first), /The King waits: your first piece goes on e4/);
    // Then the King may go: no note, nothing waiting.
    const later = ['K@e1', 'K@d1', 'Q@a1'];
    assert.equal(football.kingWaits(view, later), false);
    assert.equal(football.placementHint(view, later), null);
    assert.deepEqual([...football.geometry(view, false, later).waiting], []);
    // No placements at all (play): nothing.
    assert.equal(football.kingWaits(view, ['e4>c3']), false);
  });
});
