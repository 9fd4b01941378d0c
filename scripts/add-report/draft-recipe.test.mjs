// The draft recipe add-report prints for a file it cannot read: its items, read back with the recipe
// reader, give the file's numbers at their lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { draftRecipe } from './draft-recipe.mjs';
import { parse } from '../data/parsers/recipe/parse.mjs';

test('a drafted recipe takes a line whose number is written with emphasis (brotli-rs\'s "bench: __866,888 ns__/iter"), and reads 866,888, 704,282 and 120,745 ns at lines 75, 78, 81', () => {
  // ende76/brotli-rs README.md at 38c1a054d7d69705448f66312c68d56204cb5f83 (tests/fixtures/corpus/SOURCES.md).
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/rust-libtest-bench/brotli-rs-readme.md'), 'utf8');
  const { items } = draftRecipe(text);
  assert.deepEqual(
    items.map((i) => [i.line, i.metric, i.statistic, i.unit]),
    [['test bench_monkey ... bench: {value} ns/iter (+/- {*})', 'time', 'value', 'ns']],
  );
  const rows = parse(text, { recipe: items, formats: ['recipe'] }).tables.measurements.rows;
  assert.deepEqual(
    rows.map((r) => [r.line, r.value, r.unit]),
    [
      [75, 866888, 'ns'],
      [78, 704282, 'ns'],
      [81, 120745, 'ns'],
    ],
  );
});

test('a header means one thing in the table, delimited and draft-recipe readings: STREAM\'s "Best Rate MB/s" is the maximum bandwidth, a server CSV\'s "Duration(s)" the length of the run', async () => {
  const { parse: table } = await import('../data/parsers/table/parse.mjs');
  const { parse: delimited } = await import('../data/parsers/delimited/parse.mjs');
  const line = (file, n) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')[n - 1];
  // The headers as the real files write them: STREAM's table (line 57), the server benchmark's CSV (line 1).
  const best = line('tests/fixtures/corpus/stream/revyos-stream.md', 57).split(/\s{2,}/)[1];
  const duration = line('scripts/data/parsers/delimited/fixtures/concurrent-servers-benchmark-results.csv', 1).split(
    ',',
  )[3];
  assert.deepEqual([best, duration], ['Best Rate MB/s', 'Duration(s)']);
  const readings = (header) => {
    const first = (r) => r.tables.measurements.rows.map((m) => [m.metric, m.statistic, m.unit])[0];
    const column = draftRecipe(`| Function | ${header} |\n|---|---|\n| Copy | 8239.8 |\n`).items[0].columns[header];
    return {
      table: first(table(`| Function | ${header} |\n|---|---|\n| Copy | 8239.8 |\n| Scale | 8119.0 |\n`)),
      delimited: first(delimited(`Function,${header}\nCopy,8239.8\nScale,8119.0\n`)),
      draft: [column.metric, column.statistic, column.unit],
    };
  };
  const bandwidth = ['bandwidth', 'max', 'MB/s'];
  assert.deepEqual(readings(best), { table: bandwidth, delimited: bandwidth, draft: bandwidth });
  const length = ['duration', 'value', 's'];
  assert.deepEqual(readings(duration), { table: length, delimited: length, draft: length });
});
