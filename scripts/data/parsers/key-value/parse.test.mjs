// Tests of the key-value reader: golden fixtures (real summaries of five kinds no adapter names:
// sysbench 0.5, ghz in a README, a Locust-style Markdown report, a Rust load-test report, pgbench), what it
// must not read (targets, dates, histogram bars, time-series lines, a machine's df -h), and a text
// with nothing to read refused.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { ROOT } from '../../../lib/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');
const rows = (text) => parser.parse(text).tables.measurements.rows;
const pick = (rs, line) => rs.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit]);

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

describe('headline numbers', () => {
  test('sysbench: transactions as a count and a rate, latency in ms from the values, threads as a condition', () => {
    const rs = rows(fixture('mariadb-sysbench-ro-16-excerpt.res'));
    assert.deepEqual(pick(rs, 20), [
      ['transactions', 'requests', 'total', 2513673, 'count'],
      ['transactions', 'throughput', 'mean', 8323.37, 'ops/s'],
    ]);
    assert.deepEqual(pick(rs, 33), [['General statistics / response time', 'latency', 'p95', 2.24, 'ms']]);
    assert.ok(rs.every((r) => r.conditions.threads === 16));
    // The per-interval lines ("[   5s] threads: 16, tps: 8509.59, ...") are a time series, not the result.
    assert.ok(rs.every((r) => r.line > 13));
  });

  test('a Markdown report: the unit from the heading "Latency (ms)", the settings as conditions', () => {
    const rs = rows(fixture('tutortoise-load-test-report.md'));
    assert.deepEqual(pick(rs, 26), [['Latency', 'latency', 'p95', 5.71, 'ms']]);
    assert.deepEqual(pick(rs, 19), [['Throughput', 'throughput', 'mean', 4.39, 'req/s']]);
    assert.equal(rs[0].conditions.concurrency, 50);
  });

  test('ghz: each run under its own heading, percentiles from "95 % in 4.08 s", a latency with no unit in unit "not stated"', () => {
    const r = parser.parse(fixture('weebi-ghz.md'));
    const rs = r.tables.measurements.rows;
    // "Latency distribution:" and "Requests/sec" say what is measured, not which run: the run's names are kept.
    assert.deepEqual(pick(rs, 44), [['2025 april 11 - after db pool different network', 'latency', 'p95', 4.08, 's']]);
    assert.deepEqual(pick(rs, 36), [['Summary', 'throughput', 'value', 0.55, 'req/s']]);
    // "Slowest: 3.915" and "Average: 3.515": the author dropped the unit; never guessed, never seconds.
    assert.deepEqual(pick(rs, 14), [['Summary', 'latency', 'max', 3.915, 'not stated']]);
    assert.deepEqual(pick(rs, 16), [['Summary', 'latency', 'mean', 3.515, 'not stated']]);
    assert.ok(r.notes.some((n) => n.line === 14 && /"Slowest: 3.915": no unit stated; read with unit "not stated"/.test(n.text)));
  });

  test('QPS is a rate of queries; a target (">95 QPS") and a unit the atlas does not know are not read as results', () => {
    const r = parser.parse(fixture('akidb-baseline-quick.md'));
    const rs = r.tables.measurements.rows;
    assert.deepEqual(pick(rs, 30), [['Throughput', 'throughput', 'mean', 100.3, 'queries/s']]);
    assert.deepEqual(pick(rs, 31), []);
    assert.ok(r.notes.some((n) => n.line === 42 && /MB\/min/.test(n.text)));
  });
});

describe('a run\'s settings printed among its results (issue 32)', () => {
  test('pgbench: "number of clients: 105" and "number of threads" are conditions, tps a rate, two runs under one heading text both kept', () => {
    const r = parser.parse(fixture('haproxy-pgbench-readme.md'));
    const rs = r.tables.measurements.rows;
    const full = (line) => rs.filter((x) => x.line === line).map((x) => [x.metric, x.statistic, x.value, x.unit, x.conditions]);
    assert.deepEqual(full(30), [['throughput', 'value', 4413.657304, 'ops/s', { scaling_factor: 50, clients: 105, threads: 105, duration_s: 60 }]]);
    assert.deepEqual(full(27), [['latency', 'mean', 23.78, 'ms', { scaling_factor: 50, clients: 105, threads: 105, duration_s: 60 }]]);
    assert.deepEqual(full(51), [['throughput', 'value', 34059.170698, 'ops/s', { scaling_factor: 1, clients: 100, threads: 10, duration_s: 60 }]]);
    // No setting is a result, and the second run is not dropped as a repeat of the first.
    assert.ok(rs.every((x) => ![21, 23, 24, 25, 43, 45, 46, 47].includes(x.line)));
    assert.ok(!r.notes.some((n) => /again in one section/.test(n.text)));
  });
});

