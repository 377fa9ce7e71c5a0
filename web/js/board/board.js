// The interactive board shared by every game: draws through a game's
// renderer, updating the SVG in place (the static board only when it
// changes, then keyed pieces and marks: see reconcile.js), highlights
// legal targets parsed from the server's legal-move list, and turns
// click-click, drag-and-drop (pointer events, so touch works) and the
// keyboard into moves. It knows no rules: a move can only be made by
// picking one of the notation strings the server sent.

import { s } from '../dom.js';
import { t } from '../i18n.js';
import { reconcile } from './reconcile.js';

const DRAG_THRESHOLD = 6; // CSS pixels before a press becomes a drag
// A legal target of the selected piece answers a press this close to its
// centre, in CSS pixels, however small the board is drawn (a 40 px touch
// target), before any other point.
const TARGET_REACH = 20;

export class Board {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {object} game the game module (see games/*.js)
   * @param {object} handlers { onMove(text), onChoose(candidates) -> Promise<text|null>,
   *   onBlank() (a click on no piece and no target, nothing selected: cancels a premove) }
   * @param {boolean} live false for pictures (diagrams, thumbnails): no input at all
   */
  constructor(host, game, handlers = {}, live = true) {
    this.host = host;
    this.game = game;
    this.handlers = handlers;
    this.svg = s('svg', live
      ? { class: `board board-${game.id}`, role: 'application', tabindex: '0', 'aria-label': t('board.label', { game: t(`game.${game.id}`) }) }
      : { class: `board board-${game.id}`, role: 'img', focusable: 'false' });
    host.append(this.svg);
    // The layers, bottom to top; render() fills them in place.
    this.layers = {
      board: s('g', { class: 'layer-board' }),
      marks: s('g', { class: 'layer-marks' }),
      pieces: s('g', { class: 'layer-pieces' }),
      top: s('g', { class: 'layer-top' }),
    };
    this.svg.append(this.layers.board, this.layers.marks, this.layers.pieces, this.layers.top);
    this.known = { pieces: new Map(), marks: new Map(), top: new Map() };
    this.boardKey = null;
    this.pieceEls = new Map();
    this.anims = []; // running move animations
    this.state = { view: null, legal: [], flipped: false, lastMove: null, premove: null, interactive: false };
    this.selected = null;
    this.cursor = null;
    this.drag = null;
    if (!live) return;
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('keydown', (e) => this.keyDown(e));
    this.svg.addEventListener('contextmenu', (e) => e.preventDefault());
    this.svg.addEventListener('focus', () => { if (this.cursor) this.render(); });
    this.svg.addEventListener('blur', () => { if (this.cursor) this.render(); });
  }

  /**
   * Show a position. `animate` plays the last move's animation (use it when
   * the position follows from the previous one by `lastMove`); `premove`,
   * a move waiting for the viewer's turn, is marked on its from and to.
   */
  update({ view, legal = [], flipped = false, lastMove = null, premove = null, interactive = false, animate = false }) {
    const prevView = this.state.view;
    this.state = { view, legal, flipped, lastMove, premove, interactive };
    this.moves = legal.map((text) => ({ text, ...this.game.moveParts(text, view) }));
    this.byFrom = new Map();
    for (const m of this.moves) {
      if (!m.from || !m.to) continue;
      if (!this.byFrom.has(m.from)) this.byFrom.set(m.from, []);
      this.byFrom.get(m.from).push(m);
    }
    if (this.selected && !this.byFrom.has(this.selected)) this.selected = null;
    this.render();
    if (animate && prevView && lastMove) this.animateLast();
  }

  /** Moves that are not a from/to pair (pass, draw declaration, team choice). */
  actions() {
    return (this.moves || []).filter((m) => !m.from || !m.to);
  }

  /**
   * Draw the state in place: the static board only when the game's
   * `boardKey` changes (another size, a flip, a tray appearing), pieces
   * and marks keyed, so that only what changed is added, updated or
   * removed (board/reconcile.js).
   */
  render() {
    const { view, flipped, lastMove, premove } = this.state;
    if (!view) return;
    // A move's animation ends with the next drawing: pieces are where the
    // state says (kept elements would otherwise go on sliding).
    for (const a of this.anims.splice(0)) a.cancel();
    const last = lastMove ? this.game.moveParts(lastMove, view) : null;
    const geo = this.game.geometry(view, flipped, this.state.legal);
    this.geo = geo;
    const viewBox = geo.viewBox.join(' ');
    if (this.svg.getAttribute('viewBox') !== viewBox) this.svg.setAttribute('viewBox', viewBox);
    const boardKey = this.game.boardKey(view, geo);
    if (boardKey !== this.boardKey) {
      this.boardKey = boardKey;
      this.layers.board.replaceChildren();
      this.game.drawBoard(this.layers.board, view, geo);
    }

    const items = this.game.pieces(view, geo);
    reconcile(this.layers.pieces, this.known.pieces, items);
    this.pieceEls = new Map();
    for (const item of items) if (item.piece) this.pieceEls.set(item.key, this.known.pieces.get(item.key).el);
    for (const [key, el] of this.pieceEls) {
      // A piece kept from the last drawing may still carry a drag.
      if (el.classList.contains('dragging')) {
        el.classList.remove('dragging');
        el.removeAttribute('transform');
      }
      el.classList.toggle('movable', Boolean(this.state.interactive && this.byFrom.has(key)));
    }

    const r = geo.markRadius;
    const circle = (key, cls, x, y, radius, extra = {}) => {
      const attrs = { class: cls, cx: x, cy: y, r: radius, ...extra };
      return {
        key,
        kind: 'circle',
        sig: JSON.stringify(attrs),
        make: () => s('circle', attrs),
        update: (el) => { for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); },
      };
    };
    const marks = [];
    if (last && last.from && last.to) {
      // A placement's tray slot is not marked (the tray is the viewer's, not where the piece came from).
      for (const key of [last.from, last.to].filter((k) => !k.startsWith('hand:'))) {
        const p = geo.points.get(key);
        if (p) marks.push(circle(`last:${key}`, 'mark-last', p.x, p.y, p.r ?? r));
      }
    }
    const pre = premove ? this.game.moveParts(premove, view) : null;
    if (pre && pre.from && pre.to) {
      for (const key of [pre.from, pre.to]) {
        const p = geo.points.get(key);
        if (p) marks.push(circle(`premove:${key}`, 'mark-premove', p.x, p.y, p.r ?? r));
      }
    }
    const top = [];
    if (this.selected) {
      const p = geo.points.get(this.selected);
      if (p) marks.push(circle('selected', 'mark-selected', p.x, p.y, p.r ?? r));
      const seen = new Set();
      for (const m of this.byFrom.get(this.selected) || []) {
        if (seen.has(m.to)) continue;
        seen.add(m.to);
        const q = geo.points.get(m.to);
        if (!q) continue;
        const occupied = this.pieceEls.has(m.to);
        const cls = ['mark-target', occupied ? 'occupied' : '', m.kind ? `kind-${m.kind}` : ''].filter(Boolean).join(' ');
        top.push(circle(`target:${m.to}`, cls, q.x, q.y, occupied ? (q.r ?? r) * 0.92 : (q.dot ?? (q.r ?? r) * 0.36), { 'data-target': m.to }));
      }
    }
    if (this.cursor && document.activeElement === this.svg && this.svg.classList.contains('kbd')) {
      const p = geo.points.get(this.cursor);
      if (p) top.push(circle('cursor', 'mark-cursor', p.x, p.y, (p.r ?? r) * 1.02));
    }
    reconcile(this.layers.marks, this.known.marks, marks);
    reconcile(this.layers.top, this.known.top, top);
  }

