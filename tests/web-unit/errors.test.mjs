// Unit tests of web/js/errors.js: the server's errors shown by their
// stable code through the message catalogue (with the values they quote),
// generic codes and unknown ones by the server's text, and the client's
// own errors (a lost connection, an answer that was not JSON).

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText, serverError } from '../../web/js/errors.js';
import { ApiError } from '../../web/js/api.js';
import { useEnglish } from './english.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('server errors', () => {
  before(useEnglish);

  test('a code of its own is translated, with the values it quotes', () => {
    assert.equal(errorText(new ApiError(401, 'wrong username or password', 'wrong_credentials')), 'Wrong username or password.');
    assert.equal(errorText(serverError({ type: 'error', error: 'it is not your turn', code: 'not_your_turn' })), 'It is not your turn.');
    assert.equal(errorText(new ApiError(409, "username 'alice' is taken", 'username_taken', { name: 'alice' })), 'The username alice is taken.');
    assert.equal(errorText(new ApiError(429, 'too many sign-in attempts, retry in 60 s', 'too_many', { what: 'signins', n: '60' })), 'Too many sign-in attempts: try again in 60 s.');
    assert.equal(
      errorText(serverError({ error: "illegal move 'h2-h4': not legal", code: 'illegal_move', params: { move: 'h2-h4', detail: 'not legal' } })),
      'Illegal move h2-h4 (not legal)',
    );
    assert.equal(errorText({ message: 'the game is at version 5, not 0', code: 'stale_version', params: { now: '5', yours: '0' } }), 'The game moved on meanwhile (version 5, not 0): look at the board and try again.');
  });

  test('generic codes, unknown codes and plain texts show the server text', () => {
    assert.equal(errorText(new ApiError(400, 'the duration is 10 to 120 minutes', 'bad_request')), 'the duration is 10 to 120 minutes');
    assert.equal(errorText(serverError({ error: 'something new', code: 'a_code_from_a_newer_server' })), 'something new');
    assert.equal(errorText('something new'), 'something new');
  });

  test("the client's own errors", () => {
    assert.equal(errorText(new ApiError(500, 'HTTP 500')), 'The server answered with an error (HTTP 500).');
    const lost = new Error('connection lost');
    lost.lost = true;
    assert.equal(errorText(lost), 'No connection to the server.');
  });

  test('errors.js holds no regular expressions', () => {
    const src = fs.readFileSync(path.join(ROOT, 'web', 'js', 'errors.js'), 'utf8');
    assert.doesNotMatch(src, /new RegExp|\/\^/);
  });
});
