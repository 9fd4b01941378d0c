// The measurement model's charts by shape: bars for one value per subject (best first, with the
// spread), lines over a numeric condition, distributions for percentiles, dots for repeated runs;
// and no chart for rows that a per-kind table of the report already has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from './measurement.mjs';

const F = (name, type = 'string', extra = {}) => ({ name, title: name, type, unit: '', ...extra });
const fields = Object.fromEntries(
  [
    F('benchmark'),
    F('subject'),
    F('entity'),
    F('section'),
    F('metric'),
    F('statistic'),
    F('value', 'number'),
    F('unit'),
    F('better'),
    F('spread_kind'),
    F('spread', 'number'),
    F('lower', 'number'),
    F('upper', 'number'),
    F('runs', 'integer'),
    F('source_table'),
    F('threads', 'integer', { 'x-condition': true }),
    F('run', 'integer', { 'x-condition': true }),
    F('seed'),
    F('line', 'integer'),
  ].map((f) => [f.name, f]),
);
const row = (o) => ({
  subject: '',
  entity: '',
  section: '',
  better: 'lower',
  spread_kind: '',
  spread: null,
  lower: null,
  upper: null,
  runs: null,
  source_table: 'go-test-bench',
  threads: null,
  run: null,
  seed: 's.txt',
  statistic: 'mean',
  unit: 'ns',
  metric: 'time',
  ...o,
});
const tables = { measurements: { table: { id: 'measurements', kind: 'measurement' } } };

test('one value per benchmark: sorted bars, the lowest time first, with error bars from the spread', () => {
  const rows = [
    row({ benchmark: 'BenchmarkB', value: 30, spread: 2, line: 2 }),
    row({ benchmark: 'BenchmarkA', value: 10, spread: 1, line: 1 }),
    row({ benchmark: 'BenchmarkC', value: 20, line: 3 }),
  ];
  const [chart, ...rest] = build({ rows, fields, tables });
  assert.equal(rest.length, 0);
  assert.deepEqual(
    chart.rows.map((r) => r.series),
    ['BenchmarkA', 'BenchmarkC', 'BenchmarkB'],
  );
  assert.equal(chart.markName, 'bars');
  assert.deepEqual([chart.rows[0].lo, chart.rows[0].hi], [9, 11]);
  assert.equal(chart.layer.length, 2, 'a rule layer for the spread');
  assert.match(chart.finding, /^BenchmarkA had the lowest time: 10 ns, 3x less than BenchmarkB \(30 ns\)$/);
});

test('a numeric condition with three values: one line per benchmark over it', () => {
  const rows = [1, 2, 4].flatMap((t, i) => [
    row({
      benchmark: 'X',
      threads: t,
      value: 100 * t,
      metric: 'throughput',
      unit: 'ops/s',
      better: 'higher',
      line: 1 + i,
    }),
    row({
      benchmark: 'Y',
      threads: t,
      value: 50 * t,
      metric: 'throughput',
      unit: 'ops/s',
      better: 'higher',
      line: 10 + i,
    }),
  ]);
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Throughput by threads');
  assert.equal(chart.rows.length, 6);
  assert.equal(chart.layer[1].encoding.x.field, 'threads');
  assert.match(chart.finding, /^X reached 400 ops\/s at threads 4$/);
});

test('percentiles: a distribution, one line per subject, evenly spaced', () => {
  const rows = ['p50', 'p90', 'p99'].flatMap((p, i) => [
    row({
      benchmark: 'GET /',
      subject: 'a',
      statistic: p,
      metric: 'latency',
      unit: 'us',
      value: 10 ** (i + 1),
      line: 1 + i,
    }),
    row({
      benchmark: 'GET /',
      subject: 'b',
      statistic: p,
      metric: 'latency',
      unit: 'us',
      value: 2 * 10 ** (i + 1),
      line: 10 + i,
    }),
  ]);
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Latency by percentile');
  assert.deepEqual(
    chart.rows.map((r) => r.percentile),
    [50, 90, 99, 50, 90, 99],
  );
  assert.match(chart.description, /^Latency \(µs\)/);
});

test('repeated runs of one thing: dots, one per run', () => {
  const rows = [1, 2, 3].map((r) =>
    row({ benchmark: 'GET /', run: r, value: 100 + r, metric: 'throughput', unit: 'req/s', better: 'higher', line: r }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Throughput, every run');
  assert.equal(chart.rows.length, 3);
  assert.match(chart.finding, /ranged from 101 to 103 req\/s/);
});

test('rows projected from a per-kind table of the report are left to that table', () => {
  const rows = [
    row({ benchmark: 'a', value: 1, line: 1, source_table: 'summary' }),
    row({ benchmark: 'b', value: 2, line: 2, source_table: 'summary' }),
  ];
  assert.deepEqual(
    build({ rows, fields, tables: { ...tables, summary: { table: { id: 'summary', kind: 'wrk-summary' } } } }),
    [],
  );
});

test('more series than colours: shape and dash tell them apart, so no two legend entries look alike', () => {
  const rows = Array.from({ length: 10 }, (_, s) =>
    ['p50', 'p99'].map((p, i) =>
      row({
        benchmark: `GET /${s}`,
        statistic: p,
        metric: 'latency',
        unit: 'ms',
        value: s + i + 1,
        line: 2 * s + i + 1,
      }),
    ),
  ).flat();
  const [chart] = build({ rows, fields, tables });
  const points = chart.layer.find((l) => l.name === 'points').encoding;
  const line = chart.layer.find((l) => l.mark.type === 'line').encoding;
  assert.ok(points.shape && line.strokeDash, 'shape on points, dash on lines');
  const looks = points.color.scale.range.map((c, i) => `${c} ${points.shape.scale.range[i]}`);
  assert.equal(new Set(looks).size, 10);
});
