// Units in canonical form: every spelling a report or a harness prints ("ns/op", "µs", "usec",
// "Requests/sec", "MiB", "(ms)") to one canonical symbol, with its dimension and its factor to the
// dimension's base unit (seconds, bytes, per second, ...). Values are stored as published, in their
// canonical unit; comparisons convert within a dimension with `convert`, never across.
//
// Exports:
//   UNITS: Record<symbol, { dimension, factor, title }>
//   canonicalUnit(text) -> symbol | undefined       "nsec" -> "ns", "req/sec" -> "req/s", "%" -> "%"
//   unitInHeader(header) -> { unit, name } | undefined   "Latency (ms)" -> { unit: 'ms', name: 'Latency' }
//   splitValueUnit(cell) -> { number, unit } | undefined  "1.2 ms" -> { number: '1.2', unit: 'ms' }
//   prefixedUnit(prefix, unit) -> symbol | undefined ("µ", "s") -> "us", ("Ki", "B/op") -> "KiB/op"
//   convert(value, from, to) -> number | undefined  within one dimension
//   sameDimension(a, b) -> boolean
//   dimensionOf(unit) -> string | undefined         "ms" -> "time"; a unit it does not know: undefined
//   unitSymbol(unit) -> string                      as a reader writes it: "us" -> "µs"
//   displayUnit(values) -> unit                     one unit for values given as { value, unit } of one
//                                                   dimension: the one that keeps most between 1 and 1,000
//   toDisplay(value, from, to) -> number            a value in the display unit (unknown units: as written)
//   quantityOf(unit) -> string                      what one axis may draw: "time:time", "rate:req/s", "?furlongs"
//   UNSTATED                                        "not stated": the unit of a number whose report states none
//   isStated(unit) -> boolean                       false for UNSTATED: such a value is shown as such and never
//                                                   joins a value of another report (comparisons, subject charts)

/**
 * Canonical symbols. `factor` converts to the dimension's base (s, B, 1/s, B/s, 1, Hz, J, W);
 * `scale` names the units one value may be shown in instead of another (a chart converts ms to s,
 * KiB to MiB, ops/s to Kops/s, never requests to operations); `binary` marks IEC prefixes (a chart
 * shows binary units in binary units and decimal in decimal: MB is never written MiB).
 */
