// Keyed, in-place updates of an SVG layer (as chessground does it): each
// piece or mark is an item `{ key, sig, make(), update?(el), kind? }`;
// an element is kept while its item's `sig` (what it looks like and where)
// stays the same, updated in place by `update` when the item has one and
// `kind` is unchanged, and otherwise replaced by `make()`. Items gone are
// removed; the layer's children end up in the items' order. Only a few
// DOM members are used (`append`, `prepend`, `after`, `replaceWith`,
// `remove`, `firstElementChild`, `nextElementSibling`), so unit tests
// (tests/web-unit/reconcile.test.mjs) run it on plain objects.

/**
 * Bring `layer` in line with `items`. `known` (a Map, key -> `{ el, sig,
 * kind }`) remembers the elements between calls and is updated. Returns
 * `{ made, updated, removed }`: the keys whose elements were (re)made,
 * updated in place, or removed.
 */
export function reconcile(layer, known, items) {
  const made = [];
  const updated = [];
  const removed = [];
  const wanted = new Set();
  for (const item of items) {
    wanted.add(item.key);
    const had = known.get(item.key);
    if (had && had.sig === item.sig) continue;
    if (had && item.update && had.kind === item.kind) {
      item.update(had.el);
      had.sig = item.sig;
      updated.push(item.key);
      continue;
    }
    const el = item.make();
    if (had) had.el.replaceWith(el);
    else layer.append(el);
    known.set(item.key, { el, sig: item.sig, kind: item.kind });
    made.push(item.key);
  }
  for (const [key, { el }] of known) {
    if (wanted.has(key)) continue;
    el.remove();
    known.delete(key);
    removed.push(key);
  }
  // Painting order is the items' order: misplaced elements (new ones, or
  // a dragged piece raised to the top) are moved, the rest stay put.
  let prev = null;
  for (const item of items) {
    const { el } = known.get(item.key);
    const here = prev ? prev.nextElementSibling : layer.firstElementChild;
    if (here !== el) {
      if (prev) prev.after(el);
      else layer.prepend(el);
    }
    prev = el;
  }
  return { made, updated, removed };
}

/** Elements of `known` by key. */
export function elements(known) {
  return new Map([...known].map(([key, { el }]) => [key, el]));
}
