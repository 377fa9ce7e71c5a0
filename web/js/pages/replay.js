// Replay: step through a finished game (or an imported record) with the
// positions the server computed, and export the record.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { Board } from '../board/board.js';
import { gameModule } from '../games/index.js';
import { drawMoveList } from '../panels/movelist.js';
import { reviewPanel, plyMarks } from '../panels/review.js';
import { icon } from '../icons.js';
import { gameTitle, sideName, errorBox } from './common.js';
import { resultHeadline, resultReason, finalScore } from '../results.js';
import { prefillCreate } from './lobby.js';

export const name = 'replay';

export function render(main, [id], { navigate }) {
  if (!id) return renderImport(main, navigate);
  replace(main, h('div.card.loading', null, t('common.loading')));
  let stop = null;
  let left = false; // the page was left before the answers came: they are not shown
  Promise.all([api.replay(id), api.exportText(id).catch(() => null), api.game(id).catch(() => null)])
    .then(([rep, record, game]) => { if (!left) stop = show(main, rep, record, game, navigate); })
    .catch((err) => { if (!left) replace(main, errorBox(err)); });
  return () => { left = true; stop?.(); };
}

function renderImport(main, navigate) {
  let stop = null;
  let left = false;
  const area = h('textarea#import-text', { rows: 12, placeholder: '[Game "loa"]\n[Option "size=6"]\n\n1. b1-b3 a2-c2 *' });
  const status = h('div');
  replace(main,
    h('section.hero.small', null, h('h1', null, t('replay.import_title')), h('p.lead', null, t('replay.import_lead'))),
    h('section.card.import-card', null, area, h('div.row', null,
      h('button.btn.primary#import-button', {
        onclick: async () => {
          try {
            const rep = await api.importRecord(area.value);
            if (!left) stop = show(main, rep, area.value, null, navigate);
          } catch (err) { replace(status, errorBox(err)); }
        },
      }, t('replay.import_button'))), status));
  return () => { left = true; stop?.(); };
}

/** The analysis board of a replayed game (by its id), or of an imported record's moves. */
function analysisLink(rep, game) {
  if (game) return `/analysis/${game.id}`;
  const options = JSON.stringify(rep.options || {});
  return `/analysis?${new URLSearchParams({ game: rep.game, options, position: rep.start, moves: rep.moves.join(' ') })}`;
}

/** The result in words ("White wins 3–0 — final score"): the score from the last position. */
function resultLine(rep, mod) {
  const score = finalScore(mod, rep.result, rep.positions.at(-1) ?? rep.start, rep.options);
  const why = rep.result.reason === 'aborted' ? '' : resultReason(rep.result);
  return h('p.result-line#replay-result', null, h('strong', null, resultHeadline(rep.game, rep.result, score)), why ? ` — ${why}` : '');
}

