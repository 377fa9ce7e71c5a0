// The game page: board, players and clocks, move list, controls, result
// banner. State comes from the server (docs/api.md): the position text,
// the legal moves as notation, and events that carry the next position.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api, LiveSocket } from '../api.js';
import { Board } from '../board/board.js';
import { gameModule } from '../games/index.js';
import { play as playSound } from '../sound.js';
import { gameTitle, sideName, seatName, formatMs, resultText, clockText, optionsText, getCatalogue } from './common.js';
import { teamPicker } from './team-picker.js';
import { chooseMove, dismissChooser } from './chooser.js';
import { drawMoveList } from './movelist.js';
import { icon } from '../icons.js';
import { ensureSession } from '../session.js';

export const name = 'game';

export function render(main, [id]) {
  const page = new GamePage(main, id);
  return () => page.destroy();
}

class GamePage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.state = null;
    this.viewPly = null; // null: follow the live position
    this.flipped = null;
    replace(main, h('div.card.loading', null, t('common.loading')));
    getCatalogue().catch(() => {});
    this.connect();
    this.tick = setInterval(() => this.drawClocks(), 100);
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  /** (Re)open the game's WebSocket; `fresh` asks for the full state. */
  connect(fresh = false) {
    this.socket?.close();
    let first = fresh;
    this.socket = new LiveSocket(`/api/games/${this.id}/ws`, {
      since: () => {
        if (first) { first = false; return null; }
        return this.state ? this.state.version : null;
      },
      onMessage: (msg) => this.onMessage(msg),
      onStatus: (s) => this.setConnection(s),
    });
  }

  /** Fetch the full game state over HTTP (used when an event is not enough). */
  async reload() {
    try {
      const state = await api.game(this.id);
      if (!this.state || state.version >= this.state.version) this.state = state;
      this.refresh({});
    } catch (err) {
      this.flash(err.message);
    }
  }

  /** Take the free seat of a seek or challenge opened by its link. */
  async join() {
    try {
      await ensureSession();
      await api.join(this.id);
      this.flipped = null;
      this.connect(true);
    } catch (err) {
      this.flash(err.message);
    }
  }

  destroy() {
    dismissChooser();
    this.socket.close();
    clearInterval(this.tick);
    document.removeEventListener('keydown', this.keys);
  }

  setConnection(status) {
    this.connected = status === 'open';
    this.main.querySelector('.conn')?.classList.toggle('offline', !this.connected);
  }

  onMessage(msg) {
    if (msg.type === 'state') {
      const first = !this.board;
      this.state = msg.state;
      if (this.flipped === null) this.flipped = this.state.you === 1;
      if (first) this.build();
      this.refresh({ animate: false });
    } else if (msg.type === 'events') {
      for (const ev of msg.events) this.apply(ev, false);
      this.refresh({ animate: false });
    } else if (msg.type === 'event') {
      const before = this.state?.moves.length;
      if (this.apply(msg.event, true)) {
        if (msg.event.kind === 'placements') {
          // The reveal lists the placements; the positions between them
          // come with the full state.
          this.reload();
          return;
        }
        if (this.state.status === 'live' && this.state.to_move === null && !this.state.hidden) {
          // A hidden placement phase began: its details (our legal
          // placements) are only in the full state.
          this.reload();
          return;
        }
        this.refresh({ animate: this.state.moves.length === before + 1 });
        if (msg.event.kind === 'move' && this.view && this.view.lastGoal !== undefined && this.view.lastGoal !== null) this.celebrate();
      }
    } else if (msg.type === 'error') {
      this.flash(msg.error);
    }
  }

  /** Apply one event; false when a gap was found (a sync was requested). */
  apply(ev, live) {
    const st = this.state;
    if (!st) return false;
    if (ev.version <= st.version) return false;
    if (ev.version !== st.version + 1) {
      this.socket.send({ type: 'sync', since: st.version });
      return false;
    }
    st.version = ev.version;
    if (ev.clocks !== undefined) st.clocks = ev.clocks;
    if (ev.position !== undefined) st.position = ev.position;
    if (ev.to_move !== undefined) st.to_move = ev.to_move;
    if (ev.legal !== undefined) st.legal = ev.legal;
    switch (ev.kind) {
      case 'started':
        st.players = ev.players;
        st.status = 'live';
        if (live) playSound('start');
        break;
      case 'move':
        st.moves.push(ev.move);
        st.positions.push(ev.position);
        st.draw_offer = null;
        st.takeback_request = null;
        if (live) playSound(/x/.test(ev.move) ? 'capture' : 'move');
        break;
      case 'placements':
        st.hidden = null;
        for (const m of ev.moves) st.moves.push(m);
        for (let i = 0; i < ev.moves.length - 1; i++) st.positions.push(null);
        st.positions.push(ev.position);
        if (live) playSound('move');
        break;
      case 'hidden-placement':
        if (!st.hidden) st.hidden = { placed: [0, 0], done: [false, false], yours: [], legal: [] };
        st.hidden.placed = ev.placed;
        if (ev.done) st.hidden.done = ev.done;
        if (ev.move) st.hidden.yours.push(ev.move);
        if (ev.legal) st.hidden.legal = ev.legal;
        break;
      case 'takeback':
        st.moves.length = ev.moves;
        st.positions.length = ev.moves;
        st.takeback_request = null;
        break;
      case 'draw-offer':
        st.draw_offer = ev.side;
        if (live && ev.side !== st.you) playSound('notify');
        break;
      case 'draw-declined':
        st.draw_offer = null;
        break;
      case 'takeback-request':
        st.takeback_request = ev.side;
        if (live && ev.side !== st.you) playSound('notify');
        break;
      case 'takeback-declined':
        st.takeback_request = null;
        break;
      case 'end':
        st.result = ev.result;
        st.status = 'finished';
        st.legal = [];
        st.ratings = ev.ratings;
        if (live) playSound('end');
        break;
      default:
        break;
    }
    return true;
  }

  build() {
    const st = this.state;
    this.game = gameModule(st.game);
    if (this.flipped === null) this.flipped = st.you === 1;
    this.topBar = h('div.player-bar.top');
    this.bottomBar = h('div.player-bar.bottom');
    const boardHost = h('div.board-host');
    this.banner = h('div.result-banner', { hidden: true, role: 'status' });
    this.board = new Board(boardHost, this.game, {
      onMove: (text) => this.sendMove(text),
      onChoose: (candidates) => chooseMove(this.game, candidates),
    });
    this.status = h('div.status-line', { role: 'status', 'aria-live': 'polite' });
    this.moveList = h('ol.move-list#move-list', { 'aria-label': t('game.moves') });
    this.controls = h('div.controls');
    this.actions = h('div.action-area');
    this.info = h('div.game-info');
    this.notice = h('div.notice-area');
    this.nav = h('div.nav-buttons', null,
      h('button.icon-btn', { title: t('game.first'), 'aria-label': t('game.first'), onclick: () => this.browse(0) }, icon('first')),
      h('button.icon-btn', { title: t('game.prev'), 'aria-label': t('game.prev'), onclick: () => this.step(-1) }, icon('prev')),
      h('button.icon-btn', { title: t('game.next'), 'aria-label': t('game.next'), onclick: () => this.step(1) }, icon('next')),
      h('button.icon-btn', { title: t('game.last'), 'aria-label': t('game.last'), onclick: () => this.browse(null) }, icon('last')),
      h('button.icon-btn#flip-board', { title: t('game.flip'), 'aria-label': t('game.flip'), onclick: () => { this.flipped = !this.flipped; this.refresh({}); } }, icon('flip')),
    );
    replace(this.main,
      h('div.game-layout', null,
        h('div.board-column', null, this.topBar, h('div.board-wrap', null, boardHost, this.banner), this.bottomBar),
        h('aside.side-panel', null,
          h('div.card.panel-head', null,
            h('div.panel-title', null, h('span', { class: `game-icon icon-${st.game}` }), h('h1', null, gameTitle(st.game)), h('span.conn', { title: t('game.connection') })),
            this.info,
            this.status,
          ),
          this.notice,
          this.actions,
          h('div.card.moves-card', null, h('div.moves-head', null, h('h2', null, t('game.moves')), this.nav), this.moveList),
          this.controls,
        ),
      ),
    );
  }

  /** The position shown: the live one or an earlier ply while browsing. */
  shownPly() {
    const n = this.state.moves.length;
    return this.viewPly === null || this.viewPly > n ? n : this.viewPly;
  }

  positionAt(ply) {
    const st = this.state;
    if (ply === 0) return st.start;
    for (let i = ply - 1; i >= 0; i--) if (st.positions[i]) return st.positions[i];
    return st.start;
  }

  refresh({ animate = false }) {
    const st = this.state;
    if (!st || !this.board) return;
    const ply = this.shownPly();
    const live = ply === st.moves.length;
    let view = this.game.parse(live ? st.position : this.positionAt(ply), st.options);
    let legal = live ? st.legal : [];
    if (live && st.hidden) {
      view = this.withHiddenPlacements(view, st.hidden.yours);
      legal = st.hidden.legal || [];
    }
    const mine = st.you !== null && st.you !== undefined && st.status === 'live' && live && (st.hidden ? true : st.to_move === st.you);
    // A pending "which move?" question lapses with the turn (the game ended meanwhile).
    if (!mine) dismissChooser();
    this.board.update({
      view,
      legal: mine ? legal : [],
      flipped: this.flipped,
      lastMove: ply > 0 ? st.moves[ply - 1] : null,
      interactive: mine,
      animate: animate && live,
    });
    this.view = view;
    this.drawBars(view);
    this.drawInfo(view);
    this.drawStatus(mine, view);
    this.drawMoves(ply);
    this.drawActions(mine ? legal : [], view);
    this.drawControls();
    this.drawNotices();
    this.drawBanner();
    this.drawClocks();
  }

  withHiddenPlacements(view, yours) {
    for (const m of yours || []) {
      const parts = this.game.moveParts(m, view);
      const kind = m[0];
      if (parts.kind !== 'place') continue;
      if (view.cells) view.cells.set(parts.to, { kind, side: this.state.you });
      else if (parts.to.startsWith('o')) view.outer.set(Number(parts.to.slice(1)), { kind, side: this.state.you });
      else view.inner.set(Number(parts.to), { kind, side: this.state.you });
    }
    return view;
  }

  sendMove(text) {
    const st = this.state;
    // During hidden placement both sides act at once: no version guard.
    const msg = st.hidden ? { type: 'move', move: text } : { type: 'move', move: text, version: st.version };
    this.socket.request(msg).catch((err) => {
      this.flash(err.message);
      this.refresh({});
    });
    // Until the server answers, the board takes no further input.
    this.board.update({ ...this.board.state, legal: [], interactive: false });
  }

  send(type) {
    this.socket.request({ type }).catch((err) => this.flash(err.message));
  }

  flash(message) {
    const el = h('div.alert.toast', { role: 'alert' }, message);
    this.notice.prepend(el);
    setTimeout(() => el.remove(), 4000);
  }

  drawBars(view) {
    const st = this.state;
    const bottomSide = this.flipped ? 1 : 0;
    const material = this.game.material ? this.game.material(view) : null;
    for (const [bar, side] of [[this.bottomBar, bottomSide], [this.topBar, 1 - bottomSide]]) {
      const seat = st.players[side];
      const toMove = st.status === 'live' && st.to_move === side;
      const rating = seat && seat.rating ? h('span.rating', null, Math.round(seat.rating)) : null;
      const extra = st.game === 'football'
        ? h('span.score-pill', { title: t('football.score') }, String(view.score?.[side] ?? 0))
        : material ? h('span.material', { title: t('game.pieces') }, t('game.pieces_count', { n: material[side] })) : null;
      replace(bar,
        h('span', { class: `side-dot side-${this.game.sides[side]} game-${st.game}` }),
        h('div.player-name', null,
          seat && seat.user ? h('a', { href: `/profile/${encodeURIComponent(seat.user.name)}` }, seat.user.name) : h('span', null, seatName(seat)),
          rating,
          h('span.side-label', null, sideName(st.game, side)),
          st.you === side ? h('span.badge.you', null, t('game.you')) : null),
        extra,
        h('div', { class: ['clock', toMove ? 'running' : ''], 'data-side': side }, '—'),
      );
      bar.classList.toggle('to-move', toMove);
    }
  }

  drawClocks() {
    const st = this.state;
    if (!st || !this.main.isConnected) return;
    for (const el of this.main.querySelectorAll('.clock')) {
      const side = Number(el.dataset.side);
      if (!st.clocks) { el.textContent = '∞'; el.title = clockText(st.clock); el.classList.add('untimed'); continue; }
      let ms = st.clocks.ms[side];
      if (st.clocks.running === side && st.status === 'live') ms -= Date.now() - st.clocks.at;
      el.textContent = formatMs(ms);
      el.classList.toggle('low', ms < 20000);
    }
  }

  drawInfo(view) {
    const st = this.state;
    const parts = [h('span.chip', null, clockText(st.clock)), h('span.chip', null, t(st.rated ? 'lobby.rated' : 'lobby.casual'))];
    const opts = optionsText(st.game, st.options);
    if (opts) parts.push(h('span.chip', null, opts));
    if (st.game === 'football') {
      const halfLength = Number(st.options['half-length'] || 45);
      const left = Math.max(0, halfLength * 2 - (view.actions || 0));
      parts.push(h('div.scoreboard#scoreboard', null,
        h('span.score-team.white', null, sideName('football', 0)),
        h('span.score-num', null, `${view.score[0]} : ${view.score[1]}`),
        h('span.score-team.black', null, sideName('football', 1)),
        h('span.score-meta', null, t('football.half', { n: view.half }), ' · ', t('football.moves_left', { n: left })),
      ));
    }
    replace(this.info, parts);
  }

  drawStatus(mine, view) {
    const st = this.state;
    let text;
    if (st.status === 'waiting') text = t('game.waiting');
    else if (st.result) text = resultText(st.game, st.result);
    else if (st.hidden) text = t('football.hidden_placement', { a: st.hidden.placed[0], b: st.hidden.placed[1] });
    else if (mine) text = t('game.your_turn');
    else text = t('game.to_move', { side: sideName(st.game, st.to_move) });
    if (st.game === 'football' && !st.result && view.phase && view.phase !== 'play') text += ` · ${t(`football.phase.${view.phase}`)}`;
    replace(this.status, text);
    this.status.classList.toggle('mine', Boolean(mine));
    document.title = `${mine ? '● ' : ''}${gameTitle(st.game)} — Gamut`;
  }

  drawMoves(ply) {
    drawMoveList(this.moveList, this.game, this.state, ply, (n) => this.browse(n));
  }

  drawActions(legal, view) {
    const st = this.state;
    const actions = this.board.actions();
    const out = [];
    const picks = actions.filter((m) => m.action.startsWith('pick:'));
    if (picks.length) out.push(teamPicker(picks.map((m) => m.action), (text) => this.sendMove(text)));
    for (const m of actions) {
      if (m.action.startsWith('pick:')) continue;
      const key = `action.${st.game}.${m.action}`;
      out.push(h('button.btn.primary.action-btn', { dataset: { move: m.action }, onclick: () => this.sendMove(m.action) }, t(key)));
    }
    if (legal.some((m) => m.includes('@')) && !picks.length) out.push(h('p.hint', null, t('game.placement_hint')));
    replace(this.actions, out.length ? h('div.card.actions-card', null, out) : null);
  }

  drawControls() {
    const st = this.state;
    const player = st.you !== null && st.you !== undefined;
    const live = st.status === 'live';
    const btns = [];
    if (player && live) {
      if (st.moves.length < 2) btns.push(h('button.btn.ghost#abort', { onclick: () => this.send('abort') }, t('game.abort')));
      btns.push(h('button.btn.ghost#resign', { onclick: () => this.confirm(t('game.confirm_resign'), () => this.send('resign')) }, t('game.resign')));
      btns.push(h('button.btn.ghost#offer-draw', { disabled: st.draw_offer === st.you, onclick: () => this.send('draw-offer') }, t('game.offer_draw')));
      btns.push(h('button.btn.ghost#takeback', { disabled: st.takeback_request === st.you || !st.moves.length, onclick: () => this.send('takeback-request') }, t('game.takeback')));
    }
    if (st.status === 'finished') {
      btns.push(h('a.btn.ghost#open-replay', { href: `/replay/${st.id}` }, t('game.replay')));
      btns.push(h('a.btn.ghost', { href: `/api/games/${st.id}/export`, download: `${st.game}-${st.id}.txt` }, t('game.export')));
      btns.push(h('a.btn.primary', { href: '/' }, t('game.new_game')));
    }
    if (st.status === 'waiting' && !player) {
      btns.push(h('button.btn.primary#join-game', { onclick: () => this.join() }, t('lobby.join')));
    }
    if (st.status === 'waiting' && player) {
      btns.push(h('div.invite', null, t('game.invite'), h('input.copy', { readonly: true, value: location.href, onclick: (e) => e.target.select() })));
      btns.push(h('button.btn.ghost', { onclick: async () => { await api.cancel(st.id).catch(() => {}); location.assign('/'); } }, t('lobby.cancel')));
    }
    replace(this.controls, btns.length ? h('div.card.controls-card', null, btns) : null);
  }

  drawNotices() {
    const st = this.state;
    const out = [];
    const other = (side) => side !== null && side !== undefined && st.you !== null && st.you !== undefined && side !== st.you;
    if (st.status === 'live' && other(st.draw_offer)) {
      out.push(h('div.card.offer#draw-offer', null, t('game.draw_offered'),
        h('button.btn.small.primary', { onclick: () => this.send('draw-accept') }, t('game.accept')),
        h('button.btn.small.ghost', { onclick: () => this.send('draw-decline') }, t('game.decline'))));
    }
    if (st.status === 'live' && other(st.takeback_request)) {
      out.push(h('div.card.offer#takeback-offer', null, t('game.takeback_requested'),
        h('button.btn.small.primary', { onclick: () => this.send('takeback-accept') }, t('game.accept')),
        h('button.btn.small.ghost', { onclick: () => this.send('takeback-decline') }, t('game.decline'))));
    }
    for (const el of [...this.notice.children]) if (!el.classList.contains('toast')) el.remove();
    this.notice.append(...out);
  }

  drawBanner() {
    const st = this.state;
    if (!st.result) { this.banner.hidden = true; return; }
    const you = st.you;
    let headline = t('result.game_over');
    if (you !== null && you !== undefined) {
      if (st.result.winner === you) headline = t('result.you_won');
      else if (st.result.winner === null || st.result.winner === undefined) headline = t('result.draw');
      else headline = t('result.you_lost');
    }
    const ratings = st.ratings && you !== null && you !== undefined
      ? h('p.rating-change', null, t('result.rating', { before: Math.round(st.ratings[you].before), after: Math.round(st.ratings[you].after) }))
      : null;
    this.banner.hidden = false;
    replace(this.banner,
      h('div.banner-inner', { id: 'result-banner' },
        h('div.banner-score', null, st.result.text),
        h('h2', null, headline),
        h('p', null, resultText(st.game, st.result)),
        ratings,
        h('div.banner-actions', null,
          h('a.btn.primary', { href: '/' }, t('game.new_game')),
          h('a.btn.ghost', { href: `/replay/${st.id}` }, t('game.replay')),
          h('button.btn.ghost', { onclick: () => { this.banner.hidden = true; } }, t('common.close')))));
  }

  /** A goal in Chess Football: a cheer and a short banner over the board. */
  celebrate() {
    playSound('goal');
    const side = sideName('football', this.view.lastGoal);
    const el = h('div.goal-flash', { role: 'status' }, h('strong', null, t('football.goal')), h('span', null, side));
    this.banner.parentNode.append(el);
    setTimeout(() => el.remove(), 1800);
  }

  browse(ply) {
    this.viewPly = ply === null || ply >= this.state.moves.length ? null : Math.max(0, ply);
    this.refresh({});
  }

  step(delta) {
    const ply = this.shownPly() + delta;
    this.browse(ply);
  }

  onKey(e) {
    if (!this.state || e.target.closest('input, select, textarea, svg')) return;
    if (e.key === 'ArrowLeft') { this.step(-1); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { this.step(1); e.preventDefault(); }
    else if (e.key === 'f') { this.flipped = !this.flipped; this.refresh({}); }
  }

  confirm(question, then) {
    const dlg = h('dialog.confirm', null,
      h('p', null, question),
      h('div.row', null,
        h('button.btn.primary#confirm-yes', { onclick: () => { dlg.close(); dlg.remove(); then(); } }, t('common.yes')),
        h('button.btn.ghost', { onclick: () => { dlg.close(); dlg.remove(); } }, t('common.no'))));
    document.body.append(dlg);
    dlg.showModal();
  }
}

