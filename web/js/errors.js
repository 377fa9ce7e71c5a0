// The server's errors in the reader's language, by their stable code
// (docs/api.md, "Error codes": every error, HTTP or WebSocket, is
// `{"error": "<English>", "code": "<code>", "params": {…}}`): a code of
// its own is shown as `error.<code>` of the catalogue with its params; a
// generic code (a refusal without a code of its own yet) shows the
// server's text, which is its only detail. Errors of the client itself:
// a lost connection (`lost`) and an answer that was not JSON (`HTTP n`).

import { t, has } from './i18n.js';

/** The codes that only say the kind of refusal (gamut_protocol::ErrorCode::is_generic). */
const GENERIC = new Set(['bad_request', 'unauthorized', 'forbidden', 'missing', 'conflict', 'rate_limited', 'internal']);

/** The text to show for an error (an `Error` or `ApiError` with `code` and `params`, a server message's fields, or a string). */
export function errorText(err) {
  const text = String(err && err.message !== undefined ? err.message : err ?? '');
  if (err && err.lost) return t('error.connection');
  const code = err && err.code;
  if (code === 'http') return t('error.http', { n: err.status });
  if (!code || GENERIC.has(code) || !has(`error.${code}`)) return text;
  const params = { ...(err.params || {}) };
  if (params.what !== undefined) {
    const what = `error.too_many.${params.what}`;
    params.what = has(what) ? t(what) : params.what;
  }
  if (params.n !== undefined) params.n = Number(params.n);
  return t(`error.${code}`, params);
}

/** The error of a server's `error` message (WebSocket): its text, code and params. */
export function serverError(msg) {
  const err = new Error(msg.error);
  err.code = msg.code;
  err.params = msg.params || {};
  return err;
}
