// Tests of the JMH text adapter: golden fixtures (real published tables, README.md says where from),
// bad input (each one InputError at its line), and the ways a table travels (a Latin-1 "±", a
// decimal comma, a prefix on every line).
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

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const dubbo = fixture('dubbo-triple-sample-excerpt.md');
const maptest = fixture('maptest-gc-readme.md');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;
const rowsOf = (text) => parser.parse(text).tables.measurements.rows;

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, /JMH results table/, 'none'));

  test('a table cut off in a row, after its "±"', () => {
    const n = lineOf(dubbo, /ClientPb.getUser +thrpt/);
    const text = dubbo.split('\n').slice(0, n - 1).join('\n') + '\nClientPb.getUser                         thrpt       3  13.121 ±';
    rejects(text, n, 'the error after "±" (a number)', 'the end of the line (the row is cut off)');
  });

  test('a table cut off before its units', () => {
    const n = lineOf(dubbo, /ClientPb.getUser +thrpt/);
    const text = dubbo.split('\n').slice(0, n - 1).join('\n') + '\nClientPb.getUser                         thrpt       3  13.121 ± 0.525';
    rejects(text, n, 'the units after the score', 'the end of the line (the row is cut off)');
  });

  test('a header and no rows', () => {
    const n = lineOf(dubbo, /^Benchmark +Mode/);
    rejects(dubbo.split('\n').slice(0, n).join('\n'), n + 1, /^a result row under the JMH header/, /cut off/);
  });

  test('an unknown unit', () => {
    const n = lineOf(dubbo, /ClientPb.existUser +avgt/);
    rejects(dubbo.replace('2.413 ± 0.226   ms/op', '2.413 ± 0.226   ms/call'), n, /^a unit JMH prints/, '"ms/call"');
  });

  test('a score that is not a number', () => {
    const n = lineOf(dubbo, /ClientPb.existUser +avgt/);
    rejects(dubbo.replace('2.413 ± 0.226', '2.4.13 ± 0.226'), n, 'a score (a number)', '"2.4.13"');
  });

  test('a row with fewer params than the header', () => {
    const n = lineOf(maptest, /aggregate +ADDER_REUSE/);
    rejects(maptest.replace(/aggregate( +)ADDER_REUSE/, 'aggregate$1          '), n, /^1 parameter value between the name and the mode/, /StatBenchmark/);
  });
});

