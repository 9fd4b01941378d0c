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

  test('a Scaled column (v0.9 to v0.11, Ratio since) is the ratio to the baseline in x with its SD, not a condition', () => {
    // GuOrg/Gu.Xml's Benchmarks/*.md (v0.11.1) print Scaled and ScaledSD; v0.10 prints Scaled-StdDev and "?" where a run failed.
    const text = [
      'BenchmarkDotNet=v0.11.1, OS=Windows 10.0.17134.228 (1803/April2018Update/Redstone4)',
      '',
      '|     Method |      Mean |     Error |    StdDev | Scaled | ScaledSD |',
      '|----------- |----------:|----------:|----------:|-------:|---------:|',
      '|   Baseline | 16.549 ms | 0.1485 ms | 0.1160 ms |   1.00 |     0.00 |',
      '|     Faster |  2.859 ms | 0.0568 ms | 0.0980 ms |   0.17 |     0.01 |',
      '|     Failed |        NA |        NA |        NA |      ? |        ? |',
      '',
      '| Method | Mean       | StdDev    | Scaled | Scaled-StdDev |',
      '|------- |----------- |---------- |------- |-------------- |',
      '| Old    | 22.1431 ns | 0.2677 ns |   0.52 |          0.01 |',
    ].join('\n');
    const r = parser.parse(text);
    const rows = r.tables.measurements.rows;
    assert.deepEqual(
      rows.filter((x) => x.metric === 'relative_time').map((x) => [x.benchmark, x.statistic, x.value, x.unit, x.better, x.spread_kind, x.spread, x.line]),
      [
        ['Baseline', 'mean', 1, 'x', 'lower', 'stdev', 0, 5],
        ['Faster', 'mean', 0.17, 'x', 'lower', 'stdev', 0.01, 6],
        ['Old', 'mean', 0.52, 'x', 'lower', 'stdev', 0.01, 11],
      ],
    );
    assert.deepEqual(rows.map((x) => x.conditions), rows.map(() => ({})));
  });

  test('v0.10 spells its binary kilobyte "kB": 1.79 kB is 1.79 KiB, not a refused table', () => {
    const text = [
      'BenchmarkDotNet=v0.10.1, OS=Windows',
      '',
      '     Method |        Mean |     StdDev | Scaled | Scaled-StdDev |   Gen 0 | Allocated |',
      '----------- |------------ |----------- |------- |-------------- |-------- |---------- |',
      ' AtomicLong | 501.5930 us | 17.4125 us |   1.00 |          0.00 |       - |   1.79 kB |',
      '',
    ].join('\n');
    const memory = parser.parse(text).tables.measurements.rows.filter((x) => x.metric === 'memory');
    assert.deepEqual(memory.map((x) => [x.benchmark, x.value, x.unit, x.line]), [['AtomicLong', 1.79, 'KiB', 5]]);
  });

  test('a Ratio in words (RatioStyle.Trend: "baseline", "1.23x faster") gives no row; a Ratio that is no number is refused at its line', () => {
    const head = ['BenchmarkDotNet v0.13.12, Windows 11', '', '| Method | Mean     | Ratio        |', '|------- |---------:|-------------:|'];
    const r = parser.parse([...head, '| A      | 1.000 ns |     baseline |', '| B      | 0.500 ns | 2.00x faster |', ''].join('\n'));
    assert.deepEqual(r.tables.measurements.rows.map((x) => x.metric), ['time', 'time']);
    rejects([...head, '| A      | 1.000 ns |         lots |', ''].join('\n'), 5, 'a number in the Ratio column', '"lots"');
  });
});
