// The message catalogue: every UI string comes from web/i18n/<lang>.json.
// English is complete and is the fallback for any missing key.

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ko', name: '한국어' },
  { code: 'ru', name: 'Русский' },
  { code: 'ne', name: 'नेपाली' },
  { code: 'it', name: 'Italiano' },
];

const STORAGE_KEY = 'gamut.lang';
let current = 'en';
let messages = {};
let fallback = {};
let switches = 0; // setLanguage calls so far
const listeners = new Set();

async function loadCatalogue(code) {
  const res = await fetch(`/i18n/${code}.json`);
  if (!res.ok) throw new Error(`catalogue ${code}: HTTP ${res.status}`);
  return res.json();
}

/** The language picked from storage, then the browser's languages, then English. */
export function preferredLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && LANGUAGES.some((l) => l.code === stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.some((l) => l.code === base)) return base;
  }
  return 'en';
}

/** Load English and `code`, and make `code` current. */
export async function setLanguage(code, remember = false) {
  // Two switches in a row: the catalogue of the first may come last; only
  // the latest switch is made.
  const mine = ++switches;
  if (!Object.keys(fallback).length) fallback = await loadCatalogue('en');
  const next = code === 'en' ? fallback : await loadCatalogue(code).catch(() => fallback);
  if (mine !== switches) return;
  messages = next;
  current = code;
  if (remember) localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

/** The current language code. */
export function language() {
  return current;
}

/** Call `fn` whenever the language changes. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The catalogue key for `key` with a count `n`: `key.one`, `key.few`…
 * by the language's plural rules when the catalogue has that form. */
function pluralKey(key, n) {
  if (typeof n !== 'number') return key;
  const form = `${key}.${new Intl.PluralRules(current).select(n)}`;
  return form in messages ? form : key;
}

/**
 * The message for `key`, with `{name}` placeholders filled from `params`;
 * a numeric `params.n` picks the plural form (`key.one`, `key.few`, …)
 * when the catalogue has one. A missing key shows as the key itself
 * (tests catch these).
 */
export function t(key, params) {
  key = pluralKey(key, params?.n);
  let text = messages[key] ?? fallback[key];
  if (text === undefined) return key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return text;
}

/** Whether the catalogue has `key` (for optional texts such as option help). */
export function has(key) {
  return key in messages || key in fallback;
}
