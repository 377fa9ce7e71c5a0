// The "Bots" card of a registered person's own profile: their bot
// accounts (docs/api.md "Bots"), a form to make one — its token shown
// once, with the `gamut bot` command that puts an engine online with
// it — and a button to revoke each bot's token.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { errorBox } from '../pages/common.js';

/** The command line that connects an engine with `token` to this server. */
export function botCommand(origin, token) {
  return `gamut bot --server ${origin} --token ${token} --engine max`;
}

/** The card (loads its list at once). */
export function botsCard() {
  const list = h('ul.bot-list#bot-list');
  const status = h('div.form-status');
  const made = h('div.bot-made#bot-made');
  const name = h('input#bot-name', { name: 'bot-name', required: true, minlength: 3, maxlength: 20, autocomplete: 'off' });
  const limit = h('p.muted.small');

  let reads = 0; // the latest read of the list: only its answer is shown

  async function refresh() {
    const mine = ++reads;
    try {
      const res = await api.bots();
      if (mine !== reads) return;
      replace(limit, t('bots.limit', { n: res.limit }));
      replace(list, res.bots.length
        ? res.bots.map((b) => h('li.bot-row', { dataset: { name: b.user.name } },
            h('a', { href: `/profile/${encodeURIComponent(b.user.name)}` }, b.user.name),
            h('span.badge.bot', null, t('bot.badge')),
            h('button.btn.small.ghost.bot-revoke', {
              type: 'button',
              onclick: async () => {
                try { await api.revokeBot(b.user.name); replace(made); await refresh(); } catch (err) { replace(status, errorBox(err)); }
              },
            }, t('bots.revoke'))))
        : h('li.muted', null, t('bots.none')));
    } catch (err) { replace(status, errorBox(err)); }
  }

  const form = h('form.bot-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      replace(status);
      try {
        const res = await api.createBot(name.value.trim());
        name.value = '';
        replace(made,
          h('p', null, t('bots.token_once', { name: res.bot.name })),
          h('code.bot-token#bot-token', null, res.token),
          h('p.muted.small', null, t('bots.command')),
          h('code.bot-command', null, botCommand(location.origin, res.token)));
        await refresh();
      } catch (err) { replace(status, errorBox(err)); }
    },
  },
    h('label.field', null, h('span.field-label', null, t('bots.name')), name),
    h('button.btn.primary#bot-create', { type: 'submit' }, t('bots.create')),
    status);

  refresh();
  return h('section.card#bots', null,
    h('h2', null, t('bots.title')),
    h('p.muted.small', null, t('bots.hint')),
    list, limit, form, made);
}