describe('machines\' df -h blocks among results, and several pairs on one line (issue 32)', () => {
  test('vps-comparison: "elapsed ms: 48,141 | ops/sec: 207,723 | ..." gives each pair, the elapsed time and the rate both named by their run; the df -h above is no result', () => {
    const rs = rows(fixture('vps-comparison-protostuffdb-get.md'));
    const full = (line) => rs.filter((x) => x.line === line).map((x) => [x.benchmark, x.metric, x.value, x.unit, x.section]);
    assert.deepEqual(full(44), [
      // "elapsed ms" and "ops/sec" say what is measured (read/vocabulary.mjs MEASURES), not which run:
      // both are named by their run, the heading and the italic label line above them.
      ['aws ec2 micro - 990M / leveldb', 'time', 48141, 'ms', 'aws ec2 micro - 990M / leveldb'],
      ['aws ec2 micro - 990M / leveldb', 'throughput', 207723, 'ops/s', 'aws ec2 micro - 990M / leveldb'],
      ['response body bytes', 'transferred', 80, 'B', 'aws ec2 micro - 990M / leveldb'],
    ]);
    // hyperleveldb on the same machine is its own section, not a repeat dropped.
    assert.deepEqual(full(52)[1], ['aws ec2 micro - 990M / hyperleveldb', 'throughput', 179817, 'ops/s', 'aws ec2 micro - 990M / hyperleveldb']);
    const text = fixture('vps-comparison-protostuffdb-get.md').split('\n');
    const df = text.flatMap((l, i) => (/^(Filesystem|udev|tmpfs|\/dev\/)/.test(l) ? [i + 1] : []));
    assert.ok(df.length >= 30);
    assert.ok(rs.every((x) => !df.includes(x.line)));
  });

  test('two more vps-comparison reports: every ops/sec of every machine and operation goes in, no df -h line does', () => {
    for (const [name, n] of [
      ['vps-comparison-protostuffdb-hyperleveldb.md', 15],
      ['vps-comparison-protostuffdb-leveldb.md', 33],
    ]) {
      const rs = rows(fixture(name));
      assert.equal(rs.filter((x) => x.metric === 'throughput' && x.unit === 'ops/s').length, n, name);
      assert.ok(rs.every((x) => !/^(Filesystem|udev|tmpfs)/.test(x.benchmark)), name);
    }
  });
});

describe('what is not a result', () => {
  test('a machine’s df -h and a histogram are not key-value lines', () => {
    const text = [
      'Filesystem      Size  Used Avail Use% Mounted on',
      '/dev/sda1        50G   20G   28G  42% /',
      'Response time histogram:',
      '  0.074 [1]\t|',
      '  5.440 [992545]\t|∎∎∎∎',
      'Summary:',
      '  Average:\t0.83 ms',
      '  Slowest:\t53.73 ms',
      '  Requests/sec:\t108270.75',
    ].join('\n');
    assert.deepEqual(
      rows(text).map((r) => [r.line, r.statistic, r.value, r.unit]),
      [
        [7, 'mean', 0.83, 'ms'],
        [8, 'max', 53.73, 'ms'],
        [9, 'value', 108270.75, 'req/s'],
      ],
    );
  });

  test('JSON, whole or in a fenced block, is not read as key-value lines', () => {
    const json = '{\n  "requests": 2636,\n  "latency_ms": 3.5,\n  "Requests/sec": 4.39,\n  "failed": 3,\n  "transactions": 2600,\n  "Total": "36.77 s"\n}\n';
    assert.equal(parser.detect(json), false);
    assert.equal(parser.detect(`# Run\n\n\`\`\`json\n${json}\`\`\`\n`), false);
  });

  test('nothing with a unit: refused', () => rejectsAt(parser.parse, 'Date: 2024-01-01\nStatus: ok\n', 0, /Label: number unit/, 'none with a unit'));
});

