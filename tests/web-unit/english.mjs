// Test helper: loads the client's English message catalogue
// (web/i18n/en.json) into web/js/i18n.js from disk, standing in for the
// browser's fetch and document, so that texts read as on the page.

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setLanguage } from '../../web/js/i18n.js';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

/** Make English the current language of the client's catalogue. */
export async function useEnglish() {
  const realFetch = globalThis.fetch;
  globalThis.document ??= { documentElement: {} };
  globalThis.fetch = async (url) => {
    const text = await fs.readFile(path.join(WEB, String(url).replace(/^\//, '')), 'utf8');
    return { ok: true, status: 200, json: async () => JSON.parse(text) };
  };
  try {
    await setLanguage('en');
  } finally {
    globalThis.fetch = realFetch;
  }
}
