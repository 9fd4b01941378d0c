// The measurement model: one long table that every report yields, whatever its format. A row is one
// number a report states: what was measured (benchmark, subject), under which conditions, which
// metric and statistic, its value and canonical unit, its spread where the report gives one, and
// the seed line it comes from. Adapters (scripts/data/parsers/<format>/parse.mjs) build rows with
// `measurement()`; the per-kind tables of the older parsers project into it (project.mjs). The
// schema is schemas/tables/measurement.json; condition columns are added per table (conditionFields).
//
// Exports:
//   METRICS, STATISTICS, SPREADS            the vocabularies, with titles (the data dictionary)
//   measurement(fields) -> Measurement      a checked row (throws Error on a programming mistake)
//   percentileStatistic(p) -> 'p99.9'       the statistic name of a percentile
//   statisticWords(statistic) -> string     the statistic for a reader ('as stated', 'mean', '99th percentile')
//   betterOf(metric, unit) -> 'higher'|'lower'|''
//   conditionFields(rows, reserved) -> field[]   the condition columns a table's rows use, typed
//   measurementResult(rows, parts?) -> ParseResult   an adapter's rows as the parsers' contract
import { canonicalUnit, HIGHER_IS_BETTER, UNITS } from './units.mjs';
import { ordinal } from '../../lib/text.mjs';

/**
 * @typedef {object} Measurement
 * @property {string} benchmark        what was measured, as the report names it (a benchmark, a test, a URL, a table row)
 * @property {string} [subject]        the software measured, as written, when the report names one
 * @property {string} [section]        the heading (of any markup) the value sits under
 * @property {string} metric           METRICS key (or a snake_case name of the report's own)
 * @property {string} statistic        STATISTICS key
 * @property {number} value
 * @property {string} unit             a canonical unit (units.mjs), or one it does not know as written
 * @property {'higher'|'lower'|''} [better]
 * @property {string} [spread_kind]    SPREADS key
 * @property {number} [spread]
 * @property {number} [lower]
 * @property {number} [upper]
 * @property {number} [runs]           samples, iterations or runs behind the value
 * @property {Record<string, string|number>} [conditions]  threads, connections, payload, ...
 * @property {number} line             1-based line of the text given to the adapter
 */

/** Metrics, with whether more is better. A report's own metric is kept (snake_case) when none fits. */
export const METRICS = {
  throughput: { title: 'Throughput', better: 'higher', description: 'Operations, requests or messages completed per unit of time.' },
  latency: { title: 'Latency', better: 'lower', description: 'Time one request or operation took, from issue to answer.' },
  latency_sum: { title: 'Sum of latencies', better: '', description: 'The latencies of every request or event of a run added up (sysbench\'s "sum:" under "Latency (ms):"): a total of time, no latency statistic.' },
  time: { title: 'Time', better: 'lower', description: 'Time one iteration, operation or command took (a microbenchmark or a whole run).' },
  bandwidth: { title: 'Transfer rate', better: 'higher', description: 'Bytes or bits moved per unit of time.' },
  memory: { title: 'Memory', better: 'lower', description: 'Memory used (resident, allocated or per operation).' },
  allocations: { title: 'Allocations', better: 'lower', description: 'Heap allocations (per operation where the unit says so).' },
  errors: { title: 'Errors', better: 'lower', description: 'Failed requests or operations (a count or a percentage).' },
  requests: { title: 'Requests', better: '', description: 'Requests or operations completed in a run (a count).' },
  transferred: { title: 'Data transferred', better: '', description: 'Bytes read or written in a run.' },
  duration: { title: 'Duration', better: '', description: 'Length of a run (a condition of the others, stated as a result).' },
  error_rate: { title: 'Error rate', better: 'lower', description: 'Share of requests or operations that failed (a percentage or a ratio).' },
  success_rate: { title: 'Success rate', better: 'higher', description: 'Share of requests that succeeded.' },
  throughput_per_thread: { title: 'Throughput per thread', better: 'higher', description: 'Operations completed per unit of time by one load-generator thread (wrk Thread Stats).' },
  score: { title: 'Score', better: '', description: 'A value in the unit the report gives, with no better direction the report states.' },
};

/** A metric's title: the vocabulary's, else a report's own snake_case name in words ("gc_alloc_rate" -> "Gc alloc rate"). */
export const metricTitle = (m) => METRICS[m]?.title ?? m.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Statistics a value can be: one vocabulary for every format. Percentiles are p<number> (p50, p99,
 * p99.9, p100). `value` is "as stated": only where the document gives no clue which statistic its
 * number is; the atlas joins it with the statistic its report family implies (atlas/figures.mjs
 * `joins`, with the reason), never with another by default.
 */
