// Tests of the table fallback: golden fixtures from real READMEs (a Markdown pipe table with units in
// its headers and group rows, an RST grid table with units in its cells, an HTML table with two
// header rows, a whitespace table in a code block), bad input (a table cut off, each an InputError at
// its line), and what is never guessed (a column of unknown unit is named in the notes).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { convert } from '../../measure/units.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const doc = (...lines) => lines.join('\n') + '\n';
const rowsOf = (text) => parser.parse(text).tables.measurements?.rows ?? [];
const brief = (r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.line];

// The fallback is not in the registry until the pipeline tries it last: check detect() against every format all the same.
describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), { ...parsers, [parser.format]: parser }));

describe('bad input', () => {
  test('no table at all', () => rejectsAt(parser.parse, 'Just prose.\n', 0, 'a table whose columns hold numbers', 'none'));

  test('an RST grid table cut off before its bottom border', () => {
    const text = doc('+------+-----------+', '| Lib  | Time (ms) |', '+======+===========+', '| a    | 1.5       |', '+------+-----------+', '| b    | 2.5       |');
    rejectsAt(parser.parse, text, 7, 'the table closed by its bottom border (+----+)', /cut off/);
    assert.equal(parser.detect(text), false);
  });

  test('an HTML table cut off before </table>', () => {
    const text = doc('# R', '', '<table>', '<tr><th>Lib</th><th>Time (ms)</th></tr>', '<tr><td>a</td><td>1.5</td></tr>');
    rejectsAt(parser.parse, text, 6, 'the table closed by </table>', /cut off/);
  });

  test('a column of unknown unit is not guessed: kept out of the rows and named in the notes', () => {
    const text = doc('## Results', '', '| Lib | Score | Time (ms) |', '|---|---|---|', '| a | 12 | 1.5 |', '| b | 0.7 | 2.5 |');
    const r = parser.parse(text);
    assert.deepEqual(r.tables.measurements.rows.map(brief), [
      ['a', 'time', 'value', 1.5, 'ms', 5],
      ['b', 'time', 'value', 2.5, 'ms', 6],
    ]);
    assert.deepEqual(r.notes, [{ text: 'column "Score" (line 3): no unit in its header or cells; left out of data/', line: 3 }]);
  });

  test('a column left out for a formula-like first cell is said to be left out, not kept', () => {
    const text = doc('| Lib | Latency (ms) | Time (ms) |', '|---|---|---|', "| a | -1+cmd!A0 | 1 |", '| b | 3 | 2 |');
    const r = parser.parse(text);
    assert.deepEqual(r.notes.map((n) => n.text), ['column "Latency (ms)" (line 1): numbers with a suffix or unit it does not know ("-1+cmd!A0"); left out of data/']);
    assert.ok(r.tables.measurements.rows.every((row) => row.metric === 'time'));
  });

  test('a table whose only numbers have no unit is not detected, and parses to notes only', () => {
    const text = doc('| Lib | Score |', '|---|---|', '| a | 12 |', '| b | 13 |');
    assert.equal(parser.detect(text), false);
    assert.deepEqual(parser.parse(text).tables, {});
    assert.equal(parser.parse(text).notes.length, 1);
  });

  test('a spread in another unit than its value is refused at its line', () => {
    const text = doc('| Lib | Time |', '|---|---|', '| a | 1.2 ms ± 3 req/s |', '| b | 1.0 ms |');
    rejectsAt(parser.parse, text, 3, "a spread in the value's unit (ms)", '"1.2 ms ± 3 req/s"');
  });
});

describe('columns', () => {
  test('parameter columns are conditions; units from headers and cells; ± spreads; statistics from words', () => {
    const text = doc(
      '## Sweep',
      '',
      '| Server | Mode | Threads | Connections | Requests/sec | Avg Latency (ms) | p99 | Memory | ± |',
      '|---|---|--:|--:|--:|--:|--:|--:|--:|',
      '| nginx | tls | 4 | 100 | 12,000.5 | 1.23 ± 0.05 | 9.1 ms | 12 MB | 1 |',
      '| caddy | tls | 8 | 200 | 9,000 | 2.5 (+/- 0.2) | 12 ms | 20 MB | 2 |',
    );
    const rows = rowsOf(text);
    assert.deepEqual(rows.map(brief), [
      ['nginx', 'throughput', 'value', 12000.5, 'req/s', 5],
      ['nginx', 'latency', 'mean', 1.23, 'ms', 5],
      ['nginx', 'time', 'p99', 9.1, 'ms', 5],
      ['nginx', 'memory', 'value', 12, 'MB', 5],
      ['caddy', 'throughput', 'value', 9000, 'req/s', 6],
      ['caddy', 'latency', 'mean', 2.5, 'ms', 6],
      ['caddy', 'time', 'p99', 12, 'ms', 6],
      ['caddy', 'memory', 'value', 20, 'MB', 6],
    ]);
    assert.deepEqual(rows[0].conditions, { mode: 'tls', threads: 4, connections: 100 });
    assert.deepEqual([rows[1].spread, rows[1].spread_kind, rows[5].spread], [0.05, 'error', 0.2]);
    assert.deepEqual([rows[3].spread, rows[7].spread], [1, 2], 'a ± column is the spread of the column before it');
    assert.equal(rows[0].section, 'Sweep');
  });

  test('a whitespace table in plain text and an RST simple table', () => {
    const text = doc('Results', '=======', '', 'Lib     Time (ns/op)   Allocs (allocs/op)', 'fast    12.5           0', 'slow    40             3', '', '=====  =========', 'Lib    Speed', '=====  =========', 'a      12 ops/s', 'b      13 ops/s', '=====  =========', '');
    assert.deepEqual(rowsOf(text).map(brief), [
      ['fast', 'time', 'value', 12.5, 'ns', 5],
      ['fast', 'allocations', 'value', 0, 'allocs/op', 5],
      ['slow', 'time', 'value', 40, 'ns', 6],
      ['slow', 'allocations', 'value', 3, 'allocs/op', 6],
      ['a', 'throughput', 'value', 12, 'ops/s', 11],
      ['b', 'throughput', 'value', 13, 'ops/s', 12],
    ]);
  });

  test('parameter columns keep their own name, with the unit of their header', () => {
    const text = doc('| Lib | Conns | Rows | Payload (bytes) | Time (ms) |', '|---|---|---|---|---|', '| a | 10 | 1000 | 512 | 1.5 |', '| b | 20 | 2000 | 1024 | 2.5 |');
    assert.deepEqual(rowsOf(text)[1].conditions, { connections: 20, rows: 2000, payload_bytes: 1024 });
  });

  test('the spans are the tables that gave rows', () => {
    const text = doc('| a | b (ms) |', '|---|---|', '| x | 1 |', '', 'text', '', '| c | d |', '|---|---|', '| y | z |');
    assert.deepEqual(parser.parse(text).spans, [[1, 3]]);
  });
});

