// Challenges by name, from the invited player's side (issue point 4):
// the challenge's page is written to them ("alice challenges you: Lines of
// Action, 5+3, rated", Accept / Decline, the board from their side, no
// "Join", no spectators' chat, not "Waiting for <their name>"); a toast
// pops up on whatever page they are (Accept / Decline / View; it goes by
// itself or on a click); the challenger's form suggests names (recent
// opponents; the server's names when it offers them, none when it does
// not); the private link has a copy button. Desktop (1366×768) and phone
// (390×844, touch). Everything by clicks; the challenger is a second
// browser context.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, signUp, screenshot, assertNoRawKeys, waitUntil, PHONE, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** From the lobby's form: challenge `name` to Lines of Action, 5+3, first side (rated if `rated`); returns the game id. */
async function challenge(page, name, { rated = true } = {}) {
  await page.goto(`${BASE}/`);
  await page.click('.game-choice[data-game="loa"]');
  await page.click('#clock-choice [data-clock="5+3"]');
  await page.click('#opponent-choice [data-opponent="player"]');
  await page.fill('#challenge-user', name);
  await page.selectOption('#side', 'first');
  if (rated) await page.check('#rated');
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('.status-line');
  return page.url().split('/').pop();
}

/** Whether the element `sel` lies wholly in the viewport (not hidden by scrolling). */
async function inViewport(page, sel) {
  const box = await page.locator(sel).boundingBox();
  const vp = page.viewportSize();
  return Boolean(box) && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height + 0.5 && box.x + box.width <= vp.width + 0.5;
}

