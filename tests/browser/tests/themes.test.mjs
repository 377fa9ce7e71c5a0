// Themes and board colours (issue 14): the dark theme follows the
// device's colour scheme, the header's switch overrides it and is
// remembered, the board palettes colour every board, and a game stays
// readable in the dark theme (pieces, highlights, target dots, clocks,
// banners), on a phone too.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, movableKeys, clickPoint, screenshot, assertNoRawKeys, waitUntil, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** `rgb(…)` / `rgba(…)` as [r, g, b, a]. */
function rgba(text) {
  return (String(text).match(/[\d.]+/g) || []).map(Number).concat([1]).slice(0, 4);
}
/** WCAG relative luminance of [r, g, b]. */
function lum([r, g, b]) {
  const lin = (v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
/** WCAG contrast ratio of two colours. */
function contrast(a, b) {
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}
/** `over` (with its alpha) painted on the opaque `under`. */
function blend(over, under) {
  return under.slice(0, 3).map((c, i) => c * (1 - over[3]) + over[i] * over[3]);
}

/** Computed colours: `spec` maps a name to [selector, CSS property]; each comes back as [r, g, b, a]. */
async function colours(page, spec) {
  const raw = await page.evaluate((sp) => Object.fromEntries(Object.entries(sp).map(([k, [sel, prop]]) => {
    const el = document.querySelector(sel);
    return [k, el ? getComputedStyle(el)[prop] : null];
  })), spec);
  for (const [k, v] of Object.entries(raw)) assert.ok(v, `${spec[k][0]} is on the page`);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, rgba(v)]));
}

/** The page's background luminance (0 black … 1 white). */
async function bodyLum(page) {
  return lum((await colours(page, { bg: ['body', 'backgroundColor'] })).bg);
}

/** A computed SVG fill of the first element matching `sel`. */
function fillOf(page, sel) {
  return page.$eval(sel, (e) => getComputedStyle(e).fill);
}

async function openMenu(page) {
  if (await page.getAttribute('#display-button', 'aria-expanded') !== 'true') await page.click('#display-button');
  await page.waitForSelector('#display-panel:not([hidden])');
}

