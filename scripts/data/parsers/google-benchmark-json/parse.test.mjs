// Tests of the Google Benchmark JSON adapter: the golden fixture (a real --benchmark_format=json file,
// README.md says where from), bad input (each one InputError at its line), and what the fixture lacks
// (aggregates, counters, repetitions, BigO/RMS, errors) on a document in the shape v1.8 writes.
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
const fib = fixture('action-benchmark-fib.json');
const lineOf = (text, re, from = 0) => text.split('\n').findIndex((l, i) => i >= from && re.test(l)) + 1;
const rowsOf = (text) => parser.parse(text).tables.measurements.rows;

describe('bad input', () => {
  test('a file cut off in a benchmark', () => {
    const cut = lineOf(fib, /"iterations": 23968/);
    rejects(fib.split('\n').slice(0, cut).join('\n'), cut, /^a member name|^a JSON key in double quotes|^"," or "}"|^a JSON value/, /cut off/);
  });

  test('an unknown time unit', () => {
    const n = lineOf(fib, /"time_unit": "ns"/, lineOf(fib, /fib_20/));
    rejects(fib.replace(/("name": "fib_20"[^}]*"time_unit": )"ns"/, '$1"ks"'), n, /^a time unit Google Benchmark writes/, '"ks"');
  });

  test('a number with more digits than a double holds', () => {
    const n = lineOf(fib, /"real_time": 2.1498980114547953e\+02/);
    rejects(fib.replace('2.1498980114547953e+02', '2.14989801145479531234e+02'), n, 'a number a JavaScript number holds exactly', '"2.14989801145479531234e+02"');
  });

  test('a benchmark without a name', () => {
    const n = lineOf(fib, /"name": "fib_10"/) - 1;
    rejects(fib.replace('"name": "fib_10"', '"nom": "fib_10"'), n, 'a benchmark with a "name"', /fib_10/);
  });
});

describe('what the fixture lacks', () => {
  const v18 = JSON.stringify(
    {
      context: { num_cpus: 8, mhz_per_cpu: 3400, cpu_scaling_enabled: true, library_version: 'v1.8.3', library_build_type: 'release' },
      benchmarks: [
        { name: 'BM_memcpy/8/threads:2', run_name: 'BM_memcpy/8/threads:2', run_type: 'iteration', repetitions: 2, repetition_index: 0, threads: 2, iterations: 1000, real_time: 3.2, cpu_time: 6.4, time_unit: 'ns', bytes_per_second: 2500000000, Foo: 12 },
        { name: 'BM_memcpy/8/threads:2', run_name: 'BM_memcpy/8/threads:2', run_type: 'iteration', repetitions: 2, repetition_index: 1, threads: 2, iterations: 1000, real_time: 3.4, cpu_time: 6.6, time_unit: 'ns', bytes_per_second: 2400000000, Foo: 12 },
        { name: 'BM_memcpy/8/threads:2_mean', run_name: 'BM_memcpy/8/threads:2', run_type: 'aggregate', repetitions: 2, threads: 2, aggregate_name: 'mean', aggregate_unit: 'time', iterations: 2, real_time: 3.3, cpu_time: 6.5, time_unit: 'ns', bytes_per_second: 2450000000, Foo: 12 },
        { name: 'BM_memcpy/8/threads:2_cv', run_name: 'BM_memcpy/8/threads:2', run_type: 'aggregate', repetitions: 2, threads: 2, aggregate_name: 'cv', aggregate_unit: 'percentage', iterations: 2, real_time: 0.0428, cpu_time: 0.0217, time_unit: 'ns' },
        { name: 'BM_Complex_BigO', run_name: 'BM_Complex', run_type: 'aggregate', aggregate_name: 'BigO', cpu_coefficient: 1.22, real_coefficient: 1.23, big_o: 'NlgN', time_unit: 'ns' },
        { name: 'BM_Complex_RMS', run_name: 'BM_Complex', run_type: 'aggregate', aggregate_name: 'RMS', rms: 0.05 },
        { name: 'BM_Fail', run_name: 'BM_Fail', run_type: 'iteration', error_occurred: true, error_message: 'out of memory' },
      ],
    },
    null,
    2,
  );

  test('repetitions, aggregates and counters', () => {
    const rows = rowsOf(v18);
    const at = (metric, statistic, run) => rows.filter((r) => r.metric === metric && r.statistic === statistic && r.conditions.run === run);
    assert.deepEqual(at('time', 'mean', 1).map((r) => [r.value, r.unit, r.runs]), [[3.2, 'ns', 1000]]);
    assert.deepEqual(at('time', 'mean', 2).map((r) => r.value), [3.4]);
    assert.deepEqual(at('time', 'mean', undefined).map((r) => [r.value, r.runs, r.conditions]), [[3.3, 2, { arg1: 8, threads: 2 }]]);
    assert.deepEqual(at('bandwidth', 'mean', undefined).map((r) => [r.value, r.unit]), [[2450000000, 'B/s']]);
    assert.deepEqual(at('foo', 'value', 1).map((r) => [r.value, r.unit, r.better]), [[12, 'count', '']]);
    assert.deepEqual(at('time_cv', 'value', undefined).map((r) => [r.value, r.unit]), [[0.0428, 'x']]);
    assert.deepEqual(
      rows.filter((r) => r.benchmark === 'BM_Complex').map((r) => [r.metric, r.value, r.unit, r.conditions.complexity]),
      [
        ['time_coefficient', 1.23, 'ns', 'NlgN'],
        ['cpu_time_coefficient', 1.22, 'ns', 'NlgN'],
        ['fit_rms', 0.05, 'x', undefined],
      ],
    );
  });

  test('context: facts, software, notes', () => {
    const r = parser.parse(v18);
    assert.deepEqual(r.software.map((s) => s.text), ['Google Benchmark v1.8.3 (release build)']);
    assert.deepEqual(r.machines.system.facts.map((f) => [f.field, f.value]), [['threads', 8], ['clock_ghz', 3.4]]);
    assert.deepEqual(r.notes.map((x) => x.text), [
      'CPU scaling was enabled (cpu_scaling_enabled): real time measurements may be noisy',
      `line ${lineOf(v18, /"name": "BM_Fail"/)}: BM_Fail: out of memory`,
    ]);
  });

  test('the JSON in a fenced block of a report: the same rows, at their lines', () => {
    const md = `Results of \`./a.out --benchmark_format=json\`:\n\n\`\`\`json\n${fib}\`\`\`\n`;
    assert.ok(parser.detect(md));
    assert.deepEqual(rowsOf(md), rowsOf(fib).map((r) => ({ ...r, line: r.line + 3 })));
  });
});