describe('columns and tables that would be the same measurements (issue 31: one flaw refuses the whole file)', () => {
  test('SET, GET and INCR columns of one metric keep their header as the condition column (Cguilliman/queue-comp)', () => {
    const text = doc(
      '| Configuration | SET Ops Time (s) | SET Ops/s | GET Ops Time (s) | GET Ops/s | INCR Ops Time (s) | INCR Ops/s |',
      '|---|---|---|---|---|---|---|',
      '| Redis: rdb [save 2 10] | 26.07 | 7672.19 | 31.52 | 6344.60 | 25.67 | 7790.63 |',
      '| Beanstalkd | 28.40 | 7041.85 | 60.60 | 3300.11 | - | - |',
    );
    assert.deepEqual(
      rowsOf(text).map((r) => [...brief(r), r.conditions.column]),
      [
        ['Redis: rdb [save 2 10]', 'time', 'value', 26.07, 's', 3, 'SET Ops Time (s)'],
        ['Redis: rdb [save 2 10]', 'throughput', 'value', 7672.19, 'ops/s', 3, 'SET Ops/s'],
        ['Redis: rdb [save 2 10]', 'time', 'value', 31.52, 's', 3, 'GET Ops Time (s)'],
        ['Redis: rdb [save 2 10]', 'throughput', 'value', 6344.6, 'ops/s', 3, 'GET Ops/s'],
        ['Redis: rdb [save 2 10]', 'time', 'value', 25.67, 's', 3, 'INCR Ops Time (s)'],
        ['Redis: rdb [save 2 10]', 'throughput', 'value', 7790.63, 'ops/s', 3, 'INCR Ops/s'],
        ['Beanstalkd', 'time', 'value', 28.4, 's', 4, 'SET Ops Time (s)'],
        ['Beanstalkd', 'throughput', 'value', 7041.85, 'ops/s', 4, 'SET Ops/s'],
        ['Beanstalkd', 'time', 'value', 60.6, 's', 4, 'GET Ops Time (s)'],
        ['Beanstalkd', 'throughput', 'value', 3300.11, 'ops/s', 4, 'GET Ops/s'],
      ],
    );
  });

  test('a column whose metric no other column shares keeps no column condition', () => {
    const text = doc('| Lib | Latency (ms) | Throughput (req/s) |', '|---|---|---|', '| a | 1.5 | 900 |');
    assert.deepEqual(rowsOf(text).map((r) => r.conditions), [{}, {}]);
  });

  test('two tables of one section with the same rows are told apart by the line above each, else their lines', () => {
    const table = (set, get) => ['| Command | Requests/sec |', '|---|---|', `| SET | ${set} |`, `| GET | ${get} |`];
    const text = doc('# Results', '', 'Without pipelining:', '', ...table(100000, 120000), '', 'With **pipelining** (-P 16):', '', ...table(900000, 990000), '', ...table(5, 6));
    assert.deepEqual(
      rowsOf(text).map((r) => [r.benchmark, r.value, r.line, r.conditions.table]),
      [
        ['SET', 100000, 7, 'Without pipelining'],
        ['GET', 120000, 8, 'Without pipelining'],
        ['SET', 900000, 14, 'With pipelining (-P 16)'],
        ['GET', 990000, 15, 'With pipelining (-P 16)'],
        ['SET', 5, 19, 'lines 17–20'],
        ['GET', 6, 20, 'lines 17–20'],
      ],
    );
  });

  test('tables of other sections or other rows keep no table condition', () => {
    const table = (name) => ['| Command | Requests/sec |', '|---|---|', `| ${name} | 1 |`];
    const text = doc('# A', '', ...table('SET'), '', ...table('GET'), '', '# B', '', ...table('SET'));
    assert.deepEqual(rowsOf(text).map((r) => r.conditions), [{}, {}, {}]);
  });
});

describe('compound cells (issue 32)', () => {
  const full = (r) => [r.benchmark, r.metric, r.value, r.unit, r.spread, r.spread_kind, r.runs, r.conditions];

  test('a count with named parts reads the total as the value and each part as a row of its own metric', () => {
    const text = doc('| Request | Requests | Mean (ms) |', '|---|---|---|', '| Global | 18671 (OK=18000 KO=671) | 12 |');
    assert.deepEqual(rowsOf(text).map(full).slice(0, 3), [
      ['Global', 'requests', 18671, 'count', null, '', null, {}],
      ['Global', 'requests_ok', 18000, 'count', null, '', null, {}],
      ['Global', 'requests_ko', 671, 'count', null, '', null, {}],
    ]);
  });

  test('a benchstat change "+0.24% (p=0.008 n=10)" reads as +0.24 %, 10 runs, p kept', () => {
    const text = doc('| name | delta |', '|---|---|', '| Encode | +0.24% (p=0.008 n=10) |', '| Decode | -1.50% (p=0.000 n=10) |');
    assert.deepEqual(rowsOf(text).map(full), [
      ['Encode', 'delta', 0.24, '%', null, '', 10, { p_value: 0.008 }],
      ['Decode', 'delta', -1.5, '%', null, '', 10, { p_value: 0 }],
    ]);
  });

  test('a spread in percent ("1.2 ms ±3%") is made absolute in ms and the column says so; "1.2 ± 0.1 ms" is kept', () => {
    const text = doc('| Lib | Time |', '|---|---|', '| a | 1.2 ms ±3% |', '| b | 1.2 ± 0.1 ms |');
    const r = parser.parse(text);
    assert.deepEqual(r.tables.measurements.rows.map(full), [
      ['a', 'time', 1.2, 'ms', 0.036, 'error', null, {}],
      ['b', 'time', 1.2, 'ms', 0.1, 'error', null, {}],
    ]);
    assert.match(r.notes[0].text, /^column "Time" \(line 1\): a spread given in percent/);
  });
});