export const STATISTICS = {
  value: 'as stated: the one value given, the document says no statistic',
  mean: 'arithmetic mean',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  stdev: 'standard deviation (as a value of its own)',
  total: 'total over the run',
  count: 'count of events (requests, errors, samples)',
  mode: 'mode',
  geomean: 'geometric mean (of the rows it summarises: benchstat\'s geomean, pyperf\'s "Geometric mean")',
};
const PERCENTILE = /^p(\d{1,2}(\.\d+)?|100)$/;

/**
 * A statistic for a reader: "as stated", "mean", "median", "the 99th percentile" ("p99"), ...
 * @param {string} statistic a STATISTICS key or a percentile
 */
export function statisticWords(statistic) {
  if (statistic === 'value' || !statistic) return 'as stated';
  if (statistic === 'stdev') return 'standard deviation';
  if (statistic === 'geomean') return 'geometric mean';
  const p = PERCENTILE.exec(statistic);
  if (p) {
    const n = Number(p[1]);
    return n === 100 ? 'maximum (p100)' : `${ordinal(n)} percentile`;
  }
  return statistic;
}

/**
 * A statistic as a label beside a figure: its key ("mean", "p99"), or "as stated" for a value the
 * report gives no statistic for ("as stated, read as the mean" when it joins figures of one).
 */
export const statisticLabel = (statistic, join) =>
  statistic === undefined || statistic === 'value'
    ? join && join !== 'value'
      ? `as stated, read as the ${join}`
      : 'as stated'
    : statistic;

/** The words of a statistic for a reader before its metric: "median" latency, "p99" latency; none for a value given alone. */
export const STATISTIC_ADJECTIVES = {
  value: '',
  as_stated: '',
  mean: 'mean',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  total: 'total',
  stdev: 'standard deviation',
  mode: 'mode',
  geomean: 'geometric mean',
};

/**
 * A statistic as a word before the metric it qualifies: "median", "maximum", "p99"; '' for a value
 * given alone. The one such word of a statistic (the charts' sentences and titles, the findings checker).
 */
export const statisticAdjective = (s) =>
  STATISTIC_ADJECTIVES[s] !== undefined ? STATISTIC_ADJECTIVES[s] : /^p\d/.test(s) ? s : String(s).replace(/_/g, ' ');

/** Kinds of spread. */
export const SPREADS = {
  stdev: 'standard deviation',
  error: 'error as the report prints it (±), often a confidence interval half-width',
  ci95: 'half-width of a 95 % confidence interval',
  ci99: 'half-width of a 99.9 % confidence interval (JMH)',
  mad: 'median absolute deviation',
  mdape: 'median absolute percentage error (nanobench\'s err%), made absolute in the value\'s unit',
  iqr: 'interquartile range',
  range: 'lower and upper bound',
};

/** The statistic name of a percentile: 99 -> "p99", 99.9 -> "p99.9", "50%" -> "p50". */
export const percentileStatistic = (p) => `p${Number(String(p).replace(/%$/, ''))}`;

/** Whether more of a metric is better: the metric's rule, else from the unit (time lower, rates higher). */
export function betterOf(metric, unit) {
  if (METRICS[metric]) return METRICS[metric].better;
  const d = UNITS[unit]?.dimension;
  return d === 'time' ? 'lower' : HIGHER_IS_BETTER.has(d) ? 'higher' : '';
}

const CORE = [
  'benchmark', 'subject', 'section', 'metric', 'statistic', 'value', 'unit', 'better',
  'spread_kind', 'spread', 'lower', 'upper', 'runs', 'conditions', 'line',
];
const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Whether a name can be a condition of a measurement: snake_case, not a field of the row itself
 * (value, unit, line, ...) and not a name JavaScript objects have already (constructor, prototype).
 */
export const isConditionName = (k) => NAME.test(k) && !CORE.includes(k) && !['seed', 'entity', 'source_table', 'constructor', 'prototype'].includes(k);

/**
 * A measurement row, checked: a programming mistake in an adapter (an unknown unit, a statistic
 * that is not one, a value that is not a finite number) throws, so golden tests catch it.
 * @param {Partial<Measurement> & { value: number, unit: string, metric: string, line: number }} m
 * @returns {Measurement}
 */
