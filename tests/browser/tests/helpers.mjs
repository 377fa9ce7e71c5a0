// Shared helpers for the browser tests: launching Chromium, reading the
// board from the DOM and making moves the way a person does (clicks,
// drags and taps on the SVG board).

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = process.env.GAMUT_URL || 'http://127.0.0.1:8080';
export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** Chromium with the flags the project uses everywhere. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--headless', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
}

/** Browser context options of a phone (390 px wide, touch). */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** A new page in a fresh context (its own cookies: its own guest). */
export async function newPlayer(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) page.errors.push(m.text()); });
  return { context, page };
}

/** Sign a fresh user up in this page (`prefix` and a number); returns the name. */
export async function signUp(page, prefix) {
  const name = `${prefix}${Date.now() % 1000000}`;
  await page.goto(`${BASE}/signup`);
  await page.fill('#username', name);
  await page.fill('#password', 'correct horse battery');
  await page.click('#account-submit');
  await page.waitForSelector('.user-name');
  return name;
}

/** Create a game from the lobby form; returns the game id. */
export async function createGame(page, { game, options = {}, position = '', clock = 'untimed', opponent = 'computer', level = 'random', side = 'first' }) {
  await page.goto(`${BASE}/`);
  await page.click(`.game-choice[data-game="${game}"]`);
  if (position) {
    await page.click('details.advanced summary');
    await page.fill('#start-position', position);
    await page.locator('#start-position').dispatchEvent('change');
  }
  for (const [key, value] of Object.entries(options)) {
    const el = page.locator(`#opt-${key}`);
    const kind = await el.evaluate((e) => (e.type === 'checkbox' ? 'checkbox' : e.tagName));
    if (kind === 'SELECT') await el.selectOption(value);
    else if (kind === 'checkbox') await el.setChecked(value === 'on');
    else await el.fill(value);
    await el.dispatchEvent('change');
  }
  await page.click(`#clock-choice [data-clock="${clock}"]`);
  await page.click(`#opponent-choice [data-opponent="${opponent}"]`);
  if (opponent === 'computer') await page.selectOption('#level', level);
  await page.selectOption('#side', side);
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('svg.board');
  return page.url().split('/').pop();
}

