// Per-kind tables projected into the measurement model. Each table schema that has measured values
// declares how (`x-measurements` in schemas/tables/<kind>.json, beside the fields it reads), so the
// rule for a kind is data, not code:
//   benchmark: ["<column>" | "=<literal>", ...]   the first non-empty one names what was measured
//   section:   "<column>"                          the run's heading, where the table keeps it
//   subject:   "<column>" | "=<literal>" | "declared"   the software measured (declared: the metadata's first)
//   conditions: ["<column>", ...]                  condition columns (their names stay)
//   values: [{ column, metric, statistic, unit, spread?, spread_kind?, lower?, upper?, conditions? }]
//   percentile: { column, value, metric, unit }     a row per percentile: statistic p<percentile>
//   unitColumn / metricBy: { column, map }          a unit or metric named in a cell (wrk's thread stats)
// Each value cites the row's line, or where the row gathers values from several lines (a run's
// summary), the line its parser gives for that column in the row's `lines` ({ column: line }).
// Tables whose schema has no `x-measurements` (derived tables, errata) project to nothing.
//
// Exports:
//   projectTable(table, { software, resolveEntity }) -> measurement rows (flat, with seed, line, source_table)
//   flattenMeasurements(rows, sourceTable, resolveEntity) -> flat rows of an adapter's measurement table
import { canonicalUnit } from './units.mjs';
import { betterOf, conditionFields, measurement } from './model.mjs';
import { namesRun } from '../parsers/shared/structure.mjs';

const pick = (row, spec, ctx) => {
  if (spec === undefined) return '';
  for (const s of Array.isArray(spec) ? spec : [spec]) {
    if (s === 'declared') return ctx.software?.[0]?.name ?? '';
    if (s.startsWith('=')) return s.slice(1);
    const v = row[s];
    if (v !== null && v !== undefined && v !== '') return String(v);
  }
  return '';
};

/** One flat row of data/: the measurement's fields, its conditions as columns, provenance. */
function flat(m, { seed, source_table, entity }) {
  // Built by assignment, not by spreads of a rest object: a 100,000-row table made two throwaway
  // objects a row, and its data stage took a third more CPU (most of it collecting them).
  const out = {};
  for (const k in m) if (k !== 'conditions' && k !== 'line') out[k] = m[k];
  out.entity = entity ?? '';
  out.source_table = source_table;
  for (const k in m.conditions) out[k] = m.conditions[k];
  out.seed = seed;
  out.line = m.line;
  return out;
}

/**
 * The measurement rows of one per-kind table.
 * @param {{ id: string, kind: string, rows: object[], schema: object }} table
 * @param {{ software?: Array<{ name: string }>, resolveEntity?: (name: string) => string }} ctx
 */
