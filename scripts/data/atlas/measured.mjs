// The atlas over the measurement model: a report read by an adapter or the table fallback has no
// table kind of its own to compare by, so it joins the atlas through its measurements. Whenever two
// or more reports measured the same entity's metric, with the same statistic (like with like: an
// "as stated" value joins only "as stated" values, a mean only means) and in the same canonical unit, and at least one of them was read by an
// adapter, one comparison of each entity's best value per report ('best' mode of comparisons.mjs,
// the conditions of each value's row beside it). Reports of per-kind tables only keep the
// comparisons of their kind (comparisons.mjs), so nothing is compared twice.
//
// Exports:
//   measuredParts(reports, tables) -> Map<groupKey, { metric, statistic, unit, better, parts }>
//   measuredRule(group) -> FigureRule          the rule comparisons.mjs's 'best' mode applies
//   MEASURED_MAPPING                            the entity column of the measurement table
//   measuredFigures(report, tables, registry) -> Map<entity id, figure[]>   for subject pages
//   measuredSpellings(report, tables) -> Map<entity id, string[]>   how those rows write each entity
//   joinable(row) -> boolean                   whether a row may join other reports' rows at all
import { bestRow, conditionsOf, figureRule, tiesOf } from './figures.mjs';
import { metricTitle, statisticWords } from '../measure/model.mjs';
import { isStated } from '../measure/units.mjs';

/** The entity column of a measurement table (the data stage resolved it; empty: no entity). */
export const MEASURED_MAPPING = { kind: 'measurement', measures: null, columns: { entity: null }, declared: false };

/** The most failed requests (percent) a rate may have to count (the default of figures.mjs). */
export const ERROR_BUDGET_PCT = 1;

const UNIT_WORDS = { us: 'µs', 'req/s': 'requests/s' };
/** Columns of a measurement row that are never its conditions. */
const NOT_CONDITIONS = new Set(['subject', 'entity', 'metric', 'statistic', 'value', 'unit', 'better', 'spread_kind', 'spread', 'lower', 'upper', 'runs', 'source_table']);

/**
 * The statistic a row joins others by: its own, or for an "as stated" value of a table kind whose
 * report family implies one (figures.mjs `joins`), that one.
 */
const joinStatisticOf = (row, byId) =>
  row.statistic === 'value' ? (figureRule(byId[row.source_table]?.table.kind ?? '')?.joins?.statistic ?? 'value') : row.statistic;

/**
 * Whether a row can join rows of other reports: a ratio to its own report's baseline (unit x:
 * BenchmarkDotNet's Ratio or Scaled, a change against the report's base) means nothing beside
 * another report's, whose baseline is another; nor does a value whose report states no unit
 * (two "not stated" units need not be one). The compare view asks the same (views/compare-index.mjs).
 */
export const joinable = (row) => Boolean(row.entity) && typeof row.value === 'number' && row.unit !== 'x' && isStated(row.unit);

/** Whether a measurement row was read by an adapter (not projected from a per-kind table of its report). */
const fromAdapter = (row, byId) => !byId[row.source_table] || byId[row.source_table].table.kind === 'measurement';

/**
 * The measurement rows of every report grouped by what they measure: (metric, statistic class,
 * unit). Each group lists, per report, the rows that name an entity.
 * @param {object[]} reports in date order
 * @param {Record<string, Record<string, { table: object, rows: object[] }>>} tables typed rows by report and table id
 */
export function measuredParts(reports, tables) {
  const groups = new Map();
  for (const report of reports) {
    const byId = tables[report.slug] ?? {};
    const m = Object.values(byId).find((t) => t.table.kind === 'measurement');
    if (!m) continue;
    // A rate whose requests mostly failed is no candidate: the share of errors stated on the same
    // line (httpc_bench's error %) must be within the error budget, as comparisons.mjs counts it.
    const errorPct = new Map();
    for (const row of m.rows) if (row.metric === 'errors' && row.unit === '%') errorPct.set(`${row.source_table}\u0000${row.line}`, row.value);
    const perGroup = new Map();
    for (const row of m.rows) {
      if (!joinable(row)) continue;
      if (row.metric === 'throughput' && (errorPct.get(`${row.source_table}\u0000${row.line}`) ?? 0) > ERROR_BUDGET_PCT) continue;
      const key = [row.metric, joinStatisticOf(row, byId), row.unit].join('\u0000');
      if (!perGroup.has(key)) perGroup.set(key, { rows: [], adapter: false });
      const g = perGroup.get(key);
      // A benchmark that only repeats the software's name (a person's table) is no condition.
      g.rows.push(row.benchmark === row.subject ? { ...row, benchmark: null } : row);
      if (fromAdapter(row, byId)) g.adapter = true;
    }
    for (const [key, g] of perGroup) {
      if (!groups.has(key)) {
        const [metric, statistic, unit] = key.split('\u0000');
        groups.set(key, { metric, statistic, unit, better: g.rows[0].better, parts: [], adapter: false });
      }
      const group = groups.get(key);
      group.parts.push({ report, table: m.table, rows: g.rows, adapter: g.adapter });
      if (g.adapter) group.adapter = true;
    }
  }
  return groups;
}

