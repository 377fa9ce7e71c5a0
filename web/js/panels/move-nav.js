// The buttons over the move list: first, previous, next and last
// position, and turning the board round.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { icon } from '../icons.js';

/** The buttons; `on` has `first`, `prev`, `next`, `last` and `flip` handlers. */
export function moveNav(on) {
  const button = (key, handler, iconName, id = '') => h(`button.icon-btn${id}`, { title: t(`game.${key}`), 'aria-label': t(`game.${key}`), onclick: handler }, icon(iconName));
  return h('div.nav-buttons', null,
    button('first', on.first, 'first'),
    button('prev', on.prev, 'prev'),
    button('next', on.next, 'next'),
    button('last', on.last, 'last'),
    button('flip', on.flip, 'flip', '#flip-board'),
  );
}
