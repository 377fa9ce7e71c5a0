// Unit tests of web/js/errors.js: the server's known error texts shown
// through the message catalogue (with the parts they quote), unknown
// texts as sent.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText } from '../../web/js/errors.js';
import { ApiError } from '../../web/js/api.js';
import { useEnglish } from './english.mjs';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

describe('server error messages', () => {
  before(useEnglish);

  test('known texts are translated, with the parts they quote', () => {
    assert.equal(errorText(new ApiError(401, 'wrong username or password')), 'Wrong username or password.');
    assert.equal(errorText(new Error('it is not your turn')), 'It is not your turn.');
    assert.equal(errorText('username \'alice\' is taken'), 'The username alice is taken.');
    assert.equal(errorText('too many sign-in attempts, retry in 60 s'), 'Too many sign-in attempts: try again in 60 s.');
    assert.equal(errorText("illegal move 'h2-h4': 'h2-h4' is not a legal move"), "Illegal move h2-h4 ('h2-h4' is not a legal move)");
    assert.equal(errorText('the game is at version 5, not 0'), 'The game moved on meanwhile (version 5, not 0): look at the board and try again.');
    assert.equal(errorText('no draw offer to decline'), 'There is no draw offer to answer.');
    assert.equal(errorText('the computer does not accept draws'), 'The computer does not accept draws.');
    assert.equal(errorText(new ApiError(500, 'HTTP 500')), 'The server answered with an error (HTTP 500).');
  });

  test('unknown texts are shown as sent', () => {
    assert.equal(errorText(new Error('move 1 (b1-b5): not legal')), 'move 1 (b1-b5): not legal');
    assert.equal(errorText('something new'), 'something new');
  });

  test('every key errors.js names is in every catalogue', () => {
    const src = fs.readFileSync(path.join(WEB, 'js', 'errors.js'), 'utf8');
    const keys = [...new Set([...src.matchAll(/'(error\.[a-z_.]+)'/g)].map((m) => m[1]).filter((k) => !k.endsWith('.')))];
    keys.push('error.too_many.guests', 'error.too_many.signups', 'error.too_many.signins');
    assert.ok(keys.length > 30);
    for (const lang of ['en', 'it', 'ko', 'ne', 'ru']) {
      const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
      assert.deepEqual(keys.filter((k) => !(k in cat)), [], `${lang} has every error text`);
    }
  });
});
