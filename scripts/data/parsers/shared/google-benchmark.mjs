// What Google Benchmark's names and counters mean, shared by its console and JSON adapters: a run
// name split into the benchmark and its conditions (/threads:8, /real_time, /repeats:3, positional
// args), the statistic of an aggregate (_mean, _median, _stddev, _cv), and the metric of a counter
// (bytes_per_second -> bandwidth, items_per_second -> throughput, others by their own name).
import { COUNT_PREFIX } from '../../measure/units.mjs';

const snake = (s) =>
  String(s)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Aggregates Google Benchmark computes itself (ComputeStatistics), by the suffix it appends. */
export const AGGREGATES = { mean: 'mean', median: 'median', stddev: 'stdev', cv: 'cv' };

/** Row fields a condition must not be named after. */
const RESERVED = new Set(['benchmark', 'subject', 'section', 'metric', 'statistic', 'value', 'unit', 'better', 'spread_kind',
  'spread', 'lower', 'upper', 'runs', 'conditions', 'line', 'seed', 'entity', 'run', 'label']);

/**
 * A run name ("BM_memcpy/8/threads:4/real_time") as benchmark and conditions: `name:value` parts
 * (threads, repeats, iterations, min_time, named args) and the timing flags (real_time,
 * manual_time, process_time) are conditions; positional args are arg1, arg2, ... when every other
 * part is one, and stay in the name otherwise (BM_sqrt/normal_rsqrt_test).
 * @param {string} runName
 */
export function splitRunName(runName) {
  const [family, ...parts] = runName.split('/');
  const conditions = {};
  const rest = [];
  const timing = [];
  for (const part of parts) {
    const named = /^([A-Za-z_]\w*):(.+)$/.exec(part);
    if (named && !RESERVED.has(snake(named[1])) && !(snake(named[1]) in conditions)) {
      conditions[snake(named[1])] = /^-?\d+(\.\d+)?$/.test(named[2]) && !/^-?0\d/.test(named[2]) ? Number(named[2]) : named[2];
    } else if (/^(real_time|manual_time|process_time)$/.test(part)) timing.push(part);
    else rest.push(part);
  }
  if (timing.length) conditions.timing = timing.join('/');
  if (rest.length && rest.every((p) => /^-?\d+$/.test(p) && !/^-?0\d/.test(p) && p.length <= 15)) {
    rest.forEach((p, k) => (conditions[`arg${k + 1}`] = Number(p)));
    return { benchmark: family, conditions };
  }
  return { benchmark: [family, ...rest].join('/'), conditions };
}

/** The metric of a counter: bytes_per_second and items_per_second by what they measure, others by name. */
export function counterMetric(name) {
  if (name === 'bytes_per_second') return 'bandwidth';
  if (name === 'items_per_second') return 'throughput';
  const m = snake(name);
  return /^[a-z]/.test(m) ? m : `counter_${m}`;
}

const RATE_PREFIX = { '': 'ops/s', k: 'Kops/s', M: 'Mops/s', G: 'Gops/s' };
// Before September 2018 the console printed every rate with 1024 ("1.2M items/s").
const RATE_PREFIX_1024 = { '': 'ops/s', k: 'Kiops/s', M: 'Miops/s', G: 'Giops/s' };
// Bytes are counted with kIs1024 (SetBytesProcessed): "G/s" before v1.8 and "Gi/s" since mean GiB/s.
const BYTES_PREFIX = { '': 'B/s', k: 'KiB/s', Ki: 'KiB/s', M: 'MiB/s', Mi: 'MiB/s', G: 'GiB/s', Gi: 'GiB/s' };
const TIME_PREFIX = { '': 's', m: 'ms', u: 'us', n: 'ns' };

/**
 * A counter value as the console prints it (HumanReadableNumber: a %g mantissa, a prefix, "/s" for a
 * rate, "s" for an inverted rate, "%" on a _cv row) read into a number and a canonical unit;
 * `binary` for the items/s of consoles before 2018, whose prefixes count in 1024.
 * @returns {{ number: string, unit: string } | undefined}
 */
export function readCounter(name, text, binary = false) {
  const m = /^(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(Ki|Mi|Gi|Ti|[kMGTPEZYmunpfazy])?(\/s|s|%)?$/.exec(text);
  if (!m) return undefined;
  const [, number, prefix = '', suffix = ''] = m;
  if (suffix === '%') return prefix ? undefined : { number, unit: '%' };
  if (name === 'bytes_per_second' && suffix === '/s') return BYTES_PREFIX[prefix] ? { number, unit: BYTES_PREFIX[prefix] } : undefined;
  const rates = binary ? RATE_PREFIX_1024 : RATE_PREFIX;
  if (suffix === '/s') return rates[prefix] ? { number, unit: rates[prefix] } : undefined;
  if (suffix === 's') return TIME_PREFIX[prefix] ? { number, unit: TIME_PREFIX[prefix] } : undefined;
  return COUNT_PREFIX[prefix] ? { number, unit: COUNT_PREFIX[prefix] } : undefined;
}

/** A CPU clock "3400", "2592.09" (MHz) as GHz, by moving the decimal point (exact). */
export function mhzToGhz(text) {
  const [whole, frac = ''] = String(text).split('.');
  const digits = whole.padStart(4, '0') + frac;
  const cut = digits.length - frac.length - 3;
  return Number(`${digits.slice(0, cut)}.${digits.slice(cut)}`);
}
