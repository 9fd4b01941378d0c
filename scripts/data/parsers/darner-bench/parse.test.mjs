// Tests of the Darner benchmark parser: golden fixtures, bad input, and the real seed counted
// line by line with regular expressions of this test's own (not the parser's).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine as replaceLine } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, matchingLines, readCsv, ascending } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const excerpt = fs.readFileSync(path.join(here, 'fixtures/excerpt.md'), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

/** Assert that parsing throws an InputError at this line, with this expected and found text. */
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

/** The excerpt with line n (1-based) replaced by the given lines (none: deleted). */
const withLine = (n, ...replacement) => replaceLine(excerpt, n, ...replacement);
const lineOf = (text) => excerpt.split('\n').indexOf(text) + 1;

describe('bad input', () => {
  test('the excerpt lines these tests change are where they think', () => {
    assert.equal(lineOf('# Queue Flooding'), 26);
    assert.equal(lineOf('kestrel  10000 conns: 10486.6 #/sec (mean)'), 36);
    assert.equal(lineOf('Bytes read:             800000 bytes'), 58);
    assert.equal(lineOf('  90%:    8809'), 67);
  });

  test('an empty file', () => rejects('', 0, 'a Darner benchmark report', 'an empty file'));

  test('an unknown section heading', () => {
    rejects(withLine(26, '# Queue Draining'), 26, 'a section heading ("# Resident Memory", "# Queue Flooding", "# Fairness", "# Queue Packing")', '"# Queue Draining"');
  });

  test('a section given twice', () => rejects(withLine(26, '# Resident Memory, again'), 26, 'each section once', 'a second "# Resident Memory, again"'));

  test('a non-numeric rate', () => {
    rejects(withLine(36, 'kestrel  10000 conns: n/a #/sec (mean)'), 36, '"<server> <n> conns: <rate> #/sec (mean)"', '"kestrel  10000 conns: n/a #/sec (mean)"');
  });

  test('a row of another section', () => {
    rejects(withLine(36, 'kestrel 4096 sets: 10137.9 #/sec (mean)'), 36, '"<server> <n> conns: <rate> #/sec (mean)"', '"kestrel 4096 sets: 10137.9 #/sec (mean)"');
  });

  test('a file cut off inside a code block', () => {
    const cut = excerpt.split('\n').slice(0, 36).join('\n') + '\n';
    rejects(cut, 32, 'a closing ``` for the code block', 'the end of the file');
  });

  test('a file that stops before the last section', () => {
    const cut = excerpt.split('\n').slice(0, 86).join('\n') + '\n';
    rejects(cut, 0, 'a "# Queue Packing" section', 'none');
  });

  test('a fairness block without one of its summary lines', () => {
    rejects(withLine(58), 64, 'the summary line "Bytes read"', '"Percentage of the requests served within a certain time (us)"');
  });

  test('a fairness summary value that is not a number', () => {
    rejects(withLine(58, 'Bytes read:             lots bytes'), 58, '"Bytes read: <number> bytes"', '"Bytes read:             lots bytes"');
  });

  test('a fairness block cut off before 100%', () => {
    const lines = excerpt.split('\n');
    const cut = [...lines.slice(0, 67), ...lines.slice(84)].join('\n');
    rejects(cut, 53, 'a complete fairness block (summary and percentiles)', 'the end of the code block at line 68');
  });

  test('a percentile above 100%', () => rejects(withLine(67, '  190%:    8809'), 67, 'a percentile of at most 100%', '"190%:    8809"'));

  test('a percentile line that is not one', () => rejects(withLine(67, '  90%:    fast'), 67, '"<percent>%: <latency in us>"', '"90%:    fast"'));

  test('a file in no known format (CSV)', () => {
    rejects('server,connections,rate\nkestrel,1,7163.58\n', 0, 'a "# Resident Memory" section', 'none');
  });
});

// The real seed, counted with regular expressions of this test's own.
const COUNTS = {
  'resident-memory': /^\s*\w+\s+\d+\s+requests:\s+\d+\s*kB\s*$/,
  'queue-flood': /^\s*\w+\s+\d+\s+conns:/,
  'fairness-summary': /^\s*\w+\s+stats:\s*$/,
  'fairness-latency': /^\s*\d+(\.\d+)?%:/,
  'queue-packing': /^\s*\w+\s+\d+\s+sets:/,
};
// Derived tables keep the line of the measured row they come from.
const DERIVED = { 'queue-packing-backlog': 'queue-packing' };

describe('the real seeds', () => {
  const reports = realReportsOf(parser.format);
  test('there are Darner seeds', () => assert.ok(reports.length > 0));
  for (const r of reports) {
    describe(r.seedPath, () => {
      const parsed = parser.parse(r.seedText);

      test('the parser returns exactly the tables these tests count', () => {
        assert.deepEqual(Object.keys(parsed.tables).sort(), Object.keys(COUNTS).sort());
      });

      for (const [id, re] of Object.entries({ ...COUNTS, ...Object.fromEntries(Object.entries(DERIVED).map(([d, from]) => [d, COUNTS[from]])) })) {
        const want = matchingLines(r.seedText, re);
        const csvPath = `data/tables/${r.meta.slug}/${id}.csv`;

        test(`${id}: the seed has lines to count`, () => assert.ok(want.length > 0));

        if (parsed.tables[id]) {
          test(`${id}: the parser gives one row per counted line`, () => {
            const rows = parsed.tables[id].rows;
            assert.equal(rows.length, want.length, `${rows.length} rows parsed, ${want.length} lines counted`);
            assert.deepEqual(rows.map((x) => x.line).sort(ascending), want);
          });
        }

        test(`${id}: ${csvPath} has one row per counted line`, () => {
          const csv = readCsv(csvPath).filter((x) => x.seed === r.seedPath);
          assert.equal(csv.length, want.length, `${csv.length} CSV rows, ${want.length} lines counted`);
          assert.deepEqual(csv.map((x) => Number(x.line)).sort(ascending), want);
        });
      }

      test('each fairness summary ends at the 100% line of its block', () => {
        const hundred = matchingLines(r.seedText, /^\s*100%:/);
        assert.deepEqual(parsed.tables['fairness-summary'].rows.map((x) => x.line_end).sort(ascending), hundred);
      });
    });
  }
});
