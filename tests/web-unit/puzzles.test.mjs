// The puzzle pages' pure parts (web/js/puzzle-model.js): where a puzzle
// is read from, the links (a theme, the next puzzle, the analysis board
// with the moves played), a rating change as shown, one try at a puzzle
// (a right move and the server's reply, solved, a wrong move and its
// refutation, giving up, the solution step by step, a new try unrated);
// the theme names of every shipped puzzle (crates/puzzles/data) and every
// text of the pages in all five catalogues, with the same placeholders.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useEnglish } from './english.mjs';
import * as P from '../../web/js/puzzle-model.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WEB = path.join(ROOT, 'web');
const LANGS = ['en', 'it', 'ko', 'ne', 'ru'];
const catalogue = (lang) => JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every theme of the shipped puzzles (column 6 of crates/puzzles/data/*.txt). */
function shippedThemes() {
  const dir = path.join(ROOT, 'crates', 'puzzles', 'data');
  const themes = new Set();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.txt'))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line || line.startsWith('#')) continue;
      for (const th of line.split('\t')[5].split(',')) themes.add(th);
    }
  }
  return themes;
}

const PUZZLE = { id: 'loa-0042', game: 'loa', options: {}, position: '...b..../....w... b', solver_moves: 2, rating: 1500, themes: ['connect-in-2'], tried: null };

before(useEnglish);

describe('paths and links', () => {
  test('the API path of the puzzle a page asks for', () => {
    assert.equal(P.puzzlePath({ id: 'loa-0042' }), '/api/puzzle/loa-0042');
    assert.equal(P.puzzlePath({ game: 'loa', daily: true }), '/api/puzzles/loa/daily');
    assert.equal(P.puzzlePath({ game: 'pursuit' }), '/api/puzzles/pursuit/next');
    assert.equal(P.puzzlePath({ game: 'pursuit', theme: 'king-hunt', after: 'pursuit-0007' }), '/api/puzzles/pursuit/next?theme=king-hunt&after=pursuit-0007');
    assert.equal(P.puzzlePath({ game: 'football', theme: '', after: '' }), '/api/puzzles/football/next');
  });

  test('a theme\'s page and the next puzzle\'s keep the theme', () => {
    assert.equal(P.themeHref('loa', 'connect-in-2'), '/puzzles/loa?theme=connect-in-2');
    assert.equal(P.themeHref('loa', ''), '/puzzles/loa');
    assert.equal(P.nextHref(PUZZLE, ''), '/puzzles/loa?after=loa-0042');
    assert.equal(P.nextHref(PUZZLE, 'capture'), '/puzzles/loa?theme=capture&after=loa-0042');
  });

  test('the positions request: the puzzle\'s position, the moves, options only when set', () => {
    assert.deepEqual(P.positionBody(PUZZLE, ['d8-c7']), { game: 'loa', position: PUZZLE.position, moves: ['d8-c7'] });
    const small = { ...PUZZLE, options: { size: '6' } };
    assert.deepEqual(P.positionBody(small, []), { game: 'loa', position: PUZZLE.position, moves: [], options: { size: '6' } });
  });

  test('the analysis board link carries the game, options, position and moves as analysis.js reads them', () => {
    const href = P.analysisHref({ ...PUZZLE, options: { size: '6', variant: 'scrambled' } }, ['d8-c7', 'e7-d7', 'c7xd6']);
    const url = new URL(href, 'http://x');
    assert.equal(url.pathname, '/analysis');
    assert.equal(url.searchParams.get('game'), 'loa');
    assert.equal(url.searchParams.get('position'), PUZZLE.position);
    assert.equal(url.searchParams.get('options'), 'size=6,variant=scrambled');
    assert.deepEqual(url.searchParams.get('moves').split(/\s+/), ['d8-c7', 'e7-d7', 'c7xd6']);
    const bare = new URL(P.analysisHref(PUZZLE, []), 'http://x');
    assert.equal(bare.searchParams.has('moves'), false);
    assert.equal(bare.searchParams.has('options'), false);
  });

  test('a rating change as shown', () => {
    assert.equal(P.signedChange(12), '+12');
    assert.equal(P.signedChange(-8), '\u22128');
    assert.equal(P.signedChange(0), '\u00b10');
    assert.deepEqual([P.changeClass(3), P.changeClass(-3), P.changeClass(0)], ['up', 'down', '']);
    assert.equal(P.provisional({ deviation: 300 }), true);
    assert.equal(P.provisional({ deviation: 80 }), false);
    assert.equal(P.provisional(null), false);
  });
});

