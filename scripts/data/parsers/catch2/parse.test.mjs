// Tests of the Catch2 adapter: golden fixtures (real v2 and v3 outputs, README.md says where from),
// bad input (each one InputError at its line), and what the fixtures lack (a wrapped long name,
// bounds in another unit than their value, minutes, a comment prefix).
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
const jos = fixture('josephus-v3-readme.md');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;
const rowsOf = (text) => parser.parse(text).tables.measurements.rows;

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, /Catch2 benchmark table/, 'none'));

  test('a block cut off after its mean line', () => {
    const n = lineOf(jos, /^josephus2 /);
    rejects(jos.split('\n').slice(0, n + 1).join('\n'), n + 2, 'the std dev, low std dev, high std dev line: three durations', /cut off/);
  });

  test('a header with no benchmark under it', () => {
    const n = lineOf(jos, /^-{20,}$/) + 0;
    const head = jos.split('\n').slice(0, lineOf(jos, /^benchmark name/) + 3).join('\n');
    assert.ok(n > 0);
    rejects(head, lineOf(jos, /^benchmark name/) + 4, /^a benchmark row under the Catch2 header/, /cut off/);
  });

  test('an unknown unit on a benchmark row', () => {
    const n = lineOf(jos, /^josephus2 /);
    rejects(jos.replace('5.2518 ms', '5.2518 xs'), n, 'a duration Catch2 prints (ns, us, ms, s, m)', '"xs"');
  });

  test('an unknown unit on a mean line', () => {
    const n = lineOf(jos, /8.71584 us/);
    rejects(jos.replace('8.71584 us', '8.71584 ys'), n, 'the mean, low mean, high mean line: three durations', /8.71584 ys/);
  });
});

describe('what the fixtures lack', () => {
  // The shape of Catch2 v3 output with a name longer than its column, minutes, and bounds
  // printed in another unit than the value, in a C++ comment.
  const text = [
    '// benchmark name                       samples       iterations    est run time',
    '//                                      mean          low mean      high mean',
    '//                                      std dev       low std dev   high std dev',
    '// -------------------------------------------------------------------------------',
    '// graph_oriented_layout_design: high-',
    '// efficiency                                     100             1     1.00273 m',
    '//                                         999.5 ms      998 ms        1.00121 s',
    '//                                         1.485 ms    1.12084 ms    2.11708 ms',
    '//',
  ].join('\n');

  test('a wrapped name, minutes, bounds brought into the unit of their value', () => {
    const rows = rowsOf(text);
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit, r.lower, r.upper, r.line]),
      [
        ['graph_oriented_layout_design: high- efficiency', 'duration', 'value', 1.00273, 'min', null, null, 6],
        ['graph_oriented_layout_design: high- efficiency', 'iterations', 'value', 1, 'count', null, null, 6],
        ['graph_oriented_layout_design: high- efficiency', 'time', 'mean', 999.5, 'ms', 998, 1001.21, 7],
        ['graph_oriented_layout_design: high- efficiency', 'time', 'stdev', 1.485, 'ms', 1.12084, 2.11708, 8],
      ],
    );
    assert.deepEqual(parser.parse(text).spans, [[1, 8]]);
  });

  test('the test case heading is the section', () => {
    const rows = rowsOf(jos);
    assert.deepEqual([...new Set(rows.map((r) => r.section))], ['Josephus benchmark small k', 'Josephus benchmark large k']);
  });
});
