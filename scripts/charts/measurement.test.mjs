// The measurement model's charts by shape: bars for one value per subject (best first, with the
// spread), lines over a numeric condition, distributions for percentiles, a bar per run of one
// thing run a few times and dots for the runs of several;
// and no chart for rows of per-kind tables that the report's own per-kind builders chart.
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
    row({ benchmark: 'Benchmark/B', value: 30, spread: 2, line: 2 }),
    row({ benchmark: 'Benchmark/A', value: 10, spread: 1, line: 1 }),
    row({ benchmark: 'Benchmark/C', value: 20, line: 3 }),
  ];
  const [chart, ...rest] = build({ rows, fields, tables });
  assert.equal(rest.length, 0);
  assert.deepEqual(
    chart.rows.map((r) => r.series),
    ['Benchmark/A', 'Benchmark/C', 'Benchmark/B'],
  );
  assert.equal(chart.markName, 'bars');
  assert.deepEqual([chart.rows[0].lo, chart.rows[0].hi], [9, 11]);
  assert.equal(chart.layer.length, 2, 'a rule layer for the spread');
  // Variants of one benchmark (one family): a ranking; different benchmarks get none (claims.test.mjs).
  assert.match(chart.finding, /^Benchmark\/A had the lowest mean time: 10 ns, 3x less than Benchmark\/B \(30 ns\)$/);
});

test('times whose report states no unit: the axis, the table and the finding say "unit not stated"', () => {
  // STREAM, tests/fixtures/corpus/stream/daizhiyuan-stream-readme.md lines 23-26: "Avg time", no unit.
  const rows = [
    row({ benchmark: 'Stream/Copy', value: 0.031581, unit: 'not stated', line: 23 }),
    row({ benchmark: 'Stream/Triad', value: 0.028845, unit: 'not stated', line: 26 }),
  ];
  const [chart] = build({ rows, fields, tables });
  assert.match(JSON.stringify(chart.layer), /"title":"Time \(unit not stated\)"/);
  assert.ok(
    chart.fields.some((f) => f.unit === 'unit not stated'),
    JSON.stringify(chart.fields),
  );
  assert.equal(
    chart.finding,
    'Stream/Triad had the lowest mean time: 0.0288 in a unit not stated, 1.1x less than Stream/Copy (0.0316 in a unit not stated)',
  );
});

