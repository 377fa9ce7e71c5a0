// The page shell: header, language switch, sound toggle, display menu
// (theme, board colours), notifications (the bell), account menu and a
// router over the URL path (the server serves index.html for each page).

import { h, replace } from './dom.js';
import { t, LANGUAGES, preferredLanguage, setLanguage, language } from './i18n.js';
import { soundOn, setSound } from './sound.js';
import { currentUser, loadUser, onUserChange } from './session.js';
import { api } from './api.js';
import { icon } from './icons.js';
import { initDisplay } from './theme.js';
import { displayMenu } from './display-menu.js';
import { loadGames } from './games/index.js';
import { notificationBell } from './panels/notifications.js';
import { startFeed } from './notify-feed.js';
import { startChallengeToasts } from './panels/challenge-toast.js';
import * as lobby from './pages/lobby.js';
import * as gamePage from './pages/game.js';
import * as replay from './pages/replay.js';
import * as rules from './pages/rules.js';
import * as profile from './pages/profile.js';
import * as account from './pages/account.js';
import * as leaderboard from './pages/leaderboard.js';
import * as analysis from './pages/analysis.js';
import * as myGames from './pages/my-games.js';
import * as tournaments from './pages/tournaments.js';
import * as learn from './pages/learn.js';
import * as puzzles from './pages/puzzles.js';

const ROUTES = [
  [/^\/$/, lobby],
  [/^\/game\/([A-Za-z0-9]+)$/, gamePage],
  [/^\/replay(?:\/([A-Za-z0-9]+))?$/, replay],
  [/^\/analysis(?:\/([A-Za-z0-9]+))?$/, analysis],
  [/^\/rules(?:\/([a-z]+))?$/, rules],
  [/^\/learn(?:\/([a-z]+))?$/, learn],
  [/^\/puzzles(?:\/([a-z]+)(?:\/(daily))?)?$/, puzzles],
  [/^\/puzzle\/([A-Za-z0-9-]+)$/, puzzles.single],
  [/^\/profile(?:\/([^/]+))?$/, profile],
  [/^\/(signin|signup)$/, account],
  [/^\/leaderboard(?:\/([a-z]+))?(?:\/([a-z]+))?$/, leaderboard],
  [/^\/my-games$/, myGames],
  [/^\/tournaments$/, tournaments],
  [/^\/tournament\/([a-z0-9]+)$/, tournaments],
];

let cleanup = null;
let main;
let header;

/** Go to a path inside the app without reloading. */
export function navigate(path, replaceState = false) {
  if (replaceState) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  route();
}

function route() {
  setMenu(false);
  if (cleanup) cleanup();
  cleanup = null;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  for (const [re, page] of ROUTES) {
    const m = re.exec(path);
    if (m) {
      main.replaceChildren();
      main.className = `page page-${page.name || 'x'}`;
      document.title = 'Gamut';
      cleanup = page.render(main, m.slice(1).map((x) => (x ? decodeURIComponent(x) : x)), { navigate }) || null;
      window.scrollTo(0, 0);
      return;
    }
  }
  replace(main, h('section.card.empty', null, h('h1', null, t('error.not_found')), h('a', { href: '/' }, t('nav.home'))));
}

function link(path, label, cls) {
  return h('a', { href: path, class: cls }, label);
}

// The header: the logo, the menu (the main links, the language and sound
// switches, the account) and the tools (display menu, notifications).
// Where the menu does not fit on one line (a phone, a tablet, a long
// language) the header is `compact`: the menu folds behind a menu button
// (a disclosure: `aria-expanded`, closed by Escape, a press outside it and
// by any navigation) and the header is one small band.
let menuOpen = false;

function setMenu(open) {
  menuOpen = Boolean(open) && Boolean(header?.classList.contains('compact'));
  if (!header) return;
  header.classList.toggle('menu-open', menuOpen);
  const button = header.querySelector('#menu-button');
  if (!button) return;
  button.setAttribute('aria-expanded', String(menuOpen));
  const label = t(menuOpen ? 'nav.menu_close' : 'nav.menu');
  button.setAttribute('aria-label', label);
  button.title = label;
  replace(button, icon(menuOpen ? 'close' : 'menu'));
}

/** Compact when the whole header does not fit on one line (measured, so every language fits). */
function fitHeader() {
  if (!header || !header.firstChild) return;
  header.classList.remove('compact');
  const tooWide = header.scrollWidth > header.clientWidth + 1;
  header.classList.toggle('compact', tooWide);
  if (!tooWide) setMenu(false);
}