export function measurement(m) {
  for (const k of Object.keys(m)) if (!CORE.includes(k)) throw new Error(`measurement: unknown field ${k}`);
  // A unit units.mjs does not know is kept as its own spelling (dimension unknown: never converted).
  const unit = canonicalUnit(m.unit) ?? (typeof m.unit === 'string' && /^\S+$/.test(m.unit) ? m.unit : undefined);
  if (!unit) throw new Error(`measurement: unit ${JSON.stringify(m.unit)} is neither canonical (units.mjs) nor a unit as written`);
  if (typeof m.value !== 'number' || !Number.isFinite(m.value)) throw new Error(`measurement: value ${m.value} is not a number`);
  if (!NAME.test(m.metric)) throw new Error(`measurement: metric ${JSON.stringify(m.metric)} is not snake_case`);
  const statistic = m.statistic ?? 'value';
  if (!STATISTICS[statistic] && !PERCENTILE.test(statistic)) throw new Error(`measurement: statistic ${JSON.stringify(statistic)}`);
  if (m.spread_kind && !SPREADS[m.spread_kind]) throw new Error(`measurement: spread_kind ${m.spread_kind}`);
  if (!Number.isInteger(m.line) || m.line < 1) throw new Error(`measurement: line ${m.line}`);
  const conditions = {};
  for (const [k, v] of Object.entries(m.conditions ?? {})) {
    if (!isConditionName(k)) throw new Error(`measurement: condition name ${k}`);
    if (v !== undefined && v !== null && v !== '') conditions[k] = v;
  }
  return {
    benchmark: String(m.benchmark ?? ''),
    subject: m.subject ?? '',
    section: m.section ?? '',
    metric: m.metric,
    statistic,
    value: m.value,
    unit,
    better: m.better ?? betterOf(m.metric, unit),
    spread_kind: m.spread_kind || (m.spread !== undefined && m.spread !== null ? 'error' : m.lower !== undefined && m.lower !== null ? 'range' : ''),
    spread: m.spread ?? null,
    lower: m.lower ?? null,
    upper: m.upper ?? null,
    runs: m.runs ?? null,
    conditions,
    line: m.line,
  };
}

/** Titles and units of conditions that recur across formats (a condition of another name is typed from its values). */
export const CONDITIONS = {
  threads: { title: 'Threads', type: 'integer', unit: 'threads' },
  connections: { title: 'Connections', type: 'integer', unit: 'connections' },
  concurrency: { title: 'Concurrency', type: 'integer', unit: 'concurrent requests' },
  rate: { title: 'Target rate (req/s)', type: 'number', unit: 'req/s' },
  duration_s: { title: 'Duration (s)', type: 'number', unit: 's' },
  requests: { title: 'Requests asked for', type: 'integer', unit: 'requests' },
  run: { title: 'Run', type: 'integer' },
  run_by: { title: 'Run numbered by', type: 'string', description: 'reader: the document repeats a block and the reader numbered the repeats; the report does not call them runs' },
  language: { title: 'Language', type: 'string' },
  url: { title: 'URL', type: 'string' },
  command: { title: 'Command', type: 'string' },
  parameters: { title: 'Parameters', type: 'string' },
  input: { title: 'Input', type: 'string' },
  size: { title: 'Size', type: 'string' },
  procs: { title: 'GOMAXPROCS', type: 'integer' },
  mode: { title: 'Mode', type: 'string' },
};

/**
 * The condition columns the rows of one table use, in name order, typed: integer when every value
 * is an integer, number when every value is a number, text otherwise.
 * @param {Array<{ conditions?: Record<string, any> }>} rows
 * @param {Record<string, { title?: string, description?: string, unit?: string }>} [described] titles from the source table
 */
export function conditionFields(rows, described = {}) {
  const values = new Map();
  for (const r of rows) for (const [k, v] of Object.entries(r.conditions ?? {})) (values.get(k) ?? values.set(k, []).get(k)).push(v);
  return [...values.keys()].sort().map((name) => {
    const vs = values.get(name);
    const type = vs.every((v) => Number.isInteger(v)) ? 'integer' : vs.every((v) => typeof v === 'number') ? 'number' : 'string';
    const known = CONDITIONS[name] ?? {};
    const d = described[name] ?? {};
    return {
      name,
      type: type === 'string' || known.type === 'string' ? 'string' : type,
      title: d.title ?? known.title ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      description: d.description ?? known.description ?? `A condition of the measurement: ${(d.title ?? known.title ?? name).toLowerCase()}, as the report states it.`,
      ...((d.unit ?? known.unit) ? { unit: d.unit ?? known.unit } : {}),
      'x-condition': true,
      'x-filter': 'select',
    };
  });
}

/**
 * An adapter's rows in the parsers' contract (contract.mjs): one table of kind "measurement".
 * @param {Measurement[]} rows
 * @param {{ title?: string, tableTitle?: string, machines?: object, software?: object[], notes?: object[], methodology?: object[], sections?: object[], spans?: Array<[number, number]> }} [parts]
 *   spans: the line ranges (1-based, inclusive) the adapter read, so the document reader gives them to no other reader
 */
export function measurementResult(rows, parts = {}) {
  return {
    title: parts.title ?? '',
    tables: rows.length ? { measurements: { kind: 'measurement', title: parts.tableTitle ?? 'Measurements', rows } } : {},
    machines: parts.machines ?? {},
    software: parts.software ?? [],
    methodology: parts.methodology ?? [],
    notes: parts.notes ?? [],
    sections: parts.sections ?? [],
    spans: parts.spans ?? [],
  };
}
