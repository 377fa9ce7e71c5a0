// The lobby's quick start: tiles of each game × time control and against
// the computer, at the top of the lobby (on a phone, on the first screen
// without scrolling), each starting a seek or a game with one click or
// tap; the same tile clicked by someone else joins the waiting seek. The
// full form stays below.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, serverState, screenshot, assertNoRawKeys, BASE, PHONE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Whether every quick start tile lies wholly on the first screen. */
function tilesOnScreen(page) {
  return page.$$eval('.quick-tile', (els) => els.length > 0 && els.every((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  }));
}

test('one click opens a seek; the same tile on a phone joins it', async () => {
  const alice = (await newPlayer(browser, { viewport: { width: 1366, height: 768 } })).page;
  const bob = (await newPlayer(browser, PHONE)).page;
  await alice.goto(`${BASE}/`);
  await alice.waitForSelector('.quick-tile');
  assert.ok(await tilesOnScreen(alice), 'every tile shows on a 1366 × 768 screen');
  assert.equal(await alice.$$eval('.quick-tile', (e) => e.length), 15, '3 games × (4 time controls + the computer)');
  assert.ok(await alice.$('#create-game'), 'the full form is still there, below');
  await screenshot(alice, 'quick-start-desktop');
  const tile = '.quick-tile[data-quick="seek"][data-game="pursuit"][data-clock="15+10"]';
  assert.match(await alice.getAttribute(tile, 'aria-label'), /Linear Pursuit, 15\+10 \(Rapid\)/);
  await alice.click(tile);
  await alice.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const id = alice.url().split('/').pop();
  await alice.waitForSelector('.status-line');
  let st = await serverState(alice, id);
  assert.equal(st.status, 'waiting', 'a seek');
  assert.equal(st.game, 'pursuit');
  assert.deepEqual(st.clock, { type: 'realtime', initial_ms: 900000, increment_ms: 10000 });

  // On a phone: the tiles are on the first screen; a tap on the same one pairs Bob with Alice.
  await bob.goto(`${BASE}/`);
  await bob.waitForSelector(`#seeks .game-row[data-id="${id}"]`, { timeout: 10000 });
  assert.ok(await tilesOnScreen(bob), 'every tile shows on the phone without scrolling');
  assert.equal(await bob.evaluate(() => window.scrollY), 0);
  assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  await screenshot(bob, 'quick-start-phone');
  await bob.tap(tile);
  await bob.waitForURL(new RegExp(`/game/${id}$`));
  for (const p of [alice, bob]) await p.waitForSelector('#abort', { timeout: 10000 });
  st = await serverState(bob, id);
  assert.equal(st.status, 'live', 'paired: the game is on');
  // Done: abort, so the seek's game leaves no trace for other tests.
  await alice.click('#abort');
  await alice.waitForSelector('#result-banner');
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('one tap on a phone starts a game against the computer; one click on a desktop too', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('.quick-tile');
  assert.ok(await tilesOnScreen(page), 'every tile shows on the phone without scrolling');
  await page.tap('.quick-tile[data-quick="computer"][data-game="football"]');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('#team-picker');
  let st = await serverState(page, page.url().split('/').pop());
  assert.equal(st.status, 'live');
  assert.equal(st.game, 'football');
  assert.ok(st.players.some((p) => p && p.computer), 'against the computer');
  assert.deepEqual(st.clock, { type: 'realtime', initial_ms: 600000, increment_ms: 5000 });
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);

  const desk = (await newPlayer(browser, { viewport: { width: 1366, height: 768 } })).page;
  await desk.goto(`${BASE}/`);
  // The tiles follow the form's computer level.
  await desk.selectOption('#level', 'medium');
  await desk.click('.quick-tile[data-quick="computer"][data-game="loa"]');
  await desk.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await desk.waitForSelector('svg.board');
  st = await serverState(desk, desk.url().split('/').pop());
  assert.equal(st.game, 'loa');
  assert.ok(st.players.some((p) => p && p.computer === 'medium'), 'the level chosen in the form');
  assert.deepEqual(desk.errors, []);
});
