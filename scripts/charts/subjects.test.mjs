import test from 'node:test';
import assert from 'node:assert/strict';
import { planSubjectCharts, subjectRows } from './subjects.mjs';
import { midSentence } from './shared/format.mjs';
import { claimProblems } from '../../tests/helpers/findings.mjs';

const figure = (value, line, extra = {}) => ({
  table: 't',
  group: {},
  metric: 'requests_per_second',
  metric_title: 'Rate (requests/s)',
  unit: 'requests/s',
  rule: 'highest rate (requests/s)',
  value,
  seed: 'seeds/x.md',
  line,
  ...extra,
});
const report = (slug, date, figures, platform = 'p1') => ({
  report: slug,
  title: `Report ${slug}`,
  date,
  measured: true,
  platforms: [{ id: platform, machine: 'system', role: 'system' }],
  tables: [{ table: 't', title: 'Request rate' }],
  figures,
});
const platforms = { p1: { name: 'Machine one' }, p2: { name: 'Machine two' } };

test('a subject measured in several reports gets one point per figure, in date order, coloured by platform, with no line across machines', () => {
  const s = {
    id: 'erl',
    name: 'Erl',
    reports: [
      report('a', '2015', [figure(100, 4)]),
      report('b', '2017', [figure(80, 9), figure(null, 0, { value: null, reason: 'no row' })], 'p2'),
      { report: 'c', title: 'C', date: '2018', measured: false, platforms: [], tables: [], figures: [] },
    ],
  };
  const { charts, index } = planSubjectCharts({ subjects: [s] }, platforms);
  assert.equal(charts.length, 1);
  const [c] = charts;
  assert.equal(c.id, 'subject--erl');
  assert.deepEqual(
    c.rows.map((r) => [r.column, r.value, r.platform, r.line]),
    [
      ['2015', 100, 'Machine one', 4],
      ['2017', 80, 'Machine two', 9],
    ],
  );
  assert.equal(index['subject--erl'].marks, 2);
  // Different machines: no "from ... to", no line; the statistic is named.
  assert.doesNotMatch(c.entry.description, /From 100/);
  assert.match(
    c.entry.finding,
    /^The highest is 100 requests\/s \(as stated; 2015, Machine one\); no two figures share machine and conditions/,
  );
  assert.equal(index['subject--erl'].lines, 0);
  assert.deepEqual(c.spec.layer.at(-1).encoding.color.scale.domain, ['Machine one', 'Machine two']);
});

test('a line joins only figures of the same machine, conditions and statistic; another statistic stays off the chart', () => {
  const at = (c) => ({ conditions: { senders: c } });
  const s = {
    id: 'erl',
    name: 'Erl',
    reports: [
      report('a', '2015', [figure(100, 4, { ...at(2), statistic: 'value', join_statistic: 'mean' })]),
      report('b', '2016', [figure(90, 5, { ...at(4), statistic: 'value', join_statistic: 'mean' })]),
      report('c', '2017', [figure(120, 6, { ...at(2), statistic: 'mean', join_statistic: 'mean' })]),
      report('d', '2018', [figure(999, 7, { ...at(2), statistic: 'max', join_statistic: 'max' })]),
    ],
  };
  const [c] = planSubjectCharts({ subjects: [s] }, platforms).charts;
  assert.deepEqual(
    c.rows.map((r) => r.value),
    [100, 90, 120],
  );
  assert.equal(c.entry.lines, 1);
  assert.deepEqual(c.spec.layer[0].transform[0].filter.oneOf, ['Request rate · Machine one · mean · senders 2']);
  assert.equal(
    c.entry.finding,
    'On Machine one at senders 2, from 100 requests/s (2015) to 120 requests/s (2017); the highest is 120 requests/s (mean; 2017, Machine one, senders 2).',
  );
});

test('runs of one report are told apart on the x axis; one figure alone gets no chart', () => {
  const runs = report('m', '2019', [figure(5, 1, { group: { run: '2019' } }), figure(4, 2, { group: { run: 'old' } })]);
  assert.deepEqual(
    subjectRows({ reports: [runs] }, platforms).map((r) => r.column),
    // A run without a date of its own ran no later than its report: before the run named by that date.
    ['2019 (old)', '2019'],
  );
  const single = { id: 'one', name: 'One', reports: [report('a', '2015', [figure(1, 1)])] };
  assert.deepEqual(planSubjectCharts({ subjects: [single] }, platforms).charts, []);
});

