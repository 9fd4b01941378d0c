// The measurement model's rows grouped for charts: which metric, statistic and quantity a chart
// shows (rows in ms and in s together: one dimension and scale, units.mjs), the one unit it draws
// them in, and how the rows of one chart are told apart (their series labels), from what varies.
import { displayUnit, quantityOf } from '../../data/measure/units.mjs';
import { namesRun, statesChange } from '../../data/parsers/shared/structure.mjs';
import { list, num } from './format.mjs';
import { distinct, groupBy } from './spec.mjs';

/** Metrics in the order a reader looks for them; run totals (requests, bytes, duration, a sum of latencies) last. */
const ORDER = [
  'throughput',
  'time',
  'latency',
  'bandwidth',
  'memory',
  'allocations',
  'success_rate',
  'errors',
  'error_rate',
  'throughput_per_thread',
];
const TOTALS = new Set(['requests', 'transferred', 'duration', 'latency_sum']);
const rank = (m) => (ORDER.includes(m) ? ORDER.indexOf(m) : TOTALS.has(m) ? 100 : 50);
const isPercentile = (s) => /^p\d/.test(s);
// The statistics a reader compares first: the centre (median, mean) before the extremes.
const STAT_ORDER = ['value', 'as_stated', 'median', 'mean', 'mode', 'min', 'max', 'total', 'stdev'];

/**
 * Groups of rows, one chart each: percentiles of a metric (per quantity) together, any other
 * statistic on its own; `unit` is the one the chart draws them in (the one that keeps most of the
 * values between 1 and 1,000; a unit the model does not know stays as written, in its own group).
 * Groups of run totals and all-zero error counts are left to the table.
 * @param {object[]} rows measurement rows (flat)
 * @returns {Array<{ metric: string, statistic: string, unit: string, percentiles: boolean, rows: object[] }>}
 */
export function measureGroups(rows) {
  const groups = groupBy(rows, (r) =>
    [r.metric, quantityOf(r.unit), isPercentile(r.statistic) ? 'p' : r.statistic].join('\u0000'),
  ).map((g) => ({
    metric: g[0].metric,
    unit: displayUnit(g),
    statistic: isPercentile(g[0].statistic) ? 'percentiles' : g[0].statistic,
    percentiles: isPercentile(g[0].statistic),
    rows: g,
  }));
  return (
    groups
      .filter(
        (g) =>
          !TOTALS.has(g.metric) && !(['errors', 'error_rate'].includes(g.metric) && g.rows.every((r) => r.value === 0)),
      )
      .filter((g) => g.statistic !== 'stdev')
      // One percentile alone (a p99 column) is a value per subject, drawn as bars.
      .map((g) =>
        g.percentiles && distinct(g.rows.map((r) => r.statistic)).length < 2
          ? { ...g, percentiles: false, statistic: g.rows[0].statistic }
          : g,
      )
      .sort(
        (a, b) =>
          rank(a.metric) - rank(b.metric) ||
          Number(b.percentiles) - Number(a.percentiles) ||
          STAT_ORDER.indexOf(a.statistic) - STAT_ORDER.indexOf(b.statistic) ||
          b.rows.length - a.rows.length ||
          (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0),
      )
  );
}

/** A number as given, with thousands separators ("concurrency 10,000", "rate 0.125"). */
const exact = (v) => num(v, (String(v).split('.')[1] ?? '').length);

const TITLES = { benchmark: 'Benchmark', subject: 'Software', section: 'Section' };

/**
 * How the rows of one chart are told apart: the fields that vary among them (benchmark, software,
 * section, then the conditions named), joined with " · ". Nothing varies: every row is "(all)".
 * @param {object[]} rows
 * @param {string[]} conditionNames
 * @returns {{ title: string, noun: string, key: string, of: (row: object) => string, differ: (a: object, b: object) => string[], parts: string[] }}
 *   noun: what one row stands for in a sentence (eachOf); parts: the fields that vary (and name the rows)
 */
/** Units a condition's name ends in (`duration_s`, `payload_bytes`), as a label writes them. */
const NAME_UNITS = {
  s: 's',
  ms: 'ms',
  us: 'µs',
  ns: 'ns',
  bytes: 'bytes',
  kb: 'kB',
  mb: 'MB',
  kib: 'KiB',
  mib: 'MiB',
  pct: '%',
};
const splitUnit = (n) => {
  const m = /^(.+)_([a-z]+)$/.exec(n);
  return m && NAME_UNITS[m[2]] ? [m[1].replace(/_/g, ' '), NAME_UNITS[m[2]]] : [n.replace(/_/g, ' '), ''];
};
/** A condition's column title: "duration (s)", not "duration s". */
const conditionTitle = (n) => {
  const [name, unit] = splitUnit(n);
  return unit ? `${name} (${unit})` : name;
};
/** A numeric condition in a series label: "duration 30 s", "connections 100". */
const conditionPart = (n, v) => {
  const [name, unit] = splitUnit(n);
  return unit ? `${name} ${exact(v)} ${unit}` : `${name} ${exact(v)}`;
};

