// One subject per software entity: every report, table and charted table where it appears, the
// versions the reports state for it, and its best figure per report table (and run), with the
// metric, unit, the conditions of that row and the seed line. This is what a page per client,
// language or server shows: "every report that measured hackney", not one report at a time.
// Pure: report documents, typed rows and the registry in, subjects out.
//
// Exports:
//   byReportDate(a, b)                              report order: date, then slug
//   entityOf(registry, mapping, row, column) -> Entity   throws InputError(line, ..., seed) if unknown
//   softwareVersions(registry, report) -> { entity, name, version, seed, line }[]
//   buildSubjects({ reports, tables, registry, chartKinds?, errorBudgetPct? }) -> Subject[]
//   (figureWords, what a subject page prints of a figure, is in figure-words.mjs)
import { InputError } from '../../lib/errors.mjs';
import { normaliseName, resolve, tableMapping, unknownEntityError } from '../entities.mjs';
import { figureRule, ruleText, noRowText, conditionsOf, bestRow, passes, joinStatistic, spreadOf, tiesOf } from './figures.mjs';
import { measuredFigures, measuredSpellings } from './measured.mjs';
import { figureWords } from './figure-words.mjs';

/**
 * @typedef {object} Figure
 * @property {string} table       table id in the report
 * @property {Record<string, any>} group   e.g. { run: 'original' } when the rule groups by run, else {}
 * @property {string} metric      column name
 * @property {string} metric_title
 * @property {string} unit
 * @property {string} rule        how the row was chosen
 * @property {number|null} value  null when no row qualifies (reason says why)
 * @property {string} [reason]
 * @property {Record<string, any>} [conditions]  the row's conditions (pool size, senders, ...)
 * @property {Record<string, any>} [with]        the budget column's value (error_pct)
 * @property {string} [seed]
 * @property {number} [line]
 * @property {boolean} digitized  read off a chart, not measured
 * @property {object} [erratum]   the correction applied to this row
 * @property {object} [outside_budget]  when value is null and the report has no figure at all: the
 *   best row outside the error budget ({ value, with, budget, conditions, seed, line }), shown marked
 * @property {number} candidates  the entity's rows in the table (and run)
 * @property {number} qualified   those within the rule's error budget (all of them when it has none)
 * @property {number} [tied]      the other candidate rows of the same value (none: absent)
 * @property {string} statistic   the statistic of the value, as the report gives it (model.mjs STATISTICS)
 * @property {string} join_statistic  the statistic it joins others by (its own, or the one its family implies)
 * @property {string} [statistic_reason]  why an "as stated" value joins join_statistic
 * @property {string} statistic_words   its statistic for a reader ("as stated", "mean", "p99"): figureWords
 * @property {string} statistic_joined  the same, with the statistic it joins ("as stated, read as the mean")
 * @property {string} [chosen]          how the row was chosen ("the highest of 36 rows", "the only row with
 *   error % at most 1 (of 5 rows)")
 *
 * @typedef {object} Subject
 * @property {string} id
 * @property {string} name
 * @property {string} kind
 * @property {string[]} aliases
 * @property {string} [homepage]
 * @property {string} [repository]
 * @property {object[]} reports   per report: slug, title, date, platforms, measured, versions, tables, figures
 */

/** Report order: by date as written (ISO-like, so text order is time order), then slug. */
export const byReportDate = (a, b) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;

/**
 * The entity a row's column names; an unknown name is an InputError at the row's seed line.
 * @param {import('../entities.mjs').Registry} registry
 * @param {import('../entities.mjs').TableMapping} mapping
 * @param {object} row typed row with seed and line
 * @param {string} column
 */
export function entityOf(registry, mapping, row, column) {
  const e = resolve(registry, row[column], mapping.columns[column]);
  if (!e) throw unknownEntityError(registry, row[column], mapping.columns[column], row.line, row.seed);
  return e;
}

/**
 * The software a report states (Software section) or declares (metadata), resolved to entities
 * where the registry knows the name; stated entries carry the seed line, declared ones the
 * metadata path and no line.
 */
export function softwareVersions(registry, report) {
  const out = [];
  for (const s of report.software?.stated ?? []) {
    out.push({
      entity: resolve(registry, s.name)?.id ?? null,
      name: s.name,
      version: s.version,
      seed: report.seed.path,
      line: s.line,
    });
  }
  for (const s of report.software?.declared ?? []) {
    // add-report writes "unstated" where the report gives no version: no version, as the report page says.
    if (s.version === 'unstated') continue;
    const id = resolve(registry, s.name)?.id ?? null;
    if (out.some((o) => (id ? o.entity === id : o.name === s.name))) continue;
    out.push({ entity: id, name: s.name, version: s.version, seed: report.seed.meta, line: null });
  }
  return out;
}

