// The game page: wires the game's WebSocket, the state reducer
// (game-state.js: server messages in, model and effects out), the board
// and the panels (web/js/panels/) together. It holds no game rules and no
// per-game code: what differs between games comes from the game module's
// hooks (games/index.js).
//
// The connection is part of what it shows: an unknown game says so; a
// lost connection shows over the board and in the status line, stops the
// clocks, and a move made meanwhile (or one the server had not answered
// when the connection dropped) waits and is sent once the connection is
// back, if the game is still where it was, otherwise the player is told
// it was not sent.
//
// In a real-time game, while the opponent is to move, the board offers
// the moves the server lists as premoves (`premoves`): picking one sets
// the premove (marked on the board, with a cancel button; a click on an
// empty square cancels it too), which the server plays when the turn
// comes. The server forgets a premove with its socket: after a
// reconnection the page sets it again if it still waits for that turn.
//
// The player a waiting challenge was sent to (`invitee`) gets a page
// written to them: "alice challenges you", the game's terms, Accept and
// Decline, the board from the side they would play, no spectators' chat.
// The result banner opens when the game ends while the page is open; a
// game already over when the page opened shows its result in the status
// line, the banner on request ("Result").

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api, LiveSocket } from '../api.js';
import { Board } from '../board/board.js';
import { gameModule } from '../games/index.js';
import { play as playSound } from '../sound.js';
import { gameTitle, getCatalogue, optionsText, sideName } from './common.js';
import { challengeTerms } from './challenge.js';
import { ensureSession, currentUser } from '../session.js';
import { currentFeed, answered } from '../notify-feed.js';
import { errorText } from '../errors.js';
import * as S from '../game-state.js';
import { chooseMove, dismissChooser } from '../panels/chooser.js';
import { drawMoveList } from '../panels/movelist.js';
import { reviewPanel, plyMarks } from '../panels/review.js';
import { moveNav } from '../panels/move-nav.js';
import { playerBar } from '../panels/player-bar.js';
import { drawClocks } from '../panels/clocks.js';
import { gameInfo } from '../panels/game-info.js';
import { statusLine } from '../panels/status.js';
import { actionsPanel } from '../panels/actions.js';
import { controlsPanel } from '../panels/controls.js';
import { noticesPanel } from '../panels/notices.js';
import { resultBanner, boardFlash } from '../panels/banner.js';
import { chatPanel } from '../panels/chat.js';
import { gameRoom } from '../chat.js';

export const name = 'game';

/**
 * Scroll `el` into view if it is not wholly on the screen. Beside the
 * board (a wide screen), never so far that `keep` (the top player bar)
 * goes under the header: the board and both bars stay in view.
 */
function revealIfHidden(el, keep) {
  const r = el.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const k = keep?.getBoundingClientRect();
  if (k && k.bottom > r.top) {
    // Beside the board: scroll the least that shows `el`'s end, at most
    // as far as keeps `keep` under the header.
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const by = Math.min(r.bottom - window.innerHeight + 8, k.top - header - 4);
    if (by > 0) window.scrollBy({ top: by, behavior: 'smooth' });
    return;
  }
  el.scrollIntoView({ block: r.height > window.innerHeight ? 'start' : 'nearest', behavior: 'smooth' });
}

export function render(main, [id]) {
  const page = new GamePage(main, id);
  return () => page.destroy();
}

