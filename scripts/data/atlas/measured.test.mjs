// The atlas over the measurement model joins like with like across reports, and never a ratio to a
// report's own baseline (BenchmarkDotNet's Ratio or Scaled, unit x): another report's baseline is another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measuredParts, measuredSets } from './measured.mjs';

const row = (o) => ({
  benchmark: 'Parse',
  subject: 'Foo',
  entity: 'foo',
  metric: 'time',
  statistic: 'mean',
  better: 'lower',
  source_table: 'measurements',
  line: 3,
  ...o,
});
const report = (slug, rows) => [
  { slug },
  { measurements: { table: { id: 'measurements', kind: 'measurement', columns: [] }, rows } },
];

test('two reports measuring one entity join by metric, statistic and unit, but their ratios to their own baselines never do', () => {
  const parts = [
    report('a', [row({ value: 10, unit: 'ns' }), row({ metric: 'relative_time', value: 1, unit: 'x' })]),
    report('b', [row({ value: 12, unit: 'ns' }), row({ metric: 'relative_time', value: 0.5, unit: 'x' })]),
  ];
  const groups = measuredParts(
    parts.map(([r]) => r),
    Object.fromEntries(parts.map(([r, t]) => [r.slug, t])),
  );
  assert.deepEqual(
    [...groups.values()].map((g) => [g.metric, g.unit, g.parts.map((p) => p.report.slug)]),
    [['time', 'ns', ['a', 'b']]],
  );
});

test('times whose reports state no unit (unit "not stated") join no comparison and no subject figure: two unstated units need not be one', async () => {
  const { measuredFigures } = await import('./measured.mjs');
  const parts = [
    report('a', [row({ value: 0.03, unit: 'not stated' }), row({ statistic: 'min', value: 10, unit: 'ns' })]),
    report('b', [row({ value: 31, unit: 'not stated' }), row({ statistic: 'min', value: 12, unit: 'ns' })]),
  ];
  const groups = measuredParts(
    parts.map(([r]) => r),
    Object.fromEntries(parts.map(([r, t]) => [r.slug, t])),
  );
  assert.deepEqual(
    [...groups.values()].map((g) => [g.metric, g.statistic, g.unit]),
    [['time', 'min', 'ns']],
  );
  const figures = measuredFigures(parts[0][0], { a: parts[0][1] });
  assert.deepEqual(
    figures.get('foo').map((f) => [f.statistic, f.unit]),
    [['min', 'ns']],
  );
});

test('past six reports of one entity, each is compared with its neighbours in date order: comparisons grow linearly, not as pairs', () => {
  const group = (n) => ({ parts: Array.from({ length: n }, () => ({ adapter: true, rows: [{ entity: 'nginx' }] })) });
  assert.deepEqual(measuredSets(group(3)), [[0, 1, 2]]);
  assert.deepEqual(measuredSets(group(10)), Array.from({ length: 9 }, (_, i) => [i, i + 1]));
  assert.equal(measuredSets(group(1000)).length, 999);
});
