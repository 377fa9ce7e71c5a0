// The board updates its SVG in place: a move replaces only the pieces on
// the squares it touched, a selection only adds marks, the squares stay
// the same nodes, and only a flip redraws the board. Checked by tagging
// the DOM nodes and looking for the tags afterwards, for the player who
// moved and for the one who received the move.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, clickPoint, targetKeys, movableKeys, waitMoves, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Tag every node of the board's layers (a JS property, not an attribute). */
function tagBoard(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('svg.board .layer-board > *, svg.board .layer-pieces > *, svg.board .layer-marks > *')) el.gamutTag = true;
  });
}

/**
 * What kept its tag: `{ board: [kept, total], pieces: { key: kept } }`,
 * with the square elements and each piece (by its key).
 */
function tagged(page) {
  return page.evaluate(() => {
    const board = [...document.querySelectorAll('svg.board .layer-board > *')];
    const pieces = {};
    for (const el of document.querySelectorAll('svg.board .piece')) pieces[el.dataset.key] = Boolean(el.gamutTag);
    return { board: [board.filter((el) => el.gamutTag).length, board.length], pieces };
  });
}

test('a move, a selection and a flip change only what they must on the board', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser)).page;
  const id = await createGame(alice, { game: 'loa', options: { size: '6' }, opponent: 'challenge', side: 'first' });
  await bob.goto(`${BASE}/game/${id}`);
  await bob.click('#join-game');
  for (const p of [alice, bob]) await p.waitForSelector('#resign', { timeout: 10000 });
  assert.ok(await waitTurn(alice));

  // A selection adds marks; no square or piece is redrawn.
  await tagBoard(alice);
  const [from] = await movableKeys(alice);
  await clickPoint(alice, from);
  const [target] = await targetKeys(alice);
  assert.ok(target, 'the selected piece has a target');
  let seen = await tagged(alice);
  assert.equal(seen.board[0], seen.board[1], 'every square kept');
  assert.ok(Object.values(seen.pieces).every(Boolean), 'every piece kept');
  assert.equal(await alice.$$eval('svg.board .mark-selected', (e) => e.length), 1);

  // The move: its two squares change, every other piece and square stays.
  await tagBoard(bob);
  await clickPoint(alice, target.key);
  for (const p of [alice, bob]) await waitMoves(p, 1);
  for (const [who, p] of [['mover', alice], ['receiver', bob]]) {
    seen = await tagged(p);
    assert.equal(seen.board[0], seen.board[1], `${who}: every square kept`);
    assert.equal(seen.pieces[from], undefined, `${who}: the piece left ${from}`);
    assert.equal(seen.pieces[target.key], false, `${who}: a new piece on ${target.key}`);
    const others = Object.entries(seen.pieces).filter(([k]) => k !== target.key);
    assert.equal(others.length, 15);
    assert.ok(others.every(([, kept]) => kept), `${who}: the other pieces kept: ${JSON.stringify(seen.pieces)}`);
    assert.equal(await p.$$eval('svg.board .mark-last', (e) => e.length), 2, `${who}: the last move marked`);
  }
  assert.equal(await alice.$$eval('svg.board .mark-selected, svg.board .mark-target', (e) => e.length), 0, 'the selection is gone');

  // A flip redraws the board and moves every piece.
  await tagBoard(bob);
  await bob.click('#flip-board');
  seen = await tagged(bob);
  assert.equal(seen.board[0], 0, 'the board is redrawn');
  assert.ok(Object.values(seen.pieces).every((kept) => !kept), 'every piece is redrawn');
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
});