test('a count printed with M or k ("Iterations: 29.903M", as benchmark-ips prints them) is millions or thousands, never minutes', () => {
  // the form of tests/fixtures/corpus/benchmark-ips/rubymotion-bench-readme.md:34 ("... i/s -     29.903M")
  const rows = parser.parse('# Run\n\nIterations: 29.903M\nRequests: 251k\nTime: 3 ms\n').tables.measurements.rows;
  assert.deepEqual(
    rows.map((r) => [r.line, r.value, r.unit]),
    [
      [3, 29.903, 'million'],
      [4, 251, 'thousand'],
      [5, 3, 'ms'],
    ],
  );
});

describe('a block named by the label line above it (issue 39)', () => {
  // tests/fixtures/corpus/dropwizard-metrics/scalecube-lmdb.md, lines 1-18 (scalecube-third-party-benchmarks).
  const lmdb = [
    '**## Reads 2 cores**',
    '<pre>',
    'full-reads',
    '             count = 9893593',
    '         mean rate = 78326.40 calls/second',
    '     1-minute rate = 117036.19 calls/second',
    '              mean = 5371.48 nanoseconds',
    '              99% <= 9562.00 nanoseconds',
    '</pre>',
  ].join('\n');

  test('metrics reporter: the rate and times are named by the plain label line above them, the bold heading\'s "2 cores" is a condition', () => {
    const rs = rows(lmdb);
    const full = (line) => rs.filter((x) => x.line === line).map((x) => [x.benchmark, x.metric, x.statistic, x.value, x.unit, x.conditions]);
    assert.deepEqual(full(5), [['full-reads', 'throughput', 'mean', 78326.4, 'ops/s', { cores: 2 }]]);
    assert.deepEqual(full(7), [['full-reads', 'time', 'mean', 5371.48, 'ns', { cores: 2 }]]);
    assert.deepEqual(full(8), [['full-reads', 'time', 'p99', 9562, 'ns', { cores: 2 }]]);
    assert.ok(rs.every((x) => !x.benchmark.includes('#')));
  });

  test('a bold label line with heading markup names the block below it, without the markup', () => {
    // tests/fixtures/corpus/dropwizard-metrics/scalecube-chronicle-new.md, lines 1-4.
    const rs = rows(['**## ReadScenario 1 thread**', '<pre>', '             count = 106940980', '         mean rate = 1758085.92 calls/second', '              mean = 24.95 nanoseconds'].join('\n'));
    assert.deepEqual(
      rs.map((x) => [x.benchmark, x.metric, x.statistic, x.conditions]),
      [
        ['ReadScenario', 'requests', 'total', { threads: 1 }],
        ['ReadScenario', 'throughput', 'mean', { threads: 1 }],
        ['ReadScenario', 'time', 'mean', { threads: 1 }],
      ],
    );
  });

  test('ghz: one run\'s summary, rate and latency distribution are one benchmark, not three', () => {
    // tests/fixtures/corpus/ghz/ghz-docs-output.md, lines 6-39 (bojand/ghz www/docs/output.md).
    const text = ['### Summary', '', '```', 'Summary:', '  Count:\t\t200', '  Average:\t\t32.01 ms', '  Requests/sec:\t1101.53', '', 'Latency distribution:', '  99% in 69.60 ms', '```'].join('\n');
    assert.deepEqual([...new Set(rows(text).map((x) => x.benchmark))], ['Summary']);
  });

  test('criterion: time, mean and std dev are named by the "benchmarking show/7893" line above them, in each block', () => {
    // tests/fixtures/corpus/haskell-criterion/euler-30-readme.md, lines 1-13.
    const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/haskell-criterion/euler-30-readme.md'), 'utf8').split('\n').slice(0, 13).join('\n');
    const rs = rows(text).filter((x) => x.metric === 'time');
    assert.deepEqual(
      rs.map((x) => [x.line, x.benchmark, x.statistic, x.value, x.unit]),
      [
        [2, 'show/7893', 'value', 99.12, 'ns'],
        [4, 'show/7893', 'mean', 103.2, 'ns'],
        [5, 'show/7893', 'stdev', 13.02, 'ns'],
        [9, 'show/456', 'value', 77.51, 'ns'],
        [11, 'show/456', 'mean', 77.99, 'ns'],
        [12, 'show/456', 'stdev', 1.311, 'ns'],
      ],
    );
  });
});