test('a run title written as a heading reads inside a sentence', () => {
  assert.equal(midSentence('The original benchmark'), 'the original benchmark');
  assert.equal(midSentence('Current results (2019-05-15)'), 'Current results (2019-05-15)');
  assert.equal(midSentence('Theory'), 'Theory');
});

test('each figure on a line says whether it is beyond the noise of the one before it (tooltip and table)', () => {
  // Stated spreads of two hyperfine runs (adventofcode-2021-01-speedtest.md lines 20 and 26):
  // scipy.stats.ttest_ind_from_stats gives p = 1.5e-24.
  const s = {
    id: 'erl',
    name: 'Erl',
    reports: [
      report('a', '2015', [figure(4.1, 20, { spread_kind: 'stdev', spread: 6.6, runs: 1000 })]),
      report('b', '2017', [figure(6.3, 26, { spread_kind: 'stdev', spread: 0.3, runs: 247 })]),
      report('c', '2019', [figure(7, 3)]),
      report('d', '2019', [figure(8, 5)], 'p2'),
    ],
  };
  const [c] = planSubjectCharts({ subjects: [s] }, platforms).charts;
  assert.deepEqual(
    c.rows.map((r) => [r.column, r.noise]),
    [
      ['2015', 'none before it on the same machine and conditions'],
      ['2017', "beyond noise (Welch's t-test, p < 0.001)"],
      ['2019', 'no spread stated: cannot tell'],
      ['2019', 'none before it on the same machine and conditions'],
    ],
  );
  const tip = c.spec.layer.at(-1).encoding.tooltip.map((t) => t.title);
  assert.ok(tip.includes('Against the figure before it on its line'), tip.join(', '));
});

test('a report with no figure within the error budget is charted by its best outside it: pale and starred, its error rate in the finding, on no line and in no claim', () => {
  const over = figure(null, 0, {
    value: null,
    reason: 'no row of 3 within error % at most 1',
    outside_budget: {
      value: 900,
      with: { error_pct: 12.5 },
      budget: { column: 'error_pct', title: 'Error %', max: 1 },
      seed: 'seeds/y.md',
      line: 7,
    },
  });
  const s = { id: 'b', name: 'Buoy', reports: [report('a', '2017', [figure(100, 4)]), report('b', '2019-05', [over])] };
  const [c] = planSubjectCharts({ subjects: [s] }, platforms).charts;
  assert.deepEqual(
    c.rows.map((r) => [r.date, r.value, r.label, r.outside]),
    [
      ['2017', 100, '100', ''],
      ['2019-05', 900, '900*', 'error % 12.5 (no row within at most 1)'],
    ],
  );
  assert.equal(c.entry.lines, 0);
  assert.match(
    c.entry.finding,
    /^The highest is 100 requests\/s .*; one figure is outside the error budget, drawn pale and starred: 900 requests\/s \(2019-05, error % 12\.5\)\.$/,
  );
  const points = c.spec.layer.at(-1);
  assert.equal(points.encoding.x.type, 'temporal');
  assert.equal(points.encoding.fillOpacity.condition.value, 0.25);
});

test("figures of one date (one report's runs) stand in columns; figures of several dates on a time axis", () => {
  const runs = report('m', '2019-05-15', [
    figure(5, 1, { group: { run: '2019-05-15' } }),
    figure(4, 2, { group: { run: 'old' } }),
  ]);
  const [one] = planSubjectCharts({ subjects: [{ id: 'm', name: 'M', reports: [runs] }] }, platforms).charts;
  assert.equal(one.spec.layer.at(-1).encoding.x.type, 'ordinal');
  assert.deepEqual(
    one.rows.map((r) => r.dodge),
    [0, 0],
  );
  const [two] = planSubjectCharts(
    { subjects: [{ id: 'm', name: 'M', reports: [report('a', '2017', [figure(9, 3)]), runs] }] },
    platforms,
  ).charts;
  assert.equal(two.spec.layer.at(-1).encoding.x.type, 'temporal');
  assert.deepEqual(
    two.rows.map((r) => r.dodge),
    [0, -14, 14],
  );
});

// The corpus's hyperfine speed test (tests/fixtures/corpus/hyperfine-text/adventofcode-2021-01-speedtest.md,
// section Go) gives Go a mean time, user time and system time in one report, all in ms; the CloudI
// reports measure Go in requests/s.
const ms = (metric_title, value, line) =>
  figure(value, line, { table: 'm', metric_title, unit: 'ms', statistic: 'mean', rule: 'lowest' });
