// Bots online (issue 15): a person makes a bot on their profile's "Bots"
// card (its token shown once), a real `gamut bot --engine random` goes
// online with that token, and the person challenges the bot by name from
// the lobby's form and plays a short game of each of the three games (6×6
// Lines of Action and Linear Pursuit drawn at the latest after 16 plies,
// Chess Football with halves of one move a side) to its end by clicking;
// the bot's bar shows the BOT badge. The binary is GAMUT_BIN (as for tests/browser/run) or
// target/release/gamut.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPlayer, playToEnd, serverState, waitUntil, screenshot, assertNoRawKeys, BASE } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const GAMUT = process.env.GAMUT_BIN
  ? path.resolve(ROOT, process.env.GAMUT_BIN)
  : path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'release', 'gamut');

let browser;
let bot;
before(async () => { browser = await launch(); });
after(async () => {
  bot?.kill();
  await browser?.close();
});

test('a person plays a gamut bot process to the end of a game of each game', async () => {
  const { page } = await newPlayer(browser);
  const me = `owner${Date.now() % 1000000}`;
  await page.goto(`${BASE}/signup`);
  await page.fill('#username', me);
  await page.fill('#password', 'correct horse battery');
  await page.click('#account-submit');
  await page.waitForSelector('.user-name');

  // The profile's Bots card: make one, its token shown once.
  const botName = `rando${Date.now() % 100000}`;
  await page.goto(`${BASE}/profile`);
  await page.waitForSelector('#bots');
  await page.fill('#bot-name', botName);
  await page.click('#bot-create');
  const token = (await page.textContent('#bot-token')).trim();
  assert.match(token, /^[a-z0-9]{50}$/);
  await page.waitForSelector(`#bot-list .bot-row[data-name="${botName}"]`);

  let online;
  const ready = new Promise((resolve) => { online = resolve; });
  bot = spawn(GAMUT, ['bot', '--server', BASE, '--engine', 'random'], {
    env: { ...process.env, GAMUT_BOT_TOKEN: token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  bot.stderr.on('data', (d) => { log += d; if (log.includes('is online')) online(); });
  await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error(`the bot did not come online: ${log}`)), 20000))]);

  // Challenge it by name from the lobby's form, in each game, with options
  // that keep the game short, and play it to its end.
  const games = [
    { game: 'loa', options: { size: '6', 'move-limit': '16' }, moves: 20 },
    { game: 'pursuit', options: { 'move-limit': '16' }, moves: 60 },
    { game: 'football', options: { 'half-length': '1' }, moves: 80 },
  ];
  for (const { game, options, moves } of games) {
    await page.goto(`${BASE}/`);
    await page.click(`.game-choice[data-game="${game}"]`);
    for (const [key, value] of Object.entries(options)) {
      const field = page.locator(`#opt-${key}`);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
      await field.dispatchEvent('change');
    }
    await page.click('#clock-choice [data-clock="untimed"]');
    await page.click('#opponent-choice [data-opponent="player"]');
    await page.fill('#challenge-user', botName);
    await page.selectOption('#side', 'first');
    await page.click('#create-game');
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = page.url().split('/').pop();
    await waitUntil(page, async (gid) => (await (await fetch(`/api/games/${gid}`)).json()).status === 'live', id, { timeout: 20000, polling: 200 });
    await page.waitForSelector('.player-bar .badge.bot');
    await screenshot(page, `bots-game-${game}`);

    const played = await playToEnd(page, undefined, moves);
    assert.ok(played >= 1, `${game}: the person moved`);
    const state = await serverState(page, id);
    assert.equal(state.status, 'finished', `${game}: ${log}`);
    assert.ok(!['aborted', 'resignation', 'timeout'].includes(state.result.reason), `${game}: ${JSON.stringify(state.result)}`);
    assert.ok(state.moves.length >= 2, `${game}: both sides moved`);
    assert.equal(state.players[1].user.bot, true);
  }
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});
