// Units as quantities: every spelling to a canonical unit with a dimension and a factor, decimal and
// binary prefixes kept apart, one display unit per chart (most values between 1 and 1,000), and a
// unit the model does not know kept as written, never converted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  prefixedUnit,
  UNITS,
  canonicalUnit,
  convert,
  dimensionOf,
  displayUnit,
  quantityOf,
  toDisplay,
  unitSymbol,
  unitInHeader,
  UNSTATED,
  isStated,
} from './units.mjs';

test('every unit has a dimension and a positive factor', () => {
  for (const [symbol, u] of Object.entries(UNITS)) {
    assert.ok(typeof u.dimension === 'string' && u.dimension, symbol);
    assert.ok(u.factor > 0, symbol);
  }
  assert.equal(dimensionOf('ms'), 'time');
  assert.equal(dimensionOf('MB/s'), 'bandwidth');
  assert.equal(dimensionOf('GHz'), 'frequency');
  assert.equal(dimensionOf('J'), 'energy');
  assert.equal(dimensionOf('W'), 'power');
  assert.equal(dimensionOf('furlongs'), undefined);
});

test('"MB/sec" is decimal megabytes a second (MB/s), never mebibytes', () => {
  assert.equal(canonicalUnit('MB/sec'), 'MB/s');
  assert.equal(canonicalUnit('mb/s'), 'MB/s');
  assert.equal(canonicalUnit('MiB/s'), 'MiB/s');
  assert.equal(canonicalUnit('KB'), 'KB');
  assert.equal(canonicalUnit('KiB'), 'KiB');
  assert.equal(convert(1, 'MB/s', 'KB/s'), 1000);
  assert.equal(convert(1, 'MiB/s', 'KiB/s'), 1024);
  assert.equal(convert(1, 'MiB', 'MB'), 1.048576);
});

test('milli and mega are not confused when a unit is written with its case', () => {
  assert.equal(canonicalUnit('mJ'), 'mJ');
  assert.equal(canonicalUnit('mW'), 'mW');
  assert.equal(canonicalUnit('MJ'), undefined);
  assert.equal(canonicalUnit('MW'), undefined);
});

test('a chart of times in ms and s draws them in one unit: the one that keeps most between 1 and 1,000', () => {
  const values = [
    { value: 850, unit: 'ms' },
    { value: 1.2, unit: 's' },
    { value: 420, unit: 'ms' },
  ];
  assert.equal(displayUnit(values), 'ms');
  assert.deepEqual(
    values.map((v) => toDisplay(v.value, v.unit, 'ms')),
    [850, 1200, 420],
  );
  assert.equal(
    displayUnit([
      { value: 2500, unit: 'ms' },
      { value: 3.1, unit: 's' },
      { value: 4200, unit: 'ms' },
    ]),
    's',
  );
  assert.equal(
    displayUnit([
      { value: 12000, unit: 'ns' },
      { value: 35000, unit: 'ns' },
    ]),
    'us',
  );
});

test('binary sizes are shown in binary units and decimal ones in decimal', () => {
  assert.equal(
    displayUnit([
      { value: 3000, unit: 'KiB' },
      { value: 5000, unit: 'KiB' },
    ]),
    'MiB',
  );
  assert.equal(
    displayUnit([
      { value: 3000, unit: 'KB/s' },
      { value: 5000, unit: 'KB/s' },
    ]),
    'MB/s',
  );
});

test('requests and operations are never converted into each other', () => {
  assert.notEqual(quantityOf('req/s'), quantityOf('ops/s'));
  assert.equal(quantityOf('ops/ms'), quantityOf('Kops/s'));
  assert.equal(
    displayUnit([
      { value: 150000, unit: 'req/s' },
      { value: 90000, unit: 'req/s' },
    ]),
    'req/s',
  );
  assert.equal(quantityOf('%') === quantityOf('x'), false);
});

test('a unit the model does not know is kept as written and never converted', () => {
  assert.equal(quantityOf('furlongs'), '?furlongs');
  assert.equal(displayUnit([{ value: 5000, unit: 'furlongs' }]), 'furlongs');
  assert.equal(toDisplay(5000, 'furlongs', 'ms'), 5000);
  assert.equal(convert(5000, 'furlongs', 'ms'), undefined);
});

