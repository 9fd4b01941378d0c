// Tests of the BenchmarkDotNet adapter: golden fixtures (GitHub exports of 0.13.3, 0.15.2 and 0.15.7)
// and bad input, each an InputError at its line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fs.readFileSync(path.join(here, 'fixtures/linq2db-concurrent-report-github.md'), 'utf8');
const lines = sample.split('\n');
const lineOf = (re) => lines.findIndex((l) => re.test(l)) + 1;

describe('bad input', () => {
  test('no summary at all', () => rejects('# Results\n\nnone yet\n', 0, 'a BenchmarkDotNet summary', 'none'));

  test('a summary cut off after its environment block', () => {
    const n = lineOf(/^Jit=RyuJit/);
    rejects(lines.slice(0, n).join('\n'), 3, /^a results table/, /cut off/);
  });

  test('a table cut off after its header', () => {
    const n = lineOf(/^\| Method/);
    rejects(lines.slice(0, n).join('\n'), n + 1, /^the separator row/, /cut off/);
  });

  test('an unknown time unit', () => {
    const n = lineOf(/Compiled \| \.NET 9\.0 +\| 32/);
    rejects(withLine(sample, n, lines[n - 1].replace('15.43 ms', '15.43 xs')), n, /^a time with a unit BenchmarkDotNet prints in the Mean column/, '"15.43 xs"');
  });

  test('an unknown size unit', () => {
    const n = lineOf(/Compiled \| \.NET 9\.0 +\| 32/);
    rejects(withLine(sample, n, lines[n - 1].replace('570 KB', '570 KiB')), n, /^a size with a unit BenchmarkDotNet prints in the Allocated column/, '"570 KiB"');
  });

  test('a row with a cell missing', () => {
    const n = lineOf(/Compiled \| \.NET 9\.0 +\| 32/);
    rejects(withLine(sample, n, '| Compiled | .NET 9.0             | 32          | 15.43 ms |'), n, /^a row of 5 cells/, /Compiled/);
  });
});

describe('reading', () => {
  test('a console summary without outer pipes: Error as ci99, Median, Op/s, P95', () => {
    const text = [
      '// * Summary *',
      '',
      'BenchmarkDotNet=v0.12.1, OS=ubuntu 20.04',
      'Intel Xeon CPU E5-2673 v4 2.30GHz, 1 CPU, 2 logical and 2 physical cores',
      '',
      ' Method |  N |     Mean |    Error |   StdDev |   Median |       P95 |       Op/s | Allocated |',
      '------- |--- |---------:|---------:|---------:|---------:|----------:|-----------:|----------:|',
      ' Sha256 | 10 | 1,100.9 μs | 1.970 μs | 2.022 μs | 1,099.1 μs | 1,104.2 μs | 908.3 |     1.2 KB |',
      '',
    ].join('\n');
    const r = parser.parse(text);
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => [x.benchmark, x.conditions.n, x.metric, x.statistic, x.value, x.unit, x.spread_kind, x.spread, x.line]),
      [
        ['Sha256', 10, 'time', 'mean', 1100.9, 'us', 'ci99', 1.97, 8],
        ['Sha256', 10, 'time', 'stdev', 2.022, 'us', '', null, 8],
        ['Sha256', 10, 'time', 'median', 1099.1, 'us', '', null, 8],
        ['Sha256', 10, 'time', 'p95', 1104.2, 'us', '', null, 8],
        ['Sha256', 10, 'throughput', 'mean', 908.3, 'ops/s', '', null, 8],
        ['Sha256', 10, 'memory', 'value', 1.2, 'KiB', '', null, 8],
      ],
    );
    assert.deepEqual(r.machines.system.facts.map((f) => [f.field, f.value]), [
      ['os', 'ubuntu 20.04'],
      ['cpu_model', 'Intel Xeon CPU E5-2673 v4 2.30GHz'],
      ['clock_ghz', 2.3],
      ['sockets', 1],
      ['threads', 2],
      ['cores', 2],
    ]);
    assert.deepEqual(r.spans, [[3, 8]]);
  });
});
