// Only true findings: every sentence the measurement model's charts print is recomputed here from
// the rows the chart plots (tests/helpers/findings.mjs, shared with the corpus test's built site), for every report in data/ and for a corpus of real result files (the
// parsers' fixtures, each with its source in the parser's README, and fixtures/ beside this file).
// A sentence must name the statistic of its rows, pick the row it names by that statistic, quote
// its value in the chart's unit, and give a ratio only between two positive values. And no report
// can break the build: every chart of the corpus draws one mark per plotted row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { conditionFields } from '../data/measure/model.mjs';
import { quantityOf } from '../data/measure/units.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { committedPlan, filePlan } from './committed.mjs';
import { build } from './measurement.mjs';
import { assemble, fieldMap } from './shared/spec.mjs';
import {
  chartProblems,
  scaleProblems,
  statisticProblems,
  unsupported,
  uncitedNumbers,
} from '../../tests/helpers/findings.mjs';
import { countMarks, renderChart } from './render.mjs';

/** Real result files, as a contributor adds them: [format, file, machine the report describes]. */
const CORPUS = [
  ['k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-classic.md'],
  ['k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-grouped.md'],
  ['k6', 'scripts/data/parsers/k6/fixtures/comic-api-oop-grouped-excerpt.md'],
  ['oha', 'scripts/data/parsers/oha/fixtures/tosic-http-axum.md'],
  ['oha', 'scripts/data/parsers/oha/fixtures/oha-readme-0.1.md'],
  ['criterion', 'scripts/data/parsers/criterion/fixtures/fast-rsync-readme.md'],
  ['criterion', 'scripts/data/parsers/criterion/fixtures/array-bytes-readme.md'],
  ['hey', 'scripts/data/parsers/hey/fixtures/bitlet-stats-oak-alosaur.md'],
];

const planOf = (format, file) => filePlan(format, path.join(ROOT, file));
const planOfData = () => committedPlan();

const measurementCharts = (plan) => plan.charts.filter((c) => c.spec.usermeta.table.kind === 'measurement');

