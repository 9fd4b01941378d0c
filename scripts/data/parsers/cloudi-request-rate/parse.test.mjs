// Tests of the CloudI request-rate parser: golden fixtures, bad input, and the real seeds counted
// line by line with a regular expression of their own (not the parser's).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, readCsv, linesOf, ascending } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

/** Assert that parsing throws an InputError at this line, with this expected and found text. */
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

const TITLE = ' Max Stable (Total) Request Rate: Erlang';
const HEADER = '  requests/second dest_refresh_method duo_mode sender receiver';
const table = (...rows) => [TITLE, HEADER, ...rows].join('\n') + '\n';

describe('bad input', () => {
  test('an empty file', () => rejects('\n \n', 0, 'a CloudI request-rate report', 'an empty file'));

  test('an unknown section heading', () => {
    rejects(` Latency:\n  p99 12ms\n`, 1, /^a section heading \(Hardware, Software, Test or /, '"Latency"');
  });

  test('text before the first heading', () => {
    rejects(`results of a run\n\n${table('  1034  immediate  false  1  1')}`, 1, /^a section heading/, '"results of a run"');
  });

  test('a table cut off in the middle of a row', () => {
    rejects(table('             1034           immediate    false      1        1', '             1148                lazy    fa'), 4, 'true or false under "duo_mode"', '"fa"');
  });

  test('a table cut off after its header', () => rejects(table(), 2, 'at least one row under the table header', 'none'));

  test('a non-numeric rate', () => {
    rejects(table('             n/a            immediate    false      1        1'), 3, 'a request rate (requests/second) under "requests/second"', '"n/a"');
  });

  test('a non-numeric sender count', () => {
    rejects(table('             1034           immediate    false      one      1'), 3, 'a whole number under "sender"', '"one"');
  });

  test('an unknown destination refresh method', () => {
    rejects(table('             1034              random    false      1        1'), 3, /^a dest_refresh_method/, '"random"');
  });

  test('a row with more cells than the header', () => {
    rejects(table('             1034           immediate    false      1        1    7'), 3, /^5 cells \(requests\/second \| dest_refresh_method/, /^6: /);
  });

  test('an unknown header word', () => {
    rejects([TITLE, '  requests/second dest_refresh_method duo_mode sender latency', '  1034 immediate false 1 1'].join('\n'), 2, /^a column header \(one of: /, '"latency"');
  });

  test('a header without a rate column', () => {
    rejects([TITLE, '  dest_refresh_method duo_mode sender receiver', '  immediate false 1 1'].join('\n'), 2, /^a request-rate column/, /dest_refresh_method/);
  });

  test('a row after the blank line that ends the table', () => {
    rejects(table('             1034           immediate    false      1        1', '', '             1148                lazy    false      1        1'), 5, 'a blank line or a note in parentheses after the table', /1148/);
  });

  test('a note that is never closed', () => {
    rejects(table('             1034           immediate    false      1        1', '                 (Erlang VM arguments:', '                  "+secio true"'), 4, 'a note closed by ")"', /^"\(Erlang VM arguments:/);
  });

  test('a row note that contradicts the table title', () => {
    const text = [' Max Stable (Total) Request Rate: C (without threads)', HEADER, '             1034           immediate    false      1        1 (threads)'].join('\n');
    rejects(text, 3, 'receivers of the kind the table title gives (processes)', '"(threads)"');
  });

  test('a file with headings but no table', () => rejects(' Hardware:\n  Core i7 2700K\n', 0, 'at least one "Max Stable (Total) Request Rate" table', 'none'));
});

// The rows of the real seeds, found with a regular expression of this test's own: one or two
// rates (without and with cloudi_service_queue, CloudI 1.5.4), the refresh method, duo_mode, then
// senders, [queues,] receivers, [a note in parentheses]. Each rate on such a line must give one row, in the parser's result
// and in the committed CSV, and nothing else may.
const ROW = /^\s*((?:\d+\s+){1,2})(immediate|lazy)\s+(true|false)((?:\s+\d+){2,3})(?:\s+\([^()]*\))?\s*$/;

/** The line number of each rate of each table row: a line with two rates is listed twice. */
function rateLines(text) {
  return linesOf(text).flatMap((l, i) => {
    const m = ROW.exec(l);
    return m ? m[1].trim().split(/\s+/).map(() => i + 1) : [];
  });
}

describe('the real seeds', () => {
  const reports = realReportsOf(parser.format);
  test('there are CloudI seeds', () => assert.ok(reports.length > 0));
  for (const r of reports) {
    describe(r.seedPath, () => {
      const want = rateLines(r.seedText);
      const rows = parser.parse(r.seedText).tables['request-rate'].rows;
      const csvPath = `data/tables/${r.meta.slug}/request-rate.csv`;

      test('the seed has table rows', () => assert.ok(want.length > 0));

      test('the parser gives one row per rate on the table rows of the seed', () => {
        assert.equal(rows.length, want.length, `${rows.length} rows parsed, ${want.length} rates on the table lines of the seed`);
        assert.deepEqual(rows.map((x) => x.line).sort(ascending), want);
      });

      test(`${csvPath} has one row per rate on the table rows of the seed`, () => {
        const csv = readCsv(csvPath).filter((x) => x.seed === r.seedPath);
        assert.equal(csv.length, want.length, `${csv.length} rows in the CSV, ${want.length} rates on the table lines of the seed`);
        assert.deepEqual(csv.map((x) => Number(x.line)).sort(ascending), want);
      });

      test('each row carries the numbers of its line', () => {
        const lines = linesOf(r.seedText);
        for (const x of rows) {
          const m = ROW.exec(lines[x.line - 1]);
          const rates = m[1].trim().split(/\s+/).map(Number);
          const counts = m[4].trim().split(/\s+/).map(Number);
          // Two rates: the first is without the queue service, the second with it.
          const rate = rates.length === 2 ? rates[x.queue_service ? 1 : 0] : rates[0];
          assert.deepEqual(
            [x.requests_per_second, x.dest_refresh_method, x.duo_mode, x.senders, x.receivers],
            [rate, `${m[2]}_closest`, m[3] === 'true', counts[0], counts[counts.length - 1]],
            `line ${x.line}`,
          );
          if (counts.length === 3 && x.queue_service) assert.equal(x.queues, counts[1], `line ${x.line}: queues`);
        }
      });
    });
  }
});