describe('benchstat tables: a prefix on the number, the unit in the header (issue 32)', () => {
  const ccf = fs.readFileSync(path.join(here, 'fixtures/ccf-benchstat.md'), 'utf8');
  const at = (rows, line) => rows.filter((r) => r.line === line).map((r) => [r.metric, r.value, r.unit, r.conditions.column ?? '', convert(r.value, r.unit, BASE[r.metric] ?? r.unit)]);
  const BASE = { time: 's', memory: 'B/op', allocations: 'allocs/op' };

  test('"96.61m" under "sec/op" is 96.61 ms (milli, never minutes), each of the old and new column kept apart', () => {
    assert.deepEqual(at(rowsOf(ccf), 103), [
      ['time', 96.61, 'ms', 'bench_json_events_48k.log sec/op', 0.09661],
      ['time', 70.73, 'ms', 'bench_ccf_events_48k.log sec/op', 0.07073],
      ['time_change', -26.79, '%', '', -26.79],
    ]);
  });

  test('benchstat\'s "geomean" row (line 105) is kept and marked as an aggregate of the benchmarks above it, never ranked with them', () => {
    const rows = rowsOf(ccf);
    assert.deepEqual(
      rows.filter((r) => r.line === 105).map((r) => [r.benchmark, r.metric, r.value, r.unit, r.conditions.role]),
      [
        ['geomean', 'time', 250.1, 'ms', 'aggregate'],
        ['geomean', 'time', 105.5, 'ms', 'aggregate'],
        ['geomean', 'time_change', -57.81, '%', 'aggregate'],
      ],
    );
    assert.deepEqual(
      rows.filter((r) => r.line === 103).map((r) => r.conditions.role),
      [undefined, undefined, undefined],
    );
  });

  test('"32.45Mi" under "B/op" is 32.45 MiB/op (binary), "756.6k" under "allocs/op" is 756.6 thousand (decimal)', () => {
    const rows = rowsOf(ccf);
    assert.deepEqual(at(rows, 109)[0], ['memory', 32.45, 'MiB/op', 'bench_json_events_48k.log B/op', 32.45 * 1024 ** 2]);
    assert.deepEqual(at(rows, 115).slice(0, 2), [
      ['allocations', 756.6, 'Kallocs/op', 'bench_json_events_48k.log allocs/op', 756600],
      ['allocations', 370.4, 'Kallocs/op', 'bench_ccf_events_48k.log allocs/op', 370400],
    ]);
    assert.deepEqual(at(rows, 116)[0].slice(0, 3), ['allocations', 4.746, 'Mallocs/op']);
  });

  test('pgo-talk: "-13.11% (n=100)" is a change of 100 runs, and two "Results" of two packages stay apart by the pkg line above', () => {
    const md = fs.readFileSync(path.join(here, 'fixtures/pgo-talk-slides-benchstat.md'), 'utf8');
    const rows = rowsOf(md);
    const first = (line, metric) => rows.find((r) => r.line === line && r.metric === metric);
    assert.deepEqual([first(137, 'time_change').value, first(137, 'time_change').runs], [-13.11, 100]);
    assert.deepEqual(
      [137, 172].map((l) => [first(l, 'time').value, first(l, 'time').unit, first(l, 'time').conditions.package]),
      [
        [5.263, 'ms', 'github.com/krzysztofdrys/pgo-talk/benchmarks/json'],
        [5.151, 'ms', 'github.com/krzysztofdrys/pgo-talk/benchmarks/json-iterator'],
      ],
    );
  });

  test('"7.817µ" is 7.817 µs and "8.000 ± 0%" under "allocs / op" is 8 allocs/op, not 8 %', () => {
    const md = fs.readFileSync(path.join(here, 'fixtures/gosmartmap-benchstat.md'), 'utf8');
    const rows = rowsOf(md);
    assert.deepEqual(at(rows, 11)[0].slice(0, 3), ['time', 7.817, 'us']);
    assert.deepEqual(at(rows, 18)[0].slice(0, 3), ['memory', 8.784, 'KiB/op']);
    assert.deepEqual(at(rows, 25)[0].slice(0, 3), ['allocations', 8, 'allocs/op']);
  });
});

describe('headings in other languages (issue 32)', () => {
  test('Chinese, German, Spanish and Russian headings keep throughput, latency and memory from the words and units', () => {
    const cn = doc('| 框架 | 吞吐量 | 延迟 | 内存 |', '|---|---|---|---|', '| a | 5,000 req/s | 12.3 ms | 64 MB |');
    assert.deepEqual(rowsOf(cn).map((r) => [r.metric, r.value, r.unit]), [
      ['throughput', 5000, 'req/s'],
      ['latency', 12.3, 'ms'],
      ['memory', 64, 'MB'],
    ]);
    const mixed = doc('| Name | Durchsatz | Latencia | Задержка | 大小 |', '|---|---|---|---|---|', '| a | 5,000 req/s | 12.3 ms | 4 ms | 64 MB |');
    assert.deepEqual(rowsOf(mixed).map((r) => [r.metric, r.value, r.unit]), [
      ['throughput', 5000, 'req/s'],
      ['latency', 12.3, 'ms'],
      ['latency', 4, 'ms'],
      ['memory', 64, 'MB'],
    ]);
  });
});

describe('a real report with Chinese headings (issue 32)', () => {
  test('web-server-bench: qps "50K" is 50 thousand queries a second, 平均响应时间 latency mean, 最大响应时间 latency max, 错误 a condition by its place', () => {
    const md = fs.readFileSync(path.join(here, 'fixtures/web-server-bench-tencent-localhost.md'), 'utf8');
    const rows = rowsOf(md).filter((r) => r.line === 30);
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions]),
      [
        ['gin', 'throughput', 'value', 50, 'Kqueries/s', { column_6: '无' }],
        ['gin', 'latency', 'mean', 1.97, 'ms', { column_6: '无' }],
        ['gin', 'latency', 'max', 28.52, 'ms', { column_6: '无' }],
      ],
    );
    assert.equal(convert(rows[0].value, rows[0].unit, 'queries/s'), 50000);
  });
});

describe('a real memtier report (issue 32): ops/sec a rate, a setting column a condition, its latency distribution left out', () => {
  const md = fs.readFileSync(path.join(here, 'fixtures/memc-kv-memtier-excerpt.md'), 'utf8');
  test('"ops/sec" is a rate and "server thread number" a condition, so two runs on one machine stay apart', () => {
    const rows = rowsOf(md);
    const ops = (line) => rows.filter((r) => r.line === line && r.metric === 'throughput').map((r) => [r.benchmark, r.value, r.unit, r.conditions]);
    // Two tables of one heading keep apart by the lines they stand on (the table condition).
    const t = { platform: 'on M1 Max', table: 'lines 30–38' };
    assert.deepEqual(ops(35), [['memc-kv', 15449, 'ops/s', { ...t, server_thread_number: 4 }]]);
    assert.deepEqual(ops(37), [['memc-kv', 15418, 'ops/s', { ...t, server_thread_number: 8 }]]);
  });
  test('memtier\'s "Request Latency Distribution" (Type, <= msec, Percent) is not read as results, and says so', () => {
    const r = parser.parse(md);
    assert.ok(r.tables.measurements.rows.every((x) => x.line < 85 || x.line > 460));
    assert.deepEqual(
      r.not_read.find((n) => n.line === 85),
      { from: 85, to: 460, line: 85, why: 'expected results, found a latency distribution (buckets and their share)' },
    );
  });
});

