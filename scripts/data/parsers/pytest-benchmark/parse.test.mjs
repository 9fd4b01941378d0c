// Tests of the pytest-benchmark adapter: golden fixtures (a --benchmark-json file and a README's
// console tables) and bad input, each an InputError at its line.
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
const json = fs.readFileSync(path.join(here, 'fixtures/github-action-benchmark-pytest-output.json'), 'utf8');
const table = fs.readFileSync(path.join(here, 'fixtures/django-plaintext-password.md'), 'utf8');
const lineIn = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;

describe('bad input', () => {
  test('no pytest-benchmark output', () => rejects('# Benchmarks\n\nsoon\n', 0, /^pytest-benchmark output/, 'none'));

  test('a JSON file cut off', () => {
    const n = lineIn(json, /"median": 0.0029605825000003083/);
    rejects(json.split('\n').slice(0, n).join('\n'), n, 'a JSON key in double quotes', /cut off/);
  });

  test('a statistic that is not a number', () => {
    const n = lineIn(json, /"mean": 0.002985030672661863/);
    rejects(withLine(json, n, '                "mean": "2.98 ms",'), n, 'a number for stats.mean', '"\\"2.98 ms\\""');
  });

  test('a console table cut off', () => {
    const n = lineIn(table, /pbkdf2_sha1\]/);
    rejects(table.split('\n').slice(0, n).join('\n'), n + 1, 'a rule of dashes closing the table', /cut off/);
  });

  test('an unknown time unit in the header', () => {
    const n = lineIn(table, /^Name \(time in us\)/);
    rejects(withLine(table, n, table.split('\n')[n - 1].replace('(time in us)', '(time in xs)')), n, /^a time unit pytest-benchmark prints/, '"xs"');
  });

  test('a row with a cell missing', () => {
    const n = lineIn(table, /\[unsalted_md5\]/);
    rejects(withLine(table, n, 'test_make_password_performance[unsalted_md5]            2.0000 (1.82)       1,539.7000 (3.70)'), n, /^a row: a name and 5 cells/, /unsalted_md5/);
  });
});

describe('reading', () => {
  test('params become conditions, the group the section, a table in Kops/s', () => {
    const doc = {
      benchmarks: [{ group: 'encode', name: 'test_enc[1024-fast]', fullname: 't.py::test_enc[1024-fast]', params: { size: 1024, Mode: 'fast' }, stats: { mean: 0.5, stddev: 0.25, rounds: 5, median: null } }],
    };
    const text = JSON.stringify(doc, null, 2);
    const [row] = parser.parse(text).tables.measurements.rows;
    assert.deepEqual([row.benchmark, row.section, row.conditions, row.value, row.unit, row.spread, row.runs], ['test_enc[1024-fast]', 'encode', { size: 1024, mode: 'fast' }, 0.5, 's', 0.25, 5]);
    assert.equal(row.line, lineIn(text, /"mean"/));
    const console = [
      "------------- benchmark 'get': 1 tests -------------",
      'Name (time in ms)     Min     Rounds  OPS (Kops/s)',
      '---------------------------------------------------',
      'test_get[redis]   1.2000 (1.0)    16708   9.6331 (0.66)',
      '---------------------------------------------------',
    ].join('\n');
    const rows = parser.parse(console).tables.measurements.rows;
    assert.deepEqual(rows.map((r) => [r.section, r.statistic, r.value, r.unit, r.runs, r.line]), [
      ['get', 'min', 1.2, 'ms', 16708, 4],
      ['get', 'mean', 9.6331, 'Kops/s', 16708, 4],
    ]);
  });
});
