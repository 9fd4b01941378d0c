// Tests of the delimited reader: golden fixtures (three real results CSVs of kinds no adapter names:
// a server benchmark with QPS and units in brackets, camelCase headers with the unit last, repeated
// runs), their headline rows (value, unit, statistic, conditions, line), columns with no unit listed
// as not read, and a real hyperfine CSV, whose columns state no unit, refused with the reasons.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');
const rows = (text) => parser.parse(text).tables.measurements.rows;
const pick = (rs, line) => rs.filter((r) => r.line === line).map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.conditions]);

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

describe('headline numbers', () => {
  test('a server benchmark: QPS is a rate of queries, latency in ms from "Avg Latency(ms)" and "P99 Latency(ms)", concurrency a condition', () => {
    const r = parser.parse(fixture('concurrent-servers-benchmark-results.csv'));
    assert.deepEqual(pick(r.tables.measurements.rows, 5), [
      ['Select', 'duration', 'value', 5.07, 's', { concurrency: 100 }],
      ['Select', 'requests', 'total', 531345, 'count', { concurrency: 100 }],
      ['Select', 'throughput', 'value', 104803.14, 'queries/s', { concurrency: 100 }],
      ['Select', 'latency', 'mean', 0.94, 'ms', { concurrency: 100 }],
      ['Select', 'latency', 'p99', 2.51, 'ms', { concurrency: 100 }],
    ]);
    // The timestamp names no benchmark; the errors, with no unit, are listed, not guessed.
    assert.ok(r.tables.measurements.rows.every((x) => !/2026-/.test(x.benchmark)));
    assert.deepEqual(
      r.notes.map((n) => n.text),
      ['column "Errors" (line 1) not read: it states no unit (neither its header nor its values)'],
    );
  });

  test('a server benchmark\'s "Total Reqs" is the count of requests each run made (114 at line 2), a result, never left out nor a setting (an axis)', () => {
    const rs = parser.parse(fixture('concurrent-servers-benchmark-results.csv')).tables.measurements.rows;
    assert.deepEqual(
      rs.filter((r) => r.unit === 'count' && r.line <= 3).map((r) => [r.line, r.benchmark, r.metric, r.statistic, r.value, r.conditions]),
      [
        [2, 'Sequential', 'requests', 'total', 114, { concurrency: 10 }],
        [3, 'Thread-per-Client', 'requests', 'total', 11380, { concurrency: 100 }],
      ],
    );
  });

  test('camelCase headers with the unit last: keyGenTimeMs in ms, publicKeyBytes in bytes, each its own metric', () => {
    const r = parser.parse(fixture('crypto-benchmark-java-results.csv'));
    assert.deepEqual(pick(r.tables.measurements.rows, 3).slice(0, 5), [
      ['RSA', 'key_gen_time', 'value', 129.154, 'ms', {}],
      ['RSA', 'encrypt_or_sign_time', 'value', 0.535, 'ms', {}],
      ['RSA', 'decrypt_or_verify_time', 'value', 3.199, 'ms', {}],
      ['RSA', 'public_key', 'value', 294, 'B', {}],
      ['RSA', 'private_key', 'value', 1218, 'B', {}],
    ]);
    assert.ok(r.notes.some((n) => /"keySizeBits".*states no unit/.test(n.text)));
  });

  test('repeated runs: every run its own row at its own line; "Throughput" with no unit in unit "not stated"', () => {
    const r = parser.parse(fixture('lockfree-mpmc-queue-results.csv'));
    const rs = r.tables.measurements.rows;
    assert.equal(rs.length, 20);
    assert.deepEqual(pick(rs, 9), [
      ['LockFree Queue', 'time', 'value', 125, 'ms', {}],
      ['LockFree Queue', 'throughput', 'value', 6400000, 'not stated', {}],
    ]);
    assert.ok(r.notes.some((n) => /"Throughput".*no unit stated; read with unit "not stated"/.test(n.text)));
  });
});

describe('what it reads and what it refuses', () => {
  test('a hyperfine CSV, whose columns state no unit: mean, stddev, median, min and max go in with unit "not stated"; "user" and "system" are the user and system CPU times, never a concurrency of 11.9 users', () => {
    const text = fs.readFileSync(path.join(here, 'fixtures/refused/tinymole-hyperfine.csv'), 'utf8');
    assert.equal(parser.detect(text), true);
    const r = parser.parse(text);
    assert.deepEqual(
      r.tables.measurements.rows.filter((x) => x.line === 2).map((x) => [x.metric, x.statistic, x.value, x.unit]),
      [
        ['value', 'mean', 9.22598175146, 'not stated'],
        ['value', 'stdev', 0.5182761978565017, 'not stated'],
        ['value', 'median', 8.98690797986, 'not stated'],
        ['user_time', 'value', 11.89622228, 'not stated'],
        ['system_time', 'value', 0.84723896, 'not stated'],
        ['value', 'min', 8.770754719860001, 'not stated'],
        ['value', 'max', 10.02086059886, 'not stated'],
      ],
    );
    // No row carries the user CPU time as a setting of the run.
    assert.ok(r.tables.measurements.rows.every((x) => !('concurrency' in x.conditions)));
    assert.deepEqual(
      r.notes.map((n) => n.text),
      ['mean', 'stddev', 'median', 'user', 'system', 'min', 'max'].map(
        (c) => `column "${c}" (line 1): no unit stated; read with unit "not stated" (a recipe can state it)`,
      ),
    );
  });

  test('a TSV with units in its values, a Unit column (JMH -rf csv) and Param: columns as conditions', () => {
    const tsv = 'benchmark\tthreads\tp50\n"parse, small"\t4\t1.2 ms\nparse large\t4\t350µs\n';
    assert.deepEqual(pick(rows(tsv), 2), [['parse, small', 'time', 'p50', 1.2, 'ms', { threads: 4 }]]);
    assert.deepEqual(pick(rows(tsv), 3), [['parse large', 'time', 'p50', 350, 'us', { threads: 4 }]]);
    const jmh = '"Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: size"\n"a.B.put","avgt",1,5,42.1,3.5,"ns/op",128\n';
    const [samples, row] = rows(jmh);
    assert.deepEqual([row.value, row.unit, row.metric, row.conditions], [42.1, 'ns', 'time', { threads: 1, size: 128, mode: 'avgt' }]);
    // Samples are a count the run gives, never a setting (an axis) of it.
    assert.deepEqual([samples.value, samples.unit, samples.metric, samples.statistic], [5, 'count', 'samples', 'total']);
    assert.ok(parser.parse(jmh).notes.some((n) => /Score Error.*a spread/.test(n.text)));
  });

  test('a Markdown document, prose with commas or a key-value summary is not a delimited file', () => {
    assert.equal(parser.detect('# Results, 2024\n\nMean, 12 ms\n'), false);
    assert.equal(parser.detect('Requests/sec: 1200\nLatency: 3 ms\n'), false);
    assert.equal(parser.detect('name,value\nfoo,1 ms\nsome other line, with 3 numbers, 4, 5\n'), false);
  });
});
