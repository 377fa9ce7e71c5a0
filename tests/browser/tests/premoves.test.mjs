// Premoves in a real-time game (two browsers, the second on a phone, by
// taps): while Alice thinks, Bob picks a premove on the board (marked,
// with a cancel button; Alice sees nothing of it); Alice's move comes and
// Bob's premove is played at once. Then Bob sets one and cancels it: his
// turn comes with nothing played.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, pointCenter, clickPoint, waitMoves, waitTurn, playOneMove, waitUntil, screenshot, assertNoRawKeys, BASE, movableKeys, targetKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Tap a board point as a finger does. */
async function tap(page, key) {
  await page.locator('svg.board').scrollIntoViewIfNeeded();
  const p = await pointCenter(page, key);
  assert.ok(p, `no point ${key} on the board`);
  await page.touchscreen.tap(p.x, p.y);
}

test('a premove is set by taps, played at once, or cancelled', async () => {
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const id = await createGame(alice.page, { game: 'loa', options: { size: '6' }, opponent: 'challenge', clock: '5+3', side: 'first' });
  await bob.page.goto(`${BASE}/game/${id}`);
  await bob.page.waitForSelector('#join-game');
  await bob.page.tap('#join-game');
  assert.ok(await waitTurn(alice.page));

  // Bob (White) waits: his pieces can be picked for a premove.
  await waitUntil(bob.page, () => document.querySelectorAll('svg.board .piece.movable').length > 0, null, { timeout: 10000 });
  assert.ok((await movableKeys(bob.page)).includes('a2'));
  await tap(bob.page, 'a2');
  assert.ok((await targetKeys(bob.page)).some((t) => t.key === 'c2'), 'c2 is offered');
  await tap(bob.page, 'c2');
  await bob.page.waitForSelector('#premove-bar:not([hidden])');
  assert.equal(await bob.page.$$eval('svg.board .mark-premove', (e) => e.length), 2, 'from and to marked');
  assert.match(await bob.page.textContent('#premove-bar'), /a2-c2/);
  await screenshot(bob.page, 'premove-set');
  await assertNoRawKeys(bob.page);
  assert.equal(await alice.page.$$eval('svg.board .mark-premove, #premove-bar:not([hidden])', (e) => e.length), 0, 'Alice sees none of it');

  // Alice plays b1-b3: Bob's premove follows at once.
  await clickPoint(alice.page, 'b1');
  await clickPoint(alice.page, 'b3');
  await waitMoves(bob.page, 2);
  await waitMoves(alice.page, 2);
  assert.match(await alice.page.textContent('#move-list'), /a2-c2/);
  await bob.page.waitForSelector('#premove-bar', { state: 'hidden' });
  assert.equal(await bob.page.$$eval('svg.board .mark-premove', (e) => e.length), 0);

  // Bob sets another and cancels it: his turn comes with nothing played.
  const [from] = await movableKeys(bob.page);
  await tap(bob.page, from);
  const [to] = await targetKeys(bob.page);
  await tap(bob.page, to.key);
  await bob.page.waitForSelector('#premove-bar:not([hidden])');
  await bob.page.tap('#premove-cancel');
  await bob.page.waitForSelector('#premove-bar', { state: 'hidden' });
  assert.ok(await waitTurn(alice.page));
  await playOneMove(alice.page);
  assert.ok(await waitTurn(bob.page));
  await bob.page.waitForTimeout(300);
  await waitMoves(bob.page, 3);

  assert.deepEqual(alice.page.errors, []);
  assert.deepEqual(bob.page.errors, []);
  await alice.context.close();
  await bob.context.close();
});
