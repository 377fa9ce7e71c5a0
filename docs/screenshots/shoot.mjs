// The docs' screenshots (run by ./make, which starts the server and sets
// GAMUT_URL and OUT): the lobby, a game in progress, the invited player's
// page and a finished Chess Football match, each on a desktop (1366×768)
// and a phone (390×844, touch), as a person gets there: by clicks.

import path from 'node:path';
import {
  launch, newPlayer, createGame, waitTurn, playOneMove, movableKeys, targetKeys, clickPoint, dragPoint, moveCount, waitUntil, PHONE, BASE,
} from '../../tests/browser/tests/helpers.mjs';

const OUT = process.env.OUT || path.dirname(new URL(import.meta.url).pathname);
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const VIEWS = [['desktop', DESKTOP], ['phone', PHONE]];
const PASSWORD = 'correct horse battery';

async function shot(page, name) {
  await page.waitForTimeout(700); // animations done
  await page.mouse.move(1, 1);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log(`wrote ${file}`);
}

async function signUp(page, name) {
  await page.goto(`${BASE}/signup`);
  await page.fill('#username', name);
  await page.fill('#password', PASSWORD);
  await page.click('#account-submit');
  await page.waitForSelector('.user-name', { state: 'attached' });
}

async function signIn(page, name) {
  await page.goto(`${BASE}/signin`);
  await page.fill('#username', name);
  await page.fill('#password', PASSWORD);
  await page.click('#account-submit');
  await page.waitForSelector('.user-name', { state: 'attached' });
}

/** A player of `name` in a new context of `options` (signed up the first time). */
const known = new Set();
async function player(browser, name, options) {
  const p = await newPlayer(browser, { ...options, colorScheme: 'light' });
  if (known.has(name)) await signIn(p.page, name);
  else {
    await signUp(p.page, name);
    known.add(name);
  }
  return p;
}

/** Challenge `name` from the lobby's form: Lines of Action, 5+3, rated. */
async function challenge(page, name) {
  await page.goto(`${BASE}/`);
  await page.click('.game-choice[data-game="loa"]');
  await page.click('#clock-choice [data-clock="5+3"]');
  await page.click('#opponent-choice [data-opponent="player"]');
  await page.fill('#challenge-user', name);
  await page.selectOption('#side', 'first');
  await page.check('#rated');
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  return page.url().split('/').pop();
}

/** A Chess Football match against the computer, half length 1, played to its end by clicks. */
async function footballMatch(page) {
  await createGame(page, { game: 'football', options: { 'half-length': '1' }, level: 'random', side: 'first' });
  for (let i = 0; i < 200; i++) {
    if (!(await waitTurn(page, 60000))) return;
    const hand = (await movableKeys(page)).filter((k) => k.startsWith('hand:'));
    if (hand.length) {
      await clickPoint(page, hand[0]);
      const targets = await targetKeys(page);
      await page.keyboard.press('Escape');
      const before = await moveCount(page);
      await dragPoint(page, hand[0], targets[0].key);
      await waitUntil(page, (n) => document.querySelectorAll('#move-list .move').length > n, before);
      continue;
    }
    // Shots at the goal first, then tackles, else the first action.
    await playOneMove(page, (c) => c.find((m) => ['c8', 'd8', 'e8', 'f8'].includes(m.to)) || c.find((m) => m.occupied) || c[0]);
  }
}

const browser = await launch();
try {
  // Someone's open seek, for the lobby to show.
  const carol = await player(browser, 'carol', DESKTOP);
  await createGame(carol.page, { game: 'pursuit', opponent: 'seek', clock: '5+3', side: 'first' });

  for (const [view, options] of VIEWS) {
    const alice = await player(browser, 'alice', options);
    await alice.page.goto(`${BASE}/`);
    await alice.page.waitForSelector('#seeks .game-row');
    await shot(alice.page, `lobby-${view}`);

    // A game in progress against the computer.
    await createGame(alice.page, { game: 'loa', clock: '5+3', level: 'easy', side: 'first' });
    for (let i = 0; i < 4; i++) {
      if (!(await waitTurn(alice.page))) break;
      await playOneMove(alice.page);
    }
    await waitTurn(alice.page);
    await shot(alice.page, `game-${view}`);
    await alice.page.click('#resign');
    await alice.page.click('#confirm-yes');

    // The invited player's page: Bob opens the challenge from its toast.
    const bob = await player(browser, 'bob', options);
    await bob.page.goto(`${BASE}/`);
    const id = await challenge(alice.page, 'bob');
    await bob.page.click(`.challenge-toast[data-game="${id}"] .toast-view`, { timeout: 15000 });
    await bob.page.waitForSelector('#challenge-card');
    await shot(bob.page, `challenge-${view}`);
    await bob.page.click('#challenge-decline');
    await bob.context.close();

    // A finished Chess Football match, its result over the board.
    await footballMatch(alice.page);
    await alice.page.waitForSelector('#result-banner');
    await shot(alice.page, `football-finished-${view}`);
    await alice.context.close();
  }
  await carol.context.close();
} finally {
  await browser.close();
}
