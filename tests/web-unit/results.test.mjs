// Unit tests of web/js/results.js: results in words ("Black wins",
// "White wins 3–0", "Draw", "Game aborted") rather than `1-0`, the
// Chess Football score read from the final position, an imported
// record's result from its text; the lobby's quick start (its speeds, the
// seek a tile joins); their texts in all five catalogues.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useEnglish } from './english.mjs';
import { resultHeadline, resultText, resultWinner, finalScore, scoreText, resultReason, capitalized } from '../../web/js/results.js';
import * as football from '../../web/js/games/football.js';
import * as loa from '../../web/js/games/loa.js';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

describe('results in words', () => {
  before(useEnglish);

  test('a win names the winning side, never 1-0', () => {
    assert.equal(resultHeadline('loa', { winner: 1, reason: 'connection', text: '0-1' }), 'White wins');
    assert.equal(resultHeadline('loa', { winner: 0, reason: 'connection', text: '1-0' }), 'Black wins');
    assert.equal(resultHeadline('pursuit', { winner: 0, reason: 'king-captured', text: '1-0' }), 'South wins');
    assert.equal(resultText('loa', { winner: 0, reason: 'connection', text: '1-0' }), 'Black wins — all pieces connected');
    assert.equal(resultText('pursuit', { winner: 1, reason: 'resignation', text: '0-1' }), 'North wins — resignation');
  });

  test('draws and aborted games', () => {
    assert.equal(resultHeadline('loa', { winner: null, reason: 'agreement', text: '1/2-1/2' }), 'Draw');
    assert.equal(resultText('pursuit', { winner: null, reason: 'draw-declared', text: '1/2-1/2' }), 'Draw — draw declared');
    assert.equal(resultText('loa', { winner: null, reason: 'aborted', text: '1/2-1/2' }), 'Game aborted');
  });

  test('Chess Football: the score, the winner\'s goals first', () => {
    const win = { winner: 0, reason: 'final-score', text: '1-0' };
    assert.equal(resultHeadline('football', win, [3, 0]), 'White wins 3–0');
    assert.equal(resultText('football', win, [3, 0]), 'White wins 3–0 — final score');
    assert.equal(resultHeadline('football', { winner: 1, reason: 'final-score', text: '0-1' }, [1, 2]), 'Black wins 2–1');
    assert.equal(resultHeadline('football', { winner: null, reason: 'final-score', text: '1/2-1/2' }, [1, 1]), 'Draw 1–1');
    assert.equal(scoreText([3, 0]), '3–0');
    assert.equal(scoreText([3, 0], 1), '0–3');
  });

  test('the score comes from the result, else from the final position', () => {
    const win = { winner: 0, reason: 'final-score', text: '1-0' };
    // `<board> <ball> <side> <phase> <kicker> <half> <actions> <score> …`
    const end = '8/8/8/8/8/8/8/8 - w play b 2 2 3-0 QRN/BNP -/- -';
    assert.deepEqual(finalScore(football, win, end, {}), [3, 0]);
    assert.deepEqual(finalScore(football, { ...win, score: [2, 1] }, end, {}), [2, 1], 'the server\'s own score first');
    assert.deepEqual(finalScore(null, { ...win, score: [2, 1] }), [2, 1]);
    assert.equal(finalScore(football, win, null, {}), null);
    assert.equal(finalScore(null, win, end, {}), null);
    assert.equal(finalScore(loa, win, '6/6 b', {}), null, 'Lines of Action keeps no score');
  });

  test("an imported record's result is what its text says", () => {
    assert.equal(resultWinner({ winner: null, reason: null, text: '1-0' }), 0);
    assert.equal(resultWinner({ winner: null, reason: 'resignation', text: '0-1' }), 1);
    assert.equal(resultWinner({ winner: null, reason: null, text: '1/2-1/2' }), null);
    assert.equal(resultHeadline('loa', { winner: null, reason: null, text: '0-1' }), 'White wins');
    assert.equal(resultText('loa', { winner: null, reason: null, text: '1-0' }), 'Black wins', 'no reason: none shown');
    assert.equal(resultReason({ winner: 0, reason: 'something-new', text: '1-0' }), 'something-new');
    assert.equal(capitalized('time ran out'), 'Time ran out');
  });

  test('every result and quick start text is in every catalogue, with its placeholders', () => {
    const keys = ['result.wins', 'result.wins_score', 'result.draw', 'result.draw_score', 'result.aborted',
      'lobby.quick', 'lobby.quick.custom', 'lobby.quick.computer', 'lobby.quick.tile', 'lobby.quick.computer_tile',
      'nav.menu', 'nav.menu_close', 'nav.main'];
    const en = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', 'en.json'), 'utf8'));
    for (const lang of ['en', 'it', 'ko', 'ne', 'ru']) {
      const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
      assert.deepEqual(keys.filter((k) => !(k in cat)), [], `${lang} has every text`);
      for (const k of keys) {
        assert.deepEqual((cat[k].match(/\{\w+\}/g) || []).sort(), (en[k].match(/\{\w+\}/g) || []).sort(), `${lang}: ${k}`);
      }
    }
  });
});

describe('the quick start', () => {
  test('its clocks\' speeds, as the server derives them', async () => {
    const { clockSpeed, QUICK_CLOCKS } = await import('../../web/js/pages/lobby.js');
    const rt = (min, inc) => ({ type: 'realtime', initial_ms: min * 60000, increment_ms: inc * 1000 });
    assert.deepEqual(QUICK_CLOCKS, ['3+2', '5+3', '10+5', '15+10']);
    assert.equal(clockSpeed(rt(1, 0)), 'bullet');
    assert.equal(clockSpeed(rt(3, 2)), 'blitz');
    assert.equal(clockSpeed(rt(5, 3)), 'blitz');
    assert.equal(clockSpeed(rt(10, 5)), 'rapid');
    assert.equal(clockSpeed(rt(15, 10)), 'rapid');
    assert.equal(clockSpeed(rt(30, 20)), 'classical');
    assert.equal(clockSpeed({ type: 'untimed' }), 'correspondence');
  });

  test('a tile joins the oldest matching seek of someone else', async () => {
    const { matchingSeek } = await import('../../web/js/pages/lobby.js');
    const clock = { type: 'realtime', initial_ms: 180000, increment_ms: 2000 };
    const me = { id: 'me' };
    const seat = (id) => ({ user: { id, name: id } });
    const seek = (id, extra = {}) => ({ id, status: 'waiting', game: 'loa', clock, rated: false, options: { size: '8' }, players: [seat(`u-${id}`), null], ...extra });
    const defaults = { size: '8' };
    const want = { game: 'loa', clock, rated: false, defaults, me };
    // The lobby lists the newest first: the oldest matching one is joined.
    assert.equal(matchingSeek([seek('new'), seek('old')], want).id, 'old');
    assert.equal(matchingSeek([seek('mine', { players: [seat('me'), null] })], want), null, 'not one\'s own');
    assert.equal(matchingSeek([seek('a', { game: 'pursuit' })], want), null, 'another game');
    assert.equal(matchingSeek([seek('a', { clock: { ...clock, increment_ms: 3000 } })], want), null, 'another clock');
    assert.equal(matchingSeek([seek('a', { rated: true })], want), null, 'rated when casual is asked');
    assert.equal(matchingSeek([seek('a', { options: { size: '6' } })], want), null, 'other options');
    assert.equal(matchingSeek([], want), null);
  });
});
