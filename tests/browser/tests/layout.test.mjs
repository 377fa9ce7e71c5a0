// Every page of the site at 320, 390, 768, 1024 and 1366 px: nothing wider
// than the screen (no sideways scrolling), every header control whole
// (not cut, as "Sign up" showing as "GU" was); on a phone the header is a
// small band whose menu button (a disclosure: aria-expanded, Escape, a
// tap outside, any navigation close it) opens the links, Tournaments
// among them. The routes are main.js's (the puzzle pages among them).

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, signUp, screenshot, waitUntil, waitTurn, playOneMove, assertNoRawKeys, BASE, PHONE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const WIDTHS = [320, 390, 768, 1024, 1366];
/** The header's height on a phone, at most (a small band). */
const PHONE_HEADER = 64;

/** What shows once each page is drawn. */
function readySelector(path) {
  if (path === '/') return '.quick-tile';
  if (/^\/game\//.test(path) || path.startsWith('/analysis')) return 'svg.board';
  if (path === '/rules') return '.rules-card';
  if (path.startsWith('/rules/')) return '.rules-section';
  if (path.startsWith('/leaderboard')) return '#leaderboard tr, #leaderboard-empty, #leaderboard .empty';
  if (path === '/tournaments') return '.tournaments-layout';
  if (path.startsWith('/tournament/')) return '#tournament-title';
  if (path.startsWith('/profile')) return '.profile-head';
  if (path === '/my-games') return 'main section.card h1';
  if (path === '/replay') return '#import-text';
  if (path.startsWith('/replay/')) return '#replay-moves .move, #replay-moves .empty-row';
  if (path === '/signin' || path === '/signup') return '#account-submit';
  if (path === '/puzzles') return '.puzzle-card .mini-board svg';
  if (/^\/puzzles?\//.test(path)) return '.puzzle-layout svg.board .piece';
  throw new Error(`no ready selector for ${path}`);
}

/** Two frames: the header's fit (main.js) and late layout are done. */
function settle(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The page's layout problems at its current width: sideways scrolling,
 * a header control off the screen or cut (its text wider than its box;
 * a compact header's user name may end in an ellipsis), the header too
 * high on a phone.
 */
function layoutProblems(page, phoneHeader) {
  return page.evaluate((maxHeader) => {
    const problems = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth) problems.push(`the page is ${doc.scrollWidth} px wide`);
    const header = document.querySelector('.site-header');
    if (!header) return ['no header'];
    const hb = header.getBoundingClientRect();
    if (innerWidth <= 400 && hb.height > maxHeader) problems.push(`the header is ${Math.round(hb.height)} px high`);
    for (const el of header.querySelectorAll('a, button, select, .badge')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue; // not shown (the closed menu)
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${el.textContent.trim().slice(0, 20)}"`;
      if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(`${name} is off the screen (${Math.round(r.left)}–${Math.round(r.right)})`);
      const compactName = el.classList.contains('user-name') && header.classList.contains('compact');
      if (!compactName && el.tagName !== 'SELECT' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name} is cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return problems;
  }, phoneHeader);
}

/**
 * Check each path at each width: loaded on the narrowest screen, then the
 * window widened step by step (the layout and the header's fit follow the
 * window), then loaded again on the widest. Returns the problems found.
 */
async function checkPages(page, paths, label) {
  const found = [];
  const load = async (path, width) => {
    await page.setViewportSize({ width, height: width <= 400 ? 844 : 768 });
    await page.goto(`${BASE}${path}`);
    await page.waitForSelector(readySelector(path), { timeout: 30000 })
      .catch(async (err) => { throw new Error(`${label} ${width} px ${path}: ${err.message}\n${await page.textContent('main').catch(() => '')}`); });
  };
  const check = async (path, width) => {
    await settle(page);
    for (const p of await layoutProblems(page, PHONE_HEADER)) found.push(`${label} ${width} px ${path}: ${p}`);
  };
  for (const path of paths) {
    await load(path, WIDTHS[0]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width <= 400 ? 844 : 768 });
      await check(path, width);
      if (width === 320 && path === paths[0]) await screenshot(page, `layout-${label}-320`);
    }
    const widest = WIDTHS[WIDTHS.length - 1];
    await load(path, widest);
    await check(path, `${widest} (loaded)`);
  }
  return found;
}

test('every page fits 320, 390, 768, 1024 and 1366 px, for a registered player', async () => {
  const { page } = await newPlayer(browser, { viewport: { width: 1366, height: 768 } });
  const name = await signUp(page, 'layout');
  // A game against the computer (one click on a quick start tile) and a tournament (its form).
  await page.goto(`${BASE}/`);
  await page.click('.quick-tile[data-quick="computer"][data-game="loa"]');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const game = page.url().split('/').pop();
  // A move each, then resigning: a finished game, to replay and to analyse.
  assert.ok(await waitTurn(page), 'the player\'s turn comes');
  await playOneMove(page);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 2, null, { timeout: 15000 });
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-banner');
  await page.click('.main-nav a.nav-tournaments');
  await page.waitForSelector('#tournament-create');
  await page.fill('#tournament-name', 'Layout cup');
  await page.click('#tournament-create');
  await page.waitForURL(/\/tournament\/[a-z0-9]+$/);
  const tournament = page.url().split('/').pop();
  const paths = ['/', `/game/${game}`, '/rules', '/rules/loa', '/rules/pursuit', '/rules/football', '/leaderboard', '/tournaments',
    `/tournament/${tournament}`, `/profile/${name}`, '/my-games', '/replay', `/replay/${game}`, '/analysis', `/analysis/${game}`, '/signin', '/signup',
    '/puzzles', '/puzzles/loa', '/puzzles/football/daily', '/puzzle/pursuit-0001'];
  const found = await checkPages(page, paths, 'player');
  assert.deepEqual(found, []);
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});

test('the guest\'s pages fit every width, in English and in Russian (long words)', async () => {
  for (const locale of ['en-US', 'ru-RU']) {
    const { page, context } = await newPlayer(browser, { locale, viewport: { width: 1366, height: 768 } });
    await page.goto(`${BASE}/`);
    await page.click('.quick-tile[data-quick="computer"][data-game="football"]');
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const game = page.url().split('/').pop();
    await page.waitForSelector('.site-header .user-name');
    const guest = (await page.textContent('.site-header .user-name')).trim();
    const found = await checkPages(page, ['/', `/game/${game}`, `/profile/${guest}`, '/leaderboard', '/puzzles', '/puzzles/pursuit'], `guest-${locale}`);
    assert.deepEqual(found, []);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('at 1366 px the whole header shows on one line: the guest\'s "Sign up", the player\'s "Sign out"', async () => {
  const guest = (await newPlayer(browser, { viewport: { width: 1366, height: 768 } })).page;
  await guest.goto(`${BASE}/`);
  await guest.click('.quick-tile[data-quick="computer"][data-game="pursuit"]');
  await guest.waitForURL(/\/game\//);
  await guest.waitForSelector('.site-header .account a[href="/signup"]');
  assert.equal((await guest.textContent('.site-header .account a[href="/signup"]')).trim(), 'Sign up');
  assert.equal(await guest.isVisible('#menu-button'), false, 'no menu button: the links are in the header');
  assert.ok(await guest.isVisible('.main-nav a.nav-tournaments'));
  assert.deepEqual(await layoutProblems(guest, PHONE_HEADER), []);
  await screenshot(guest, 'header-guest-1366');

  const player = (await newPlayer(browser, { viewport: { width: 1366, height: 768 } })).page;
  await signUp(player, 'header');
  await player.waitForSelector('.site-header .account button');
  assert.equal((await player.textContent('.site-header .account button')).trim(), 'Sign out');
  assert.equal(await player.isVisible('#menu-button'), false);
  assert.deepEqual(await layoutProblems(player, PHONE_HEADER), []);
  for (const p of [guest, player]) assert.deepEqual(p.errors, []);
});

test('on a phone the header is a small band; its menu opens by a tap and leads to Tournaments', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/`);
  await page.click('.quick-tile[data-quick="computer"][data-game="loa"]'); // a guest, with a notification bell and an account
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('svg.board');
  const header = await page.$eval('.site-header', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(header.height <= PHONE_HEADER, `the header takes ${header.height} px`);
  assert.ok(await page.isVisible('.site-header .user-name'), 'the name shows in the band');
  assert.equal(await page.isVisible('.main-nav a.nav-tournaments'), false, 'the links wait in the closed menu');

  // The menu button: a real button, named, that says whether the menu is open.
  const button = page.locator('#menu-button');
  assert.equal(await button.evaluate((e) => e.tagName), 'BUTTON');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.ok((await button.getAttribute('aria-label')).length > 0, 'a name for screen readers');
  assert.equal(await page.locator(`#${await button.getAttribute('aria-controls')}`).count(), 1, 'it names the menu it opens');
  await button.tap();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await page.waitForSelector('.main-nav a.nav-tournaments', { state: 'visible' });
  const menu = await page.$eval('#site-menu', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(menu.left >= 0 && menu.right <= 390, `the menu fits the width (${menu.left}–${menu.right})`);
  assert.ok(menu.bottom <= 844, `the whole menu is on the screen (${menu.bottom})`);
  for (const sel of ['.main-nav a[href="/leaderboard"]', '.main-nav a.nav-tournaments', '#lang-select', '#sound-toggle', '.menu-account a[href="/signup"]']) {
    assert.ok(await page.isVisible(sel), `${sel} is in the menu`);
  }
  const link = await page.$eval('.main-nav a.nav-tournaments', (e) => e.getBoundingClientRect().height);
  assert.ok(link >= 40, `a link is a touch target (${link} px)`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling with the menu open');
  await screenshot(page, 'phone-menu');
  // A tap on Tournaments goes there and closes the menu.
  await page.tap('.main-nav a.nav-tournaments');
  await page.waitForURL(/\/tournaments$/);
  await page.waitForSelector('.tournaments-layout');
  assert.equal(await button.getAttribute('aria-expanded'), 'false', 'the menu closed on the way');
  assert.equal(await page.isVisible('.main-nav a.nav-tournaments'), false);

  // Escape closes it and gives the focus back to its button.
  await button.tap();
  await page.waitForSelector('.main-nav', { state: 'visible' });
  await page.keyboard.press('Escape');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'menu-button');
  // So does a tap outside it (below it, on the page's margin).
  await button.tap();
  await page.waitForSelector('.main-nav', { state: 'visible' });
  const below = await page.$eval('#site-menu', (e) => e.getBoundingClientRect().bottom);
  await page.touchscreen.tap(4, Math.min(below + 30, 830));
  await waitUntil(page, () => document.getElementById('menu-button').getAttribute('aria-expanded') === 'false', null, { timeout: 3000 });
  assert.deepEqual(page.errors, []);
});

test('the menu works from the keyboard', async () => {
  const { page } = await newPlayer(browser, { viewport: { width: 768, height: 900 } });
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#menu-button');
  await page.focus('#menu-button');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#menu-button', 'aria-expanded'), 'true');
  // The links come next in the tab order.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '/');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#menu-button', 'aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'menu-button');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('#menu-button', 'aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '/tournaments');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/tournaments$/);
  assert.equal(await page.getAttribute('#menu-button', 'aria-expanded'), 'false');
  assert.deepEqual(page.errors, []);
});
