// Game review (issue 15): a finished game's "Review" runs the engine over
// every position; the page shows the evaluation graph (a click on a point
// goes to that ply), each player's accuracy, and the blunder marked ??
// in the move list with the better move; the replay page shows the stored
// review at once.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, BASE, waitUntil, apiMoves, screenshot, assertNoRawKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Lines of Action 6×6, Black to move: c1-c3 connects and wins; White's f5-e5 connects too. */
const CONNECT_IN_ONE = '..ww../.....w/bb..../....../....../..b... b';

async function guest(page) {
  await page.goto(`${BASE}/`);
  await page.evaluate(() => fetch('/api/guest', { method: 'POST' }));
}

test('review: a finished game shows its graph, accuracies and a marked blunder', async () => {
  const { page: black } = await newPlayer(browser);
  const { page: white } = await newPlayer(browser);
  await guest(black);
  await guest(white);
  const id = await black.evaluate(async (position) => {
    const res = await fetch('/api/games', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'loa', options: { size: '6' }, clock: { type: 'untimed' }, side: 'first', opponent: { type: 'challenge' }, position }),
    });
    return (await res.json()).game.id;
  }, CONNECT_IN_ONE);
  await white.evaluate((gid) => fetch(`/api/games/${gid}/join`, { method: 'POST' }), id);
  // Black misses c1-c3; White connects.
  await apiMoves([black, white], id, ['b4-b3', 'f5-e5']);

  await black.goto(`${BASE}/game/${id}`);
  await black.waitForSelector('#review-button');
  await black.click('#review-button');
  await black.waitForSelector('#review-graph', { timeout: 60000 });
  assert.equal(await black.locator('#review-graph .review-point').count(), 3);
  const blunder = black.locator('#move-list .move[data-ply="1"] .move-mark.mark-blunder');
  await blunder.waitFor();
  assert.equal(await blunder.textContent(), '??');
  assert.match(await blunder.getAttribute('title'), /better: c1-c3/);
  assert.match(await black.textContent('#review-accuracy'), /Black: accuracy [\d.]+ %/);
  // A click on the graph's first move goes to that ply, with its verdict.
  await black.click('#review-graph .review-point[data-ply="1"]');
  await waitUntil(black, () => document.querySelector('#move-list .move.current')?.dataset.ply === '1');
  assert.match(await black.textContent('#review-verdict'), /b4-b3\?\? A blunder .*better c1-c3/);
  await assertNoRawKeys(black);
  await screenshot(black, 'review-game');

  // The replay page: the stored review at once.
  await white.goto(`${BASE}/replay/${id}`);
  await white.waitForSelector('#review-graph');
  await white.locator('#replay-moves .move[data-ply="1"] .move-mark.mark-blunder').waitFor();
  await white.click('#review-graph .review-point[data-ply="0"]');
  await waitUntil(white, () => /Move 0 of 2/.test(document.querySelector('#ply-counter')?.textContent || ''));
  assert.deepEqual(black.errors, []);
  assert.deepEqual(white.errors, []);
});
