// The header's display menu: the theme switch (auto / light / dark) and
// the board palettes, each shown by a small swatch of its colours (the
// swatch carries its own `data-palette`, so app.css colours it). The
// choices are kept by theme.js.

import { h, s } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { THEMES, PALETTES, displayPrefs, setTheme, setPalette, onDisplayChange } from './theme.js';

/** A swatch of a palette: Lines of Action squares, the pitch, the ring. */
function swatch(palette) {
  return s('svg', { class: 'swatch', viewBox: '0 0 76 24', 'aria-hidden': 'true', 'data-palette': palette },
    s('rect', { class: 'sw-loa-light', x: 0, y: 0, width: 12, height: 12 }),
    s('rect', { class: 'sw-loa-dark', x: 12, y: 0, width: 12, height: 12 }),
    s('rect', { class: 'sw-loa-dark', x: 0, y: 12, width: 12, height: 12 }),
    s('rect', { class: 'sw-loa-light', x: 12, y: 12, width: 12, height: 12 }),
    s('rect', { class: 'sw-pitch-light', x: 26, y: 0, width: 12, height: 12 }),
    s('rect', { class: 'sw-pitch-dark', x: 38, y: 0, width: 12, height: 12 }),
    s('rect', { class: 'sw-pitch-dark', x: 26, y: 12, width: 12, height: 12 }),
    s('rect', { class: 'sw-pitch-light', x: 38, y: 12, width: 12, height: 12 }),
    s('circle', { class: 'sw-ring', cx: 64, cy: 12, r: 10.5 }),
    s('circle', { class: 'sw-ring-line', cx: 64, cy: 12, r: 6 }));
}

/** Mark the chosen button of a radio group (`data-value`). */
function mark(group, value) {
  for (const b of group.querySelectorAll('button')) {
    const on = b.dataset.value === value;
    b.classList.toggle('active', on);
    b.setAttribute('aria-checked', String(on));
  }
}

/** The button and its panel (closed), for the header's tools. */
export function displayMenu() {
  const prefs = displayPrefs();
  const themes = h('div.segmented#theme-choice', { role: 'radiogroup', 'aria-label': t('display.theme') },
    THEMES.map((th) => h('button', { type: 'button', role: 'radio', dataset: { value: th }, onclick: () => setTheme(th) }, t(`display.theme.${th}`))));
  const palettes = h('div.palette-choice#palette-choice', { role: 'radiogroup', 'aria-label': t('display.board') },
    PALETTES.map((p) => h('button.palette-option', { type: 'button', role: 'radio', dataset: { value: p }, onclick: () => setPalette(p) },
      swatch(p), h('span', null, t(`display.palette.${p}`)))));
  mark(themes, prefs.theme);
  mark(palettes, prefs.palette);
  const panel = h('div.display-panel#display-panel', { hidden: true, role: 'group', 'aria-label': t('display.title') },
    h('div.field', null, h('span.field-label', null, t('display.theme')), themes,
      h('span.muted.small', null, t('display.theme.auto_help'))),
    h('div.field', null, h('span.field-label', null, t('display.board')), palettes));
  const button = h('button.icon-btn#display-button', {
    type: 'button',
    title: t('display.title'),
    'aria-label': t('display.title'),
    'aria-expanded': 'false',
    'aria-controls': 'display-panel',
    onclick: () => toggle(menu),
  }, icon('theme'));
  const menu = h('div.display-menu', null, button, panel);
  const off = onDisplayChange((p) => {
    if (!menu.isConnected) { off(); return; }
    mark(themes, p.theme);
    mark(palettes, p.palette);
  });
  return menu;
}

function toggle(menu, open) {
  const panel = menu.querySelector('.display-panel');
  const show = open ?? panel.hidden;
  panel.hidden = !show;
  menu.querySelector('#display-button').setAttribute('aria-expanded', String(show));
}

// One listener for the page: a press outside the open menu, or Escape, closes it.
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (e) => {
    const menu = document.querySelector('.display-menu');
    if (menu && !menu.contains(e.target) && !menu.querySelector('.display-panel').hidden) toggle(menu, false);
  });
  document.addEventListener('keydown', (e) => {
    const menu = document.querySelector('.display-menu');
    if (e.key !== 'Escape' || !menu || menu.querySelector('.display-panel').hidden) return;
    toggle(menu, false);
    menu.querySelector('#display-button').focus();
  });
}
