// Plural forms in the five catalogues (web/i18n/*.json): a text that takes
// a count (`{n}`) and has a plural form in English (`key.one`) has, in
// each language, every form that language's plural rules pick for whole
// numbers (`key.one`, `key.few`, `key.many`; `other` falls back to the
// plain key), with the same placeholders; and i18n.js picks them
// (Russian "1 действие", "2 действия", "5 действий").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setLanguage, t } from '../../web/js/i18n.js';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANGS = ['en', 'it', 'ko', 'ne', 'ru'];
const read = (lang) => JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The plural categories a language's rules give whole numbers 0…1000. */
function wholeCategories(lang) {
  const rules = new Intl.PluralRules(lang);
  const cats = new Set();
  for (let n = 0; n <= 1000; n++) cats.add(rules.select(n));
  return [...cats];
}

test('every counted text has each plural form its language needs', () => {
  const en = read('en');
  const counted = Object.keys(en).filter((k) => k.endsWith('.one') && `${k.slice(0, -4)}` in en).map((k) => k.slice(0, -4));
  assert.ok(counted.includes('football.moves_left'));
  const missing = [];
  for (const lang of LANGS) {
    const cat = read(lang);
    for (const key of counted) {
      assert.ok(key in cat, `${lang} has ${key}`);
      for (const form of wholeCategories(lang)) {
        if (form === 'other') continue;
        const k = `${key}.${form}`;
        if (!(k in cat)) missing.push(`${lang}: ${k}`);
        else assert.deepEqual(holes(cat[k]), holes(en[key]), `${lang} ${k} placeholders`);
      }
    }
  }
  assert.deepEqual(missing, []);
});

test('the Russian forms are picked by count', async () => {
  const realFetch = globalThis.fetch;
  globalThis.document ??= { documentElement: {} };
  globalThis.fetch = async (url) => {
    const text = fs.readFileSync(path.join(WEB, String(url).replace(/^\//, '')), 'utf8');
    return { ok: true, status: 200, json: async () => JSON.parse(text) };
  };
  try {
    await setLanguage('ru');
    assert.equal(t('football.moves_left', { n: 1 }), 'до конца тайма 1 действие');
    assert.equal(t('football.moves_left', { n: 2 }), 'до конца тайма 2 действия');
    assert.equal(t('football.moves_left', { n: 5 }), 'до конца тайма 5 действий');
    assert.equal(t('football.moves_left', { n: 21 }), 'до конца тайма 21 действие');
    await setLanguage('en');
    assert.equal(t('football.moves_left', { n: 1 }), '1 action left in the half');
  } finally {
    globalThis.fetch = realFetch;
  }
});
