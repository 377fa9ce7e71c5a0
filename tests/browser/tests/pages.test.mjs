// Pages other than play: rules with diagrams, languages, catalogues,
// accounts and profile, and a phone playing by touch.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPlayer, createGame, waitTurn, movableKeys, targetKeys, pointCenter, moveCount, screenshot, BASE, waitUntil, serverState } from './helpers.mjs';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web');
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('every message catalogue has every English key, and no key shows raw', async () => {
  const en = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', 'en.json'), 'utf8'));
  for (const lang of ['ko', 'ru', 'ne', 'it']) {
    const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
    // Plural forms (`key.one`, `key.few`, …) are each language's own; the
    // base key is the form used otherwise.
    const plural = /\.(zero|one|two|few|many|other)$/;
    const missing = Object.keys(en).filter((k) => !plural.test(k) && !(k in cat));
    assert.deepEqual(missing, [], `${lang} lacks keys`);
    for (const [k, v] of Object.entries(cat)) {
      const base = k.replace(plural, '');
      assert.ok(base in en, `${lang}: ${k} is not an English key`);
      const params = (en[base].match(/\{\w+\}/g) || []).sort();
      assert.deepEqual((v.match(/\{\w+\}/g) || []).sort(), params, `${lang}: ${k} keeps its placeholders`);
    }
  }
});

test('every option the server lists has a label and a help text in every catalogue', async () => {
  const { games } = await (await fetch(`${BASE}/api/catalogue`)).json();
  for (const lang of ['en', 'ko', 'ru', 'ne', 'it']) {
    const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
    for (const g of games) {
      for (const o of g.options) {
        assert.ok(`option.${g.name}.${o.key}` in cat, `${lang}: option.${g.name}.${o.key}`);
        assert.ok(`option.${g.name}.${o.key}.help` in cat, `${lang}: option.${g.name}.${o.key}.help`);
      }
    }
  }
});

test('in Korean: side names, option help and server errors translated; the guest badge on one line', async () => {
  const ko = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', 'ko.json'), 'utf8'));
  const { page } = await newPlayer(browser, { locale: 'ko-KR', viewport: { width: 1366, height: 768 } });
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-game');
  // The "Your side" menu names the game's sides in Korean.
  await page.click('.game-choice[data-game="loa"]');
  assert.deepEqual(await page.$$eval('#side option', (els) => els.map((e) => e.textContent)), [ko['lobby.side.random'], ko['side.loa.0'], ko['side.loa.1']]);
  // Option help texts come from the catalogue, not the server's English.
  await page.click('.game-choice[data-game="football"]');
  assert.deepEqual(await page.$$eval('#side option', (els) => els.map((e) => e.textContent)), [ko['lobby.side.random'], ko['side.football.0'], ko['side.football.1']]);
  assert.equal(await page.getAttribute('label.option[data-option="placement"]', 'title'), ko['option.football.placement.help']);
  assert.equal(await page.getAttribute('label.option[data-option="shot-rule"]', 'title'), ko['option.football.shot-rule.help']);
  await page.click('.game-choice[data-game="pursuit"]');
  await page.click('details.advanced summary');
  assert.equal((await page.textContent('.option-help')).trim(), ko['option.pursuit.board.help']);
  // A guest's badge stays on one line beside the name at 1366 px.
  await page.click('.game-choice[data-game="loa"]');
  await page.selectOption('#level', 'random');
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('.board-host svg.board');
  await page.waitForSelector('.site-header .account .badge');
  const badge = await page.$eval('.site-header .account .badge', (e) => ({ text: e.textContent, h: e.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(e).lineHeight) || 16 }));
  assert.equal(badge.text, ko['account.guest']);
  assert.ok(badge.h < 2 * badge.lh, `the badge is one line high (${badge.h} px)`);
  await screenshot(page, 'header-ko-1366');
  // A server error shown to the user is in Korean.
  await page.goto(`${BASE}/signin`);
  await page.fill('#username', 'nobody-here');
  await page.fill('#password', 'not the password');
  await page.click('#account-submit');
  await page.waitForSelector('.alert');
  assert.equal((await page.textContent('.alert')).trim(), ko['error.wrong_credentials']);
  assert.deepEqual(page.errors, []);
});

