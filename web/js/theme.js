// Display preferences: the colour theme (`auto` follows the device's
// `prefers-color-scheme`; or `light`, `dark`) and the board palette, kept
// in localStorage and applied as attributes of <html> that select CSS
// custom properties in app.css: `data-theme` (always the resolved `light`
// or `dark`) and `data-palette`. The first half is pure (tests/web-unit).

export const THEMES = ['auto', 'light', 'dark'];
/** Board palettes: each sets the square boards' (Lines of Action, the
 * Chess Football pitch) and the Linear Pursuit ring's colours (app.css). */
export const PALETTES = ['classic', 'ocean', 'forest', 'slate'];
export const DEFAULT_THEME = 'auto';
export const DEFAULT_PALETTE = 'classic';
export const THEME_KEY = 'gamut.theme';
export const PALETTE_KEY = 'gamut.palette';
/** The browser bar's colour (`<meta name="theme-color">`): the header's. */
export const THEME_COLORS = { light: '#1f2a37', dark: '#0b0f14' };

/** A stored theme choice, or `auto` for anything unknown (or nothing). */
export function themeChoice(stored) {
  return THEMES.includes(stored) ? stored : DEFAULT_THEME;
}

/** `light` or `dark`: the choice itself, or for `auto` the device's preference. */
export function resolveTheme(choice, prefersDark) {
  const c = themeChoice(choice);
  if (c === 'auto') return prefersDark ? 'dark' : 'light';
  return c;
}

/** A stored palette, or the default for anything unknown (or nothing). */
export function paletteChoice(stored) {
  return PALETTES.includes(stored) ? stored : DEFAULT_PALETTE;
}

/** The saved choices from `storage` (anything with `getItem`; failures give the defaults). */
export function readPrefs(storage) {
  let theme = null;
  let palette = null;
  try {
    theme = storage?.getItem(THEME_KEY) ?? null;
    palette = storage?.getItem(PALETTE_KEY) ?? null;
  } catch {
    // Storage refused (private browsing): the defaults.
  }
  return { theme: themeChoice(theme), palette: paletteChoice(palette) };
}

/** What <html> carries for these choices. */
export function rootAttributes({ theme, palette }, prefersDark) {
  const resolved = resolveTheme(theme, prefersDark);
  return { 'data-theme': resolved, 'data-theme-choice': themeChoice(theme), 'data-palette': paletteChoice(palette), themeColor: THEME_COLORS[resolved] };
}

// ---- in the page ---------------------------------------------------------

const listeners = new Set();
let media = null;
let prefs = { theme: DEFAULT_THEME, palette: DEFAULT_PALETTE };

function storage() {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

function prefersDark() {
  return Boolean(media?.matches);
}

/** Put the current choices on <html> (and the browser bar's colour). */
function apply() {
  const attrs = rootAttributes(prefs, prefersDark());
  const root = document.documentElement;
  for (const k of ['data-theme', 'data-theme-choice', 'data-palette']) root.setAttribute(k, attrs[k]);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', attrs.themeColor);
  for (const fn of listeners) fn({ ...prefs }, attrs['data-theme']);
}

/** Apply the saved choices now, and follow the device's scheme while on `auto`. */
export function initDisplay() {
  media = globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
  media?.addEventListener?.('change', apply);
  prefs = readPrefs(storage());
  // A choice made in another tab applies here too.
  globalThis.addEventListener?.('storage', (e) => {
    if (e.key !== THEME_KEY && e.key !== PALETTE_KEY) return;
    prefs = readPrefs(storage());
    apply();
  });
  apply();
}

/** The saved choices: { theme, palette }. */
export function displayPrefs() {
  return { ...prefs };
}

function save(key, value) {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Not remembered; applied to this page still.
  }
}

/** Choose a theme (`auto`, `light`, `dark`), remembered. */
export function setTheme(choice) {
  prefs = { ...prefs, theme: themeChoice(choice) };
  save(THEME_KEY, prefs.theme);
  apply();
}

/** Choose a board palette, remembered. */
export function setPalette(id) {
  prefs = { ...prefs, palette: paletteChoice(id) };
  save(PALETTE_KEY, prefs.palette);
  apply();
}

/** Call `fn(prefs, resolvedTheme)` after each change. */
export function onDisplayChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
