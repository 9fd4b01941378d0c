// Tests of the go test -bench adapter: golden fixtures (real outputs, README.md says where from),
// bad input (each one InputError at its line), custom units, and what it must not claim.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const suffix = fixture('suffixarray-excerpt.bench');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, /result line/, 'none'));

  test('a result line cut off after its iteration count', () => {
    const text = suffix.split('\n').slice(0, 6).join('\n') + '\nBenchmarkNew/text=opticks/size=100K/bits=32-8 \t     295\t';
    rejects(text, 7, /^a value and its unit after the iteration count/, 'the end of the line after the iteration count');
  });

  test('a result line cut off between a value and its unit', () => {
    const text = withLine(suffix, 8, 'BenchmarkNew/text=opticks/size=100K/bits=32-8 \t     279\t   4033154 ns/op\t  24.79');
    rejects(text, 8, /^a value and its unit/, 'the end of the line after "24.79"');
  });

  test('a unit that is no word', () => {
    const n = lineOf(suffix, /4072122 ns\/op/);
    rejects(suffix.replace('4072122 ns/op', '4072122 (ns)'), n, /^a unit of go test/, '"(ns)"');
  });

  test('a value that is not a number', () => {
    const n = lineOf(suffix, /4072122 ns\/op/);
    rejects(suffix.replace('24.56 MB/s', '24,56 MB/s'), n, 'a number before the unit "MB/s"', '"24,56"');
  });

  test('a value with more digits than a number holds', () => {
    const n = lineOf(suffix, /4072122 ns\/op/);
    rejects(suffix.replace('4072122 ns/op', '4072122.00000000001 ns/op'), n, /15 significant digits/, /4072122/);
  });
});

describe('units and names', () => {
  test('go test units, and custom units by Go conventions', () => {
    assert.deepEqual(parser.goUnit('ns/op'), { metric: 'time', unit: 'ns', statistic: 'mean' });
    assert.deepEqual(parser.goUnit('MB/s'), { metric: 'bandwidth', unit: 'MB/s', statistic: 'mean' });
    assert.deepEqual(parser.goUnit('x-unit/op'), { metric: 'x_unit_per_op', unit: 'count', statistic: 'mean' });
    assert.deepEqual(parser.goUnit('build-user-ns/op'), { metric: 'build_user_time', unit: 'ns', statistic: 'mean' });
    assert.deepEqual(parser.goUnit('text-bytes'), { metric: 'text_size', unit: 'B', statistic: 'value' });
    assert.deepEqual(parser.goUnit('ns/insert'), { metric: 'time_per_insert', unit: 'ns', statistic: 'value' });
    assert.deepEqual(parser.goUnit('inputs-quality'), { metric: 'inputs_quality', unit: 'inputs-quality', statistic: 'value' });
    assert.equal(parser.goUnit('(ns)'), undefined);
  });

  test('a custom unit the model does not know is kept as written, never converted (Bencher aux.txt)', () => {
    const rows = parser.parse(fixture('bencher-aux.txt')).tables.measurements.rows;
    const aux = rows.find((r) => r.unit === 'auxMetricUnits');
    assert.deepEqual(
      [aux.benchmark, aux.metric, aux.statistic, aux.value, aux.unit, aux.better, aux.line],
      ['BenchmarkFib20WithAuxMetric', 'aux_metric_units', 'value', 4, 'auxMetricUnits', '', 6],
    );
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.value, r.unit]),
      [
        ['BenchmarkFib10', 210.2, 'ns'],
        ['BenchmarkFib20', 26264, 'ns'],
        ['BenchmarkFib20WithAuxMetric', 25829, 'ns'],
        ['BenchmarkFib20WithAuxMetric', 4, 'auxMetricUnits'],
      ],
    );
  });

  test('a custom metric beside the built-in ones', () => {
    const r = parser.parse('BenchmarkSort-8  \t 1000\t 1234 ns/op\t 3.50 x-unit/op\t 16 B/op\t 1 allocs/op\n');
    const rows = r.tables.measurements.rows;
    assert.deepEqual(
      rows.map((x) => [x.metric, x.value, x.unit]),
      [
        ['time', 1234, 'ns'],
        ['x_unit_per_op', 3.5, 'count'],
        ['memory', 16, 'B/op'],
        ['allocations', 1, 'allocs/op'],
      ],
    );
    assert.deepEqual(rows[0].conditions, { procs: 8 });
    assert.deepEqual(r.machines, {});
  });

  test('the name: -N is procs, key=value parts are conditions, other parts stay', () => {
    assert.deepEqual(parser.splitName('BenchmarkNew/text=go/size=1M/bits=64-8'), {
      benchmark: 'BenchmarkNew',
      conditions: { text: 'go', size: '1M', bits: 64, procs: 8 },
    });
    assert.deepEqual(parser.splitName('BenchmarkConn_ReadMessage/compress_enabled'), {
      benchmark: 'BenchmarkConn_ReadMessage/compress_enabled',
      conditions: { procs: 1 },
    });
    // a key that is a field of the row itself stays in the name
    assert.deepEqual(parser.splitName('BenchmarkX/unit=ms/N=007-4'), {
      benchmark: 'BenchmarkX/unit=ms',
      conditions: { n: '007', procs: 4 },
    });
  });

  test('packages from two machines: cpu becomes a condition, not a fact', () => {
    const text = [
      'goos: linux',
      'goarch: amd64',
      'pkg: example.com/a',
      'cpu: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz',
      'BenchmarkA-4   \t  100\t  10.5 ns/op',
      'PASS',
      'goos: linux',
      'goarch: amd64',
      'pkg: example.com/a',
      'cpu: AMD EPYC 7B13',
      'BenchmarkA-4   \t  100\t  9.5 ns/op',
      'PASS',
      'ok  \texample.com/a\t1.2s',
    ].join('\n');
    const r = parser.parse(text);
    assert.deepEqual(
      r.machines.system.facts.map((f) => [f.field, f.value, f.line]),
      [
        ['os', 'linux', 1],
        ['architecture', 'amd64', 2],
      ],
    );
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => x.conditions.cpu),
      ['Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz', 'AMD EPYC 7B13'],
    );
    assert.deepEqual(r.spans, [[1, 13]]);
  });

  test('ANSI colours are ignored', () => {
    const r = parser.parse('\x1b[32mBenchmarkA-2\x1b[0m \t 50\t 7.25 ns/op\n');
    assert.equal(r.tables.measurements.rows[0].value, 7.25);
  });
});

