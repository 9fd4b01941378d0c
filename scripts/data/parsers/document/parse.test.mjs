// Tests of the document reader: a file of mixed sections read by what knows each part (golden), the
// cases of issue 24 in their shape (a CloudI 2.0 README with a wrk section after its languages, wrk2
// runs named by setext headings inside code blocks), and a file where nothing can be placed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { mergeSpans } from '../../read/keep.mjs';
import { goldenTests } from '../../../../tests/helpers/golden.mjs';
import { parsers } from '../index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../..');
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

test('a mixed file: Go output, wrk output and a person table, each read by its own reader, sections from the headings', () => {
  const r = parser.parse(fs.readFileSync(path.join(here, 'fixtures/handwritten-mixed-sections.md'), 'utf8'));
  assert.deepEqual(
    r.understood.map((u) => u.format),
    ['wrk-text', 'go-test-bench', 'table'],
  );
  const m = r.tables.measurements.rows;
  assert.deepEqual([...new Set(m.filter((x) => x.source_table === 'go-test-bench').map((x) => x.section))], ['Encoder']);
  assert.deepEqual([...new Set(m.filter((x) => x.source_table === 'table').map((x) => x.section))], ['Summary, by hand']);
  assert.equal(r.tables.summary.rows.length, 1, 'the wrk run');
  assert.equal(r.tables.summary.rows[0].label, 'Hello world, one run');
  assert.equal(r.machines.system.facts.find((f) => f.field === 'cpu_model').value, 'Intel Xeon E5-2670');
  assert.deepEqual(
    r.left_out.map((b) => [b.type, b.heading]),
    [['code', 'Summary, by hand']],
    'the code block of numbers no tool prints is said to be left out',
  );
});

test('a CloudI 2.0 README with an HTTP Server Comparison section of wrk output: every stable rate and the wrk run are read', () => {
  const seed = read('seeds/cloudi/2023-cloudi-2.0.6-request-rate-language-dell-poweredge-r710.markdown');
  const wrk = fs.readFileSync(path.join(here, '../wrk-text/fixtures/solon-jetty-excerpt.md'), 'utf8').split('\n').slice(2, 20).join('\n');
  const text = seed.replace('## Throughput Summary', `## HTTP Server Comparison\n\n${wrk}\n\n## Throughput Summary`);
  assert.throws(() => parsers['wrk-text'].parse(seed));
  const r = parser.parse(text);
  assert.equal(r.tables['request-rate'].rows.length, 23);
  assert.equal(r.tables.summary.rows.length, 1);
  assert.equal(r.tables.summary.rows[0].label, 'HTTP Server Comparison');
});

test('wrk2 runs named by setext headings inside a code block keep their names, in the section of the README', () => {
  const r = parser.parse(fs.readFileSync(path.join(here, '../wrk2/fixtures/jit-php-async-readme-excerpt.md'), 'utf8'));
  const names = [...new Set(r.tables.measurements.rows.map((x) => `${x.section} / ${x.benchmark}`))];
  assert.deepEqual(names, ['5k Backpressure / opcache-amphp', '5k Backpressure / jit-amphp']);
});

test('sections that name a setting ("### 500 connections", "### 800 connections") are that condition, not runs', () => {
  const table = (rate) => `| Server | Requests/sec |\n| --- | --- |\n| nginx | ${rate} |\n| caddy | ${rate / 2} |\n`;
  const text = `# Results\n\nSome prose.\n\n### 500 connections\n\n${table(1000)}\n### 800 connections\n\n${table(1200)}`;
  const rows = parser.parse(text).tables.measurements.rows;
  assert.deepEqual(
    rows.map((r) => [r.benchmark, r.section, r.conditions.connections, r.value]),
    [
      ['nginx', '500 connections', 500, 1000],
      ['caddy', '500 connections', 500, 500],
      ['nginx', '800 connections', 800, 1200],
      ['caddy', '800 connections', 800, 600],
    ],
  );
  assert.ok(rows.every((r) => r.conditions.run === undefined));
});

test('add-report shows one reading per wrk run (lines 6-13 and 18-32, spans that never overlap), and a run\'s "Requests/sec" is read once', () => {
  const r = parser.parse(read('scripts/data/parsers/wrk-text/fixtures/handwritten-two-runs.txt'));
  assert.deepEqual(
    r.understood.map((u) => [u.format, u.spans]),
    [['wrk-text', [[6, 13], [18, 32]]]],
  );
  const all = r.understood.flatMap((u) => u.spans).sort((a, b) => a[0] - b[0]);
  assert.ok(all.every((s, i) => i === 0 || s[0] > all[i - 1][1]), `spans overlap: ${JSON.stringify(all)}`);
  assert.deepEqual(
    r.tables.measurements?.rows.filter((x) => x.value === 26076.9).map((x) => x.line) ?? [],
    [],
    'the second run\'s Requests/sec is the wrk summary\'s, not a second value',
  );
});

test('a reader that says no lines it read is shown by its tables\' line ranges, merged where they overlap', () => {
  assert.deepEqual(
    mergeSpans([[9, 22], [6, 18], [24, 27]]),
    [[6, 22], [24, 27]],
  );
});