const hyperfine = {
  ...report('h', '2020', [ms('Time (ms)', 6.3, 26), ms('System time (ms)', 3.5, 26), ms('User time (ms)', 1.2, 26)]),
  tables: [{ table: 'm', title: 'Measurements (the shared model)' }],
};
const go = {
  id: 'go',
  name: 'Go',
  reports: [report('a', '2017-04', [figure(18007, 4)]), report('b', '2023', [figure(30100, 9)], 'p2'), hyperfine],
};

test("Go's chart keeps its requests/s of two reports over three ms figures of one report, and never joins user time to system time with a line", () => {
  const [c] = planSubjectCharts({ subjects: [go] }, platforms).charts;
  assert.deepEqual(
    c.rows.map((r) => r.value),
    [18007, 30100],
  );
  const [d] = planSubjectCharts({ subjects: [{ ...go, reports: [hyperfine] }] }, platforms).charts;
  assert.doesNotMatch(d.entry.finding, /from \d/i, d.entry.finding);
});

test('Go\'s chart says it draws 2 of the 3 reports that measured Go, not "each of the 2 reports that measured it"; Rust\'s, 1 of 2, not "its report"', () => {
  // A chart draws one unit: the hyperfine figures are in ms.
  const [g] = planSubjectCharts({ subjects: [go] }, platforms).charts;
  assert.match(
    g.entry.description,
    /^Go's best figure \(as stated\) in 2 of the 3 reports that measured it \(the other figures are in another unit or statistic\), /,
  );
  const rust = { id: 'rust', name: 'Rust', reports: [report('b', '2023', [figure(37068, 9)], 'p2'), hyperfine] };
  const [r] = planSubjectCharts({ subjects: [rust] }, platforms).charts;
  assert.match(r.entry.description, /^Rust's best figure \(mean\) in 1 of the 2 reports that measured it /);
  assert.doesNotMatch(r.entry.description, /in its report/);
});

test('Rust\'s chart of one hyperfine run ranks no wall time above its own user and system times: no "The highest is 6.3 ms"', () => {
  const [c] = planSubjectCharts({ subjects: [{ id: 'rust', name: 'Rust', reports: [hyperfine] }] }, platforms).charts;
  assert.doesNotMatch(c.entry.description, /highest/i, c.entry.description);
  assert.match(c.entry.description, /figures of different measures are not ranked against each other\.$/);
  assert.equal(c.entry.finding, '');
  assert.deepEqual(c.entry.claims, []);
  // The findings checker refuses a highest said over figures of two measures.
  const [one] = planSubjectCharts(
    {
      subjects: [
        {
          id: 'erl',
          name: 'Erl',
          reports: [report('a', '2015', [figure(100, 4)]), report('b', '2017', [figure(80, 9)])],
        },
      ],
    },
    platforms,
  ).charts;
  one.rows[1] = { ...one.rows[1], series: 'Another measure' };
  assert.match(claimProblems(one).join(), /ranks figures of different measures/);
});

test("mint's one figure says it is the only row within the error budget (of 5 rows), as a kept claim the findings checker holds", () => {
  const within = figure(1658, 362, {
    group: { run: '2019-05-15' },
    metric_title: 'Successful requests/s',
    rule: 'highest successful requests/s with error % at most 1',
    candidates: 5,
    qualified: 1,
    statistic: 'value',
    statistic_words: 'as stated',
    chosen: 'the only row with error % at most 1 (of 5 rows)',
  });
  const none = figure(null, undefined, {
    group: { run: 'original' },
    candidates: 3,
    qualified: 0,
    reason: 'no row of 3 within error % at most 1',
  });
  delete none.seed;
  delete none.line;
  const mint = { id: 'mint', name: 'mint', reports: [report('h', '2019-05', [within, none])] };
  const { charts, singles } = planSubjectCharts({ subjects: [mint] }, platforms);
  assert.deepEqual(charts, []);
  const single = singles.mint;
  assert.equal(
    single.finding,
    'One figure only, so no chart: 1,658 requests/s (Successful requests/s, as stated), the only row with error % at most 1 (of 5 rows), in Report h, 2019-05 (run 2019-05-15). The other figures are outside the error budget: run original of Report h has no row of 3 within error % at most 1.',
  );
  assert.equal(single.claims[0].kind, 'one-figure');
  assert.deepEqual(claimProblems({ rows: [], entry: single }), []);
  // A figure said to be the only row within the budget that is not (3 rows within it) is refused.
  const wrong = structuredClone(single);
  wrong.claims[0].extra[0].qualified = 3;
  assert.match(claimProblems({ rows: [], entry: wrong }).join(), /one-figure: .*3 rows/);
});
