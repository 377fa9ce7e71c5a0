// Correspondence by days per move (issue 14): Alice creates a 3-days
// challenge from the lobby's "Correspondence — days per move" choice, Bob
// joins from another browser context; both pages show the side to move's
// time left in words ("2 days 23 h left"); after the move the other side's
// deadline runs and the mover has its three days again; "Your games" shows
// the time left to the player to move; the game page fits a phone.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, serverState, apiMove, waitUntil, assertNoRawKeys, screenshot, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The text of the running clock on `page` once it says how long is left. */
async function runningClock(page) {
  await waitUntil(page, () => /left$/.test(document.querySelector('.clock.running')?.textContent || ''), null, { timeout: 10000 });
  return page.textContent('.clock.running');
}

test('a 3-days game shows each side to move its deadline', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser)).page;
  await alice.goto(`${BASE}/`);
  await alice.click('.game-choice[data-game="loa"]');
  await alice.click('#clock-choice [data-clock="days"]');
  assert.equal(await alice.inputValue('#days-per-move'), '3', 'three days unless changed');
  await screenshot(alice, 'correspondence-lobby');
  await alice.click('#opponent-choice [data-opponent="challenge"]');
  await alice.selectOption('#side', 'first');
  await alice.click('#create-game');
  await alice.waitForURL(/\/game\//);
  const id = alice.url().split('/').pop();
  await bob.goto(alice.url());
  await bob.click('#join-game');
  for (const p of [alice, bob]) await p.waitForSelector('#resign', { timeout: 10000 });

  const st = await serverState(alice, id);
  assert.deepEqual(st.clock, { type: 'correspondence', days_per_move: 3 });
  assert.equal(st.speed, 'correspondence');
  // Alice is to move: a little under three days left, on both pages.
  for (const p of [alice, bob]) assert.match(await runningClock(p), /^2 days 23 h left$/);
  assert.match(await alice.textContent('.game-info'), /3 days per move/);

  await apiMove(alice, id, st.legal[0]);
  await waitUntil(bob, () => document.querySelectorAll('#move-list .move').length === 1, null, { timeout: 10000 });
  // Now Bob's time runs; Alice has her three days again.
  for (const p of [alice, bob]) {
    await waitUntil(p, () => document.querySelector('.clock.running')?.dataset.side === '1', null, { timeout: 10000 });
    assert.match(await runningClock(p), /^2 days 23 h left$/);
    assert.equal(await p.textContent('.clock[data-side="0"]'), '3 days');
  }
  await screenshot(bob, 'correspondence-game');

  // Bob's games: his turn, with the time left.
  await bob.goto(`${BASE}/my-games`);
  const row = bob.locator(`#my-games li[data-id="${id}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute('data-turn'), 'yours');
  assert.match(await row.locator('.time-left').textContent(), /^2 days 23 h left$/);
  await screenshot(bob, 'correspondence-my-games');
  await assertNoRawKeys(bob);
  // On a phone the time left fits the player bar.
  await bob.setViewportSize({ width: 390, height: 844 });
  await bob.goto(`${BASE}/game/${id}`);
  assert.match(await runningClock(bob), /left$/);
  await screenshot(bob, 'correspondence-phone');
  assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
  assert.deepEqual([...alice.errors, ...bob.errors], []);
});
