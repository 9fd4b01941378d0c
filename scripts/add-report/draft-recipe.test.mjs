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