export const UNITS = {
  // time
  ps: { dimension: 'time', factor: 1e-12, scale: 'time', title: 'picoseconds' },
  ns: { dimension: 'time', factor: 1e-9, scale: 'time', title: 'nanoseconds' },
  us: { dimension: 'time', factor: 1e-6, scale: 'time', title: 'microseconds' },
  ms: { dimension: 'time', factor: 1e-3, scale: 'time', title: 'milliseconds' },
  s: { dimension: 'time', factor: 1, scale: 'time', title: 'seconds' },
  min: { dimension: 'time', factor: 60, scale: 'time', title: 'minutes' },
  h: { dimension: 'time', factor: 3600, scale: 'time', title: 'hours' },
  // rates of events
  'req/s': { dimension: 'rate', factor: 1, title: 'requests per second' },
  'ops/s': { dimension: 'rate', factor: 1, scale: 'ops', title: 'operations per second' },
  'ops/ms': { dimension: 'rate', factor: 1e3, scale: 'ops', title: 'operations per millisecond' },
  'ops/us': { dimension: 'rate', factor: 1e6, scale: 'ops', title: 'operations per microsecond' },
  'ops/ns': { dimension: 'rate', factor: 1e9, scale: 'ops', title: 'operations per nanosecond' },
  'msg/s': { dimension: 'rate', factor: 1, title: 'messages per second' },
  // a database benchmark's queries a second (QPS): the report's unit, never its operations
  'queries/s': { dimension: 'rate', factor: 1, scale: 'queries', title: 'queries per second' },
  'Kqueries/s': { dimension: 'rate', factor: 1e3, scale: 'queries', title: 'thousand queries per second' },
  'Mqueries/s': { dimension: 'rate', factor: 1e6, scale: 'queries', title: 'million queries per second' },
  'Kops/s': { dimension: 'rate', factor: 1e3, scale: 'ops', title: 'thousand operations per second' },
  'Mops/s': { dimension: 'rate', factor: 1e6, scale: 'ops', title: 'million operations per second' },
  'elem/s': { dimension: 'rate', factor: 1, scale: 'elem', title: 'elements per second' },
  'Kelem/s': { dimension: 'rate', factor: 1e3, scale: 'elem', title: 'thousand elements per second' },
  'Melem/s': { dimension: 'rate', factor: 1e6, scale: 'elem', title: 'million elements per second' },
  'Gelem/s': { dimension: 'rate', factor: 1e9, scale: 'elem', title: 'billion elements per second' },
  'Gops/s': { dimension: 'rate', factor: 1e9, scale: 'ops', title: 'billion operations per second' },
  // SPECjvm2008's "ops/m": operations a minute, the same operations as ops/s
  'ops/min': { dimension: 'rate', factor: 1 / 60, scale: 'ops/min', title: 'operations per minute' },
  // frames drawn a second (glmark2's "FPS: 513"): no operation, a quantity of its own
  fps: { dimension: 'rate', factor: 1, title: 'frames per second' },
  // operations a second counted in multiples of 1024 (Google Benchmark's "1.2M items/s" before 2018)
  'Kiops/s': { dimension: 'rate', factor: 1024, scale: 'ops', binary: true, title: '1024 operations per second' },
  'Miops/s': { dimension: 'rate', factor: 1024 ** 2, scale: 'ops', binary: true, title: '1024² operations per second' },
  'Giops/s': { dimension: 'rate', factor: 1024 ** 3, scale: 'ops', binary: true, title: '1024³ operations per second' },
  // sizes (decimal and binary prefixes kept apart, as printed)
  B: { dimension: 'size', factor: 1, scale: 'bytes', title: 'bytes' },
  KB: { dimension: 'size', factor: 1e3, scale: 'bytes', title: 'kilobytes' },
  MB: { dimension: 'size', factor: 1e6, scale: 'bytes', title: 'megabytes' },
  GB: { dimension: 'size', factor: 1e9, scale: 'bytes', title: 'gigabytes' },
  KiB: { dimension: 'size', factor: 1024, scale: 'bytes', binary: true, title: 'kibibytes' },
  MiB: { dimension: 'size', factor: 1024 ** 2, scale: 'bytes', binary: true, title: 'mebibytes' },
  GiB: { dimension: 'size', factor: 1024 ** 3, scale: 'bytes', binary: true, title: 'gibibytes' },
  // transfer rates
  'B/s': { dimension: 'bandwidth', factor: 1, scale: 'bytes/s', title: 'bytes per second' },
  'KB/s': { dimension: 'bandwidth', factor: 1e3, scale: 'bytes/s', title: 'kilobytes per second' },
  'MB/s': { dimension: 'bandwidth', factor: 1e6, scale: 'bytes/s', title: 'megabytes per second' },
  'GB/s': { dimension: 'bandwidth', factor: 1e9, scale: 'bytes/s', title: 'gigabytes per second' },
  'KiB/s': { dimension: 'bandwidth', factor: 1024, scale: 'bytes/s', binary: true, title: 'kibibytes per second' },
  'MiB/s': { dimension: 'bandwidth', factor: 1024 ** 2, scale: 'bytes/s', binary: true, title: 'mebibytes per second' },
  'GiB/s': { dimension: 'bandwidth', factor: 1024 ** 3, scale: 'bytes/s', binary: true, title: 'gibibytes per second' },
  // bit rates (iperf's "Mbits/sec", "Gbps"): bits a second stay bits a second, a dimension of their own,
  // never converted to bytes (SI prefixes only: a network's megabit is 10^6 bits)
  'bit/s': { dimension: 'bit-rate', factor: 1, scale: 'bits/s', title: 'bits per second' },
  'Kbit/s': { dimension: 'bit-rate', factor: 1e3, scale: 'bits/s', title: 'kilobits per second' },
  'Mbit/s': { dimension: 'bit-rate', factor: 1e6, scale: 'bits/s', title: 'megabits per second' },
  'Gbit/s': { dimension: 'bit-rate', factor: 1e9, scale: 'bits/s', title: 'gigabits per second' },
  // floating-point operations a second (HPL's "Gflops"), and millions of instructions a second (7-Zip's "MIPS"):
  // each a dimension of its own, never operations of a benchmark's loop
  'FLOP/s': { dimension: 'flop-rate', factor: 1, scale: 'FLOP/s', title: 'floating-point operations per second' },
  'MFLOP/s': { dimension: 'flop-rate', factor: 1e6, scale: 'FLOP/s', title: 'million floating-point operations per second' },
  'GFLOP/s': { dimension: 'flop-rate', factor: 1e9, scale: 'FLOP/s', title: 'billion floating-point operations per second' },
  'TFLOP/s': { dimension: 'flop-rate', factor: 1e12, scale: 'FLOP/s', title: 'trillion floating-point operations per second' },
  MIPS: { dimension: 'instruction-rate', factor: 1e6, scale: 'IPS', title: 'million instructions per second' },
  GIPS: { dimension: 'instruction-rate', factor: 1e9, scale: 'IPS', title: 'billion instructions per second' },
  // clock and event frequencies, energy, power
  Hz: { dimension: 'frequency', factor: 1, scale: 'Hz', title: 'hertz' },
  kHz: { dimension: 'frequency', factor: 1e3, scale: 'Hz', title: 'kilohertz' },
  MHz: { dimension: 'frequency', factor: 1e6, scale: 'Hz', title: 'megahertz' },
  GHz: { dimension: 'frequency', factor: 1e9, scale: 'Hz', title: 'gigahertz' },
  uJ: { dimension: 'energy', factor: 1e-6, scale: 'J', title: 'microjoules' },
  mJ: { dimension: 'energy', factor: 1e-3, scale: 'J', title: 'millijoules' },
  J: { dimension: 'energy', factor: 1, scale: 'J', title: 'joules' },
  kJ: { dimension: 'energy', factor: 1e3, scale: 'J', title: 'kilojoules' },
  Wh: { dimension: 'energy', factor: 3600, title: 'watt-hours' },
  mW: { dimension: 'power', factor: 1e-3, scale: 'W', title: 'milliwatts' },
  W: { dimension: 'power', factor: 1, scale: 'W', title: 'watts' },
  kW: { dimension: 'power', factor: 1e3, scale: 'W', title: 'kilowatts' },
  // per-operation counts (Go's -benchmem); benchstat prints them with a prefix on the number ("8.7Ki", "1.2k")
  'B/op': { dimension: 'size-per-op', factor: 1, scale: 'bytes/op', title: 'bytes per operation' },
  'KiB/op': { dimension: 'size-per-op', factor: 1024, scale: 'bytes/op', binary: true, title: 'kibibytes per operation' },
  'MiB/op': { dimension: 'size-per-op', factor: 1024 ** 2, scale: 'bytes/op', binary: true, title: 'mebibytes per operation' },
  'GiB/op': { dimension: 'size-per-op', factor: 1024 ** 3, scale: 'bytes/op', binary: true, title: 'gibibytes per operation' },
  'allocs/op': { dimension: 'count-per-op', factor: 1, scale: 'allocs/op', title: 'allocations per operation' },
  'Kallocs/op': { dimension: 'count-per-op', factor: 1e3, scale: 'allocs/op', title: 'thousand allocations per operation' },
  'Mallocs/op': { dimension: 'count-per-op', factor: 1e6, scale: 'allocs/op', title: 'million allocations per operation' },
  // plain counts and ratios
  count: { dimension: 'count', factor: 1, title: 'count' },
  // a count printed with an SI or IEC prefix and no unit (Google Benchmark's counters: "Foo=1.2k", "Bar=1024m")
  thousand: { dimension: 'count', factor: 1e3, title: 'thousands (k)' },
  million: { dimension: 'count', factor: 1e6, title: 'millions (M)' },
  billion: { dimension: 'count', factor: 1e9, title: 'billions (G)' },
  trillion: { dimension: 'count', factor: 1e12, title: 'trillions (T)' },
  kibi: { dimension: 'count', factor: 1024, title: 'multiples of 1024 (Ki)' },
  mebi: { dimension: 'count', factor: 1024 ** 2, title: 'multiples of 1024² (Mi)' },
  gibi: { dimension: 'count', factor: 1024 ** 3, title: 'multiples of 1024³ (Gi)' },
  milli: { dimension: 'count', factor: 1e-3, title: 'thousandths (m)' },
  micro: { dimension: 'count', factor: 1e-6, title: 'millionths (u)' },
  nano: { dimension: 'count', factor: 1e-9, title: 'billionths (n)' },
  // a percentage is a ratio (50 % is 0.5 x); a chart keeps the report's own of the two (no scale)
  '%': { dimension: 'ratio', factor: 0.01, title: 'percent' },
  x: { dimension: 'ratio', factor: 1, title: 'times (ratio)' },
  // a number whose report states no unit (STREAM's "Avg time" column, benchee's "Average"): read, shown
  // as "unit not stated", never converted and never compared with another report's (isStated)
  'not stated': { dimension: 'not stated', factor: 1, title: 'unit not stated' },
};

