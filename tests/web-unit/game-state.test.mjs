// Unit tests of the game page's state reducer (web/js/game-state.js):
// server messages and events in, the next model and the page's effects
// out, and the view state the panels draw. Plain Node (`node --test`),
// no browser: the reducer and the game modules it parses with are pure.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../../web/js/game-state.js';
import * as loaModule from '../../web/js/games/loa.js';
import * as footballModule from '../../web/js/games/football.js';
import * as pursuitModule from '../../web/js/games/pursuit.js';

const LOA6 = '.bbbb./w....w/w....w/w....w/w....w/.bbbb. b';
const LOA6_AFTER = '.bbbb./w....w/w....w/wb...w/w....w/..bbb. w'; // after b1-b3

/** A live 6x6 Lines of Action game state as the server sends it; `over` replaces fields. */
function loaState(over = {}) {
  return {
    id: 'g1',
    version: 3,
    game: 'loa',
    options: { size: '6' },
    clock: { type: 'realtime', initial_ms: 300000, increment_ms: 3000 },
    rated: false,
    status: 'live',
    players: [{ user: { name: 'alice' }, rating: 1500 }, { computer: 'easy' }],
    you: 0,
    start: LOA6,
    position: LOA6,
    moves: [],
    positions: [],
    to_move: 0,
    legal: ['b1-b3', 'c1-c3'],
    clocks: { ms: [300000, 300000], running: 0, at: 1000, placing: [false, false] },
    draw_offer: null,
    takeback_request: null,
    hidden: null,
    result: null,
    ...over,
  };
}

/** A model holding `state`, as after the first `state` message. */
function modelWith(state) {
  return S.receive(S.initialModel(), { type: 'state', state }).model;
}

/** Deep-freeze a value: the reducer must not write to its inputs. */
function frozen(v) {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) frozen(x);
    Object.freeze(v);
  }
  return v;
}

const moveEvent = (version, move, position, extra = {}) => ({ version, kind: 'move', side: 0, ply: 1, move, position, to_move: 1, legal: [], clocks: { ms: [299000, 300000], running: 1, at: 2000 }, at: 2000, ...extra });

