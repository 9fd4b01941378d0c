// Tests of the httpc_bench HTML-table parser: golden fixtures, bad input, and the real seed's
// table rows counted per "## " run section with a regular expression of this test's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, linesOf, readCsv, ascending } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const twoRuns = fs.readFileSync(path.join(here, 'fixtures/two-runs.md'), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

/** Assert that parsing throws an InputError at this line, with this expected and found text. */
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

const HEAD = '<thead><tr><th>Client</th><th>Pool Count</th><th>Pool Size</th><th>Concurrency</th><th>Req/sec</th><th>Error %</th></tr></thead>';
const report = (...rows) => ['# Bench', '', '## Run (2019-05-15)', '', '<table>', HEAD, ...rows, '</table>', ''].join('\n');
const ROW = '<tr><td>Buoy</td><td>1</td><td>1024</td><td>4096</td><td>101280</td><td>79.6</td></tr>';

describe('bad input', () => {
  test('a valid table, as the cases below start from', () => {
    assert.equal(parser.parse(report(ROW)).tables['client-rate'].rows.length, 1);
  });

  test('an empty file', () => rejects('\n\n', 0, 'an httpc_bench report with HTML tables', 'an empty file'));

  test('no table at all', () => rejects('# Bench\n\nNothing measured.\n', 0, 'an HTML <table> of results', 'none'));

  test('a table without </table> (the file is cut off)', () => {
    const cut = twoRuns.slice(0, twoRuns.lastIndexOf('</table>'));
    rejects(cut, 51, 'a table closed by </table>', 'the end of the file (the table is cut off)');
  });

  test('a non-numeric rate', () => {
    rejects(report(ROW.replace('101280', 'n/a')), 7, 'requests per second under "Req/sec"', '"n/a"');
  });

  test('an error percentage above 100', () => {
    rejects(report(ROW.replace('79.6', '179.6')), 7, 'an error percentage (0 to 100) under "Error %"', '"179.6"');
  });

  test('a pool size that is not a whole number', () => {
    rejects(report(ROW.replace('<td>1024</td>', '<td>1k</td>')), 7, 'a whole number under "Pool Size"', '"1k"');
  });

  test('a row with a missing cell', () => {
    rejects(report(ROW.replace('<td>79.6</td>', '')), 7, /^6 cells \(Client, Pool Count, Pool Size, Concurrency, Req\/sec, Error %\)$/, /^5: "<tr><td>Buoy/);
  });

  test('an unknown column', () => {
    rejects(report(ROW).replace('<th>Error %</th>', '<th>Latency</th>'), 6, /^a column name \(Client, Pool Count/, '"Latency"');
  });

  test('a table with no rows', () => rejects(report(), 5, 'at least one result row in the table', 'none'));

  test('a table before any "## " run heading', () => {
    rejects(['# Bench', '', '<table>', HEAD, ROW, '</table>', ''].join('\n'), 3, 'a "## <run>" heading before the table', 'none');
  });

  test('two tables under one run heading', () => {
    const text = report(ROW) + ['<table>', HEAD, ROW, '</table>', ''].join('\n');
    rejects(text, 9, 'one table per run heading', 'a second table under "Run (2019-05-15)"');
  });
});

// A cell is read as a reader sees it: what is struck out or hidden is no part of its number.
describe('the text a reader sees in a cell', () => {
  const rate = (row) => parser.parse(report(row)).tables['client-rate'].rows.map((r) => r.requests_per_second);

  test('struck-out digits (<del>, <s>) are not part of the number', () => {
    assert.deepEqual(rate(ROW.replace('<td>101280</td>', '<td><del>9</del>101280</td>')), [101280]);
    assert.deepEqual(rate(ROW.replace('<td>101280</td>', '<td><s>7</s>101280<strike>1</strike></td>')), [101280]);
  });

  test('hidden digits (the hidden attribute, display:none, a comment) are not part of the number', () => {
    assert.deepEqual(rate(ROW.replace('<td>101280</td>', '<td>101280<span hidden>999</span></td>')), [101280]);
    assert.deepEqual(rate(ROW.replace('<td>101280</td>', '<td><span style="display: none">5</span>101280</td>')), [101280]);
    assert.deepEqual(rate(ROW.replace('<td>101280</td>', '<td>1012<!-- 77 -->80</td>')), [101280]);
  });

  test('text in any other inline style is refused at its line (a style can hide text)', () => {
    rejects(report(ROW.replace('<td>101280</td>', '<td>101280<span style="font-size:0">9</span></td>')), 7, /without inline styles/, /font-size:0/);
  });

  test('a row commented out is no row, on its line or over several', () => {
    const other = ROW.replace('4096', '8192').replace('101280', '97029');
    const rows = (...r) => parser.parse(report(...r)).tables['client-rate'].rows.map((x) => [x.concurrency, x.line]);
    assert.deepEqual(rows(ROW, `<!-- ${other} -->`), [[4096, 7]]);
    assert.deepEqual(rows(`<!--`, other, `-->`, ROW), [[4096, 10]]);
  });
});

// The real seed: result rows are `<tr><td>...` lines, counted under each "## " heading.
const RESULT_ROW = /^\s*<tr>\s*<td>/i;
const RUN_HEADING = /^##\s+\S/;

/** heading line -> the lines of the result rows under it */
function countRuns(text) {
  const out = new Map();
  let heading = null;
  linesOf(text).forEach((l, i) => {
    if (RUN_HEADING.test(l)) heading = i + 1;
    else if (RESULT_ROW.test(l)) {
      assert.ok(heading, `line ${i + 1}: a result row before any "## " heading`);
      out.set(heading, [...(out.get(heading) ?? []), i + 1]);
    }
  });
  return out;
}

describe('the real seeds', () => {
  const reports = realReportsOf(parser.format);
  test('there are httpc_bench seeds', () => assert.ok(reports.length > 0));
  for (const r of reports) {
    describe(r.seedPath, () => {
      const want = countRuns(r.seedText);
      const parsed = parser.parse(r.seedText);
      const rows = parsed.tables['client-rate'].rows;
      const csvPath = `data/tables/${r.meta.slug}/client-rate.csv`;
      const csv = readCsv(csvPath).filter((x) => x.seed === r.seedPath);

      test('each "## " section with result rows is one run of the parser', () => {
        assert.ok(want.size > 0);
        assert.deepEqual(parsed.runs.map((x) => x.heading_line), [...want.keys()]);
      });

      for (const run of parsed.runs) {
        const lines = want.get(run.heading_line) ?? [];
        test(`run "${run.id}": the parser gives one row per <tr><td> line of its section`, () => {
          const got = rows.filter((x) => x.run === run.id);
          assert.equal(got.length, lines.length, `${got.length} rows parsed, ${lines.length} <tr><td> lines in the section`);
          assert.equal(run.rows, lines.length);
          assert.deepEqual(got.map((x) => x.line).sort(ascending), lines);
        });
        test(`run "${run.id}": ${csvPath} has one row per <tr><td> line of its section`, () => {
          const got = csv.filter((x) => x.run === run.id);
          assert.equal(got.length, lines.length, `${got.length} CSV rows, ${lines.length} <tr><td> lines in the section`);
          assert.deepEqual(got.map((x) => Number(x.line)).sort(ascending), lines);
        });
      }

      test(`${csvPath} has no rows of other runs`, () => {
        assert.deepEqual([...new Set(csv.map((x) => x.run))].sort(), parsed.runs.map((x) => x.id).sort());
      });

      test('each row carries the cells of its line', () => {
        const text = linesOf(r.seedText);
        for (const x of rows) {
          const cells = [...text[x.line - 1].matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]);
          assert.deepEqual(cells, [x.client, x.pool_count, x.pool_size, x.concurrency, x.requests_per_second, x.error_pct].map(String), `line ${x.line}`);
        }
      });
    });
  }
});
