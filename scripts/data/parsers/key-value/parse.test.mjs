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

  test('ghz: each run under its own heading, percentiles from "95 % in 4.08 s", a value with no unit listed as not read', () => {
    const r = parser.parse(fixture('weebi-ghz.md'));
    const rs = r.tables.measurements.rows;
    assert.deepEqual(pick(rs, 44), [['Latency distribution', 'latency', 'p95', 4.08, 's']]);
    assert.deepEqual(pick(rs, 36), [['Requests/sec', 'throughput', 'value', 0.55, 'req/s']]);
    assert.ok(r.notes.some((n) => n.line === 14 && /Slowest: 3.915" not read: it states no unit/.test(n.text)));
  });

  test('QPS is a rate; a target (">95 QPS") and a unit the atlas does not know are not read as results', () => {
    const r = parser.parse(fixture('akidb-baseline-quick.md'));
    const rs = r.tables.measurements.rows;
    assert.deepEqual(pick(rs, 30), [['Throughput', 'throughput', 'mean', 100.3, 'ops/s']]);
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
  test('vps-comparison: "elapsed ms: 48,141 | ops/sec: 207,723 | ..." gives each pair; the df -h above is no result', () => {
    const rs = rows(fixture('vps-comparison-protostuffdb-get.md'));
    const full = (line) => rs.filter((x) => x.line === line).map((x) => [x.benchmark, x.metric, x.value, x.unit, x.section]);
    assert.deepEqual(full(44), [
      ['elapsed ms', 'time', 48141, 'ms', 'aws ec2 micro - 990M / leveldb'],
      ['ops/sec', 'throughput', 207723, 'ops/s', 'aws ec2 micro - 990M / leveldb'],
      ['response body bytes', 'transferred', 80, 'B', 'aws ec2 micro - 990M / leveldb'],
    ]);
    // hyperleveldb on the same machine is its own section, not a repeat dropped.
    assert.deepEqual(full(52)[1], ['ops/sec', 'throughput', 179817, 'ops/s', 'aws ec2 micro - 990M / hyperleveldb']);
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
