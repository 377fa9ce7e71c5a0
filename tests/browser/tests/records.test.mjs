// Export → import round trip (issue 23): a finished game's record,
// pasted at /replay, shows the same players, the same moves and the same
// result in words as the game's own replay — for each game, on a desktop
// and on a phone. The games end cheaply, by clicks (results.test.mjs).

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, clickPoint, waitUntil, screenshot, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** What a replay page shows: players, moves, result line. */
async function replayShown(page) {
  await page.waitForSelector('#replay-result');
  return {
    players: (await page.textContent('#replay-players')).trim(),
    moves: await page.$$eval('#replay-moves .move', (e) => e.length),
    result: (await page.textContent('#replay-result')).trim(),
  };
}

/** From a finished game's page: its replay, then its record pasted at /replay. */
async function roundTrip(page, name) {
  await page.waitForSelector('#result-banner', { timeout: 15000 });
  await page.click('#result-banner a[href^="/replay/"]');
  const original = await replayShown(page);
  const record = await page.textContent('#record-text');
  assert.match(record, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/, name);
  await page.goto(`${BASE}/replay`);
  await page.fill('#import-text', record);
  await page.click('#import-button');
  const imported = await replayShown(page);
  assert.equal(imported.result, original.result, `${name}: the result`);
  assert.equal(imported.moves, original.moves, `${name}: the moves`);
  const guest = original.players.match(/Guest\w*/i)?.[0] ?? original.players.split(':')[1].split('·')[0].trim();
  assert.ok(imported.players.includes(guest), `${name}: the players (${imported.players} vs ${original.players})`);
  assert.doesNotMatch(imported.players, /:\s*·|:\s*$/, `${name}: no empty player`);
  assert.ok(await page.$('#replay-recorded'), `${name}: the record's date`);
  await screenshot(page, `import-${name}`);
  return imported;
}

test('each game exported and imported keeps its players, moves and result (desktop)', async () => {
  const { page } = await newPlayer(browser);
  // Lines of Action: a move each, then the guest resigns.
  await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await playOneMove(page);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 2, null, { timeout: 15000 });
  await page.click('#resign');
  await page.click('#confirm-yes');
  const loa = await roundTrip(page, 'loa');
  assert.equal(loa.result, 'White wins — resignation');

  // Linear Pursuit: South takes North's King at once.
  const position = 'k....N.........N..../..........K......... north play 10';
  await createGame(page, { game: 'pursuit', options: { pawns: 'off', repetition: 'off' }, position, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  const king = await page.$eval('svg.board .lp-piece.kind-K.side-north', (e) => e.dataset.key);
  await playOneMove(page, (c) => c.find((m) => m.to === king));
  const pursuit = await roundTrip(page, 'pursuit');
  assert.equal(pursuit.result, 'South wins — the King was captured');
  assert.deepEqual(page.errors, []);
});

test('a Chess Football match exported and imported on a phone keeps its score', async () => {
  const { page } = await newPlayer(browser, PHONE);
  const football = '4k2b/6pp/5p1n/8/P1R1R3/8/7P/1N1K4 c4 w play b 2 1 3-0 RRN/BNP -/- -';
  await createGame(page, { game: 'football', options: { 'half-length': '1' }, position: football, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await clickPoint(page, 'h2');
  await clickPoint(page, 'h3');
  const shown = await roundTrip(page, 'football');
  assert.equal(shown.result, 'White wins 3–0 — final score');
  assert.deepEqual(page.errors, []);
});
