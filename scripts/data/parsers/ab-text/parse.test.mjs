// Tests of the ApacheBench parser: golden fixtures, bad input (each one InputError at its line), and
// the real report in seeds/ (realReportsOf('ab-text')) counted with regular expressions of this test's own.
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
const sample = fs.readFileSync(path.join(here, 'fixtures/handwritten-tls-keepalive.txt'), 'utf8');
const lines = linesOf(sample);
const lineOf = (re) => lines.findIndex((l) => re.test(l)) + 1;
const edit = (n, from, to) => lines.map((l, i) => (i === n - 1 ? l.replace(from, to) : l)).join('\n');

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'ApacheBench output', 'an empty file'));

  test('a run cut off before its rates', () => {
    const n = lineOf(/^Total transferred/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, /"Complete requests" and "Requests per second"/, /cut off/);
  });

  test('a Connection Times table cut off', () => {
    const n = lineOf(/^Processing:/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, 'the Waiting row of the Connection Times table', /cut off/);
  });

  test('a percentile table cut off before 100%', () => {
    const n = lineOf(/^ {2}98%/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, 'percentile rows up to "100% <ms> (longest request)"', /cut off/);
  });

  test('a percentile table out of order', () => {
    const n = lineOf(/^ {2}80%/);
    rejects(edit(n, '80%', '60%'), n, 'a percentile above 75% and at most 100%', '"60%     26"');
  });

  test('a time below that of the percentile before', () => {
    const n = lineOf(/^ {2}90%/);
    rejects(edit(n, '33', '13'), n, 'a time of at least 26 ms (that of 80%)', '"90%     13"');
  });

  test('an unknown unit', () => {
    const n = lineOf(/^Transfer rate/);
    rejects(edit(n, 'Kbytes/sec', 'Mbytes/sec'), n, 'a value for "Transfer rate" as ab prints it', /Mbytes/);
  });

  test('a line ab does not print before the rates', () => {
    const n = lineOf(/^Keep-Alive/);
    rejects(edit(n, 'Keep-Alive requests', 'Reused sockets'), n, /^an ab result line/, /Reused sockets/);
  });

  test('a Connection Times row with a cell missing', () => {
    const n = lineOf(/^Waiting:/);
    rejects(edit(n, '  9.7', ''), n, 'the Waiting row of the Connection Times table', /Waiting/);
  });
});

const [real] = realReportsOf(parser.format).filter((r) => /nginz/.test(r.seedPath));

describe(`the real report (${real.seedPath})`, () => {
  const text = real.seedText;
  const result = parser.parse(text);
  const all = linesOf(text);

  test('one summary row per "Requests per second" line, with its numbers', () => {
    const want = matchingLines(text, /^Requests per second:/);
    assert.equal(want.length, 2);
    assert.deepEqual(result.tables.summary.rows.map((r) => r.line), want);
    assert.deepEqual(result.tables.summary.rows.map((r) => r.requests_per_second), want.map((n) => Number(all[n - 1].split(/\s+/)[3])));
    const conc = matchingLines(text, /^Concurrency Level:/).map((n) => Number(all[n - 1].split(/\s+/)[2]));
    assert.deepEqual(result.tables.summary.rows.map((r) => r.concurrency), conc);
    assert.deepEqual(result.tables.summary.rows.map((r) => r.command), matchingLines(text, /^ab -r/).map((n) => all[n - 1]));
  });

  test('four Connection Times rows and nine percentiles per run, each with its line', () => {
    const phases = matchingLines(text, /^(Connect|Processing|Waiting|Total):\s+\d/);
    assert.equal(phases.length, 8);
    assert.deepEqual(result.tables['connection-times'].rows.map((r) => r.line), phases);
    const pct = matchingLines(text, /^ {1,2}\d+%\s+\d+/);
    assert.equal(pct.length, 18);
    assert.deepEqual(result.tables.percentiles.rows.map((r) => r.line), pct);
    assert.deepEqual(result.tables.percentiles.rows.map((r) => r.time_ms), pct.map((n) => Number(all[n - 1].trim().split(/\s+/)[1])));
  });

  test('the second run, pasted without the banner, keeps its own concurrency and label', () => {
    const second = result.tables.summary.rows[1];
    assert.deepEqual([second.concurrency, second.label, second.server_hostname, second.failed_receive], [12000, 'We did some perfomance update', null, 803]);
    assert.ok(result.tables.percentiles.rows.filter((r) => r.run === 2).every((r) => r.concurrency === 12000));
  });
});

describe('names from the document (issue 24)', () => {
  const read = (name) => parser.parse(fs.readFileSync(path.join(here, 'fixtures', name), 'utf8'));

  test('two runs under <summary>Single region result</summary> and <summary>Multi region result</summary>', () => {
    const r = read('handwritten-summary-regions.md');
    assert.deepEqual(
      r.tables.summary.rows.map((s) => s.label),
      ['Single region result', 'Multi region result'],
    );
    assert.deepEqual(
      r.runs.map((x) => x.title),
      ['Single region result', 'Multi region result'],
    );
  });

  test('an RST page: each run under its own ~~~ heading, a command continued with "\\" read whole, HOST:/CPU: as the machine', () => {
    const r = read('handwritten-rst-three-runs.rst');
    assert.deepEqual(
      r.tables.summary.rows.map((s) => [s.label, s.command]),
      [
        ['Run 1: keep-alive off', 'ab -n 10000 -c 100 http://10.0.0.2/index.html'],
        ['Run 2: keep-alive on', 'ab -k -n 10000 -c 100 http://10.0.0.2/index.html'],
        ['Run 3: after tuning', 'ab -n 10000 -c 100 http://10.0.0.2/index.html'],
      ],
    );
    assert.deepEqual(r.machines, {
      system: {
        label: 'the machine',
        facts: [
          { field: 'host', value: 'bench-01', line: 13 },
          { field: 'cpu_model', value: 'Intel Xeon E5-2670', line: 14 },
          { field: 'clock_ghz', value: 2.6, unit: 'GHz', line: 14 },
        ],
      },
    });
  });
});