describe('applyEvent', () => {
  test('a move appends the move and its position and takes the event\'s fields', () => {
    const st = frozen(loaState({ draw_offer: 1, takeback_request: 1 }));
    const r = S.applyEvent(st, moveEvent(4, 'b1-b3', LOA6_AFTER));
    assert.equal(r.outcome, 'applied');
    assert.equal(r.state.version, 4);
    assert.deepEqual(r.state.moves, ['b1-b3']);
    assert.deepEqual(r.state.positions, [LOA6_AFTER]);
    assert.equal(r.state.position, LOA6_AFTER);
    assert.equal(r.state.to_move, 1);
    assert.deepEqual(r.state.legal, []);
    assert.deepEqual(r.state.clocks, { ms: [299000, 300000], running: 1, at: 2000 });
    assert.equal(r.state.draw_offer, null, 'a pending offer lapses with the move');
    assert.equal(r.state.takeback_request, null);
    assert.deepEqual(st.moves, [], 'the input is unchanged');
  });

  test('sounds only for live events: a move, a capture', () => {
    const st = loaState();
    assert.deepEqual(S.applyEvent(st, moveEvent(4, 'b1-b3', LOA6_AFTER)).sounds, []);
    assert.deepEqual(S.applyEvent(st, moveEvent(4, 'b1-b3', LOA6_AFTER), { live: true }).sounds, ['move']);
    assert.deepEqual(S.applyEvent(st, moveEvent(4, 'b1xb3', LOA6_AFTER), { live: true }).sounds, ['capture']);
  });

  test('an event already seen is stale, one past the next is a gap; neither changes the state', () => {
    const st = loaState();
    for (const [version, outcome] of [[2, 'stale'], [3, 'stale'], [5, 'gap'], [40, 'gap']]) {
      const r = S.applyEvent(st, moveEvent(version, 'b1-b3', LOA6_AFTER));
      assert.equal(r.outcome, outcome, `version ${version}`);
      assert.equal(r.state, st);
    }
    assert.equal(S.applyEvent(null, moveEvent(1, 'b1-b3', LOA6_AFTER)).outcome, 'none');
  });

  test('started: players, live, the start sound', () => {
    const st = loaState({ status: 'waiting', players: [{ user: { name: 'alice' } }, null], version: 1, legal: [] });
    const players = [{ user: { name: 'alice' } }, { user: { name: 'bob' } }];
    const r = S.applyEvent(st, { version: 2, kind: 'started', players, moves: 0, position: LOA6, to_move: 0, legal: ['b1-b3'], clocks: null }, { live: true });
    assert.equal(r.state.status, 'live');
    assert.deepEqual(r.state.players, players);
    assert.deepEqual(r.state.legal, ['b1-b3']);
    assert.equal(r.state.clocks, null, 'an explicit null clears the clocks');
    assert.deepEqual(r.sounds, ['start']);
  });

  test('fields an event leaves out are kept', () => {
    const st = loaState();
    const r = S.applyEvent(st, { version: 4, kind: 'draw-offer', side: 1 });
    assert.equal(r.state.position, st.position);
    assert.deepEqual(r.state.legal, st.legal);
    assert.deepEqual(r.state.clocks, st.clocks);
  });

  test('draw offers: the offering side, declined clears it; a notify sound for the other side\'s offer only', () => {
    const st = loaState();
    let r = S.applyEvent(st, { version: 4, kind: 'draw-offer', side: 1 }, { live: true });
    assert.equal(r.state.draw_offer, 1);
    assert.deepEqual(r.sounds, ['notify']);
    assert.deepEqual(S.applyEvent(st, { version: 4, kind: 'draw-offer', side: 0 }, { live: true }).sounds, [], 'no sound for one\'s own offer');
    r = S.applyEvent(r.state, { version: 5, kind: 'draw-declined', side: 0 });
    assert.equal(r.state.draw_offer, null);
  });

  test('takeback requests: the requesting side, declined clears it', () => {
    const st = loaState();
    let r = S.applyEvent(st, { version: 4, kind: 'takeback-request', side: 1 }, { live: true });
    assert.equal(r.state.takeback_request, 1);
    assert.deepEqual(r.sounds, ['notify']);
    r = S.applyEvent(r.state, { version: 5, kind: 'takeback-declined', side: 0 });
    assert.equal(r.state.takeback_request, null);
  });

  test('a takeback cuts the moves and positions to the plies left', () => {
    const st = frozen(loaState({ moves: ['b1-b3', 'a2-c2', 'c1-c3'], positions: ['p1', 'p2', 'p3'], takeback_request: 0 }));
    const r = S.applyEvent(st, { version: 4, kind: 'takeback', side: 0, undone: ['a2-c2', 'c1-c3'], moves: 1, position: 'p1', to_move: 1, legal: ['x'] });
    assert.deepEqual(r.state.moves, ['b1-b3']);
    assert.deepEqual(r.state.positions, ['p1']);
    assert.equal(r.state.position, 'p1');
    assert.equal(r.state.takeback_request, null);
    assert.equal(st.moves.length, 3);
  });

  test('the end: result, finished, no legal moves, ratings, the end sound', () => {
    const st = loaState();
    const result = { winner: 0, reason: 'connection', text: '1-0' };
    const ratings = [{ before: 1500, after: 1520 }, { before: 1500, after: 1480 }];
    const r = S.applyEvent(st, { version: 4, kind: 'end', result, ratings, clocks: st.clocks }, { live: true });
    assert.equal(r.state.status, 'finished');
    assert.deepEqual(r.state.result, result);
    assert.deepEqual(r.state.legal, []);
    assert.deepEqual(r.state.ratings, ratings);
    assert.deepEqual(r.sounds, ['end']);
  });

  test('hidden placements: the count, done flags, the viewer\'s own placements and legal placements', () => {
    const st = frozen(loaState({ game: 'football', to_move: null, legal: [], hidden: null }));
    let r = S.applyEvent(st, { version: 4, kind: 'hidden-placement', side: 0, placed: [1, 0], done: [false, false], move: 'K@e1', legal: ['Q@d2'] });
    assert.deepEqual(r.state.hidden, { placed: [1, 0], done: [false, false], yours: ['K@e1'], legal: ['Q@d2'] });
    // The other side's placement: no move, no legal, only the count.
    r = S.applyEvent(r.state, { version: 5, kind: 'hidden-placement', side: 1, placed: [1, 1] });
    assert.deepEqual(r.state.hidden, { placed: [1, 1], done: [false, false], yours: ['K@e1'], legal: ['Q@d2'] });
    const before = r.state;
    r = S.applyEvent(before, { version: 6, kind: 'hidden-placement', side: 0, placed: [2, 1], done: [true, false], move: 'Q@d2', legal: [] });
    assert.deepEqual(r.state.hidden.yours, ['K@e1', 'Q@d2']);
    assert.deepEqual(r.state.hidden.done, [true, false]);
    assert.deepEqual(before.hidden.yours, ['K@e1'], 'the earlier state keeps its own list');
  });

  test('the placements reveal: every move, unknown positions between, the last one known', () => {
    const st = loaState({ moves: ['pick:QRN', 'pick:BNP'], positions: ['a', 'b'], hidden: { placed: [2, 2], done: [true, true], yours: [], legal: [] } });
    const r = S.applyEvent(st, { version: 4, kind: 'placements', moves: ['K@e1', 'K@e8', 'Q@d2'], plies: 5, position: 'c', to_move: 0, legal: ['e4>c3'] }, { live: true });
    assert.equal(r.state.hidden, null);
    assert.deepEqual(r.state.moves, ['pick:QRN', 'pick:BNP', 'K@e1', 'K@e8', 'Q@d2']);
    assert.deepEqual(r.state.positions, ['a', 'b', null, null, 'c']);
    assert.deepEqual(r.sounds, ['move']);
  });

  test('an unknown event kind only advances the version', () => {
    const st = loaState();
    const r = S.applyEvent(st, { version: 4, kind: 'something-new' });
    assert.equal(r.outcome, 'applied');
    assert.equal(r.state.version, 4);
    assert.deepEqual(r.state.moves, []);
  });
});