function show(main, rep, record, game, navigate) {
  const mod = gameModule(rep.game);
  let ply = rep.moves.length;
  let flipped = false;
  let timer = null;
  const host = h('div.board-host');
  const board = new Board(host, mod);
  const list = h('ol.move-list#replay-moves');
  const counter = h('span.ply-counter#ply-counter');
  const playBtn = h('button.icon-btn#autoplay', { title: t('replay.autoplay'), 'aria-label': t('replay.autoplay'), onclick: () => toggleAuto() }, icon('play'));
  const positionAt = (n) => (n === 0 ? rep.start : rep.positions[n - 1]);
  // The text of the position shown, to copy or to start a new game from.
  const positionText = h('input.position-text#position-text', {
    type: 'text', readOnly: true, spellcheck: false, 'aria-label': t('replay.position'), onfocus: (e) => e.target.select(),
  });
  const fromHere = h('button.btn.ghost#play-from-here', {
    onclick: () => {
      prefillCreate({ game: rep.game, options: rep.options, position: positionAt(ply) });
      navigate('/');
    },
  }, t('replay.play_from_here'));
  // A finished game's review (an imported record has no id to review).
  let marks = null;
  const review = game && game.status === 'finished'
    ? reviewPanel({ gameId: game.id, game: rep.game, onPick: (n) => go(n), onReview: (r) => { marks = plyMarks(r); draw(); } })
    : null;
  const draw = (animate = false) => {
    const view = mod.parse(positionAt(ply), rep.options);
    board.update({ view, legal: [], flipped, lastMove: ply ? rep.moves[ply - 1] : null, interactive: false, animate });
    counter.textContent = t('replay.ply', { n: ply, total: rep.moves.length });
    positionText.value = positionAt(ply);
    drawMoveList(list, mod, rep, ply, go, marks);
    review?.update(ply);
  };
  const go = (n) => {
    const next = Math.max(0, Math.min(rep.moves.length, n));
    const animate = next === ply + 1;
    ply = next;
    draw(animate);
  };
  const toggleAuto = () => {
    if (timer) { clearInterval(timer); timer = null; playBtn.classList.remove('active'); return; }
    if (ply >= rep.moves.length) go(0);
    playBtn.classList.add('active');
    timer = setInterval(() => { if (ply >= rep.moves.length) toggleAuto(); else go(ply + 1); }, 900);
  };
  const players = game ? game.players : null;
  // A stored game names its seats; an imported record its First and Second headers.
  const fromRecord = rep.headers ? [rep.headers.First ?? '', rep.headers.Second ?? ''] : ['', ''];
  const names = players ? players.map((p) => (p ? (p.user ? p.user.name : t('seat.computer', { level: p.computer })) : '')) : fromRecord;
  const recorded = rep.headers ? [rep.headers.Date, rep.headers.Clock && rep.headers.Clock !== '-' ? rep.headers.Clock : null].filter(Boolean).join(' · ') : '';
  const exportBtn = record
    ? h('button.btn.ghost#export-record', {
        onclick: () => {
          const url = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
          const a = h('a', { href: url, download: `${rep.game}${game ? `-${game.id}` : ''}.txt` });
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        },
      }, t('replay.export'))
    : null;
  replace(main,
    h('div.game-layout.replay', null,
      h('div.board-column', null, h('div.board-wrap', null, host),
        h('div.replay-nav', null,
          h('button.icon-btn#replay-first', { 'aria-label': t('game.first'), onclick: () => go(0) }, icon('first')),
          h('button.icon-btn#replay-prev', { 'aria-label': t('game.prev'), onclick: () => go(ply - 1) }, icon('prev')),
          playBtn,
          h('button.icon-btn#replay-next', { 'aria-label': t('game.next'), onclick: () => go(ply + 1) }, icon('next')),
          h('button.icon-btn#replay-last', { 'aria-label': t('game.last'), onclick: () => go(rep.moves.length) }, icon('last')),
          h('button.icon-btn', { 'aria-label': t('game.flip'), onclick: () => { flipped = !flipped; draw(); } }, icon('flip')),
          counter)),
      h('aside.side-panel', null,
        h('div.card.panel-head', null,
          h('div.panel-title', null, h('span', { class: `game-icon icon-${rep.game}` }), h('h1', null, `${t('replay.title')}: ${gameTitle(rep.game)}`)),
          h('p#replay-players', null, `${sideName(rep.game, 0)}: ${names[0]} · ${sideName(rep.game, 1)}: ${names[1]}`),
          recorded ? h('p.muted#replay-recorded', null, recorded) : null,
          rep.result ? resultLine(rep, mod) : null),
        h('div.card.moves-card', null, h('h2', null, t('game.moves')), list),
        review?.el,
        h('div.card.position-card', null, h('h2', null, t('replay.position')), positionText, fromHere),
        h('div.card.controls-card', null, exportBtn, game ? h('a.btn.ghost', { href: `/game/${game.id}` }, t('replay.to_game')) : null,
          h('a.btn.ghost#analyse-replay', { href: analysisLink(rep, game) }, t('analysis.open'))),
        record ? h('details.card.record', null, h('summary', null, t('replay.record')), h('pre#record-text', null, record)) : null)));
  const keys = (e) => {
    if (e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') go(ply - 1);
    else if (e.key === 'ArrowRight') go(ply + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(rep.moves.length);
  };
  document.addEventListener('keydown', keys);
  draw();
  return () => { document.removeEventListener('keydown', keys); clearInterval(timer); review?.close(); };
}
