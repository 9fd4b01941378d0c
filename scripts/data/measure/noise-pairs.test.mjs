// Beyond noise or within it on real report pairs with stated spreads: the corpus files read by their
// parsers (and CloudI 2.0.6's measurements in data/), each verdict against scipy. Every expected
// t and p below came from scipy.stats.ttest_ind_from_stats(mean1, std1, n1, mean2, std2, n2,
// equal_var=False), computed outside the repository; the figures are read here from the files, at
// the lines named.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../lib/paths.mjs';
import { figureOf, noise, noiseText } from '../../lib/noise.mjs';
import * as hyperfineText from '../parsers/hyperfine-text/parse.mjs';
import * as jmhText from '../parsers/jmh-text/parse.mjs';
import * as pytestBenchmark from '../parsers/pytest-benchmark/parse.mjs';

const close = (actual, expected, rel = 1e-9) =>
  assert.ok(
    Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-300),
    `${actual} is not ${expected} (relative ${rel})`,
  );

/** The measurement row of a corpus file at a line (the mean with its spread). */
function rowAt(parser, file, line, statistic = 'mean') {
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', file), 'utf8');
  const row = parser
    .parse(text, {})
    .tables.measurements.rows.find((r) => r.line === line && r.statistic === statistic && r.spread_kind);
  assert.ok(row, `${file}: no ${statistic} with a spread at line ${line}`);
  return row;
}

// Five real pairs: [what, file and line of each side, scipy's t and two-sided p (Welch)].
const PAIRS = [
  {
    what: 'pytest-benchmark test_fib_20 in two reports (stdev, rounds 278 and 122)',
    a: [pytestBenchmark, 'pytest-benchmark/action-benchmark-pytest.json', 91],
    b: [pytestBenchmark, 'pytest-benchmark/bencher-pytest-four.json', 130],
    t: -17.696641062323398,
    p: 5.118050183029483e-38,
    verdict: 'beyond noise',
  },
  {
    what: 'pytest-benchmark test_fib_10 in two reports (stdev, rounds 38,523 and 20,025)',
    a: [pytestBenchmark, 'pytest-benchmark/action-benchmark-pytest.json', 49],
    b: [pytestBenchmark, 'pytest-benchmark/bencher-pytest-four.json', 88],
    t: -98.18861898069252,
    p: 0, // scipy: 0.0 (below the smallest double)
    verdict: 'beyond noise',
  },
  {
    what: 'hyperfine 01_simple.py against 01_beauty.py (43.4 ± 1.4 and 43.4 ± 2.1 ms, 100 runs each)',
    a: [hyperfineText, 'hyperfine-text/adventofcode-2021-01-speedtest.md', 6],
    b: [hyperfineText, 'hyperfine-text/adventofcode-2021-01-speedtest.md', 10],
    t: 0,
    p: 1,
    verdict: 'within noise',
  },
  {
    what: 'hyperfine 01.exe in two runs (4.1 ± 6.6 ms, 1,000 runs; 6.3 ± 0.3 ms, 247 runs)',
    a: [hyperfineText, 'hyperfine-text/adventofcode-2021-01-speedtest.md', 20],
    b: [hyperfineText, 'hyperfine-text/adventofcode-2021-01-speedtest.md', 26],
    t: -10.497113620341361,
    p: 1.5249047925857932e-24,
    verdict: 'beyond noise',
  },
  {
    // JMH's error is the half-width of a 99.9 % interval: stdev = error × √n / t(0.9995, n − 1)
    // (scipy: 2.041197926939051 and 0.8499479378213483), then Welch.
    what: 'JMH createExceptionWithoutThrowingIt against throwAndCatchException (11.998 ± 3.086 and 10.018 ± 1.285 ms, 10 iterations)',
    a: [jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 175],
    b: [jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 177],
    t: 2.831780534867309,
    p: 0.015093546120476564,
    verdict: 'beyond noise',
  },
  {
    what: 'JMH throwAndCatchException against throwExceptionWithoutAddingStackTrace (10.018 ± 1.285 and 0.481 ± 0.146 ms)',
    a: [jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 177],
    b: [jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 179],
    t: 35.256094325326345,
    p: 3.677001960362067e-11,
    verdict: 'beyond noise',
  },
];

for (const pair of PAIRS)
  test(`${pair.what}: ${pair.verdict} by Welch's t-test, as scipy says`, () => {
    const r = noise(figureOf(rowAt(...pair.a)), figureOf(rowAt(...pair.b)));
    assert.equal(r.verdict, pair.verdict);
    assert.equal(r.method, "Welch's t-test (p < 0.05)");
    close(r.t, pair.t, 1e-8);
    if (pair.p === 0) assert.ok(r.p < 1e-300);
    else close(r.p, pair.p, 1e-6);
  });

test('the JMH pair Welch finds beyond noise has overlapping 99.9 % intervals: without run counts it is within noise', () => {
  const [a, b] = [
    figureOf(rowAt(jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 175)),
    figureOf(rowAt(jmhText, 'jmh-text/expensive-exceptions-openjdk-13.res', 177)),
  ];
  delete a.n;
  delete b.n;
  const r = noise(a, b);
  assert.deepEqual([r.verdict, r.method], ['within noise', 'intervals overlap']);
  assert.equal(noiseText(r), 'within noise (intervals overlap)');
});

test('CloudI 2.0.6 (seed lines 98 and 132): request rates whose min–max ranges are apart are beyond noise; latencies ± one stdev overlap', () => {
  const csv = fs.readFileSync(
    path.join(ROOT, 'data/tables/cloudi-2.0.6-request-rate-language-dell-poweredge-r710/measurements.csv'),
    'utf8',
  );
  const [head, ...lines] = csv.trim().split('\n');
  const cols = head.split(',');
  const rows = lines.map((l) =>
    Object.fromEntries(l.split(',').map((x, i) => [cols[i], x === '' ? null : /^-?[\d.]+$/.test(x) ? Number(x) : x])),
  );
  const at = (line, metric) => rows.find((r) => r.line === line && r.metric === metric && r.spread_kind);
  const rate = noise(figureOf(at(98, 'throughput')), figureOf(at(132, 'throughput')));
  assert.deepEqual(
    [rate.verdict, rate.method, rate.intervals],
    [
      'beyond noise',
      'intervals do not overlap',
      [
        [40184.8, 40184.9],
        [44022.2, 44022.2],
      ],
    ],
  );
  const latency = noise(figureOf(at(98, 'latency')), figureOf(at(132, 'latency')));
  assert.deepEqual([latency.verdict, latency.method], ['within noise', 'intervals overlap']);
});