describe('not claimed', () => {
  // The head of golang/perf cmd/benchstat/testdata/crcOldNew.stdout (commit
  // 712aea8b47053b2e77c04820a5032254b347cf96): benchstat's table keeps go test's header lines.
  const benchstat = [
    'pkg: hash/crc32',
    'goarch: amd64',
    'goos: darwin',
    'note: hw acceleration disabled',
    '                                          │ crc-old.txt │',
    '                                          │   sec/op    │',
    'CRC32/poly=IEEE/size=15/align=0-8           46.55n ± 9%',
    'CRC32/poly=IEEE/size=15/align=1-8           44.35n ± 3%',
  ].join('\n');

  test('a benchstat table', () => assert.equal(parser.detect(benchstat), false));
  test('prose that names a benchmark', () => {
    assert.equal(parser.detect('BenchmarkFoo is 20 % faster than before.\nBenchmarks 3 and 4 ns/op\n'), false);
  });
  test('a lower-case name is not a benchmark (Go\'s rule)', () => assert.equal(parser.detect('Benchmarking 100 5 ns/op\n'), false));
});

describe('a report that holds outputs of several harnesses', () => {
  const read = (format, name) => fs.readFileSync(path.join(here, '..', format, 'fixtures', name), 'utf8');
  const parts = [
    ['go-test-bench', read('go-test-bench', 'gws-readme-excerpt.md')],
    ['jmh-text', read('jmh-text', 'typed-future-sbt-excerpt.md')],
    ['catch2', read('catch2', 'josephus-v3-readme.md')],
    ['google-benchmark-console', read('google-benchmark-console', 'action-benchmark-fib-excerpt.md')],
  ];
  const text = parts.map(([, t]) => t.replace(/\n$/, '')).join('\n\nAnd then:\n\n') + '\n';

  test('each adapter reads only its own block, at its lines in the report', () => {
    let offset = 0;
    const spans = [];
    for (const [format, part] of parts) {
      const alone = parsers[format].parse(part).tables.measurements.rows;
      const mixed = parsers[format].parse(text).tables.measurements.rows;
      assert.deepEqual(
        mixed,
        alone.map((r) => ({ ...r, line: r.line + offset })),
        format,
      );
      spans.push(...parsers[format].parse(text).spans.map(([a, b]) => [a, b, format]));
      offset += part.replace(/\n$/, '').split('\n').length + 3;
    }
    spans.sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < spans.length; k++) assert.ok(spans[k][0] > spans[k - 1][1], `${spans[k - 1]} and ${spans[k]} overlap`);
  });

  test('every adapter of this family detects the report, and only these', () => {
    const hits = Object.entries(parsers)
      .filter(([, p]) => !p.fallback && p.detect(text))
      .map(([f]) => f)
      .sort();
    assert.deepEqual(hits, parts.map(([f]) => f).sort());
  });
});