describe('receive', () => {
  test('the first state: taken whole, the board turned for the second side, drawn', () => {
    const st = loaState({ you: 1 });
    const { model, effects } = S.receive(S.initialModel(), { type: 'state', state: st });
    assert.equal(model.state, st);
    assert.equal(model.flipped, true);
    assert.deepEqual(effects, [{ type: 'render', animate: false }]);
    assert.equal(S.receive(S.initialModel(), { type: 'state', state: loaState({ you: null }) }).model.flipped, false, 'spectators see the first side at the bottom');
  });

  test('a later state keeps the orientation the viewer chose', () => {
    const model = S.flip(modelWith(loaState({ you: 0 })));
    assert.equal(S.receive(model, { type: 'state', state: loaState({ you: 0, version: 9 }) }).model.flipped, true);
  });

  test('the viewer\'s declined draw offer or takeback request gives a notice; the opponent\'s does not', () => {
    const declined = (kind, field, side, you) => S.receive(modelWith(loaState({ [field]: side, you })), { type: 'event', event: { version: 4, kind, side: 1 - side } }).effects;
    assert.deepEqual(declined('draw-declined', 'draw_offer', 0, 0).filter((e) => e.type === 'flash'), [{ type: 'flash', key: 'game.draw_declined' }]);
    assert.deepEqual(declined('takeback-declined', 'takeback_request', 0, 0).filter((e) => e.type === 'flash'), [{ type: 'flash', key: 'game.takeback_declined' }]);
    assert.deepEqual(declined('draw-declined', 'draw_offer', 1, 0).filter((e) => e.type === 'flash'), [], 'the viewer declined it');
    assert.deepEqual(declined('draw-declined', 'draw_offer', 0, null).filter((e) => e.type === 'flash'), [], 'a spectator');
  });

  test('a live move: sound, drawn with its animation, then "moved"', () => {
    const model = frozen(modelWith(loaState()));
    const { model: next, effects } = S.receive(model, { type: 'event', event: moveEvent(4, 'b1-b3', LOA6_AFTER) });
    assert.deepEqual(next.state.moves, ['b1-b3']);
    assert.deepEqual(effects, [{ type: 'sound', name: 'move' }, { type: 'render', animate: true }, { type: 'moved' }]);
    assert.equal(model.state.moves.length, 0);
  });

  test('a live event that is not a move is drawn without animation', () => {
    const { effects } = S.receive(modelWith(loaState()), { type: 'event', event: { version: 4, kind: 'draw-offer', side: 0 } });
    assert.deepEqual(effects, [{ type: 'render', animate: false }]);
  });

  test('a takeback is drawn without animation', () => {
    const model = modelWith(loaState({ moves: ['b1-b3', 'a2-c2'], positions: ['p1', 'p2'] }));
    const { effects } = S.receive(model, { type: 'event', event: { version: 4, kind: 'takeback', moves: 0, position: LOA6, to_move: 0, legal: [] } });
    assert.deepEqual(effects, [{ type: 'render', animate: false }]);
  });

  test('a gap asks for a sync from the version held; a stale event does nothing', () => {
    const model = modelWith(loaState());
    let r = S.receive(model, { type: 'event', event: moveEvent(6, 'b1-b3', LOA6_AFTER) });
    assert.equal(r.model, model);
    assert.deepEqual(r.effects, [{ type: 'sync', since: 3 }]);
    r = S.receive(model, { type: 'event', event: moveEvent(3, 'b1-b3', LOA6_AFTER) });
    assert.equal(r.model, model);
    assert.deepEqual(r.effects, []);
  });

  test('an event before any state is ignored', () => {
    const r = S.receive(S.initialModel(), { type: 'event', event: moveEvent(1, 'b1-b3', LOA6_AFTER) });
    assert.deepEqual(r.effects, []);
    assert.equal(r.model.state, null);
  });

  test('a catch-up applies every event silently and draws once', () => {
    const model = modelWith(loaState());
    const { model: next, effects } = S.receive(model, {
      type: 'events',
      events: [moveEvent(3, 'stale', 'x'), moveEvent(4, 'b1-b3', LOA6_AFTER), { version: 5, kind: 'draw-offer', side: 1 }],
    });
    assert.equal(next.state.version, 5);
    assert.deepEqual(next.state.moves, ['b1-b3']);
    assert.equal(next.state.draw_offer, 1);
    assert.deepEqual(effects, [{ type: 'render', animate: false }], 'no sounds, no animation');
  });

  test('a catch-up with a gap applies what comes before it and asks for one sync', () => {
    const model = modelWith(loaState());
    const { model: next, effects } = S.receive(model, {
      type: 'events',
      events: [moveEvent(4, 'b1-b3', LOA6_AFTER), moveEvent(6, 'c1-c3', 'y'), moveEvent(7, 'd1-d3', 'z')],
    });
    assert.equal(next.state.version, 4);
    assert.deepEqual(effects, [{ type: 'sync', since: 4 }, { type: 'render', animate: false }]);
  });

  test('an empty catch-up just draws', () => {
    const model = modelWith(loaState());
    const r = S.receive(model, { type: 'events', events: [] });
    assert.equal(r.model.state, model.state);
    assert.deepEqual(r.effects, [{ type: 'render', animate: false }]);
  });

  test('the placements reveal reloads the full state (for the positions between)', () => {
    const model = modelWith(loaState({ game: 'football', hidden: { placed: [1, 1], done: [true, true], yours: [], legal: [] } }));
    const { effects } = S.receive(model, { type: 'event', event: { version: 4, kind: 'placements', moves: ['K@e1', 'K@e8'], plies: 2, position: 'p', to_move: 0, legal: [] } });
    assert.deepEqual(effects, [{ type: 'sound', name: 'move' }, { type: 'reload' }]);
  });

  test('the start of a hidden placement phase reloads the full state (for the viewer\'s placements)', () => {
    const model = modelWith(loaState({ game: 'football' }));
    const { effects } = S.receive(model, { type: 'event', event: moveEvent(4, 'pick:BNP', 'p', { to_move: null, legal: [] }) });
    assert.deepEqual(effects, [{ type: 'sound', name: 'move' }, { type: 'reload' }]);
  });

  test('the other side\'s placement seen before the viewer\'s own (the phase\'s full state not in yet) reloads too', () => {
    // The phase began (version 4) and its reload is on its way; the other
    // side's placement comes first: the viewer's legal placements are
    // still unknown (docs/api.md: `legal` only in the placer's copy).
    const model = modelWith(loaState({ game: 'football', version: 4, to_move: null, legal: [], hidden: null }));
    const { model: next, effects } = S.receive(model, { type: 'event', event: { version: 5, kind: 'hidden-placement', side: 1, placed: [0, 1], done: [false, false] } });
    assert.deepEqual(effects, [{ type: 'reload' }]);
    assert.equal(next.state.version, 5);
    // Once the viewer's placements are known, the other side's are just counted.
    const known = modelWith(loaState({ game: 'football', version: 4, to_move: null, legal: [], hidden: { placed: [0, 0], done: [false, false], yours: [], legal: ['K@e1'] } }));
    const later = S.receive(known, { type: 'event', event: { version: 5, kind: 'hidden-placement', side: 1, placed: [0, 1], done: [false, false] } });
    assert.deepEqual(later.effects, [{ type: 'render', animate: false }]);
    assert.deepEqual(later.model.state.hidden.legal, ['K@e1']);
  });

  test('a catch-up that begins a hidden phase or reveals placements reloads the full state once', () => {
    const model = modelWith(loaState({ game: 'football', version: 3 }));
    const phase = S.receive(model, {
      type: 'events',
      events: [
        moveEvent(4, 'pick:BNP', 'p', { to_move: null, legal: [] }),
        { version: 5, kind: 'hidden-placement', side: 1, placed: [0, 1], done: [false, false] },
      ],
    });
    assert.equal(phase.model.state.version, 5);
    assert.deepEqual(phase.effects, [{ type: 'render', animate: false }, { type: 'reload' }]);
    const hidden = modelWith(loaState({ game: 'football', version: 3, to_move: null, legal: [], hidden: { placed: [1, 1], done: [true, true], yours: ['K@e1'], legal: [] } }));
    const reveal = S.receive(hidden, { type: 'events', events: [{ version: 4, kind: 'placements', moves: ['K@e1', 'K@e8'], plies: 4, position: 'p', to_move: 0, legal: [] }] });
    assert.deepEqual(reveal.effects, [{ type: 'render', animate: false }, { type: 'reload' }]);
    // Ordinary moves (and stale events) need no full state.
    const plain = S.receive(modelWith(loaState()), { type: 'events', events: [moveEvent(3, 'x', 'q'), moveEvent(4, 'b1-b3', LOA6_AFTER)] });
    assert.deepEqual(plain.effects, [{ type: 'render', animate: false }]);
  });

  test('an error is flashed; other messages do nothing', () => {
    const model = modelWith(loaState());
    const refused = { type: 'error', error: 'it is not your turn', code: 'not_your_turn' };
    assert.deepEqual(S.receive(model, refused).effects, [{ type: 'flash', message: { message: 'it is not your turn', code: 'not_your_turn', params: undefined } }]);
    assert.deepEqual(S.receive(model, { type: 'pong' }).effects, []);
    assert.deepEqual(S.receive(model, { type: 'ack', id: 3, version: 9 }).effects, []);
  });
});

