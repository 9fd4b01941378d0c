// Reads right from outside (issue 39): real result files of kinds no adapter names, from
// repositories the atlas had not read (tests/fixtures/corpus/<kind>/, SOURCES.md), read by the generic
// readers with meaning before numbers: what the report sets is a condition, counts are results,
// totals are marked, histogram buckets are no values, data is never a header, and a run repeated
// under one heading is kept, numbered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import * as keyValue from '../data/parsers/key-value/parse.mjs';
import * as table from '../data/parsers/table/parse.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { metricTitle } from '../data/measure/model.mjs';
import { addReport, removeTempRepo, tempRepo } from '../../tests/helpers/temp-repo.mjs';

const corpus = (file) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', file), 'utf8');
const rowsOf = (parser, file) => parser.parse(corpus(file)).tables.measurements.rows;
const at = (rows, line) => rows.filter((r) => r.line === line);

test('pgbench run four times under one heading: every run is kept and numbered, and "tps = … (including / excluding connections establishing)" are two values', () => {
  const rows = rowsOf(keyValue, 'pgbench/pgbouncer-default-benchmark.md');
  const tps = rows.filter((r) => r.metric === 'throughput');
  assert.equal(tps.length, 8);
  assert.deepEqual(
    at(rows, 19).map((r) => [r.benchmark, r.value, r.unit, r.conditions.run]),
    [['tps (excluding connections establishing)', 248.316242, 'ops/s', 1]],
  );
  assert.deepEqual(
    at(rows, 54).map((r) => [r.benchmark, r.value, r.conditions.run]),
    [['tps (including connections establishing)', 250.377666, 4]],
  );
});

test('pgbench\'s "duration: 60 s" is what the run was set to: a condition of its results, never a result', () => {
  const rows = rowsOf(keyValue, 'pgbench/haproxy-tests-readme.md');
  assert.ok(rows.every((r) => r.metric !== 'duration'));
  assert.deepEqual(
    at(rows, 30).map((r) => [r.metric, r.value, r.conditions]),
    [['throughput', 4413.657304, { scaling_factor: 50, clients: 105, threads: 105, duration_s: 60 }]],
  );
});

test('Artillery phases named by their heading ("## duration: 30, arrivalRate: 10") are conditions of the rows under it', () => {
  const rows = rowsOf(keyValue, 'artillery/cost-calculator-load-test-car-notes.md');
  assert.deepEqual(
    rows
      .filter((r) => r.benchmark === 'RPS sent')
      .map((r) => [r.value, r.conditions.duration, r.conditions.arrival_rate]),
    [
      [9.88, 30, 10],
      [98.52, 30, 100],
      [246.75, 30, 500],
      [256.43, 30, 1000],
    ],
  );
});

test('memtier\'s "Totals" row is kept and marked as an aggregate, never one of the rows it sums', () => {
  const rows = rowsOf(table, 'memtier/memc-kv-readme.md');
  const totals = rows.filter((r) => r.benchmark === 'Totals');
  assert.ok(totals.length > 0);
  assert.ok(totals.every((r) => r.conditions.role === 'aggregate'));
  assert.ok(rows.filter((r) => r.benchmark === 'Sets').every((r) => r.conditions.role === undefined));
});

test('fio: "lat (usec): min=371, max=45453, avg=1301.99" is a latency in µs with its statistics; "lat (usec): 500=8.64%" buckets are no latency', () => {
  const r = keyValue.parse(corpus('fio/vps-comparison-fio-libaio-4k.md'));
  const rows = r.tables.measurements.rows;
  assert.deepEqual(
    at(rows, 35).map((x) => [x.benchmark, x.metric, x.statistic, x.value, x.unit]),
    [
      ['lat', 'latency', 'min', 371, 'us'],
      ['lat', 'latency', 'max', 45453, 'us'],
      ['lat', 'latency', 'mean', 1301.99, 'us'],
      ['lat', 'latency', 'stdev', 1983.73, 'us'],
    ],
  );
  assert.deepEqual(
    at(rows, 32).map((x) => [x.benchmark, x.metric, x.value, x.unit]),
    [
      ['write IOPS', 'throughput', 3068, 'ops/s'],
      ['write BW', 'bandwidth', 11, 'MiB/s'],
    ],
  );
  assert.deepEqual(at(rows, 44), []);
  assert.ok(r.notes.some((n) => n.line === 44 && /histogram/.test(n.text)));
});