export function projectTable(table, ctx = {}) {
  const rule = table.schema['x-measurements'];
  if (!rule) return [];
  const resolveEntity = ctx.resolveEntity ?? (() => '');
  const out = [];
  // "run" only where runs repeat (issue 31): a run no other run shares its benchmark, heading and
  // other conditions with needs no number (each test under its own heading is no repeat; a heading
  // that names a repetition, "Run 2" or "第二次", is no setup).
  const runsOf = new Map();
  const others = (rule.conditions ?? []).filter((c) => c !== 'run');
  const keyOf = (row) => JSON.stringify([pick(row, rule.benchmark, ctx), pick(row, rule.subject, ctx), namesRun(pick(row, rule.section, ctx)) ? '' : pick(row, rule.section, ctx)].concat(others.map((c) => row[c] ?? null)));
  // Each row's key once (100,000 rows: a JSON text each, not three).
  const keys = table.rows.map(keyOf);
  table.rows.forEach((row, i) => runsOf.set(keys[i], (runsOf.get(keys[i]) ?? new Set()).add(row.run)));
  const repeats = (i) => (runsOf.get(keys[i])?.size ?? 0) > 1;
  for (const [i, row] of table.rows.entries()) {
    const base = {
      benchmark: pick(row, rule.benchmark, ctx) || table.title,
      subject: pick(row, rule.subject, ctx),
      section: pick(row, rule.section, ctx),
    };
    const conditions = {};
    for (const c of rule.conditions ?? []) if (row[c] !== null && row[c] !== undefined && row[c] !== '' && (c !== 'run' || repeats(i))) conditions[c] = row[c];
    const entity = base.subject ? resolveEntity(base.subject) : '';
    // A row that gathers values from several lines (ab's and wrk's run summaries) says each one's in `lines`.
    const push = (m, column) => out.push(flat(measurement({ ...base, ...m, line: row.lines?.[column] ?? row.line }), { seed: row.seed, source_table: table.id, entity }));
    for (const v of rule.values ?? []) {
      const value = row[v.column];
      if (typeof value !== 'number') continue;
      const metric = rule.metricBy ? (rule.metricBy.map[row[rule.metricBy.column]] ?? v.metric) : v.metric;
      const unit = rule.unitColumn ? canonicalUnit(String(row[rule.unitColumn])) : v.unit;
      if (!unit) throw new Error(`${table.id}: no canonical unit for ${JSON.stringify(row[rule.unitColumn])} (line ${row.line})`);
      const num = (c) => (c && typeof row[c] === 'number' ? row[c] : undefined);
      push({
        metric,
        statistic: v.statistic ?? 'value',
        value,
        unit,
        better: betterOf(metric, unit),
        ...(num(v.spread) !== undefined ? { spread: num(v.spread), spread_kind: v.spread_kind ?? 'stdev' } : {}),
        ...(num(v.lower) !== undefined ? { lower: num(v.lower) } : {}),
        ...(num(v.upper) !== undefined ? { upper: num(v.upper) } : {}),
        ...(num(v.lower) !== undefined && num(v.spread) === undefined ? { spread_kind: 'range' } : {}),
        conditions: { ...conditions, ...(v.conditions ?? {}) },
      }, v.column);
    }
    if (rule.percentile) {
      const p = row[rule.percentile.column];
      const value = row[rule.percentile.value];
      if (typeof p === 'number' && typeof value === 'number') {
        push({ metric: rule.percentile.metric, statistic: `p${p}`, value, unit: rule.percentile.unit, conditions });
      }
    }
  }
  return out;
}

/**
 * An adapter's measurement rows (conditions nested) as flat rows of data/.
 * @param {object[]} rows rows of measurementResult, with seed
 * @param {string} sourceTable the format that read them
 * @param {(name: string) => string} [resolveEntity]
 */
export function flattenMeasurements(rows, sourceTable, resolveEntity = () => '') {
  return rows.map((r) => {
    const { seed, source_table: from, entity: _e, ...m } = r;
    return flat(measurement(m), { seed, source_table: from ?? sourceTable, entity: m.subject ? resolveEntity(m.subject) : '' });
  });
}

/**
 * A row's entity: its software's, else (a person's table names the software in its first column,
 * which the table fallback reads as the benchmark) its benchmark's when that names an entity.
 */
function withEntity(r, resolveEntity, declared) {
  if (!resolveEntity) return { ...r, entity: r.entity ?? '' };
  if (r.subject) return { ...r, entity: resolveEntity(r.subject) };
  const id = r.benchmark ? resolveEntity(r.benchmark) : '';
  if (id) return { ...r, subject: r.benchmark, entity: id };
  // The heading it stands under names the software ("### memcached"), else the one the report declares.
  const bySection = r.section ? resolveEntity(r.section) : '';
  if (bySection) return { ...r, subject: r.section, entity: bySection };
  return declared ? { ...r, subject: declared.name, entity: declared.id } : { ...r, entity: '' };
}

/**
 * The software a report read by generic readers or a recipe declares (meta `software:`), when it
 * declares one that names an entity: the software of its rows that name none. Undefined otherwise.
 */
