// Keep what reads (issue 31), on real files of the corpus (tests/fixtures/corpus, SOURCES.md): a
// flaw in one passage leaves that passage out, listed in the report document with its lines and
// why, and everything else goes in; a file is refused only when nothing in it reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { InputError } from '../lib/errors.mjs';
import { loadEnv, readInputs } from './inputs.mjs';
import { buildData } from './pipeline.mjs';

const env = loadEnv();
const base = readInputs(ROOT);
const corpus = (f) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', f), 'utf8');
const META = (format) =>
  [
    'slug: keep-what-reads',
    'title: "A report with one flawed passage"',
    'date: "2020"',
    'added: "2026-11-25"',
    `format: ${format}`,
    'summary: "One flawed passage among passages that read."',
    'system_under_test: "what the report measured"',
    'load_generator: "what the report used"',
    'platforms: []',
    'software:',
    '  - name: "the software"',
    '    version: unstated',
    'source:',
    '  repository: "a/b"',
    '  path: "c.md"',
    '  commit: "0000000"',
    'licence: "as its repository states"',
    '',
  ].join('\n');

/** The report document and measurements of one seed built alone. */
function build(seedText, format) {
  const report = { metaPath: 'seeds/k/keep.meta.yaml', metaText: META(format), seedPath: 'seeds/k/keep.md', seedText, files: {} };
  const { files, reports } = buildData({ reports: [report], platformsText: base.platformsText, platformsPath: base.platformsPath }, env);
  const csv = files.get('tables/keep-what-reads/measurements.csv').trim().split('\n');
  return { doc: reports[0], lines: csv.slice(1).map((l) => Number(l.split(',').at(-1))) };
}

test('a vegeta text with one missing Requests line: that report is left out, the other four go in', () => {
  const text = corpus('vegeta/ngf-dp-perf-2.0.0-oss.md');
  const lines = text.split('\n');
  const at = lines.findIndex((l, i) => i > 40 && l.startsWith('Requests')) + 1; // the second report's
  const { doc, lines: rowLines } = build(lines.filter((_, i) => i !== at - 1).join('\n'), 'vegeta');
  assert.equal(doc.not_read.length, 1);
  const [left] = doc.not_read;
  assert.match(left.why, /^expected .*Requests/);
  assert.ok(left.from <= at && at <= left.to + 1, JSON.stringify(left));
  assert.ok(rowLines.every((l) => l < left.from || l > left.to), 'no row from the passage left out');
  const reports = new Set(rowLines.map((l) => lines[l - 1]?.split(/\s{2,}/)[0]));
  assert.ok(rowLines.length >= 4 * 15, `the four other reports are in (${rowLines.length} rows, ${[...reports]})`);
});

test('a hey histogram whose rounded buckets repeat a label: the histogram is left out, the summary and latencies go in', () => {
  const { doc, lines } = build(corpus('hey/oha-readme-3f1983b-hey.md'), 'hey');
  assert.deepEqual(doc.not_read.map(({ from, to, line }) => ({ from, to, line })), [{ from: 15, to: 26, line: 20 }]);
  assert.match(doc.not_read[0].why, /found a second row .*latency_bucket_s=0\.003/);
  assert.ok(lines.includes(10), 'Requests/sec (line 10) is in');
  assert.ok(!lines.some((l) => l >= 15 && l <= 26));
});

test('a libtest output whose closing count disagrees: the count line is left out, every bench line goes in', () => {
  const { doc, lines } = build(corpus('rust-libtest-bench/bencher-libtest-many.txt'), 'rust-libtest-bench');
  assert.deepEqual(doc.not_read.map(({ from, to, line }) => ({ from, to, line })), [{ from: 12, to: 12, line: 12 }]);
  assert.match(doc.not_read[0].why, /^expected a result of 6 measured/);
  assert.deepEqual([...new Set(lines)].sort((a, b) => a - b), [4, 5, 7, 8, 9, 10]);
});

test('a file where nothing reads is refused with its first error, as before', () => {
  // One passage, whose count disagrees: leaving it out leaves nothing.
  const text = 'running 1 test\ntest a ... bench: 100 ns/iter (+/- 1)\ntest result: ok. 0 passed; 0 failed; 0 ignored; 5 measured; 0 filtered out\n';
  assert.throws(
    () => build(text, 'rust-libtest-bench'),
    (e) => e instanceof InputError && e.file === 'seeds/k/keep.md' && e.line === 3 && /^expected a result of 1 measured/.test(e.message),
  );
});
