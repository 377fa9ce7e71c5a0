// Unit tests of the rating history chart's geometry (web/js/rating-chart.js).

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { chartGeometry, ratingRange, bySpeed, CHART } from '../../web/js/rating-chart.js';

const BOX = { width: 200, height: 100, pad: 10 };

describe('the rating chart', () => {
  test('the range is rounded out to steps and never flat', () => {
    assert.deepEqual(ratingRange([1512, 1587]), { min: 1500, max: 1600 });
    assert.deepEqual(ratingRange([1500]), { min: 1475, max: 1525 });
    assert.deepEqual(ratingRange([1660.5]), { min: 1650, max: 1700 });
    assert.deepEqual(ratingRange([]), { min: 1450, max: 1550 });
  });

  test('points spread evenly left to right, higher ratings higher up', () => {
    const g = chartGeometry([{ rating: 1500, at: 1 }, { rating: 1600, at: 2 }, { rating: 1550, at: 3 }], BOX);
    assert.equal(g.min, 1500);
    assert.equal(g.max, 1600);
    assert.deepEqual(g.dots.map((d) => [d.x, d.y]), [[10, 90], [100, 10], [190, 50]]);
    assert.equal(g.path, 'M10 90 L100 10 L190 50');
    assert.deepEqual(g.ticks, [{ y: 10, label: '1600' }, { y: 50, label: '1550' }, { y: 90, label: '1500' }]);
    assert.deepEqual(g.dots.map((d) => d.at), [1, 2, 3]);
  });

  test('one point sits in the middle; every dot inside the box', () => {
    const one = chartGeometry([{ rating: 1662.3, at: 5 }], BOX);
    assert.equal(one.dots.length, 1);
    assert.equal(one.dots[0].x, 100);
    assert.equal(one.path, `M100 ${one.dots[0].y}`);
    const many = chartGeometry(Array.from({ length: 40 }, (_, i) => ({ rating: 1400 + ((i * 37) % 300), at: i })));
    for (const d of many.dots) {
      assert.ok(d.x >= CHART.pad && d.x <= CHART.width - CHART.pad, `x ${d.x}`);
      assert.ok(d.y >= CHART.pad && d.y <= CHART.height - CHART.pad, `y ${d.y}`);
    }
  });

  test('points grouped by speed', () => {
    const pts = [{ speed: 'blitz', rating: 1 }, { speed: 'rapid', rating: 2 }, { speed: 'blitz', rating: 3 }];
    assert.deepEqual(bySpeed(pts), [
      { speed: 'blitz', points: [pts[0], pts[2]] },
      { speed: 'rapid', points: [pts[1]] },
    ]);
  });
});
