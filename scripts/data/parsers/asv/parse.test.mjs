// Tests of the asv adapter: golden fixtures (version 1 and result_columns results files) and bad
// input, each an InputError at its line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const v1 = fs.readFileSync(path.join(here, 'fixtures/asv-example-cheetah-v1.json'), 'utf8');
const v2 = fs.readFileSync(path.join(here, 'fixtures/asv-test-tensorflow-v2.json'), 'utf8');
const lineOf = (re) => v1.split('\n').findIndex((l) => re.test(l)) + 1;

describe('bad input', () => {
  test('no asv results', () => rejects('{"benchmarks": []}\n', 0, /^an asv results file/, 'none'));

  test('a results file cut off', () => {
    const n = lineOf(/time_unit_compose/);
    rejects(v1.split('\n').slice(0, n).join('\n'), n, 'a JSON key in double quotes', /cut off/);
  });

  test('a result that is not a number', () => {
    const n = lineOf(/time_unit_parse"/);
    rejects(withLine(v1, n, '        "time_units.time_unit_parse": "0.37 ms", '), n, /^a number, null or NaN as the result of time_units.time_unit_parse/, '"\\"0.37 ms\\""');
  });

  test('a benchmark whose type (and so unit) asv would not know', () => {
    const n = lineOf(/time_units.mem_unit/);
    rejects(withLine(v1, n, '        "time_units.size_unit": 344, '), n, /^a benchmark whose name tells its type/, '"time_units.size_unit"');
  });

  test('results that do not match their params', () => {
    const text = v2.replace('[[16.49], []', '[[16.49, 17.0], [["1"]]');
    rejects(text, 1, '1 results, one per combination of the params', '"2 results"');
  });
});

describe('reading', () => {
  test('a result_columns file inside a Markdown report, with its CI and repeats', () => {
    const doc = {
      commit_hash: 'abc',
      env_name: 'py3',
      params: { machine: 'box', num_cpu: '8' },
      requirements: {},
      result_columns: ['result', 'params', 'version', 'stats_ci_99_a', 'stats_ci_99_b', 'stats_repeat'],
      results: { 'bench.Suite.time_sort': [[0.5, null], [["'a'", "'b'"]], 'v', [0.4, null], [0.6, null], [10, null]], 'bench.peakmem_load': [[1024], [], 'v'] },
    };
    const text = ['# Results', '', '```json', JSON.stringify(doc, null, 1), '```', ''].join('\n');
    const r = parser.parse(text);
    const [time, mem] = r.tables.measurements.rows;
    assert.deepEqual([time.conditions, time.value, time.unit, time.lower, time.upper, time.runs], [{ param_1: 'a' }, 0.5, 's', 0.4, 0.6, 10]);
    assert.deepEqual([mem.metric, mem.value, mem.unit], ['memory', 1024, 'B']);
    assert.ok(r.notes.some((n) => /Suite.time_sort\(.b.\): failed/.test(n.text)));
    assert.deepEqual(r.spans, [[4, text.split('\n').length - 2]]);
    assert.equal(time.line, text.split('\n').findIndex((l) => l.trim() === '0.5,') + 1);
  });
});