const columnOf = (table, name) => table.columns.find((c) => c.name === name);

/**
 * @param {object} input
 * @param {object[]} input.reports report documents (data/reports/*.json)
 * @param {Record<string, Record<string, { table: object, rows: object[] }>>} input.tables
 *   typed rows by report slug and table id (tables.mjs reportTables)
 * @param {import('../entities.mjs').Registry} input.registry
 * @param {string[]} [input.chartKinds] table kinds that have a chart builder
 * @param {number} [input.errorBudgetPct] replaces the http-client-rate error budget (default 1)
 * @returns {Subject[]} one per entity of the registry, sorted by id
 */
export function buildSubjects({ reports, tables, registry, chartKinds = [], errorBudgetPct }) {
  const charted = new Set(chartKinds);
  /** @type {Map<string, Map<string, object>>} entity id -> report slug -> entry */
  const seen = new Map(Object.keys(registry.entities).map((id) => [id, new Map()]));
  const entry = (id, report) => {
    const m = seen.get(id);
    if (!m.has(report.slug)) {
      m.set(report.slug, {
        report: report.slug,
        title: report.title,
        date: report.date,
        platforms: report.platforms.map((p) => ({ id: p.id, machine: p.machine, role: p.role })),
        measured: false,
        versions: [],
        tables: [],
        figures: [],
      });
    }
    return m.get(report.slug);
  };

  for (const report of [...reports].sort(byReportDate)) {
    for (const v of softwareVersions(registry, report)) {
      if (!v.entity) continue;
      // A version stated for a part of another entity is that entity's (httpc's "OTP 21.2" is Erlang's).
      const of = registry.entities[v.entity].version_of;
      entry(v.entity, report).versions.push({
        name: v.name,
        version: v.version,
        ...(of ? { of: registry.entities[of].name } : {}),
        seed: v.seed,
        line: v.line,
      });
    }
    const byId = tables[report.slug] ?? {};
    // What adapters read, through the measurement model (measured.mjs): the best of each metric.
    const written = measuredSpellings(report, tables);
    for (const [eid, figures] of measuredFigures(report, tables)) {
      if (!seen.has(eid)) continue;
      const e = entry(eid, report);
      const t = byId[figures[0].table].table;
      e.measured = true;
      e.tables.push({ table: t.id, kind: t.kind, title: t.title, path: t.path, charted: true, derived: false, digitized: false, column: 'entity', spellings: written.get(eid) ?? [], rows: figures.reduce((n, f) => n + f.candidates, 0) });
      e.figures.push(...figures);
    }
    for (const id of Object.keys(byId).sort()) {
      const { table, rows } = byId[id];
      const mapping = tableMapping(registry, table.kind);
      if (!mapping)
        throw new InputError(0, `table kind ${table.kind} under tables: in ${registry.path}`, 'none', registry.path);
      if (table.kind === 'errata' || table.kind === 'measurement') continue;
      const rule = table.derived ? null : figureRule(table.kind, { errorBudgetPct });
      const tableRef = {
        table: table.id,
        kind: table.kind,
        title: table.title,
        path: table.path,
        charted: charted.has(table.kind),
        derived: Boolean(table.derived),
        digitized: Boolean(table.digitized),
      };
      // (entity id, column naming it or null for `measures`) -> rows
      const groups = new Map();
      const add = (eid, column, row) => {
        const k = `${eid}\u0000${column ?? ''}`;
        if (!groups.has(k)) groups.set(k, { eid, column, rows: [], spellings: new Set() });
        const g = groups.get(k);
        g.rows.push(row);
        if (column) g.spellings.add(row[column]);
      };
      // A kind whose rows measure the software the metadata declares (ab, wrk): every declared
      // name the registry knows is measured by every row.
      const declared = mapping.declared
        ? [...new Set((report.software?.declared ?? []).map((s) => resolve(registry, s.name)?.id).filter(Boolean))]
        : [];
      for (const row of rows) {
        if (mapping.measures) add(mapping.measures, null, row);
        for (const eid of declared) add(eid, null, row);
        for (const column of Object.keys(mapping.columns).sort())
          add(entityOf(registry, mapping, row, column).id, column, row);
      }
      for (const g of [...groups.values()].sort((a, b) => (a.eid < b.eid ? -1 : a.eid > b.eid ? 1 : 0))) {
        const e = entry(g.eid, report);
        e.measured = true;
        e.tables.push({ ...tableRef, column: g.column, spellings: [...g.spellings].sort(), rows: g.rows.length });
        if (rule) e.figures.push(...figuresOf(g, table, rule));
      }
    }
  }

  // A report with a figure within the budget keeps to it; one left with none shows its best rows
  // outside the budget instead (each marked so), rather than vanishing from the subject's chart.
  for (const m of seen.values())
    for (const e of m.values())
      if (e.figures.some((f) => typeof f.value === 'number'))
        for (const f of e.figures) delete f.outside_budget;

  // The words a subject page prints of each figure, written here so that templates only print them.
  for (const m of seen.values()) for (const e of m.values()) for (const f of e.figures) Object.assign(f, figureWords(f));

  return Object.values(registry.entities)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((ent) => ({
      id: ent.id,
      name: ent.name,
      kind: ent.kind,
      aliases: ent.aliases,
      ...spellingsOf(ent, seen.get(ent.id).values()),
      ...(ent.homepage ? { homepage: ent.homepage } : {}),
      ...(ent.repository ? { repository: ent.repository } : {}),
      reports: [...seen.get(ent.id).values()],
    }));
}

