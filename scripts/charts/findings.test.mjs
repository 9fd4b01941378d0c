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
  claimProblems,
  headlineProblems,
  scaleProblems,
  statisticProblems,
} from '../../tests/helpers/findings.mjs';
import {
  bestOfGroup,
  bestWithinBudget,
  change,
  comparison,
  oneValue,
  plateau,
  rangeOverRuns,
  renderKept,
  sayClaim,
} from './claims.mjs';
import { planComparisonCharts } from './comparisons.mjs';
import { readComparisons, readSubjects } from '../lib/atlas.mjs';
import { planSubjectCharts } from './subjects.mjs';
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

test('every finding of every chart in data/, whatever builder drew it, is its claims said of the rows they cite', () => {
  const wrong = [];
  let claimed = 0;
  for (const chart of planOfData().charts) {
    claimed += chart.entry.claims.length;
    for (const w of chartProblems(chart)) wrong.push(`${chart.id}: "${chart.entry.finding}": ${w}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(claimed >= 20, `${claimed} claims checked`);
});

/** A chart as the checker takes it: rows, and an entry with the sentence and claims a builder kept. */
function saidChart(rows, say, args, title = 'Latency (ms)') {
  const { text, kept } = sayClaim(say, rows, args);
  return {
    rows,
    entry: { finding: text ? `${text}.` : '', claims: kept ? [kept] : [] },
    spec: { layer: [{ encoding: { x: { field: 'shown', title } } }] },
  };
}

/** A best-of-group chart of rows (series, shown), said as measurement.mjs says it. */
function bestChart(rows, { better = 'lower', what = 'mean latency', unit = 'ms', parts = ['series'] } = {}) {
  const claim = bestOfGroup(rows, { better, parts });
  return saidChart(rows, 'renderBest', [claim, { what, unit }]);
}
const latency = (series, shown, more = {}) => ({ series, statistic: 'mean', unit: 'ms', shown, ...more });
/** A kept claim changed by hand, its sentence said again from it: the words agree, the claim is bad. */
function tampered(chart, change) {
  const kept = structuredClone(chart.entry.claims[0]);
  change(kept.args[0], kept);
  return { ...chart, entry: { finding: `${renderKept(kept, chart.rows)}.`, claims: [kept] } };
}

test('the findings checker passes a true best-of-group claim: the sentence is its render, its rows hold it', () => {
  const chart = bestChart([latency('a', 1.2), latency('b', 3.7), latency('c', 2)]);
  assert.equal(chart.entry.finding, 'A had the lowest mean latency: 1.2 ms, 3.1x less than b (3.7 ms).');
  assert.deepEqual(chartProblems(chart), []);
});

test("the findings checker refuses a sentence with no claim, and words that are not its claim's render", () => {
  const chart = bestChart([latency('a', 1.2), latency('b', 3.7)]);
  assert.deepEqual(claimProblems({ ...chart, entry: { finding: chart.entry.finding } }), ['a sentence with no claim']);
  const edited = {
    ...chart,
    entry: { ...chart.entry, finding: 'A had the lowest mean latency: 1.1 ms, 3.4x less than b (3.7 ms).' },
  };
  assert.match(claimProblems(edited).join(), /not the render of its claims/);
});

test('the findings checker refuses a lowest latency named for rows of a max, and a crown the rows do not give', () => {
  const max = [latency('With fork', 1510, { statistic: 'max' }), latency('No fork', 2000, { statistic: 'max' })];
  assert.match(claimProblems(bestChart(max, { what: 'latency' })).join(), /names "latency" for rows of statistic max/);
  const chart = bestChart([latency('a', 1510), latency('b', 2000), latency('c', 1700)]);
  const wrongBest = tampered(chart, (claim) => {
    claim.best = [{ $row: 2 }];
  });
  assert.match(claimProblems(wrongBest).join(), /crowns 1,700, the rows' lowest is 1,510/);
});

test("the findings checker refuses a ratio against zero, one that is not the cited values' own, and passes one under 1.05 said as within 5 %", () => {
  const zero = bestChart([latency('a', 0), latency('b', 0.0086)], { unit: 's' });
  assert.match(
    claimProblems(tampered(zero, (claim) => (claim.ratio = 9.6))).join(),
    /a ratio between its ends with a value that is not positive/,
  );
  const chart = bestChart([latency('a', 1), latency('b', 2)]);
  assert.match(
    claimProblems(tampered(chart, (claim) => (claim.ratio = 3))).join(),
    /a ratio of 3x between its ends, whose values give 2x/,
  );
  // Nearer than 1.05: said "within 5 %", true; a claim of "within 5 %" over values 2x apart is not.
  const close = bestChart([latency('a', 1), latency('b', 1.04)]);
  assert.match(close.entry.finding, /within 5 % of every other/);
  assert.deepEqual(claimProblems(close), []);
  assert.match(
    claimProblems(tampered(chart, (claim) => (claim.ratio = 1.04))).join(),
    /a ratio of 1x between its ends, whose values give 2x/,
  );
});

test('the findings checker refuses a tie said as one best, a superlative over equal values, and two things varying', () => {
  const tie = bestChart([latency('a', 1), latency('b', 1), latency('c', 2)]);
  assert.match(tie.entry.finding, /^A and b tied for the lowest/);
  assert.match(
    claimProblems(tampered(tie, (claim) => (claim.best = [{ $row: 0 }]))).join(),
    /names 1 of 2 rows tied at 1/,
  );
  const equal = [latency('a', 5), latency('b', 5)];
  assert.equal(bestChart(equal).entry.finding, '');
  const crowned = tampered(bestChart([latency('a', 5), latency('b', 6)]), () => {});
  assert.match(claimProblems({ ...crowned, rows: equal }).join(), /a superlative where every value is equal/);
  assert.match(
    claimProblems(tampered(crowned, (claim) => (claim.varies = ['host', 'threads']))).join(),
    /2 things vary/,
  );
});

test('the findings checker refuses a setting, an invalid row or an aggregate crowned, and rows of two tables ranked', () => {
  const rows = [
    latency('a', 2),
    latency('b', 3),
    latency('timeout', 1, { role: 'setting' }),
    latency('Total', 0.5, { section: 'Total' }),
  ];
  const chart = bestChart(rows);
  assert.match(chart.entry.finding, /^A had the lowest/);
  assert.deepEqual(chartProblems(chart), []);
  assert.match(claimProblems(tampered(chart, (claim) => (claim.best = [{ $row: 2 }]))).join(), /crowns a setting row/);
  assert.match(
    claimProblems(tampered(chart, (claim) => (claim.best = [{ $row: 3 }]))).join(),
    /crowns an aggregate row/,
  );
  const tables = [latency('a', 2, { source_table: 'one' }), latency('b', 3, { source_table: 'two' })];
  assert.match(
    claimProblems({ ...tampered(chart, () => {}), rows: tables }).join(),
    /more than one table|does not hold/,
  );
});

test('the findings checker refuses a range over runs that gives a ratio where the runs state a change', () => {
  const runs = [
    { series: 'nginz', run: 1, statistic: 'mean', unit: 'req/s', shown: 100, section: 'Run 1' },
    { series: 'nginz', run: 2, statistic: 'mean', unit: 'req/s', shown: 120, section: 'We did some perfomance update' },
  ];
  const chart = saidChart(runs, 'renderRange', [
    rangeOverRuns(runs),
    { whose: "nginz's mean throughput", unit: 'req/s' },
  ]);
  assert.match(chart.entry.finding, /differ in more than their name/);
  assert.deepEqual(claimProblems(chart), []);
  assert.match(
    claimProblems(tampered(chart, (claim) => (claim.ratio = 1.2))).join(),
    /runs that differ in more than their name/,
  );
});

test('the checker refuses a number no row gives, a chart of two scales and a sentence of another statistic', () => {
  const rows = [
    { series: 'Run 1', run: 1, statistic: 'mean', unit: 'ms', value: 1747 },
    { series: 'Run 2', run: 2, statistic: 'mean', unit: 'ms', value: 2169 },
  ];
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
  assert.match(statisticProblems({ rows: [...rows, { ...rows[0], statistic: 'max' }] }).join(), /rows of 2 statistics/);
});

test('one value with its spread is a chart, whose sentence gives the value and both ends of the spread', () => {
  // BenchmarkDotNet's one benchmark: a mean and its 99.9 % confidence interval, as a reader would check it.
  const rows = [
    {
      series: 'Bench',
      statistic: 'mean',
      unit: 'us',
      shown: 15.21,
      lo: 14.93,
      hi: 15.49,
      spread_words: '99.9 % confidence interval',
    },
  ];
  const chart = saidChart(rows, 'renderOne', [oneValue(rows[0]), { what: 'mean time', unit: 'µs' }], 'Time (µs)');
  assert.equal(chart.entry.finding, "Bench's mean time was 15.21 µs (99.9 % confidence interval: 14.93 to 15.49 µs).");
  assert.deepEqual(chartProblems(chart), []);
  const wrongSpread = { ...chart, entry: { ...chart.entry, finding: chart.entry.finding.replace('14.93', '14.9') } };
  assert.match(claimProblems(wrongSpread).join(), /not the render of its claims/);
  const median = saidChart(rows, 'renderOne', [oneValue(rows[0]), { what: 'median time', unit: 'µs' }]);
  assert.match(claimProblems(median).join(), /names "median time" for rows of statistic mean/);
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

test("every comparison page's chart sentence in data/atlas is its claim, holding over the figures it cites", () => {
  const { charts } = planComparisonCharts({ comparisons: readComparisons(path.join(ROOT, 'data')) });
  const wrong = charts.flatMap((c) => claimProblems(c).map((w) => `${c.id}: "${c.entry.finding}": ${w}`));
  assert.deepEqual(wrong, []);
  assert.ok(charts.every((c) => c.entry.claims.length === 1));
});

test("every subject page's chart sentence in data/atlas is its claim, holding over the figures it cites", () => {
  const platforms = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/platforms.json'), 'utf8'));
  const { charts } = planSubjectCharts({ subjects: readSubjects(path.join(ROOT, 'data')) }, platforms);
  const wrong = charts.flatMap((c) => claimProblems(c).map((w) => `${c.id}: "${c.entry.finding}": ${w}`));
  assert.deepEqual(wrong, []);
  // One claim per chart of one measure; none over several (Darner's and Kestrel's three).
  const measures = (c) => new Set(c.rows.map((r) => r.series)).size;
  assert.ok(charts.length > 0 && charts.every((c) => c.entry.claims.length === (measures(c) > 1 ? 0 : 1)));
});

test('the findings checker refuses a ranking over rows that differ in two things (operation and threads), read from the rows', () => {
  const rows = [
    latency('Gets, 1 thread', 1, { benchmark: 'Gets', threads: 1 }),
    latency('Sets, 4 threads', 2, { benchmark: 'Sets', threads: 4 }),
    latency('Gets, 4 threads', 3, { benchmark: 'Gets', threads: 4 }),
  ];
  // As the sweep's claim was asked for before: no parts, so nothing stopped it.
  const claim = bestOfGroup(rows, { better: 'lower', conditions: ['threads'] });
  const chart = saidChart(rows, 'renderBest', [claim, { what: 'mean latency', unit: 'ms' }]);
  assert.match(claimProblems(chart).join(), /things vary among the rows ranked \(benchmark, threads\)/);
});

test('the findings checker refuses a range over blocks a reader found again and numbered (run_by: reader), and sections ranked across two levels', () => {
  const runs = [
    {
      series: 'rate',
      run: 1,
      run_by: 'reader',
      statistic: 'mean',
      unit: 'req/s',
      shown: 50,
      source_table: 'key-value',
    },
    {
      series: 'rate',
      run: 2,
      run_by: 'reader',
      statistic: 'mean',
      unit: 'req/s',
      shown: 100,
      source_table: 'key-value',
    },
  ];
  const claim = { kind: 'range-over-runs', series: 'rate', n: 2, lo: 50, hi: 100, ratio: 2, changes: [], rows: runs };
  const chart = saidChart(runs, 'renderRange', [claim, { whose: 'the mean rate', unit: 'req/s' }]);
  assert.match(claimProblems(chart).join(), /a reader found again and numbered/);
  const hosts = [
    latency('a / reads', 1, { section: 'a / reads' }),
    latency('b / writes', 2, { section: 'b / writes' }),
  ];
  const ranked = saidChart(hosts, 'renderBest', [
    { ...bestOfGroup(hosts, { better: 'lower' }), varies: ['section'] },
    { what: 'mean latency', unit: 'ms' },
  ]);
  assert.match(claimProblems(ranked).join(), /more than one level of their heading path/);
});

test('the findings checker refuses a comparison whose named best is beaten by a row it cites', () => {
  const rows = [
    { server: 'darner', rss_kb: 500, line: 1, seed: 's' },
    { server: 'kestrel', rss_kb: 300, line: 2, seed: 's' },
  ];
  const words = { name: (r) => r.server, show: (r) => `${r.rss_kb} kB`, what: 'memory', where: 'at 1,024 queued' };
  const chart = saidChart(rows, 'renderLess', [comparison(rows, { value: (r) => r.rss_kb, better: 'lower' }), words]);
  assert.equal(chart.entry.finding, 'kestrel used 1.7x less memory than darner at 1,024 queued (300 kB vs 500 kB).');
  assert.deepEqual(claimProblems(chart), []);
  const swapped = tampered(chart, (claim) => {
    [claim.best, claim.other] = [claim.other, claim.best];
    claim.values = [500, 300];
  });
  assert.match(claimProblems(swapped).join(), /names 500 as the lowest, and a row it cites beats it/);
  // A value its words quote (a peak's requests/s) is a number of the row it was read from.
  const peak = saidChart(rows, 'renderPeak', [
    comparison(rows, { value: (r) => r.rss_kb, better: 'higher' }),
    { name: (r) => r.server, value: (r) => r.rss_kb, unit: 'kB', at: () => 'at 1,024 queued' },
  ]);
  assert.deepEqual(claimProblems(peak), []);
  const quoted = tampered(peak, (claim, kept) => (kept.calls['arg1.value'][0].out = 999));
  assert.match(claimProblems(quoted).join(), /quotes 999 for row 0, which does not hold it/);
});

test("the findings checker refuses AStore's plateau said at a point before the curve levels off", () => {
  const rows = [1, 2, 4, 8, 16].map((p, i) => ({ parallelism_max: p, requests_per_second: [10, 20, 38, 60, 61][i] }));
  const claim = plateau(rows, { x: 'parallelism_max', y: 'requests_per_second', at: 8 });
  const chart = saidChart(rows, 'renderPlateau', [claim, {}]);
  assert.match(chart.entry.finding, /levelled off at about 60 from parallelism-max 8 \(peak 61 at 16\)/);
  assert.deepEqual(claimProblems(chart), []);
  const early = tampered(chart, (c) => (c.level = { $row: 2 }));
  assert.match(claimProblems(early).join(), /levels off at another point than the first within 2 % of the peak/);
});

test("a headline that is no chart's finding must be the claims its chart keeps for it (AStore's), else it is refused", () => {
  const rows = [1, 2, 4, 8].map((p, i) => ({ parallelism_max: p, requests_per_second: [10, 20, 39, 39.5][i] }));
  const claim = plateau(rows, { x: 'parallelism_max', y: 'requests_per_second' });
  const said = sayClaim('renderPlateau', rows, [claim, { headline: "AStore's throughput" }]);
  const chart = { rows, entry: { finding: '', claims: [], headline_claims: [said.kept] } };
  assert.equal(said.text, "AStore's throughput levelled off at about 39 requests/s from parallelism-max 4");
  assert.deepEqual(headlineProblems(`${said.text}.`, [chart]), []);
  assert.deepEqual(headlineProblems("AStore's throughput levelled off at about 40 requests/s.", [chart]), [
    "a headline that no chart's claims say",
  ]);
});

test('the findings checker refuses a fastest client within the error budget whose errors are outside it', () => {
  const rows = [
    { client: 'gun', requests_per_second: 100, error_pct: 0.5, line: 1, seed: 's' },
    { client: 'buoy', requests_per_second: 200, error_pct: 80, line: 2, seed: 's' },
  ];
  const claim = bestWithinBudget(rows, {
    value: (r) => r.requests_per_second,
    error: (r) => r.error_pct,
    name: (r) => r.client,
    budget: 1,
  });
  const words = { budget: '1 %', value: (r) => r.requests_per_second, unit: 'requests/s', who: 'client' };
  const chart = saidChart(rows, 'renderBestWithin', [claim, words]);
  assert.match(
    chart.entry.finding,
    /^With at most 1 % errors, gun was fastest at 100 requests\/s; buoy's higher rates/,
  );
  assert.deepEqual(claimProblems(chart), []);
  const crowned = tampered(chart, (c) => {
    [c.best, c.faster] = [c.faster, c.best];
    c.errors = { best: [80], faster: [0.5] };
  });
  assert.match(claimProblems(crowned).join(), /a row named within the budget of 1 with 80/);
});

test("the findings checker refuses a server's share of its own empty-queue rate that its two points do not give", () => {
  const rows = [
    { server: 'darner', backlog_items: 0, requests_per_second: 200, line: 1, seed: 's' },
    { server: 'darner', backlog_items: 100, requests_per_second: 100, line: 2, seed: 's' },
  ];
  const claim = change([{ name: 'Darner', from: rows[0], to: rows[1] }], (r) => r.requests_per_second);
  const words = {
    at: 'With 100 items queued',
    verb: 'served',
    show: (r) => `${r.requests_per_second} requests/s`,
    base: (r) => `a backlog of ${r.backlog_items}`,
  };
  const chart = saidChart(rows, 'renderChange', [claim, words]);
  assert.equal(
    chart.entry.finding,
    'With 100 items queued, Darner served 100 requests/s (50 % of its rate at a backlog of 0).',
  );
  assert.deepEqual(claimProblems(chart), []);
  assert.match(
    claimProblems(tampered(chart, (c) => (c.lines[0].share = 0.8))).join(),
    /Darner's share is not its two values'/,
  );
});

test('a sentence naming a statistic its rows are not of ("median", "p99" over p50 rows) is refused from its kept claim, not read back from the English', () => {
  const means = [latency('a', 1.2, { source_table: 't' }), latency('b', 3.4, { source_table: 't' })];
  const claim = (rows) => bestOfGroup(rows, { better: 'lower' });
  // Every case the English check (statisticProblems' sentence) caught, caught from the claim.
  assert.match(
    claimProblems(saidChart(means, 'renderBest', [claim(means), { what: 'median latency', unit: 'ms' }])).join(),
    /names "median latency" for rows of statistic mean/,
  );
  const p50 = means.map((r) => ({ ...r, statistic: 'p50' }));
  assert.match(
    claimProblems(saidChart(p50, 'renderBest', [claim(p50), { what: 'p99 latency', unit: 'ms' }])).join(),
    /names "p99 latency" for rows of statistic p50/,
  );
  assert.deepEqual(claimProblems(saidChart(p50, 'renderBest', [claim(p50), { what: 'p50 latency', unit: 'ms' }])), []);
  // A chart of two statistics is refused from its rows, whatever its sentence says.
  assert.match(
    statisticProblems({ rows: [...means, { ...means[0], statistic: 'max' }] }).join(),
    /rows of 2 statistics/,
  );
});