describe('user actions', () => {
  test('reloaded takes a state as new or newer, not an older one', () => {
    const model = modelWith(loaState({ version: 5 }));
    const older = loaState({ version: 4 });
    const same = loaState({ version: 5, positions: ['full'] });
    assert.equal(S.reloaded(model, older), model);
    assert.equal(S.reloaded(model, same).state, same);
    assert.equal(S.reloaded(S.initialModel(), older).state, older);
  });

  test('joining decides the orientation again; flip turns the board', () => {
    const model = modelWith(loaState({ you: null }));
    assert.equal(S.joined(model).flipped, null);
    assert.equal(S.flip(model).flipped, true);
    assert.equal(S.flip(S.flip(model)).flipped, false);
  });

  test('browsing and stepping through the plies', () => {
    const model = modelWith(loaState({ moves: ['a', 'b', 'c'], positions: ['p1', 'p2', 'p3'] }));
    assert.equal(S.shownPly(model), 3, 'the live position by default');
    assert.equal(S.browse(model, 1).viewPly, 1);
    assert.equal(S.browse(model, -4).viewPly, 0);
    assert.equal(S.browse(model, 3).viewPly, null, 'the last ply is the live position');
    assert.equal(S.browse(model, 9).viewPly, null);
    assert.equal(S.browse(model, null).viewPly, null);
    assert.equal(S.step(model, -1).viewPly, 2);
    assert.equal(S.step(S.browse(model, 0), -1).viewPly, 0);
    assert.equal(S.step(S.browse(model, 2), 1).viewPly, null);
    // A takeback below the ply browsed shows the live position.
    const after = { ...S.browse(model, 2), state: loaState({ moves: ['a'], positions: ['p1'] }) };
    assert.equal(S.shownPly(after), 1);
  });

  test('the move message carries the version, except in a hidden placement', () => {
    assert.deepEqual(S.moveMessage(loaState({ version: 7 }), 'b1-b3'), { type: 'move', move: 'b1-b3', version: 7 });
    assert.deepEqual(S.moveMessage(loaState({ hidden: { placed: [0, 0] } }), 'K@e1'), { type: 'move', move: 'K@e1' });
  });
});