/**
 * How the reports write an entity (`written_as`: the names in its tables' cells and in the reports'
 * software sections, in the registry's order where it lists them) and its other names
 * (`also_known_as`: the registry's aliases no report uses, compared as names are resolved).
 */
function spellingsOf(ent, entries) {
  const used = new Set();
  for (const e of entries) {
    for (const t of e.tables) for (const sp of t.spellings) used.add(String(sp));
    // A name the metadata declares (no seed line) is the contributor's, not the report's.
    for (const v of e.versions) if (v.line !== null) used.add(v.name);
  }
  const keys = new Set([...used].map(normaliseName));
  const listed = ent.aliases.filter((a) => used.has(a));
  const written = [...listed, ...[...used].filter((x) => !listed.includes(x)).sort()];
  // Its name and the spellings the reports use are not "other names"; each other name once.
  keys.add(normaliseName(ent.name));
  const also = ent.aliases.filter((a) => !keys.has(normaliseName(a)) && keys.add(normaliseName(a)));
  return { written_as: written, also_known_as: also };
}

/** Best figure of one entity's rows in one table, per group (run) when the rule groups. */
function figuresOf(g, table, rule) {
  const metric = columnOf(table, rule.metric);
  if (!metric) return [];
  const groupBy = (rule.groupBy ?? []).filter((c) => columnOf(table, c));
  const groups = new Map();
  for (const r of g.rows) {
    const key = JSON.stringify(groupBy.map((c) => r[c]));
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const out = [];
  for (const rows of groups.values()) {
    const group = Object.fromEntries(groupBy.map((c) => [c, rows[0][c]]));
    const best = bestRow(rows, rule);
    const fig = {
      table: table.id,
      group,
      metric: rule.metric,
      metric_title: metric.title,
      unit: metric.unit ?? '',
      rule: ruleText(rule, (name) => columnOf(table, name)?.title),
      digitized: Boolean(table.digitized),
      candidates: rows.length,
      qualified: rows.filter((r) => typeof r[rule.metric] === 'number' && passes(r, rule)).length,
      measure: rule.measure ?? table.title,
      statistic: rule.statistic ?? 'value',
      join_statistic: joinStatistic(rule),
      ...(rule.joins ? { statistic_reason: rule.joins.reason } : {}),
    };
    if (!best) {
      // No row within the budget: the best row outside it, which buildSubjects keeps only for a
      // report left with no figure at all (the subject's chart shows it, marked with its error rate).
      const over = rule.budget ? bestRow(rows, { ...rule, budget: undefined }) : null;
      out.push({
        ...fig,
        value: null,
        reason: noRowText(rule, rows.length, (name) => columnOf(table, name)?.title),
        ...(over
          ? {
              outside_budget: {
                value: over[rule.metric],
                with: { [rule.budget.column]: over[rule.budget.column] },
                budget: { column: rule.budget.column, title: columnOf(table, rule.budget.column)?.title ?? rule.budget.column, max: rule.budget.max },
                conditions: conditionsOf(over, table.columns, rule, [...(g.column ? [g.column] : []), ...groupBy]),
                seed: over.seed,
                line: over.line,
              },
            }
          : {}),
      });
      continue;
    }
    const exclude = [...(g.column ? [g.column] : []), ...groupBy];
    const tied = tiesOf(rows, rule, best);
    out.push({
      ...fig,
      ...(tied ? { tied } : {}),
      value: best[rule.metric],
      conditions: conditionsOf(best, table.columns, rule, exclude),
      ...(rule.budget ? { with: { [rule.budget.column]: best[rule.budget.column] } } : {}),
      seed: best.seed,
      line: best.line,
      ...spreadOf(best),
      ...(best.erratum ? { erratum: best.erratum } : {}),
    });
  }
  return out;
}
