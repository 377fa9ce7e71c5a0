// Unit tests of the display preferences (web/js/theme.js): the theme's
// resolution (auto follows the device), the palettes' selection from
// storage, what <html> carries; and app.css's side of them: every palette
// sets every board colour, the dark theme every page colour, and the
// board colours keep pieces and squares apart in every palette.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  THEMES, PALETTES, DEFAULT_PALETTE, THEME_KEY, PALETTE_KEY, THEME_COLORS,
  themeChoice, resolveTheme, paletteChoice, readPrefs, rootAttributes,
} from '../../web/js/theme.js';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const CSS = fs.readFileSync(path.join(WEB, 'css', 'app.css'), 'utf8');

/** A storage holding `items`, like localStorage's getItem. */
const storage = (items) => ({ getItem: (k) => (k in items ? items[k] : null) });

describe('theme resolution', () => {
  test('auto follows the device, light and dark are fixed', () => {
    assert.equal(resolveTheme('auto', true), 'dark');
    assert.equal(resolveTheme('auto', false), 'light');
    for (const dark of [true, false]) {
      assert.equal(resolveTheme('light', dark), 'light');
      assert.equal(resolveTheme('dark', dark), 'dark');
    }
  });

  test('an unknown or missing choice is auto', () => {
    for (const v of [null, undefined, '', 'Dark', 'sepia', 42]) assert.equal(themeChoice(v), 'auto');
    assert.equal(resolveTheme('sepia', true), 'dark');
    assert.equal(resolveTheme(null, false), 'light');
    assert.deepEqual(THEMES, ['auto', 'light', 'dark']);
  });
});

describe('palette selection', () => {
  test('a known palette is kept, anything else is the default', () => {
    for (const p of PALETTES) assert.equal(paletteChoice(p), p);
    for (const v of [null, undefined, '', 'CLASSIC', 'neon']) assert.equal(paletteChoice(v), DEFAULT_PALETTE);
    assert.equal(DEFAULT_PALETTE, 'classic');
    assert.ok(PALETTES.length >= 3, 'a few palettes');
  });

  test('the saved choices are read from storage, with defaults', () => {
    assert.deepEqual(readPrefs(storage({})), { theme: 'auto', palette: 'classic' });
    assert.deepEqual(readPrefs(storage({ [THEME_KEY]: 'dark', [PALETTE_KEY]: 'ocean' })), { theme: 'dark', palette: 'ocean' });
    assert.deepEqual(readPrefs(storage({ [THEME_KEY]: 'blue', [PALETTE_KEY]: 'x' })), { theme: 'auto', palette: 'classic' });
    assert.deepEqual(readPrefs(null), { theme: 'auto', palette: 'classic' });
    const refusing = { getItem: () => { throw new Error('SecurityError'); } };
    assert.deepEqual(readPrefs(refusing), { theme: 'auto', palette: 'classic' });
  });

  test('<html> carries the resolved theme, the choice and the palette', () => {
    assert.deepEqual(rootAttributes({ theme: 'auto', palette: 'forest' }, true),
      { 'data-theme': 'dark', 'data-theme-choice': 'auto', 'data-palette': 'forest', themeColor: THEME_COLORS.dark });
    assert.deepEqual(rootAttributes({ theme: 'light', palette: 'nope' }, true),
      { 'data-theme': 'light', 'data-theme-choice': 'light', 'data-palette': 'classic', themeColor: THEME_COLORS.light });
  });
});

// ---- app.css --------------------------------------------------------------

/** The custom properties set by the rule whose selector list is exactly `selector`. */
function ruleVars(selector) {
  const re = /([^{}]+)\{([^{}]*)\}/g;
  for (const m of CSS.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(re)) {
    const sels = m[1].split(',').map((x) => x.trim());
    if (!sels.includes(selector)) continue;
    return Object.fromEntries([...m[2].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((d) => [d[1], d[2].trim()]));
  }
  return null;
}

/** The custom properties the stylesheet reads with var(). */
function usedVars() {
  return new Set([...CSS.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]));
}

const BOARD_VARS = /^--(loa|pitch|ring|mark)-/;

/** Relative luminance of `#rrggbb` (WCAG). */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('app.css', () => {
  test('every palette sets every board colour the stylesheet reads', () => {
    const classic = ruleVars('[data-palette="classic"]');
    assert.ok(classic, 'the classic palette is the default rule');
    const used = [...usedVars()].filter((v) => BOARD_VARS.test(v)).sort();
    assert.ok(used.length >= 15, `board colours: ${used}`);
    for (const p of PALETTES) {
      const vars = ruleVars(`[data-palette="${p}"]`);
      assert.ok(vars, `a rule for ${p}`);
      assert.deepEqual(Object.keys(vars).sort(), used, `${p} sets exactly the board colours`);
    }
  });

  test('the dark theme sets every page colour of the light one', () => {
    const dark = ruleVars(':root[data-theme="dark"]');
    const light = Object.keys(ruleVars(':root')).filter((v) => !BOARD_VARS.test(v) && !['--radius', '--font', '--header-h'].includes(v));
    const missing = light.filter((v) => !(v in dark));
    assert.deepEqual(missing, [], 'dark values for every themed colour');
    assert.ok(luminance(dark['--bg']) < 0.05, 'a dark background');
    assert.ok(contrast(dark['--ink'], dark['--bg']) >= 7, 'body text reads on dark');
    assert.ok(contrast(dark['--muted'], dark['--surface']) >= 4.5, 'muted text reads on dark cards');
    assert.ok(contrast(dark['--link'], dark['--surface']) >= 4.5, 'links read on dark cards');
    assert.ok(contrast(dark['--strong-ink'], dark['--strong-bg']) >= 7, 'a running clock reads');
    assert.ok(contrast(dark['--ok-ink'], dark['--ok-bg']) >= 4.5, 'your-turn line reads');
    assert.ok(contrast(dark['--err-ink'], dark['--err-bg']) >= 4.5, 'alerts read');
  });

  test('in every palette the squares differ and both sides\' pieces stand out', () => {
    const red = '#d63a2f';   // Lines of Action: Black's pieces
    const white = '#f8f4ec'; // and White's (with a dark outline)
    for (const p of PALETTES) {
      const v = ruleVars(`[data-palette="${p}"]`);
      assert.ok(contrast(v['--loa-light'], v['--loa-dark']) >= 1.4, `${p}: Lines of Action squares differ`);
      assert.ok(contrast(v['--pitch-light'], v['--pitch-dark']) >= 1.1, `${p}: pitch stripes differ`);
      // By lightness too, not only hue (red and green look alike to many).
      for (const sq of [v['--loa-light'], v['--loa-dark']]) assert.ok(contrast(red, sq) >= 1.8, `${p}: red on ${sq}`);
      assert.ok(contrast(white, v['--loa-dark']) >= 1.8, `${p}: white on the dark squares`);
      assert.ok(contrast(v['--ring-line'], v['--ring-disc']) >= 4.5, `${p}: the ring's circle on its disc`);
      assert.ok(contrast(v['--ring-num'], v['--ring-disc']) >= 3, `${p}: position numbers`);
      assert.ok(contrast(v['--loa-coord'], v['--loa-frame']) >= 4.5, `${p}: coordinates on the frame`);
    }
  });
});