test('the football placement help is a whole sentence, in English too', async () => {
  const en = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', 'en.json'), 'utf8'));
  const { page } = await newPlayer(browser);
  await page.goto(`${BASE}/`);
  await page.click('.game-choice[data-game="football"]');
  const help = await page.getAttribute('label.option[data-option="placement"]', 'title');
  assert.equal(help, en['option.football.placement.help']);
  assert.match(help, /Hidden, at the same time: .*until both are done\.$/);
  assert.deepEqual(page.errors, []);
});

test('rules pages explain each game with diagrams', async () => {
  const { page } = await newPlayer(browser);
  for (const game of ['loa', 'pursuit', 'football']) {
    await page.goto(`${BASE}/rules/${game}`);
    await page.waitForSelector('.rules-section');
    assert.ok(await page.$$eval('figure.diagram svg.board', (e) => e.length) >= 2, `${game}: diagrams`);
    const text = await page.textContent('main');
    assert.ok(!/\brules\.\w+\.\w+/.test(text), `${game}: no raw catalogue keys`);
    await page.screenshot({ path: `artifacts/rules-${game}.png`, fullPage: true });
  }
  assert.deepEqual(page.errors, []);
});

test('the language follows the browser and can be switched', async () => {
  const { page } = await newPlayer(browser, { locale: 'ko-KR' });
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-game');
  assert.equal(await page.getAttribute('html', 'lang'), 'ko');
  const ko = await page.textContent('#create-game');
  for (const lang of ['ru', 'ne', 'it', 'en']) {
    await page.selectOption('#lang-select', lang);
    await waitUntil(page, (l) => document.documentElement.lang === l, lang);
    await page.waitForSelector('#create-game');
    const label = await page.textContent('#create-game');
    assert.notEqual(label, ko, `${lang} differs from Korean`);
    if (lang === 'it') await screenshot(page, 'lobby-it');
  }
  await page.reload();
  await page.waitForSelector('#create-game');
  assert.equal(await page.getAttribute('html', 'lang'), 'en', 'the choice is remembered');
  await screenshot(page, 'lobby');
  // The sound switch flips and is remembered.
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true');
  await page.click('#sound-toggle');
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'false');
  await page.reload();
  await page.waitForSelector('#sound-toggle');
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'false');
  assert.deepEqual(page.errors, []);
});

test('a pasted game record replays without the server storing it', async () => {
  const { page } = await newPlayer(browser);
  await page.goto(`${BASE}/replay`);
  await page.fill('#import-text', '[Game "loa"]\n[Option "size=6"]\n\n1. b1-b5 *');
  await page.click('#import-button');
  await page.waitForSelector('.alert');
  assert.match(await page.textContent('.alert'), /b1-b5/, 'an illegal record is refused with the server\'s message');
  await page.fill('#import-text', '[Game "loa"]\n[Option "size=6"]\n\n1. b1-b3 a2-c2 *');
  await page.click('#import-button');
  await page.waitForSelector('#replay-moves .move');
  assert.equal(await page.$$eval('#replay-moves .move', (e) => e.length), 2);
  assert.equal(await page.$$eval('svg.board .loa-piece', (e) => e.length), 16);
  await page.click('#replay-first');
  assert.match(await page.textContent('#ply-counter'), /0\D+2/);
  assert.deepEqual(page.errors, []);
});

test('sign up, then the profile shows ratings and history', async () => {
  const { page } = await newPlayer(browser);
  const name = `tester${Date.now() % 100000}`;
  await page.goto(`${BASE}/signup`);
  await page.fill('#username', name);
  await page.fill('#password', 'correct horse battery');
  await page.click('#account-submit');
  await page.waitForSelector('.user-name');
  assert.equal(await page.textContent('.user-name'), name);
  const id = await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random' });
  assert.ok(id);
  await page.waitForSelector('#resign');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-banner');
  await page.goto(`${BASE}/profile/${name}`);
  await page.waitForSelector('#history .game-row');
  await screenshot(page, 'profile');
  assert.deepEqual(page.errors, []);
});

