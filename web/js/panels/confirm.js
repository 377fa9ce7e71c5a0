// A yes/no question in a modal dialog (resigning asks first).

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** Ask `question`; `then()` runs on yes. */
export function confirmDialog(question, then) {
  const dlg = h('dialog.confirm', null,
    h('p', null, question),
    h('div.row', null,
      h('button.btn.primary#confirm-yes', { onclick: () => { dlg.close(); dlg.remove(); then(); } }, t('common.yes')),
      h('button.btn.ghost', { onclick: () => { dlg.close(); dlg.remove(); } }, t('common.no'))));
  document.body.append(dlg);
  dlg.showModal();
}
