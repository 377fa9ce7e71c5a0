// Arena tournaments (issue 14): a registered player creates a short
// tournament from the form, two players (two browser contexts, one on a
// phone) join it, are paired at once and reach their game from the
// tournament page; the game page links back; one resigns (no rematch
// offered: the banner leads back to the tournament), and both tournament
// pages show the standings change live.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, serverState, waitUntil, screenshot, assertNoRawKeys, signUp, resignAfterAMoveEach, PHONE, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A player's points as the page shows them. */
function shownPoints(page, name) {
  return page.$eval(`#tournament-standings tr[data-name="${name}"] .t-points strong`, (el) => Number(el.textContent));
}

test('two players join a tournament, are paired, and the standings follow the result', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser, PHONE)).page;
  const aliceName = await signUp(alice, 'tnalice');
  const bobName = await signUp(bob, 'tnbob');

  // The header leads to the tournaments; the form creates one.
  await alice.goto(`${BASE}/`);
  await alice.click('a.nav-tournaments');
  await alice.waitForSelector('#tournament-create');
  await alice.selectOption('#tournament-kind', 'loa');
  await alice.selectOption('.tournament-options select[data-option="size"]', '6');
  await alice.selectOption('#tournament-clock', '3+2');
  await alice.selectOption('#tournament-duration', '10');
  await alice.click('#tournament-create');
  await alice.waitForURL(/\/tournament\/[a-z0-9]+$/);
  const url = alice.url();
  await alice.waitForSelector('#tournament-join');
  assert.match(await alice.textContent('#tournament-status'), /Ends in \d+:\d\d/);
  await alice.click('#tournament-join');
  await alice.waitForSelector('#tournament-waiting');

  await bob.goto(url);
  await bob.click('#tournament-join');
  // Paired at once: both get their game's link, over the live socket.
  for (const p of [alice, bob]) await p.waitForSelector('#tournament-game', { timeout: 10000 });
  const gameUrl = await alice.getAttribute('#tournament-game', 'href');
  assert.equal(await bob.getAttribute('#tournament-game', 'href'), gameUrl);
  // Before any game ends the Games column says so instead of staying empty.
  await alice.waitForSelector(`#tournament-standings tr[data-name="${aliceName}"] .t-no-games`);
  assert.match(await alice.textContent(`#tournament-standings tr[data-name="${aliceName}"] .t-scores`), /first game/);
  const fits = await bob.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, 'the tournament page fits a phone');
  await screenshot(bob, 'tournament-phone');
  await assertNoRawKeys(alice);

  // The game page links back to the tournament.
  await bob.click('#tournament-game');
  await bob.waitForSelector('#tournament-link:not([hidden])');
  assert.equal(new URL(await bob.getAttribute('#tournament-link', 'href'), BASE).href, url);
  const id = gameUrl.split('/').pop();
  // Each side moves once (earlier, resigning aborts), then Bob resigns.
  const st = await serverState(alice, id);
  assert.equal(st.rated, true);
  await resignAfterAMoveEach(bob, alice, id);
  await bob.waitForSelector('#result-banner', { timeout: 10000 });
  // No rematch in a tournament: the banner leads back to it instead.
  await bob.waitForSelector('#banner-tournament');
  assert.equal(await bob.locator('#rematch').count(), 0);

  // Alice's tournament page, open all along, shows the win (2 points).
  await waitUntil(alice, (n) => {
    const cell = document.querySelector(`#tournament-standings tr[data-name="${n}"] .t-points strong`);
    return cell && cell.textContent === '2';
  }, aliceName, { timeout: 10000 });
  assert.equal(await shownPoints(alice, bobName), 0);
  assert.equal(await alice.textContent(`#tournament-standings tr[data-name="${aliceName}"] .t-rank`), '1');
  assert.equal(await alice.textContent(`#tournament-standings tr[data-name="${aliceName}"] .t-scores`), '2');
  // Bob goes back to the tournament: paired again with Alice (nobody else waits).
  await bob.click('#banner-tournament');
  await bob.waitForSelector('#tournament-standings');
  assert.equal(await shownPoints(bob, aliceName), 2);
  await waitUntil(bob, (old) => {
    const a = document.querySelector('#tournament-game');
    return a && a.getAttribute('href') !== old;
  }, gameUrl, { timeout: 10000 });
  assert.deepEqual([...alice.errors, ...bob.errors], []);
});