test('a number whose report states no unit is in unit "not stated": shown so, never converted, never stated', () => {
  assert.equal(canonicalUnit('not stated'), UNSTATED);
  assert.equal(UNSTATED, 'not stated');
  assert.equal(unitSymbol(UNSTATED), 'unit not stated');
  assert.equal(canonicalUnit(unitSymbol(UNSTATED)), UNSTATED);
  assert.equal(convert(5, UNSTATED, 's'), undefined);
  assert.equal(toDisplay(5, UNSTATED, 's'), 5);
  assert.equal(displayUnit([{ value: 5000, unit: UNSTATED }]), UNSTATED);
  assert.equal(quantityOf(UNSTATED) === quantityOf('count'), false);
  assert.equal(isStated(UNSTATED), false);
  assert.equal(isStated('ms'), true);
});

test("benchee's IPS header is iterations per second: operations per second, not instructions", () => {
  assert.deepEqual(unitInHeader('IPS'), { unit: 'ops/s', name: 'IPS' });
  assert.equal(canonicalUnit('MIPS'), 'MIPS');
});

test('units as a reader writes them', () => {
  assert.equal(unitSymbol('us'), 'µs');
  assert.equal(unitSymbol('ops/us'), 'ops/µs');
  assert.equal(unitSymbol('uJ'), 'µJ');
  assert.equal(unitSymbol('MB/s'), 'MB/s');
});

test('TPS, IOPS and ops/sec name a rate of operations per second', () => {
  for (const h of ['TPS', 'IOPS', 'ops/sec']) assert.equal(unitInHeader(h)?.unit, 'ops/s', h);
  assert.deepEqual(unitInHeader('Throughput (TPS)'), { unit: 'ops/s', name: 'Throughput' });
  // A plain word is still no unit.
  assert.equal(unitInHeader('Queries'), undefined);
});

test('a report\'s "QPS" and "queries per second" keep its unit: queries a second, shown as such and never turned into operations', () => {
  for (const h of ['QPS', 'qps', 'Throughput (QPS)', 'queries/sec', 'Queries per second']) assert.equal(unitInHeader(h)?.unit ?? canonicalUnit(h), 'queries/s', h);
  assert.equal(UNITS['queries/s'].title, 'queries per second');
  assert.notEqual(quantityOf('queries/s'), quantityOf('ops/s'));
  // "DB R/W (request/second)" (an org README's row label) is requests a second.
  assert.equal(unitInHeader('DB R/W (request/second)')?.unit, 'req/s');
  // A plain word is still no unit.
  assert.equal(unitInHeader('Queries'), undefined);
});

test('a prefix printed on the number takes the unit its column states: SI and IEC apart, milli never minutes', () => {
  assert.equal(prefixedUnit('µ', 's'), 'us');
  assert.equal(prefixedUnit('m', 's'), 'ms');
  assert.equal(prefixedUnit('n', 's'), 'ns');
  assert.equal(prefixedUnit('Ki', 'B/op'), 'KiB/op');
  assert.equal(prefixedUnit('Mi', 'B/op'), 'MiB/op');
  assert.equal(prefixedUnit('k', 'allocs/op'), 'Kallocs/op');
  assert.equal(prefixedUnit('k', 'ops/s'), 'Kops/s');
  assert.equal(convert(8.7, prefixedUnit('Ki', 'B/op'), 'B/op'), 8908.8);
  assert.equal(convert(7.8, prefixedUnit('µ', 's'), 's'), 7.8e-6);
  // A decimal prefix on bytes per op is no unit of the model (benchstat prints B/op in IEC), nor is a prefix on req/s.
  assert.equal(prefixedUnit('k', 'B/op'), undefined);
  assert.equal(prefixedUnit('k', 'req/s'), undefined);
});

test('bits a second are a dimension of their own: Mbit/s and Gbit/s convert into each other, never into bytes', () => {
  // iperf3's "[  5]   0.00-10.00  sec  1.10 GBytes   943 Mbits/sec" (tests/fixtures/corpus/iperf3-text/bandwitch-iperf3.md)
  assert.equal(canonicalUnit('Mbits/sec'), 'Mbit/s');
  assert.equal(canonicalUnit('Gbits/sec'), 'Gbit/s');
  assert.equal(dimensionOf('Mbit/s'), 'bit-rate');
  assert.equal(convert(943, 'Mbit/s', 'Gbit/s'), 0.943);
  assert.equal(convert(1, 'Gbit/s', 'Mbit/s'), 1000);
  assert.equal(convert(943, 'Mbit/s', 'MB/s'), undefined);
  assert.equal(convert(1, 'Gbit/s', 'GiB/s'), undefined);
  assert.equal(prefixedUnit('M', 'bit/s'), 'Mbit/s');
  assert.equal(prefixedUnit('Mi', 'bit/s'), undefined);
  assert.notEqual(quantityOf('Mbit/s'), quantityOf('MB/s'));
});