/** The unit of a number whose report states none. */
export const UNSTATED = 'not stated';

/** Whether a unit is stated by its report: a value in UNSTATED joins no other report's values. */
export const isStated = (unit) => unit !== UNSTATED;

/** Spellings (lower-cased, spaces removed) -> canonical symbol. Case matters only for sizes (below). */
const SPELLINGS = {
  ps: 'ps', picoseconds: 'ps',
  ns: 'ns', nsec: 'ns', nanos: 'ns', nanoseconds: 'ns', 'ns/op': 'ns', 'ns/iter': 'ns',
  us: 'us', 'µs': 'us', 'μs': 'us', usec: 'us', micros: 'us', microseconds: 'us', 'us/op': 'us', 'µs/op': 'us', 'μs/op': 'us',
  ms: 'ms', msec: 'ms', millis: 'ms', milliseconds: 'ms', 'ms/op': 'ms',
  s: 's', sec: 's', secs: 's', second: 's', seconds: 's', 's/op': 's', 'sec/op': 's',
  min: 'min', mins: 'min', minutes: 'min', // "m" for minutes only in lower case (CASE_ONLY): "M" is mega
  h: 'h', hours: 'h',
  'req/s': 'req/s', 'req/sec': 'req/s', 'reqs/s': 'req/s', 'reqs/sec': 'req/s', 'requests/s': 'req/s', 'requests/sec': 'req/s',
  'requests/second': 'req/s', 'request/s': 'req/s', 'request/sec': 'req/s', 'request/second': 'req/s', 'requestspersecond': 'req/s', rps: 'req/s', '#/sec': 'req/s', 'hits/s': 'req/s',
  'ops/s': 'ops/s', 'op/s': 'ops/s', 'ops/sec': 'ops/s', 'op/sec': 'ops/s', ops: 'ops/s', 'operations/s': 'ops/s',
  // benchee's and benchmark-ips' "IPS": iterations per second (instructions per second are written with their prefix, MIPS)
  ips: 'ops/s',
  'iter/s': 'ops/s', 'iters/s': 'ops/s', 'iterations/s': 'ops/s', 'i/s': 'ops/s', 'iterations/sec': 'ops/s', // benchmark-ips, CoreMark
  'calls/s': 'ops/s', 'calls/sec': 'ops/s', 'calls/second': 'ops/s', // Dropwizard Metrics' meters
  'ops/m': 'ops/min', 'ops/min': 'ops/min', 'op/min': 'ops/min',
  // a rate with nothing named before its time (JMeter's Throughput "58.2/min", "7.8/sec"): that many a minute, a second
  '/min': 'ops/min', '/s': 'ops/s', '/sec': 'ops/s',
  fps: 'fps', 'frames/s': 'fps',
  flops: 'FLOP/s', 'flop/s': 'FLOP/s', mflops: 'MFLOP/s', 'mflop/s': 'MFLOP/s', gflops: 'GFLOP/s', 'gflop/s': 'GFLOP/s', tflops: 'TFLOP/s', 'tflop/s': 'TFLOP/s',
  mips: 'MIPS', gips: 'GIPS',
  // siege's transactions are the requests it sends ("Transaction rate: 39.78 trans/sec", "Transactions: 3820 hits")
  'trans/s': 'req/s', 'trans/sec': 'req/s', hits: 'count',
  'runs/s': 'ops/s', 'ops/second': 'ops/s', hz: 'ops/s',
  'ops/ms': 'ops/ms', 'op/ms': 'ops/ms', 'ops/us': 'ops/us', 'op/us': 'ops/us', 'ops/µs': 'ops/us', 'ops/ns': 'ops/ns', 'op/ns': 'ops/ns',
  'msg/s': 'msg/s', 'msgs/s': 'msg/s', 'messages/s': 'msg/s', 'msg/sec': 'msg/s',
  'elem/s': 'elem/s', 'kelem/s': 'Kelem/s', 'melem/s': 'Melem/s', 'gelem/s': 'Gelem/s', // Criterion's Throughput::Elements
  'kops/s': 'Kops/s', 'mops/s': 'Mops/s', 'gops/s': 'Gops/s',
  // queries a second keep their word; transactions and I/O operations a second, as database and
  // storage benchmarks name them, are operations
  qps: 'queries/s', 'queries/s': 'queries/s', 'queries/sec': 'queries/s', 'queries/second': 'queries/s', 'queriespersecond': 'queries/s', 'query/s': 'queries/s', 'kqueries/s': 'Kqueries/s', 'mqueries/s': 'Mqueries/s',
  tps: 'ops/s', iops: 'ops/s', 'transactions/s': 'ops/s', 'transactions/sec': 'ops/s', 'io/s': 'ops/s',
  b: 'B', byte: 'B', bytes: 'B', kib: 'KiB', mib: 'MiB', gib: 'GiB',
  'b/s': 'B/s', 'bytes/s': 'B/s', 'bytes/sec': 'B/s', 'kib/s': 'KiB/s', 'mib/s': 'MiB/s', 'gib/s': 'GiB/s',
  'bit/s': 'bit/s', 'bits/s': 'bit/s', 'bits/sec': 'bit/s', bps: 'bit/s',
  'kbit/s': 'Kbit/s', 'kbits/s': 'Kbit/s', 'kbits/sec': 'Kbit/s', kbps: 'Kbit/s',
  'mbit/s': 'Mbit/s', 'mbits/s': 'Mbit/s', 'mbits/sec': 'Mbit/s', mbps: 'Mbit/s',
  'gbit/s': 'Gbit/s', 'gbits/s': 'Gbit/s', 'gbits/sec': 'Gbit/s', gbps: 'Gbit/s',
  'b/op': 'B/op', 'bytes/op': 'B/op', 'allocs/op': 'allocs/op', 'alloc/op': 'allocs/op',
  '%': '%', percent: '%', pct: '%',
  x: 'x', '×': 'x', times: 'x',
  count: 'count', n: 'count', '#': 'count',
  notstated: UNSTATED, unitnotstated: UNSTATED, // as written and as shown (unitSymbol)
  // Hz alone is benchmark.js's ops/sec (above); a clock is written with its prefix
  khz: 'kHz', mhz: 'MHz', ghz: 'GHz',
  // (mJ and mW only as written: lower-cased they would read MJ and MW as milli)
  uj: 'uJ', 'µj': 'uJ', 'μj': 'uJ', j: 'J', joules: 'J', kj: 'kJ', wh: 'Wh', w: 'W', watts: 'W', kw: 'kW',
};

