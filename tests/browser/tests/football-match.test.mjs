// Chess Football's match page (issue point 7, and the small points 8 that
// show there): a goal on the match's last action leaves the result and
// the Rematch button in view (the "GOAL!" flash does not cover them), and
// a dribble and a shot that both score are not asked about; the result
// pops up once (not on a later visit, where "Result" shows it); the page
// opens with the opponent's bar, the board and one's own bar on the
// screen at 1366×768; the tray says why the King waits while the
// kick-off piece goes first; the move list writes the team choice and the
// placements in words; the rules page tells the kick-off as the engine
// plays it.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, clickPoint, movableKeys, dragPoint, screenshot, assertNoRawKeys, waitUntil, PHONE, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { viewport: { width: 1366, height: 768 } };

// White's Queen holds the ball on d6, Black's King far in a corner: the
// second half's last action (half length 1, one action played). d6-d8
// (dribble into the goal) and d6>d8 (shot) both score and end the match.
const LAST_ACTION = 'k7/8/3Q4/8/8/8/8/4K3 d6 w play b 2 1 0-0 QRN/QRN -/- -';

/** The boxes of two elements overlap. */
function overlap(a, b) {
  return a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const [label, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${label}: a goal on the last action leaves the result and Rematch in view; no question for a dribble or a shot that both score`, async () => {
    const { context, page } = await newPlayer(browser, options);
    const id = await createGame(page, { game: 'football', options: { 'half-length': '1' }, position: LAST_ACTION, level: 'random', side: 'first' });
    assert.ok(await waitTurn(page));
    await clickPoint(page, 'd6');
    const targets = await page.$$eval('svg.board .mark-target', (els) => els.map((e) => e.dataset.target));
    assert.ok(targets.includes('d8'), 'd8 is a target');
    await clickPoint(page, 'd8');
    // No "Which move?": both end in the same goal.
    await page.waitForSelector('.result-banner:not([hidden]) #result-banner', { timeout: 10000 });
    assert.equal(await page.$('dialog.chooser'), null, 'no chooser');
    // At once (the flash lasts 1.8 s): nothing covers the result or Rematch.
    const banner = await page.locator('#result-banner').boundingBox();
    const flashes = await page.$$eval('.goal-flash', (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    for (const f of flashes) assert.ok(!overlap(f, banner), `the goal flash covers the result: ${JSON.stringify(f)}`);
    assert.match(await page.textContent('#result-banner'), /You won!/);
    assert.match(await page.textContent('#result-banner'), /1-0|1 : 0|1–0/);
    assert.match(await page.textContent('#scoreboard'), /1 : 0/);
    await screenshot(page, `football-last-goal-${label}`);
    await assertNoRawKeys(page);

    // A later visit: the result is in the status line, the pop-up only on request.
    await page.reload();
    await page.waitForSelector('svg.board');
    await page.waitForSelector('#show-result');
    assert.equal(await page.isVisible('#result-banner'), false, 'no pop-up on a later visit');
    assert.match(await page.textContent('#status-line'), /White wins|wins/);
    await page.click('#show-result');
    await page.waitForSelector('#result-banner');
    // Closed, it stays closed while the page redraws (the board turned).
    await page.click('#result-banner .btn.ghost:last-child');
    await page.waitForSelector('#result-banner', { state: 'hidden' });
    await page.click('.nav-buttons button:last-child');
    await page.waitForTimeout(300);
    assert.equal(await page.isVisible('#result-banner'), false, 'closed stays closed');

    // Rematch is there to click: against the computer it starts at once.
    await page.click('#show-result');
    await page.click('#rematch');
    await page.waitForURL((u) => /\/game\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(`/${id}`), { timeout: 15000 });
    await page.waitForSelector('svg.board');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('desktop 1366×768: the match opens with both bars and the board on the screen; the tray says why the King waits; moves in words', async () => {
  const { context, page } = await newPlayer(browser, DESKTOP);
  await createGame(page, { game: 'football', options: { 'half-length': '1' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await page.waitForSelector('#team-picker');
  await page.waitForTimeout(800); // any scrolling would be done
  const onScreen = async () => {
    const header = await page.locator('.site-header').boundingBox();
    const top = await page.locator('.player-bar.top').boundingBox();
    const board = await page.locator('svg.board').boundingBox();
    const bottom = await page.locator('.player-bar.bottom').boundingBox();
    assert.ok(top.y >= header.y + header.height - 1, `the opponent's bar is not under the header (${top.y})`);
    assert.ok(board.y >= top.y + top.height - 1, 'the board under it');
    assert.ok(bottom.y + bottom.height <= 768, `one's own bar on the screen (${bottom.y + bottom.height})`);
  };
  await onScreen();
  assert.ok(await page.locator('#confirm-team').boundingBox().then((b) => b.y + b.height <= 768), 'the team choice can be confirmed without scrolling');
  await screenshot(page, 'football-open-desktop');

  for (const piece of ['Q', 'R', 'N']) await page.click(`#team-picker .btn.pick[data-piece="${piece}"]`);
  await page.click('#confirm-team');
  // The move list writes the choice in words.
  await waitUntil(page, () => [...document.querySelectorAll('#move-list .move')].some((m) => m.textContent.includes('White picks Q R N')));
  // White kicks off: Black places first, then White's first piece is the kick-off piece on e4.
  await waitUntil(page, () => document.querySelector('svg.board .piece.movable[data-key^="hand:"]'), null, { timeout: 20000 });
  await page.waitForSelector('#tray-note');
  assert.match(await page.textContent('#tray-note'), /The King waits: your first piece goes on e4/);
  assert.ok(await page.$('svg.board .tray-waiting[data-key="hand:K"]'), 'the King is in the tray, waiting');
  assert.ok(!(await movableKeys(page)).includes('hand:K'), 'the King cannot be placed yet');
  await onScreen();
  await screenshot(page, 'football-king-waits');
  await assertNoRawKeys(page);
  await dragPoint(page, 'hand:Q', 'e4');
  await waitUntil(page, () => [...document.querySelectorAll('#move-list .move')].some((m) => m.textContent.includes('Q to e4')));
  await waitUntil(page, () => document.querySelector('svg.board .piece.movable[data-key="hand:K"]'), null, { timeout: 10000 });
  assert.equal(await page.$('#tray-note'), null, 'no note once the King may go');
  assert.equal(await page.$('svg.board .tray-waiting'), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the rules page tells the kick-off as the engine plays it', async () => {
  const { context, page } = await newPlayer(browser, DESKTOP);
  await page.goto(`${BASE}/`);
  await page.click('.main-nav a[href="/rules"]');
  await page.click('a.rules-card[href="/rules/football"]');
  await page.waitForSelector('#placement');
  const text = await page.textContent('#placement');
  assert.doesNotMatch(text, /The kick-off is a pass\./);
  assert.match(text, /must be a pass to a teammate when one is possible/);
  assert.match(text, /dribble or shoot/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