describe('real reports with German and Japanese headings (issue 32)', () => {
  const read = (name) => rowsOf(fs.readFileSync(path.join(here, 'fixtures', name), 'utf8'));
  test('salesflow-ai: "Durchschnitt" is the mean and "P95" the 95th percentile of each operation, in ms from the cells', () => {
    const rows = read('salesflow-auto-reminder-system.md').filter((r) => r.line === 331);
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions]),
      [
        ['Get Pending Reminders', 'time', 'mean', 45, 'ms', {}],
        ['Get Pending Reminders', 'time', 'p95', 120, 'ms', {}],
      ],
    );
  });
  test('TTS_benchmark_test: "処理時間 (ms)" is a time in ms for each engine', () => {
    const rows = read('tts-benchmark-test-readme.md');
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.metric, r.value, r.unit, r.line]),
      [
        ['PiperPlus JP@ONNX-CPU', 'time', 187.37, 'ms', 25],
        ['MeloTTS JP @ONNX-CPU', 'time', 1976.57, 'ms', 26],
      ],
    );
  });
});

describe('blocks that are not results (issue 32)', () => {
  const df = ['```', '$ df -h', 'Filesystem      Size  Used Avail Use% Mounted on', '/dev/sda1        50GB   20GB   28GB  42% /', 'tmpfs           7.8GB     0  7.8GB   0% /dev/shm', 'tmpfs           7.8GB     0  7.8GB   0% /run', '```'];
  const histogram = ['```', 'Bucket     Time       Count', '0.1 ms     -          120  ####', '0.2 ms     -          300  ######', '0.2 ms     -          300  ######', '```'];
  const results = ['| Lib | Time (ms) |', '|---|---|', '| a | 1.5 |', '| b | 2.5 |'];

  test("a machine's df -h output is left out, listed as not read at its lines (not a note)", () => {
    const r = parser.parse(doc(...df, '', ...results));
    assert.deepEqual(r.tables.measurements.rows.map(brief), [
      ['a', 'time', 'value', 1.5, 'ms', 11],
      ['b', 'time', 'value', 2.5, 'ms', 12],
    ]);
    assert.deepEqual(r.not_read, [{ from: 3, to: 6, line: 3, why: "expected results, found a machine's disk usage (df -h output)" }]);
    assert.deepEqual(r.notes, []);
  });

  test('a histogram of bucket and bar lines is left out, and its repeated buckets do not refuse the file', () => {
    const r = parser.parse(doc(...histogram, '', ...results));
    assert.deepEqual(r.tables.measurements.rows.map(brief), [
      ['a', 'time', 'value', 1.5, 'ms', 10],
      ['b', 'time', 'value', 2.5, 'ms', 11],
    ]);
    assert.deepEqual(r.not_read, [{ from: 3, to: 5, line: 3, why: 'expected results, found a histogram (buckets and bars)' }]);
    assert.deepEqual(r.notes, []);
    const buckets = doc('```', 'Latency            Count', '[0.1 ms, 0.2 ms)   120 ####', '[0.2 ms, 0.3 ms)   300 ##########', '```');
    assert.equal(parser.detect(buckets), false);
  });

  test('a server\'s request log in a code block (gin\'s "[GIN] ... | 200 | 45.458µs | ... | GET /x", one request a line) is left out, never rows of "benchmarks"', () => {
    const gin = [
      '```',
      '[GIN] 2024/04/14 - 14:52:43 | 200 |      45.458µs |       127.0.0.1 | GET      "/test/1"',
      '[GIN] 2024/04/14 - 14:52:44 | 200 |      40.958µs |       127.0.0.1 | GET      "/test/2"',
      '[GIN] 2024/04/14 - 14:52:45 | 200 |      41.100µs |       127.0.0.1 | GET      "/test/3"',
      '```',
    ];
    const r = parser.parse(doc(...gin, '', ...results));
    assert.deepEqual(r.tables.measurements.rows.map(brief), [
      ['a', 'time', 'value', 1.5, 'ms', 9],
      ['b', 'time', 'value', 2.5, 'ms', 10],
    ]);
    assert.deepEqual(r.not_read, [{ from: 2, to: 4, line: 2, why: 'expected results, found a request log (one request a line)' }]);
  });

  test('the document reader reads the report around a df -h block and a histogram', () => {
    const r = parsers.document.parse(doc('# Run', '', ...df, '', ...histogram, '', ...results));
    const rows = Object.values(r.tables).flatMap((t) => t.rows);
    assert.deepEqual(rows.map((x) => [x.benchmark, x.value, x.unit]), [
      ['a', 1.5, 'ms'],
      ['b', 2.5, 'ms'],
    ]);
  });
});

// Issue 34, item 13: HTML in a Markdown cell is read as a reader sees it, and what was removed is said.
test('HTML in a Markdown table cell keeps the text a reader sees and is named in a note with its line', () => {
  const text = '# Clients\n\n| Client | Requests/sec |\n|---|---|\n| <b>hackney</b> | 41210 |\n| ibrowse<script>alert(5)</script> | 30000 |\n| buoy<br>pool | 20000 |\n| katipo | 10000 |\n';
  const r = parser.parse(text);
  assert.deepEqual(
    r.tables.measurements.rows.map((x) => [x.benchmark, x.value, x.line]),
    [
      ['hackney', 41210, 5],
      ['ibrowse', 30000, 6],
      ['buoy pool', 20000, 7],
      ['katipo', 10000, 8],
    ],
  );
  assert.deepEqual(
    r.notes.filter((n) => /HTML/.test(n.text)),
    [{ text: 'HTML removed from 3 cells (line 5: <b></b>)', line: 5 }],
  );
});

test('HTML in a cell of a big Markdown table is read the same way', () => {
  const rows = Array.from({ length: 300 }, (_, i) => `| c${i}${i === 0 ? '<script>alert(5)</script>' : ''} | ${i + 1} |`);
  const r = parser.parse(`| Client | Requests/sec |\n|---|---|\n${rows.join('\n')}\n`);
  assert.equal(r.tables.measurements.rows[0].benchmark, 'c0');
  assert.deepEqual(
    r.notes.filter((n) => /HTML/.test(n.text)),
    [{ text: 'HTML removed from 1 cell (line 3: <script></script>)', line: 3 }],
  );
});

