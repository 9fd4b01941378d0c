// Tests of the hyperfine-markdown adapter: golden fixtures (hyperfine's README and a report with
// tables under headings), bad input (each an InputError at its line), parameter columns.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fixture('hyperfine-readme-markdown.md');
const { lineOf, edit, upTo } = sampleLines(sample);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, "hyperfine's Markdown table", 'an empty file'));

  test('a table cut off after its rule', () => {
    const n = lineOf(/^\|:---/);
    rejects(upTo(n), n + 1, /^a row "\| `<command>` \|/, /cut off/);
  });

  test('a row cut off', () => {
    const n = lineOf(/^\| `fd -HI/);
    rejects(edit(n, ' 1.00 |', ''), n, '5 cells (Command, Mean, Min, Max, Relative)', /fd -HI/);
  });

  test('an unknown unit in the header', () => {
    const n = lineOf(/^\| Command/);
    rejects(edit(n, 'Mean [s]', 'Mean [ks]'), n, /^a time unit hyperfine prints \(s, ms/, '"ks"');
  });

  test('a mean that is not a number', () => {
    const n = lineOf(/^\| `find \. -iname/);
    rejects(edit(n, '1.427 ± 0.026', '1.427 +- 0.026'), n, 'a mean such as "2.275 ± 0.046"', '"1.427 +- 0.026"');
  });
});

test('tables are named by their heading and the section above it', () => {
  const rows = parser.parse(fixture('bundler-benchmark-atlaskit-editor.md')).tables.measurements.rows;
  assert.deepEqual([...new Set(rows.map((r) => `${r.section} / ${r.subject}`))], ['Development / Linux', 'Production / Linux']);
});

test('parameter columns become conditions; User and System columns rows of their own', () => {
  // The shape of `hyperfine -P threads 1 2 --export-markdown` with user/system columns.
  const text = ['| Command | Mean [ms] | Min [ms] | Max [ms] | Relative | threads |', '|:---|---:|---:|---:|---:|---:|', '| `make -j 1` | 812.3 ± 4.1 | 806.0 | 820.2 | 1.95 ± 0.02 | 1 |', '| `make -j 2` | 416.0 ± 2.2 | 413.1 | 420.5 | 1.00 | 2 |'].join('\n');
  const rows = parser.parse(text).tables.measurements.rows;
  assert.deepEqual(rows.filter((r) => r.metric === 'time' && r.statistic === 'mean').map((r) => [r.benchmark, r.value, r.spread, r.conditions.threads]), [
    ['make -j 1', 812.3, 4.1, 1],
    ['make -j 2', 416, 2.2, 2],
  ]);
});