function declaredEntity(ctx) {
  if (!ctx.generic || !ctx.resolveEntity || ctx.software?.length !== 1) return undefined;
  const id = ctx.resolveEntity(ctx.software[0].name ?? '');
  return id ? { id, name: ctx.software[0].name } : undefined;
}

/**
 * The report's measurements table: the rows adapters read (tables of kind "measurement") and every
 * per-kind table projected, in one long table whose schema is measurement.json plus the condition
 * columns its rows use (titled from the tables they come from). Null when nothing projects.
 * @param {Record<string, { id: string, kind: string, title: string, rows: object[], schema: object, source?: string }>} tables
 * @param {{ schemas: Record<string, object>, software?: Array<{ name: string }>, resolveEntity?: (name: string) => string, seedPath: string, generic?: boolean }} ctx
 */
export function reportMeasurements(tables, ctx) {
  const rows = [];
  const described = {};
  // The declared software is the rows' only where no row names software of its own: in a table that
  // compares memc-kv with memcached, a row of an unknown name is never given the declared one.
  const own = (r) => r.subject || (r.benchmark && ctx.resolveEntity?.(r.benchmark));
  const namesOwn = Object.values(tables).some((t) => t.kind === 'measurement' && t.rows.some(own));
  const declared = namesOwn ? undefined : declaredEntity(ctx);
  for (const t of Object.values(tables).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    // One push a row: push(...rows) of a 100,000-row report overflowed the stack (RangeError in check).
    if (t.kind === 'measurement') for (const r of t.rows) rows.push(withEntity(r, ctx.resolveEntity, declared));
    else {
      for (const r of projectTable(t, ctx)) rows.push(r);
      for (const f of t.schema.fields) described[f.name] ??= f;
    }
  }
  if (!rows.length) return null;
  const schema = textConditions(measurementSchema(ctx.schemas.measurement, rows, described), rows);
  return {
    id: 'measurements',
    kind: 'measurement',
    title: 'Measurements (the shared model)',
    notes: [],
    rows,
    schema,
    source: ctx.seedPath,
    kept: [],
  };
}

/**
 * The schema, after its rows' numbers in a condition typed as text (one the vocabulary names as
 * text, such as size, or one whose values mix words and numbers) become the text they were
 * written as: go test -bench's "size=32" in jsign/verkle-vs-patricia's README was refused
 * ("expected text for Size, found 32"). Changes the rows in place.
 * @param {{ fields: object[] }} schema
 * @param {object[]} rows flat rows
 */
export function textConditions(schema, rows) {
  for (const f of schema.fields) {
    if (f['x-condition'] && f.type === 'string') for (const r of rows) if (typeof r[f.name] === 'number') r[f.name] = String(r[f.name]);
  }
  return schema;
}

/**
 * The schema of one measurement table: measurement.json's fields, then the condition columns its
 * rows use (typed, titled from the tables they come from); a row is one per natural key with its
 * conditions (two runs of one benchmark differ only in `run`, two Go benchmarks in `procs`).
 * @param {object} base schemas/tables/measurement.json
 * @param {object[]} rows flat rows
 * @param {Record<string, object>} [described] fields of the source tables, by name
 */
export function measurementSchema(base, rows, described = {}) {
  const core = new Set([...base.fields.map((f) => f.name), 'seed', 'line']);
  // A loop over each row's keys, not Object.entries: 100,000 rows made 1.7 million pairs to collect.
  const conditionRows = rows.map((r) => {
    const conditions = {};
    for (const k in r) if (!core.has(k)) conditions[k] = r[k];
    return { conditions };
  });
  const extra = conditionFields(conditionRows, described);
  const names = extra.map((f) => f.name);
  return {
    ...base,
    fields: [...base.fields, ...extra],
    naturalKey: [...base.naturalKey, ...names],
    lineKey: ['source_table', 'metric', 'statistic', 'unit', ...names],
  };
}