  animateLast() {
    const { lastMove, view } = this.state;
    const parts = this.game.moveParts(lastMove, view);
    if (!parts.from || !parts.to || !this.geo) return;
    const a = this.geo.points.get(parts.from);
    const b = this.geo.points.get(parts.to);
    const key = parts.anim === 'ball' ? 'ball' : parts.to;
    const el = key === 'ball' ? this.svg.querySelector('.ball') : this.pieceEls.get(key);
    if (!a || !b || !el || !el.animate) return;
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    const anim = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }],
      { duration: 220, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
    this.anims.push(anim);
    anim.onfinish = () => { this.anims = this.anims.filter((a) => a !== anim); };
  }

  // ---- picking -----------------------------------------------------------

  svgPoint(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  /**
   * The point (board position) under SVG coordinates, or null: the
   * selected piece's nearest target within TARGET_REACH pixels (or its
   * own hit radius if larger), else the nearest point within its radius.
   */
  keyAt(x, y) {
    let best = null;
    let bestD = Infinity;
    if (this.selected) {
      const scale = Math.hypot(this.svg.getScreenCTM()?.a || 0, this.svg.getScreenCTM()?.b || 0) || 1;
      for (const to of this.targetsOf(this.selected)) {
        const p = this.geo.points.get(to);
        if (!p) continue;
        const d = Math.hypot(p.x - x, p.y - y);
        const reach = Math.max((p.hit ?? p.r ?? this.geo.markRadius) * 1.05, TARGET_REACH / scale);
        if (d <= reach && d < bestD) {
          best = to;
          bestD = d;
        }
      }
      if (best) return best;
    }
    for (const [key, p] of this.geo.points) {
      const d = Math.hypot(p.x - x, p.y - y);
      const reach = (p.hit ?? p.r ?? this.geo.markRadius) * 1.05;
      if (d <= reach && d < bestD) {
        best = key;
        bestD = d;
      }
    }
    return best;
  }

  pointerDown(e) {
    if (this.svg.classList.contains('kbd')) this.svg.classList.remove('kbd');
    if (!this.state.interactive || !this.geo || e.button > 0) return;
    const { x, y } = this.svgPoint(e);
    const key = this.keyAt(x, y);
    this.svg.focus({ preventScroll: true });
    if (key && this.byFrom.has(key) && this.pieceEls.get(key)) {
      e.preventDefault();
      this.svg.setPointerCapture?.(e.pointerId);
      // A movable piece that is also a target of the selected one (a
      // teammate to pass to): a click plays the move, a drag moves it.
      const target = Boolean(this.selected && this.selected !== key && this.targetsOf(this.selected).has(key));
      this.drag = { key, startX: e.clientX, startY: e.clientY, x0: x, y0: y, moved: false, wasSelected: this.selected === key, target, id: e.pointerId };
      if (this.selected !== key && !target) {
        this.selected = key;
        this.render();
      }
      return;
    }
    this.drag = { key: null, startX: e.clientX, startY: e.clientY, id: e.pointerId };
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || !d.key || d.id !== e.pointerId) return;
    if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < DRAG_THRESHOLD) return;
    e.preventDefault();
    d.moved = true;
    if (d.target) {
      // Dragging the target piece itself: it becomes the selected one.
      d.target = false;
      this.selected = d.key;
      this.render();
    }
    const { x, y } = this.svgPoint(e);
    const el = this.pieceEls.get(d.key);
    if (el) {
      el.classList.add('dragging');
      el.setAttribute('transform', `translate(${x - d.x0} ${y - d.y0})`);
      el.parentNode.append(el);
    }
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d || d.id !== e.pointerId || !this.geo) return;
    const { x, y } = this.svgPoint(e);
    const key = this.keyAt(x, y);
    if (d.key && d.moved) {
      if (key && key !== d.key && this.targetsOf(d.key).has(key)) {
        this.tryMove(d.key, key);
      } else {
        this.render();
      }
      return;
    }
    if (d.key && d.target) {
      // A click on a target of the selected piece plays that move, even
      // when the target is a movable piece too.
      this.clickKey(d.key);
      return;
    }
    if (d.key) {
      // A click on a movable piece: it was selected on press; a second click
      // on the same piece deselects it.
      if (d.wasSelected) {
        this.selected = null;
        this.render();
      }
      return;
    }
    this.clickKey(key);
  }

  cancelDrag() {
    if (this.drag && this.drag.moved) this.render();
    this.drag = null;
  }

  targetsOf(from) {
    return new Set((this.byFrom.get(from) || []).map((m) => m.to));
  }

  /** A click (or Enter) on a board position. Non-targets never make a move. */
  clickKey(key) {
    if (!this.state.interactive) return;
    if (this.selected && key && this.targetsOf(this.selected).has(key)) {
      this.tryMove(this.selected, key);
      return;
    }
    if (key && this.byFrom.has(key)) {
      this.selected = this.selected === key ? null : key;
    } else if (this.selected) {
      this.selected = null;
    } else if (!key || !this.pieceEls.has(key)) {
      this.handlers.onBlank?.();
    }
    this.render();
  }

  async tryMove(from, to) {
    const candidates = (this.byFrom.get(from) || []).filter((m) => m.to === to);
    let text = candidates.length === 1 ? candidates[0].text : null;
    if (candidates.length > 1 && this.handlers.onChoose) text = await this.handlers.onChoose(candidates);
    this.selected = null;
    if (text) {
      this.render();
      this.handlers.onMove?.(text);
    } else {
      this.render();
    }
  }

  // ---- keyboard ----------------------------------------------------------

  keyDown(e) {
    if (!this.geo) return;
    if (!this.svg.classList.contains('kbd')) this.svg.classList.add('kbd');
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key in dirs) {
      e.preventDefault();
      this.moveCursor(...dirs[e.key]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.cursor) this.clickKey(this.cursor);
    } else if (e.key === 'Escape') {
      this.selected = null;
      this.render();
    }
  }

  moveCursor(dx, dy) {
    const points = this.geo.points;
    if (!this.cursor || !points.has(this.cursor)) {
      this.cursor = this.selected || [...this.byFrom.keys()][0] || points.keys().next().value;
      this.render();
      return;
    }
    const here = points.get(this.cursor);
    let best = null;
    let bestScore = Infinity;
    for (const [key, p] of points) {
      if (key === this.cursor) continue;
      const vx = p.x - here.x;
      const vy = p.y - here.y;
      const dist = Math.hypot(vx, vy);
      const along = (vx * dx + vy * dy) / dist;
      if (along < 0.5) continue; // within 60 degrees of the direction
      const score = dist * (2 - along);
      if (score < bestScore) {
        bestScore = score;
        best = key;
      }
    }
    if (best) this.cursor = best;
    this.render();
  }
}
