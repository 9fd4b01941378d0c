// One odd block never refuses a whole file (issue 39): a block no reader can read (a table of one
// column, such as a README's contributors list; an example block; a table whose rows the reader
// cannot tell apart) is left out and listed with its line and why; the rest of the file is what
// add-report reads, or, when nothing else reads, what its draft recipe is drafted from. Real files
// of tests/fixtures/corpus (SOURCES.md), tried with --dry-run as a contributor would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';

const CORPUS = path.join(ROOT, 'tests/fixtures/corpus');
const dryRun = (file, ...args) =>
  spawnSync(
    process.execPath,
    ['scripts/add-report/add-report.mjs', path.join(CORPUS, file), '--date', '2024-01', '--dry-run', ...args],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );

test("tinybench's README: its contributors list (a one-column table, line 512) is listed as not read, and the file is drafted as a recipe, not refused for that table", () => {
  const r = dryRun('tinybench/tinybench-readme.md');
  assert.doesNotMatch(r.stderr, /:512: expected a table of two columns/);
  assert.match(r.stdout, /What I understood of .*tinybench-readme\.md \(a draft recipe/);
  assert.match(r.stdout, /not read: line 512: a table of one column \("Mohammad Bagher"\)/);
});

test('an org README: an example block holding a one-column table (line 283) is listed as not read, never the reason the file is refused', () => {
  const r = dryRun('org-table/vps-comparison-readme.org');
  assert.doesNotMatch(r.stderr, /:283: expected a table of two columns/);
  assert.match(
    r.stdout,
    /not read: line 283: a table of one column|left out: a table at lines 283-290 that no format reads \("#\+BEGIN_EXAMPLE"\)/,
  );
});

test('iperf3\'s interval table, whose rows the table reader cannot tell apart, is left out with a note, never a refusal for "a second row"', () => {
  const r = dryRun('iperf3-text/daizhiyuan-iperf3-readme.md');
  assert.doesNotMatch(r.stderr, /found a second row/);
  assert.match(r.stdout, /What I understood of .*daizhiyuan-iperf3-readme\.md \(a draft recipe/);
  assert.match(
    r.stdout,
    /table: line 14: lines 7-25 not read: expected rows told apart by a name or condition, found rows that are not \(line 14 repeats line 13/,
  );
  // With the recipe kept beside it, the same file goes in.
  const withRecipe = dryRun(
    'iperf3-text/daizhiyuan-iperf3-readme.md',
    '--recipe',
    path.join(CORPUS, 'iperf3-text/daizhiyuan-iperf3-readme.md.recipe.yaml'),
  );
  assert.equal(withRecipe.status, 0, withRecipe.stderr);
});

test("read with its recipe, tinybench's console.table is shown as one reading (lines 54-55), never the same line once per value", () => {
  const r = dryRun(
    'tinybench/tinybench-readme.md',
    '--recipe',
    path.join(CORPUS, 'tinybench/tinybench-readme.md.recipe.yaml'),
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ {2}recipe at lines 54-55: 6 rows; latency \(ns\), throughput \(ops\/s\)$/m);
});

test("a table the reader left out as not read is named once, in the not-read list, never again as a table no format reads (graphitron's AsciiDoc graph-size table, lines 332-349)", () => {
  const r = dryRun('asciidoc-table/graphitron-diagnostics-drain.md');
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /graphitron-diagnostics-drain\.md:343: expected rows told apart .* \(lines 332-349 left out\)/,
  );
  assert.doesNotMatch(r.stdout, /left out: a table at lines 332-349/);
});