test('every finding of every measurement chart of the corpus is recomputed from its rows', () => {
  const wrong = [];
  let checked = 0;
  for (const [format, file] of CORPUS) {
    for (const chart of measurementCharts(planOf(format, file))) {
      checked++;
      for (const w of chartProblems(chart)) wrong.push(`${chart.id}: "${chart.entry.finding}": ${w}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(checked >= 20, `${checked} findings checked`);
});

test('every finding of every measurement chart in data/ is recomputed from its rows', () => {
  const wrong = [];
  for (const chart of measurementCharts(planOfData()))
    for (const w of chartProblems(chart)) wrong.push(`${chart.id}: "${chart.entry.finding}": ${w}`);
  assert.deepEqual(wrong, []);
});

test('the checker refuses a lowest latency from a max, a ratio against zero and a value not in the rows', () => {
  const chart = (finding, rows, title = 'Latency (ms)') => ({
    entry: { finding },
    rows,
    spec: { layer: [{ encoding: { x: { field: 'shown', title } } }] },
  });
  const max = [
    { series: 'With fork', statistic: 'max', unit: 'ms', shown: 1510 },
    { series: 'No fork', statistic: 'max', unit: 'ms', shown: 2000 },
  ];
  assert.match(
    unsupported(chart('With fork had the lowest latency: 1,510 ms', max)).join(),
    /names "latency" for rows of statistic max/,
  );
  const zero = [
    { series: 'a', statistic: 'mean', unit: 's', shown: 0 },
    { series: 'b', statistic: 'mean', unit: 's', shown: 0.0086 },
  ];
  assert.match(
    unsupported(chart('a had the lowest mean latency: 0 s, 9.6x less than b (0.0086 s)', zero, 'Latency (s)')).join(),
    /ratio/,
  );
  assert.match(
    unsupported(chart('No fork had the lowest maximum latency: 1,400 ms', max)).join(),
    /quotes 1,400 as the lowest/,
  );
});

test('the checker refuses a number no row gives, a chart of two scales and a sentence of another statistic', () => {
  const rows = [
    { series: 'Run 1', run: 1, statistic: 'mean', unit: 'ms', value: 1747 },
    { series: 'Run 2', run: 2, statistic: 'mean', unit: 'ms', value: 2169 },
  ];
  assert.deepEqual(uncitedNumbers('Run 2 took 2,169 ms, 1.2x run 1 (1,747 ms) over 2 runs', rows), []);
  assert.match(uncitedNumbers('Run 2 took 2,196 ms', rows).join(), /2,196 is not a value/);
  assert.match(uncitedNumbers('Run 2 took 3.1x as long', rows).join(), /3.1x is not/);
  const spec = { layer: [{ encoding: { y: { field: 'value', title: 'Latency (ms)' } } }] };
  assert.deepEqual(scaleProblems({ rows, spec }), []);
  assert.match(
    scaleProblems({ rows: [...rows, { ...rows[0], unit: 'req/s' }], spec }).join(),
    /rows in units of 2 scales/,
  );
  assert.match(
    scaleProblems({ rows, spec: { layer: [{ encoding: { y: { field: 'value', title: 'Size (MB)' } } }] } }).join(),
    /on an axis in MB/,
  );
  assert.match(statisticProblems({ rows }, 'Run 1 had the lowest median latency').join(), /names the median/);
  assert.match(
    statisticProblems({ rows: [...rows, { ...rows[0], statistic: 'max' }] }, '').join(),
    /rows of 2 statistics/,
  );
});

test('one value with its spread is a chart, whose sentence gives the value and both ends of the spread', () => {
  // BenchmarkDotNet's one benchmark: a mean and its 99.9 % confidence interval, as a reader would check it.
  const rows = [{ series: 'Bench', statistic: 'mean', unit: 'us', shown: 15.21, lo: 14.93, hi: 15.49 }];
  const chart = (finding) => ({
    entry: { finding },
    rows,
    spec: { layer: [{ encoding: { x: { field: 'value', title: 'Time (µs)' } } }] },
  });
  assert.deepEqual(
    unsupported(chart("Bench's mean time was 15.21 µs (99.9 % confidence interval: 14.93 to 15.49 µs)")),
    [],
  );
  assert.match(
    unsupported(chart("Bench's mean time was 15.21 µs (99.9 % confidence interval: 14.9 to 15.49 µs)")).join(),
    /spread 14.9 to 15.49 is not the row's/,
  );
  assert.match(
    unsupported(chart("Bench's median time was 15.21 µs (99.9 % confidence interval: 14.93 to 15.49 µs)")).join(),
    /names "median time"/,
  );
});

/** A go test -bench README's rows as the measurement table holds them (flat, conditions as columns). */
function goBenchRows(file) {
  return modelRows('go-test-bench', fs.readFileSync(path.join(ROOT, file), 'utf8'), file);
}

/** A text's rows, read by one format, as the measurement table holds them (flat, conditions as columns). */
function modelRows(format, text, file) {
  const measured = parsers[format].parse(text).tables.measurements.rows;
  const rows = measured.map(({ conditions, ...m }) => ({
    subject: '',
    section: '',
    spread_kind: '',
    spread: null,
    lower: null,
    upper: null,
    ...m,
    source_table: 'measurements',
    ...conditions,
    seed: file,
  }));
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/data/schemas/tables/measurement.json'), 'utf8'));
  const columns = [...schema.fields, ...conditionFields(measured)];
  const names = new Set(columns.map((c) => c.name));
  for (const r of rows) for (const c of names) r[c] ??= null;
  return { rows, fields: fieldMap({ columns }) };
}

test('a go test -bench README whose sub-benchmark parameters cover a few rows draws every row (no parameter is the x axis)', async () => {
  // jsign/verkle-vs-patricia README.md (fixtures/SOURCES.md): size= on 6 of 29 benchmarks, non_zero_entries= on 9.
  const { rows, fields } = goBenchRows('scripts/charts/fixtures/verkle-vs-patricia-readme.md');
  const tables = { measurements: { table: { id: 'measurements', kind: 'measurement' } } };
  const charts = build({ rows, fields, tables });
  assert.ok(charts.length >= 2);
  for (const c of charts) {
    for (const l of c.layer)
      for (const ch of ['x', 'y']) {
        const field = l.encoding?.[ch]?.field;
        if (['size', 'non_zero_entries', 'vec_num_entries'].includes(field))
          assert.ok(
            c.rows.every((r) => typeof r[field] === 'number'),
            `${c.name}: ${ch} is ${field}, which only some of its rows have`,
          );
      }
    const spec = assemble(c, { id: c.name });
    const r = await renderChart(spec, c.name, c.narrow ?? {});
    assert.equal(
      countMarks(r.svgWide, `${c.markName}_marks`),
      c.rows.length,
      `${c.name}: one mark per plotted row (wide)`,
    );
    assert.equal(
      countMarks(r.svgNarrow, `${c.markName}_marks`),
      c.rows.length,
      `${c.name}: one mark per plotted row (narrow)`,
    );
  }
});

test('a Criterion README with times in µs and in ms draws them in one chart, each row keeping its own unit', () => {
  const plan = planOf('criterion', 'scripts/data/parsers/criterion/fixtures/fast-rsync-readme.md');
  const time = measurementCharts(plan).filter((c) => c.rows.every((r) => quantityOf(r.unit) === 'time:time'));
  assert.equal(time.length, 1, time.map((c) => c.id).join(', '));
  const units = [...new Set(time[0].rows.map((r) => r.unit))].sort();
  assert.deepEqual(units, ['ms', 'us']);
  assert.ok(
    time[0].fields.some((f) => f.name === 'unit'),
    'the unit as reported is a column of the chart',
  );
});

test('a k6 summary with latencies in ms and in s gets one chart per statistic, not one per unit spelling', () => {
  const plan = planOf('k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-classic.md');
  const latency = measurementCharts(plan).filter((c) => c.rows.every((r) => r.metric === 'latency'));
  const perStatistic = latency.map((c) =>
    [...new Set(c.rows.map((r) => (/^p\d/.test(r.statistic) ? 'pN' : r.statistic)))].join(),
  );
  assert.deepEqual(perStatistic, [...new Set(perStatistic)], 'one chart per statistic');
  const max = latency.find((c) => c.rows.every((r) => r.statistic === 'max'));
  assert.deepEqual([...new Set(max.rows.map((r) => r.unit))].sort(), ['ms', 's']);
  // k6's timings of two scenarios: what was timed and the scenario both vary, so no sentence ranks them.
  assert.equal(max.entry.finding, '');
});

test('real files: no ranking of unrelated benchmarks, and no whole request ranked with its phases', () => {
  const findings = (format, file) =>
    Object.values(filePlan(format, path.join(ROOT, file)).index.findings).flatMap((f) => f.items);
  // bencher's Criterion file: "file had the lowest mean time: 0.000324 µs, 64619x less than tracing_rolling_file".
  const criterion = findings('criterion', 'tests/fixtures/corpus/criterion/bencher-criterion-many.txt');
  assert.ok(!criterion.some((f) => /64619x|had the lowest/.test(f)), criterion.join('\n'));
  // hey's summary beside its phases: the whole request (2.7 ms) is not "the highest" phase.
  const hey = findings('hey', 'tests/fixtures/corpus/hey/oha-readme-3f1983b-hey.md');
  assert.ok(!hey.some((f) => /the highest: http:/.test(f)), hey.join('\n'));
  assert.ok(
    hey.some((f) => /the highest: resp wait/.test(f)),
    hey.join('\n'),
  );
});

test('lines that end at the same printed value are not said to range "from 23.23 ms to 23.23 ms"', () => {
  // wrk2's latency spectrum beside its summary's distribution: both end at 23.23 ms.
  const plans = ['jit-php-async-1000-jit-20k.txt', 'jit-php-async-1000-opcache-15k.txt'].map((f) =>
    filePlan('wrk2', path.join(ROOT, 'tests/fixtures/corpus/wrk2', f)),
  );
  for (const plan of plans)
    for (const c of plan.charts)
      assert.doesNotMatch(c.entry.finding, /ranged from ([\d.,]+ \S+) \([^)]*\) to \1 /, c.entry.finding);
});

test("Gatling's rate of failed requests (ko) is drawn and labelled invalid, never crowned beside the ok rate or the page's headline", () => {
  const plan = filePlan(
    'json-walk',
    path.join(ROOT, 'tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json'),
  );
  const rate = plan.charts.find((c) => /throughput/.test(c.id));
  assert.ok(rate, plan.charts.map((c) => c.id).join(', '));
  assert.deepEqual(
    rate.rows.map((r) => r.series),
    // All requests (the whole, named by its block), then its parts: ok, and ko marked invalid.
    ['Global Information', 'ok', 'ko · invalid'],
  );
  assert.equal(rate.entry.finding, '');
  const { headline, items } = Object.values(plan.index.findings)[0] ?? { items: [] };
  for (const s of [headline, ...items].filter(Boolean)) assert.doesNotMatch(s, /\.ko\b|3\.83/, s);
});

test('a request timeout (1 s) and min_duration (0 ms) printed among results are drawn labelled "· setting", kept marked, and never said', () => {
  const text = [
    '## Results',
    'p50 latency: 8 ms',
    'p99 latency: 25 ms',
    'connect latency: 3 ms',
    'Request timeout: 1 s',
    'min_duration: 0 ms',
    'max_duration: 40 ms',
    'render time: 12 ms',
    'parse time: 4 ms',
    '',
  ].join('\n');
  const { rows, fields } = modelRows('key-value', text, 'seeds/x/settings.md');
  const charts = build({ rows, fields, tables: {} });
  const said = charts.map((c) => c.finding).join('\n');
  assert.doesNotMatch(said, /timeout|min_duration|max_duration|: 1 s|: 0 ms/, said);
  const drawn = charts.flatMap((c) => c.rows.map((r) => r.series));
  assert.ok(drawn.includes('Request timeout · setting'), drawn.join(', '));
  // min_duration and max_duration are alone in their statistic: no chart, and the table keeps them, marked.
  assert.deepEqual(
    rows.filter((r) => /_duration$/.test(r.benchmark)).map((r) => [r.benchmark, r.role]),
    [
      ['min_duration', 'setting'],
      ['max_duration', 'setting'],
    ],
  );
});
