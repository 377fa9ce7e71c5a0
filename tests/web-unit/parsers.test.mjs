// Unit tests of the web client's readers of the engines' texts
// (web/js/games/*.js): position texts (docs/notation.md, "The games' notation
// and position texts"), move notation into board points, Linear Pursuit's
// board files, and the square names of the grid boards.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as loa from '../../web/js/games/loa.js';
import * as pursuit from '../../web/js/games/pursuit.js';
import * as football from '../../web/js/games/football.js';
import { squareName, parseStep, gridGeometry } from '../../web/js/games/grid.js';
import { loaStart, pursuitStart, footballStandard } from '../../web/js/pages/diagrams.js';

const sorted = (map) => [...map].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));

describe('grid', () => {
  test('square names: file letter and rank number from a1', () => {
    assert.equal(squareName(0, 0), 'a1');
    assert.equal(squareName(4, 3), 'e4');
    assert.equal(squareName(7, 7), 'h8');
  });

  test('parseStep: moves, captures, passes and promotions', () => {
    assert.deepEqual(parseStep('b1-d3'), { from: 'b1', to: 'd3', sep: '-', promo: null });
    assert.deepEqual(parseStep('b1xd3'), { from: 'b1', to: 'd3', sep: 'x', promo: null });
    assert.deepEqual(parseStep('e4>c3'), { from: 'e4', to: 'c3', sep: '>', promo: null });
    assert.deepEqual(parseStep('b7-b8=Q'), { from: 'b7', to: 'b8', sep: '-', promo: 'Q' });
    for (const text of ['pass', 'K@e1', 'pick:QRN', 'b1-', 'b1-d3=K', '']) assert.equal(parseStep(text), null, text);
  });

  test('geometry: a point per square, White (or Black in LOA) at the bottom, turned when flipped', () => {
    const geo = gridGeometry(8, false);
    assert.equal(geo.points.size, 64);
    assert.ok(geo.points.get('a1').y > geo.points.get('a8').y, 'rank 1 at the bottom');
    assert.ok(geo.points.get('a1').x < geo.points.get('h1').x, 'file a on the left');
    const flipped = gridGeometry(8, true);
    assert.deepEqual(flipped.points.get('a1'), geo.points.get('h8'));
    const tray = gridGeometry(8, false, ['hand:K', 'hand:Q']);
    assert.equal(tray.points.size, 66);
    assert.ok(tray.viewBox[3] > geo.viewBox[3], 'the tray adds height');
  });
});

describe('Lines of Action', () => {
  test('the 8x8 start: twelve Black on ranks 1 and 8, twelve White on files a and h, Black to move', () => {
    const v = loa.parse('.bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b');
    assert.equal(v.size, 8);
    assert.equal(v.toMove, 0);
    assert.equal(v.cells.size, 24);
    assert.equal(v.cells.get('b1'), 0);
    assert.equal(v.cells.get('g8'), 0);
    assert.equal(v.cells.get('a2'), 1);
    assert.equal(v.cells.get('h7'), 1);
    assert.equal(v.cells.has('a1'), false);
    assert.deepEqual(loa.material(v), [12, 12]);
  });

  test('the start view is the diagrams\' start position', () => {
    assert.deepEqual(sorted(loa.startView().cells), sorted(loaStart(8).cells));
  });

  test('6x6, White to move, after a forced pass', () => {
    const v = loa.parse('.bbbb./w....w/w....w/w....w/w....w/.bbbb. w pass');
    assert.equal(v.size, 6);
    assert.equal(v.toMove, 1);
    assert.deepEqual(loa.material(v), [8, 8]);
    assert.equal(v.cells.get('e6'), 0);
    assert.equal(v.cells.get('f5'), 1);
  });

  test('digits stand for runs of empty squares', () => {
    const v = loa.parse('1b4b/w6/8/8/8/8/8/8 b');
    assert.equal(v.size, 8);
    assert.deepEqual(sorted(v.cells), [['a7', 1], ['b8', 0], ['g8', 0]]);
  });

  test('move notation: from/to with the kind; a pass is an action', () => {
    assert.deepEqual(loa.moveParts('b1-d3'), { from: 'b1', to: 'd3', kind: 'move' });
    assert.deepEqual(loa.moveParts('b1xd3'), { from: 'b1', to: 'd3', kind: 'capture' });
    assert.deepEqual(loa.moveParts('pass'), { action: 'pass' });
  });
});