test('sysbench\'s "response time:" block is read as min, avg, max and 95th percentile, never as a table whose header is "min: 1.91ms"', () => {
  const rows = rowsOf(parsers.document, 'sysbench/mariadb-rocksdb-ro-16.res');
  assert.deepEqual(
    [73, 74, 75, 76].flatMap((l) => at(rows, l)).map((x) => [x.metric, x.statistic, x.value, x.unit]),
    [
      ['latency', 'min', 1.91, 'ms'],
      ['latency', 'mean', 2.72, 'ms'],
      ['latency', 'max', 64.44, 'ms'],
      ['latency', 'p95', 3.38, 'ms'],
    ],
  );
});

test('tsung: "100 Mbits/sec" stays bits per second, and a "Count" column is a count the report gives', () => {
  const rows = rowsOf(table, 'tsung/tsung-copier-noerror-report.md');
  assert.deepEqual(
    at(rows, 16)
      .filter((x) => x.unit === 'Mbit/s')
      .map((x) => [x.metric, x.statistic, x.value]),
    [['bandwidth', 'max', 100]],
  );
});

test("only the report's words are its notes: what a reader left out (tsung's columns with no unit) is printed by add-report, never published as the report's notes, nor a TODO placeholder as its software", () => {
  const root = tempRepo('reader-notes');
  try {
    const file = path.join(ROOT, 'tests/fixtures/corpus/tsung/tsung-copier-noerror-report.md');
    const r = addReport(root, [file, '--date', '2020-11', '--slug', 'tsung-copier-noerror']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /left out: column "Total number" \(line 39\): no unit in its header or cells/);
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports/tsung-copier-noerror.json'), 'utf8'));
    assert.deepEqual(
      doc.notes.filter((n) => /left out of data\/|no unit/.test(n.text)),
      [],
    );
    // Nor is add-report's placeholder for the software still to name published as a software.
    assert.deepEqual(
      doc.software.declared.filter((s) => /TODO/.test(s.name)),
      [],
    );
  } finally {
    removeTempRepo(root);
  }
});