describe('how tables travel', () => {
  const plain = rowsOf(dubbo);

  test('a Latin-1 "±" read as UTF-8 (U+FFFD), as ASCII ("?") or mis-decoded ("Â±") reads the same', () => {
    for (const mark of ['\ufffd', '?', 'Â±']) {
      assert.deepEqual(rowsOf(dubbo.replaceAll('±', mark)), plain, JSON.stringify(mark));
    }
  });

  test('the whole table as Latin-1 bytes decoded as UTF-8', () => {
    // JMH before 1.33 writes "·" and "≈" too; keep to what Latin-1 holds ("·" dropped, as 1.33 does).
    const mangled = new TextDecoder('utf-8').decode(Buffer.from(maptest.replaceAll('·', '').replaceAll('≈', '~'), 'latin1'));
    assert.ok(mangled.includes('\ufffd'));
    const rows = rowsOf(mangled.replaceAll('~', '≈'));
    assert.equal(rows.length, rowsOf(maptest).length);
    assert.deepEqual(
      rows.map((r) => [r.metric, r.value, r.spread]),
      rowsOf(maptest).map((r) => [r.metric, r.value, r.spread]),
    );
  });

  test('a decimal comma and a Javadoc prefix', () => {
    // The shape of mozilla/rhino's ContextThreadLocalBenchmark comment (JMH run in a German locale).
    const text = [
      '/**',
      ' * <pre>',
      ' * Benchmark                                   Mode  Cnt    Score    Error  Units',
      ' * ContextThreadLocalBenchmark.testDirect1     avgt    5   26,971 ±  0,391  ns/op',
      ' * ContextThreadLocalBenchmark.testDirect5     avgt    5   27,349 ±  1,534  ns/op',
      ' * </pre>',
      ' */',
    ].join('\n');
    assert.ok(parser.detect(text));
    const r = parser.parse(text);
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => [x.benchmark, x.value, x.spread, x.unit, x.line]),
      [
        ['ContextThreadLocalBenchmark.testDirect1', 26.971, 0.391, 'ns', 4],
        ['ContextThreadLocalBenchmark.testDirect5', 27.349, 1.534, 'ns', 5],
      ],
    );
    assert.deepEqual(r.spans, [[3, 5]]);
  });

  test('"≈ 0" arriving as "? 0" is still no number', () => {
    const r = parser.parse(maptest.replaceAll('≈', '?').replaceAll('±', '?'));
    assert.deepEqual(r.tables.measurements.rows, rowsOf(maptest));
    assert.equal(r.notes.length, 4);
  });

  test('a score too small for its unit is a note, not a row', () => {
    const r = parser.parse(maptest);
    const n = lineOf(maptest, /ADDER_REUSE.*≈ 0/);
    assert.ok(r.notes.some((x) => x.line === n && /≈ 0 counts/.test(x.text)));
    assert.ok(!r.tables.measurements.rows.some((x) => x.line === n));
  });

  test('text after the units is a note', () => {
    const text = 'Benchmark            Mode  Cnt   Score   Error  Units\nUnsafeProblem1.test  avgt    9  19.489 ± 0.288  ns/op <--- slow\n';
    const r = parser.parse(text);
    assert.equal(r.tables.measurements.rows[0].value, 19.489);
    assert.deepEqual(r.notes, [{ text: 'line 2: text after the units, not read: <--- slow', line: 2 }]);
  });

  test('the header of JMH before 1.12 ("Samples", "Score error")', () => {
    const text = [
      'Benchmark                        Mode  Samples        Score  Score error  Units',
      'o.s.MyBenchmark.testMethod      thrpt      200  3226536.071    21346.133  ops/s',
    ].join('\n');
    assert.deepEqual(rowsOf(text).map((x) => [x.benchmark, x.value, x.spread, x.runs]), [['o.s.MyBenchmark.testMethod', 3226536.071, 21346.133, 200]]);
  });

  test('percentile labels of JMH 1.33 and later (":p0.99", ":gc.alloc.rate")', () => {
    const text = [
      'Benchmark                         Mode    Cnt    Score   Error   Units',
      'Bench.m                         sample  10000    2.469 ± 0.003   ms/op',
      'Bench.m:p0.99                   sample           3.789           ms/op',
      'Bench.m:gc.alloc.rate.norm      sample     10   32.000 ± 0.001    B/op',
    ].join('\n');
    assert.deepEqual(
      rowsOf(text).map((x) => [x.metric, x.statistic, x.value, x.unit, x.runs]),
      [
        ['time', 'mean', 2.469, 'ms', 10000],
        ['time', 'p99', 3.789, 'ms', null],
        ['gc_alloc_rate_norm', 'value', 32, 'B/op', 10],
      ],
    );
  });
});

describe('run settings', () => {
  test('a whole JMH log keeps the settings of its run header, each once, with the line of each value', () => {
    const [section] = parser.parse(fixture('expensive-exceptions-log.txt')).sections;
    assert.equal(section.title, 'Run settings');
    const byName = Object.fromEntries(section.settings.map((s) => [s.name, s.values]));
    assert.deepEqual(byName.Warmup, [{ value: '2 iterations, 10 s each', line: 5 }]);
    assert.deepEqual(byName.Threads, [{ value: '1 thread, will synchronize iterations', line: 8 }]);
    assert.deepEqual(byName.Forks, [{ value: '1', line: 13 }]);
    // One benchmark ran with other VM options: both are kept, each at its first line.
    assert.deepEqual(
      byName['VM options'].map((v) => v.value),
      ['<none>', '-XX:-StackTraceInThrowable'],
    );
    for (const name of ['Benchmark', 'Run progress', 'Warmup Iteration']) assert.equal(byName[name], undefined, name);
  });

  test('a table pasted without the log has no settings section', () => {
    assert.deepEqual(parser.parse(dubbo).sections, []);
  });
});
