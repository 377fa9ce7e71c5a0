// Challenges by name, notifications and rematches (issue 14): Alice
// challenges Bob from his profile, Bob (on a phone) sees the bell's badge
// and accepts from the list, the game starts for both; after it ends
// (aborted) Alice offers a rematch, Bob accepts from the banner and both
// land in the new game with the sides swapped; then a rematch declined
// from the list and a challenge declined; against the computer a rematch
// starts at once.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, serverState, screenshot, assertNoRawKeys, waitUntil, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const suffix = Date.now().toString(36).slice(-6);

/** Sign up `name` in this page's context, then load the lobby signed in. */
async function signUp(page, name) {
  await page.goto(`${BASE}/`);
  const res = await page.evaluate(async (username) => {
    const r = await fetch('/api/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'correct horse battery' }) });
    return r.status;
  }, name);
  assert.equal(res, 200, `signed up ${name}`);
  await page.reload();
  await page.waitForSelector('#notify-button');
}

/** The bell's badge text ('' when hidden). */
function badge(page) {
  return page.$eval('#notify-badge', (b) => (b.hidden ? '' : b.textContent));
}

/** Challenge `name` from their profile with the lobby form's defaults (untimed, first side). */
async function challengeFromProfile(page, name) {
  await page.goto(`${BASE}/profile/${name}`);
  await page.click('#challenge-player');
  await page.waitForSelector('#challenge-user');
  assert.equal(await page.inputValue('#challenge-user'), name, 'the form names the player');
  assert.equal(await page.getAttribute('#opponent-choice [data-opponent="player"]', 'aria-checked'), 'true');
  await page.click('.game-choice[data-game="loa"]');
  await page.click('#clock-choice [data-clock="untimed"]');
  await page.selectOption('#side', 'first');
  assert.match(await page.textContent('#create-game'), /Send challenge/);
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  return page.url().split('/').pop();
}

/** Wait until the page shows game `id` (not `not`) with its board. */
async function landedIn(page, not) {
  await page.waitForURL((u) => /\/game\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(`/${not}`), { timeout: 15000 });
  await page.waitForSelector('svg.board');
  return page.url().split('/').pop();
}

test('challenge by name, notifications, rematch accepted and declined', async () => {
  const A = `alice_${suffix}`;
  const B = `bob_${suffix}`;
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signUp(alice.page, A);
  await signUp(bob.page, B);
  assert.equal(await badge(bob.page), '', 'nothing new yet');

  // Alice challenges Bob from his profile; she waits in the new game.
  const first = await challengeFromProfile(alice.page, B);
  await alice.page.waitForSelector('.status-line');
  // The waiting page names whom it waits for.
  await waitUntil(alice.page, (b) => document.querySelector('.status-line').textContent.includes(`Waiting for ${b}`), B, { timeout: 10000 });

  // Bob, in the lobby, sees the badge come; the list shows the challenge
  // (with the game) and opening it marks it seen.
  await waitUntil(bob.page, () => document.querySelector('#notify-badge:not([hidden])')?.textContent === '1', null, { timeout: 10000 });
  await bob.page.click('#notify-button');
  const item = `.notify-item[data-kind="challenge"][data-game="${first}"]`;
  await bob.page.waitForSelector(`${item} .notify-accept`);
  assert.ok(await bob.page.isVisible(`${item} .notify-decline`));
  assert.match(await bob.page.textContent(item), new RegExp(`${A} challenges you`));
  await waitUntil(bob.page, (sel) => /Lines of Action/.test(document.querySelector(sel)?.textContent || ''), item);
  await waitUntil(bob.page, () => document.querySelector('#notify-badge').hidden);
  // On the phone the list fits the screen.
  const box = await bob.page.locator('#notify-panel').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the list fits the phone's width (${box.x}+${box.width})`);
  await bob.page.waitForTimeout(200); // the list's opening animation
  await screenshot(bob.page, 'notifications-phone');
  await assertNoRawKeys(bob.page);
  const seen = await bob.page.evaluate(async () => (await (await fetch('/api/notifications')).json()).unseen);
  assert.equal(seen, 0, 'marked seen on the server');

  // Bob accepts: the game starts for both.
  await bob.page.click(`${item} .notify-accept`);
  await bob.page.waitForURL(new RegExp(`/game/${first}$`));
  for (const p of [alice.page, bob.page]) await p.waitForSelector('#abort', { timeout: 10000 });
  assert.equal((await serverState(alice.page, first)).status, 'live');

  // Alice aborts (before the second ply); both see the banner. She offers a rematch.
  await alice.page.click('#abort');
  for (const p of [alice.page, bob.page]) await p.waitForSelector('.result-banner:not([hidden]) #rematch', { timeout: 10000 });
  await alice.page.click('#rematch');
  await alice.page.waitForSelector('#rematch-status.waiting');
  assert.match(await alice.page.textContent('#rematch-status'), new RegExp(`waiting for ${B}`));

  // Bob's banner shows the offer live; he accepts; both land in the new game.
  await bob.page.waitForSelector('#rematch-accept', { timeout: 10000 });
  assert.match(await bob.page.textContent('#rematch-status'), new RegExp(`${A} offers a rematch`));
  await assertNoRawKeys(bob.page);
  await screenshot(bob.page, 'rematch-offered-phone');
  await screenshot(alice.page, 'rematch-waiting');
  await bob.page.click('#rematch-accept');
  const second = await landedIn(bob.page, first);
  assert.equal(await landedIn(alice.page, first), second, 'Alice went to the rematch when it started');
  const before = await serverState(alice.page, first);
  const after = await serverState(alice.page, second);
  assert.equal(after.status, 'live');
  assert.equal(before.you, 0);
  assert.equal(after.you, 1, 'the sides are swapped');
  assert.equal(after.players[0].user.name, B);
  assert.equal(after.game, before.game);
  assert.deepEqual(after.options, before.options);

  // Decline: Bob aborts the rematch and offers another; Alice declines it
  // from her list; Bob's banner says so.
  await bob.page.waitForSelector('#abort', { timeout: 10000 });
  await bob.page.click('#abort');
  await bob.page.waitForSelector('.result-banner:not([hidden]) #rematch', { timeout: 10000 });
  await bob.page.click('#rematch');
  await bob.page.waitForSelector('#rematch-status.waiting');
  await waitUntil(alice.page, () => !document.querySelector('#notify-badge').hidden, null, { timeout: 10000 });
  await alice.page.click('#notify-button');
  const offer = '.notify-item[data-kind="rematch"]:not([data-game=""])';
  await alice.page.waitForSelector(`${offer} .notify-decline`);
  assert.match(await alice.page.textContent(offer), new RegExp(`${B} offers a rematch`));
  await alice.page.click(`${offer} .notify-decline`);
  await alice.page.waitForSelector(`${offer} .notify-note`);
  assert.match(await alice.page.textContent(`${offer} .notify-note`), /Declined/);
  await bob.page.waitForSelector('#rematch-status.declined', { timeout: 10000 });
  assert.match(await bob.page.textContent('#rematch-status'), new RegExp(`${A} declined the rematch`));
  // Alice's own banner follows her answer.
  await alice.page.waitForSelector('#rematch-status.refused');
  assert.equal((await bob.page.evaluate(async (id) => (await (await fetch(`/api/games/${id}/rematch`)).json()).game, second)), null, 'no offer pending');
  // Bob is told in his list too.
  await bob.page.click('#notify-button');
  await bob.page.waitForSelector(`.notify-item[data-kind="rematch-declined"][data-game="${second}"]`);
  await bob.page.keyboard.press('Escape');
  await waitUntil(bob.page, () => document.querySelector('#notify-panel').hidden);

  // A challenge declined: Alice challenges again; Bob declines from his list.
  const third = await challengeFromProfile(alice.page, B);
  await waitUntil(bob.page, () => !document.querySelector('#notify-badge').hidden, null, { timeout: 10000 });
  await bob.page.click('#notify-button');
  const ch = `.notify-item[data-kind="challenge"][data-game="${third}"]`;
  await bob.page.waitForSelector(`${ch} .notify-decline`);
  await bob.page.click(`${ch} .notify-decline`);
  await bob.page.waitForSelector(`${ch} .notify-note`);
  await waitUntil(alice.page, () => !document.querySelector('#notify-badge').hidden, null, { timeout: 10000 });
  await alice.page.click('#notify-button');
  await alice.page.waitForSelector('.notify-item[data-kind="challenge-declined"]');
  assert.match(await alice.page.textContent('.notify-item[data-kind="challenge-declined"]'), new RegExp(`${B} declined your challenge`));
  assert.equal(await alice.page.getAttribute('.notify-item[data-kind="challenge-declined"] a', 'href'), `/profile/${B}`);
  const gone = await alice.page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).status, third);
  assert.equal(gone, 404, 'the declined challenge is gone');
  // Its waiting page, still open, says so instead of waiting.
  await waitUntil(alice.page, (b) => document.querySelector('.status-line').textContent.includes(`${b} declined the challenge`), B, { timeout: 10000 });
  await alice.page.waitForTimeout(200);
  await screenshot(alice.page, 'notifications-list');
  await assertNoRawKeys(alice.page);

  assert.deepEqual(alice.page.errors, []);
  assert.deepEqual(bob.page.errors, []);
  await alice.context.close();
  await bob.context.close();
});

test('a rematch against the computer starts at once, sides swapped', async () => {
  const { context, page } = await newPlayer(browser);
  await signUp(page, `carol_${suffix}`);
  const id = await createGame(page, { game: 'loa', options: { size: '6' }, opponent: 'computer', level: 'random', side: 'first' });
  await page.waitForSelector('#abort', { timeout: 10000 });
  await page.click('#abort');
  await page.waitForSelector('.result-banner:not([hidden]) #rematch', { timeout: 10000 });
  await page.click('#rematch');
  const next = await landedIn(page, id);
  const st = await serverState(page, next);
  assert.notEqual(st.status, 'waiting');
  assert.equal(st.you, 1, 'the sides are swapped');
  assert.ok(st.players[0].computer, 'the computer plays first');
  assert.equal(st.options.size, '6');
  assert.deepEqual(page.errors, []);
  await context.close();
});