describe('views', () => {
  const loa = loaModule;

  test('positionAt: the start, the position after a ply, the latest known before unknown ones', () => {
    const st = loaState({ start: 's', positions: ['p1', null, null, 'p4'], moves: ['a', 'b', 'c', 'd'] });
    assert.equal(S.positionAt(st, 0), 's');
    assert.equal(S.positionAt(st, 1), 'p1');
    assert.equal(S.positionAt(st, 3), 'p1');
    assert.equal(S.positionAt(st, 4), 'p4');
    assert.equal(S.positionAt(loaState({ start: 's', positions: [null] }), 1), 's');
  });

  test('boardView on the viewer\'s turn: the live position, its legal moves, interactive', () => {
    const vs = S.boardView(modelWith(loaState()), loa);
    assert.equal(vs.live, true);
    assert.equal(vs.mine, true);
    assert.equal(vs.ply, 0);
    assert.equal(vs.position, LOA6);
    assert.equal(vs.view.size, 6);
    assert.equal(vs.view.cells.size, 16);
    assert.deepEqual(vs.legal, ['b1-b3', 'c1-c3']);
    assert.equal(vs.lastMove, null);
    assert.equal(vs.flipped, false);
  });

  test('boardView: no legal moves off turn, for spectators, when over, or while browsing', () => {
    const base = loaState({ moves: ['b1-b3'], positions: [LOA6_AFTER], position: LOA6_AFTER });
    for (const [what, st, browse] of [
      ['the opponent\'s turn', { ...base, to_move: 1 }],
      ['a spectator', { ...base, you: null }],
      ['finished', { ...base, status: 'finished' }],
      ['waiting', { ...base, status: 'waiting' }],
      ['browsing', base, 0],
    ]) {
      let model = modelWith(st);
      if (browse !== undefined) model = S.browse(model, browse);
      const vs = S.boardView(model, loa);
      assert.equal(vs.mine, false, what);
      assert.deepEqual(vs.legal, [], what);
    }
  });

  test('boardView while browsing: the earlier position and the move that led to it', () => {
    const st = loaState({ moves: ['b1-b3', 'a2-c2'], positions: [LOA6_AFTER, 'p2'], position: 'p2' });
    const vs = S.boardView(S.browse(modelWith(st), 1), loa);
    assert.equal(vs.ply, 1);
    assert.equal(vs.live, false);
    assert.equal(vs.position, LOA6_AFTER);
    assert.equal(vs.lastMove, 'b1-b3');
    assert.equal(S.boardView(S.browse(modelWith(st), 0), loa).position, LOA6);
  });

  test('boardView in a hidden placement: the viewer\'s own placements drawn in, their legal placements', () => {
    const football = footballModule;
    const before = '8/8/8/8/8/8/8/8 - w place w 1 0 0-0 QRN/BNP KQRNPP/KBNPPP -';
    const st = loaState({
      game: 'football', options: {}, position: before, start: before, to_move: null, legal: [], you: 1,
      hidden: { placed: [3, 2], done: [false, false], yours: ['K@e8', 'B@c8'], legal: ['N@b8', 'P@a7'] },
    });
    const vs = S.boardView(modelWith(st), football);
    assert.equal(vs.mine, true, 'both sides place at once');
    assert.deepEqual(vs.legal, ['N@b8', 'P@a7']);
    assert.deepEqual(vs.view.cells.get('e8'), { kind: 'K', side: 1 });
    assert.deepEqual(vs.view.cells.get('c8'), { kind: 'B', side: 1 });
    assert.equal(vs.view.cells.size, 2);
  });

  test('boardView in a hidden placement: the tray holds the viewer\'s pieces and counts, whoever the text names to move', () => {
    // The engine lets Black place first, so the text names Black to move
    // while White (the viewer) places: White's King, Queen, Rook, Knight
    // and two Pawns, of which the King is placed already.
    const before = '8/8/8/8/8/8/8/8 - b place w 1 0 0-0 QRN/BNP KQRNPP/KBNPPP -';
    const st = loaState({
      game: 'football', options: { placement: 'simultaneous' }, position: before, start: before, to_move: null, legal: [], you: 0,
      hidden: { placed: [1, 0], done: [false, false], yours: ['K@e1'], legal: ['Q@d1', 'R@a1', 'N@b1', 'P@a2'] },
    });
    const vs = S.boardView(modelWith(st), footballModule);
    assert.equal(vs.view.toMove, 0, 'the viewer places');
    const geo = footballModule.geometry(vs.view, vs.flipped, vs.legal);
    const items = footballModule.pieces(vs.view, geo);
    const tray = items.filter((p) => p.key.startsWith('hand:'));
    assert.deepEqual(tray.map((p) => p.key), ['hand:Q', 'hand:R', 'hand:N', 'hand:P']);
    for (const p of tray) assert.match(p.sig, /^[QRNP]0@/, `${p.key} is White's`);
    const counts = Object.fromEntries(items.filter((p) => p.key.startsWith('count:')).map((p) => [p.key, p.sig.split('@')[0]]));
    assert.deepEqual(counts, { 'count:P': '2' }, 'White\'s counts (two Pawns), not Black\'s three');
    assert.deepEqual(vs.view.toPlace, ['QRNPP', 'KBNPPP'], 'the placed King is no longer to place');
  });

  test('withHiddenPlacements on the circular board: outer and inner positions', () => {
    const pursuit = pursuitModule;
    const view = pursuit.parse('..../.... south place:KP 0');
    S.withHiddenPlacements(pursuit, view, ['K@o2', 'P@2', 'e3'], 0);
    assert.equal(view.hand, '', 'both taken from the hand');
    assert.deepEqual(view.outer.get(2), { kind: 'K', side: 0 });
    assert.deepEqual(view.inner.get(2), { kind: 'P', side: 0 });
    assert.equal(view.outer.size + view.inner.size, 2, 'a move that is not a placement is skipped');
  });

  test('statusOf: waiting, the result, hidden placement progress, whose turn', () => {
    const result = { winner: 1, reason: 'resignation', text: '0-1' };
    const people = [{ user: { name: 'alice' } }, { user: { name: 'bob' } }];
    assert.deepEqual(S.statusOf(loaState({ status: 'waiting' }), false), { key: 'game.waiting' });
    assert.deepEqual(S.statusOf(loaState({ status: 'finished', result }), false), { result });
    assert.deepEqual(S.statusOf(loaState({ hidden: { placed: [2, 5] } }), true), { key: 'football.hidden_placement', params: { a: 2, b: 5 } });
    assert.deepEqual(S.statusOf(loaState(), true), { key: 'game.your_turn' });
    assert.deepEqual(S.statusOf(loaState({ to_move: 1, players: people }), false), { key: 'game.to_move', side: 1 });
  });

  test('statusOf: the computer to move is thinking (not in a hidden placement, not after the end)', () => {
    assert.deepEqual(S.statusOf(loaState({ to_move: 1 }), false), { key: 'game.thinking', side: 1, thinking: true });
    assert.equal(S.computerThinking(loaState({ to_move: 1 })), true);
    assert.equal(S.computerThinking(loaState({ to_move: 0 })), false, 'the person is to move');
    assert.equal(S.computerThinking(loaState({ to_move: 1, status: 'finished', result: { winner: 0 } })), false);
    assert.equal(S.computerThinking(loaState({ to_move: null, hidden: { placed: [0, 0] } })), false);
  });

  test('statusOf: a lost connection comes first, with the move waiting for it', () => {
    assert.deepEqual(S.statusOf(loaState(), true, { offline: true }), { key: 'game.offline', offline: true });
    assert.deepEqual(S.statusOf(loaState(), true, { offline: true, pending: 'b1-b3' }), { key: 'game.offline_pending', params: { move: 'b1-b3' }, offline: true });
    assert.deepEqual(S.statusOf(loaState(), true, { offline: false, pending: null }), { key: 'game.your_turn' });
  });

  test('clockMs: the running side counts down while live; untimed is null', () => {
    const st = loaState({ clocks: { ms: [60000, 50000], running: 0, at: 1000 } });
    assert.equal(S.clockMs(st, 0, 4000), 57000);
    assert.equal(S.clockMs(st, 1, 4000), 50000, 'the waiting side\'s clock stands');
    assert.equal(S.clockMs({ ...st, status: 'finished' }, 0, 4000), 60000, 'no clock runs after the end');
    assert.equal(S.clockMs({ ...st, clocks: null, clock: { type: 'untimed' } }, 0, 4000), null);
    // A timed seek waiting for its opponent has no clocks yet: its initial time, not ∞.
    assert.equal(S.clockMs({ ...st, status: 'waiting', clocks: null }, 1, 4000), 300000);
    assert.equal(S.toMoveSide(st, 0), true);
    assert.equal(S.toMoveSide(st, 1), false);
    assert.equal(S.toMoveSide({ ...st, status: 'finished' }, 0), false);
  });

  test('controlsOf: a player in a live game, before and after two plies', () => {
    const ids = (st) => S.controlsOf(st).map((c) => c.id);
    assert.deepEqual(ids(loaState()), ['abort', 'resign', 'offer-draw', 'takeback']);
    const later = loaState({ moves: ['a', 'b'], positions: ['1', '2'] });
    assert.deepEqual(ids(later), ['resign', 'offer-draw', 'takeback']);
    const byId = (st) => Object.fromEntries(S.controlsOf(st).map((c) => [c.id, c]));
    assert.equal(byId(loaState()).takeback.disabled, true, 'nothing to take back yet');
    assert.equal(byId(later).takeback.disabled, false);
    assert.equal(byId({ ...later, takeback_request: 0 }).takeback.disabled, true, 'one request at a time');
    assert.equal(byId({ ...later, draw_offer: 0 }).takeback.disabled, false);
    assert.equal(byId({ ...later, draw_offer: 0 })['offer-draw'].disabled, true);
    assert.equal(byId({ ...later, draw_offer: 1 })['offer-draw'].disabled, false);
  });

  test('controlsOf: finished, waiting, spectators', () => {
    const ids = (st) => S.controlsOf(st).map((c) => c.id);
    assert.deepEqual(ids(loaState({ status: 'finished' })), ['replay', 'export', 'new-game']);
    assert.deepEqual(ids(loaState({ status: 'finished', you: null })), ['replay', 'export', 'new-game']);
    assert.deepEqual(ids(loaState({ status: 'waiting' })), ['invite', 'cancel']);
    assert.deepEqual(ids(loaState({ status: 'waiting', you: null })), ['join']);
    assert.deepEqual(ids(loaState({ you: null })), [], 'a spectator of a live game has none');
  });

  test('offersOf: only the opponent\'s pending offers, only while live, never for spectators', () => {
    assert.deepEqual(S.offersOf(loaState({ draw_offer: 1 })), { draw: true, takeback: false });
    assert.deepEqual(S.offersOf(loaState({ takeback_request: 1 })), { draw: false, takeback: true });
    assert.deepEqual(S.offersOf(loaState({ draw_offer: 0, takeback_request: 0 })), { draw: false, takeback: false });
    assert.deepEqual(S.offersOf(loaState({ draw_offer: 1, you: null })), { draw: false, takeback: false });
    assert.deepEqual(S.offersOf(loaState({ draw_offer: 1, status: 'finished' })), { draw: false, takeback: false });
  });

  test('bannerOf: none while playing; won, lost, draw, game over; the viewer\'s rating', () => {
    assert.equal(S.bannerOf(loaState()), null);
    const win0 = { winner: 0, reason: 'connection', text: '1-0' };
    const draw = { winner: null, reason: 'agreement', text: '1/2-1/2' };
    const ratings = [{ before: 1500, after: 1510 }, { before: 1400, after: 1390 }];
    assert.deepEqual(S.bannerOf(loaState({ result: win0 })), { headline: 'result.you_won', result: win0, ratings: null });
    assert.equal(S.bannerOf(loaState({ result: win0, you: 1 })).headline, 'result.you_lost');
    assert.equal(S.bannerOf(loaState({ result: draw })).headline, 'result.draw');
    assert.equal(S.bannerOf(loaState({ result: win0, you: null })).headline, 'result.game_over');
    assert.deepEqual(S.bannerOf(loaState({ result: win0, you: 1, ratings })).ratings, ratings[1]);
    assert.equal(S.bannerOf(loaState({ result: win0, you: null, ratings })).ratings, null, 'spectators see no rating change');
  });
});

