// Kinds no adapter names go in with add-report and no code, read by the generic readers: a Markdown
// load-test report of `Label: number` lines (units in its headings, its settings as conditions), a
// sysbench 0.5 output, a JSON report and a results CSV, each with its headline numbers in data/ at
// their seed lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';
import { csvRecords } from '../../tests/helpers/site.mjs';
import { tempRepo, removeTempRepo, addReport } from '../../tests/helpers/temp-repo.mjs';

const FIXTURES = path.join(ROOT, 'scripts/data/parsers/key-value/fixtures');
const run = addReport;
/** The rows of a report's measurements.csv as objects (every cell text, as a reader sees it). */
const measurements = (root, slug) =>
  csvRecords(fs.readFileSync(path.join(root, 'data/tables', slug, 'measurements.csv'), 'utf8'));

test(
  'a load-test report and a sysbench output, no adapter for either, go in as key-value with their headline numbers',
  { timeout: 180_000 },
  () => {
    const root = tempRepo('generic');
    try {
      const a = run(root, [path.join(FIXTURES, 'tutortoise-load-test-report.md'), '--date', '2024-11']);
      assert.equal(a.status, 0, a.stderr);
      assert.match(a.stdout, /format key-value/);
      const p95 = measurements(root, 'load-test-report').find((r) => r.line === '26');
      assert.deepEqual(
        [p95.metric, p95.statistic, p95.value, p95.unit, p95.concurrency],
        ['latency', 'p95', '5.71', 'ms', '50'],
      );

      const b = run(root, [
        path.join(FIXTURES, 'mariadb-sysbench-ro-16-excerpt.res'),
        '--date',
        '2016',
        '--title',
        'MariaDB sysbench read-only, 16 threads',
      ]);
      assert.equal(b.status, 0, b.stderr);
      const tps = measurements(root, 'mariadb-sysbench-read-only-16-threads').filter((r) => r.line === '20');
      assert.deepEqual(
        tps.map((r) => [r.metric, r.statistic, r.value, r.unit, r.threads]),
        [
          ['requests', 'total', '2513673', 'count', '16'],
          ['throughput', 'mean', '8323.37', 'ops/s', '16'],
        ],
      );
    } finally {
      removeTempRepo(root);
    }
  },
);

test(
  'a JSON report of a shape no adapter knows goes in as json-walk, its units from its key words',
  { timeout: 180_000 },
  () => {
    const root = tempRepo('generic-json');
    try {
      const file = path.join(ROOT, 'scripts/data/parsers/json-walk/fixtures/akidb-baseline-quick.json');
      const r = run(root, [file, '--date', '2025-11', '--title', 'akidb baseline load test, quick']);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /format json-walk/);
      const p99 = measurements(root, 'akidb-baseline-load-test-quick').find((x) => x.statistic === 'p99');
      assert.deepEqual([p99.metric, p99.value, p99.unit], ['latency', '1.805', 'ms']);
    } finally {
      removeTempRepo(root);
    }
  },
);

test('add-report prints what it skipped: a value whose unit the atlas does not know, with its line', () => {
  const file = path.join(FIXTURES, 'akidb-baseline-quick.md');
  const r = spawnSync(process.execPath, ['scripts/add-report/add-report.mjs', file, '--date', '2025', '--dry-run'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /left out: line 42: "Growth: 0\.00 MB\/min" not read: "MB\/min" is not a unit this atlas knows/,
  );
  // "Duration: 300.0 seconds" (line 9) is what the run was set to: a condition, not a result.
  assert.match(r.stdout, /key-value at lines 10-13, line 30/);
});

test(
  'a results CSV no adapter names goes in as delimited: QPS a rate of queries, p99 latency in ms, Total Reqs a count of requests, concurrency a condition',
  { timeout: 180_000 },
  () => {
    const root = tempRepo('generic-csv');
    try {
      const file = path.join(ROOT, 'scripts/data/parsers/delimited/fixtures/concurrent-servers-benchmark-results.csv');
      const r = run(root, [file, '--date', '2026-02', '--title', 'Concurrent servers, sequential to epoll']);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /format delimited/);
      const select = measurements(root, 'concurrent-servers-sequential-epoll').filter((x) => x.line === '5');
      assert.deepEqual(select.map((x) => [x.metric, x.statistic, x.value, x.unit, x.concurrency]).sort(), [
        ['duration', 'value', '5.07', 's', '100'],
        ['latency', 'mean', '0.94', 'ms', '100'],
        ['latency', 'p99', '2.51', 'ms', '100'],
        ['requests', 'total', '531345', 'count', '100'],
        ['throughput', 'value', '104803.14', 'queries/s', '100'],
      ]);
    } finally {
      removeTempRepo(root);
    }
  },
);