describe('hidden digits in an HTML table (issue 41)', () => {
  const cell = (inner) => `# Run\n\n<table>\n<tr><th>Lib</th><th>Time (ms)</th></tr>\n<tr><td>a</td><td>${inner}</td></tr>\n<tr><td>b</td><td>3.5</td></tr>\n</table>\n`;
  for (const hidden of ['<span style="font-size:0">9</span>', '<span style="visibility: hidden">9</span>', '<span style="display:none">9</span>', '<span hidden>9</span>', '<span style="font-size: 0px">9</span>', '<span style="opacity:0">9</span>']) {
    test(`2.9 with ${hidden} after it reads 2.9, and the cell is noted`, () => {
      const result = parser.parse(cell(`2.9${hidden}`));
      assert.deepEqual(
        result.tables.measurements.rows.map((r) => [r.benchmark, r.value, r.line]),
        [
          ['a', 2.9, 5],
          ['b', 3.5, 6],
        ],
      );
      assert.ok(result.notes.some((n) => n.line === 5 && /hidden.*"9"/.test(n.text)), JSON.stringify(result.notes));
    });
  }
  test('a font size that is not zero hides nothing', () => {
    const result = parser.parse(cell('2.9<span style="font-size:10px">9</span>'));
    assert.equal(result.tables.measurements.rows[0].value, 2.99);
  });
});

describe('a table with one cell that is no number (issue 41)', () => {
  test('the second table is read but for its bad cell, which is noted at its line', () => {
    const text = '# Run\n\n| Name | Latency (ms) |\n|---|---|\n| a | 3 |\n\n## Second\n\n| Name | Throughput (req/s) |\n|---|---|\n| c | 100 |\n| d | lots |\n| e | 300 |\n';
    const result = parser.parse(text);
    assert.deepEqual(
      result.tables.measurements.rows.map((r) => [r.benchmark, r.value, r.unit, r.line]),
      [
        ['a', 3, 'ms', 5],
        ['c', 100, 'req/s', 11],
        ['e', 300, 'req/s', 13],
      ],
    );
    assert.deepEqual(
      result.notes.map((n) => [n.line, n.text]),
      [[12, 'column "Throughput (req/s)" (line 9): 1 cell with no number (line 12: "lots") not read; the rest of the column read']],
    );
  });
});

test('k and M after a number are multipliers in a column of counts or rates, never minutes, and no multiplier in a column of times', () => {
  // benchmark-ips prints its iteration counts and rates so (tests/fixtures/corpus/benchmark-ips/rubymotion-bench-readme.md:34)
  const text = '# R\n\n| Name | Iterations | Rate (ops/s) | Time (ms) |\n|---|---|---|---|\n| a | 29.903M | 6.044M | 5M |\n| b | 25.6k | 5.2k | 3 |\n';
  const rows = parser.parse(text).tables.measurements.rows;
  assert.deepEqual(
    rows.map((r) => [r.line, r.metric, r.value, r.unit]),
    [
      [5, 'iterations', 29.903, 'million'],
      [5, 'throughput', 6.044, 'Mops/s'],
      [6, 'iterations', 25.6, 'thousand'],
      [6, 'throughput', 5.2, 'Kops/s'],
    ],
  );
});

test('an org README: its tables ("|---+---|" rules, indented, a column per plan, the unit in the row label) are read, a value per plan in its row\'s unit', () => {
  const org = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/org-table/vps-comparison-readme.org'), 'utf8');
  const rows = rowsOf(org);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions.plan]);
  assert.deepEqual(at(570), [
    ['Sysbench CPU', 'time', 'value', 31.922, 's', 'OVH VPS SSD 1'],
    ['Sysbench CPU', 'time', 'value', 37.502, 's', 'Linode 1024'],
    ['Sysbench CPU', 'time', 'value', 39.08, 's', 'DO 5bucks'],
    ['Sysbench CPU', 'time', 'value', 46.13, 's', 'Scaleway VC1S'],
    ['Sysbench CPU', 'time', 'value', 30.222, 's', 'Vultr 20GB SSD'],
    ['Sysbench CPU', 'time', 'value', 30.544, 's', 'Vultr 25GB SSD'],
  ]);
  // An empty cell is no value; "Temp. unavailable" is none either.
  assert.deepEqual(at(625).map((r) => r[5]), ['OVH VPS SSD 1', 'Linode 1024', 'DO 5bucks', 'Scaleway VC1S', 'Vultr 25GB SSD']);
  assert.equal(at(625)[0][4], 'ops/s');
  assert.equal(at(667).length, 5);
});

test('"Mb/s" in an org README is megabits a second (Mbit/s), never megabytes: speedtest\'s Nearest Download 99.487 Mbit/s, and the Sysbench rows labelled (Mb/s) as written', () => {
  const org = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/org-table/vps-comparison-readme.org'), 'utf8');
  const rows = rowsOf(org);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.value, r.unit]);
  assert.deepEqual(at(1055)[0], ['Nearest Download', 'bandwidth', 99.487, 'Mbit/s']);
  assert.deepEqual(at(600)[0], ['Sysbench RAM rand read', 'bandwidth', 2279.75, 'Mbit/s']);
  // A capital B is bytes: "MB/s" stays megabytes a second.
  assert.ok(rows.every((r) => r.unit !== 'MB/s' || !/\(Mb\/s\)/.test(org.split('\n')[r.line - 1])));
});

test('YCSB\'s "[INSERT], AverageLatency(us)" is a latency (mean, us), and its Min, Max and 95thPercentile latencies too, never a bare "time"; RunTime(ms) stays a time', () => {
  const md = fs.readFileSync(path.join(here, '../../../add-report/fixtures/mongo-load-test-tf-readme.md'), 'utf8');
  const rows = rowsOf(md);
  const first = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions.comparison])[0];
  assert.deepEqual(first(76), ['[INSERT], AverageLatency', 'latency', 'mean', 9436, 'us', 'EC2']);
  assert.deepEqual(first(77), ['[INSERT], MinLatency', 'latency', 'min', 150, 'us', 'EC2']);
  assert.deepEqual(first(79), ['[INSERT], 95thPercentileLatency', 'latency', 'p95', 18207, 'us', 'EC2']);
  assert.deepEqual(first(74), ['[OVERALL], RunTime', 'time', 'value', 48170, 'ms', 'EC2']);
});