/** Decimal size units, spelled as printed: wrk's "KB" means KiB, so tools that mean binary say so themselves. */
const SIZE_CASE = {
  kb: 'KB', mb: 'MB', gb: 'GB',
  'kb/s': 'KB/s', 'mb/s': 'MB/s', 'gb/s': 'GB/s',
  'kb/sec': 'KB/s', 'mb/sec': 'MB/s', 'gb/sec': 'GB/s', // "MB/sec" is decimal megabytes: MB/s, never MiB/s
  'kbytes/s': 'KB/s', 'mbytes/s': 'MB/s', 'gbytes/s': 'GB/s',
};

/**
 * Spellings whose case matters: "5m" is five minutes, "29.903M" is no time (a multiplier, COUNT_PREFIX);
 * a lower-case "b" after a capital prefix is bits, as SI writes them ("Mb/s" is megabits a second: a
 * speedtest's "Nearest Download (Mb/s)"), never bytes ("MB/s"); a capital B is bytes: UnixBench's
 * "KBps" is kilobytes a second, where "Kbps" (any other case) is kilobits.
 */
const CASE_ONLY = {
  m: 'min',
  'Kb/s': 'Kbit/s', 'Kb/sec': 'Kbit/s', 'Mb/s': 'Mbit/s', 'Mb/sec': 'Mbit/s', 'Gb/s': 'Gbit/s', 'Gb/sec': 'Gbit/s',
  KBps: 'KB/s', kBps: 'KB/s', MBps: 'MB/s', GBps: 'GB/s',
};

