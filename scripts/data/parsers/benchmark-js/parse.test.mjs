// Tests of the Benchmark.js adapter: golden fixtures (two READMEs) and bad input, each an
// InputError at its line.
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
const sample = fs.readFileSync(path.join(here, 'fixtures/uri-utils-readme.md'), 'utf8');
const { lineOf } = sampleLines(sample);

describe('bad input', () => {
  test('no Benchmark.js lines', () => rejects('# Benchmark\n\nfast\n', 0, /^Benchmark.js output/, 'none'));

  test('a line cut off', () => {
    const n = lineOf(/encodeURIComponent x 73,166/);
    rejects(withLine(sample, n, 'encodeURIComponent x 73,166 ops/sec ±1.32%'), n, /^"<name> x <hz> ops\/sec/, /73,166/);
  });

  test('an unknown unit', () => {
    const n = lineOf(/encodeURIComponent x 73,166/);
    rejects(withLine(sample, n, 'encodeURIComponent x 73,166 ops/min ±1.32% (77 runs sampled)'), n, /^a rate in ops\/sec/, '"ops/min"');
  });

  test('a "Fastest is" naming no benchmark of its suite', () => {
    const n = lineOf(/Fastest is encodeURIComponent/);
    rejects(withLine(sample, n, 'Fastest is decodeURIComponent'), n, /^"Fastest is" naming a benchmark/, '"Fastest is decodeURIComponent"');
  });
});

describe('reading', () => {
  test('names holding " x ", several fastest, colours', () => {
    const text = '\u001b[32mbench with x 2 things x 1,431,759 ops/sec ±0.74% (93 runs sampled)\u001b[0m\nfib(20) x 12,146 ops/sec ±0.32% (96 runs sampled)\nFastest is bench with x 2 things,fib(20)\n';
    const r = parser.parse(text);
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => [x.benchmark, x.metric, x.value, x.unit, x.runs, x.line]),
      [
        ['bench with x 2 things', 'throughput', 1431759, 'ops/s', 93, 1],
        ['bench with x 2 things', 'margin_of_error', 0.74, '%', 93, 1],
        ['fib(20)', 'throughput', 12146, 'ops/s', 96, 2],
        ['fib(20)', 'margin_of_error', 0.32, '%', 96, 2],
      ],
    );
    assert.deepEqual(r.notes, [{ text: 'Fastest is bench with x 2 things,fib(20)', line: 3 }]);
  });
});
