// Sign in and sign up forms.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { setUser } from '../session.js';
import { errorBox } from './common.js';

export const name = 'account';

export function render(main, [mode], { navigate }) {
  const status = h('div.form-status');
  const user = h('input#username', { name: 'username', autocomplete: 'username', required: true, minlength: 3, maxlength: 20 });
  const pass = h('input#password', { name: 'password', type: 'password', autocomplete: mode === 'signup' ? 'new-password' : 'current-password', required: true, minlength: mode === 'signup' ? 8 : 1 });
  replace(main, h('section.card.auth-card', null,
    h('h1', null, t(mode === 'signup' ? 'account.signup_title' : 'account.signin_title')),
    h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const res = await (mode === 'signup' ? api.signup : api.signin)(user.value, pass.value);
          setUser(res.user);
          navigate('/');
        } catch (err) { replace(status, errorBox(err)); }
      },
    },
      h('label.field', null, h('span.field-label', null, t('account.username')), user),
      h('label.field', null, h('span.field-label', null, t('account.password')), pass),
      mode === 'signup' ? h('p.muted.small', null, t('account.rules')) : null,
      h('button.btn.primary.big#account-submit', { type: 'submit' }, t(mode === 'signup' ? 'nav.signup' : 'nav.signin')),
      status),
    h('p.switch', null, mode === 'signup'
      ? h('a', { href: '/signin' }, t('account.have_account'))
      : h('a', { href: '/signup' }, t('account.no_account'))),
    h('p.muted.small', null, t('account.guest_hint'))));
}