test('a whole game through the reducer: state, moves, an offer, a takeback, the end', () => {
  let model = S.initialModel();
  const step = (msg) => {
    const r = S.receive(model, msg);
    model = r.model;
    return r.effects.map((e) => e.type);
  };
  assert.deepEqual(step({ type: 'state', state: loaState({ version: 1 }) }), ['render']);
  assert.deepEqual(step({ type: 'event', event: moveEvent(2, 'b1-b3', LOA6_AFTER) }), ['sound', 'render', 'moved']);
  assert.deepEqual(step({ type: 'event', event: moveEvent(3, 'a2xb3', 'p2', { side: 1, to_move: 0 }) }), ['sound', 'render', 'moved']);
  assert.deepEqual(step({ type: 'event', event: { version: 4, kind: 'takeback-request', side: 1 } }), ['sound', 'render']);
  assert.deepEqual(step({ type: 'event', event: { version: 5, kind: 'takeback', side: 1, moves: 1, position: LOA6_AFTER, to_move: 1, legal: [] } }), ['render']);
  assert.deepEqual(model.state.moves, ['b1-b3']);
  assert.deepEqual(step({ type: 'events', events: [{ version: 6, kind: 'end', result: { winner: 0, reason: 'resignation', text: '1-0' } }] }), ['render']);
  assert.equal(model.state.status, 'finished');
  assert.equal(S.bannerOf(model.state).headline, 'result.you_won');
  assert.deepEqual(S.controlsOf(model.state).map((c) => c.id), ['replay', 'export', 'new-game']);
});