describe('Linear Pursuit', () => {
  const START = 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0';

  test('the classic start: Kings on outer 10 and 0, a Pawn before each major', () => {
    const v = pursuit.parse(START);
    assert.equal(v.n, 20);
    assert.equal(v.chords.length, 20);
    assert.equal(v.toMove, 0);
    assert.equal(v.phase, 'play');
    assert.equal(v.ply, 0);
    assert.deepEqual(v.outer.get(10), { kind: 'K', side: 0 });
    assert.deepEqual(v.outer.get(0), { kind: 'K', side: 1 });
    assert.deepEqual(v.outer.get(7), { kind: 'R', side: 0 });
    assert.deepEqual(v.outer.get(17), { kind: 'R', side: 1 });
    assert.deepEqual(v.inner.get(13), { kind: 'P', side: 0 });
    assert.deepEqual(v.inner.get(3), { kind: 'P', side: 1 });
    assert.equal(v.inner.has(5), false);
    assert.deepEqual(pursuit.material(v), [14, 14]);
  });

  test('the start view is the diagrams\' classic set-up', () => {
    const v = pursuit.startView();
    const d = pursuitStart();
    assert.deepEqual(sorted(v.inner), sorted(d.inner));
    assert.deepEqual(sorted(v.outer), sorted(d.outer));
    assert.deepEqual(v.chords, d.chords);
  });

  test('North to move, a drawn phase, the ply', () => {
    const v = pursuit.parse(`${'.'.repeat(20)}/...K${'.'.repeat(16)} north drawn 57`);
    assert.equal(v.toMove, 1);
    assert.equal(v.phase, 'drawn');
    assert.equal(v.ply, 57);
    assert.deepEqual(v.outer.get(3), { kind: 'K', side: 0 });
  });

  test('a placement phase: the pieces still in hand', () => {
    const v = pursuit.parse('..................../.................... south place:KRRBBNNkrrbbnn 0');
    assert.equal(v.phase, 'place');
    assert.equal(v.hand, 'KRRBBNNkrrbbnn');
    assert.equal(v.inner.size + v.outer.size, 0);
  });

  test('the default board: pentagrams, i joined to i+8', () => {
    const b = pursuit.defaultBoard();
    assert.equal(b.n, 20);
    assert.equal(b.chords.length, 20);
    assert.ok(b.chords.some(([a, c]) => a === 0 && c === 8));
    assert.ok(b.chords.some(([a, c]) => a === 12 && c === 0));
    assert.ok(b.chords.every(([a, c]) => (c - a + 20) % 20 === 8));
  });

  test('board files: the size, then chords; comments and separators; unreadable ones give the default', () => {
    assert.deepEqual(pursuit.parseBoard('6\n0-3 1-4 # opposite\n2-5'), { n: 6, chords: [[0, 3], [1, 4], [2, 5]] });
    assert.deepEqual(pursuit.parseBoard('# a hexagon\n6, 0 - 3, 1-4'), { n: 6, chords: [[0, 3], [1, 4]] });
    assert.deepEqual(pursuit.parseBoard('8'), { n: 8, chords: [] });
    const def = pursuit.defaultBoard();
    for (const text of [undefined, '', 'pentagrams', ' Pentagrams ', 'no numbers', '2 0-1', '6 0-9']) {
      assert.deepEqual(pursuit.parseBoard(text), def, JSON.stringify(text));
    }
  });

  test('a position on a custom board takes its chords from the board option', () => {
    const v = pursuit.parse('K...../k..... south play 0', { board: '6\n0-3\n1-4\n2-5' });
    assert.equal(v.n, 6);
    assert.deepEqual(v.chords, [[0, 3], [1, 4], [2, 5]]);
    // A position that does not fit the board draws no chords.
    assert.deepEqual(pursuit.parse('K......./k....... south play 0', { board: '6\n0-3' }).chords, []);
  });

  test('move notation: enter, move, capture, placement; a draw declaration is an action', () => {
    assert.deepEqual(pursuit.moveParts('e10'), { from: 'o10', to: '10', kind: 'enter' });
    assert.deepEqual(pursuit.moveParts('10-18'), { from: '10', to: '18', kind: 'move' });
    assert.deepEqual(pursuit.moveParts('10x18'), { from: '10', to: '18', kind: 'capture' });
    assert.deepEqual(pursuit.moveParts('K@o10'), { from: 'hand:K', to: 'o10', kind: 'place', anim: 'none' });
    assert.deepEqual(pursuit.moveParts('P@10'), { from: 'hand:P', to: '10', kind: 'place', anim: 'none' });
    assert.deepEqual(pursuit.moveParts('draw'), { action: 'draw' });
  });

  test('geometry: inner and outer points on two circles, the tray for the placeable kinds', () => {
    const v = pursuit.parse(START);
    const geo = pursuit.geometry(v, false, []);
    assert.equal(geo.points.size, 40);
    const top = geo.points.get('0');
    assert.ok(Math.abs(top.x - 500) < 1e-9 && top.y < 500, '0 at the top');
    assert.ok(geo.points.get('o0').y < top.y, 'outer 0 beyond inner 0');
    const turned = pursuit.geometry(v, true, []);
    assert.ok(turned.points.get('0').y > 500, 'flipped: 0 at the bottom');
    const placing = pursuit.geometry(v, false, ['K@o10', 'R@o7', 'R@o13']);
    assert.deepEqual(placing.tray, ['K', 'R']);
    assert.ok(placing.points.has('hand:K') && placing.points.has('hand:R'));
    assert.ok(placing.viewBox[3] > geo.viewBox[3]);
  });
});

