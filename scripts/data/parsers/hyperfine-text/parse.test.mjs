// Tests of the hyperfine-text adapter: golden fixtures (real published outputs), bad input (each an
// InputError at its line), runs without a "Benchmark" header, and the one-line Summary.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fixture('rspack-hmr-benchmarks.md');
const { lineOf, edit, upTo } = sampleLines(sample);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'hyperfine output', 'an empty file'));

  test('a benchmark cut off after its Time line', () => {
    const n = lineOf(/Time \(mean/);
    rejects(upTo(n), n + 1, '"Range (min … max): <t> … <t> <n> runs"', /cut off/);
  });

  test('a benchmark cut off after its header', () => {
    const n = lineOf(/^Benchmark 2:/);
    rejects(upTo(n), n + 1, '"Time (mean ± σ): <t> ± <σ> [User: <t>, System: <t>]"', /cut off/);
  });

  test('an unknown time unit', () => {
    const n = lineOf(/Range \(min/);
    rejects(edit(n, '15.756 s', '15.756 ks'), n, /^a time with a unit the tool prints \(s, ms, µs/, '"15.756ks"');
  });

  test('a σ in another unit than the mean', () => {
    const n = lineOf(/Time \(mean/);
    rejects(edit(n, '0.542 s', '542 ms'), n, 'σ in the unit of the mean (s)', '"542 ms"');
  });

  test('a Summary with no speed-up under it', () => {
    const n = lineOf(/^Summary/);
    rejects(upTo(n), n + 1, '"<command> ran" and "<x> ± <σ> times faster than <command>"', /cut off/);
  });
});

test('a run without a Benchmark header is named by the hyperfine command above it', () => {
  // The form hyperfine < 1.12 printed for one command (the shape of disrupted/blackd-client's README).
  const text = [
    "❯ hyperfine 'cat subclean/core/parser.py | black --fast -'",
    '  Time (mean ± σ):     296.8 ms ±  41.3 ms    [User: 228.7 ms, System: 51.1 ms]',
    '  Range (min … max):   260.7 ms … 403.6 ms    10 runs',
  ].join('\n');
  const rows = parser.parse(text).tables.measurements.rows;
  assert.equal(rows[0].benchmark, 'cat subclean/core/parser.py | black --fast -');
  assert.deepEqual([rows[0].value, rows[0].unit, rows[0].spread, rows[0].runs, rows[0].line], [296.8, 'ms', 41.3, 10, 2]);
});

test('the one-line Summary of two commands', () => {
  const text = ['Benchmark 1: a', '  Time (mean ± σ):     172.5 ms ±   1.6 ms    [User: 155.2 ms, System: 15.8 ms]', '  Range (min … max):   169.2 ms … 179.0 ms    100 runs', '', 'Summary', '  csskit ran 1.01 ± 0.02 times faster than lightningcss'].join('\n');
  const s = parser.parse(text).tables.measurements.rows.find((r) => r.metric === 'speedup');
  assert.deepEqual([s.benchmark, s.value, s.spread, s.conditions.baseline, s.line], ['csskit', 1.01, 0.02, 'lightningcss', 6]);
});