function renderHeader() {
  const user = currentUser();
  const focused = document.activeElement?.id;
  const langSelect = h('select.lang', { 'aria-label': t('nav.language'), id: 'lang-select', onchange: (e) => setLanguage(e.target.value, true) },
    LANGUAGES.map((l) => h('option', { value: l.code, selected: l.code === language() }, l.name)));
  const sound = h('button.icon-btn', {
    id: 'sound-toggle',
    type: 'button',
    'aria-pressed': String(soundOn()),
    title: t(soundOn() ? 'nav.sound_on' : 'nav.sound_off'),
    'aria-label': t(soundOn() ? 'nav.sound_on' : 'nav.sound_off'),
    onclick: () => { setSound(!soundOn()); renderHeader(); },
  }, icon(soundOn() ? 'soundOn' : 'soundOff'));
  // The account's buttons: beside the name on one line, in the menu when compact.
  const accountButtons = () => (user
    ? [user.guest ? h('span.badge', null, t('account.guest')) : null,
        user.guest ? link('/signup', t('nav.signup'), 'btn small') : h('button.btn.small.ghost', { type: 'button', onclick: signOut }, t('nav.signout'))]
    : [link('/signin', t('nav.signin'), 'btn small ghost'), link('/signup', t('nav.signup'), 'btn small')]);
  const account = h('div.account', null, user ? link(`/profile/${encodeURIComponent(user.name)}`, user.name, 'user-name') : null, accountButtons());
  const menuButton = h('button.icon-btn.menu-button#menu-button', {
    type: 'button',
    'aria-controls': 'site-menu',
    'aria-expanded': 'false',
    onclick: () => setMenu(!menuOpen),
  });
  replace(header,
    h('a.logo', { href: '/' }, h('img', { src: '/img/logo.svg', alt: '' }), h('span', null, 'Gamut')),
    menuButton,
    h('div.site-menu#site-menu', null,
      h('nav.main-nav', { 'aria-label': t('nav.main') }, link('/', t('nav.play')), link('/rules', t('nav.rules')), link('/replay', t('nav.replay')), link('/analysis', t('nav.analysis')), link('/leaderboard', t('nav.leaderboard')), link('/tournaments', t('nav.tournaments'), 'nav-tournaments'), link('/learn', t('nav.learn'), 'nav-learn'), link('/puzzles', t('nav.puzzles'), 'nav-puzzles'), user ? link('/my-games', t('nav.my_games'), 'nav-my-games') : null, user ? link(`/profile/${encodeURIComponent(user.name)}`, t('nav.profile')) : null),
      h('div.menu-tools', null, langSelect, sound),
      h('div.menu-account', null, accountButtons())),
    account,
    h('div.tools', null, displayMenu(), user ? notificationBell() : null),
  );
  fitHeader();
  setMenu(menuOpen);
  if (focused && ['sound-toggle', 'menu-button', 'lang-select'].includes(focused)) document.getElementById(focused)?.focus();
}

async function signOut() {
  await api.signout().catch(() => {});
  await loadUser();
  navigate('/');
}

// The theme and board colours before anything is drawn.
initDisplay();

async function boot() {
  await setLanguage(preferredLanguage());
  const app = document.getElementById('app');
  header = h('header.site-header');
  main = h('main#main.page');
  replace(app, header, main, h('footer.site-footer', null, h('span#footer-text', null, t('footer.text'))));
  // The games' modules, named by the server's catalogue, before any page.
  await Promise.all([loadUser(), loadGames().catch((e) => console.error('cannot load the games', e))]);
  renderHeader();
  onUserChange(renderHeader);
  // The user's notifications (the header's bell), live.
  startFeed();
  // A challenge that comes pops up on any page.
  startChallengeToasts();
  document.addEventListener('click', (e) => {
    const a = e.target.closest('a[href]');
    if (!a || a.target || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const href = a.getAttribute('href');
    if (!href.startsWith('/') || href.startsWith('/api/')) return;
    e.preventDefault();
    navigate(href);
  });
  window.addEventListener('popstate', route);
  // The header's fit follows the window (and the fonts once loaded); the
  // open menu closes on Escape and on a press outside it.
  let fitting = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(fitHeader);
  });
  document.fonts?.ready.then(fitHeader);
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menuOpen) return;
    setMenu(false);
    document.getElementById('menu-button')?.focus();
  });
  document.addEventListener('pointerdown', (e) => {
    if (menuOpen && !e.target.closest?.('#site-menu, #menu-button')) setMenu(false);
  });
  const { onLanguageChange } = await import('./i18n.js');
  onLanguageChange(() => {
    renderHeader();
    document.getElementById('footer-text').textContent = t('footer.text');
    route();
  });
  route();
}

boot();