describe('Chess Football', () => {
  const STANDARD = '4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -';

  test('the standard test position: every field', () => {
    const v = football.parse(STANDARD);
    assert.equal(v.cells.size, 12);
    assert.deepEqual(v.cells.get('e1'), { kind: 'K', side: 0 });
    assert.deepEqual(v.cells.get('e4'), { kind: 'N', side: 0 });
    assert.deepEqual(v.cells.get('h8'), { kind: 'R', side: 1 });
    assert.deepEqual(v.cells.get('b6'), { kind: 'N', side: 1 });
    assert.equal(v.ball, 'e4');
    assert.equal(v.toMove, 0);
    assert.equal(v.phase, 'kickoff');
    assert.equal(v.kickoff, 0);
    assert.equal(v.half, 1);
    assert.equal(v.actions, 0);
    assert.deepEqual(v.score, [0, 0]);
    assert.deepEqual(v.teams, ['QRN', 'QRN']);
    assert.deepEqual(v.toPlace, ['', '']);
    assert.equal(v.lastGoal, null);
    assert.deepEqual(football.material(v), [6, 6]);
  });

  test('the start view is the diagrams\' standard position', () => {
    const v = football.startView();
    const d = footballStandard();
    assert.deepEqual(sorted(v.cells), sorted(d.cells));
    assert.equal(v.ball, d.ball);
  });

  test('after a goal: the score, the scorer, no ball, Black to place', () => {
    const v = football.parse('8/8/8/8/8/8/8/8 - b place b 2 61 2-1 QRN/BNP KQRNPP/KBNPPP w');
    assert.equal(v.cells.size, 0);
    assert.equal(v.ball, null);
    assert.equal(v.toMove, 1);
    assert.equal(v.phase, 'place');
    assert.equal(v.kickoff, 1);
    assert.equal(v.half, 2);
    assert.equal(v.actions, 61);
    assert.deepEqual(v.score, [2, 1]);
    assert.deepEqual(v.toPlace, ['KQRNPP', 'KBNPPP']);
    assert.equal(v.lastGoal, 0);
  });

  test('the team choice: no teams yet', () => {
    const v = football.parse('8/8/8/8/8/8/8/8 - w pick w 1 0 0-0 -/- -/- -');
    assert.equal(v.phase, 'pick');
    assert.deepEqual(v.teams, ['', '']);
    assert.equal(v.lastGoal, null);
  });

  test('missing fields take defaults', () => {
    const v = football.parse('8/8/8/8/8/8/8/8');
    assert.equal(v.phase, 'play');
    assert.equal(v.half, 1);
    assert.deepEqual(v.score, [0, 0]);
    assert.equal(v.ball, null);
  });

  test('move notation: moves, tackles, passes and shots, promotions, placements, actions', () => {
    const v = football.parse(STANDARD);
    assert.deepEqual(football.moveParts('b1-c3', v), { from: 'b1', to: 'c3', kind: 'move', promo: null });
    assert.deepEqual(football.moveParts('b5xe5', v), { from: 'b5', to: 'e5', kind: 'tackle', promo: null });
    assert.deepEqual(football.moveParts('e4>c3', v), { from: 'e4', to: 'c3', kind: 'pass', anim: 'ball', promo: null });
    assert.deepEqual(football.moveParts('e4>d8', v), { from: 'e4', to: 'd8', kind: 'shot', anim: 'ball', promo: null }, 'to an empty goal square: a shot');
    assert.equal(football.moveParts('e4>e8', v).kind, 'pass', 'to the goal square the King stands on: a pass');
    assert.deepEqual(football.moveParts('b7-b8=Q', v), { from: 'b7', to: 'b8', kind: 'move', promo: 'Q' });
    assert.deepEqual(football.moveParts('K@e1', v), { from: 'hand:K', to: 'e1', kind: 'place', anim: 'none' });
    assert.deepEqual(football.moveParts('pick:QRN', v), { action: 'pick:QRN' });
    assert.deepEqual(football.moveParts('pass', v), { action: 'pass' });
  });

  test('geometry: the tray holds the kinds that can be placed, in K Q R B N P order', () => {
    const v = football.parse(STANDARD);
    const geo = football.geometry(v, false, ['P@a2', 'K@e1', 'N@b1', 'P@b2']);
    assert.deepEqual([...geo.points.keys()].filter((k) => k.startsWith('hand:')), ['hand:K', 'hand:N', 'hand:P']);
    assert.equal(football.geometry(v, false, ['e4>c3']).points.size, 64);
  });
});
