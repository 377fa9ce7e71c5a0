// Chess Football's team choice: pick three extra pieces (the legal
// `pick:...` moves from the server say which combinations are allowed).

import { h, replace, s } from '../dom.js';
import { t } from '../i18n.js';
import { PICKABLE } from '../games/football.js';
import { chessPiece } from '../board/chess-pieces.js';

/** A panel to choose one of `picks` (`pick:QRN`...); `send(text)` plays it. */
export function teamPicker(picks, send) {
  const allowed = new Set(picks.map((p) => p.slice(5)));
  const chosen = [];
  const root = h('div.team-picker#team-picker');
  const order = (letters) => PICKABLE.flatMap((k) => letters.filter((l) => l === k)).join('');
  const draw = () => {
    const text = order(chosen);
    const complete = chosen.length === 3 && allowed.has(text);
    // A piece can be added if some allowed team extends the current choice.
    const canAdd = (k) => chosen.length < 3 && [...allowed].some((team) => {
      const rest = team.split('');
      for (const c of [...chosen, k]) {
        const i = rest.indexOf(c);
        if (i < 0) return false;
        rest.splice(i, 1);
      }
      return true;
    });
    // Decorative: each icon sits next to, or in a slot titled with, the piece's name.
    const icon = (k) => s('svg', { viewBox: '0 0 100 100', class: 'piece-icon', 'aria-hidden': 'true' }, chessPiece(k, 'white', 50, 50, 100));
    replace(root,
      h('h3', null, t('football.pick_title')),
      h('p.muted.small', null, t('football.pick_help')),
      h('div.team-slots', null,
        ['K', 'P', 'P'].map((k) => h('span.slot.fixed', { title: t(`piece.${k}`), role: 'img', 'aria-label': t(`piece.${k}`) }, icon(k))),
        [0, 1, 2].map((i) => chosen[i]
          ? h('button.slot.filled', { title: `${t('common.remove')}: ${t(`piece.${chosen[i]}`)}`, onclick: () => { chosen.splice(i, 1); draw(); } }, icon(chosen[i]))
          : h('span.slot.open', null, '+'))),
      h('div.pick-buttons', null, PICKABLE.map((k) => h('button.btn.pick', { dataset: { piece: k }, disabled: !canAdd(k), onclick: () => { chosen.push(k); draw(); } }, icon(k), t(`piece.${k}`)))),
      h('button.btn.primary#confirm-team', { disabled: !complete, onclick: () => send(`pick:${text}`) }, t('football.pick_confirm')),
    );
  };
  draw();
  return root;
}
