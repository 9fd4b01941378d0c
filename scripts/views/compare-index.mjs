// The compare view's index (static/data/compare-index.json): from every report's measurements
// (data/tables/<report>/measurements.csv, whatever the report's format), per measure (metric,
// statistic, canonical unit) and entity, each report's best value, with its seed line, its spread
// and its conditions, and per report the machine facts a value can be divided by (per core, per
// GHz: scripts/data/atlas/normalise.mjs). Small enough to fetch: the view reads this file, never
// the tables or the atlas.
//
// Rules:
//  - only measures with a better direction (higher or lower) have a best value;
//  - a table kind with an error budget (figures.mjs: httpc_bench's "errors at most 1 %") keeps a
//    value only when the errors under the same conditions are within it, as the report pages do;
//  - the best value: highest or lowest, ties to the lowest seed line;
//  - its spread: the row's own (stdev, error, lower and upper, ...), else, when the report ran the
//    same conditions several times (a `run` column), the range over those runs;
//  - like statistics only: an "as stated" value joins the statistic its report family implies
//    (figures.mjs `joins`: CloudI 1.x's stable rates with 2.0.6's means), and keeps `st` (its own
//    statistic) and `why` so that the view says which values were read so;
//  - names a reader reads: a measure as "Requests per second" (name), a report as its title, short,
//    and date, with its platform where two would read the same (short), with its platform id (machine) for the view's warnings,
//    its software's name (software) for the view's filters, and a measure's metric title (group)
//    for the grouped measure menu.
//
// Exports: compareIndex({ reports, measured, registry }) -> index (plain JSON, deterministic)
import { figureRule } from '../data/atlas/figures.mjs';
import { joinable } from '../data/atlas/measured.mjs';
import { machineFacts, noPerCoreText, normalise } from '../data/atlas/normalise.mjs';
import { metricTitle, statisticWords } from '../data/measure/model.mjs';

/**
 * A report's title, short, for bars and table rows: up to its first " (", ", " or ": ", without a
 * trailing " on <machine>" when the report names its platform (the view says which machines differ).
 * @example shortTitle('Mojito and seven other Erlang/Elixir HTTP clients (httpc_bench) on EC2 m5.4xlarge', true)
 *   // 'Mojito and seven other Erlang/Elixir HTTP clients'
 */
