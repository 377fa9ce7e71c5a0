// Test helper: the little of the DOM that web/js/dom.js uses (elements,
// text nodes, attributes, classes, listeners), so that panels can be
// built in Node. Any way of parsing HTML (innerHTML, outerHTML,
// insertAdjacentHTML) throws: a test that passes built its nodes as text.

export class FakeNode {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }

  append(...nodes) {
    for (const n of nodes) {
      const node = n instanceof FakeNode ? n : new FakeText(String(n));
      node.parentNode?.removeChild(node);
      node.parentNode = this;
      this.childNodes.push(node);
    }
  }

  prepend(...nodes) {
    const rest = this.childNodes.splice(0);
    this.append(...nodes);
    this.childNodes.push(...rest);
  }

  removeChild(node) {
    this.childNodes = this.childNodes.filter((c) => c !== node);
    node.parentNode = null;
    return node;
  }

  replaceChildren(...nodes) {
    for (const c of this.childNodes) c.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join('');
  }
}

export class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.nodeType = 3;
    this.data = data;
  }

  get textContent() {
    return this.data;
  }
}

function refuse(what) {
  throw new Error(`${what} used: text would be parsed as HTML`);
}

export class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.nodeType = 1;
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.classes = new Set();
    this.dataset = {};
    this.style = {};
    this.listeners = {};
    this.id = '';
    const classes = this.classes;
    const el = this;
    this.classList = {
      add: (...c) => { c.forEach((x) => classes.add(x)); el.attributes.set('class', [...classes].join(' ')); },
      remove: (...c) => { c.forEach((x) => classes.delete(x)); el.attributes.set('class', [...classes].join(' ')); },
      contains: (c) => classes.has(c),
      toggle: (c, on = !classes.has(c)) => { if (on) el.classList.add(c); else el.classList.remove(c); return on; },
    };
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(this.tagName)) this.value = '';
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
    if (name === 'class') {
      this.classes.clear();
      for (const c of String(value).split(/\s+/).filter(Boolean)) this.classes.add(c);
    }
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  addEventListener(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }

  removeEventListener(type, fn) {
    this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn);
  }

  /** Call the listeners of `type` (a click: `dispatch('click')`). */
  dispatch(type, event = {}) {
    for (const fn of this.listeners[type] || []) fn({ type, target: this, preventDefault() {}, ...event });
  }

  get children() {
    return this.childNodes.filter((c) => c instanceof FakeElement);
  }

  get childElementCount() {
    return this.children.length;
  }

  /** Every element under this one (depth first). */
  descendants() {
    return this.children.flatMap((c) => [c, ...c.descendants()]);
  }

  /** The descendants having class `name`. */
  byClass(name) {
    return this.descendants().filter((e) => e.classes.has(name));
  }

  set innerHTML(_) { refuse('innerHTML'); }
  get innerHTML() { return refuse('innerHTML'); }
  set outerHTML(_) { refuse('outerHTML'); }
  insertAdjacentHTML() { refuse('insertAdjacentHTML'); }
}

/** Install the fake as `document` and `Node`; returns a function restoring the globals. */
export function installFakeDom() {
  const saved = { document: globalThis.document, Node: globalThis.Node };
  globalThis.document = {
    documentElement: saved.document?.documentElement ?? {},
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (_ns, tag) => new FakeElement(tag),
    createTextNode: (data) => new FakeText(String(data)),
  };
  globalThis.Node = FakeNode;
  return () => {
    globalThis.document = saved.document;
    globalThis.Node = saved.Node;
  };
}