/**
 * The canonical symbol of a unit as written, or undefined when it is not a unit this model knows.
 * @param {string} text
 */
export function canonicalUnit(text) {
  if (typeof text !== 'string') return undefined;
  const t = text.trim().replace(/\s+/g, '').replace(/^\[|\]$/g, '').replace(/^\(|\)$/g, '');
  if (!t) return undefined;
  if (Object.hasOwn(UNITS, t)) return t;
  if (Object.hasOwn(CASE_ONLY, t)) return CASE_ONLY[t];
  const k = t.toLowerCase();
  return SPELLINGS[k] ?? SIZE_CASE[k];
}

/**
 * A unit named in a column header: "Latency (ms)", "time [ns]", "Throughput, req/s", "ns/op",
 * "Requests/sec". Returns the canonical unit and the header without it, or undefined.
 * @param {string} header
 */
export function unitInHeader(header) {
  const h = String(header).trim();
  const bracket = h.match(/^(.*?)[\s,]*[([]\s*([^()[\]]+?)\s*[)\]]\s*$/);
  if (bracket) {
    const unit = canonicalUnit(bracket[2]);
    if (unit) return { unit, name: bracket[1].trim() || bracket[2] };
  }
  const comma = h.match(/^(.*?),\s*(\S+)$/);
  if (comma && canonicalUnit(comma[2])) return { unit: canonicalUnit(comma[2]), name: comma[1].trim() };
  const whole = canonicalUnit(h);
  if (whole && /[/%]|sec|^(ns|us|µs|ms|s|qps|tps|iops|ips|rps)$/i.test(h)) return { unit: whole, name: h };
  const last = h.match(/^(.*\S)\s+(\S+)$/);
  if (last && /[/%]/.test(last[2]) && canonicalUnit(last[2])) return { unit: canonicalUnit(last[2]), name: last[1] };
  return undefined;
}

