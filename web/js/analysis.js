// The analysis board's pure model (issue 15): the move tree with its
// variations, and what the engine's scores mean on screen. No DOM here:
// pages/analysis.js draws it.
//
// Scores come from the server as in docs/api.md ("WebSocket: analysis"):
// from the side to move's point of view (`side`), `{kind: 'value', value}`
// in pawn-like units × 100, or `{kind: 'win' | 'loss', plies}` proved by
// the search.

/**
 * A tree of moves from a start position: node 0 is the start; each node
 * has its `move` (from its parent), `parent`, `children` (ids, the first
 * is the main continuation) and `info` (the server's position view, or
 * null until fetched).
 */
export function createTree(rootInfo = null) {
  return { nodes: [{ id: 0, parent: null, move: null, children: [], info: rootInfo }] };
}

/** The node `id` of `tree`. */
export function node(tree, id) {
  return tree.nodes[id];
}

/**
 * The child of `parentId` reached by `move` (added as the last variation
 * if new; the existing one otherwise). Returns its id.
 */
export function addMove(tree, parentId, move, info = null) {
  const parent = tree.nodes[parentId];
  const known = parent.children.find((c) => tree.nodes[c].move === move);
  if (known !== undefined) {
    if (info && !tree.nodes[known].info) tree.nodes[known].info = info;
    return known;
  }
  const id = tree.nodes.length;
  tree.nodes.push({ id, parent: parentId, move, children: [], info });
  parent.children.push(id);
  return id;
}

/** The moves from the start to node `id`. */
export function pathMoves(tree, id) {
  const moves = [];
  for (let n = tree.nodes[id]; n && n.parent !== null; n = tree.nodes[n.parent]) moves.push(n.move);
  return moves.reverse();
}

/** How many plies node `id` is from the start. */
export function plyOf(tree, id) {
  let ply = 0;
  for (let n = tree.nodes[id]; n && n.parent !== null; n = tree.nodes[n.parent]) ply += 1;
  return ply;
}

/** The node after `id` on its main continuation (itself at the end). */
export function nextNode(tree, id) {
  const c = tree.nodes[id].children;
  return c.length ? c[0] : id;
}

/** The node before `id` (itself at the start). */
export function prevNode(tree, id) {
  const p = tree.nodes[id].parent;
  return p === null ? id : p;
}

/** The end of the main continuation from `id`. */
export function lineEnd(tree, id) {
  let n = id;
  while (tree.nodes[n].children.length) n = tree.nodes[n].children[0];
  return n;
}

/** Add a line of `moves` after node `id` (the first as its main continuation if new); the last node's id. */
export function addLine(tree, id, moves) {
  let n = id;
  for (const m of moves) n = addMove(tree, n, m);
  return n;
}

/** Make the variation holding node `id` the main one at each branching above it. */
export function promote(tree, id) {
  for (let n = tree.nodes[id]; n.parent !== null; n = tree.nodes[n.parent]) {
    const siblings = tree.nodes[n.parent].children;
    const i = siblings.indexOf(n.id);
    if (i > 0) {
      siblings.splice(i, 1);
      siblings.unshift(n.id);
    }
  }
}

/**
 * The tree in reading order, as tokens for drawing: `{type: 'move', id,
 * ply, move, depth}` for each move (ply: 1 for the first move; depth: how
 * many variations deep), and `{type: 'open' | 'close', depth}` around each
 * variation (a move's siblings after the first, shown after it, as in
 * chess notation).
 */
export function treeTokens(tree) {
  const out = [];
  const line = (id, ply, depth) => {
    // The main continuation of node `id`, with each branching's other
    // children as variations after the main move.
    let n = tree.nodes[id];
    let p = ply;
    while (n.children.length) {
      const [main, ...others] = n.children;
      out.push({ type: 'move', id: main, ply: p + 1, move: tree.nodes[main].move, depth });
      for (const v of others) {
        out.push({ type: 'open', depth: depth + 1 });
        out.push({ type: 'move', id: v, ply: p + 1, move: tree.nodes[v].move, depth: depth + 1 });
        line(v, p + 1, depth + 1);
        out.push({ type: 'close', depth: depth + 1 });
      }
      n = tree.nodes[main];
      p += 1;
    }
  };
  line(0, 0, 0);
  return out;
}

/** The score from the first side's (side 0's) point of view. */
export function absoluteScore(score, side) {
  if (side === 0) return score;
  if (score.kind === 'value') return { kind: 'value', value: -score.value };
  return { kind: score.kind === 'win' ? 'loss' : 'win', plies: score.plies };
}

/**
 * The share of the evaluation bar for the first side, 0 to 1: a proved
 * win fills it, an even position halves it, an evaluation in between
 * (a logistic curve: one unit of advantage, 100, is about 0.62).
 */
export function barShare(score, side) {
  const s = absoluteScore(score, side);
  if (s.kind === 'win') return 1;
  if (s.kind === 'loss') return 0;
  return 1 / (1 + Math.exp(-s.value / 200));
}

/**
 * A score in words' pieces, from the side to move's point of view, for
 * translation: `{key, n?, units?}` where `key` is `analysis.score.value`
 * (units: `+0.32`), `analysis.score.win` or `analysis.score.loss` (n:
 * plies).
 */
export function scoreParts(score) {
  if (score.kind === 'value') {
    const v = score.value / 100;
    return { key: 'analysis.score.value', units: `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(2)}` };
  }
  return { key: `analysis.score.${score.kind}`, n: score.plies };
}

/** Nodes per second, short: `820 k`, `1.4 M`. */
export function rateText(nps) {
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} M`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} k`;
  return String(nps);
}

/**
 * Which analysis message is current: messages of an older request (`id`
 * below the one asked last) are dropped.
 */
export function isCurrent(msg, lastId) {
  return msg.type === 'analysis' && msg.id === lastId;
}