export function shortTitle(title, platformNamed) {
  const head = title.split(/ \(|, |: /)[0];
  return platformNamed ? head.replace(/ on (?!.* on ).*$/, '') : head;
}

/** Measures named as a reader would, by metric and unit (else the metric's title and the unit). */
const READER_NAMES = {
  'throughput:req/s': 'Requests per second',
  'throughput:ops/s': 'Operations per second',
  'throughput_per_thread:req/s': 'Requests per second per thread',
  'bandwidth:B/s': 'Bytes per second',
  'latency:us': 'Latency (µs)',
  'latency:ms': 'Latency (ms)',
  'latency:s': 'Latency (s)',
  'memory:kB': 'Memory (kB)',
  'errors:%': 'Failed requests (%)',
  'errors:count': 'Failed requests',
  'requests:count': 'Requests completed',
};
/** "Requests per second", "Latency (µs), 99th percentile", "Requests per second, mean". */
export function measureName(metric, statistic, unit) {
  const base = READER_NAMES[`${metric}:${unit}`] ?? `${metricTitle(metric)} (${unit})`;
  return statistic === 'value' ? base : `${base}, ${statisticWords(statistic)}`;
}

/** Columns of the measurement model that are not conditions. */
const NOT_CONDITIONS = new Set([
  'benchmark',
  'subject',
  'entity',
  'section',
  'metric',
  'statistic',
  'value',
  'unit',
  'better',
  'spread_kind',
  'spread',
  'lower',
  'upper',
  'runs',
  'source_table',
  'seed',
  'line',
  'line_end',
]);

const conditionsOf = (row, except = []) =>
  Object.fromEntries(
    Object.keys(row)
      .filter((k) => !NOT_CONDITIONS.has(k) && !except.includes(k) && row[k] !== null && row[k] !== '')
      .sort()
      .map((k) => [k, row[k]]),
  );

/** The machine whose facts normalise a report's values: a figure rule's, else the only one. */
function machineOf(report) {
  for (const t of report.tables) {
    const m = figureRule(t.kind)?.machine;
    if (m && report.machines?.[m]) return m;
  }
  const names = Object.keys(report.machines ?? {});
  return names.length === 1 ? names[0] : null;
}

/** { divisor, text, line } of a per-core or per-GHz figure of a report, or null. */
function divisorOf(facts, per) {
  const n = normalise(1, facts, per);
  if (!n) return null;
  return {
    divisor: n.divisor,
    facts: n.facts
      .map((f) => `${f.field.replace(/_ghz$/, '').replaceAll('_', ' ')} ${f.value}${f.unit ? ` ${f.unit}` : ''}`)
      .join(' × '),
    line: n.facts[0].line,
  };
}

/**
 * @param {object} input
 * @param {object[]} input.reports report documents (data/reports/*.json), sorted by slug
 * @param {Map<string, object[]>} input.measured typed measurement rows by report slug
 * @param {Record<string, string>} input.names entity id -> name
 */
export function compareIndex({ reports, measured, names }) {
  const measures = new Map(); // key -> { metric, statistic, unit, better, values: entity -> slug -> value }
  const reportsOut = [];
  const entities = {};
  for (const report of reports) {
    const rows = measured.get(report.slug) ?? [];
    if (!rows.length) continue;
    const kinds = new Map(report.tables.map((t) => [t.id, t.kind]));
    // Errors under each set of conditions, for the tables whose kind has an error budget.
    const errors = new Map();
    // The rate and the errors of one row of a report's table share its line and conditions.
    const key = (r) => JSON.stringify([r.source_table, r.entity, r.line, conditionsOf(r)]);
    for (const r of rows) if (r.metric === 'errors' && r.unit === '%') errors.set(key(r), r.value);
    let budgetText = '';
    const kept = rows.filter((r) => {
      if (!joinable(r) || (r.better !== 'higher' && r.better !== 'lower')) return false;
      const budget = figureRule(kinds.get(r.source_table))?.budget;
      if (!budget || r.metric === 'errors') return true;
      budgetText = `only values with errors at most ${budget.max} %`;
      const e = errors.get(key(r));
      return e === undefined || e <= budget.max;
    });
    if (!kept.length) continue;
    const hasRun = rows.some((r) => r.run !== undefined && r.run !== null && r.run !== '');
    const groups = new Map();
    for (const raw of kept) {
      // An "as stated" value of a kind whose family implies a statistic joins that statistic.
      const joins = raw.statistic === 'value' ? figureRule(kinds.get(raw.source_table))?.joins : null;
      const r = joins ? { ...raw, statistic: joins.statistic, stated: 'value', why: joins.reason } : raw;
      const m = `${r.metric}:${r.statistic}:${r.unit}`;
      const g = `${m}|${r.entity}`;
      if (!groups.has(g)) groups.set(g, { m, r, rows: [] });
      groups.get(g).rows.push(r);
    }
    for (const { m, r: first, rows: rs } of groups.values()) {
      const higher = first.better === 'higher';
      const best = rs.reduce((a, b) =>
        (higher ? b.value > a.value : b.value < a.value) || (b.value === a.value && b.line < a.line) ? b : a,
      );
      const v = { v: best.value, line: best.line, b: best.benchmark };
      if (best.stated) Object.assign(v, { st: best.stated, why: best.why });
      if (best.seed !== report.seed.path) v.seed = best.seed;
      if (best.section) v.section = best.section;
      const cond = conditionsOf(best);
      if (Object.keys(cond).length) v.cond = cond;
      if (typeof best.spread === 'number') {
        v.sk = best.spread_kind || 'spread';
        v.lo = best.value - (best.spread_kind === 'iqr' ? best.spread / 2 : best.spread);
        v.hi = best.value + (best.spread_kind === 'iqr' ? best.spread / 2 : best.spread);
        v.s = best.spread;
      } else if (typeof best.lower === 'number' && typeof best.upper === 'number') {
        v.sk = 'range';
        v.lo = best.lower;
        v.hi = best.upper;
      } else if (hasRun) {
        // The section is left out: a report of runs often heads each run (Solon's 第一次, 第二次, ...).
        const same = JSON.stringify([best.benchmark, conditionsOf(best, ['run'])]);
        const runs = rs.filter((x) => JSON.stringify([x.benchmark, conditionsOf(x, ['run'])]) === same);
        if (runs.length > 1) {
          v.sk = 'runs';
          v.lo = Math.min(...runs.map((x) => x.value));
          v.hi = Math.max(...runs.map((x) => x.value));
          v.n = runs.length;
        }
      }
      if (typeof best.runs === 'number') v.n = best.runs;
      if (!measures.has(m))
        measures.set(m, {
          key: m,
          metric: first.metric,
          statistic: first.statistic,
          unit: first.unit,
          name: measureName(first.metric, first.statistic, first.unit),
          group: metricTitle(first.metric),
          better: first.better,
          values: {},
        });
      const values = measures.get(m).values;
      (values[first.entity] ??= {})[report.slug] = v;
      entities[first.entity] = names[first.entity] ?? first.subject ?? first.entity;
    }
    const machine = machineOf(report);
    const facts = machine ? machineFacts(report, machine) : [];
    const platform = report.platforms.find((p) => p.machine === machine) ?? report.platforms[0];
    const sut = report.software?.declared?.[0];
    reportsOut.push({
      slug: report.slug,
      title: report.title,
      software: sut?.name ?? report.title,
      short: `${shortTitle(report.title, Boolean(platform))}, ${report.date}`,
      date: report.date,
      platform: platform?.name ?? '',
      machine: platform?.id ?? '',
      core: divisorOf(facts, 'core'),
      ...(divisorOf(facts, 'core') ? {} : { no_core: noPerCoreText(facts) }),
      ghz: divisorOf(facts, 'ghz'),
      ...(budgetText ? { note: budgetText } : {}),
    });
  }
  // Measures that two or more values share (a value alone compares with nothing), by how many
  // reports and entities they reach, then by name.
  const list = [...measures.values()]
    .map((m) => ({
      ...m,
      reports: new Set(Object.values(m.values).flatMap((x) => Object.keys(x))).size,
      count: Object.values(m.values).reduce((n, x) => n + Object.keys(x).length, 0),
    }))
    .filter((m) => m.count > 1)
    .sort((a, b) => b.reports - a.reports || b.count - a.count || (a.key < b.key ? -1 : 1))
    .map(({ count, ...m }) => ({
      ...m,
      values: Object.fromEntries(
        Object.keys(m.values)
          .sort()
          .map((e) => [
            e,
            Object.fromEntries(
              Object.keys(m.values[e])
                .sort()
                .map((s) => [s, m.values[e][s]]),
            ),
          ]),
      ),
    }));
  const used = new Set(list.flatMap((m) => Object.keys(m.values)));
  // Two reports that would read the same: each named with its platform too.
  const same = new Map();
  for (const r of reportsOut) same.set(r.short, (same.get(r.short) ?? 0) + 1);
  for (const r of reportsOut) if (same.get(r.short) > 1 && r.platform) r.short += `, ${r.platform}`;
  // Reports by date (then slug): the order the view lists them in.
  reportsOut.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.slug < b.slug ? -1 : 1));
  return {
    reports: reportsOut,
    entities: Object.fromEntries(
      Object.keys(entities)
        .filter((e) => used.has(e))
        .sort()
        .map((e) => [e, entities[e]]),
    ),
    measures: list,
  };
}
