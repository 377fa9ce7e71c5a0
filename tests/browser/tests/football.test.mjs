// Chess Football: a guest plays the computer with one-move halves: team
// choice, placements by drag-and-drop from the tray, kick-off, and the
// final whistle after the second half.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, dragPoint, movableKeys, targetKeys, clickPoint, moveCount, serverState, screenshot, assertNoRawKeys, waitUntil } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a guest plays Chess Football against the computer through both halves', async () => {
  const { page } = await newPlayer(browser);
  const id = await createGame(page, { game: 'football', options: { 'half-length': '1' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  // Team choice first.
  await page.waitForSelector('#team-picker');
  assert.ok(await page.isDisabled('#confirm-team'));
  await screenshot(page, 'football-team');
  for (const piece of ['Q', 'R', 'N']) await page.click(`#team-picker .btn.pick[data-piece="${piece}"]`);
  await page.click('#confirm-team');
  await waitUntil(page, () => [...document.querySelectorAll('#move-list .move')].some((m) => m.dataset.move === 'pick:QRN'));

  let dragged = 0;
  let shotPlacement = false;
  let shotBall = false;
  for (let i = 0; i < 200; i++) {
    if (!(await waitTurn(page))) break;
    const movable = await movableKeys(page);
    const hand = movable.filter((k) => k.startsWith('hand:'));
    if (hand.length && dragged < 3) {
      // Placement by drag-and-drop from the tray to a highlighted square.
      await clickPoint(page, hand[0]);
      const targets = await targetKeys(page);
      await page.keyboard.press('Escape');
      const before = await moveCount(page);
      if (!shotPlacement) { await screenshot(page, 'football-placement'); shotPlacement = true; }
      await dragPoint(page, hand[0], targets[0].key);
      await waitUntil(page, (n) => document.querySelectorAll('#move-list .move').length > n, before);
      dragged += 1;
      continue;
    }
    if (!shotBall && await page.$('svg.board .ball')) { await screenshot(page, 'football-play'); shotBall = true; }
    await playOneMove(page, (c) => c.find((m) => m.to.endsWith('8') && ['c8', 'd8', 'e8', 'f8'].includes(m.to)) || c.find((m) => m.occupied) || c[0]);
  }
  await page.waitForSelector('#result-banner');
  assert.match(await page.textContent('#scoreboard'), /\d+ : \d+/);
  await screenshot(page, 'football-result');
  await assertNoRawKeys(page);
  const st = await serverState(page, id);
  assert.equal(st.status, 'finished');
  assert.equal(st.result.reason, 'final-score');
  assert.ok(dragged >= 3, 'placements were made by drag-and-drop');
  assert.ok(shotBall, 'the ball was drawn on its holder');
  assert.deepEqual(page.errors, []);
});