test('a ratio between two bars that both state a spread says whether it is beyond noise, and by which test', () => {
  // hyperfine, tests/fixtures/corpus/hyperfine-text/adventofcode-2021-01-speedtest.md lines 6 and 14:
  // 43.4 ± 1.4 ms and 167.2 ± 6.3 ms, 100 runs each (scipy.stats.ttest_ind_from_stats: p = 1.9e-139).
  const timed = (o) => row({ unit: 'ms', spread_kind: 'stdev', runs: 100, source_table: 'hyperfine-text', ...o });
  const [chart] = build({
    rows: [
      timed({ benchmark: 'python .\\01.py', value: 167.2, spread: 6.3, line: 14 }),
      timed({ benchmark: 'python .\\01_simple.py', value: 43.4, spread: 1.4, line: 6 }),
    ],
    fields,
    tables,
  });
  assert.match(chart.finding, /3\.9x less than python \.\\01\.py \(167\.2 ms\), beyond noise \(Welch's t-test\)$/);
  // Two 99.9 % intervals without run counts that overlap (two variants of one benchmark, so a
  // ranking is made): within noise, by overlap.
  const [close] = build({
    rows: [
      row({ benchmark: 'Bench.a', value: 11.998, spread_kind: 'ci99', spread: 3.086, line: 175 }),
      row({ benchmark: 'Bench.b', value: 10.018, spread_kind: 'ci99', spread: 1.285, line: 177 }),
    ],
    fields,
    tables,
  });
  assert.match(close.finding, /, within noise \(intervals overlap\)$/);
});

test("a numeric condition with three values: one line per benchmark over it; a best point only among one benchmark's variants", () => {
  const sweep = (x, y) =>
    [1, 2, 4].flatMap((t, i) => [
      row({
        benchmark: x,
        threads: t,
        value: 100 * t,
        metric: 'throughput',
        unit: 'ops/s',
        better: 'higher',
        line: 1 + i,
      }),
      row({
        benchmark: y,
        threads: t,
        value: 50 * t,
        metric: 'throughput',
        unit: 'ops/s',
        better: 'higher',
        line: 10 + i,
      }),
    ]);
  const [chart] = build({ rows: sweep('Get/x', 'Get/y'), fields, tables });
  assert.equal(chart.title, 'Mean throughput by threads');
  assert.equal(chart.rows.length, 6);
  assert.equal(chart.layer[1].encoding.x.field, 'threads');
  assert.equal(chart.finding, "The highest mean throughput, 400 ops/s, was Get/x's at threads 4");
  // Two unrelated benchmarks (Gets and Sets of a key-value store) are drawn, never ranked together.
  const [unrelated] = build({ rows: sweep('Gets', 'Sets'), fields, tables });
  assert.equal(unrelated.rows.length, 6);
  assert.equal(unrelated.finding, '');
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

test('repeated runs of one thing: a bar per run, in run order', () => {
  const rows = [1, 2, 3].map((r) =>
    row({ benchmark: 'GET /', run: r, value: 100 + r, metric: 'throughput', unit: 'req/s', better: 'higher', line: r }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Mean throughput per run');
  assert.equal(chart.markName, 'bars');
  assert.deepEqual(
    chart.rows.map((r) => r.run),
    [1, 2, 3],
  );
  assert.match(chart.finding, /ranged from 101 to 103 req\/s/);
});

test("rows projected from a per-kind table are left to the report's per-kind builders, and drawn here when it has none", () => {
  const rows = [
    row({ benchmark: 'a', value: 1, line: 1, source_table: 'summary' }),
    row({ benchmark: 'b', value: 2, line: 2, source_table: 'summary' }),
  ];
  const summary = (byKind) => ({ ...tables, summary: { table: { id: 'summary', kind: 'some-kind' }, byKind } });
  assert.deepEqual(build({ rows, fields, tables: summary(true) }), []);
  const [chart] = build({ rows, fields, tables: summary(false) });
  assert.deepEqual(
    chart.rows.map((r) => r.value),
    [1, 2],
  );
});

test('runs: the finding takes a series that ran more than once, gives no ratio of about 1, and says when every run gave one value', () => {
  const r = (benchmark, run, value, line) =>
    row({ benchmark, run, value, metric: 'errors', statistic: 'total', unit: 'count', line });
  const once = [r('GET /a', 1, 3, 1), r('GET /b', 1, 0, 2), r('GET /b', 2, 0, 3)];
  assert.equal(build({ rows: once, fields, tables })[0].finding, "Over 2 runs, GET /b's total errors was 0 in each");
  const close = [r('GET /a', 1, 100, 1), r('GET /a', 2, 102, 2), r('GET /b', 1, 7, 3), r('GET /b', 2, 7, 4)];
  assert.equal(
    build({ rows: close, fields, tables })[0].finding,
    "Over 2 runs, GET /a's total errors ranged from 100 to 102",
  );
});

test('repeated runs of two things: dots, one row per thing', () => {
  const rows = ['GET /a', 'GET /b'].flatMap((benchmark, b) =>
    [1, 2, 3].map((r) =>
      row({ benchmark, run: r, value: 100 * (b + 1) + r, metric: 'throughput', unit: 'req/s', line: 10 * b + r }),
    ),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Mean throughput, every run');
  assert.equal(chart.markName, 'points');
  assert.deepEqual([...new Set(chart.rows.map((r) => r.series))], ['GET /a', 'GET /b']);
});

test('runs under headings that only name them ("第一次", "第二次"): one thing run three times, a bar per run', () => {
  const rows = ['第一次', '第二次', '第三次'].map((section, i) =>
    row({
      benchmark: 'GET /',
      subject: 'Solon',
      section,
      run: i + 1,
      value: [86061.03, 108675.27, 108721.71][i],
      metric: 'throughput',
      statistic: 'mean',
      unit: 'req/s',
      better: 'higher',
      line: 10 * i + 1,
    }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.title, 'Mean throughput per run');
  assert.deepEqual([...new Set(chart.rows.map((r) => r.series))], ['Solon']);
  assert.equal(chart.finding, "Over 3 runs, Solon's mean throughput ranged from 86,061.03 to 108,721.71 req/s (1.3x)");
});

test("percentiles: each line's tail is set against that line's own median, never another line's", () => {
  const rows = [1, 2].flatMap((run) =>
    [
      ['p50', run === 1 ? 1.2 : 0.93],
      ['p99', run === 1 ? 129.79 : 92.24],
    ].map(([statistic, value], i) =>
      row({ benchmark: 'GET /', run, statistic, value, metric: 'latency', unit: 'ms', line: 10 * run + i }),
    ),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(
    chart.finding,
    "At the 99th percentile, latency ranged from 92.24 ms (run 2) to 129.79 ms (run 1); each line's 99th percentile is 99x (run 2) to 108x (run 1) its own median",
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

test('a time in s and times in ms of one group are one chart, drawn in one unit; the tooltip keeps the unit as reported', () => {
  const rows = [
    row({ benchmark: 'group/a', value: 850, unit: 'ms', line: 1 }),
    row({ benchmark: 'group/b', value: 1.2, unit: 's', line: 2 }),
    row({ benchmark: 'group/c', value: 420, unit: 'ms', line: 3 }),
  ];
  const charts = build({ rows, fields, tables });
  assert.equal(charts.length, 1, 'one chart, not one per unit spelling');
  const [chart] = charts;
  assert.deepEqual(
    chart.rows.map((r) => [r.benchmark, r.shown, r.value, r.unit]),
    [
      ['group/c', 420, 420, 'ms'],
      ['group/a', 850, 850, 'ms'],
      ['group/b', 1200, 1.2, 's'],
    ],
  );
  const bars = chart.layer.find((l) => l.name === 'bars').encoding;
  assert.equal(bars.x.field, 'shown', 'drawn in the display unit');
  assert.equal(bars.x.title, 'Time (ms)');
  const tips = bars.tooltip.map((t) => t.field);
  assert.ok(tips.includes('value') && tips.includes('unit') && tips.includes('line'), tips.join(', '));
  assert.equal(chart.finding, 'group/c had the lowest mean time: 420 ms, 2.9x less than group/b (1,200 ms)');
});

test('percentiles in ms and in s are one distribution, not two charts', () => {
  const rows = [
    row({ benchmark: 'GET /', statistic: 'p50', metric: 'latency', unit: 'ms', value: 400, line: 1 }),
    row({ benchmark: 'GET /', statistic: 'p90', metric: 'latency', unit: 'ms', value: 900, line: 2 }),
    row({ benchmark: 'GET /', statistic: 'p99', metric: 'latency', unit: 's', value: 1.5, line: 3 }),
  ];
  const charts = build({ rows, fields, tables });
  assert.equal(charts.length, 1);
  assert.deepEqual(
    charts[0].rows.map((r) => r.shown),
    [400, 900, 1500],
  );
  // The tail and the median of one line: 1,500 ms over 400 ms.
  assert.match(charts[0].finding, /^At the 99th percentile, latency was 1,500 ms, 3.8x the median$/);
});

test('a finding and a title name the statistic they show, and the median chart comes before the maximum', () => {
  const rows = ['median', 'max'].flatMap((statistic, i) => [
    row({ benchmark: 'Fork/with', statistic, metric: 'latency', unit: 'ms', value: 200 * (i + 1), line: 1 + i }),
    row({ benchmark: 'Fork/without', statistic, metric: 'latency', unit: 'ms', value: 300 * (i + 1), line: 10 + i }),
  ]);
  const charts = build({ rows, fields, tables });
  assert.deepEqual(
    charts.map((c) => c.finding),
    [
      'Fork/with had the lowest median latency: 200 ms, 1.5x less than Fork/without (300 ms)',
      'Fork/with had the lowest maximum latency: 400 ms, 1.5x less than Fork/without (600 ms)',
    ],
  );
  // Two charts of one metric on one page: each figure has a name of its own.
  assert.deepEqual(
    charts.map((c) => c.title),
    ['Median latency by benchmark', 'Maximum latency by benchmark'],
  );
});

test('no ratio against zero, and a small value never reads as 0', () => {
  const rows = [
    row({ benchmark: 'T/a', value: 0, unit: 's', line: 1 }),
    row({ benchmark: 'T/b', value: 0.0086, unit: 's', line: 2 }),
  ];
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.finding, 'T/a had the lowest mean time: 0 ms; the highest: T/b (8.6 ms)');
  assert.doesNotMatch(chart.finding, /\dx/);
});

test('a numeric condition only a few rows have is no axis', () => {
  const rows = Array.from({ length: 12 }, (_, i) =>
    row({ benchmark: `Bench${i}`, threads: i < 4 ? 2 ** i : null, value: 10 + i, line: i + 1 }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.equal(chart.markName, 'bars');
  assert.equal(chart.rows.length, 12);
});

test('spreads are drawn as error bars in lines, dots and distributions, and the subtitle names their kind', () => {
  const sweep = [1, 2, 4].map((t, i) =>
    row({ benchmark: 'X', threads: t, value: 100 * t, spread: 5, spread_kind: 'stdev', line: 1 + i }),
  );
  const runs = [1, 2, 3].map((r) => row({ benchmark: 'Y', run: r, value: 10 + r, lower: 9, upper: 14, line: 20 + r }));
  const pcts = ['p50', 'p99'].map((p, i) =>
    row({
      benchmark: 'Z',
      statistic: p,
      metric: 'latency',
      value: 10 * (i + 1),
      spread: 1,
      spread_kind: 'ci95',
      line: 30 + i,
    }),
  );
  for (const [rs, kind] of [
    [sweep, '± standard deviation'],
    [runs, 'lower to upper bound'],
    [pcts, '95 % confidence interval'],
  ]) {
    const [chart] = build({ rows: rs, fields, tables });
    const bars = chart.layer.find((l) => l.name === 'spread');
    assert.ok(bars, `${chart.title}: a spread layer`);
    assert.equal(bars.mark.type, 'errorbar');
    assert.match(chart.subtitle, new RegExp(`error bars: ${kind.replace(/[+]/g, '\\+')}`));
    assert.ok(chart.rows.every((r) => r.lo !== null && r.hi !== null));
    const tips = chart.layer.find((l) => l.name === 'points' || l.name === 'bars').encoding.tooltip;
    assert.ok(
      tips.some((t) => t.field === 'spread_words' && t.title === 'Error bar'),
      'the tooltip names the kind of spread',
    );
    assert.ok(chart.rows.every((r) => r.spread_words === kind));
  }
});

test('an error bar of a time wider than its value is drawn from 0, and says so; a chart leaves out conditions its rows lack', () => {
  const rows = [1, 2].map((r) =>
    row({
      benchmark: 'wrk thread stats',
      run: r,
      value: [12.5, 6][r - 1],
      spread: [29.25, 3][r - 1],
      spread_kind: 'stdev',
      metric: 'latency',
      unit: 'ms',
      line: r,
    }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.deepEqual(
    chart.rows.map((r) => [r.lo, r.hi, r.spread_words]),
    [
      [0, 41.75, '± standard deviation (cut at 0)'],
      [3, 9, '± standard deviation'],
    ],
  );
  assert.match(chart.subtitle, /error bars: ± standard deviation \(cut at 0\)$/);
  assert.ok(!chart.fields.some((f) => f.name === 'threads'), 'no Threads line in a tooltip of rows without threads');
});

test('a distribution with a 0 among values that span decades keeps a linear axis, so the 0 is drawn', () => {
  const rows = ['p50', 'p90', 'p99', 'p99.9'].map((p, i) =>
    row({ benchmark: 'GET /', statistic: p, metric: 'latency', unit: 'ms', value: [0, 1, 100, 1000][i], line: i + 1 }),
  );
  const [chart] = build({ rows, fields, tables });
  assert.deepEqual(chart.scales, { x: 'point', y: 'linear' });
});

test('bars that differ in two things (phase and threads) get no sentence: the chart and its table speak alone', () => {
  // ab's connection times under two headings: the first run untitled, the second under a sentence,
  // each at its own concurrency (the section adds nothing), four phases each.
  const rows = [];
  let line = 1;
  for (const [section, threads] of [
    ['', 10000],
    ['We did some performance update', 12000],
  ])
    for (const [benchmark, value] of [
      ['waiting', threads === 10000 ? 628 : 700],
      ['total', threads === 10000 ? 1747 : 2169],
    ])
      rows.push(
        row({ benchmark, section, threads, value, metric: 'latency', unit: 'ms', statistic: 'median', line: line++ }),
      );
  const [chart] = build({ rows, fields, tables });
  assert.deepEqual(
    chart.rows.map((r) => r.series),
    ['waiting · threads 10,000', 'waiting · threads 12,000', 'total · threads 10,000', 'total · threads 12,000'],
  );
  assert.equal(chart.finding, '');
  assert.equal(chart.headline, undefined);
});

test('findings read for any series name: "processes\'", "that of ... (parallel, 6 threads)", a capital to start', () => {
  const sweep = (name, base) =>
    [1, 2, 4].map((t, i) =>
      row({
        benchmark: name,
        threads: t,
        value: base * t,
        metric: 'throughput',
        unit: 'ops/s',
        better: 'higher',
        line: base + i,
      }),
    );
  const [paren] = build({ rows: sweep('fib (parallel, 6 threads)', 100), fields, tables });
  assert.equal(
    paren.finding,
    'The highest mean throughput, 400 ops/s, was that of fib (parallel, 6 threads) at threads 4',
  );
  const [plural] = build({ rows: sweep('processes', 100), fields, tables });
  assert.equal(plural.finding, "The highest mean throughput, 400 ops/s, was processes' at threads 4");
  const [lower] = build({
    rows: [
      // hyperfine's commands are alternatives run on one task (claims.mjs ranks them).
      row({ benchmark: 'concurrency 12,000', value: 10, line: 1, source_table: 'hyperfine-text' }),
      row({ benchmark: 'concurrency 100', value: 30, line: 2, source_table: 'hyperfine-text' }),
    ],
    fields,
    tables,
  });
  assert.match(lower.finding, /^Concurrency 12,000 had the lowest/);
});

test('two tables of a Swift README read with a hint-less recipe are no runs of one thing: no "Over 2 runs, UTF8View\'s throughput ranged from 28.5 to 44.8 Mops/s (1.6x)"', async () => {
  const { parse } = await import('../data/parsers/recipe/parse.mjs');
  // Two sections of the "Language Detection Benchmarks" README (tests/fixtures/swift-language-detection-excerpt.md),
  // under one heading: the second section's heading left out.
  const fs = await import('node:fs');
  const text = fs
    .readFileSync(new URL('../../tests/fixtures/swift-language-detection-excerpt.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('### `bench-extension'))
    .join('\n');
  const read = parse(text, {
    recipe: [{ columns: { Approach: 'benchmark', 'ops/sec': { metric: 'throughput', unit: 'ops/s' } } }],
  });
  const rows = read.tables.measurements.rows.map(({ conditions, ...r }) =>
    row({ ...r, ...conditions, source_table: 'recipe', entity: '' }),
  );
  const runFields = {
    ...fields,
    run_by: F('run_by', 'string', { 'x-condition': true }),
  };
  assert.deepEqual(
    rows.filter((r) => r.benchmark === 'UTF8View').map((r) => [r.value, r.unit, r.run]),
    [
      [28.5, 'Mops/s', 1],
      [44.8, 'Mops/s', 2],
    ],
  );
  const findings = build({ rows, fields: runFields, tables }).map((c) => c.finding);
  assert.ok(!findings.some((f) => /Over 2 runs/.test(f)), findings.join('\n'));
});