test('"Request timeout: 1 s" and "min_duration: 0 ms" among results are settings, kept and marked, never results to rank', () => {
  const text = [
    'Summary:',
    '  Slowest: 30.5 ms',
    '  Fastest: 2.2 ms',
    '  Average: 10.1 ms',
    '',
    '## Results',
    'p99 latency: 25 ms',
    'Request timeout: 1 s',
    'min_duration: 0 ms',
    '',
  ].join('\n');
  const rows = parser.parse(text).tables.measurements.rows;
  assert.deepEqual(
    rows.filter((r) => r.line >= 7).map((r) => [r.benchmark, r.value, r.unit, r.conditions.role]),
    [
      ['p99 latency', 25, 'ms', undefined],
      ['Request timeout', 1, 's', 'setting'],
      ['min_duration', 0, 'ms', 'setting'],
    ],
  );
  assert.ok(rows.filter((r) => r.line < 7).every((r) => r.conditions.role === undefined));
});

test('iai: "Instructions:   1735" and "Estimated Cycles:   2404" under the benchmark\'s name are counts of that benchmark (instructions, cycles), never left out for their missing unit', () => {
  // tests/fixtures/corpus/iai/iai-readme.md, lines 89-101 (bheisler/iai README.md).
  const lines = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/iai/iai-readme.md'), 'utf8').split('\n');
  const rs = rows(lines.slice(0, 102).map((l, i) => (i >= 88 ? l : '')).join('\n'));
  assert.deepEqual(pick(rs, 90), [['bench_fibonacci_short', 'instructions', 'value', 1735, 'count']]);
  assert.deepEqual(pick(rs, 94), [['bench_fibonacci_short', 'cycles', 'value', 2404, 'count']]);
  assert.deepEqual(pick(rs, 97), [['bench_fibonacci_long', 'instructions', 'value', 26214735, 'count']]);
  assert.deepEqual(pick(rs, 98), [['bench_fibonacci_long', 'l1_accesses', 'value', 35638623, 'count']]);
  assert.equal(rs.length, 10);
});

describe('a block named by the command line above it (issue 39)', () => {
  // tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst, lines 43-58 and 74-79: pyperf's output in
  // reStructuredText literal blocks, each under the command that wrote or read its result file.
  const text = [
    'Example::',
    '',
    "    $ python3 -m pyperf timeit '[1,2]*1000' -o outliers.json",
    '    .....................',
    '    WARNING: the benchmark result may be unstable',
    '',
    '    Mean +- std dev: 4.34 us +- 0.31 us',
    '',
    'Use the :ref:`pyperf stats <stats_cmd>` command to count the number of',
    'outliers (9 on this example)::',
    '',
    '    $ python3 -m pyperf stats outliers.json -q',
    '    Total number of values: 60',
    '',
    '    Minimum:         4.12 us',
    '    Median +- MAD:   4.25 us +- 0.05 us',
    '    Mean +- std dev: 4.34 us +- 0.31 us',
    '    Maximum:         6.02 us',
  ].join('\n');

  test('pyperf\'s "Minimum" and "Mean +- std dev" are statistics of the result file the command above names, not benchmarks of their own', () => {
    const rs = rows(text);
    assert.deepEqual(pick(rs, 15), [['outliers.json', 'time', 'min', 4.12, 'us']]);
    assert.deepEqual(pick(rs, 17), [['outliers.json', 'time', 'mean', 4.34, 'us']]);
    assert.deepEqual(pick(rs, 18), [['outliers.json', 'time', 'max', 6.02, 'us']]);
    assert.ok(rs.every((r) => !r.conditions.run), 'no value is a run of another');
  });

  test('the mean timeit printed (line 7) and `pyperf stats` of the same file prints again (line 17) are one value, read where it is stated last; the first is noted', () => {
    const r = parser.parse(text);
    assert.deepEqual(pick(r.tables.measurements.rows, 7), []);
    assert.ok(
      r.notes.some((n) => n.line === 7 && /stated again at line 17/.test(n.text)),
      r.notes.map((n) => n.text).join('\n'),
    );
  });

  test('pyperf\'s "Mean +- std dev: 4.34 us +- 0.31 us" keeps 0.31 us as the standard deviation, "Median +- MAD" its MAD, as spreads of the value', () => {
    const spread = (line) => rows(text).filter((r) => r.line === line).map((r) => [r.benchmark, r.statistic, r.value, r.spread, r.spread_kind]);
    assert.deepEqual(spread(16), [['outliers.json', 'median', 4.25, 0.05, 'mad']]);
    assert.deepEqual(spread(17), [['outliers.json', 'mean', 4.34, 0.31, 'stdev']]);
  });

  test('pyperf\'s "Raw value minimum: 135 ms" and "maximum: 197 ms" (each the time of all of a value\'s 2^15 loops) are outliers.json\'s raw time, no benchmarks named "Raw value minimum"', () => {
    // tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst, lines 60-65.
    const file = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst'), 'utf8');
    const rs = rows(file);
    assert.deepEqual(pick(rs, 64), [['outliers.json', 'raw_time', 'min', 135, 'ms']]);
    assert.deepEqual(pick(rs, 65), [['outliers.json', 'raw_time', 'max', 197, 'ms']]);
    assert.deepEqual(pick(rs, 76), [['outliers.json', 'time', 'min', 4.12, 'us']]);
  });

  test('pyperf\'s "Total number of values: 60" is how many values the run was set to take: a setting, never ranked as a result', () => {
    assert.deepEqual(
      rows(text)
        .filter((r) => r.line === 13)
        .map((r) => [r.value, r.conditions.role]),
      [[60, 'setting']],
    );
  });
});

