// Tests of the Criterion adapter: golden fixtures (two READMEs that publish `cargo bench` output) and
// bad input, each an InputError at its line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fs.readFileSync(path.join(here, 'fixtures/fast-rsync-readme.md'), 'utf8');
const { lineOf } = sampleLines(sample);

describe('bad input', () => {
  test('no Criterion output at all', () => rejects('# Benchmarks\n\nnone yet\n', 0, /^Criterion output/, 'none'));

  test('a time interval cut off', () => {
    const n = lineOf(/time: +\[1\.0639 ms/);
    rejects(withLine(sample, n, '                        time:   [1.0639 ms 1.0696 ms'), n, /^the time interval "\[<lower>/, '"time:   [1.0639 ms 1.0696 ms"');
  });

  test('an unknown time unit', () => {
    const n = lineOf(/time: +\[276\.17 us/);
    rejects(withLine(sample, n, '                        time:   [276.17 xs 284.20 xs 293.37 xs]'), n, /^a unit Criterion prints in the time interval/, '"xs"');
  });

  test('a throughput that is not a rate', () => {
    const n = lineOf(/thrpt: +\[3\.6253/);
    rejects(withLine(sample, n, '                        thrpt:  [3.6253 ms 3.6519 ms 3.6716 ms]'), n, /^a unit Criterion prints in the throughput interval \(rate or bandwidth\)/, '"ms"');
  });

  test('a time line with no name', () => {
    const n = lineOf(/time: +\[6\.8681 ms/);
    rejects(withLine(sample, n - 1, ''), n, /^a benchmark name/, 'an empty line');
  });

  test('a change line that is not three percentages', () => {
    const text = 'parse    time:   [1.0 ms 1.1 ms 1.2 ms]\n         change: [-1.0% +0.5%] (p = 0.56 > 0.05)\n';
    rejects(text, 2, /^a change/, /change:/);
  });

  test('a throughput change cut off after its time line', () => {
    const text = 'parse    time:   [1.0 ms 1.1 ms 1.2 ms]\n         thrpt:  [1.0 GiB/s 1.1 GiB/s 1.2 GiB/s]\n         change:\n         time:   [-1.0% +0.5% +2.0%] (p = 0.56 > 0.05)\n';
    rejects(text, 5, /^the thrpt change/, /cut off/);
  });

  test('outliers that do not add up', () => {
    const text = 'parse    time:   [1.0 ms 1.1 ms 1.2 ms]\nFound 3 outliers among 100 measurements (3.00%)\n  2 (2.00%) high mild\n';
    rejects(text, 4, /adding up to 3/, /cut off/);
  });
});

describe('reading', () => {
  test('a throughput change and outliers: notes, and runs from the samples', () => {
    const text = [
      '\u001b[32mparse/1024\u001b[0m',
      '                        time:   [999.12 ns 1.0012 µs 1.0034 µs]',
      '                        thrpt:  [973.2 Kelem/s 998.8 Kelem/s 1.0009 Melem/s]',
      '                 change:',
      '                        time:   [-1.2% +0.5% +2.1%] (p = 0.56 > 0.05)',
      '                        thrpt:  [-2.0% -0.5% +1.2%]',
      '                        No change in performance detected.',
      'Found 2 outliers among 100 measurements (2.00%)',
      '  2 (2.00%) high mild',
      '',
    ].join('\n');
    const r = parser.parse(text);
    const [time, thrpt] = r.tables.measurements.rows;
    assert.deepEqual([time.benchmark, time.conditions, time.value, time.unit, time.lower, time.upper, time.runs, time.line], ['parse', { parameter: 1024 }, 1.0012, 'us', 0.99912, 1.0034, 100, 2]);
    assert.deepEqual([thrpt.metric, thrpt.value, thrpt.unit, thrpt.lower, thrpt.upper, thrpt.line], ['throughput', 998.8, 'Kelem/s', 973.2, 1000.9, 3]);
    assert.deepEqual(r.notes.map((n) => n.line), [4, 8]);
    assert.match(r.notes[0].text, /time \[-1\.2% \+0\.5% \+2\.1%\] \(p = 0\.56 > 0\.05\), thrpt \[-2\.0% -0\.5% \+1\.2%\] No change/);
    assert.deepEqual(r.spans, [[1, 9]]);
  });
});