for (const [label, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${label}: the invited player gets a toast and a page written to them, and accepts`, async () => {
    const alice = await newPlayer(browser, DESKTOP);
    const bob = await newPlayer(browser, options);
    const A = await signUp(alice.page, 'chal');
    const B = await signUp(bob.page, 'chbo');
    await bob.page.goto(`${BASE}/leaderboard`); // anywhere in the app

    const id = await challenge(alice.page, B);
    // The challenger waits for Bob by name.
    await waitUntil(alice.page, (b) => document.querySelector('.status-line').textContent.includes(`Waiting for ${b}`), B, { timeout: 10000 });

    // Bob, on another page, gets the toast: who, what, and the buttons.
    const toast = `.challenge-toast[data-game="${id}"]`;
    await bob.page.waitForSelector(toast, { timeout: 15000 });
    const text = await bob.page.textContent(toast);
    assert.match(text, new RegExp(`${A} challenges you`));
    assert.match(text, /Lines of Action, 5\+3, rated/);
    for (const b of ['.toast-accept', '.toast-decline', '.toast-view']) assert.ok(await bob.page.isVisible(`${toast} ${b}`), `the toast has ${b}`);
    assert.ok(await inViewport(bob.page, toast), 'the toast is on the screen');
    await screenshot(bob.page, `challenge-toast-${label}`);

    // View: the challenge's page, written to Bob.
    await bob.page.click(`${toast} .toast-view`);
    await bob.page.waitForURL(new RegExp(`/game/${id}$`));
    await bob.page.waitForSelector('#challenge-card');
    assert.equal(await bob.page.$(toast), null, 'the toast went');
    const card = await bob.page.textContent('#challenge-card');
    assert.match(card, new RegExp(`${A} challenges you`));
    assert.match(card, /Lines of Action, 5\+3, rated/);
    assert.match(card, /You would play White/);
    assert.ok(await inViewport(bob.page, '#challenge-accept'), 'Accept shows without scrolling');
    assert.ok(await inViewport(bob.page, '#challenge-decline'), 'Decline shows without scrolling');
    const status = await bob.page.textContent('#status-line');
    assert.match(status, new RegExp(`${A} challenges you`));
    assert.doesNotMatch(status, /Waiting for/);
    assert.equal(await bob.page.$('#join-game'), null, 'no "Join" button');
    assert.equal(await bob.page.isVisible('.chat-card'), false, 'no spectators\' chat');
    // The board from Bob's side: White (the free seat) at the bottom, Black (Alice) on top.
    assert.ok(await bob.page.$('.player-bar.bottom .clock[data-side="1"]'), 'Bob\'s side at the bottom');
    assert.match(await bob.page.textContent('.player-bar.top'), new RegExp(A));
    await assertNoRawKeys(bob.page);
    await screenshot(bob.page, `challenge-page-${label}`);

    // Accept: the game starts for both, Bob still at the bottom.
    await bob.page.click('#challenge-accept');
    for (const p of [alice.page, bob.page]) await p.waitForSelector('#resign', { timeout: 10000 });
    await bob.page.waitForSelector('#challenge-card', { state: 'hidden' });
    assert.ok(await bob.page.$('.player-bar.bottom .clock[data-side="1"]'));
    assert.match(await bob.page.textContent('.player-bar.bottom'), new RegExp(B));
    assert.ok(await bob.page.isVisible('.chat-card'), 'the players\' chat once seated');
    // Accepted here: the bell's list offers it no more.
    await bob.page.click('#notify-button');
    await bob.page.waitForSelector(`.notify-item[data-game="${id}"] .notify-note`);
    assert.equal(await bob.page.$(`.notify-item[data-game="${id}"] .notify-accept`), null);
    assert.deepEqual(alice.page.errors, []);
    assert.deepEqual(bob.page.errors, []);
    await alice.context.close();
    await bob.context.close();
  });

  test(`${label}: the toast's Decline and Accept, and it goes by itself or on a click`, async () => {
    const alice = await newPlayer(browser, DESKTOP);
    const bob = await newPlayer(browser, options);
    const A = await signUp(alice.page, 'tsal');
    const B = await signUp(bob.page, 'tsbo');
    await bob.page.goto(`${BASE}/`);

    // Decline from the toast: it goes; Alice's page says so.
    const first = await challenge(alice.page, B, { rated: false });
    let toast = `.challenge-toast[data-game="${first}"]`;
    await bob.page.waitForSelector(toast, { timeout: 15000 });
    assert.match(await bob.page.textContent(toast), /Lines of Action, 5\+3, casual/);
    await bob.page.click(`${toast} .toast-decline`);
    await bob.page.waitForSelector(toast, { state: 'detached' });
    await waitUntil(alice.page, (b) => document.querySelector('.status-line').textContent.includes(`${b} declined the challenge`), B, { timeout: 10000 });

    // A click on the toast (not on a button) puts it away; the challenge stays in the bell.
    const second = await challenge(alice.page, B, { rated: false });
    toast = `.challenge-toast[data-game="${second}"]`;
    await bob.page.waitForSelector(toast, { timeout: 15000 });
    await bob.page.click(`${toast} .toast-title`);
    await bob.page.waitForSelector(toast, { state: 'detached' });
    // Left alone (the pointer elsewhere: on it, it waits), a toast goes by itself.
    await alice.page.click('#cancel-game');
    await alice.page.waitForSelector('#create-game');
    await bob.page.mouse.move(5, 5);
    const third = await challenge(alice.page, B, { rated: false });
    toast = `.challenge-toast[data-game="${third}"]`;
    await bob.page.waitForSelector(toast, { timeout: 15000 });
    await bob.page.waitForSelector(toast, { state: 'detached', timeout: 25000 });

    // Accept from a toast: Bob lands in the game, which starts.
    await alice.page.click('#cancel-game');
    await alice.page.waitForSelector('#create-game');
    const fourth = await challenge(alice.page, B, { rated: false });
    toast = `.challenge-toast[data-game="${fourth}"]`;
    await bob.page.waitForSelector(toast, { timeout: 15000 });
    await bob.page.click(`${toast} .toast-accept`);
    await bob.page.waitForURL(new RegExp(`/game/${fourth}$`));
    for (const p of [alice.page, bob.page]) await p.waitForSelector('#resign', { timeout: 10000 });
    assert.match(await bob.page.textContent('.player-bar.top'), new RegExp(A));
    assert.deepEqual(alice.page.errors, []);
    assert.deepEqual(bob.page.errors, []);
    await alice.context.close();
    await bob.context.close();
  });

  test(`${label}: the challenger's form suggests recent opponents; the link has a copy button`, async () => {
    const alice = await newPlayer(browser, options);
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    const bob = await newPlayer(browser, DESKTOP);
    await signUp(alice.page, 'sgal');
    const B = await signUp(bob.page, 'sgbo');

    // A first game against Bob (by link, accepted at once, then aborted).
    await alice.page.goto(`${BASE}/`);
    await alice.page.click('.game-choice[data-game="loa"]');
    await alice.page.click('#clock-choice [data-clock="untimed"]');
    await alice.page.click('#opponent-choice [data-opponent="challenge"]');
    await alice.page.click('#create-game');
    await alice.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    // The private link, copied by its button.
    await alice.page.waitForSelector('#copy-link');
    assert.match(await alice.page.textContent('#copy-link'), /Copy link/);
    await alice.page.click('#copy-link');
    await waitUntil(alice.page, () => /Copied/.test(document.querySelector('#copy-link')?.textContent || ''));
    const copied = await alice.page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, alice.page.url(), 'the link is on the clipboard');
    await screenshot(alice.page, `challenge-link-${label}`);
    await bob.page.goto(copied);
    await bob.page.click('#join-game');
    await alice.page.waitForSelector('#abort', { timeout: 10000 });
    await alice.page.click('#abort');
    await alice.page.waitForSelector('.result-banner:not([hidden])', { timeout: 10000 });

    // The form: Bob is suggested at once; a click fills the name.
    await alice.page.click('a.logo');
    await alice.page.waitForSelector('#create-game');
    await alice.page.click('#opponent-choice [data-opponent="player"]');
    const chip = `#challenge-suggestions .name-suggestion[data-name="${B}"]`;
    await alice.page.waitForSelector(chip, { timeout: 10000 });
    // Typing narrows them (the server's names, where it has none to give, add nothing).
    await alice.page.click('#challenge-user');
    await alice.page.keyboard.type(B.slice(0, 3));
    await alice.page.waitForTimeout(600);
    assert.ok(await alice.page.isVisible(chip), 'a prefix of the name keeps it');
    await alice.page.fill('#challenge-user', '');
    await alice.page.keyboard.type('zzq');
    await alice.page.waitForSelector('#challenge-suggestions', { state: 'hidden' });
    // A server that lists names (`GET /api/users?prefix=`, stood in for
    // here: this one answers 404) adds its own after the recent opponents.
    const asked = [];
    await alice.page.route((u) => u.pathname === '/api/users', (route) => {
      asked.push(new URL(route.request().url()).searchParams.get('prefix'));
      return route.fulfill({ json: { users: [{ name: 'zzqa' }, { name: 'Zzqb' }] } });
    });
    await alice.page.fill('#challenge-user', '');
    await alice.page.keyboard.type('zz');
    await alice.page.waitForSelector('#challenge-suggestions .name-suggestion[data-name="Zzqb"]');
    assert.deepEqual(await alice.page.$$eval('#challenge-suggestions .name-suggestion', (els) => els.map((e) => e.textContent)), ['zzqa', 'Zzqb']);
    assert.ok(asked.includes('zz'), `asked with what is typed: ${asked}`);
    await alice.page.unroute((u) => u.pathname === '/api/users');
    await alice.page.fill('#challenge-user', '');
    await alice.page.keyboard.type(B.slice(0, 2));
    await alice.page.waitForSelector(chip);
    await screenshot(alice.page, `challenge-suggestions-${label}`);
    await alice.page.click(chip);
    assert.equal(await alice.page.inputValue('#challenge-user'), B);
    await alice.page.waitForSelector('#challenge-suggestions', { state: 'hidden' });
    await assertNoRawKeys(alice.page);
    assert.deepEqual(alice.page.errors, []);
    assert.deepEqual(bob.page.errors, []);
    await alice.context.close();
    await bob.context.close();
  });
}