describe('premoves', () => {
  // Alice (0) waits while the computer (1) is to move.
  const waiting = () => ({ ...S.initialModel(), state: loaState({ to_move: 1, premoves: ['a2-c2', 'b1-b3'] }) });

  test('offered only to the player waiting in a real-time game', () => {
    const model = waiting();
    assert.equal(S.canPremove(model), true);
    assert.deepEqual(S.boardView(model, loaModule).premoves, ['a2-c2', 'b1-b3']);
    assert.equal(S.canPremove({ ...model, state: { ...model.state, to_move: 0 } }), false);
    assert.equal(S.canPremove({ ...model, state: { ...model.state, clock: { type: 'untimed' } } }), false);
    assert.equal(S.canPremove({ ...model, state: { ...model.state, you: null } }), false);
  });

  test('set, played, dropped with its reason', () => {
    let { model, effects } = S.receive(waiting(), { type: 'premove-set', id: null, move: 'a2-c2' });
    assert.deepEqual(model.premove, { move: 'a2-c2', ply: 0 });
    assert.equal(S.boardView(model, loaModule).premove, 'a2-c2');
    assert.deepEqual(effects, [{ type: 'render', animate: false }]);
    assert.equal(S.receive(model, { type: 'premove-played', id: null, move: 'a2-c2', version: 5 }).model.premove, null);
    ({ model, effects } = S.receive(model, { type: 'premove-dropped', id: null, move: 'a2-c2', error: "illegal move 'a2-c2': no", code: 'illegal_move', params: { move: 'a2-c2', detail: 'no' } }));
    assert.equal(model.premove, null);
    assert.deepEqual(effects[0], { type: 'premove-dropped', move: 'a2-c2', error: { message: "illegal move 'a2-c2': no", code: 'illegal_move', params: { move: 'a2-c2', detail: 'no' } } });
    assert.equal(S.receive(waiting(), { type: 'premove-set', id: 1, move: null }).model.premove, null);
  });

  test('the premoves offered follow the events that change the position', () => {
    const st = loaState({ premoves: [] });
    const ev = { version: 4, kind: 'move', side: 0, move: 'b1-b3', position: LOA6_AFTER, to_move: 1, legal: [], clocks: null, ply: 1, premoves: ['a2-c2'] };
    const after = S.applyEvent(st, ev).state;
    assert.deepEqual(after.premoves, ['a2-c2']);
    const next = S.applyEvent(after, { version: 5, kind: 'draw-offer', side: 1 }).state;
    assert.deepEqual(next.premoves, ['a2-c2']);
    const { premoves: _, ...without } = ev;
    assert.deepEqual(S.applyEvent(st, without).state.premoves, []);
  });

  test('after a reconnection: sent again, known played, or dropped', () => {
    const model = { ...waiting(), premove: { move: 'a2-c2', ply: 0 } };
    assert.equal(S.premoveAfterReconnect(model), 'resend');
    const played = { ...model, state: { ...model.state, moves: ['x', 'a2-c2'], to_move: 1 } };
    assert.equal(S.premoveAfterReconnect(played), 'played');
    const lapsed = { ...model, state: { ...model.state, moves: ['x'], to_move: 0 } };
    assert.equal(S.premoveAfterReconnect(lapsed), 'dropped');
    assert.equal(S.premoveAfterReconnect(waiting()), null);
  });
});

