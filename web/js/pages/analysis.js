// The analysis board (issue 15): a position of any game, from a game after
// it ended (/analysis/<game id>), a replay, a record, or set up by hand
// (/analysis?game=loa&position=TEXT&moves=a b c&options=size=6), where
// both sides move freely with the legal moves the server gives (POST
// /api/positions). Every move makes a node of the move tree (variations
// branch; the tree is shown and navigable). The engine runs on the server
// (GET /api/analysis/ws) and streams its score (from the side to move, in
// pawn-like units, or a proved win/loss in N plies), depth, nodes/s and
// its best lines (1 to 3, multi-PV: the lines selector), drawn as an
// evaluation bar (the best line's score) and an arrow on the board for
// each line's first move (the best one strongest).

import { h, s, replace } from '../dom.js';
import { t } from '../i18n.js';
import { LiveSocket, request } from '../api.js';
import { errorText, serverError } from '../errors.js';
import { Board } from '../board/board.js';
import { gameModule, GAME_IDS } from '../games/index.js';
import { chooseMove } from '../panels/chooser.js';
import { actionsPanel } from '../panels/actions.js';
import { icon } from '../icons.js';
import { ensureSession } from '../session.js';
import { gameTitle, sideName, errorBox } from './common.js';
import { resultText, finalScore } from '../results.js';
import {
  createTree, node, addMove, addLine, pathMoves, plyOf, nextNode, prevNode, lineEnd, promote,
  treeTokens, barShare, scoreParts, rateText, isCurrent,
} from '../analysis.js';

export const name = 'analysis';

/** Where the lines wanted are remembered. */
const LINES_KEY = 'gamut.analysis.lines';
/** The most lines the server searches (docs/api.md: `lines`, 1 to 3). */
const MAX_LINES = 3;
/** The arrow of each line's first move, best first. */
const ARROW_CLASSES = ['arrow-best', 'arrow-other', 'arrow-other arrow-third'];

function storedLines() {
  const n = Number(localStorage.getItem(LINES_KEY));
  return Number.isInteger(n) && n >= 1 && n <= MAX_LINES ? n : 1;
}

const post = (path, body) => request('POST', path, body);