describe('a heading that names only the output below it (issue 39)', () => {
  test('pgbench\'s two "## Example output" blocks are the runs of the headings above them ("Test with simple protocol", "Custom script test ...")', () => {
    // tests/fixtures/corpus/pgbench/haproxy-tests-readme.md
    const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/pgbench/haproxy-tests-readme.md'), 'utf8');
    const section = (line) => rows(text).find((r) => r.line === line)?.section;
    assert.equal(section(30), 'Test with simple protocol');
    assert.equal(section(51), 'Custom script test (single statements, transaction pool friendly)');
  });
});

test('what a machine-state command prints at a prompt ("root@host:~# free -h") is no result, up to its first blank line only', () => {
  const text = ['root@host:~# free -h', 'Mem:           3.8Gi       2.0Gi', 'Swap:          3.8Gi     524Ki', '', 'Requests/sec:   1234.5'].join('\n');
  assert.deepEqual(
    rows(text).map((r) => [r.line, r.metric, r.value, r.unit]),
    [[5, 'throughput', 1234.5, 'req/s']],
  );
});

test('pyperf stats\'s "Total number of run: 21" and "Total number of values: 60" under "Outliers" are no count of outliers: the chart says "Outliers" of neither', () => {
  // tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst, lines 36-74: the 9 outliers are counted on line 89.
  const text = ['Outliers', '========', '', '::', '', '    $ python3 -m pyperf stats outliers.json -q', '    Total number of run: 21', '    Total number of values: 60'].join('\n');
  const rs = rows(text);
  assert.deepEqual(
    rs.map((r) => [r.line, r.metric, r.value]),
    [
      [7, 'number_of_run', 21],
      [8, 'number_of_values', 60],
    ],
  );
});

test('"Average transactions per second: 5.22" is a throughput, "The average transaction in second: 10.27" a latency in seconds, and "Total difference of all requests in seconds" (last request minus first) the run\'s duration: no "Latency (unit not stated)" chart of both, no "Total latency"', () => {
  // tests/fixtures/corpus/jmeter-summary/kafkapoc-20180713-readme.md, lines 61-72: a log summary of the run.
  const text = [
    '#### Golden-path Transfer-Prepare:',
    '```bash',
    'Total difference of all requests in seconds: 17.419',
    'Shortest response time in second: 1.112',
    'The average transaction in second: 10.272934065934065',
    'Average transactions per second: 5.224180492565589',
    '```',
  ].join('\n');
  assert.deepEqual(
    rows(text).map((r) => [r.line, r.metric, r.statistic, r.value, r.unit]),
    [
      [3, 'duration', 'total', 17.419, 's'],
      [4, 'latency', 'value', 1.112, 's'],
      [5, 'latency', 'mean', 10.272934065934065, 's'],
      [6, 'throughput', 'mean', 5.224180492565589, 'ops/s'],
    ],
  );
});
