// Rules pages written for players, one per game, with diagrams drawn by
// the game renderers. Texts come from the message catalogue.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { GAME_IDS, GAMES } from '../games/index.js';
import { gameTitle } from './common.js';
import { diagram, loaStart, loaPosition, pursuitStart, pursuitPosition, footballStandard, footballPosition, miniBoard } from './diagrams.js';

export const name = 'rules';

/** Each game's sections: a title, paragraphs, and diagrams. A game module
 * may export its own as `rules` (same form), which take precedence. */
const SECTIONS = {
  loa: [
    ['goal', ['p1'], () => diagram('loa', loaStart(8), { caption: t('rules.loa.fig.start'), id: 'fig-loa-start' })],
    ['move', ['p1', 'p2', 'p3'], () => diagram('loa', loaStart(8), { selected: 'b1', legal: ['b1-b3', 'b1-d3', 'b1-h1'], caption: t('rules.loa.fig.move') })],
    ['capture', ['p1']],
    ['end', ['p1', 'p2', 'p3'], () => diagram('loa', loaPosition(8, ['c3', 'd4', 'e4', 'e5', 'f6', 'd3', 'c2'], ['a3', 'h4', 'b6', 'g2']), { caption: t('rules.loa.fig.win') })],
    ['options', ['p1', 'p2']],
    ['notation', ['p1', 'p2']],
  ],
  pursuit: [
    ['goal', ['p1'], () => diagram('pursuit', pursuitStart(), { caption: t('rules.pursuit.fig.start'), id: 'fig-pursuit-start' })],
    ['board', ['p1', 'p2']],
    ['turn', ['p1', 'p2'], () => diagram('pursuit', pursuitPosition({ o4: 'R', 10: 'k' }), { selected: 'o4', legal: ['e4'], caption: t('rules.pursuit.fig.enter') })],
    ['pieces', ['pawn', 'rook', 'knight', 'bishop', 'king'], () => diagram('pursuit', pursuitPosition({ 5: 'N' }), { selected: '5', legal: ['5-12', '5-14', '5-16', '5-18'], caption: t('rules.pursuit.fig.knight') })],
    ['end', ['p1', 'p2', 'p3']],
    ['setup', ['p1', 'p2']],
    ['notation', ['p1', 'p2']],
  ],
  football: [
    ['goal', ['p1', 'p2'], () => diagram('football', footballStandard(), { selected: 'e4', legal: ['e4>c3', 'e4>d2'], caption: t('rules.football.fig.kickoff'), id: 'fig-football-start' })],
    ['team', ['p1']],
    ['placement', ['p1', 'p2']],
    ['actions', ['move', 'dribble', 'pass', 'shot', 'tackle']],
    ['goals', ['p1', 'p2'], () => diagram('football', footballPosition({ d5: 'Q', e1: 'K', e8: 'k', b6: 'n' }, 'd5'), { selected: 'd5', legal: ['d5>d8', 'd5-d6', 'd5-d7'], caption: t('rules.football.fig.shot') })],
    ['length', ['p1', 'p2']],
    ['notation', ['p1', 'p2']],
  ],
};

/** The rules sections of `game`, or undefined. */
const sectionsOf = (game) => GAMES[game]?.rules ?? SECTIONS[game];

export function render(main, [game]) {
  const sections = sectionsOf(game);
  if (!game || !sections) {
    replace(main,
      h('section.hero.small', null, h('h1', null, t('rules.title')), h('p.lead', null, t('rules.lead'))),
      h('div.rules-index', null, GAME_IDS.map((g) => h('a.card.rules-card', { href: `/rules/${g}` },
        miniBoard(g), h('h2', null, gameTitle(g)), h('p', null, t(`rules.${g}.summary`))))));
    return;
  }
  const toc = h('nav.rules-toc', { 'aria-label': t('rules.contents') },
    h('h2', null, t('rules.contents')),
    h('ol', null, sections.map(([key]) => h('li', null, h('a', { href: `#${key}`, onclick: (e) => { e.preventDefault(); document.getElementById(key)?.scrollIntoView({ behavior: 'smooth' }); } }, t(`rules.${game}.${key}.title`))))),
    h('a.btn.primary', { href: '/' }, t('rules.play_now')),
    h('a.btn.ghost.rules-learn#rules-learn', { href: `/learn/${game}` }, t('learn.from_rules')));
  const body = h('article.rules-body', null,
    h('h1', null, gameTitle(game)),
    h('p.lead', null, t(`rules.${game}.summary`)),
    h('p.rules-learn-note', null, t('learn.from_rules_text'), ' ', h('a#rules-learn-text', { href: `/learn/${game}` }, t('learn.from_rules'))),
    sections.map(([key, paras, fig]) => h('section.rules-section', { id: key },
      h('h2', null, t(`rules.${game}.${key}.title`)),
      h('div.rules-text', null,
        paras.length > 1 && key !== 'end' && ['pieces', 'actions'].includes(key)
          ? h('ul', null, paras.map((p) => h('li', null, t(`rules.${game}.${key}.${p}`))))
          : paras.map((p) => h('p', null, t(`rules.${game}.${key}.${p}`)))),
      fig ? fig() : null)));
  replace(main, h('div.rules-layout', null, toc, body));
}
