// Unit tests of the board's in-place SVG updates (web/js/board/reconcile.js)
// on a minimal stand-in for DOM nodes, and of what the game modules give
// it: keyed pieces whose signatures change only when a piece does, and
// static boards redrawn only when their key changes.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { reconcile } from '../../web/js/board/reconcile.js';
import * as loaModule from '../../web/js/games/loa.js';
import * as footballModule from '../../web/js/games/football.js';
import * as pursuitModule from '../../web/js/games/pursuit.js';

/** A parent node: the few members reconcile uses, over an array. */
class FakeLayer {
  constructor() { this.kids = []; this.ops = []; }
  get firstElementChild() { return this.kids[0] ?? null; }
  get children() { return this.kids; }
  append(...els) { for (const el of els) { el.detach(); el.parent = this; this.kids.push(el); this.ops.push(`append ${el.name}`); } }
  prepend(el) { el.detach(); el.parent = this; this.kids.unshift(el); this.ops.push(`prepend ${el.name}`); }
}

/** A child node. */
class FakeEl {
  constructor(name) { this.name = name; this.parent = null; this.attrs = {}; }
  get nextElementSibling() { const k = this.parent.kids; return k[k.indexOf(this) + 1] ?? null; }
  detach() { if (this.parent) this.parent.kids.splice(this.parent.kids.indexOf(this), 1); this.parent = null; }
  remove() { const p = this.parent; this.detach(); p.ops.push(`remove ${this.name}`); }
  after(el) { const p = this.parent; el.detach(); el.parent = p; p.kids.splice(p.kids.indexOf(this) + 1, 0, el); p.ops.push(`move ${el.name}`); }
  replaceWith(el) { const p = this.parent; const i = p.kids.indexOf(this); this.parent = null; el.detach(); el.parent = p; p.kids[i] = el; p.ops.push(`replace ${this.name} ${el.name}`); }
}

let made = 0;
const item = (key, sig, extra = {}) => ({ key, sig, make: () => new FakeEl(`${key}#${++made}`), ...extra });
const names = (layer) => layer.kids.map((el) => el.name.split('#')[0]);

describe('reconcile', () => {
  test('the first drawing makes every element, in order', () => {
    const layer = new FakeLayer();
    const known = new Map();
    const r = reconcile(layer, known, [item('a', '1'), item('b', '1'), item('c', '1')]);
    assert.deepEqual(r, { made: ['a', 'b', 'c'], updated: [], removed: [] });
    assert.deepEqual(names(layer), ['a', 'b', 'c']);
    assert.equal(known.size, 3);
  });

  test('the same items again touch nothing', () => {
    const layer = new FakeLayer();
    const known = new Map();
    const items = [item('a', '1'), item('b', '1')];
    reconcile(layer, known, items);
    const before = [...layer.kids];
    layer.ops = [];
    const r = reconcile(layer, known, [item('a', '1'), item('b', '1')]);
    assert.deepEqual(r, { made: [], updated: [], removed: [] });
    assert.deepEqual(layer.ops, []);
    assert.deepEqual(layer.kids, before, 'the very same nodes');
  });

  test('a move: the piece leaves one key and appears on another; the rest stay', () => {
    const layer = new FakeLayer();
    const known = new Map();
    reconcile(layer, known, [item('a1', 'b'), item('b1', 'b'), item('c1', 'w')]);
    const kept = known.get('c1').el;
    layer.ops = [];
    const r = reconcile(layer, known, [item('b1', 'b'), item('b3', 'b'), item('c1', 'w')]);
    assert.deepEqual(r, { made: ['b3'], updated: [], removed: ['a1'] });
    assert.deepEqual(names(layer), ['b1', 'b3', 'c1']);
    assert.equal(known.get('c1').el, kept);
    assert.ok(!known.has('a1'));
  });

  test('a capture: the piece on the target is replaced where it stood', () => {
    const layer = new FakeLayer();
    const known = new Map();
    reconcile(layer, known, [item('a1', 'black'), item('b2', 'white')]);
    layer.ops = [];
    const r = reconcile(layer, known, [item('b2', 'black')]);
    assert.deepEqual(r, { made: ['b2'], updated: [], removed: ['a1'] });
    assert.deepEqual(names(layer), ['b2']);
    assert.equal(layer.ops[0].split(' ')[0], 'replace');
  });

  test('an item with `update` and the same kind is changed in place', () => {
    const layer = new FakeLayer();
    const known = new Map();
    const mark = (sig) => item('selected', sig, { kind: 'circle', update: (el) => { el.attrs.sig = sig; } });
    reconcile(layer, known, [mark('e2')]);
    const el = known.get('selected').el;
    layer.ops = [];
    const r = reconcile(layer, known, [mark('e4')]);
    assert.deepEqual(r, { made: [], updated: ['selected'], removed: [] });
    assert.equal(known.get('selected').el, el);
    assert.equal(el.attrs.sig, 'e4');
    assert.equal(known.get('selected').sig, 'e4');
    assert.deepEqual(layer.ops, []);
    // Another kind is remade.
    assert.deepEqual(reconcile(layer, known, [item('selected', 'x', { kind: 'rect', update: () => assert.fail('not updated') })]).made, ['selected']);
  });

  test('the painting order follows the items with few moves (a raised piece goes back)', () => {
    const layer = new FakeLayer();
    const known = new Map();
    const items = () => ['a', 'b', 'c', 'd'].map((k) => item(k, '1'));
    reconcile(layer, known, items());
    // A drag raises `a` to the top.
    layer.append(known.get('a').el);
    assert.deepEqual(names(layer), ['b', 'c', 'd', 'a']);
    layer.ops = [];
    reconcile(layer, known, items());
    assert.deepEqual(names(layer), ['a', 'b', 'c', 'd']);
    assert.equal(layer.ops.length, 1, 'one node moved');
  });

  test('a new item in the middle is put in its place', () => {
    const layer = new FakeLayer();
    const known = new Map();
    reconcile(layer, known, [item('a', '1'), item('c', '1')]);
    reconcile(layer, known, [item('a', '1'), item('b', '1'), item('c', '1')]);
    assert.deepEqual(names(layer), ['a', 'b', 'c']);
  });

  test('everything gone empties the layer', () => {
    const layer = new FakeLayer();
    const known = new Map();
    reconcile(layer, known, [item('a', '1'), item('b', '1')]);
    assert.deepEqual(reconcile(layer, known, []).removed, ['a', 'b']);
    assert.deepEqual(layer.kids, []);
    assert.equal(known.size, 0);
  });
});

