// Tests of the Google Benchmark console adapter: golden fixtures (real outputs, README.md says where
// from), bad input (each one InputError at its line), and the parts of the format the fixtures lack
// (new counters, _cv, BigO/RMS, errors), on short texts in the shape Google Benchmark prints them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { splitRunName, readCounter, mhzToGhz } from '../shared/google-benchmark.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const fib = fixture('action-benchmark-fib-excerpt.md');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;
const rowsOf = (text) => parser.parse(text).tables.measurements.rows;

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, /Google Benchmark table/, 'none'));

  test('a row cut off before its iterations', () => {
    const n = lineOf(fib, /^fib_20/);
    const text = fib.split('\n').slice(0, n - 1).join('\n') + '\nfib_20          27857 ns        27786 ns\n';
    rejects(text, n, 'the iteration count after the CPU time', 'the end of the line (the row is cut off)');
  });

  test('an unknown time unit', () => {
    const n = lineOf(fib, /^fib_20/);
    rejects(fib.replace('27857 ns        27786 ns', '27857 xs        27786 xs'), n, /^a time unit Google Benchmark prints/, '"xs"');
  });

  test('a counter with a prefix Google Benchmark does not print', () => {
    const n = lineOf(fib, /^fib_20/);
    rejects(fib.replace(/(fib_20 .*25206)/, '$1 bytes_per_second=1.2Q/s'), n, /^a counter value Google Benchmark prints/, '"bytes_per_second=1.2Q/s"');
  });

  test('a tabular row without a value in each counter column', () => {
    const text = ['Benchmark                        Time           CPU Iterations    Bar   Bat', 'BM_UserCounter/threads:8      2198 ns       9953 ns      70688     16'].join('\n');
    rejects(text, 2, 'a value in the column "Bat"', /cut off/);
  });
});

describe('the parts the fixtures lack', () => {
  // The shape of Google Benchmark v1.8 output (IEC prefixes for bytes, _cv rows, BigO and RMS).
  const v18 = [
    'Run on (12 X 4104.01 MHz CPU s)',
    'CPU Caches:',
    '  L1 Data 48 KiB (x6)',
    '  L2 Unified 1280 KiB (x6)',
    'Load Average: 0.06, 0.03, 0.00',
    '***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy and will incur extra overhead.',
    '----------------------------------------------------------------------------------',
    'Benchmark                                Time             CPU   Iterations UserCounters...',
    '----------------------------------------------------------------------------------',
    'BM_memcpy/8/threads:2/real_time       3.20 ns         6.40 ns    218712598 bytes_per_second=2.32638Gi/s',
    'BM_mutex_stack/1024/threads:1        32811 ns        32811 ns        21343 items_per_second=31.2094M/s',
    'BM_Sort/repeats:3_mean               1.2345e+10 ns  1.2345e+10 ns        3',
    'BM_Sort/repeats:3_cv                     0.12 %          0.13 %          3',
    'BM_Fail                              ERROR OCCURRED: \'out of memory\'',
    'BM_Complex_BigO                          1.23 NlgN       1.22 NlgN',
    'BM_Complex_RMS                              5 %             4 %',
  ].join('\n');

  test('counters, aggregates, conditions', () => {
    const rows = rowsOf(v18);
    const pick = (metric, line) => rows.find((r) => r.metric === metric && r.line === line);
    assert.deepEqual(pick('bandwidth', 10), { ...pick('bandwidth', 10), value: 2.32638, unit: 'GiB/s', statistic: 'mean' });
    assert.deepEqual(pick('time', 10).conditions, { arg1: 8, threads: 2, timing: 'real_time' });
    assert.deepEqual([pick('throughput', 11).value, pick('throughput', 11).unit], [31.2094, 'Mops/s']);
    assert.deepEqual([pick('time', 12).value, pick('time', 12).statistic, pick('time', 12).runs], [12345000000, 'mean', 3]);
    assert.deepEqual(pick('time', 12).conditions, { repeats: 3 });
    assert.deepEqual([pick('time_cv', 13).value, pick('time_cv', 13).unit, pick('cpu_time_cv', 13).value], [0.12, '%', 0.13]);
    assert.deepEqual([pick('fit_rms', 16).value, pick('fit_rms', 16).unit, pick('fit_rms', 16).benchmark], [5, '%', 'BM_Complex']);
  });

  test('context facts, warnings, errors and complexity fits as notes', () => {
    const r = parser.parse(v18);
    assert.deepEqual(
      r.machines.system.facts.map((f) => [f.field, f.value, f.line]),
      [
        ['threads', 12, 1],
        ['clock_ghz', 4.10401, 1],
        ['l1_data_cache', '48 KiB (x6)', 3],
        ['l2_unified_cache', '1280 KiB (x6)', 4],
        ['load_average', '0.06, 0.03, 0.00', 5],
      ],
    );
    assert.deepEqual(
      r.notes.map((x) => x.line),
      [6, 14, 15],
    );
    assert.deepEqual(r.spans, [[1, 16]]);
  });

  test('names, counters and clocks read exactly', () => {
    assert.deepEqual(splitRunName('BM_SetInsert/1024/1'), { benchmark: 'BM_SetInsert', conditions: { arg1: 1024, arg2: 1 } });
    assert.deepEqual(splitRunName('BM_sqrt/normal_rsqrt_test'), { benchmark: 'BM_sqrt/normal_rsqrt_test', conditions: {} });
    assert.deepEqual(splitRunName('BM_x/size:8/min_time:0.500/process_time/real_time'), {
      benchmark: 'BM_x',
      conditions: { size: 8, min_time: 0.5, timing: 'process_time/real_time' },
    });
    assert.deepEqual(readCounter('bytes_per_second', '211.669M/s'), { number: '211.669', unit: 'MiB/s' });
    assert.deepEqual(readCounter('Foo', '1024m'), { number: '1024', unit: 'milli' });
    assert.deepEqual(readCounter('t', '5.3us'), { number: '5.3', unit: 'us' });
    assert.equal(readCounter('items_per_second', '1.2Ki/s'), undefined);
    assert.deepEqual(readCounter('items_per_second', '1.2M/s', true), { number: '1.2', unit: 'Miops/s' });
    assert.deepEqual([mhzToGhz('3400'), mhzToGhz('2592.09'), mhzToGhz('24')], [3.4, 2.59209, 0.024]);
  });

  test('the console of 2017: bare bytes and items rates, both counted in 1024', () => {
    const text = 'Benchmark           Time           CPU Iterations\nBM_x/8            36 ns         36 ns   19101577   211.669MB/s   5.2k items/s\n';
    assert.deepEqual(
      rowsOf(text).slice(2).map((r) => [r.metric, r.value, r.unit]),
      [
        ['bandwidth', 211.669, 'MiB/s'],
        ['throughput', 5.2, 'Kiops/s'],
      ],
    );
  });

  test('prose right after a table ends it', () => {
    const text = fib.replace(/(fib_20 .*25206)\n/, '$1\nfib_20 is 130 times 133 faster\n');
    assert.deepEqual(rowsOf(text), rowsOf(fib));
  });

  test('compare.py\'s table is not a Google Benchmark table', () => {
    const tools = fixture('gbench-tools-compare-excerpt.md');
    const last = Math.max(...rowsOf(tools).map((r) => r.line));
    assert.ok(last < lineOf(tools, /^Comparing/));
    const compare = tools.split('\n').slice(lineOf(tools, /^Comparing/) - 1).join('\n');
    assert.equal(parser.detect(compare), false);
  });
});