class GamePage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.model = S.initialModel();
    this.view = null; // the parsed position on the board
    this.conn = { offline: false, since: null }; // `since`: when it was lost
    this.pending = null; // a move waiting for the connection: { text, version, ply }
    this.dead = false; // the page was left (destroy)
    this.arrivedOver = null; // whether the game was over when the page opened (its first state)
    this.answering = false; // the invited player's Accept / Decline on its way
    this.inviteError = null;
    replace(main, h('div.card.loading', null, t('common.loading')));
    getCatalogue().catch(() => {});
    this.connect();
    this.tick = setInterval(() => this.drawClocks(), 100);
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  get state() {
    return this.model.state;
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
      onMessage: (msg) => {
        if (msg && msg.type === 'chat') {
          this.chat?.receive(msg);
          return;
        }
        this.dispatch(S.receive(this.model, msg));
        // After a (re)connection's catch-up, a waiting move can go, and
        // the chat's history is read (the socket now carries its new lines).
        if (msg && (msg.type === 'state' || msg.type === 'events')) {
          this.flushPending();
          this.resendPremove();
          this.syncChat();
        }
      },
      onStatus: (s) => {
        if (s === 'open') this.chatStale = true;
        this.setConnection(s);
      },
    });
  }

  /** Take the reducer's next model and carry out its effects, in order. */
  dispatch({ model, effects }) {
    const first = !this.model.state && model.state;
    this.model = model;
    if (first) this.firstState();
    for (const effect of effects) {
      switch (effect.type) {
        case 'render': this.refresh({ animate: effect.animate }); break;
        case 'sync': this.socket.send({ type: 'sync', since: effect.since }); break;
        case 'reload': this.reload(); break;
        case 'sound': playSound(effect.name); break;
        case 'flash': this.flash(effect.key ? t(effect.key) : errorText(effect.message)); break;
        case 'premove-dropped': this.flash(t('game.premove_dropped', { move: effect.move, why: errorText(effect.error) })); break;
        case 'moved': this.afterMove(); break;
        default: break;
      }
    }
  }

  /** Set the model from a user action (browsing, flipping) and redraw. */
  act(model) {
    this.model = model;
    this.refresh({});
  }

  /**
   * The chat follows the viewer's room (a spectator who takes a seat moves
   * to the players'), and reads the history once per connection, after
   * the socket's catch-up: lines sent meanwhile come by both, merged by id.
   * The server starts the socket's chat a moment after the catch-up
   * (tests/browser/NEEDS.md, point 6): a second read covers that moment.
   */
  syncChat() {
    if (!this.chat || !this.state) return;
    const moved = this.chat.setRoom(gameRoom(this.state));
    if (moved || this.chatStale) {
      this.chatStale = false;
      this.chat.sync();
      clearTimeout(this.chatResync);
      this.chatResync = setTimeout(() => this.chat?.sync(), 1500);
    }
  }

  /**
   * Fetch the full game state over HTTP (used when an event is not
   * enough). An answer read before an event the socket has delivered
   * meanwhile is older than the model and not taken (`reloaded`); it is
   * asked again, since what it was fetched for (a hidden phase's own
   * legal placements) may be only there. Each new ask follows a newer
   * event; a few at most.
   */
  async reload() {
    try {
      for (let tries = 0; tries < 5; tries++) {
        const state = await api.game(this.id);
        if (this.dead) return;
        const next = S.reloaded(this.model, state);
        if (next !== this.model) {
          this.act(next);
          return;
        }
      }
    } catch (err) {
      if (!this.dead) this.flash(errorText(err));
    }
  }

  /** Take the free seat of a seek or challenge opened by its link. */
  async join() {
    try {
      await ensureSession();
      await api.join(this.id);
      if (this.dead) return;
      this.model = S.joined(this.model);
      this.connect(true);
    } catch (err) {
      this.flash(errorText(err));
    }
  }

  /** The first state: what the page opens with. */
  firstState() {
    const st = this.state;
    this.arrivedOver = st.status === 'finished';
    // The invited player sees the board from the side they would play.
    if (S.isInvited(st, currentUser()?.name)) this.model = S.facingInvitee(this.model);
    // A finished rated game's state lacks the ratings after it: its `end`
    // event, read again, has them (for the player bars).
    const since = S.wantsEndRatings(st);
    if (since !== null) this.socket.send({ type: 'sync', since });
  }

  /** The invited player's answer to the challenge shown: `accept` or `decline`. */
  async answer(what) {
    if (this.answering) return;
    this.answering = true;
    this.inviteError = null;
    this.refresh({});
    const challenger = S.challengerName(this.state);
    try {
      await ensureSession();
      if (what === 'accept') {
        await api.join(this.id);
        this.noteAnswer('accepted');
        if (this.dead) return;
        this.model = S.joined(this.model);
        this.connect(true);
      } else {
        await api.decline(this.id);
        this.noteAnswer('declined');
        if (this.dead) return;
        this.showDeclined(challenger);
        return;
      }
    } catch (err) {
      this.inviteError = errorText(err);
    } finally {
      this.answering = false;
    }
    if (!this.dead) this.refresh({});
  }

  /** The bell's challenge for this game is answered (its buttons go). */
  noteAnswer(outcome) {
    for (const n of currentFeed().items) {
      if (n.kind === 'challenge' && n.game === this.id) answered(n.id, outcome);
    }
  }

  /** After declining: the challenge is gone; say so. */
  showDeclined(name) {
    this.dead = true;
    this.socket.close();
    this.chat?.destroy();
    this.chat = null;
    replace(this.main, h('section.card.empty.challenge-declined#challenge-declined', null,
      h('h1', null, t('game.you_declined', { name })),
      h('a.btn.primary', { href: '/' }, t('game.to_lobby'))));
  }

  destroy() {
    // Answers still on their way find the page gone (the element `main`
    // is the next page's by then).
    this.dead = true;
    dismissChooser();
    this.socket.close();
    this.chat?.destroy();
    this.review?.close();
    this.banner?.destroy();
    clearTimeout(this.chatResync);
    clearInterval(this.tick);
    document.removeEventListener('keydown', this.keys);
  }

  setConnection(status) {
    if (status === 'unknown') {
      // The server says there is no such game (close code 4404).
      this.showNotFound();
      return;
    }
    const offline = status !== 'open';
    if (offline && !this.conn.offline) this.conn.since = Date.now();
    this.conn = { offline, since: offline ? this.conn.since : null };
    this.main.querySelector('.conn')?.classList.toggle('offline', offline);
    if (!this.state) {
      // No state yet and the socket closed without saying the game is
      // unknown: an outage, or a server that refuses the socket instead.
      if (offline) this.checkExists();
      return;
    }
    this.refresh({});
  }

  /** The page for a game the server does not know. */
  showNotFound() {
    if (this.dead) return;
    this.socket.close();
    replace(this.main, h('section.card.empty.not-found#game-not-found', null,
      h('h1', null, t('game.not_found')),
      h('p.muted', null, t('game.not_found_help', { id: this.id })),
      h('a.btn.primary', { href: '/' }, t('game.to_lobby'))));
  }

  /** Before the first state, after the socket closed: is there such a game? */
  async checkExists() {
    if (this.checking) return;
    this.checking = true;
    try {
      await api.game(this.id);
    } catch (err) {
      if (this.state || this.dead) return;
      if (err.status === 404) {
        this.showNotFound();
        return;
      }
      replace(this.main, h('div.card.loading.offline#game-unreachable', null, t('game.unreachable')));
    } finally {
      this.checking = false;
    }
  }

  /** The page's layout, once the first state is known. */
  build() {
    const st = this.state;
    this.game = gameModule(st.game);
    this.topBar = playerBar('top');
    this.bottomBar = playerBar('bottom');
    const boardHost = h('div.board-host');
    // Closed or opened again: the controls' "Result" follows.
    this.banner = resultBanner({ onToggle: () => { if (this.board) this.refresh({}); } });
    this.board = new Board(boardHost, this.game, {
      onMove: (text) => (S.canPremove(this.model) ? this.sendPremove(text) : this.sendMove(text)),
      // Moves that all end the same (a goal by dribble or by shot) need no question.
      onChoose: (candidates) => this.game.autoChoice(candidates, this.view) ?? chooseMove(this.game, candidates),
      onBlank: () => { if (this.model.premove) this.cancelPremove(); },
    });
    this.status = statusLine();
    this.premoveBar = h('div.premove-bar#premove-bar', { hidden: true });
    this.moveList = h('ol.move-list#move-list', { 'aria-label': t('game.moves') });
    this.controls = controlsPanel();
    this.actions = actionsPanel();
    this.info = gameInfo();
    this.notices = noticesPanel();
    this.chat = chatPanel({ where: this.id, room: gameRoom(st) });
    const nav = moveNav({
      first: () => this.act(S.browse(this.model, 0)),
      prev: () => this.act(S.step(this.model, -1)),
      next: () => this.act(S.step(this.model, 1)),
      last: () => this.act(S.browse(this.model, null)),
      flip: () => this.act(S.flip(this.model)),
    });
    // Above the top bar, in the column's flow: it never covers the board.
    this.connBanner = h('div.conn-lost#conn-lost', { role: 'alert', hidden: true });
    this.boardWrap = h('div.board-wrap', null, boardHost, this.banner.el);
    // The invited player's answer to a challenge (drawInvite).
    this.inviteCard = h('section.card.challenge-card#challenge-card', { hidden: true, 'aria-live': 'polite' });
    // A tournament game links back to its tournament.
    this.tournamentLink = h('a.tournament-link#tournament-link', { hidden: true });
    api.gameTournament(this.id).then(({ tournament }) => {
      if (!tournament) return;
      this.tournamentLink.href = `/tournament/${tournament.id}`;
      this.tournamentLink.textContent = t('tournament.back', { name: tournament.name });
      this.tournamentLink.hidden = false;
      this.banner.setTournament(tournament);
    }).catch(() => {});
    replace(this.main,
      h('div.game-layout', null,
        h('div.board-column', null, this.connBanner, this.topBar.el, this.boardWrap, this.bottomBar.el),
        h('aside.side-panel', null,
          this.inviteCard,
          h('div.card.panel-head', null,
            h('div.panel-title', null, h('span', { class: `game-icon icon-${st.game}` }), h('h1', null, gameTitle(st.game)), h('span', { class: ['conn', this.conn.offline ? 'offline' : ''], title: t('game.connection') })),
            this.tournamentLink,
            this.info.el,
            this.status.el,
            this.premoveBar,
          ),
          this.notices.el,
          this.actions.el,
          this.movesCard = h('div.card.moves-card', null, h('div.moves-head', null, h('h2', null, t('game.moves')), nav), this.moveList),
          this.controls.el,
          this.chat.el,
        ),
      ),
    );
  }

  /** Draw the model: board and every panel. */
  refresh({ animate = false }) {
    const st = this.state;
    if (!st) return;
    if (!this.board) this.build();
    const vs = S.boardView(this.model, this.game);
    // A pending "which move?" question lapses with the turn (the game ended meanwhile).
    if (!vs.mine) dismissChooser();
    // A move waiting for the connection: no other until it is sent.
    const interactive = vs.mine && !this.pending;
    // While the opponent is to move: the premoves the server offers.
    const premoving = !vs.mine && vs.premoves.length > 0 && !this.conn.offline;
    this.board.update({
      view: vs.view,
      legal: interactive ? vs.legal : (premoving ? vs.premoves : []),
      flipped: vs.flipped,
      lastMove: vs.lastMove,
      premove: vs.premove,
      interactive: interactive || premoving,
      animate: animate && vs.live,
    });
    this.premoveBar.hidden = !vs.premove;
    replace(this.premoveBar, vs.premove
      ? [h('span', null, t('game.premove', { move: vs.premove })),
        h('button.btn.small.ghost#premove-cancel', { onclick: () => this.cancelPremove() }, t('game.premove_cancel'))]
      : null);
    this.view = vs.view;
    const bottom = vs.flipped ? 1 : 0;
    this.bottomBar.update(st, vs.view, this.game, bottom);
    this.topBar.update(st, vs.view, this.game, 1 - bottom);
    this.info.update(st, vs.view, this.game);
    const conn = { offline: this.conn.offline, pending: this.pending?.text ?? null };
    const invited = S.isInvited(st, currentUser()?.name);
    this.status.update(st, vs.view, vs.mine, this.game, conn, { invited });
    this.drawInvite(st, invited);
    // The spectators' chat is not for the invited player (theirs comes with the seat).
    if (this.chat) this.chat.el.hidden = invited;
    this.connBanner.hidden = !this.conn.offline;
    replace(this.connBanner, this.conn.offline ? t(conn.pending ? 'game.offline_pending' : 'game.offline', { move: conn.pending }) : null);
    drawMoveList(this.moveList, this.game, st, vs.ply, (n) => this.act(S.browse(this.model, n)), this.marks);
    // Once the game is over: its review (issue 15), marks in the move list.
    if (st.status === 'finished' && !this.review) {
      this.review = reviewPanel({
        gameId: this.id,
        game: st.game,
        onPick: (n) => this.act(S.browse(this.model, n)),
        onReview: (r) => { this.marks = plyMarks(r); this.refresh({}); },
      });
      this.movesCard.after(this.review.el);
    }
    this.review?.update(vs.ply);
    // Moves that are not a from/to pair are buttons on one's turn only
    // (premoves are made on the board).
    this.actions.update(interactive ? this.board.actions() : [], vs.legal, this.game, (text) => this.sendMove(text), vs.view);
    // A panel asking for a choice (the team picker) is scrolled into view
    // when it appears (on a phone it comes under the board).
    const panel = this.actions.el.querySelector('.card');
    if (panel && !this.panelShown) revealIfHidden(panel, this.topBar.el);
    this.panelShown = Boolean(panel);
    // The result pops up once, when the game ends while the page is open;
    // a game over before it opened has it on request ("Result").
    if (st.status === 'finished' && this.arrivedOver && !this.bannerDecided) this.banner.close();
    if (st.status === 'finished') this.bannerDecided = true;
    this.controls.update(st, {
      send: (type) => this.send(type),
      join: () => this.join(),
      cancel: async () => { await api.cancel(st.id).catch(() => {}); location.assign('/'); },
      showResult: () => { this.banner.open(); this.refresh({}); },
    }, { invited, resultClosed: this.banner.closed });
    this.notices.update(st, (type) => this.send(type));
    this.banner.update(st);
    // A goal's flash does not hide the final result.
    if (st.result) for (const el of this.boardWrap.querySelectorAll('.goal-flash')) el.remove();
    this.drawClocks();
  }

  /** The invited player's card: who challenges them, the terms, Accept and Decline. */
  drawInvite(st, invited) {
    this.inviteCard.hidden = !invited;
    if (!invited) {
      replace(this.inviteCard);
      return;
    }
    const name = S.challengerName(st);
    const [before, after] = t('game.challenged_you', { name: '\u0000' }).split('\u0000');
    const options = optionsText(st.game, st.options);
    const side = S.freeSide(st);
    replace(this.inviteCard,
      h('h2.challenge-title', null, before, h('strong', null, name), after ?? ''),
      h('p.challenge-terms#challenge-terms', null, challengeTerms(st)),
      options ? h('p.muted.small', null, options) : null,
      side === null ? null : h('p.muted.small.challenge-side', null, t('game.challenge_side', { side: sideName(st.game, side) })),
      h('div.challenge-actions', null,
        h('button.btn.primary#challenge-accept', { type: 'button', disabled: this.answering, onclick: () => this.answer('accept') }, t('game.accept')),
        h('button.btn.ghost#challenge-decline', { type: 'button', disabled: this.answering, onclick: () => this.answer('decline') }, t('game.decline'))),
      this.inviteError ? h('p.alert', { role: 'alert' }, this.inviteError) : null);
  }

  drawClocks() {
    if (!this.state || !this.main.isConnected) return;
    // Offline, the clocks stop where they were when the connection was lost.
    const stopped = this.conn.offline;
    drawClocks(this.main, this.state, stopped ? this.conn.since : Date.now(), stopped);
  }

  /** After a live move: the game module may celebrate it (a goal). */
  afterMove() {
    const flash = this.view && this.game.moveFlash(this.view);
    if (flash && this.state.result) {
      // The last action: the result banner has the stage (the cheer stays).
      playSound(flash.sound);
      return;
    }
    if (!flash) return;
    playSound(flash.sound);
    boardFlash(this.boardWrap, flash);
  }

  sendMove(text) {
    const st = this.state;
    const move = { text, version: st.version, ply: st.moves.length, hidden: Boolean(st.hidden) };
    if (this.conn.offline) {
      // Kept until the connection is back (flushPending).
      this.pending = move;
      this.refresh({});
      return;
    }
    this.socket.request(S.moveMessage(st, text)).catch((err) => {
      if (err.lost) {
        // The connection dropped before the server answered: the move may
        // or may not have been played; the catch-up after reconnecting says.
        this.pending = move;
      } else {
        this.flash(errorText(err));
      }
      this.refresh({});
    });
    // Until the server answers, the board takes no further input.
    this.board.update({ ...this.board.state, legal: [], interactive: false });
  }

  /** Set (or replace) the premove `text` (the server answers `premove-set`). */
  sendPremove(text) {
    if (!this.socket.send({ type: 'premove', move: text })) this.flash(t('game.not_sent'));
  }

  /** Cancel the premove (at once on the page; the server answers `premove-set`). */
  cancelPremove() {
    this.socket.send({ type: 'premove-cancel' });
    this.act(S.withoutPremove(this.model));
  }

  /**
   * After a reconnection: the server forgot the premove with the old
   * socket; set it again while the page still waits for that turn, or say
   * it was dropped if the turn came and went meanwhile.
   */
  resendPremove() {
    const what = S.premoveAfterReconnect(this.model);
    if (!what) return;
    const { move } = this.model.premove;
    if (what === 'resend') {
      this.sendPremove(move);
      return;
    }
    this.model = S.withoutPremove(this.model);
    if (what === 'dropped') this.flash(t('game.premove_lapsed', { move }));
    this.refresh({});
  }

  /**
   * Send the move that waited for the connection, if the game is still
   * where it was when the move was made; if the server played it before
   * the connection dropped, nothing; otherwise say it was not sent.
   */
  flushPending() {
    const p = this.pending;
    const st = this.state;
    if (!p || this.conn.offline || !st) return;
    this.pending = null;
    const played = st.moves.length > p.ply && st.moves[p.ply] === p.text;
    const hiddenPlayed = p.hidden && st.hidden && (st.hidden.yours || []).includes(p.text);
    if (played || hiddenPlayed) { this.refresh({}); return; }
    const vs = S.boardView(this.model, this.game);
    const still = vs.mine && (p.hidden ? Boolean(st.hidden) : st.version === p.version) && vs.legal.includes(p.text);
    if (still) {
      this.sendMove(p.text);
      return;
    }
    this.flash(t('game.pending_dropped', { move: p.text }));
    this.refresh({});
  }

  send(type) {
    if (this.conn.offline) {
      this.flash(t('game.not_sent'));
      return;
    }
    this.socket.request({ type }).catch((err) => this.flash(err.lost ? t('game.not_sent') : errorText(err)));
  }

  flash(message) {
    this.notices?.flash(message);
  }

  onKey(e) {
    if (!this.state || e.target.closest('input, select, textarea, svg')) return;
    if (e.key === 'ArrowLeft') { this.act(S.step(this.model, -1)); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { this.act(S.step(this.model, 1)); e.preventDefault(); }
    else if (e.key === 'f') this.act(S.flip(this.model));
  }
}