describe('one try at a puzzle', () => {
  test('unrated: guests and visitors, a retry, a puzzle tried before', () => {
    assert.equal(P.newTry(PUZZLE, { registered: true }).unrated, null);
    assert.equal(P.newTry(PUZZLE, { registered: false }).unrated, 'signup');
    assert.equal(P.newTry(PUZZLE, { registered: true, retry: true }).unrated, 'again');
    assert.equal(P.newTry({ ...PUZZLE, tried: 'failed' }, { registered: true }).unrated, 'again');
  });

  test('a right move, the reply, then the solving move', () => {
    let tr = P.newTry(PUZZLE, { registered: true });
    assert.equal(tr.phase, 'solving');
    assert.deepEqual(P.boardMoves(tr), []);
    tr = P.sent(tr);
    assert.equal(tr.phase, 'checking');
    tr = P.answered(P.newTry(PUZZLE), 'd8-c7', { verdict: 'right', reply: 'e7-d7', refutation: [], solution: null, outcome: null });
    assert.equal(tr.phase, 'replying');
    assert.deepEqual(tr.played, ['d8-c7', 'e7-d7']);
    // The reply waits a moment: the board shows the solver's move alone.
    assert.deepEqual(P.boardMoves(tr), ['d8-c7']);
    tr = P.replied(tr);
    assert.equal(tr.phase, 'solving');
    assert.deepEqual(P.boardMoves(tr), ['d8-c7', 'e7-d7']);
    const outcome = { solved: true, rated: true, player: { rating: 1512, streak: 1 }, change: 12, puzzle_rating: 1488 };
    tr = P.answered(tr, 'c7xd6', { verdict: 'solved', reply: null, refutation: [], solution: ['d8-c7', 'e7-d7', 'c7xd6'], outcome });
    assert.equal(tr.phase, 'solved');
    assert.ok(P.ended(tr));
    assert.deepEqual(tr.outcome, outcome);
    assert.deepEqual(P.boardMoves(tr), ['d8-c7', 'e7-d7', 'c7xd6']);
    assert.equal(P.replied(tr), tr, 'no reply to wait for once solved');
  });

  test('a wrong move: the refutation\'s first move on the board, then the solution step by step', () => {
    const line = ['d8-c7', 'e7-d7', 'c7xd6'];
    let tr = P.answered(P.newTry(PUZZLE), 'e3-h3', { verdict: 'wrong', reply: null, refutation: ['e7-d7', 'x'], solution: line, outcome: { solved: false, rated: false, change: 0, puzzle_rating: 1500 } });
    assert.equal(tr.phase, 'failed');
    assert.ok(P.ended(tr));
    assert.equal(tr.wrong, 'e3-h3');
    assert.deepEqual(P.boardMoves(tr), ['e3-h3', 'e7-d7']);
    tr = P.showStep(tr, 1);
    assert.deepEqual(P.boardMoves(tr), ['d8-c7']);
    assert.deepEqual(P.boardMoves(P.showStep(tr, 99)), line, 'kept within the line');
    assert.deepEqual(P.boardMoves(P.showStep(tr, -1)), [], 'back to the start');
    // A wrong move with no stored answer: the move alone.
    const bare = P.answered(P.newTry(PUZZLE), 'a1-a2', { verdict: 'wrong', reply: null, refutation: [], solution: line, outcome: null });
    assert.deepEqual(P.boardMoves(bare), ['a1-a2']);
    // A wrong move later in the line: after the moves so far.
    const later = P.answered(P.replied(P.answered(P.newTry(PUZZLE), 'd8-c7', { verdict: 'right', reply: 'e7-d7' })), 'c7-c6', { verdict: 'wrong', refutation: [], solution: line });
    assert.deepEqual(P.boardMoves(later), ['d8-c7', 'e7-d7', 'c7-c6']);
  });

  test('giving up: failed, the solution from its first move', () => {
    const line = ['13x4', 'e0', '9x0'];
    const tr = P.gaveUp(P.sent(P.newTry(PUZZLE, { registered: true })), { solution: line, outcome: { solved: false, rated: true, change: -9 } });
    assert.equal(tr.phase, 'failed');
    assert.equal(tr.gaveUp, true);
    assert.equal(tr.step, 1);
    assert.deepEqual(P.boardMoves(tr), ['13x4']);
    assert.equal(P.showStep(P.newTry(PUZZLE), 2).step, null, 'no solution to show before the end');
  });
});

describe('texts', () => {
  test('every shipped theme has a name in every catalogue', () => {
    const themes = shippedThemes();
    assert.ok(themes.has('connect-in-1') && themes.has('through-pass') && themes.size >= 20, [...themes].join(' '));
    for (const lang of LANGS) {
      const cat = catalogue(lang);
      assert.deepEqual([...themes].filter((th) => !(`puzzles.theme.${th}` in cat)), [], `${lang} names every theme`);
    }
    assert.equal(P.themeName('connect-in-2'), 'Connect in 2');
    assert.equal(P.themeName('through-pass'), 'Through pass');
    assert.equal(P.themeName('not-a-theme'), 'not-a-theme', 'an unknown theme shows its id');
  });

  test('every text of the puzzle pages is in every catalogue, with its placeholders', () => {
    const keys = new Set();
    for (const f of ['js/pages/puzzles.js', 'js/puzzle-model.js', 'js/main.js']) {
      const src = fs.readFileSync(path.join(WEB, f), 'utf8');
      for (const m of src.matchAll(/t\('((?:puzzles|nav|learn|game)\.[a-z_.-]+)'/g)) keys.add(m[1]);
      for (const m of src.matchAll(/'(puzzles\.[a-z_.-]+)'/g)) if (!m[1].endsWith('.')) keys.add(m[1]);
    }
    for (const game of ['loa', 'pursuit', 'football']) keys.add(`puzzles.goal.${game}`);
    assert.ok(keys.has('nav.puzzles') && keys.has('puzzles.unrated_again') && keys.has('puzzles.your_move') && keys.size > 40, [...keys].join(' '));
    const en = catalogue('en');
    // Every puzzles.* text of the English catalogue, too.
    for (const k of Object.keys(en)) if (k.startsWith('puzzles.') && !/\.(one|few|many)$/.test(k)) keys.add(k);
    for (const lang of LANGS) {
      const cat = catalogue(lang);
      assert.deepEqual([...keys].filter((k) => !(k in cat)), [], `${lang} has every puzzle text`);
      for (const k of keys) assert.deepEqual(holes(cat[k]), holes(en[k]), `${lang} ${k} placeholders`);
    }
  });
});