/** The pieces' signatures of a position, by key. */
function sigs(game, text, flipped = false, legal = [], options = {}) {
  const view = game.parse(text, options);
  const geo = game.geometry(view, flipped, legal);
  return { view, geo, map: new Map(game.pieces(view, geo).map((p) => [p.key, p.sig])) };
}

/** Keys whose signature differs between two positions, or that only one has. */
function changed(a, b) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).sort();
}

describe('game pieces for in-place drawing', () => {
  test('Lines of Action: a move changes its two squares, and so does a capture', () => {
    const loa = loaModule;
    const a = sigs(loa, '.bbbb./w....w/w....w/w....w/w....w/.bbbb. b');
    const b = sigs(loa, '..bbb./w....w/wb...w/w....w/w....w/.bbbb. w');
    assert.deepEqual(changed(a.map, b.map), ['b4', 'b6'], 'b6-b4');
    const c = sigs(loa, '..bbb./w....w/b....w/w....w/w....w/.bbbb. w');
    assert.deepEqual(changed(a.map, c.map), ['a4', 'b6'], 'b6xa4');
    assert.ok(loa.pieces(a.view, a.geo).every((p) => p.piece), 'every item is a piece');
  });

  test('Lines of Action: flipping moves every piece and redraws the board; a move does neither', () => {
    const loa = loaModule;
    const a = sigs(loa, '.bbbb./w....w/w....w/w....w/w....w/.bbbb. b');
    const f = sigs(loa, '.bbbb./w....w/w....w/w....w/w....w/.bbbb. b', true);
    assert.equal(changed(a.map, f.map).length, 16);
    assert.notEqual(loa.boardKey(a.view, a.geo), loa.boardKey(f.view, f.geo));
    const b = sigs(loa, '..bbb./w....w/wb...w/w....w/w....w/.bbbb. w');
    assert.equal(loa.boardKey(a.view, a.geo), loa.boardKey(b.view, b.geo));
  });

  test('Chess Football: a pass changes the two squares the ball left and reached', () => {
    const fb = footballModule;
    const a = sigs(fb, '4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -');
    const b = sigs(fb, '4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 c3 b play w 1 1 0-0 QRN/QRN -/- -');
    assert.deepEqual(changed(a.map, b.map), ['c3', 'e4']);
    assert.equal(fb.boardKey(a.view, a.geo), fb.boardKey(b.view, b.geo));
  });

  test('Chess Football: the tray\'s pieces and counts are keyed; the tray changes the board', () => {
    const fb = footballModule;
    const text = '8/8/8/8/8/8/8/4K3 - w place w 1 0 0-0 QRN/BNP QRNPP/KBNPPP -';
    const legal = ['Q@d2', 'R@a1', 'N@b1', 'P@c2', 'P@f2'];
    const s = sigs(fb, text, false, legal);
    assert.deepEqual([...s.map.keys()].filter((k) => !/^[a-h]\d$/.test(k)), ['hand:Q', 'hand:R', 'hand:N', 'hand:P', 'count:P']);
    const items = fb.pieces(s.view, s.geo);
    assert.equal(items.find((p) => p.key === 'count:P').piece, undefined, 'a count is not a piece');
    const none = sigs(fb, text, false, []);
    assert.notEqual(fb.boardKey(s.view, s.geo), fb.boardKey(none.view, none.geo));
  });

  test('Linear Pursuit: entering changes the outer and the inner position only', () => {
    const lp = pursuitModule;
    const a = sigs(lp, 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0');
    const b = sigs(lp, 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb north play 1');
    assert.deepEqual(changed(a.map, b.map), [], 'another side to move changes no piece');
    const c = sigs(lp, 'pppp..RPPPPPPP...ppp/kbnr....NBKBNR...rnb north play 1');
    assert.deepEqual(changed(a.map, c.map), ['6', 'o7']);
  });

  test('Linear Pursuit: the board key follows the board\'s lines, the flip and the tray', () => {
    const lp = pursuitModule;
    const a = sigs(lp, 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0');
    const f = sigs(lp, 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0', true);
    const t = sigs(lp, '..................../.................... south place:KR 0', false, ['K@o10', 'R@o7']);
    const other = sigs(lp, 'K...../k..... south play 0', false, [], { board: '6\n0-3\n1-4\n2-5' });
    const keys = [a, f, t, other].map((x) => lp.boardKey(x.view, x.geo));
    assert.equal(new Set(keys).size, 4);
  });
});
