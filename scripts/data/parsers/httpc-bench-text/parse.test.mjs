// Tests of the httpc_bench fixed-width text parser: a golden excerpt, bad input, and the real
// seed's result rows counted with a regular expression of this test's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, linesOf, readCsv } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const excerpt = fs.readFileSync(path.join(here, 'fixtures/excerpt.md'), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

describe('bad input', () => {
  const lines = linesOf(excerpt);
  const first = lines.findIndex((l) => /^buoy\s/.test(l));
  test('a table cut off before its closing ``` is refused at the last line', () => {
    rejects(lines.slice(0, first + 2).join('\n') + '\n', first + 2, /closing ```/, /cut off/);
  });
  test('a word where a number belongs names the column', () => {
    const broken = [...lines];
    broken[first] = broken[first].replace('119826', 'lots');
    rejects(broken.join('\n'), first + 1, /requests per second under "Requests\/s"/, '"lots"');
  });
  test('an empty file', () => rejects('', 0, /httpc_bench report/, 'an empty file'));
});

describe('the real 2017 report', () => {
  for (const r of realReportsOf('httpc-bench-text')) {
    test(`${r.seedPath}: every result line, and only those, becomes a row, in data/ too`, () => {
      const counted = linesOf(r.seedText).flatMap((l, i) => (/^[a-z]+\s+\d+\s+\d+\s+\d+\s+\d+(\.\d+)?\s*$/.test(l) ? [i + 1] : []));
      const rows = parser.parse(r.seedText).tables['client-rate'].rows;
      assert.deepEqual(rows.map((x) => x.line), counted);
      const csv = readCsv(`data/tables/${r.meta.slug}/client-rate.csv`);
      assert.deepEqual(csv.map((x) => Number(x.line)).sort((a, b) => a - b), counted);
      assert.ok(csv.every((x) => !('pool_count' in x)), 'no pool-count column: the report has none');
    });
  }
});