/**
 * What one bar, line or row of dots stands for, as "each" and "one ... per" take it, from a label's
 * title: one singular noun as it is ("benchmark"), a plural one as its values ("value of tags": k6's
 * tags, pgbench's clients, UnixBench's copies), several parts as their combinations ("combination of
 * clients, scaling factor and threads"), never "each tags".
 * @param {string} title
 */
export function eachOf(title) {
  const parts = title.toLowerCase().split(', ');
  if (parts.length > 1) return `combination of ${list(parts)}`;
  // A plural name ends in s (but not ss, us or is: class, status, axis), before any unit in parentheses.
  return /[^sui]s$/.test(parts[0].replace(/ \(.*\)$/, '')) ? `value of ${parts[0]}` : parts[0];
}

/** Whether two fields of rows go together one to one: each value of one with one value of the other. */
export function oneToOne(rows, a, b) {
  const pairs = distinct(rows.map((r) => `${r[a] ?? ''}\u0000${r[b] ?? ''}`)).length;
  return (
    pairs === distinct(rows.map((r) => r[a] ?? '')).length && pairs === distinct(rows.map((r) => r[b] ?? '')).length
  );
}

export function seriesLabeller(rows, conditionNames) {
  // A person's table names the software in its first column: benchmark and software then agree.
  const same = rows.every((r) => !r.subject || r.subject === r.benchmark);
  // A section that only names the run ("第二次", "Run 2") says again what the rows' run condition says
  // (named here or not: a chart of repeated runs draws them as dots, one row per other label).
  const runSections =
    distinct(rows.map((r) => r.run ?? '')).length > 1 && rows.every((r) => !r.section || namesRun(r.section));
  const candidates = [
    'benchmark',
    ...(same ? [] : ['subject']),
    ...(runSections ? [] : ['section']),
    // A row's mark (role: aggregate, setting, invalid) labels it but tells no like rows apart (claims.mjs);
    // nor does the mark of a run the reader numbered (run_by, parsers/shared/structure.mjs).
    ...conditionNames.filter((n) => n !== 'role' && n !== 'run_by'),
  ];
  const varies = candidates.filter((n) => distinct(rows.map((r) => r[n] ?? '')).length > 1);
  // A section whose rows another varying part already tells apart one to one (a second run's heading,
  // "We did some performance update", beside its concurrency 12,000) names nothing more: left out.
  const varying = varies.filter((n) => n !== 'section' || !varies.some((o) => o !== n && oneToOne(rows, n, o)));
  /** A label with the row's mark after it ("min_duration · setting"): the chart and table say it. */
  const marked = (r, label) => (r.role && conditionNames.includes('role') ? `${label} · ${r.role}` : label);
  if (!varying.length) {
    const name = rows[0].subject || rows[0].benchmark || '(all)';
    return {
      title: rows[0].subject ? 'Software' : 'Benchmark',
      noun: rows[0].subject ? 'software' : 'benchmark',
      key: 'benchmark',
      of: (r) => marked(r, name),
      differ: () => [],
      parts: [],
    };
  }
  const titles = same && rows.some((r) => r.subject) ? { ...TITLES, benchmark: 'Software' } : TITLES;
  const title = varying.map((n) => titles[n] ?? conditionTitle(n).replace(/^./, (c) => c.toUpperCase())).join(', ');
  // Parts in order, a part that repeats the one before it once (".NET 10.0 · .NET 10.0"), and a row
  // with none of them named after what it measured.
  const of = (r) =>
    marked(
      r,
      varying
        .map((n) => (TITLES[n] || typeof r[n] !== 'number' ? String(r[n] ?? '') : conditionPart(n, r[n])))
        .filter((p, i, all) => p && all.indexOf(p) === i)
        .join(' · ') ||
        r.subject ||
        r.benchmark ||
        '(unnamed)',
    );
  /**
   * The parts (by their titles, lower case) in which two rows differ; a section left out of the
   * label counts when one of the two states a change ("section “We did some perfomance update”").
   */
  const differ = (a, b) => [
    ...varying.filter((n) => (a[n] ?? '') !== (b[n] ?? '')).map((n) => (titles[n] ?? conditionTitle(n)).toLowerCase()),
    ...(!varying.includes('section') && (a.section ?? '') !== (b.section ?? '')
      ? [a.section, b.section].filter(statesChange).map((s) => `section (“${s}”, a stated change)`)
      : []),
  ];
  return { title, noun: eachOf(title), key: varying.join('-').replace(/_/g, '-'), of, differ, parts: varying };
}