test('wrk\'s README, a draft whose software is still to name, publishes no placeholder: no series label, sentence, table cell or CSV of data/ says "TODO"', () => {
  const root = tempRepo('draft-software');
  try {
    // tests/fixtures/corpus/wrk-text/wrk-readme.md (wg/wrk README.md): its output block, lines 20-27.
    const r = addReport(root, [
      path.join(ROOT, 'tests/fixtures/corpus', 'wrk-text/wrk-readme.md'),
      '--date',
      '2020-01',
      '--slug',
      'wrk-draft',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /software: the software under test/, 'add-report still asks for it');
    const files = fs
      .readdirSync(path.join(root, 'data'), { recursive: true })
      .map(String)
      .filter((f) => /wrk-draft/.test(f) && /\.(csv|json)$/.test(f));
    const text = (f) => fs.readFileSync(path.join(root, 'data', f), 'utf8');
    assert.ok(
      files.some((f) => /748868\.53/.test(text(f))),
      'its Requests/sec (line 26) is published',
    );
    assert.deepEqual(
      files.filter((f) => /TODO/.test(text(f))),
      [],
    );
  } finally {
    removeTempRepo(root);
  }
});

test('siege\'s "Transaction rate: 39.78 trans/sec" and "Transactions: 3820 hits" are read: requests a second and a count', () => {
  const rows = rowsOf(keyValue, 'siege/async-micro-bench-threaded-sinatra.md');
  assert.deepEqual(
    at(rows, 13).map((r) => [r.metric, r.value, r.unit]),
    [['throughput', 39.78, 'req/s']],
  );
  assert.deepEqual(
    at(rows, 8).map((r) => [r.metric, r.value, r.unit]),
    [['requests', 3820, 'count']],
  );
});

test('Dropwizard Metrics\' "mean rate = 78326.40 calls/second" is a mean throughput in operations a second', () => {
  const rows = rowsOf(keyValue, 'dropwizard-metrics/scalecube-lmdb.md');
  assert.deepEqual(
    at(rows, 5).map((r) => [r.metric, r.statistic, r.value, r.unit]),
    [['throughput', 'mean', 78326.4, 'ops/s']],
  );
});

test('benchmark-ips\'s iteration count "29.903M" is 29.903 million, never 29.903 minutes', () => {
  // tests/fixtures/corpus/benchmark-ips/rubymotion-bench-readme.md:34 "Array#[0]  6.044M (±10.6%) i/s -  29.903M"
  const rows = rowsOf(table, 'benchmark-ips/rubymotion-bench-readme.md');
  assert.ok(
    rows.every((r) => r.unit !== 'min'),
    'no value in minutes',
  );
  assert.deepEqual(
    at(rows, 34)
      .filter((r) => r.value === 29.903)
      .map((r) => [r.benchmark, r.value, r.unit]),
    [['Array#[0]', 29.903, 'million']],
  );
  // "735.65k" (line 101) is a count in thousands
  assert.deepEqual(
    at(rows, 101).map((r) => [r.value, r.unit]),
    [[735.65, 'thousand']],
  );
});

test('STREAM\'s "Best Rate MB/s" is the maximum bandwidth of Copy, Scale, Add and Triad, named without their colon', () => {
  // tests/fixtures/corpus/stream/revyos-stream.md:57-61 "Function    Best Rate MB/s  Avg time ..." / "Copy:  8239.8 ..."
  const rows = rowsOf(table, 'stream/revyos-stream.md');
  assert.deepEqual(
    rows
      .filter((r) => r.unit === 'MB/s')
      .map((r) => [r.line, r.benchmark, r.metric, r.statistic, r.value, r.conditions]),
    [
      [58, 'Copy', 'bandwidth', 'max', 8239.8, {}],
      [59, 'Scale', 'bandwidth', 'max', 8119, {}],
      [60, 'Add', 'bandwidth', 'max', 6132.5, {}],
      [61, 'Triad', 'bandwidth', 'max', 6125.3, {}],
    ],
  );
});

test('a recipe item that matches no line is printed by add-report as left out, and the file goes in with what the other items read', () => {
  const root = tempRepo('dead-recipe-item');
  try {
    // Gatling's global_stats.json with its recipe, one hint misspelt ("percentiles9" for "percentiles4").
    const file = path.join(ROOT, 'tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json');
    const kept = fs.readFileSync(`${file}.recipe.yaml`, 'utf8');
    const recipe = path.join(root, 'draft.recipe.yaml');
    fs.writeFileSync(recipe, kept.replace('hint: \'"percentiles4"\'', 'hint: \'"percentiles9"\''));
    const r = addReport(root, [file, '--recipe', recipe, '--date', '2023-08', '--slug', 'orangehrm-dead-item']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /left out: recipe item 8 \("line": "\\"total\\": \{value\},", hint "\\"percentiles9\\""\) matched no line of the file: not read/,
    );
  } finally {
    removeTempRepo(root);
  }
});

test('fio: a block is named by the italic label line above it ("*writes*", "*reads*"), so the reads of one host are never a run 2 of its writes', () => {
  // tests/fixtures/corpus/fio/vps-comparison-fio-libaio-4k.md: "*writes*" (line 23) and "*reads*" (line 66)
  // under "## aws ec2 micro - 990M"; "write: IOPS=3068" at line 32, "read: IOPS=3070" at line 74.
  const rows = rowsOf(keyValue, 'fio/vps-comparison-fio-libaio-4k.md');
  const iops = (line) =>
    at(rows, line)
      .filter((r) => r.unit === 'ops/s')
      .map((r) => [r.section, r.value, r.conditions.run]);
  assert.deepEqual(iops(32), [['aws ec2 micro - 990M / writes', 3068, undefined]]);
  assert.deepEqual(iops(74), [['aws ec2 micro - 990M / reads', 3070, undefined]]);
});

test('sysbench\'s CPU, FILEIO, MEMORY, MUTEX and THREADS blocks are each named by their heading ("CPU BENCHMARKS" over a rule): none is a run 2 of another, and MEMORY\'s block and total size are no settings of MUTEX or THREADS', () => {
  // tests/fixtures/corpus/sysbench-text/container-benchmarks-native.txt (00sapo/Container-benchmarks
  // results.0/native.txt): five blocks, each under its heading underlined with "------" (lines 2, 37, 224, 265, 296).
  const rows = rowsOf(keyValue, 'sysbench-text/container-benchmarks-native.txt');
  const avg = (line) => at(rows, line).map((r) => [r.section, r.metric, r.statistic, r.value, r.unit, r.conditions]);
  assert.deepEqual(avg(27), [['CPU BENCHMARKS', 'latency', 'mean', 43.26, 'ms', { threads: 1 }]]);
  assert.deepEqual(avg(211), [['FILEIO BENCHMARKS', 'latency', 'mean', 0.79, 'ms', { threads: 1 }]]);
  assert.equal(at(rows, 255)[0].section, 'MEMORY BENCHMARKS');
  assert.deepEqual(avg(286), [['MUTEX BENCHMARKS', 'latency', 'mean', 4233.81, 'ms', { threads: 512 }]]);
  assert.deepEqual(avg(317), [['THREADS BENCHMARKS', 'latency', 'mean', 0.71, 'ms', { threads: 1 }]]);
});

test('sysbench 1.0\'s "sum: 480013.24" under "Latency (ms):" is every latency added up, never a latency beside its min, avg, max and 95th percentile', () => {
  // tests/fixtures/corpus/sysbench-text/database-otus-mysql.md, lines 84-89: "Latency (ms):", then "min:",
  // "avg:", "max:", "95th percentile:" and "sum:                               480013.24".
  const rows = rowsOf(keyValue, 'sysbench-text/database-otus-mysql.md');
  assert.deepEqual(
    [85, 86, 87, 88, 89].flatMap((l) => at(rows, l)).map((r) => [r.metric, r.statistic, r.value, r.unit]),
    [
      ['latency', 'min', 5.36, 'ms'],
      ['latency', 'mean', 19.15, 'ms'],
      ['latency', 'max', 3732.79, 'ms'],
      ['latency', 'p95', 21.89, 'ms'],
      ['latency_sum', 'total', 480013.24, 'ms'],
    ],
  );
  // The sum is a total of the latencies (an aggregate, never ranked), titled as what it is.
  assert.equal(at(rows, 89)[0].conditions.role, 'aggregate');
  assert.equal(metricTitle('latency_sum'), 'Sum of latencies');
  assert.ok(rows.every((r) => r.metric !== 'latency' || r.value < 480013.24));
});

test('siege\'s request log ("HTTP/1.1 200     0.03 secs:     383 bytes ==> GET  /get", ten lines) is no benchmark: only its summary is read', () => {
  // tests/fixtures/corpus/siege/envoy-gcp-benchmarking.md: the log at lines 82-91, the summary at 94-105.
  const rows = rowsOf(keyValue, 'siege/envoy-gcp-benchmarking.md');
  assert.deepEqual(
    rows.filter((r) => r.line >= 82 && r.line <= 91).map((r) => r.benchmark),
    [],
  );
  assert.deepEqual(
    [94, 99].flatMap((l) => at(rows, l)).map((r) => [r.benchmark, r.metric, r.value, r.unit]),
    [
      ['Transactions', 'requests', 1019, 'count'],
      ['Transaction rate', 'throughput', 98.17, 'req/s'],
    ],
  );
});

test('what "systemctl status mysql.service" prints ("Memory: 428.7M", "CPU: 778ms") is the service\'s state, never a result beside the sysbench run', () => {
  // tests/fixtures/corpus/sysbench-text/database-otus-mysql.md: the command at line 4, its output at 5-15.
  const rows = rowsOf(keyValue, 'sysbench-text/database-otus-mysql.md');
  assert.deepEqual(
    rows.filter((r) => r.line < 58).map((r) => [r.line, r.benchmark, r.value]),
    [],
  );
  assert.deepEqual(
    at(rows, 75).map((r) => [r.metric, r.value, r.unit]),
    [
      ['requests', 25068, 'count'],
      ['throughput', 417.7, 'ops/s'],
    ],
  );
});

test('a table row that only names a group ("| **insert** | | |") names the rows beneath it: "insert_after_clone" is one of the insert benchmarks, never a group of its own', () => {
  // tests/fixtures/corpus/table/e2-piece-tree-readme.md: "| **insert** | | |" at line 183 over
  // "| `insert_after_clone` | 537.7 ± 5.19 ns | 1562.7 ± 100.31 ns |" at line 184; "**remove**" at 201.
  const rows = rowsOf(table, 'table/e2-piece-tree-readme.md');
  const groups = (line) => [...new Set(at(rows, line).map((r) => `${r.benchmark} in ${r.conditions.group}`))];
  assert.deepEqual(groups(184), ['insert_after_clone in insert']);
  assert.deepEqual(groups(202), ['remove_initial_after_clone in remove']);
  assert.deepEqual(groups(167), ['get/byte in get']);
  assert.deepEqual(
    at(rows, 184).map((r) => [r.conditions.column, r.value, r.unit]),
    [
      ['e2-piece-tree', 537.7, 'ns'],
      ["ropey's Rope", 1562.7, 'ns'],
    ],
  );
  // The group rows hold no value of their own.
  assert.deepEqual(at(rows, 183), []);
});

test('a LaTeX tabular is named by the \\subsection it stands in ("CPU-Bound Workload", "Minimal WASI Module (hello-wasm)"), never by the "\\centering" line above it', () => {
  // tests/fixtures/corpus/latex-table/rsx207-wasm-bench-report.tex: "\subsection{CPU-Bound Workload}" (line 449)
  // over a tabular whose Wasmtime row is at line 458; "\subsection{Minimal WASI Module (hello-wasm)}"
  // (line 485) over one whose Wasmtime row is at line 496; each tabular under "\begin{table}[h]" and "\centering".
  const rows = rowsOf(table, 'latex-table/rsx207-wasm-bench-report.tex');
  const mean = (line) =>
    at(rows, line)
      .filter((r) => r.statistic === 'mean')
      .map((r) => [r.section, r.benchmark, r.value, r.unit, r.conditions.table]);
  // "CPU-Bound Workload" is a subsection of the workloads (line 219) and of the results: this one is the results'.
  assert.deepEqual(mean(458), [['Results / CPU-Bound Workload', 'Wasmtime', 190.85, 'ms', undefined]]);
  assert.deepEqual(mean(496), [['Minimal WASI Module (hello-wasm)', 'Wasmtime', 13.03, 'ms', undefined]]);
  assert.ok(
    rows.every((r) => !/\\/.test(r.conditions.table ?? '')),
    'no table named by a LaTeX command',
  );
});

test("a k6 summary's bare Error 0% is an error rate of its own, never the spread of the RPS beside it (SE4458 airline README: Query Flight, 20 VUs, 1028.9 req/s)", () => {
  const rows = at(rowsOf(table, 'table/se4458-airline-ticketing-readme.md'), 377);
  const rps = rows.find((r) => r.metric === 'throughput');
  assert.deepEqual(
    [rps.benchmark, rps.value, rps.unit, rps.conditions.concurrency],
    ['Query Flight', 1028.9, 'req/s', 20],
  );
  assert.equal(rps.spread ?? null, null, 'RPS has no spread: the Error column beside it is no spread of it');
  assert.deepEqual(
    rows.filter((r) => r.metric === 'error_rate').map((r) => [r.value, r.unit]),
    [[0, '%']],
  );
});
