// The analysis board's model (web/js/analysis.js): the move tree with its
// variations, and the engine's scores on screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createTree, addMove, addLine, pathMoves, plyOf, nextNode, prevNode, lineEnd, promote,
  treeTokens, absoluteScore, barShare, scoreParts, rateText, isCurrent,
} from '../../web/js/analysis.js';

test('moves branch into variations; a known move is not added twice', () => {
  const tree = createTree({ position: 'start' });
  const a = addMove(tree, 0, 'a');
  const b = addMove(tree, a, 'b');
  const c = addMove(tree, a, 'c');
  assert.equal(addMove(tree, a, 'b'), b);
  assert.deepEqual(tree.nodes[a].children, [b, c]);
  assert.deepEqual(pathMoves(tree, c), ['a', 'c']);
  assert.equal(plyOf(tree, c), 2);
  assert.equal(nextNode(tree, a), b, 'the main continuation');
  assert.equal(prevNode(tree, c), a);
  assert.equal(prevNode(tree, 0), 0);
  const d = addLine(tree, c, ['d', 'e']);
  assert.deepEqual(pathMoves(tree, d), ['a', 'c', 'd', 'e']);
  assert.equal(lineEnd(tree, 0), b);
  promote(tree, d);
  assert.deepEqual(tree.nodes[a].children, [c, b]);
  assert.equal(lineEnd(tree, 0), d);
});

test('the tree reads as the main line with variations after their main move', () => {
  const tree = createTree();
  const a = addMove(tree, 0, 'a');
  addMove(tree, a, 'b');
  const c = addMove(tree, a, 'c');
  addMove(tree, c, 'x');
  addMove(tree, 0, 'z');
  const kinds = treeTokens(tree).map((tok) => (tok.type === 'move' ? `${tok.move}@${tok.ply}/${tok.depth}` : tok.type));
  assert.deepEqual(kinds, ['a@1/0', 'open', 'z@1/1', 'close', 'b@2/0', 'open', 'c@2/1', 'x@3/1', 'close']);
});

test('scores: from the side to move, turned to the first side for the bar', () => {
  assert.deepEqual(absoluteScore({ kind: 'value', value: 50 }, 1), { kind: 'value', value: -50 });
  assert.deepEqual(absoluteScore({ kind: 'win', plies: 3 }, 1), { kind: 'loss', plies: 3 });
  assert.equal(barShare({ kind: 'value', value: 0 }, 0), 0.5);
  assert.equal(barShare({ kind: 'win', plies: 1 }, 0), 1);
  assert.equal(barShare({ kind: 'win', plies: 1 }, 1), 0);
  assert.ok(barShare({ kind: 'value', value: 100 }, 0) > 0.55);
  assert.ok(barShare({ kind: 'value', value: 100 }, 1) < 0.45);
  assert.deepEqual(scoreParts({ kind: 'value', value: 32 }), { key: 'analysis.score.value', units: '+0.32' });
  assert.deepEqual(scoreParts({ kind: 'value', value: -150 }), { key: 'analysis.score.value', units: '−1.50' });
  assert.deepEqual(scoreParts({ kind: 'win', plies: 7 }), { key: 'analysis.score.win', n: 7 });
  assert.equal(rateText(820000), '820 k');
  assert.equal(rateText(1400000), '1.4 M');
  assert.ok(isCurrent({ type: 'analysis', id: 3 }, 3));
  assert.ok(!isCurrent({ type: 'analysis', id: 2 }, 3), 'an older request');
});
