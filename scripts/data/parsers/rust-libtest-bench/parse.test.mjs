// Tests of the libtest bench adapter: golden fixtures (READMEs with old and new libtest output, with
// and without MB/s) and bad input, each an InputError at its line.
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
const sample = fs.readFileSync(path.join(here, 'fixtures/tailcall-readme.md'), 'utf8');
const { lineOf } = sampleLines(sample);

describe('bad input', () => {
  test('no bench lines at all', () => rejects('running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured\n', 0, /^libtest bench output/, 'none'));

  test('a bench line cut off', () => {
    const n = lineOf(/bench_oddness_mutrec/);
    rejects(withLine(sample, n, 'test bench_oddness_mutrec ... bench:   4,509,915 ns/iter (+/-'), n, /^"bench: <n> ns\/iter/, /bench_oddness_mutrec/);
  });

  test('a block cut short: the result counts more than the lines above it', () => {
    const n = lineOf(/bench_oddness_rec /);
    rejects(withLine(sample, n), n + 1, 'a result of 3 measured (the bench lines above it)', /4 measured/);
  });

  test('an unknown unit', () => {
    const n = lineOf(/bench_oddness_loop/);
    rejects(withLine(sample, n, 'test bench_oddness_loop   ... bench:           6 cycles/iter (+/- 0)'), n, /^a time per iteration/, '"cycles/iter"');
  });

  test('an unknown rate unit', () => {
    rejects('test strings ... bench:         553 ns/iter (+/- 34) = 1575 GB/s\n', 1, /^a rate in MB\/s/, '"GB/s"');
  });

  test('a number that is not one', () => {
    rejects('test strings ... bench:         55,3 ns/iter (+/- 34)\n', 1, 'a number of ns/iter', '"55,3"');
  });

  test('other time units, as harnesses that copy the format print them', () => {
    const [row] = parser.parse('test tests::one_digit ... bench:                 1 μs/iter (+/- 1)\n').tables.measurements.rows;
    assert.deepEqual([row.value, row.unit, row.spread], [1, 'us', 1]);
  });
});

describe('reading', () => {
  test('median and spread, MB/s, grouped digits with decimals', () => {
    const r = parser.parse('test a ... bench:     199,036.20 ns/iter (+/- 20,178.75) = 1,204 MB/s\n');
    const [time, rate] = r.tables.measurements.rows;
    assert.deepEqual([time.statistic, time.value, time.unit, time.spread_kind, time.spread], ['median', 199036.2, 'ns', 'error', 20178.75]);
    assert.deepEqual([rate.metric, rate.value, rate.unit, rate.line], ['bandwidth', 1204, 'MB/s', 1]);
  });
});

test('brotli-rs\'s README: the bench lines under list items, outside a "running N tests" block and their numbers in __emphasis__, are read (866,888, 704,282 and 120,745 ns/iter at lines 75, 78, 81)', () => {
  // ende76/brotli-rs README.md at 38c1a054d7d69705448f66312c68d56204cb5f83 (tests/fixtures/corpus/SOURCES.md).
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/rust-libtest-bench/brotli-rs-readme.md'), 'utf8');
  assert.equal(parser.detect(text), true);
  assert.deepEqual(
    parser.parse(text).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.statistic, r.value, r.unit, r.spread]),
    [
      [75, 'bench_monkey', 'median', 866888, 'ns', 58119],
      [78, 'bench_monkey', 'median', 704282, 'ns', 220068],
      [81, 'bench_monkey', 'median', 120745, 'ns', 16627],
    ],
  );
});
