// The rating history chart's geometry (pure): from the points of
// GET /api/users/{name}/ratings (one game and speed, oldest first) to the
// SVG line's path, its dots and the y axis' ticks, in a box of
// `width` × `height` with `pad` around the plot. Drawn by pages/profile.js.

/** The chart's size (SVG user units; the SVG scales to its container). */
export const CHART = { width: 320, height: 140, pad: 24 };

/** Rounds the rating range out to steps of `step`, at least `step` tall. */
export function ratingRange(ratings, step = 50) {
  if (!ratings.length) return { min: 1500 - step, max: 1500 + step };
  let min = Math.floor(Math.min(...ratings) / step) * step;
  let max = Math.ceil(Math.max(...ratings) / step) * step;
  if (max - min < step) { min -= step / 2; max += step / 2; }
  if (max === min) max = min + step;
  return { min, max };
}

/**
 * Geometry of a rating line: `points` are `{rating, at}` in time order.
 * x is by the game's order (evenly spaced: a month without games takes no
 * room), y by rating. Returns `{path, dots: [{x, y, rating, at}], ticks:
 * [{y, label}], min, max}`; a single point sits in the middle.
 */
export function chartGeometry(points, { width, height, pad } = CHART) {
  const { min, max } = ratingRange(points.map((p) => p.rating));
  const plotW = width - 2 * pad;
  const plotH = height - 2 * pad;
  const n = points.length;
  const x = (i) => (n === 1 ? pad + plotW / 2 : pad + (plotW * i) / (n - 1));
  const y = (r) => pad + plotH * (1 - (r - min) / (max - min));
  const round = (v) => Math.round(v * 10) / 10;
  const dots = points.map((p, i) => ({ x: round(x(i)), y: round(y(p.rating)), rating: p.rating, at: p.at }));
  const path = dots.map((d, i) => `${i ? 'L' : 'M'}${d.x} ${d.y}`).join(' ');
  const ticks = [max, (min + max) / 2, min].map((r) => ({ y: round(y(r)), label: String(Math.round(r)) }));
  return { path, dots, ticks, min, max };
}

/** The history's points grouped by speed, in the order speeds first appear. */
export function bySpeed(points) {
  const groups = new Map();
  for (const p of points) {
    if (!groups.has(p.speed)) groups.set(p.speed, []);
    groups.get(p.speed).push(p);
  }
  return [...groups].map(([speed, pts]) => ({ speed, points: pts }));
}
