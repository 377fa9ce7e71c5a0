// Results in words: a finished game of each kind says who won by the
// side's name ("White wins", "South wins") and Chess Football its score
// ("White wins 3–0"), on the result banner, the status line, the replay
// and the player's profile; `1-0` stays in the exported record. The games
// end cheaply, by clicks: a resignation after a move each, a set position
// where the next move ends the game.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, clickPoint, serverState, waitUntil, screenshot, assertNoRawKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** No chess-style result (`1-0`, `0-1`, `1/2-1/2`) in this text. */
function assertNoChessResult(text, where) {
  assert.doesNotMatch(text, /(^|[^\d])(1-0|0-1|1\/2-1\/2)([^\d]|$)/, `${where}: ${text}`);
}

/** The banner's result in words, its reason, and the status line, once the game is over. */
async function shownResult(page) {
  await page.waitForSelector('#result-banner', { timeout: 15000 });
  return {
    headline: (await page.textContent('#result-banner .banner-score')).trim(),
    banner: await page.textContent('#result-banner'),
    status: (await page.textContent('#status-line')).trim(),
  };
}

test('a finished game of each kind says who won in words, and Chess Football its score', async () => {
  const { page } = await newPlayer(browser);
  const ids = {};

  // Lines of Action: the guest (Black) plays a move, the computer answers, the guest resigns.
  ids.loa = await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await playOneMove(page);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 2, null, { timeout: 15000 });
  await page.click('#resign');
  await page.click('#confirm-yes');
  let shown = await shownResult(page);
  assert.equal(shown.headline, 'White wins');
  assert.match(shown.banner, /You lost/);
  assert.match(shown.banner, /Resignation/);
  assert.equal(shown.status, 'White wins — resignation');
  assertNoChessResult(shown.banner, 'the banner');
  await screenshot(page, 'result-words-loa');
  // The replay says it too; the exported record keeps `0-1`.
  await page.click('#result-banner a[href^="/replay/"]');
  await page.waitForSelector('#replay-result');
  assert.equal((await page.textContent('#replay-result')).trim(), 'White wins — resignation');
  assert.match(await page.textContent('#record-text'), /\[Result "0-1"\]/);

  // Linear Pursuit from a set position (pursuit.test.mjs): whatever North
  // plays, South (the guest) takes its King at once.
  const position = 'k....N.........N..../..........K......... north play 10';
  ids.pursuit = await createGame(page, { game: 'pursuit', options: { pawns: 'off', repetition: 'off' }, position, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  const king = await page.$eval('svg.board .lp-piece.kind-K.side-north', (e) => e.dataset.key);
  await playOneMove(page, (c) => c.find((m) => m.to === king));
  shown = await shownResult(page);
  assert.equal(shown.headline, 'South wins');
  assert.match(shown.banner, /You won!/);
  assert.equal(shown.status, 'South wins — the King was captured');
  assertNoChessResult(shown.banner, 'the banner');

  // Chess Football: the second half's last action, White (the guest)
  // leading 3–0 (the position's score); a Pawn's step ends the game.
  const football = '4k2b/6pp/5p1n/8/P1R1R3/8/7P/1N1K4 c4 w play b 2 1 3-0 RRN/BNP -/- -';
  ids.football = await createGame(page, { game: 'football', options: { 'half-length': '1' }, position: football, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  assert.match(await page.textContent('#scoreboard'), /3 : 0/);
  await clickPoint(page, 'h2');
  await clickPoint(page, 'h3');
  shown = await shownResult(page);
  const st = await serverState(page, ids.football);
  assert.equal(st.result.reason, 'final-score');
  assert.equal(st.result.text, '1-0', 'the server still says 1-0');
  assert.equal(shown.headline, 'White wins 3–0');
  assert.equal(shown.status, 'White wins 3–0 — final score');
  assert.match(shown.banner, /Final score/);
  assertNoChessResult(shown.banner, 'the banner');
  await screenshot(page, 'result-words-football');
  await page.click('#result-banner a[href^="/replay/"]');
  await page.waitForSelector('#replay-result');
  assert.equal((await page.textContent('#replay-result')).trim(), 'White wins 3–0 — final score');

  // The guest's profile (the name in the header) lists the three, in words.
  await page.click('.site-header .user-name');
  await page.waitForSelector('#history .game-row');
  const rowText = (id) => page.textContent(`#history .game-row[data-id="${id}"] .game-row-result`);
  assert.equal((await rowText(ids.loa)).trim(), 'White wins — resignation');
  assert.equal((await rowText(ids.pursuit)).trim(), 'South wins — the King was captured');
  await waitUntil(page, (id) => /3–0/.test(document.querySelector(`#history .game-row[data-id="${id}"] .game-row-result`)?.textContent || ''), ids.football, { timeout: 10000 });
  assert.equal((await rowText(ids.football)).trim(), 'White wins 3–0 — final score');
  assertNoChessResult(await page.textContent('#history'), 'the profile');
  await screenshot(page, 'result-words-profile');
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});

test('in Italian the result is in Italian', async () => {
  const { page } = await newPlayer(browser, { locale: 'it-IT' });
  const football = '4k2b/6pp/5p1n/8/P1R1R3/8/7P/1N1K4 c4 w play b 2 1 3-0 RRN/BNP -/- -';
  await createGame(page, { game: 'football', options: { 'half-length': '1' }, position: football, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await clickPoint(page, 'h2');
  await clickPoint(page, 'h3');
  const shown = await shownResult(page);
  assert.equal(shown.headline, 'Vince Bianco 3–0');
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});