/** The centre of a board point (`e4`, `o10`, `hand:K`) in page pixels. */
export async function pointCenter(page, key) {
  const box = await page.evaluate((k) => {
    const el = document.querySelector(`svg.board [data-key="${k}"], svg.board [data-target="${k}"], svg.board [data-square="${k}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, key);
  return box;
}

/** Keys of the pieces the viewer can move now. */
export function movableKeys(page) {
  return page.$$eval('svg.board .piece.movable', (els) => els.map((e) => e.dataset.key));
}

/** Targets shown for the selected piece: [{key, occupied}]. */
export function targetKeys(page) {
  return page.$$eval('svg.board .mark-target', (els) => els.map((e) => ({ key: e.dataset.target, occupied: e.classList.contains('occupied') })));
}

export function moveCount(page) {
  return page.$$eval('#move-list .move', (els) => els.length);
}

/** Click a point of the board (a real mouse click at its centre). */
export async function clickPoint(page, key) {
  const p = await pointCenter(page, key);
  assert.ok(p, `no point ${key} on the board`);
  await page.mouse.click(p.x, p.y);
}

/** Drag from one point to another with the mouse. */
export async function dragPoint(page, from, to) {
  const a = await pointCenter(page, from);
  const b = await pointCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 6, a.y + ((b.y - a.y) * i) / 6);
  await page.mouse.up();
}

/**
 * Wait until `fn(arg)`, run in the page, returns a truthy value, and
 * resolve with it: Playwright's `page.waitForFunction` without its string
 * evaluation, which the server's Content-Security-Policy (no
 * 'unsafe-eval') refuses. Polls every `polling` ms (a page navigating
 * meanwhile is polled again); fails after `timeout` ms.
 */
export async function waitUntil(page, fn, arg, { timeout = 30000, polling = 50 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    let value;
    try {
      value = await page.evaluate(fn, arg);
    } catch (err) {
      if (!/context was destroyed|navigation|Cannot find context/i.test(err.message)) throw err;
    }
    if (value) return value;
    if (Date.now() > end) throw new Error(`waitUntil: Timeout ${timeout}ms exceeded: ${fn}`);
    await new Promise((resolve) => setTimeout(resolve, polling));
  }
}

/** Wait until it is the viewer's turn (true) or the game is over (false). */
export async function waitTurn(page, timeout = 30000) {
  const state = await waitUntil(page, () => {
    const banner = document.querySelector('.result-banner');
    if (banner && !banner.hidden) return 'over';
    const mine = document.querySelector('.status-line.mine');
    if (mine && (document.querySelector('svg.board .piece.movable') || document.querySelector('.action-btn, #team-picker'))) return 'turn';
    return null;
  }, null, { timeout, polling: 50 });
  return state === 'turn';
}

/**
 * Play one move by clicking: handles the team picker and action buttons,
 * otherwise selects a movable piece and clicks one of its targets, chosen
 * by `choose(candidates)` from [{from, to, occupied}] (default: first).
 */
export async function playOneMove(page, choose = (c) => c[0]) {
  const before = await moveCount(page);
  if (await page.$('#team-picker')) {
    for (let i = 0; i < 3; i++) {
      const btn = await page.$('#team-picker .btn.pick:not([disabled])');
      await btn.click();
    }
    await page.click('#confirm-team');
  } else if (await page.$('.action-btn') && !(await movableKeys(page)).length) {
    await page.click('.action-btn');
  } else {
    const candidates = [];
    for (const from of await movableKeys(page)) {
      await clickPoint(page, from);
      for (const t of await targetKeys(page)) candidates.push({ from, to: t.key, occupied: t.occupied });
      await page.keyboard.press('Escape');
    }
    assert.ok(candidates.length, 'a movable piece has targets');
    const pick = choose(candidates);
    await clickPoint(page, pick.from);
    await clickPoint(page, pick.to);
    const chooser = await page.waitForSelector('dialog.chooser .choice', { timeout: 300 }).catch(() => null);
    if (chooser) await chooser.click();
  }
  await waitUntil(page, (n) => document.querySelectorAll('#move-list .move').length > n
    || !document.querySelector('.result-banner')?.hidden, before, { timeout: 15000, polling: 50 });
}

/** Prefer captures (occupied targets), else the first candidate. */
export function preferCapture(candidates) {
  return candidates.find((c) => c.occupied) || candidates[0];
}

/** Play moves until the result banner shows; returns the number played. */
export async function playToEnd(page, choose, maxMoves = 400) {
  for (let i = 0; i < maxMoves; i++) {
    if (!(await waitTurn(page))) return i;
    await playOneMove(page, choose);
  }
  throw new Error(`game not over after ${maxMoves} moves`);
}

/** The game state as the server reports it to this page's user. */
export async function serverState(page, id) {
  return page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
}

export async function screenshot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** Fail if the page shows a catalogue key instead of its text. */
export async function assertNoRawKeys(page) {
  const text = await page.textContent('body');
  const raw = text.match(/\b(?:nav|common|game|lobby|football|result|reason|rules|option|side|piece|action|choose|replay|profile|account|seat|level|speed|clock|board|display|leaderboard|chat|error|notification)\.[a-z_]+(?:\.[a-z_-]+)*\b/g) || [];
  assert.deepEqual(raw, [], 'no raw catalogue keys on the page');
}

/**
 * Play one move through the game's WebSocket as this page's user (as
 * docs/api.md describes), without touching the page's board; resolves
 * with the new version once the server acknowledges it.
 */
export function apiMove(page, id, move) {
  return page.evaluate(([gid, text]) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/games/${gid}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'move', move: text, id: 1 }));
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.id !== 1) return;
      ws.close();
      if (msg.type === 'ack') resolve(msg.version);
      else reject(new Error(`move ${text}: ${msg.error}`));
    };
    ws.onerror = () => reject(new Error(`move ${text}: the socket failed`));
  }), [id, move]);
}

/**
 * Play a scripted line through the API, each move by the side to move:
 * `pages[side]` is that side's page. A quick way to reach a position.
 */
export async function apiMoves(pages, id, moves) {
  for (const move of moves) {
    const st = await serverState(pages[0], id);
    assert.notEqual(st.to_move, null, `a side is to move before ${move}`);
    await apiMove(pages[st.to_move], id, move);
  }
}

/**
 * Alice creates a 6×6 Lines of Action challenge from the lobby with
 * `clock` (rated if `rated`); Bob joins it from its link. Resolves with
 * the game id once both pages show the game under way.
 */
export async function smallLoaChallenge(alice, bob, clock, rated) {
  await alice.goto(`${BASE}/`);
  await alice.click('.game-choice[data-game="loa"]');
  await alice.selectOption('#opt-size', '6');
  await alice.locator('#opt-size').dispatchEvent('change');
  await alice.click(`#clock-choice [data-clock="${clock}"]`);
  await alice.click('#opponent-choice [data-opponent="challenge"]');
  if (rated) await alice.check('#rated');
  await alice.click('#create-game');
  await alice.waitForURL(/\/game\//);
  const url = alice.url();
  await bob.goto(url);
  await bob.click('#join-game');
  for (const p of [alice, bob]) await p.waitForSelector('#resign', { timeout: 10000 });
  return url.split('/').pop();
}

/**
 * In game `id` between the pages `resigner` and `opponent`, each side
 * plays one move through the API (resigning before that would abort the
 * game, unrated), then `resigner` resigns from its page (the result is
 * for the caller to wait for).
 */
export async function resignAfterAMoveEach(resigner, opponent, id) {
  const side = (await serverState(resigner, id)).you;
  const pages = side === 0 ? [resigner, opponent] : [opponent, resigner];
  for (let ply = 0; ply < 2; ply++) {
    const st = await serverState(resigner, id);
    await apiMove(pages[st.to_move], id, st.legal[0]);
  }
  await waitUntil(resigner, () => document.querySelectorAll('#move-list .move').length === 2, null, { timeout: 10000 });
  await resigner.click('#resign');
  await resigner.click('#confirm-yes');
}

/** Wait until the page's move list holds `n` moves. */
export function waitMoves(page, n, timeout = 10000) {
  return waitUntil(page, (k) => document.querySelectorAll('#move-list .move').length === k, n, { timeout, polling: 50 });
}