/**
 * The sets of parts one group compares: each report read by an adapter with every report that
 * measured one of the same entities (all of them up to `most` reports; past that, with the nearest
 * such report before it and after it in date order, so that the sets grow linearly with the
 * reports, not as pairs of them), in date order; the same set once.
 * @param {{ parts: Array<{ report: object, rows: object[], adapter: boolean }> }} group
 * @returns {number[][]} indexes into group.parts
 */
export function measuredSets(group, most = 6) {
  const entities = group.parts.map((p) => new Set(p.rows.map((r) => r.entity)));
  const seen = new Set();
  const sets = [];
  const add = (set) => {
    const key = set.join(',');
    if (set.length < 2 || seen.has(key)) return;
    seen.add(key);
    sets.push(set);
  };
  group.parts.forEach((p, i) => {
    if (!p.adapter) return;
    const others = group.parts.map((_, j) => j).filter((j) => j !== i && [...entities[j]].some((e) => entities[i].has(e)));
    const all = [i, ...others].sort((a, b) => a - b);
    if (all.length <= most) add(all);
    else {
      const before = others.filter((j) => j < i).at(-1);
      const after = others.find((j) => j > i);
      for (const j of [before, after]) if (j !== undefined) add([Math.min(i, j), Math.max(i, j)]);
    }
  });
  return sets;
}

/** The title of a group's metric: "Throughput (requests/s)", "Latency, p99 (µs)". */
export function measuredTitle(group) {
  const name = metricTitle(group.metric);
  const stat = group.statistic === 'value' ? '' : `, ${statisticWords(group.statistic)}`;
  return `${name}${stat} (${UNIT_WORDS[group.unit] ?? group.unit})`;
}

/**
 * The rule comparisons.mjs applies to a group: the value column, better as the rows say, the
 * conditions every column but the measurement's own (benchmark, section and the report's conditions).
 */
export function measuredRule(group, columns) {
  return {
    metric: 'value',
    better: group.better === 'lower' ? 'lower' : 'higher',
    compare: 'best',
    groupBy: [],
    conditions: columns.map((c) => c.name).filter((n) => !NOT_CONDITIONS.has(n) && n !== 'seed' && n !== 'line'),
  };
}

/** A group's kind, as comparisons name their kind: measurement-throughput-mean-req-s. */
export const measuredKind = (group) =>
  `measurement-${group.metric}-${group.statistic}-${group.unit}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '').toLowerCase();

/** A report's measurement table and its rows an adapter read that may join other reports', or null. */
function adapterRows(report, tables) {
  const byId = tables[report.slug] ?? {};
  const m = Object.values(byId).find((t) => t.table.kind === 'measurement');
  return m ? { table: m.table, rows: m.rows.filter((row) => joinable(row) && fromAdapter(row, byId)) } : null;
}

/**
 * How a report's adapter rows write each entity (their `subject`, as the report spells it: the
 * memtier README's "memcached"), for the subject pages' "Written as".
 * @returns {Map<string, string[]>} entity id -> spellings, sorted
 */
export function measuredSpellings(report, tables) {
  const out = new Map();
  for (const row of adapterRows(report, tables)?.rows ?? []) {
    if (!row.subject) continue;
    if (!out.has(row.entity)) out.set(row.entity, new Set());
    out.get(row.entity).add(String(row.subject));
  }
  return new Map([...out].map(([e, s]) => [e, [...s].sort()]));
}

/**
 * The figures of a report's adapter rows for subject pages: per entity, the best value of each
 * metric group (highest or lowest as the metric says), with its conditions and seed line.
 * @returns {Map<string, object[]>}
 */
export function measuredFigures(report, tables) {
  const out = new Map();
  const byId = tables[report.slug] ?? {};
  const m = adapterRows(report, tables);
  if (!m) return out;
  const groups = new Map();
  for (const row of m.rows) {
    const key = [row.entity, row.metric, joinStatisticOf(row, byId), row.unit].join('\u0000');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  for (const [key, rows] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [entity, metric, statistic, unit] = key.split('\u0000');
    const group = { metric, statistic, unit, better: rows[0].better };
    const rule = measuredRule(group, m.table.columns);
    const best = bestRow(rows, rule);
    if (!best) continue;
    if (!out.has(entity)) out.set(entity, []);
    out.get(entity).push({
      table: m.table.id,
      group: {},
      metric: 'value',
      metric_title: measuredTitle(group),
      unit: UNIT_WORDS[unit] ?? unit,
      rule: `${rule.better === 'higher' ? 'highest' : 'lowest'} ${metric}`,
      digitized: false,
      candidates: rows.length,
      qualified: rows.length,
      ...(tiesOf(rows, rule, best) ? { tied: tiesOf(rows, rule, best) } : {}),
      statistic,
      join_statistic: statistic,
      value: best.value,
      conditions: conditionsOf(best, m.table.columns, rule, []),
      seed: best.seed,
      line: best.line,
    });
  }
  return out;
}