test('a paper\'s LaTeX tabular (meta-repa, Markdown with LaTeX) is read: a time per benchmark and column, each in its cell\'s unit, the column named by the \\multicolumn flag above its library', () => {
  const paper = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/latex-table/meta-repa-paper.md'), 'utf8');
  const rows = rowsOf(paper);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.value, r.unit, r.conditions.column]);
  assert.deepEqual(at(1103), [
    ['matrix100', 'time', 708.5684, 'us', 'no -threaded / meta'],
    ['matrix100', 'time', 986.2883, 'us', 'no -threaded / repa'],
    ['matrix100', 'time', 817.5255, 'us', '-N1 / meta'],
    ['matrix100', 'time', 1.164313, 'ms', '-N1 / repa'],
    ['matrix100', 'time', 252.8681, 'us', '-N4 / meta'],
    ['matrix100', 'time', 470.2105, 'us', '-N4 / repa'],
  ]);
  assert.deepEqual(at(1117).at(-1), ['fft-large', 'time', 1.532703, 's', '-N4 / repa']);
  // Eight benchmarks, six columns; the code-comparison tabular of verbatim blocks (lines 170-218) gives none.
  assert.equal(rows.length, 48);
  assert.ok(rows.every((r) => r.line >= 1103 && r.line <= 1117));
});

test('an AsciiDoc |=== table (graphitron\'s roadmap, a cell a line, rows parted by blank lines) is read: before and after of each arm; "over 300 s" and a sentence opening with "5 ms" are left out of their columns, said so', () => {
  const note = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/asciidoc-table/graphitron-diagnostics-drain.md'), 'utf8');
  const r = parser.parse(note);
  const rows = r.tables.measurements.rows.map((x) => [x.line, x.benchmark, x.value, x.unit, x.conditions.column]).sort((a, b) => a[0] - b[0]);
  assert.deepEqual(rows, [
    [192, 'redirect arm alone', 6, 'ms', 'After'],
    [195, 'backing and slot arms, each', 1.9, 's', 'Before'],
    [196, 'backing and slot arms, each', 5, 'ms', 'After'],
    [199, 'one evaluation of intent_field_column_scope', 1.6, 's', 'Before'],
    [203, 'one evaluation of intent_field_column_table', 131, 's', 'Before'],
    [204, 'one evaluation of intent_field_column_table', 144, 'ms', 'After'],
    [207, 'override arm alone', 142, 's', 'Before'],
    [208, 'override arm alone', 139, 'ms', 'After'],
    [212, "the drain's whole statement", 191, 'ms', 'After'],
  ]);
  assert.ok(r.notes.some((n) => n.line === 191 && /column "Before".*"over 300 s"/.test(n.text)));
  assert.ok(r.notes.some((n) => n.line === 200 && /column "After".*"5 ms as a table; its refresh/.test(n.text)));
  // The graph-size table's labels ("4 types, ...") read as numbers: its rows are not told apart, and the whole table is what is not read.
  assert.deepEqual(r.not_read.map(({ from, to, line }) => [from, to, line]), [[332, 349, 343]]);
});

test('an org README\'s UnixBench index rows (a column per plan, no unit in the label or the cells) go in with unit "not stated", an index a score', () => {
  // tests/fixtures/corpus/org-table/vps-comparison-readme.org, lines 476-481.
  const org = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/org-table/vps-comparison-readme.org'), 'utf8');
  const text = org.split('\n').slice(475, 481).join('\n');
  const rows = rowsOf(text);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions.plan]);
  assert.deepEqual(at(4).slice(0, 2), [
    ['UnixBench (index, 1 thread)', 'score', 'value', 1598.1, 'not stated', 'OVH VPS SSD 1'],
    ['UnixBench (index, 1 thread)', 'score', 'value', 1248.6, 'not stated', 'Linode 1024'],
  ]);
  assert.deepEqual(at(5), [['UnixBench (index, 2 threads)', 'score', 'value', 1115.1, 'not stated', 'Scaleway VC1S']]);
});

test('an org README\'s download table ("DigitalOcean (GB)" beside "LeaseWeb (NL)" and "OVH (FR)"): the brackets are places, never gigabytes', () => {
  // tests/fixtures/corpus/org-table/vps-comparison-readme.org, lines 950-961.
  const org = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/org-table/vps-comparison-readme.org'), 'utf8');
  const rows = rowsOf(org.split('\n').slice(949, 961).join('\n'));
  assert.deepEqual(rows.filter((r) => r.unit === 'GB').map((r) => r.benchmark), []);
});

describe('numbers whose unit the report does not state', () => {
  // STREAM's summary (tests/fixtures/corpus/stream/daizhiyuan-stream-readme.md, lines 22-26): the times
  // are seconds by STREAM's source, but the file never says so.
  const stream = doc(
    '```',
    'Function    Best Rate MB/s  Avg time     Min time     Max time',
    'Copy:           90014.1     0.031581     0.014220     0.050416',
    'Triad:          98350.8     0.028845     0.019522     0.037835',
    '```',
  );

  test("STREAM's Avg, Min and Max time go in with unit \"not stated\", beside the best rate in MB/s", () => {
    const rows = rowsOf(stream);
    assert.deepEqual(
      rows.filter((r) => r.benchmark === 'Copy').map(brief),
      [
        ['Copy', 'bandwidth', 'max', 90014.1, 'MB/s', 3],
        ['Copy', 'time', 'mean', 0.031581, 'not stated', 3],
        ['Copy', 'time', 'min', 0.01422, 'not stated', 3],
        ['Copy', 'time', 'max', 0.050416, 'not stated', 3],
      ],
    );
    assert.ok(parser.parse(stream).notes.some((n) => /column "Avg time" \(line 2\): no unit stated; read with unit "not stated"/.test(n.text)));
  });

  test('a multiplier with no unit under a header that names a measure ("1.65 K", "251k" throughput) is that many in unit "not stated", never a count', () => {
    const rows = rowsOf(doc('| Lib | Throughput |', '|---|---|', '| a | 1.65 K |', '| b | 251k |'));
    assert.deepEqual(rows.map(brief), [
      ['a', 'throughput', 'value', 1650, 'not stated', 3],
      ['b', 'throughput', 'value', 251000, 'not stated', 4],
    ]);
  });

  // benchee's HTML table (tests/fixtures/corpus/benchee-markdown/fast-integer-compression-10k-unsigned-decompression.md,
  // lines 55-73), its cells' markup as the outline renders it.
  const benchee = doc(
    '| Name | IPS | Average | Devitation | Median | 99th % |',
    '|---|---|---|---|---|---|',
    '| 10K_Unsigned_Decompression | 1.65 K | 607.06 µs | ±10.63% | 606.13 µs | 756.43 µs |',
    '| 10K_Signed_Compression | 186.71 | 5.36 ms | ±8.09% | 5.31 ms | 6.97 ms |',
  );

  test("benchee's table: the row is named by Name, IPS is iterations per second (\"1.65 K\": 1.65 Kops/s), the ±% deviation is the average's spread", () => {
    const rows = rowsOf(benchee);
    assert.deepEqual(
      rows.filter((r) => r.line === 3).map(brief),
      [
        ['10K_Unsigned_Decompression', 'throughput', 'value', 1.65, 'Kops/s', 3],
        ['10K_Unsigned_Decompression', 'time', 'mean', 607.06, 'us', 3],
        ['10K_Unsigned_Decompression', 'time', 'median', 606.13, 'us', 3],
        ['10K_Unsigned_Decompression', 'time', 'p99', 756.43, 'us', 3],
      ],
    );
    const mean = rows.find((r) => r.line === 4 && r.statistic === 'mean');
    assert.deepEqual([mean.value, mean.unit, mean.spread], [5.36, 'ms', 0.433624]);
    assert.ok(rows.every((r) => !Object.keys(r.conditions).length), JSON.stringify(rows.map((r) => r.conditions)));
  });
});

