// What JMH's results mean, shared by the jmh-text and jmh-json adapters: the metric of each mode,
// JMH's units in canonical form (its "MB/sec" is 1024 * 1024 bytes a second: GCProfiler divides by
// 1024 twice), the metric of a secondary result (·gc.alloc.rate -> gc_alloc_rate) and the
// statistic of a sample-mode percentile (·p0.999 -> p99.9, p0.00 -> min, p1.00 -> max).
import { repeatNumbers } from './structure.mjs';
import { canonicalUnit, UNITS } from '../../measure/units.mjs';
import { percentileStatistic } from '../../measure/model.mjs';

/** Modes as JMH prints them (shortLabel), and the metric of their primary score. */
export const MODES = { thrpt: 'throughput', avgt: 'time', sample: 'time', ss: 'time' };

/**
 * The metric of a primary score: its unit's where the unit says (a time per operation, "s/op", is a
 * time whatever the mode; "ops/s" a throughput), else its mode's.
 * @param {string} mode  thrpt, avgt, sample or ss
 * @param {string} unit  the canonical unit (jmhUnit)
 */
export function primaryMetric(mode, unit) {
  const dimension = UNITS[unit]?.dimension;
  return dimension === 'time' ? 'time' : dimension === 'rate' ? 'throughput' : MODES[mode];
}

/** Units of JMH and of its profilers that canonicalUnit does not spell the way JMH means them. */
const JMH_UNITS = { 'MB/sec': 'MiB/s', counts: 'count', '#': 'count', '#/op': 'count', 'clks/insn': 'x', 'insns/clk': 'x' };

/**
 * The canonical unit of a unit JMH prints, or undefined.
 * @param {string} text
 */
export function jmhUnit(text) {
  if (Object.hasOwn(JMH_UNITS, text)) return JMH_UNITS[text];
  // Primary scores: ops/<time unit> or <time unit>/op; secondary ones: B/op, ms, ...
  if (!/^(ops\/(ns|us|ms|s|min|hr)|(ns|us|ms|s|min|hr)\/op|B\/op|ms|s|ns|us|%)$/.test(text)) return undefined;
  return canonicalUnit(text);
}

const snake = (s) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The middle dot of JMH's labels before 1.33 ("·gc.alloc.rate"), as it arrives: itself, or mangled by an encoding. */
const DOT = /^(?:·|Â·|\?|\ufffd)/;

/**
 * A secondary result's label read: a percentile of sample mode, or a metric of a profiler.
 * @param {string} label  the part of the benchmark name after ":" ("·gc.alloc.rate", "m·p0.99", "p0.99")
 * @param {string} unit   the unit as printed
 * @returns {{ statistic: string } | { metric: string } | undefined}
 */
export function secondaryLabel(label, unit) {
  const p = /^(?:[\w$]*(?:·|Â·|\?|\ufffd))?p([01]\.\d+)$/.exec(label);
  if (p) return { statistic: fractionStatistic(p[1]) };
  const name = label.replace(DOT, '');
  const metric = snake(name) + (unit === '#/op' ? '_per_op' : '');
  return /^[a-z]/.test(metric) ? { metric } : undefined;
}

/** "0.999" (a fraction, as sample mode labels percentiles) -> "p99.9"; 0 -> "min", 1 -> "max". */
export function fractionStatistic(text) {
  const [whole, digits] = text.split('.');
  if (whole === '1') return Number(digits) === 0 ? 'max' : undefined;
  const percent = Number(digits.slice(0, 2) + (digits.length > 2 ? '.' + digits.slice(2) : ''));
  return percent === 0 ? 'min' : percentileStatistic(percent);
}

/** "99.9" (a percent, as the JSON keys percentiles) -> "p99.9"; 0 -> "min", 100 -> "max". */
export function percentStatistic(text) {
  const percent = Number(text);
  return percent === 0 ? 'min' : percent === 100 ? 'max' : percentileStatistic(percent);
}

/** A parameter's name as a condition (snake_case; one that names a field of the row is prefixed). */
export function paramCondition(name) {
  const key = snake(name);
  const reserved = ['mode', 'run', 'threads', 'forks', 'benchmark', 'subject', 'section', 'metric', 'statistic', 'value', 'unit',
    'better', 'spread_kind', 'spread', 'lower', 'upper', 'runs', 'conditions', 'line', 'seed', 'entity'];
  return reserved.includes(key) || !/^[a-z]/.test(key) ? `param_${key}` : key;
}

/** A parameter's value: a number when written as one (no leading zeros, no sign), else the text. */
export function paramValue(text) {
  if (/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/.test(text) && !/\.\d*0$/.test(text)) return Number(text);
  return text;
}

/**
 * Give rows of one benchmark and conditions that repeat (the same table pasted twice, a second run
 * under another heading) the condition `run`: 1, 2, ... in the order of the text, marked as numbered
 * by the reader (structure.mjs repeatNumbers).
 * @param {Array<{ key: string, conditions: Record<string, any> }>} items
 */
export function numberRepeats(items) {
  repeatNumbers(items.map((it) => it.key)).forEach((run, i) => run && Object.assign(items[i].conditions, run));
}