test('on a phone the board fits the screen and moves are made by touch', async () => {
  const { page } = await newPlayer(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  const box = await page.$eval('svg.board', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(box.width <= 390 && box.width > 300, `board width ${box.width} fits`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 390, 'no sideways scrolling');
  const from = (await movableKeys(page))[0];
  const a = await pointCenter(page, from);
  await page.touchscreen.tap(a.x, a.y);
  const targets = await targetKeys(page);
  assert.ok(targets.length, 'a tap selects a piece');
  const b = await pointCenter(page, targets[0].key);
  await page.touchscreen.tap(b.x, b.y);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 1);
  assert.ok((await moveCount(page)) >= 1);
  await screenshot(page, 'phone-loa');
  assert.deepEqual(page.errors, []);
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** Whether the element matching `sel` lies wholly inside the viewport. */
function onScreen(page, sel) {
  return waitUntil(page, (q) => {
    const el = document.querySelector(q);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }, sel, { timeout: 3000 }).then(() => true, () => false);
}

test('on a phone the Football team picker comes into view by itself', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await createGame(page, { game: 'football', level: 'random', side: 'first' });
  await page.waitForSelector('#team-picker');
  assert.ok(await onScreen(page, '#team-picker'), 'the whole picker is on the screen');
  assert.ok(await onScreen(page, '#confirm-team'));
  await screenshot(page, 'phone-football-team');
  for (const piece of ['Q', 'R', 'N']) await page.tap(`#team-picker .btn.pick[data-piece="${piece}"]`);
  await page.tap('#confirm-team');
  await waitUntil(page, () => [...document.querySelectorAll('#move-list .move')].some((m) => m.dataset.move === 'pick:QRN'));
  assert.deepEqual(page.errors, []);
});

test('on a phone an incoming draw offer is on the screen without scrolling', async () => {
  const alice = (await newPlayer(browser, PHONE)).page;
  const bob = (await newPlayer(browser)).page;
  const id = await createGame(alice, { game: 'loa', options: { size: '6' }, opponent: 'challenge', side: 'first' });
  await bob.goto(`${BASE}/game/${id}`);
  await bob.click('#join-game');
  await bob.waitForSelector('#offer-draw');
  assert.ok(await waitTurn(alice));
  const scrollY = await alice.evaluate(() => window.scrollY);
  await bob.click('#offer-draw');
  await alice.waitForSelector('#draw-offer');
  assert.ok(await onScreen(alice, '#draw-offer'), 'the offer shows on the screen');
  assert.equal(await alice.evaluate(() => window.scrollY), scrollY, 'without scrolling');
  await screenshot(alice, 'phone-draw-offer');
  await alice.tap('#draw-offer .btn.ghost');
  await alice.waitForSelector('#draw-offer', { state: 'detached' });
  assert.equal((await serverState(alice, id)).status, 'live', 'declined');
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('on a phone a Linear Pursuit target answers a tap 19 px from its centre (a 40 px touch target)', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await createGame(page, { game: 'pursuit', level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  // A piece with a target whose neighbouring targets leave room for an off-centre tap.
  let pick = null;
  for (const from of await movableKeys(page)) {
    const a = await pointCenter(page, from);
    await page.touchscreen.tap(a.x, a.y);
    const targets = [];
    for (const t of await targetKeys(page)) targets.push({ ...t, c: await pointCenter(page, t.key) });
    for (const t of targets) {
      for (let k = 0; k < 16 && !pick; k++) {
        const ang = (Math.PI * 2 * k) / 16;
        const p = { x: t.c.x + 19 * Math.cos(ang), y: t.c.y + 19 * Math.sin(ang) };
        const clear = targets.every((o) => o === t || Math.hypot(o.c.x - p.x, o.c.y - p.y) > 22) && Math.hypot(a.x - p.x, a.y - p.y) > 22;
        if (clear) pick = { from, to: t.key, p };
      }
      if (pick) break;
    }
    if (pick) break;
    await page.touchscreen.tap(a.x, a.y); // deselect
  }
  assert.ok(pick, 'a target to tap off-centre');
  const dot = await page.$eval(`svg.board .mark-target[data-target="${pick.to}"]`, (e) => e.getBoundingClientRect().width);
  assert.ok(dot >= 12, `the target dot is visible (${dot} px)`);
  await page.touchscreen.tap(pick.p.x, pick.p.y);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 1, null, { timeout: 5000 });
  const moves = (await serverState(page, (new URL(page.url())).pathname.split('/').pop())).moves;
  assert.ok(moves[0].startsWith(pick.from.replace(/^o/, 'e')) || moves[0].startsWith(pick.from), `${moves[0]} from ${pick.from}`);
  assert.ok(moves[0].endsWith(pick.to), `${moves[0]} to ${pick.to}`);
  assert.deepEqual(page.errors, []);
});