test('a table of the run\'s parameters beside its results: min_duration and the request timeout are settings, the results none', () => {
  const rows = rowsOf(
    doc('| Name | Time (ms) |', '| --- | --- |', '| min_duration | 0 |', '| request timeout | 1000 |', '| parse | 2.5 |', '| render | 7.1 |'),
  );
  assert.deepEqual(
    rows.map((r) => [r.benchmark, r.value, r.conditions.role]),
    [
      ['min_duration', 0, 'setting'],
      ['request timeout', 1000, 'setting'],
      ['parse', 2.5, undefined],
      ['render', 7.1, undefined],
    ],
  );
});

describe('a Swift micro-benchmark README (a contributor\'s trial, issue 39): "### `bench-filename.swift`" sections, each with a bold "Winner:" line and a "vs fastest" column', () => {
  // tests/fixtures/swift-language-detection-excerpt.md: lines 17-55 of the "Language Detection Benchmarks" README a
  // contributor tried, shortened (its text is in the search index, store id 70434351394; its repository and path were
  // not found).
  const swift = fs.readFileSync(path.join(here, '../../../../tests/fixtures/swift-language-detection-excerpt.md'), 'utf8');

  test('each table is named by its ### heading, never by the "Winner: UTF8View (35 ns/op, 28.5M ops/sec)" line that states its result', () => {
    const rows = rowsOf(swift).filter((r) => r.benchmark === 'UTF8View' && r.metric === 'throughput');
    assert.deepEqual(
      rows.map((r) => [r.section, r.value, r.unit, r.conditions.table]),
      [
        ['bench-filename.swift — Filename from path (Stage 2)', 28.5, 'Mops/s', undefined],
        ['bench-extension.swift — File extension (Stage 3)', 44.8, 'Mops/s', undefined],
      ],
    );
  });

  test('two tables of one section, each under a line that states its result, are told apart by their lines, never by "Winner: UTF8View (22 ns/op, 44.8M ops/sec)"', () => {
    const oneSection = swift.split('\n').filter((l) => !l.startsWith('### `bench-extension')).join('\n');
    const names = [...new Set(rowsOf(oneSection).map((r) => r.conditions.table))];
    assert.deepEqual(names, ['lines 9–12', 'lines 21–24']);
  });

  test('the "vs fastest" column is a ratio to the fastest (1.3x, statistic value), never "Minimum vs fastest"', () => {
    const ratio = rowsOf(swift).find((r) => r.benchmark === 'UTF8View' && r.unit === 'x');
    assert.deepEqual([ratio.metric, ratio.statistic, ratio.value, ratio.unit, ratio.line], ['vs_fastest', 'value', 1.3, 'x', 12]);
  });
});

test("bombardier's Statistics table (a row per metric, a column per statistic, units in the cells) gives each run's mean with its stdev, its max and its latency percentiles, named by the URL and the connections on the line above", () => {
  const readme = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/bombardier/bombardier-readme.md'), 'utf8');
  const rows = rowsOf(readme);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.spread ?? null, r.conditions.connections]);
  // "Bombarding http://localhost:8080 with 10000000 requests using 125 connections" (line 27)
  assert.deepEqual(at(30), [
    ['localhost:8080', 'throughput', 'mean', 264560, 'req/s', 10733.06, 125],
    ['localhost:8080', 'throughput', 'max', 268434, 'req/s', null, 125],
  ]);
  assert.deepEqual(at(31), [
    ['localhost:8080', 'latency', 'mean', 471, 'us', 522.34, 125],
    ['localhost:8080', 'latency', 'max', 51, 'ms', null, 125],
  ]);
  assert.equal(rows.find((r) => r.line === 30).spread_kind, 'stdev');
  // "Latency Distribution" under the second run's table: its percentiles are the latency's.
  assert.deepEqual(
    [46, 47, 48, 49].flatMap(at),
    [
      ['ya.ru', 'latency', 'p50', 28, 'ms', null, 200],
      ['ya.ru', 'latency', 'p75', 32, 'ms', null, 200],
      ['ya.ru', 'latency', 'p90', 34, 'ms', null, 200],
      ['ya.ru', 'latency', 'p99', 48, 'ms', null, 200],
    ],
  );
  assert.deepEqual(at(43)[0], ['ya.ru', 'throughput', 'mean', 6607, 'req/s', 524.56, 200]);
});

test("lmbench's make see tables: a column per benchmark, a row per run on one host, in the unit of the title line above (\"times in microseconds\")", () => {
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/lmbench/revyos-lmbench.md'), 'utf8');
  const rows = rowsOf(text);
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions]);
  // "Context switching - times in microseconds - smaller is better" (line 384), four runs (lines 389-392).
  assert.deepEqual(at(389), [
    ['2p/0K ctxsw', 'time', 'value', 11.2, 'us', { run: 1, run_by: 'reader' }],
    ['2p/16K ctxsw', 'time', 'value', 12.4, 'us', { run: 1, run_by: 'reader' }],
    ['2p/64K ctxsw', 'time', 'value', 12.6, 'us', { run: 1, run_by: 'reader' }],
    ['8p/16K ctxsw', 'time', 'value', 13.7, 'us', { run: 1, run_by: 'reader' }],
    ['8p/64K ctxsw', 'time', 'value', 15.5, 'us', { run: 1, run_by: 'reader' }],
    ['16p/16K ctxsw', 'time', 'value', 16.5, 'us', { run: 1, run_by: 'reader' }],
    ['16p/64K ctxsw', 'time', 'value', 35.3, 'us', { run: 1, run_by: 'reader' }],
  ]);
  assert.deepEqual(at(392)[6], ['16p/64K ctxsw', 'time', 'value', 31.3, 'us', { run: 4, run_by: 'reader' }]);
  // "*Local* Communication bandwidths in MB/s": lmbench's "645." is 645; the Mhz column is the machine's clock, no result.
  assert.deepEqual(at(429).slice(0, 2), [
    ['Pipe', 'bandwidth', 'value', 645, 'MB/s', { run: 1, run_by: 'reader' }],
    ['AF UNIX', 'bandwidth', 'value', 1345, 'MB/s', { run: 1, run_by: 'reader' }],
  ]);
  assert.deepEqual(at(439).map((r) => r[0]), ['L1 $', 'L2 $', 'Main mem', 'Rand mem']);
  assert.equal(at(439)[0][4], 'ns');
});