/** `{"size":"6"}` or `size=6,setup=standard` → `{size: '6', setup: 'standard'}`. */
function parseOptions(text) {
  const out = {};
  if ((text || '').trim().startsWith('{')) {
    try { return JSON.parse(text); } catch { return out; }
  }
  for (const pair of (text || '').split(',')) {
    const i = pair.indexOf('=');
    if (i > 0) out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return out;
}

export function render(main, [id], { navigate }) {
  replace(main, h('div.card.loading', null, t('common.loading')));
  const q = new URLSearchParams(location.search);
  let source;
  let mainline = [];
  if (id) {
    source = { game_id: id };
  } else {
    const game = GAME_IDS.includes(q.get('game')) ? q.get('game') : GAME_IDS[0];
    source = { game, options: parseOptions(q.get('options')) };
    if (q.get('position')) source.position = q.get('position');
    mainline = (q.get('moves') || '').split(/\s+/).filter(Boolean);
  }
  let stop = null;
  let cancelled = false;
  const start = id
    ? post('/api/positions', source).then(async (root) => {
        const rep = await fetch(`/api/games/${encodeURIComponent(id)}/replay`).then((r) => r.json());
        return { root, moves: rep.moves || [] };
      })
    : post('/api/positions', source).then((root) => ({ root, moves: mainline }));
  start
    .then(({ root, moves }) => { if (!cancelled) stop = show(main, source, root, moves, navigate); })
    .catch((err) => {
      if (cancelled) return;
      replace(main, h('section.card', null, h('h1', null, t('analysis.title')), errorBox(err),
        id ? h('p', null, h('a', { href: `/game/${id}` }, t('replay.to_game'))) : null));
    });
  return () => { cancelled = true; stop?.(); };
}

function show(main, source, root, mainline, navigate) {
  const mod = gameModule(root.game);
  const options = root.options;
  const tree = createTree(root);
  let current = addLine(tree, 0, mainline);
  let flipped = false;
  let engineOn = false;
  let socket = null;
  let lastId = 0;
  let plays = 0; // the moves played on the board so far (the last one is gone to)
  let latest = null; // the current analysis's last progress
  let waiting = false;
  let linesWanted = storedLines();

  const host = h('div.board-host');
  const board = new Board(host, mod, {
    onMove: (text) => play(text),
    onChoose: (candidates) => chooseMove(mod, candidates),
  });
  const arrows = s('g', { class: 'layer-arrows', 'pointer-events': 'none' });
  const actions = actionsPanel();
  const treeEl = h('div.analysis-tree#analysis-tree', { role: 'list' });
  const status = h('p.analysis-status#analysis-status');
  const bar = h('div.eval-bar#eval-bar', { role: 'img' }, h('div.eval-fill'));
  const caption = h('div.eval-caption#eval-caption');
  const scoreEl = h('div.eval-score#eval-score');
  const statsEl = h('div.eval-stats#eval-stats');
  const linesEl = h('ol.eval-lines#eval-lines');
  const linesButtons = Array.from({ length: MAX_LINES }, (_, i) => h('button', {
    type: 'button',
    dataset: { lines: i + 1 },
    title: t('analysis.lines_title', { n: i + 1 }),
    onclick: () => setLines(i + 1),
  }, String(i + 1)));
  const linesSel = h('div.segmented.engine-lines#engine-lines', { role: 'group', 'aria-label': t('analysis.lines') },
    h('span.engine-lines-label', null, t('analysis.lines')), linesButtons);
  const engineBtn = h('button.btn.primary#engine-toggle', { 'aria-pressed': 'false', onclick: () => setEngine(!engineOn) }, t('analysis.engine_on'));
  const positionText = h('input.position-text#position-text', {
    type: 'text', readOnly: true, spellcheck: false, 'aria-label': t('replay.position'), onfocus: (e) => e.target.select(),
  });
  const errorEl = h('div.analysis-error');

  // Where a node's position comes from: the source with its path.
  const request = (id) => ({ ...source, moves: pathMoves(tree, id) });

  async function infoOf(id) {
    const n = node(tree, id);
    if (!n.info) n.info = await post('/api/positions', request(id));
    return n.info;
  }

  async function play(text) {
    const from = current;
    const mine = ++plays;
    try {
      const info = await post('/api/positions', { ...source, moves: [...pathMoves(tree, from), text] });
      const mv = info.moves[info.moves.length - 1];
      const id = addMove(tree, from, mv, info);
      // The viewer went on meanwhile (to another node, or played another
      // move whose answer came first): the move joins the tree only.
      if (current === from && mine === plays) go(id, true);
      else drawTree();
    } catch (err) {
      replace(errorEl, errorBox(err));
    }
  }

  async function go(id, animate = false) {
    current = id;
    replace(errorEl);
    draw(null, animate);
    try {
      const info = await infoOf(id);
      if (current !== id) return;
      draw(info, animate);
      analyse();
    } catch (err) {
      replace(errorEl, errorBox(err));
    }
  }

  function draw(info, animate = false) {
    const n = node(tree, current);
    info ??= n.info;
    drawTree();
    if (!info) return;
    const view = mod.parse(info.position, options);
    const legal = info.legal;
    board.update({ view, legal, flipped, lastMove: n.move, interactive: legal.length > 0, animate });
    if (arrows.parentNode !== board.svg) board.svg.append(arrows);
    actions.update(board.actions(), legal, mod, (text) => play(text));
    positionText.value = info.position;
    const ply = plyOf(tree, current);
    const toMove = t('analysis.to_move', { side: sideName(root.game, info.to_move) });
    replace(status, info.outcome
      ? h('strong#analysis-result', null, resultText(root.game, info.outcome, finalScore(mod, info.outcome, info.position, options)))
      : `${t('analysis.ply', { n: ply })} · ${toMove}`);
    drawEngine();
  }

  function drawTree() {
    const top = h('div.tree-line');
    top.append(h('button', {
      class: ['tree-move', 'tree-start', current === 0 ? 'current' : ''],
      dataset: { node: 0 },
      onclick: () => go(0),
    }, t('analysis.start')));
    const stack = [top];
    let fresh = true; // the next move starts a line: its number is shown
    for (const tok of treeTokens(tree)) {
      if (tok.type === 'open') {
        const group = h('span.tree-variation');
        stack[stack.length - 1].append(group);
        stack.push(group);
        fresh = true;
        continue;
      }
      if (tok.type === 'close') {
        stack.pop();
        fresh = true;
        continue;
      }
      const first = tok.ply % 2 === 1;
      const num = first ? `${(tok.ply + 1) / 2}.` : (fresh ? `${tok.ply / 2}…` : '');
      fresh = false;
      stack[stack.length - 1].append(h('button', {
        class: ['tree-move', tok.id === current ? 'current' : '', tok.depth ? 'in-variation' : ''],
        dataset: { node: tok.id, move: tok.move },
        onclick: () => go(tok.id),
      }, num ? h('span.ply-num', null, num) : null, tok.move));
    }
    replace(treeEl, top);
    treeEl.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
  }

  // The engine.
  function setEngine(on) {
    engineOn = on;
    engineBtn.setAttribute('aria-pressed', String(on));
    engineBtn.textContent = t(on ? 'analysis.engine_off' : 'analysis.engine_on');
    engineBtn.classList.toggle('active', on);
    if (on && !socket) {
      // The engine needs a session: a guest's will do.
      ensureSession().then(() => {
        if (!engineOn || socket) return;
        socket = new LiveSocket('/api/analysis/ws', {
          onMessage: received,
          onStatus: (st) => { if (st === 'open' && engineOn) analyse(); },
        });
      }).catch((err) => { setEngine(false); replace(errorEl, errorBox(err)); });
      drawEngine();
      return;
    }
    if (on) {
      socket ??= new LiveSocket('/api/analysis/ws', {
        onMessage: received,
        onStatus: (st) => { if (st === 'open' && engineOn) analyse(); },
      });
      if (socket.ws?.readyState === WebSocket.OPEN) analyse();
    } else {
      socket?.send({ type: 'stop' });
      latest = null;
      waiting = false;
      drawEngine();
    }
  }

  function setLines(n) {
    linesWanted = n;
    localStorage.setItem(LINES_KEY, String(n));
    for (const b of linesButtons) {
      const on = Number(b.dataset.lines) === n;
      b.classList.toggle('active', on);
      b.setAttribute('aria-pressed', String(on));
    }
    analyse();
  }

  function analyse() {
    if (!engineOn || !socket) return;
    latest = null;
    const info = node(tree, current).info;
    if (!info || info.outcome) {
      socket.send({ type: 'stop' });
      waiting = false;
      drawEngine();
      return;
    }
    lastId += 1;
    waiting = true;
    socket.send({ type: 'analyse', id: lastId, ...request(current), lines: linesWanted });
    drawEngine();
  }

  function received(msg) {
    if (msg.type === 'error' && (msg.id === lastId || msg.id === undefined)) {
      waiting = false;
      replace(errorEl, h('div.error-box', null, errorText(serverError(msg))));
      return;
    }
    if (!isCurrent(msg, lastId)) return;
    latest = msg;
    if (msg.done) waiting = false;
    drawEngine();
  }

  function scoreText(score, side) {
    const p = scoreParts(score);
    const who = sideName(root.game, side);
    if (p.key === 'analysis.score.value') return t(p.key, { score: p.units, side: who });
    return t(p.key, { n: p.n, side: who });
  }

  function drawEngine() {
    arrows.replaceChildren();
    const fill = bar.firstChild;
    if (!engineOn) {
      bar.hidden = true;
      replace(caption);
      replace(scoreEl);
      replace(statsEl);
      replace(linesEl);
      return;
    }
    bar.hidden = false;
    if (!latest) {
      fill.style.width = '50%';
      replace(scoreEl, h('span.muted', null, waiting ? t('analysis.thinking') : '—'));
      replace(statsEl);
      replace(linesEl);
      return;
    }
    const share = barShare(latest.score, latest.side);
    fill.style.width = `${(share * 100).toFixed(1)}%`;
    const pct = Math.round(share * 100);
    bar.title = `${sideName(root.game, 0)} ${pct}% · ${sideName(root.game, 1)} ${100 - pct}%`;
    bar.setAttribute('aria-label', bar.title);
    replace(caption, h('span', null, `${sideName(root.game, 0)} ◂`), h('span', null, `▸ ${sideName(root.game, 1)}`));
    const proved = latest.score.kind !== 'value';
    replace(scoreEl,
      h('strong', { class: ['eval-main', proved ? 'proved' : ''] }, scoreText(latest.score, latest.side)),
      h('span.eval-units', null, t(proved ? 'analysis.units_proved' : 'analysis.units')));
    replace(statsEl,
      h('span#eval-depth', null, t('analysis.depth', { n: latest.depth, sel: latest.seldepth })),
      h('span#eval-nps', null, t('analysis.nps', { n: rateText(latest.nps) })),
      h('span', null, t('analysis.nodes', { n: latest.nodes.toLocaleString() })),
      h('span', null, latest.done ? t('analysis.done') : t('analysis.thinking')));
    replace(linesEl, latest.lines.map((line, k) => h('li.eval-line', { dataset: { line: k + 1 } },
      h('span.line-score', null, scoreParts(line.score).units ?? scoreText(line.score, latest.side)),
      line.moves.slice(0, 12).map((mv, i) => h('button.line-move', {
        dataset: { move: mv },
        onclick: () => { const end = addLine(tree, current, line.moves.slice(0, i + 1)); go(end); },
      }, mv)))));
    drawArrows(latest.lines);
  }

  function drawArrows(lines) {
    const geo = board.geo;
    const view = board.state.view;
    if (!geo || !view) return;
    const r = geo.markRadius || 10;
    // The arrow of line `rank` (0: the best), thinner further down.
    const arrow = (mv, cls, rank) => {
      const m = mod.moveParts(mv, view);
      const to = m.to && geo.points.get(m.to);
      const from = m.from && geo.points.get(m.from);
      if (!to) return;
      if (!from) {
        arrows.append(s('circle', { class: `arrow ${cls}`, dataset: { move: mv, line: rank + 1 }, cx: to.x, cy: to.y, r: (to.r ?? r) * (0.9 - rank * 0.15) }));
        return;
      }
      const dx = to.x - from.x;
      const dy = to.y - from.y;
      const len = Math.hypot(dx, dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      const head = Math.min(r * 1.6, len / 2);
      const bx = to.x - ux * head;
      const by = to.y - uy * head;
      const w = head * 0.6;
      arrows.append(s('g', { class: `arrow ${cls}`, dataset: { move: mv, line: rank + 1 } },
        s('line', { x1: from.x, y1: from.y, x2: bx, y2: by, 'stroke-width': r * (0.45 - rank * 0.08) }),
        s('polygon', { points: `${to.x},${to.y} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` })));
    };
    // The best line's arrow last: drawn on top of the others.
    lines.slice(0, ARROW_CLASSES.length).map((line, i) => [line, i]).reverse()
      .forEach(([line, i]) => { if (line.moves[0]) arrow(line.moves[0], ARROW_CLASSES[i], i); });
  }

  const keys = (e) => {
    if (e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') go(prevNode(tree, current));
    else if (e.key === 'ArrowRight') go(nextNode(tree, current), true);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(lineEnd(tree, current));
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', keys);

  // Set up: another game or position (only when not from a game).
  const setup = source.game_id
    ? h('p', null, h('a#analysis-to-game', { href: `/game/${source.game_id}` }, t('replay.to_game')), ' · ',
      h('a', { href: `/replay/${source.game_id}` }, t('game.replay')))
    : (() => {
        const gameSel = h('select#analysis-game', { 'aria-label': t('analysis.game') },
          GAME_IDS.map((g) => h('option', { value: g, selected: g === root.game }, gameTitle(g))));
        const posIn = h('input#analysis-position', { type: 'text', spellcheck: false, placeholder: t('analysis.position_placeholder'), 'aria-label': t('analysis.position_placeholder') });
        const optIn = h('input#analysis-options', { type: 'text', spellcheck: false, placeholder: 'size=6', 'aria-label': t('analysis.options'), value: Object.entries(source.options || {}).map(([k, v]) => `${k}=${v}`).join(',') });
        return h('form.analysis-setup', {
          onsubmit: (e) => {
            e.preventDefault();
            const p = new URLSearchParams({ game: gameSel.value });
            if (optIn.value.trim()) p.set('options', optIn.value.trim());
            if (posIn.value.trim()) p.set('position', posIn.value.trim());
            navigate(`/analysis?${p}`);
          },
        }, gameSel, optIn, posIn, h('button.btn.ghost', { type: 'submit' }, t('analysis.set_up')));
      })();

  replace(main,
    h('div.game-layout.analysis', null,
      h('div.board-column', null,
        bar, caption,
        h('div.board-wrap', null, host),
        h('div.replay-nav', null,
          h('button.icon-btn#analysis-first', { 'aria-label': t('game.first'), onclick: () => go(0) }, icon('first')),
          h('button.icon-btn#analysis-prev', { 'aria-label': t('game.prev'), onclick: () => go(prevNode(tree, current)) }, icon('prev')),
          h('button.icon-btn#analysis-next', { 'aria-label': t('game.next'), onclick: () => go(nextNode(tree, current), true) }, icon('next')),
          h('button.icon-btn#analysis-last', { 'aria-label': t('game.last'), onclick: () => go(lineEnd(tree, current)) }, icon('last')),
          h('button.icon-btn', { 'aria-label': t('game.flip'), onclick: () => { flipped = !flipped; draw(); } }, icon('flip')),
          h('button.btn.ghost.small#analysis-promote', { title: t('analysis.promote'), onclick: () => { promote(tree, current); drawTree(); } }, t('analysis.promote'))),
        actions.el),
      h('aside.side-panel', null,
        h('div.card.panel-head', null,
          h('div.panel-title', null, h('span', { class: `game-icon icon-${root.game}` }), h('h1', null, `${t('analysis.title')}: ${gameTitle(root.game)}`)),
          status, setup),
        h('div.card.engine-card', null,
          h('div.engine-head', null, h('h2', null, t('analysis.engine')), engineBtn),
          linesSel, scoreEl, statsEl, linesEl),
        errorEl,
        h('div.card.moves-card', null, h('h2', null, t('analysis.tree')), treeEl),
        h('div.card.position-card', null, h('h2', null, t('replay.position')), positionText))));
  setLines(linesWanted);
  drawEngine();
  go(current);
  return () => {
    document.removeEventListener('keydown', keys);
    socket?.close();
  };
}
