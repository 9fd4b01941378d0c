// Tests of the wrk parser: golden fixtures, bad input (each one InputError at its line), and the real
// report in seeds/ (realReportsOf('wrk-text')) counted with regular expressions of this test's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { linesOf, matchingLines, realReportsOf } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fs.readFileSync(path.join(here, 'fixtures/handwritten-two-runs.txt'), 'utf8');
const lines = linesOf(sample);
const lineOf = (re, from = 0) => lines.findIndex((l, i) => i >= from && re.test(l)) + 1;
const edit = (n, from, to) => lines.map((l, i) => (i === n - 1 ? l.replace(from, to) : l)).join('\n');

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'wrk output', 'an empty file'));

  test('a run cut off after its Thread Stats', () => {
    const n = lineOf(/Req\/Sec/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, /requests in/, /cut off/);
  });

  test('a run cut off before Transfer/sec', () => {
    const n = lineOf(/Requests\/sec/, 20);
    rejects(lines.slice(0, n).join('\n'), n + 1, '"Transfer/sec: <size>"', /cut off/);
  });

  test('an unknown latency unit', () => {
    const n = lineOf(/Latency {3}635/);
    rejects(edit(n, '0.89ms', '0.89ns'), n, /^a time with a unit wrk prints \(us, /, '"0.89ns"');
  });

  test('an unknown rate suffix', () => {
    const n = lineOf(/Req\/Sec/);
    rejects(edit(n, '8.07k', '8.07x'), n, 'a rate with a suffix wrk prints (none, k, M, G)', '"8.07x"');
  });

  test('an unknown size unit', () => {
    const n = lineOf(/requests in 30/);
    rejects(edit(n, '17.76GB', '17.76GiB'), n, /^a size with a unit wrk prints/, '"17.76GiB"');
  });

  test('a latency distribution out of order', () => {
    const n = lineOf(/ 90%/);
    rejects(edit(n, '90%', '70%'), n, 'a percentile above 75% and at most 100%', /70%/);
  });

  test('a Thread Stats table without its Running line', () => {
    const n = lineOf(/Running 2m/);
    rejects(edit(n, 'Running 2m test', 'Ran 2m test'), n + 2, /^a "Running <duration> test @ <url>" line/, /Ran 2m/);
  });

  test('a line wrk does not print inside a run', () => {
    const n = lineOf(/Non-2xx/);
    rejects(edit(n, 'Non-2xx or 3xx responses', 'HTTP 500 responses'), n, '"Requests/sec: <rate>"', /HTTP 500/);
  });
});

const [real] = realReportsOf(parser.format).filter((r) => /solon/.test(r.seedPath));

describe(`the real report (${real.seedPath})`, () => {
  const text = real.seedText;
  const result = parser.parse(text);
  const all = linesOf(text);

  test('one summary row per "Running" line, with its totals', () => {
    const want = matchingLines(text, /^Running \d+s test @ /);
    assert.equal(want.length, 5);
    assert.deepEqual(result.tables.summary.rows.map((r) => r.line), want);
    const totals = matchingLines(text, /^ {2}\d+ requests in /).map((n) => Number(all[n - 1].trim().split(' ')[0]));
    assert.deepEqual(result.tables.summary.rows.map((r) => r.requests), totals);
    const rps = matchingLines(text, /^Requests\/sec:/).map((n) => Number(all[n - 1].split(/\s+/)[1]));
    assert.deepEqual(result.tables.summary.rows.map((r) => r.requests_per_second), rps);
    const reads = matchingLines(text, /Socket errors/).map((n) => Number(/read (\d+)/.exec(all[n - 1])[1]));
    assert.deepEqual(result.tables.summary.rows.map((r) => r.socket_errors_read), reads);
  });

  test('two Thread Stats rows and four percentiles per run, each with its line', () => {
    assert.deepEqual(result.tables['thread-stats'].rows.map((r) => r.line), matchingLines(text, /^ {4}(Latency|Req\/Sec) /));
    const pct = matchingLines(text, /^ {5}\d+% +[\d.]+(us|ms|s)$/);
    assert.equal(pct.length, 20);
    assert.deepEqual(result.tables['latency-distribution'].rows.map((r) => r.line), pct);
  });

  test('units are converted exactly', () => {
    const first = result.tables['thread-stats'].rows[0];
    assert.deepEqual([first.avg, first.stdev, first.max, first.within_stdev_pct], [12920, 29290, 477170, 89.55]);
    const p50 = result.tables['latency-distribution'].rows.find((r) => r.run === 2 && r.percentile === 50);
    assert.equal(p50.latency_us, 930);
    assert.equal(result.tables.summary.rows[0].read_bytes, 41005 * 1048576 / 100);
  });
});

describe('names from the document (issue 24)', () => {
  test('a sweep under "## raw query" and "## postgres query": labels from the headings, never the log line before each run', () => {
    const r = parser.parse(fs.readFileSync(path.join(here, 'fixtures/handwritten-sweep-log-lines.md'), 'utf8'));
    const runs = r.tables.summary.rows.map((s) => [s.label, s.threads, s.connections, s.command]);
    assert.deepEqual(
      runs.map(([label, threads, connections]) => [label, threads, connections]),
      [
        ['raw query', 2, 100],
        ['raw query', 2, 500],
        ['raw query', 8, 100],
        ['raw query', 8, 500],
        ['postgres query', 2, 100],
        ['postgres query', 2, 500],
        ['postgres query', 8, 100],
        ['postgres query', 8, 500],
      ],
    );
    assert.ok(runs.every(([label]) => !/Benchmark completed/.test(label)));
    assert.equal(runs[5][3], 'wrk -t2 -c500 -d30s http://127.0.0.1:8080/postgres');
  });
});