test('JMeter\'s Summary Report: "Std. Dev." 14.22 is the spread of the Average (11), never of the Max (150) it stands beside', () => {
  // tests/fixtures/corpus/jmeter-summary/kafkapoc-20180713-readme.md (mdebarros/kafkapoc-results), line 78:
  // "| HTTP Request | 201 | 11 | 6 | 150 | 14.22 | 0.000% | 58.2/min | ..." under "| Label | # Samples | Average | Min | Max | Std. Dev. | ...".
  const file = path.join(here, '../../../../tests/fixtures/corpus/jmeter-summary/kafkapoc-20180713-readme.md');
  const rows = rowsOf(fs.readFileSync(file, 'utf8')).filter((r) => r.line === 78 && ['mean', 'min', 'max'].includes(r.statistic) && r.metric !== 'avg_bytes');
  assert.deepEqual(
    rows.map((r) => [r.statistic, r.value, r.spread ?? null, r.spread_kind ?? '']),
    [
      ['mean', 11, 14.22, 'stdev'],
      ['min', 6, null, ''],
      ['max', 150, null, ''],
    ],
  );
});

describe("JMeter's Summary Report and Performance Statistics (issue 39)", () => {
  // tests/fixtures/corpus/jmeter-summary/kafkapoc-20180713-readme.md (mdebarros/kafkapoc-results).
  const file = path.join(here, '../../../../tests/fixtures/corpus/jmeter-summary/kafkapoc-20180713-readme.md');
  const rows = rowsOf(fs.readFileSync(file, 'utf8'));
  const at = (line, statistics) =>
    rows.filter((r) => r.line === line && statistics.includes(r.statistic) && r.metric !== 'avg_bytes').map((r) => [r.metric, r.statistic, r.value, r.unit]);

  test('"Average | Min | Max" (line 78: 11, 6, 150) is one measure\'s mean and extremes, never a "min" and a "max" of their own', () => {
    assert.deepEqual(at(78, ['mean', 'min', 'max']), [
      ['value', 'mean', 11, 'not stated'],
      ['value', 'min', 6, 'not stated'],
      ['value', 'max', 150, 'not stated'],
    ]);
  });

  test('"Avg(ms) | Min | Max" (line 103: 12.8, 6, 95): the Min and Max are milliseconds too', () => {
    assert.deepEqual(at(103, ['mean', 'min', 'max']), [
      ['time', 'mean', 12.8, 'ms'],
      ['time', 'min', 6, 'ms'],
      ['time', 'max', 95, 'ms'],
    ]);
  });

  test('"Throughput" 58.2/min (line 78) and 7.8/sec (line 131) are rates in the unit each states', () => {
    const throughput = rows.filter((r) => r.metric === 'throughput').map((r) => [r.line, r.value, r.unit]);
    assert.deepEqual(
      throughput.filter(([line]) => [78, 131].includes(line)),
      [
        [78, 58.2, 'ops/min'],
        [131, 7.8, 'ops/s'],
      ],
    );
  });
});

test('Tsung\'s "HTTP return code" table: "100 / sec" is a rate of each code (200, 502, 504), never a table left out', () => {
  // tests/fixtures/corpus/tsung/tsung-copier-noerror-report.md, lines 39-43: "|Code|Highest Rate|Mean Rate|Total number|".
  const file = path.join(here, '../../../../tests/fixtures/corpus/tsung/tsung-copier-noerror-report.md');
  const text = fs.readFileSync(file, 'utf8');
  assert.deepEqual(parser.parse(text).notRead ?? [], []);
  assert.deepEqual(
    rowsOf(text)
      .filter((r) => r.line >= 41 && r.line <= 43)
      .map((r) => [r.benchmark, r.statistic, r.value, r.unit]),
    [
      ['200', 'max', 100, 'ops/s'],
      ['200', 'mean', 100, 'ops/s'],
      ['502', 'max', 100, 'ops/s'],
      ['502', 'mean', 100, 'ops/s'],
      ['504', 'max', 100, 'ops/s'],
      ['504', 'mean', 100, 'ops/s'],
    ],
  );
});

describe("nanobench's err% (issue 39)", () => {
  const file = path.join(here, '../../../../tests/fixtures/corpus/nanobench/nanobench-readme.md');

  test('the README\'s 7.52 ns/op and 132,948,239.79 op/s each show err% 1.1 % as their spread (median absolute percentage error), never an error rate of their own', () => {
    const rows = rowsOf(fs.readFileSync(file, 'utf8')).filter((r) => r.line === 41);
    assert.deepEqual(
      rows.map((r) => [r.metric, r.value, r.unit, r.spread_kind, r.spread]),
      [
        ['time', 7.52, 'ns', 'mdape', 0.08272],
        ['throughput', 132948239.79, 'ops/s', 'mdape', 1462430.63769],
        ['miss_pct', 8.9, '%', '', null],
      ],
    );
  });

  test('the table the executable prints, inside its ```markdown fence (line 34), is read: the same row as GitHub\'s rendering of it (line 41), one fact read once, at line 41, the first noted', () => {
    const r = parser.parse(fs.readFileSync(file, 'utf8'));
    const rows = r.tables.measurements.rows;
    assert.deepEqual([...new Set(rows.map((x) => x.line))], [41]);
    assert.ok(
      r.notes.some((n) => n.line === 34 && /stated again at line 41/.test(n.text)),
      r.notes.map((n) => n.text).join('\n'),
    );
  });
});

test('tsung\'s "lowest 10sec mean" is the lowest of its 10-second means (a minimum), not a mean beside its "Mean" column: connect has one mean time, 100 ms', () => {
  // tests/fixtures/corpus/tsung/tsung-copier-noerror-report.md (tsung-copier's example: every figure is 100).
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/tsung/tsung-copier-noerror-report.md'), 'utf8');
  const connect = rowsOf(text).filter((r) => r.line === 4 && r.metric === 'time');
  assert.deepEqual(
    connect.map((r) => [r.statistic, r.value, r.unit, r.conditions.column]),
    [
      ['min', 100, 'ms', 'lowest 10sec mean'],
      ['mean', 100, 'ms', undefined],
    ],
  );
});
