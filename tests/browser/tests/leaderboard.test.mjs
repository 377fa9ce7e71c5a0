// The leaderboard page (issue 14): two registered players play a rated
// game to its end, then the leaderboard, reached from the header, lists
// both with the ratings the server keeps, by game and speed, linking to
// their profiles; an empty choice says so; on a phone it fits the width.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, newPlayer, signUp, smallLoaChallenge, resignAfterAMoveEach, serverState, waitUntil, screenshot, assertNoRawKeys,
  BASE, PHONE,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The leaderboard's rows as shown: [{rank, name, rating, games, you, href}]. */
function shownRows(page) {
  return page.$$eval('#leaderboard tr.lb-row', (trs) => trs.map((tr) => ({
    rank: Number(tr.querySelector('.lb-rank').textContent),
    name: tr.querySelector('.lb-name a').textContent,
    href: tr.querySelector('.lb-name a').getAttribute('href'),
    rating: Number(tr.querySelector('.lb-rating strong').textContent),
    games: Number(tr.querySelector('.lb-games').textContent),
    you: tr.classList.contains('you'),
  })));
}

/** A player's rating for a game and speed as the server keeps it (GET /api/users/{name}). */
async function ratingOf(page, name, game, speed) {
  const u = await page.evaluate(async (n) => (await fetch(`/api/users/${encodeURIComponent(n)}`)).json(), name);
  return u.ratings.find((r) => r.game === game && r.speed === speed);
}

let players = null;

test('after a rated game the leaderboard lists both players with their ratings', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser)).page;
  const aliceName = await signUp(alice, 'lbalice');
  const bobName = await signUp(bob, 'lbbob');
  // A rated private game of Lines of Action at 3+2 (blitz).
  const id = await smallLoaChallenge(alice, bob, '3+2', true);
  // Each side moves once, then Alice resigns.
  await resignAfterAMoveEach(alice, bob, id);
  await bob.waitForSelector('#result-banner .rating-change', { timeout: 10000 });
  const st = await serverState(bob, id);
  assert.equal(st.status, 'finished');
  assert.equal(st.speed, 'blitz');

  // Bob opens the leaderboard from the header.
  await bob.click('.main-nav a[href="/leaderboard"]');
  await bob.waitForURL(/\/leaderboard\/[a-z]+$/);
  await bob.click('#lb-game [data-value="loa"]');
  await bob.click('#lb-speed [data-value="blitz"]');
  await bob.waitForURL(/\/leaderboard\/loa\/blitz$/);
  await bob.waitForSelector('#leaderboard tr.lb-row');
  const rows = await shownRows(bob);
  const a = rows.find((r) => r.name === aliceName);
  const b = rows.find((r) => r.name === bobName);
  assert.ok(a && b, `both players are listed: ${JSON.stringify(rows)}`);
  const ra = await ratingOf(bob, aliceName, 'loa', 'blitz');
  const rb = await ratingOf(bob, bobName, 'loa', 'blitz');
  assert.equal(a.rating, Math.round(ra.rating), 'Alice\'s rating as the server keeps it');
  assert.equal(b.rating, Math.round(rb.rating), 'Bob\'s too');
  assert.ok(b.rating > 1500 && a.rating < 1500, 'the winner gained, the loser lost');
  assert.ok(b.rank < a.rank, 'the winner ranks higher');
  assert.deepEqual([a.games, b.games], [1, 1]);
  assert.ok(b.you && !a.you, 'the viewer\'s own row is marked');
  assert.equal(a.href, `/profile/${aliceName}`);
  await assertNoRawKeys(bob);
  await screenshot(bob, 'leaderboard');

  // Every speed: each player's best, with its speed.
  await bob.click('#lb-speed [data-value="all"]');
  await bob.waitForURL(/\/leaderboard\/loa$/);
  await waitUntil(bob, () => document.querySelector('#leaderboard th.lb-speed') && document.querySelector('#leaderboard tr.lb-row'));
  const all = await bob.$$eval('#leaderboard tr.lb-row', (trs) => trs.map((tr) => [tr.dataset.name, tr.querySelector('td.lb-speed').textContent]));
  assert.ok(all.some(([n, sp]) => n === bobName && sp === 'Blitz'), `every speed lists Bob at blitz: ${all}`);

  // Back goes to the previous choice; a name links to the player's page.
  await bob.goBack();
  await bob.waitForURL(/\/leaderboard\/loa\/blitz$/);
  await bob.waitForSelector(`#leaderboard tr.lb-row[data-name="${aliceName}"]`);
  await bob.click(`#leaderboard tr.lb-row[data-name="${aliceName}"] .lb-name a`);
  await bob.waitForURL(new RegExp(`/profile/${aliceName}$`));
  await bob.waitForSelector('#ratings');
  players = { aliceName, bobName };
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('an empty leaderboard says so; the page is translated', async () => {
  const { page } = await newPlayer(browser, { locale: 'it-IT' });
  // Nobody plays rated Linear Pursuit by correspondence in this suite.
  await page.goto(`${BASE}/leaderboard/pursuit/correspondence`);
  await page.waitForSelector('#leaderboard-empty');
  assert.equal(await page.getAttribute('#lb-game [data-value="pursuit"]', 'aria-checked'), 'true');
  assert.equal(await page.getAttribute('#lb-speed [data-value="correspondence"]', 'aria-checked'), 'true');
  const text = await page.textContent('#leaderboard-empty');
  assert.match(text, /Nessuno ha ancora un punteggio/);
  assert.match(text, /Linear Pursuit/);
  assert.match(await page.textContent('.main-nav a[href="/leaderboard"]'), /Classifica/);
  await assertNoRawKeys(page);
  // An unknown game or speed in the path shows the first game, every speed.
  await page.goto(`${BASE}/leaderboard/chess/warp`);
  await page.waitForURL(/\/leaderboard\/loa$/);
  await page.waitForSelector('#lb-speed [data-value="all"][aria-checked="true"]');
  assert.deepEqual(page.errors, []);
});

test('on a phone the leaderboard fits the width', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/leaderboard/loa/blitz`);
  await page.waitForSelector('#leaderboard tr.lb-row, #leaderboard-empty');
  if (players) await page.waitForSelector(`#leaderboard tr.lb-row[data-name="${players.bobName}"]`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  const table = await page.$eval('#leaderboard', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(table.right <= 390, `the table is within the screen (${table.right})`);
  const tab = await page.$eval('#lb-speed [data-value="rapid"]', (e) => e.getBoundingClientRect().height);
  assert.ok(tab >= 36, `speed choices are touch targets (${tab} px)`);
  await page.tap('#lb-speed [data-value="all"]');
  await page.waitForURL(/\/leaderboard\/loa$/);
  await page.waitForSelector('#leaderboard tr.lb-row, #leaderboard-empty');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling with the speed column');
  await screenshot(page, 'phone-leaderboard');
  assert.deepEqual(page.errors, []);
});