// Issue 32: at least three real files per class go in with add-report and no code. Each class's files are
// golden-tested by its reader (scripts/data/parsers/<reader>/parse.test.mjs, sources in each fixtures
// README); here one file of each class goes through add-report into one atlas, with its headline numbers.
test(
  'one real file of each class goes in with add-report and no code: benchstat, a Chinese table, pgbench, a df -h report, walked JSON, memtier',
  { timeout: 400_000 },
  () => {
    const root = tempRepo('generic-classes');
    const parsersDir = path.join(ROOT, 'scripts/data/parsers');
    const add = (file, date, title) => {
      const r = run(root, [path.join(parsersDir, file), '--date', date, '--title', title]);
      assert.equal(r.status, 0, r.stderr);
      return r;
    };
    const row = (slug, line, metric, extra = () => true) => {
      const rows = measurements(root, slug).filter((x) => x.line === String(line) && x.metric === metric && extra(x));
      assert.equal(rows.length, 1, `${slug}:${line} ${metric}: ${JSON.stringify(rows)}`);
      return rows[0];
    };
    try {
      // Compound cells and prefixed numbers (benchstat): 96.61m under sec/op is 96.61 ms, the change keeps p.
      add('table/fixtures/ccf-benchstat.md', '2023-02', 'CCF and JSON-CDC encoding, benchstat');
      const t = row('ccf-json-cdc-encoding-benchstat', 103, 'time', (x) => /json/.test(x.column));
      assert.deepEqual(
        [t.value, t.unit, t.statistic, t.package],
        ['96.61', 'ms', 'value', 'github.com/onflow/cadence/encoding/ccf'],
      );
      const c = row('ccf-json-cdc-encoding-benchstat', 103, 'time_change');
      assert.deepEqual([c.value, c.unit, c.runs], ['-26.79', '%', '10']);
      assert.deepEqual(
        [row('ccf-json-cdc-encoding-benchstat', 115, 'allocations', (x) => /json/.test(x.column))].map((x) => [
          x.value,
          x.unit,
        ]),
        [['756.6', 'Kallocs/op']],
      );

      // A table with Chinese headings: qps "50K" is 50 thousand queries a second, 平均响应时间 the mean latency.
      add(
        'table/fixtures/web-server-bench-tencent-localhost.md',
        '2025-11',
        'Web frameworks on a 2-core Tencent VM, wrk',
      );
      const q = row('web-frameworks-2-core-tencent-vm-wrk', 30, 'throughput');
      assert.deepEqual([q.benchmark, q.value, q.unit], ['gin', '50', 'Kqueries/s']);
      const l = row('web-frameworks-2-core-tencent-vm-wrk', 30, 'latency', (x) => x.statistic === 'mean');
      assert.deepEqual([l.value, l.unit], ['1.97', 'ms']);

      // TPS in a key-value output, its settings as conditions.
      add('key-value/fixtures/haproxy-pgbench-readme.md', '2025', 'HAProxy in front of PostgreSQL, pgbench');
      const tps = row('haproxy-front-postgresql-pgbench', 30, 'throughput');
      assert.deepEqual([tps.value, tps.unit, tps.clients, tps.threads], ['4413.657304', 'ops/s', '105', '105']);

      // A report with a machine's df -h above each run: its ops/sec go in, no df -h line does.
      add(
        'key-value/fixtures/vps-comparison-protostuffdb-get.md',
        '2017-12',
        'protostuffdb get on eleven VPS, leveldb and hyperleveldb',
      );
      const ops = row('protostuffdb-get-eleven-vps-leveldb-hyperleveldb', 44, 'throughput');
      assert.deepEqual([ops.value, ops.unit], ['207723', 'ops/s']);
      assert.ok(
        measurements(root, 'protostuffdb-get-eleven-vps-leveldb-hyperleveldb').every(
          (x) => !(Number(x.line) >= 29 && Number(x.line) <= 35),
        ),
      );

      // JSON of a shape no adapter knows, walked: req_sec a rate, latency_ms.p99 in ms.
      add('json-walk/fixtures/nyx-benchmarks-results.json', '2026-02', 'Nyx HTTP and WebSocket benchmark');
      const p99 = row('nyx-http-websocket-benchmark', 13, 'latency');
      assert.deepEqual([p99.statistic, p99.value, p99.unit, p99.concurrency], ['p99', '1081.559', 'ms', '128']);

      // memtier: ops/sec a rate; its latency distribution is left out, not refused for repeated rows.
      const m = add('table/fixtures/memc-kv-memtier-excerpt.md', '2022', 'memc-kv and memcached, memtier_benchmark');
      assert.match(
        m.stdout,
        /:85: expected results, found a latency distribution \(buckets and their share\) \(lines 85-460 left out\)/,
      );
      const mops = row('memc-kv-memcached-memtier-benchmark', 76 + 3, 'throughput', (x) => x.benchmark === 'Gets');
      assert.deepEqual([mops.value, mops.unit], ['6437.99', 'ops/s']);
    } finally {
      removeTempRepo(root);
    }
  },
);
