// Linear Pursuit: a guest plays the computer by clicking until a King is
// captured or a side has no move.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, serverState, screenshot, assertNoRawKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a guest plays Linear Pursuit against the computer until a King falls', async () => {
  const { page } = await newPlayer(browser);
  const id = await createGame(page, { game: 'pursuit', options: { pawns: 'off' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  // The circular board: 20 inner and 20 outer positions, 20 + 20 chords drawn.
  assert.equal(await page.$$eval('svg.board .lp-inner', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-outer', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-chord', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-piece.kind-K', (e) => e.length), 2);
  assert.equal(await page.$$eval('svg.board .lp-piece.kind-P', (e) => e.length), 0, 'no Pawns with pawns=off');
  await screenshot(page, 'pursuit-start');

  // Strategy: capture a King if possible, then anything, then enter pieces.
  const kingAt = async () => page.$$eval('svg.board .lp-piece.kind-K', (els) => els.map((e) => e.dataset.key));
  let moves = 0;
  for (; moves < 300; moves++) {
    if (!(await waitTurn(page))) break;
    const kings = await kingAt();
    await playOneMove(page, (c) => c.find((m) => kings.includes(m.to))
      || c.find((m) => m.occupied)
      || c.find((m) => m.from.startsWith('o') && !['o10', 'o0'].includes(m.from))
      || c[moves % c.length]);
    if (moves === 6) await screenshot(page, 'pursuit-midgame');
  }
  await page.waitForSelector('#result-banner');
  await screenshot(page, 'pursuit-result');
  await assertNoRawKeys(page);
  const st = await serverState(page, id);
  console.log(`pursuit: ${st.moves.length} plies, ${st.result.reason}`);
  assert.equal(st.status, 'finished');
  assert.ok(['king-captured', 'no-legal-moves'].includes(st.result.reason), `ended by the rules, not ${st.result.reason}`);
  assert.deepEqual(page.errors, []);
});