test('dark follows the device; the switch picks light, remembered across a reload', async () => {
  const { page } = await newPlayer(browser, { colorScheme: 'dark' });
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-game');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.ok(await bodyLum(page) < 0.05, 'the page background is dark');
  // Text on cards reads on dark.
  const card = await colours(page, { ink: ['.card h2', 'color'], muted: ['.card .empty-row', 'color'], bg: ['.card', 'backgroundColor'] });
  assert.ok(contrast(card.ink, card.bg) >= 7 && contrast(card.muted, card.bg) >= 4.5, 'card texts read');
  await screenshot(page, 'lobby-dark');

  await openMenu(page);
  assert.equal(await page.getAttribute('#theme-choice [data-value="auto"]', 'aria-checked'), 'true', 'auto by default');
  await page.click('#theme-choice [data-value="light"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.ok(await bodyLum(page) > 0.8, 'the page background is light');
  assert.equal(await page.getAttribute('#theme-choice [data-value="light"]', 'aria-checked'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#display-panel', 'hidden'), '', 'Escape closes the menu');

  await page.reload();
  await page.waitForSelector('#create-game');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light', 'the choice outlives a reload, over the device\'s dark');
  assert.ok(await bodyLum(page) > 0.8);
  await openMenu(page);
  assert.equal(await page.getAttribute('#theme-choice [data-value="light"]', 'aria-checked'), 'true');
  // Back to auto: dark again, as the device says.
  await page.click('#theme-choice [data-value="auto"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  // Auto follows the device when it changes.
  await page.emulateMedia({ colorScheme: 'light' });
  await waitUntil(page, () => document.documentElement.dataset.theme === 'light');
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});

test('a board palette changes the squares of every board, remembered', async () => {
  const { page } = await newPlayer(browser);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('.game-choice[data-game="loa"] svg .sq-light');
  const loa = '.game-choice[data-game="loa"] svg .sq-light';
  const pitch = '.game-choice[data-game="football"] svg .sq-dark';
  const ring = '.game-choice[data-game="pursuit"] svg .lp-disc';
  const before = { loa: await fillOf(page, loa), pitch: await fillOf(page, pitch), ring: await fillOf(page, ring) };
  assert.equal(before.loa, 'rgb(239, 217, 180)', 'classic by default');
  await openMenu(page);
  const swatches = await page.$$eval('#palette-choice .palette-option', (els) => els.map((e) => e.dataset.value));
  assert.ok(swatches.length >= 3, `a few palettes: ${swatches}`);
  // Each swatch shows its own colours.
  const swatchFills = await page.$$eval('#palette-choice .swatch', (els) => els.map((e) => getComputedStyle(e.querySelector('.sw-loa-light')).fill));
  assert.equal(new Set(swatchFills).size, swatchFills.length, 'swatches differ');
  await page.click('#palette-choice [data-value="ocean"]');
  assert.equal(await page.getAttribute('#palette-choice [data-value="ocean"]', 'aria-checked'), 'true');
  assert.equal(await fillOf(page, loa), 'rgb(222, 227, 230)', 'the Lines of Action square took the palette');
  assert.notEqual(await fillOf(page, pitch), before.pitch, 'the pitch too');
  assert.notEqual(await fillOf(page, ring), before.ring, 'and the ring');
  await screenshot(page, 'palette-ocean');
  await page.reload();
  await page.waitForSelector(loa);
  assert.equal(await fillOf(page, loa), 'rgb(222, 227, 230)', 'remembered');
  // A game's board has it as well.
  await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random', side: 'first' });
  assert.equal(await fillOf(page, '.board-host svg.board .sq-light'), 'rgb(222, 227, 230)');
  assert.deepEqual(page.errors, []);
});

test('in the dark theme a game reads: pieces, targets, clocks, status and the banner', async () => {
  const { page } = await newPlayer(browser, { colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('gamut.palette', 'forest'));
  await createGame(page, { game: 'loa', options: { size: '6' }, clock: '5+3', level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await clickPoint(page, (await movableKeys(page))[0]);
  await page.waitForSelector('svg.board .mark-target');
  const target = await page.$eval('svg.board .mark-target:not(.occupied)', (e) => e.dataset.target);
  const c = await colours(page, {
    dot: ['svg.board .mark-target:not(.occupied)', 'fill'],
    square: [`svg.board [data-square="${target}"]`, 'fill'],
    light: ['svg.board .sq-light', 'fill'],
    dark: ['svg.board .sq-dark', 'fill'],
    black: ['svg.board .loa-piece.side-black .body', 'fill'],
    white: ['svg.board .loa-piece.side-white .body', 'fill'],
    clockInk: ['.clock.running', 'color'],
    clockBg: ['.clock.running', 'backgroundColor'],
    idleInk: ['.clock:not(.running)', 'color'],
    idleBg: ['.clock:not(.running)', 'backgroundColor'],
    statusInk: ['.status-line', 'color'],
    statusBg: ['.status-line', 'backgroundColor'],
    nameInk: ['.player-name', 'color'],
    barBg: ['.player-bar', 'backgroundColor'],
  });
  const r = {
    dot: contrast(blend(c.dot, c.square), c.square),
    black: Math.min(contrast(c.black, c.light), contrast(c.black, c.dark)),
    white: contrast(c.white, c.dark),
    clock: contrast(c.clockInk, c.clockBg),
    idle: contrast(c.idleInk, c.idleBg),
    status: contrast(c.statusInk, c.statusBg),
    name: contrast(c.nameInk, c.barBg),
  };
  assert.ok(r.dot >= 1.8, `target dots stand out from their squares (${r.dot.toFixed(2)})`);
  assert.ok(r.black >= 1.3 && r.white >= 1.8, `pieces stand out (${r.black.toFixed(2)}, ${r.white.toFixed(2)})`);
  assert.ok(r.clock >= 4.5, `the running clock reads (${r.clock.toFixed(2)})`);
  assert.ok(r.idle >= 4.5, `the waiting clock reads (${r.idle.toFixed(2)})`);
  assert.ok(r.status >= 4.5, `the status line reads (${r.status.toFixed(2)})`);
  assert.ok(r.name >= 4.5, `names read (${r.name.toFixed(2)})`);
  await screenshot(page, 'loa-dark-forest');
  // The result banner.
  await page.keyboard.press('Escape');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-banner');
  const b = await colours(page, { ink: ['#result-banner h2', 'color'], score: ['#result-banner .banner-score', 'color'], bg: ['#result-banner', 'backgroundColor'] });
  assert.ok(contrast(b.ink, b.bg) >= 4.5, `the banner reads (${contrast(b.ink, b.bg).toFixed(2)})`);
  assert.ok(contrast(b.score, b.bg) >= 3, `its large score too (${contrast(b.score, b.bg).toFixed(2)})`);
  await screenshot(page, 'loa-dark-result');
  assert.deepEqual(page.errors, []);
});

test('on a phone the display menu fits the screen and switches by touch', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#display-button');
  await page.tap('#display-button');
  await page.waitForSelector('#display-panel:not([hidden])');
  const box = await page.$eval('#display-panel', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(box.left >= 0 && box.right <= 390, `the menu is within the width (${box.left}–${box.right})`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  for (const sel of ['#theme-choice [data-value="dark"]', '#palette-choice [data-value="slate"]']) {
    const h = await page.$eval(sel, (e) => e.getBoundingClientRect().height);
    assert.ok(h >= 36, `${sel} is a touch target (${h} px)`);
  }
  await page.tap('#theme-choice [data-value="dark"]');
  await page.tap('#palette-choice [data-value="slate"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('html', 'data-palette'), 'slate');
  await screenshot(page, 'phone-display-menu');
  // A tap outside (below the menu) closes it.
  await page.touchscreen.tap(20, 830);
  await waitUntil(page, () => document.getElementById('display-panel').hidden);
  assert.deepEqual(page.errors, []);
});