/**
 * A cell that holds a number and its unit: "1.2 ms", "350µs", "12.5%", "1,234 req/s".
 * The number is returned as written (digits only, thousands separators dropped), for toNumber.
 * @param {string} cell
 * @returns {{ number: string, unit: string } | undefined}
 */
export function splitValueUnit(cell) {
  const m = String(cell).trim().match(/^([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+)\s*([^\d\s].*)$/);
  if (!m) return undefined;
  const unit = canonicalUnit(m[2]);
  if (!unit) return undefined;
  return { number: m[1].replace(/,/g, ''), unit };
}

/**
 * Counts printed with an SI or IEC prefix and no unit ("29.903M" iterations, "Foo=1.2k"), as this
 * table names them: a bare "M" after a number is a multiplier (million), never minutes.
 */
export const COUNT_PREFIX = { '': 'count', k: 'thousand', K: 'thousand', M: 'million', G: 'billion', T: 'trillion',
  Ki: 'kibi', Mi: 'mebi', Gi: 'gibi', m: 'milli', u: 'micro', n: 'nano' };

/** SI and IEC prefixes as printed on a number with its unit elsewhere (benchstat's "7.8µ", "8.7Ki", "1.2k"). */
const PREFIXES = {
  p: { factor: 1e-12 }, n: { factor: 1e-9 }, u: { factor: 1e-6 }, 'µ': { factor: 1e-6 }, 'μ': { factor: 1e-6 }, m: { factor: 1e-3 },
  k: { factor: 1e3 }, K: { factor: 1e3 }, M: { factor: 1e6 }, G: { factor: 1e9 }, T: { factor: 1e12 },
  Ki: { factor: 1024, binary: true }, Mi: { factor: 1024 ** 2, binary: true }, Gi: { factor: 1024 ** 3, binary: true },
};

/**
 * The canonical unit of a prefix printed on a number whose unit a column states: ("µ", "s") -> "us",
 * ("m", "s") -> "ms" (milli, never minutes), ("Ki", "B/op") -> "KiB/op", ("k", "allocs/op") ->
 * "Kallocs/op". A unit of the same dimension and scale with that factor, binary for an IEC prefix and
 * decimal for an SI one; undefined when the model has none (the value is then not read).
 * @param {string} prefix
 * @param {string} unit a canonical unit
 */
export function prefixedUnit(prefix, unit) {
  const p = PREFIXES[prefix];
  const base = UNITS[unit];
  if (!p || !base?.scale) return undefined;
  const factor = base.factor * p.factor;
  const fits = Object.keys(UNITS).filter((u) => {
    const x = UNITS[u];
    return x.dimension === base.dimension && x.scale === base.scale && Boolean(x.binary) === Boolean(p.binary) && Math.abs(x.factor / factor - 1) < 1e-9;
  });
  // The prefix on the unit itself (k + ops/s is Kops/s, not ops/ms of the same factor).
  return fits.find((u) => u.endsWith(unit)) ?? fits[0];
}

/** Dimensions whose larger values are better (a rate of any kind); a time is better lower. */
export const HIGHER_IS_BETTER = new Set(['rate', 'bandwidth', 'bit-rate', 'flop-rate', 'instruction-rate']);

/** Whether a unit is a transfer rate, of bytes or of bits (its metric is a bandwidth). */
export const isTransferRate = (unit) => ['bandwidth', 'bit-rate'].includes(UNITS[unit]?.dimension);

/** Whether two canonical units measure the same dimension (ms and ns do; ms and req/s do not). */
export const sameDimension = (a, b) => Boolean(UNITS[a] && UNITS[b] && UNITS[a].dimension === UNITS[b].dimension);

/**
 * A value converted between two units of one dimension; undefined across dimensions. The result is
 * rounded to 12 significant digits, so 1.2 ms prints as 1200 us, not 1199.9999999999998.
 */
export function convert(value, from, to) {
  if (!sameDimension(from, to) || typeof value !== 'number') return undefined;
  if (from === to) return value;
  return Number.parseFloat(((value * UNITS[from].factor) / UNITS[to].factor).toPrecision(12));
}

/** The dimension of a canonical unit ("ms" -> "time"), or undefined for a unit this model does not know. */
export const dimensionOf = (unit) => UNITS[unit]?.dimension;

/** A canonical unit as a reader writes it: "us" -> "µs", "ops/us" -> "ops/µs"; any other as it is. */
export const unitSymbol = (unit) =>
  unit === UNSTATED ? UNITS[UNSTATED].title : String(unit ?? '').replace(/^us$|(?<=\/)us$|^uJ$/, (u) => u.replace('u', 'µ'));

/**
 * One unit to show values of one dimension in: among the units of the values' scale (and prefix
 * system: binary values in binary units, decimal in decimal), the one that keeps most values
 * between 1 and 1,000; ties go to the unit most values already have, then to the larger unit.
 * Values in a unit this model does not know, or of two scales, are shown as written: the first
 * unit is returned (a chart groups by dimension first, so they do not meet).
 * @param {Array<{ value: number, unit: string }>} values
 * @returns {string}
 */
export function displayUnit(values) {
  const units = [...new Set(values.map((v) => v.unit))];
  if (units.length === 0) return '';
  const quantities = new Set(units.map(quantityOf));
  const first = UNITS[units[0]];
  if (quantities.size > 1 || !first?.scale) return mostUsed(values, units);
  const binary = new Set(units.map((u) => Boolean(UNITS[u].binary)));
  const candidates = Object.keys(UNITS).filter(
    (u) => UNITS[u].scale === first.scale && binary.has(Boolean(UNITS[u].binary)),
  );
  const used = (u) => values.filter((v) => v.unit === u).length;
  const inRange = (u) =>
    values.filter((v) => {
      const x = Math.abs(toDisplay(v.value, v.unit, u));
      return x >= 1 && x < 1000;
    }).length;
  return candidates
    .map((u) => ({ u, n: inRange(u), own: used(u), factor: UNITS[u].factor }))
    .sort((a, b) => b.n - a.n || b.own - a.own || b.factor - a.factor)[0].u;
}

/**
 * What a chart may draw on one axis: units of one dimension and scale ("time", "bytes/s") share a
 * key; a unit with no scale (req/s, %, x, count) is its own, and one this model does not know is
 * kept apart as written ("?furlongs").
 * @param {string} unit
 */
export function quantityOf(unit) {
  const u = UNITS[unit];
  if (!u) return `?${unit}`;
  return `${u.dimension}:${u.scale ?? unit}`;
}

const mostUsed = (values, units) =>
  units
    .map((u) => ({ u, n: values.filter((v) => v.unit === u).length }))
    .sort((a, b) => b.n - a.n)[0].u;

/** A value in a chart's display unit: converted within its dimension; as written when it cannot be. */
export function toDisplay(value, from, to) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return convert(value, from, to) ?? value;
}
