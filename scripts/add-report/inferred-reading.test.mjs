// A file read by inference (a generic reader, not an adapter that names its format) goes in, and
// add-report prints what it understood as recipe items, as it prints a refused file's draft, with
// where a correction goes (issue 39, "every read is a recipe").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { addReport, removeTempRepo, tempRepo } from '../../tests/helpers/temp-repo.mjs';

const corpus = (file) => path.join(ROOT, 'tests/fixtures/corpus', file);

test('a siege summary read by the key-value reader: add-report prints its reading as recipe items ("Transaction rate: {value} trans/sec" is a throughput in req/s) and where to correct it', () => {
  const root = tempRepo('inferred-reading');
  try {
    const r = addReport(root, [
      corpus('siege/async-micro-bench-threaded-sinatra.md'),
      '--date',
      '2014',
      '--slug',
      'siege-sinatra',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /What I understood of \S*async-micro-bench-threaded-sinatra\.md \(read by key-value, by inference: \d+ items as a recipe/,
    );
    assert.match(
      r.stdout,
      / {4}- line: "Transaction rate:\\t {7}\{value\} trans\/sec"\n {6}name: Transaction rate\n {6}metric: throughput\n {6}statistic: value\n {6}unit: req\/s\n/,
    );
    assert.match(
      r.stdout,
      /Misread\? Put the items to correct under recipe: in seeds\/\S+\.meta\.yaml with format: recipe/,
    );
  } finally {
    removeTempRepo(root);
  }
});

test('a README table read by the table reader: each column of a row is a recipe item with its value marked, and a file an adapter names prints none', () => {
  const root = tempRepo('inferred-reading-table');
  try {
    const r = addReport(root, [corpus('table/queue-comp-readme.md'), '--date', '2020', '--slug', 'queue-comp']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\(read by table, by inference: 12 items as a recipe, for 22 rows\)/);
    assert.match(
      r.stdout,
      /name: "Redis: rdb \[save 2 10\]"\n {6}metric: throughput\n {6}statistic: value\n {6}unit: ops\/s\n {6}conditions:\n {8}column: SET Ops\/s\n/,
    );
    const adapter = addReport(root, [
      corpus('hey/oha-readme-3f1983b-hey.md'),
      '--date',
      '2020',
      '--slug',
      'hey-readme',
    ]);
    assert.doesNotMatch(adapter.stdout, /What I understood/);
  } finally {
    removeTempRepo(root);
  }
});