describe('a challenge sent to one player', () => {
  const waitingGame = () => ({ ...S.initialModel(), state: loaState({ status: 'waiting', to_move: null, invitee: 'bob', clocks: null }) });

  test('says whom it waits for, and that they declined', () => {
    const model = waitingGame();
    assert.deepEqual(S.statusOf(model.state, false), { key: 'game.waiting_for', params: { name: 'bob' } });
    const declined = { kind: 'challenge-declined', game: 'g1', from: { name: 'bob' }, id: 'n1', at: 1, seen: false };
    const next = S.receive(model, { type: 'notification', notification: declined }).model;
    assert.deepEqual(S.statusOf(next.state, false), { key: 'game.challenge_declined', params: { name: 'bob' } });
    assert.deepEqual(S.controlsOf(next.state).map((c) => c.id), ['new-game']);
    const other = S.receive(model, { type: 'notification', notification: { ...declined, game: 'g2' } });
    assert.equal(other.model, model);
  });
});

describe('the invited player\'s page', () => {
  // Alice (Black, first side) challenges Bob; Bob's state: no seat yet.
  const invitation = (over = {}) => loaState({
    status: 'waiting', to_move: null, clocks: null, you: null, invitee: 'Bob',
    players: [{ user: { id: 'a', name: 'alice' }, rating: 1500 }, null], ...over,
  });

  test('the invitee is told apart from everyone else (names without case)', () => {
    assert.equal(S.isInvited(invitation(), 'bob'), true);
    assert.equal(S.isInvited(invitation(), 'BOB'), true);
    assert.equal(S.isInvited(invitation(), 'carol'), false, 'a spectator');
    assert.equal(S.isInvited(invitation(), null), false, 'nobody signed in');
    assert.equal(S.isInvited(invitation({ you: 0 }), 'bob'), false, 'seated');
    assert.equal(S.isInvited(invitation({ status: 'live' }), 'bob'), false, 'started');
    assert.equal(S.isInvited(invitation({ declined_by: 'Bob' }), 'bob'), false, 'declined');
    assert.equal(S.isInvited(invitation({ invitee: null }), 'bob'), false, 'a challenge by link');
  });

  test('the free seat, the challenger, and the board from the invitee\'s side', () => {
    assert.equal(S.freeSide(invitation()), 1);
    assert.equal(S.freeSide(invitation({ players: [null, { user: { name: 'alice' } }] })), 0);
    assert.equal(S.freeSide(invitation({ players: [null, null] })), null);
    assert.equal(S.challengerName(invitation()), 'alice');
    const model = S.receive(S.initialModel(), { type: 'state', state: invitation() }).model;
    assert.equal(model.flipped, false, 'as for any spectator at first');
    assert.equal(S.facingInvitee(model).flipped, true, 'Bob would play the second side: at the bottom');
    const second = { ...model, state: invitation({ players: [null, { user: { name: 'alice' } }] }) };
    assert.equal(S.facingInvitee(second).flipped, false);
  });

  test('the status line names the challenger; no Join button (the card answers)', () => {
    const st = invitation();
    assert.deepEqual(S.statusOf(st, false, {}, { invited: true }), { key: 'game.challenged_you', params: { name: 'alice' } });
    assert.deepEqual(S.statusOf(st, false), { key: 'game.waiting_for', params: { name: 'Bob' } }, 'others see whom it waits for');
    assert.deepEqual(S.controlsOf(st, { invited: true }), []);
    assert.deepEqual(S.controlsOf(st).map((c) => c.id), ['join']);
  });
});

describe('ratings after a rated game', () => {
  const people = [{ user: { name: 'alice' }, rating: 1500 }, { user: { name: 'bob' }, rating: 1490 }];
  const ratings = [{ before: 1500, after: 1512.4 }, { before: 1490, after: 1478.2 }];

  test('the bars show the rating after the game with its change, else the seat\'s', () => {
    const live = loaState({ players: people, rated: true });
    assert.deepEqual(S.barRating(live, 0), { rating: 1500, delta: null });
    const over = { ...live, status: 'finished', result: { winner: 0, reason: 'resignation' }, ratings };
    assert.deepEqual(S.barRating(over, 0), { rating: 1512, delta: 12 });
    assert.deepEqual(S.barRating(over, 1), { rating: 1478, delta: -12 });
    assert.equal(S.barRating(loaState(), 1), null, 'the computer has none');
    assert.equal(S.barRating(loaState({ players: [{ user: { name: 'g', guest: true }, rating: 1500 }, null] }), 0), null, 'nor a guest');
    assert.equal(S.deltaText(12), '+12');
    assert.equal(S.deltaText(-7), '−7');
    assert.equal(S.deltaText(0), '±0');
  });

  test('a finished rated game without them reads its end event again, which fills them in', () => {
    const over = loaState({ players: people, rated: true, status: 'finished', version: 9, result: { winner: 0, reason: 'resignation' }, legal: [] });
    assert.equal(S.wantsEndRatings(over), 8);
    assert.equal(S.wantsEndRatings({ ...over, ratings }), null, 'known already');
    assert.equal(S.wantsEndRatings({ ...over, rated: false }), null, 'a casual game');
    assert.equal(S.wantsEndRatings({ ...over, status: 'live', result: null }), null, 'not over');
    const model = S.receive(S.initialModel(), { type: 'state', state: over }).model;
    const end = { version: 9, kind: 'end', result: over.result, ratings, at: 5 };
    const { model: next, effects } = S.receive(model, { type: 'events', events: [end] });
    assert.deepEqual(next.state.ratings, ratings);
    assert.equal(next.state.version, 9);
    assert.deepEqual(effects, [{ type: 'render', animate: false }]);
    // An older end event, or one without ratings, changes nothing else.
    const again = S.receive(next, { type: 'events', events: [{ ...end, ratings: [{ before: 1, after: 2 }, { before: 1, after: 0 }] }] }).model;
    assert.deepEqual(again.state.ratings, ratings);
  });
});
