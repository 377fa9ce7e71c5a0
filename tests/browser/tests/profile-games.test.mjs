// The profile's results and rating history, and the "Your games" page
// (issue 14). Two registered players play a rated blitz game to its end:
// each profile shows when they joined, their wins, draws and losses and an
// SVG chart of their rating with a point per rated game. Then an untimed
// game between them: "Your games", reached from the header, shows "Your
// turn" to the side to move and "Their turn" to the other, and after a
// move (and a reload) the other way round. Both pages fit a phone.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, newPlayer, signUp, smallLoaChallenge, resignAfterAMoveEach, serverState, apiMove, screenshot,
  assertNoRawKeys, BASE, PHONE,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The results table as shown: {game: [wins, draws, losses]}. */
function shownResults(page) {
  return page.$$eval('#results tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.game,
    ['wins', 'draws', 'losses'].map((c) => Number(tr.querySelector(`td.${c}`).textContent))])));
}

let players = null;

test('after a rated game each profile shows the results and a rating chart', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser)).page;
  const aliceName = await signUp(alice, 'pfalice');
  const bobName = await signUp(bob, 'pfbob');
  const id = await smallLoaChallenge(alice, bob, '3+2', true);
  await resignAfterAMoveEach(alice, bob, id);
  await bob.waitForSelector('#result-banner .rating-change', { timeout: 10000 });

  // Bob's own profile, from the header.
  await bob.click('.main-nav a[href^="/profile/"]');
  await bob.waitForSelector('#results');
  assert.match(await bob.textContent('#member-since'), /Member since .*\d{4}/);
  assert.deepEqual(await shownResults(bob), { loa: [1, 0, 0] });
  const chart = bob.locator('#rating-charts figure.rating-chart[data-game="loa"][data-speed="blitz"]');
  await chart.waitFor();
  assert.equal(await chart.locator('svg circle.chart-dot').count(), 1, 'one point per rated game');
  assert.ok((await chart.locator('svg path.chart-line').getAttribute('d')).startsWith('M'));
  const server = await bob.evaluate(async (n) => (await fetch(`/api/users/${n}/ratings?game=loa&speed=blitz`)).json(), bobName);
  assert.equal(server.points.length, 1);
  assert.ok(server.points[0].rating > 1500, 'the winner gained');
  assert.match(await chart.locator('circle.chart-dot title').textContent(), new RegExp(`^${Math.round(server.points[0].rating)} · `));
  assert.ok(await bob.locator('#history .game-row').count() >= 1, 'recent games are listed');
  await assertNoRawKeys(bob);
  await screenshot(bob, 'profile-chart');

  // Alice's, as Bob sees it: one loss.
  await bob.goto(`${BASE}/profile/${aliceName}`);
  await bob.waitForSelector('#results');
  assert.deepEqual(await shownResults(bob), { loa: [0, 0, 1] });
  await bob.waitForSelector('#rating-charts circle.chart-dot');
  players = { alice, bob, aliceName, bobName };
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('on a phone the profile and its chart fit the width', async () => {
  assert.ok(players, 'the rated game was played');
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/profile/${players.bobName}`);
  await page.waitForSelector('#rating-charts svg');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  const svg = await page.$eval('#rating-charts svg', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(svg.right <= 390 && svg.width > 200, `the chart fills the screen's width (${svg.width})`);
  await screenshot(page, 'phone-profile');
  assert.deepEqual(page.errors, []);
});

/** The rows of "Your games": [{id, turn, text}]. */
function shownGames(page) {
  return page.$$eval('#my-games .game-row', (lis) => lis.map((li) => ({ id: li.dataset.id, turn: li.dataset.turn, text: li.textContent })));
}

test('"Your games" shows whose turn it is in an untimed game, and follows a move', async () => {
  assert.ok(players, 'the players signed up');
  const { alice, bob, aliceName, bobName } = players;
  const id = await smallLoaChallenge(alice, bob, 'untimed', false);
  const st = await serverState(alice, id);
  const mover = st.players[st.to_move].user.name === aliceName ? alice : bob;
  const waiter = mover === alice ? bob : alice;
  for (const p of [alice, bob]) {
    await p.click('.main-nav a[href="/my-games"]');
    await p.waitForURL(/\/my-games$/);
  }
  const rowOf = async (p) => {
    await p.waitForSelector(`#my-games .game-row[data-id="${id}"]`);
    return (await shownGames(p)).find((r) => r.id === id);
  };
  let m = await rowOf(mover);
  let w = await rowOf(waiter);
  assert.equal(m.turn, 'yours');
  assert.match(m.text, /Your turn/);
  assert.equal(w.turn, 'theirs');
  assert.match(w.text, /Their turn/);
  assert.match(m.text, new RegExp(`against ${mover === alice ? bobName : aliceName}`));
  assert.match(m.text, /Lines of Action/);
  assert.equal((await shownGames(mover))[0].turn, 'yours', 'your turn comes first');
  await screenshot(mover, 'my-games');

  // The mover plays; after a reload the turns have changed hands.
  await apiMove(mover, id, st.legal[0]);
  for (const p of [alice, bob]) await p.reload();
  m = await rowOf(mover);
  w = await rowOf(waiter);
  assert.equal(m.turn, 'theirs');
  assert.equal(w.turn, 'yours');
  assert.match(w.text, /last move/);
  assert.doesNotMatch(w.text, /no moves yet/);
  assert.equal((await shownGames(waiter))[0].id, id, 'now first on the other side');
  // The row opens the game.
  await waiter.click(`#my-games .game-row[data-id="${id}"] a[href="/game/${id}"]`);
  await waiter.waitForURL(new RegExp(`/game/${id}$`));
  await waiter.waitForSelector('svg.board');
  for (const p of [alice, bob]) {
    assert.deepEqual(p.errors, []);
    const raw = ((await p.textContent('body')).match(/\bmygames\.[a-z_]+/g)) || [];
    assert.deepEqual(raw, []);
  }
});

test('on a phone "Your games" fits the width', async () => {
  assert.ok(players, 'the players signed up');
  const page = await players.bob.context().newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE}/my-games`);
  await page.waitForSelector('#my-games .game-row');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  const link = await page.$eval('#my-games .game-row a.btn', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(link.right <= 390, `the game's link is on screen (${link.right})`);
  await screenshot(page, 'phone-my-games');
});