test('the units of outside tools are known: calls/second, trans/sec, hits, i/s, ops/m, fps, GFLOPS, MIPS', () => {
  // Dropwizard Metrics' "mean rate = 78326.40 calls/second" (dropwizard-metrics/scalecube-lmdb.md:5)
  assert.equal(canonicalUnit('calls/second'), 'ops/s');
  // siege's "Transaction rate: 39.78 trans/sec" and "Transactions: 3820 hits" (siege/async-micro-bench-threaded-sinatra.md:13, 8)
  assert.equal(canonicalUnit('trans/sec'), 'req/s');
  assert.equal(canonicalUnit('hits'), 'count');
  // benchmark-ips's "29.903M (± 3.3%) i/s" (benchmark-ips/rubymotion-bench-readme.md:34), CoreMark's "Iterations/Sec"
  assert.equal(canonicalUnit('i/s'), 'ops/s');
  assert.equal(canonicalUnit('Iterations/Sec'), 'ops/s');
  // SPECjvm2008's "Score on startup.helloworld: 141.84 ops/m" (specjvm2008/daizhiyuan-specjvm2008-readme.md:54): a minute, not a milli
  assert.equal(canonicalUnit('ops/m'), 'ops/min');
  assert.equal(convert(141.84, 'ops/min', 'ops/s'), 2.364);
  // glmark2's "FPS: 513" (glmark2/revyos-glmark2.md): frames, never operations nor requests
  assert.equal(canonicalUnit('FPS'), 'fps');
  assert.notEqual(quantityOf('fps'), quantityOf('ops/s'));
  // HPL's "Gflops" column (linpack/daizhiyuan-linpack-readme.md) and 7-Zip's MIPS (7zip-benchmark/revyos-7zip.md)
  assert.equal(canonicalUnit('Gflops'), 'GFLOP/s');
  assert.equal(canonicalUnit('GFLOPS'), 'GFLOP/s');
  assert.equal(convert(1.5, 'GFLOP/s', 'MFLOP/s'), 1500);
  assert.equal(convert(1.5, 'GFLOP/s', 'Gops/s'), undefined);
  assert.equal(canonicalUnit('MIPS'), 'MIPS');
  assert.equal(dimensionOf('MIPS'), 'instruction-rate');
  assert.equal(convert(1, 'MIPS', 'ops/s'), undefined);
});

test('a bit rate, a FLOP rate and an instruction rate are better higher', async () => {
  const { betterOf } = await import('./model.mjs');
  for (const u of ['Mbit/s', 'Gbit/s', 'GFLOP/s', 'MIPS', 'ops/min', 'fps']) assert.equal(betterOf('', u), 'higher', u);
});

test('CONTRIBUTING.md lists every unit of the table, with its dimension and meaning, and no unit the table lacks', async () => {
  const fs = await import('node:fs');
  const { ROOT } = await import('../../lib/paths.mjs');
  const text = fs.readFileSync(`${ROOT}/CONTRIBUTING.md`, 'utf8');
  const start = text.indexOf('#### Units the atlas knows');
  assert.ok(start >= 0, 'CONTRIBUTING.md has a "Units the atlas knows" section');
  const rest = text.slice(start + 1);
  const section = rest.slice(0, rest.search(/\n#/) + 1 || undefined);
  const listed = new Map(
    [...section.matchAll(/^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|/gm)].map((m) => [m[1], [m[2].trim(), m[3].trim()]]),
  );
  for (const [symbol, u] of Object.entries(UNITS))
    assert.deepEqual(listed.get(symbol), [u.dimension, u.title], `CONTRIBUTING.md lists ${symbol} (${u.dimension}, ${u.title})`);
  for (const symbol of listed.keys()) assert.ok(UNITS[symbol], `CONTRIBUTING.md lists ${symbol}, which is no unit of the table`);
});

test('"M" after a number is mega, never minutes; "m" alone still reads minutes', () => {
  assert.equal(canonicalUnit('M'), undefined);
  assert.equal(canonicalUnit('m'), 'min');
  assert.equal(canonicalUnit('min'), 'min');
});

test('UnixBench\'s "473505.0 KBps" is kilobytes a second (a capital B is bytes), never kilobits; "Kbps" stays kilobits', () => {
  // tests/fixtures/corpus/unixbench/daizhiyuan-unixbench-readme.md, line 51.
  assert.deepEqual(
    ['KBps', 'MBps', 'GBps', 'Kbps', 'kbps', 'Mbps'].map(canonicalUnit),
    ['KB/s', 'MB/s', 'GB/s', 'Kbit/s', 'Kbit/s', 'Mbit/s'],
  );
});
