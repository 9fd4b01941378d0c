// Comparisons across reports: whenever two or more reports measure the same metric (same table
// kind) for the same entities, one comparison with the value from each report, its seed line, the
// ratio to the oldest report, per-core and per-GHz values where the machine facts allow, and what
// differs between the runs (machine, software versions, date, method), so that a hardware change is
// never read as a software change. Pure; every number comes from the rows given.
//
// Two ways to compare, chosen per table kind in figures.mjs (FIGURES[kind].compare):
// - 'matched': values at identical conditions (every condition column equal; a column a table
//   lacks counts as empty). One comparison per pair of reports, oldest first, plus one over all
//   reports of the kind when there are three or more; the conditions equal in every row of a
//   comparison are its shared conditions, derived from the rows.
// - 'best': each entity's best value per report and run (within the error budget), one comparison
//   over all runs of all reports of the kind; each value carries the conditions of its own row.
// Past ALL_PAIRS_UP_TO reports of a kind (reportSets), both compare each report with the one before
// it in date order instead: every pair of 1,000 reports would be half a million comparisons, and a
// table of hundreds of columns answers no question. The number of comparisons grows linearly.
//
// A comparison is made only when it says something new (withoutRepeats): what it says are its
// cells (column, entity, every condition, value, seed and line, and the base its ratios are taken
// against), and a comparison whose cells another comparison of the same kind and metric holds too
// (the same cells, or a subset of a larger one) is not made; of two with the same cells, the one of
// the smaller id stays. So a pair whose rows and ratios the comparison over all reports of the kind
// repeats (same oldest report) is not made; a pair of two later reports is (its ratios are new).
//
// Exports:
//   buildComparisons({ reports, tables, registry, errorBudgetPct? }) -> Comparison[]
//   withoutRepeats(comparisons) -> Comparison[]   those that say something new, in their order
//   shortSlug(reportSlugs) -> string   the URL name of a comparison (its id is long)
//   whatDiffers(registry, reports, machine?) -> WhatDiffers
//   tidyRows(comparison) -> { columns: string[], rows: object[] }   one row per value, for a CSV
//   runFact(name, value) -> string   what a report states of a run, in words ("ulimit -n 1024")
import { tableMapping, normaliseName } from '../entities.mjs';
import { figureRule, ruleText, noRowText, conditionsOf, bestRow, spreadOf } from './figures.mjs';
import { sha256 } from '../../lib/hash.mjs';

/**
 * A comparison's id from its kind and report slugs: the slugs joined while that stays a usable file
 * name (the id names atlas/comparisons/<id>.csv); past 200 characters (a few dozen reports of one
 * kind) the number of reports and a hash of the joined slugs, so the name stays stable and short.
 */
export function comparisonId(prefix, slugs) {
  const id = `${prefix}--${slugs.join('--')}`;
  return id.length <= 200 ? id : `${prefix}--${slugs.length}-reports--${sha256(id).slice(0, 16)}`;
}
import { byReportDate, entityOf, softwareVersions } from './subjects.mjs';
import { FACT_MEANINGS, factTitle, machineFacts, noPerCoreText, normalise } from './normalise.mjs';
import { MEASURED_MAPPING, measuredKind, measuredParts, measuredRule, measuredSets, measuredTitle } from './measured.mjs';

/**
 * @typedef {object} Column      one report (and run) of a comparison
 * @property {string} key        report slug, or slug/run
 * @property {string} report
 * @property {string|null} run
 * @property {string} label
 * @property {boolean} base      the column ratios are taken against (the oldest)
 * @property {string|null} no_per_core  why the column has no per-core figure (null: it has one)
 *
 * @typedef {object} Value
 * @property {string} column
 * @property {number|null} value
 * @property {string} [seed]
 * @property {number} [line]
 * @property {string} [spread_kind]   the spread the row states (with spread, lower, upper, runs), for the noise verdict
 * @property {Record<string, any>} [conditions]   'best' mode: the conditions of this value's row
 * @property {Record<string, any>} [with]         the budget column's value
 * @property {number|null} ratio_to_base          value / base value (null for the base itself)
 * @property {object|null} per_core               normalise(value, facts, 'core')
 * @property {object|null} per_ghz                normalise(value, facts, 'ghz')
 * @property {string} [reason]                    why value is null
 *
 * @typedef {object} Comparison
 * @property {string} id
 * @property {string} slug            short URL name: the reports' common words, then what differs
 *                                    ("cloudi-1.5.4-core-i7-vs-1.7.1-core-i7"); the id when two clash
 * @property {string} date            the newest report date of the comparison, as the report states it
 * @property {string} title
 * @property {string} kind            table kind
 * @property {'matched'|'best'} mode
 * @property {{ column: string, title: string, unit: string, better: string, statistic: string, rule: string }} metric
 * @property {string} entity_column
 * @property {Column[]} columns
 * @property {string} base            key of the base column
 * @property {Record<string, any>} shared_conditions
 * @property {{ entity: string, entity_name: string, conditions: Record<string, any>, values: Value[] }[]} rows
 * @property {object} what_differs
 */

/** Up to this many reports of a kind, every pair (and all together) is compared. */
export const ALL_PAIRS_UP_TO = 6;

/**
 * The sets of report positions (0 = oldest) compared for a kind of n reports: every pair, then all
 * of them when n is 3 to ALL_PAIRS_UP_TO ('best' mode: all of them only); past that, each report
 * with the one before it (n - 1 pairs).
 * @param {number} n
 * @param {'matched'|'best'} mode
 * @returns {number[][]}
 */
export function reportSets(n, mode) {
  if (n > ALL_PAIRS_UP_TO) return Array.from({ length: n - 1 }, (_, i) => [i, i + 1]);
  const all = Array.from({ length: n }, (_, i) => i);
  if (mode === 'best') return [all];
  const sets = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) sets.push([i, j]);
  if (n >= 3) sets.push(all);
  return sets;
}

/** Parts (one per report table) grouped by report, in the parts' (date) order. */
function byReportOf(parts) {
  const groups = new Map();
  for (const p of parts) {
    if (!groups.has(p.report.slug)) groups.set(p.report.slug, []);
    groups.get(p.report.slug).push(p);
  }
  return [...groups.values()];
}

const round = (x, digits = 6) => (x === null || x === undefined ? null : Number(x.toPrecision(digits)));
const keyOf = (obj) =>
  JSON.stringify(
    Object.keys(obj)
      .sort()
      .map((k) => [k, obj[k]]),
  );
const cmpText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The machine that ran the measured software: the rule's, else a report's only machine. */
function machineOf(report, rule) {
  if (rule.machine && report.machines?.[rule.machine]) return rule.machine;
  const names = Object.keys(report.machines ?? {});
  return names.length === 1 ? names[0] : null;
}

/** "CloudI 1.5.1, 2015-12, IBM Power System S822 (POWER8)" (+ ", run Original" when runs differ). */
function columnLabel(registry, report, mapping, run, machine) {
  const parts = [];
  if (mapping.measures) {
    const v = softwareVersions(registry, report).find((s) => s.entity === mapping.measures);
    parts.push(`${registry.entities[mapping.measures].name}${v ? ` ${v.version}` : ''}`);
  }
  parts.push(report.date);
  const platform = report.platforms.find((p) => p.machine === machine) ?? report.platforms[0];
  if (platform) parts.push(platform.name);
  if (run) parts.push(`run ${report.runs?.find((r) => r.id === run)?.title ?? run}`);
  return parts.join(', ');
}

/** The error budget of a 'best' comparison, in words: "within Error % at most 1 %". */
function budgetText(rule, columns) {
  if (!rule.budget) return 'the best value';
  const col = columns.find((c) => c.name === rule.budget.column);
  const title = col?.title ?? rule.budget.column;
  return `the best value within ${title.toLowerCase()} of at most ${rule.budget.max}${col?.unit === '%' ? ' %' : ''}`;
}

/** A metric's name for a sentence: its title without the unit in parentheses, lower case. */
const metricWords = (metric) => metric.title.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase();

/**
 * Conditions as a reader says them, from the columns' titles: "2 senders, 2 receivers, destination
 * refresh method lazy_closest, duo_mode: yes, through cloudi_service_queue: no".
 */
export function conditionsText(conditions, columns) {
  return Object.entries(conditions)
    .map(([name, v]) => {
      const col = columns.find((c) => c.name === name);
      const title = col?.title ?? name;
      const lower = /^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
      if (typeof v === 'boolean') return `${lower}: ${v ? 'yes' : 'no'}`;
      if (typeof v === 'number') return `${v} ${lower}`;
      return `${lower} ${v}`;
    })
    .join(', ');
}

/**
 * What a comparison answers, as a question for the home page: the software versions (or dates)
 * that differ, and whether the machines are the same.
 */
function questionOf(c, entityTitle, reports) {
  const entity = entityTitle.toLowerCase();
  const w = c.what_differs;
  if (c.mode === 'best') {
    const runs = c.columns.map((col) => col.label.split(', ')[0]);
    const budget = c.conditions_text.replace(/^the best value /, '');
    return `Which ${entity} did best (${metricWords(c.metric)}, ${budget}) in ${[...new Set(runs)].join(' and ')}?`;
  }
  const sw = w.software.find((x) => x.differs && x.stated_by_all);
  const steps = reports.map((r, i) => {
    const v = sw?.values.find((x) => x.report === r.slug)?.value;
    const what = v ? (i === 0 ? `${sw.software} ${v}` : v) : r.date;
    const platform = w.platforms.values.find((x) => x.report === r.slug);
    return w.hardware_same || !platform ? what : `${what} on the ${platform.name}`;
  });
  const where = w.hardware_same ? ` on the same ${w.platforms.values[0]?.name ?? 'machine'}` : '';
  return `How did each ${entity}'s ${metricWords(c.metric)} change from ${steps.join(' to ')}${where}?`;
}

/**
 * @param {object} input
 * @param {object[]} input.reports report documents (data/reports/*.json)
 * @param {Record<string, Record<string, { table: object, rows: object[] }>>} input.tables typed rows
 * @param {import('../entities.mjs').Registry} input.registry
 * @param {number} [input.errorBudgetPct]
 * @returns {Comparison[]} sorted by id
 */
export function buildComparisons({ reports, tables, registry, errorBudgetPct }) {
  const out = [];
  const byKind = new Map();
  for (const report of [...reports].sort(byReportDate)) {
    for (const id of Object.keys(tables[report.slug] ?? {}).sort()) {
      const t = tables[report.slug][id];
      if (t.table.derived || t.table.digitized) continue;
      if (!byKind.has(t.table.kind)) byKind.set(t.table.kind, []);
      byKind.get(t.table.kind).push({ report, ...t });
    }
  }
  for (const kind of [...byKind.keys()].sort()) {
    const rule = figureRule(kind, { errorBudgetPct });
    const mapping = tableMapping(registry, kind);
    const parts = byKind.get(kind);
    if (!rule || !rule.compare || !mapping) continue;
    const entityColumns = Object.keys(mapping.columns);
    if (entityColumns.length !== 1) continue; // no entity column (AStore) or ambiguous
    if (new Set(parts.map((p) => p.report.slug)).size < 2) continue;
    const ctx = { registry, rule, mapping, kind, entityColumn: entityColumns[0] };
    const groups = byReportOf(parts);
    for (const set of reportSets(groups.length, rule.compare)) {
      const chosen = set.flatMap((i) => groups[i]);
      if (rule.compare === 'best') out.push(...bestComparisons(ctx, chosen));
      else out.push(...matchedComparisons(ctx, chosen, set.length));
    }
  }
  // Reports read by adapters join through their measurements (measured.mjs).
  for (const group of measuredParts([...reports].sort(byReportDate), tables).values()) {
    if (!group.adapter || group.parts.length < 2) continue;
    const kind = measuredKind(group);
    const parts = group.parts.map((p) => ({
      ...p,
      table: {
        ...p.table,
        kind,
        columns: p.table.columns.map((c) =>
          c.name === 'value' ? { ...c, title: measuredTitle(group), unit: '' } : c.name === 'entity' ? { ...c, title: 'Software' } : c,
        ),
      },
    }));
    byKind.set(kind, parts);
    const ctx = {
      registry,
      rule: measuredRule(group, parts[0].table.columns),
      mapping: MEASURED_MAPPING,
      kind,
      entityColumn: 'entity',
      statistic: group.statistic,
    };
    for (const set of measuredSets(group)) out.push(...bestComparisons(ctx, set.map((i) => parts[i])));
  }
  const made = withoutRepeats(out).sort((a, b) => cmpText(a.id, b.id));
  const dateOf = new Map(reports.map((r) => [r.slug, r.date]));
  const slugs = made.map((c) => shortSlug([...new Set(c.columns.map((col) => col.report))]));
  const slugCount = new Map();
  for (const s of slugs) slugCount.set(s, (slugCount.get(s) ?? 0) + 1);
  const bySlug = new Map(reports.map((r) => [r.slug, r]));
  return made.map((c, i) => {
    const entityTitle = byKind.get(c.kind)[0].table.columns.find((x) => x.name === c.entity_column)?.title ?? c.entity_column;
    const own = [...new Set(c.columns.map((col) => col.report))].map((slug) => bySlug.get(slug));
    return {
      ...c,
      slug: slugCount.get(slugs[i]) === 1 ? slugs[i] : c.id,
      date: c.columns.map((col) => dateOf.get(col.report)).reduce((a, b) => (b > a ? b : a)),
      question: questionOf(c, entityTitle, own),
    };
  });
}

/** A comparison's values as cells (see the header): what it says, one string per value. */
function cellsOf(c) {
  const what = [c.kind, c.metric.column, c.metric.statistic, c.metric.unit, c.base].join('\u0000');
  return c.rows.flatMap((row) =>
    row.values.map((v) =>
      [
        what,
        v.column,
        row.entity,
        keyOf({ ...c.shared_conditions, ...row.conditions, ...(v.conditions ?? {}) }),
        v.value,
        v.seed,
        v.line,
      ].join('\u0000'),
    ),
  );
}

/**
 * The comparisons that say something new (the rule in the header): each one whose cells no other
 * comparison holds as well (a larger one, or one of the same cells and a smaller id).
 * @param {Comparison[]} comparisons
 * @returns {Comparison[]} in the order given
 */
export function withoutRepeats(comparisons) {
  const cells = comparisons.map((c) => new Set(cellsOf(c)));
  /** cell -> indexes of the comparisons that hold it */
  const holders = new Map();
  cells.forEach((set, i) => {
    for (const cell of set) {
      if (!holders.has(cell)) holders.set(cell, []);
      holders.get(cell).push(i);
    }
  });
  const repeats = (i) => {
    let candidates = null;
    for (const cell of cells[i]) {
      const here = holders.get(cell);
      candidates = candidates ? candidates.filter((j) => here.includes(j)) : here.filter((j) => j !== i);
      if (!candidates.length) return false;
    }
    return (candidates ?? []).some(
      (j) => cells[j].size > cells[i].size || cmpText(comparisons[j].id, comparisons[i].id) < 0,
    );
  };
  return comparisons.filter((_, i) => !repeats(i));
}

/**
 * A short URL name for the reports of a comparison: the words (between hyphens) all report slugs
 * start with, once, then the rest of each slug joined by "-vs-"; past 100 characters, the first
 * report's rest, "-vs-<n>-more-" and a short hash of all the slugs.
 * @param {string[]} reportSlugs in column order
 * @example shortSlug(['cloudi-1.5.4-core-i7', 'cloudi-1.7.1-core-i7']) // 'cloudi-1.5.4-core-i7-vs-1.7.1-core-i7'
 */
export function shortSlug(reportSlugs) {
  const words = reportSlugs.map((s) => s.split('-'));
  let k = 0;
  while (words.every((w) => k < w.length - 1 && w[k] === words[0][k])) k++;
  const rests = words.map((w) => w.slice(k).join('-'));
  const slug = [...words[0].slice(0, k), rests.join('-vs-')].join('-');
  if (slug.length <= MAX_SLUG) return slug;
  // Many reports (a corpus of hundreds): the first, how many more, and a hash of them all, so that
  // the URL and the chart files named after it stay well under the file system's 255 bytes.
  const more = `-vs-${rests.length - 1}-more-${sha256(reportSlugs.join('\n')).slice(0, 8)}`;
  return [...words[0].slice(0, k), rests[0]].join('-').slice(0, MAX_SLUG - more.length) + more;
}
const MAX_SLUG = 100;

/** Metric description from the first table's column. */
function metricOf(ctx, parts) {
  const col = parts[0].table.columns.find((c) => c.name === ctx.rule.metric);
  return {
    column: ctx.rule.metric,
    title: col?.title ?? ctx.rule.metric,
    unit: col?.unit ?? '',
    better: ctx.rule.better,
    // The statistic of every value compared (the rule's, or the measurement group's): like with like.
    statistic: ctx.statistic ?? ctx.rule.statistic ?? 'value',
    rule: ruleText(ctx.rule, (name) => parts[0].table.columns.find((c) => c.name === name)?.title),
  };
}

/** A value cell: the row's metric, provenance, ratio (filled later) and normalisations. */
function valueCell(ctx, column, row, facts, extra = {}) {
  const v = row[ctx.rule.metric];
  return {
    column,
    value: v,
    seed: row.seed,
    line: row.line,
    ...spreadOf(row),
    ...extra,
    ...(ctx.rule.budget ? { with: { [ctx.rule.budget.column]: row[ctx.rule.budget.column] } } : {}),
    ...(row.erratum ? { erratum: row.erratum } : {}),
    ratio_to_base: null,
    per_core: normalised(v, facts, 'core'),
    per_ghz: normalised(v, facts, 'ghz'),
  };
}

function normalised(value, facts, per) {
  const n = normalise(value, facts, per);
  return (
    n && {
      value: round(n.value),
      divisor: n.divisor,
      facts: n.facts.map((f) => ({ field: f.field, title: factTitle(f.field), value: f.value, seed: f.seed, line: f.line })),
    }
  );
}

/** Ratios against the base column, where both values exist. */
function fillRatios(rows, baseKey) {
  for (const r of rows) {
    const base = r.values.find((v) => v.column === baseKey);
    for (const v of r.values) {
      if (v.column === baseKey || typeof v.value !== 'number' || typeof base?.value !== 'number' || base.value === 0)
        continue;
      v.ratio_to_base = round(v.value / base.value, 4);
    }
  }
}

function bestComparisons(ctx, parts) {
  const { rule, registry } = ctx;
  const groupBy = rule.groupBy ?? [];
  const columns = [];
  const cells = new Map(); // entity id -> column key -> cell
  const reportsOf = new Map(); // entity id -> Set of report slugs with rows
  for (const p of parts) {
    const machine = machineOf(p.report, rule);
    const facts = machine ? machineFacts(p.report, machine) : [];
    const runOrder = (p.report.runs ?? []).map((r) => r.id);
    const groups = new Map();
    for (const row of p.rows) {
      const g = groupBy.map((c) => row[c] ?? null);
      const k = JSON.stringify(g);
      if (!groups.has(k)) groups.set(k, { g, rows: [] });
      groups.get(k).rows.push(row);
    }
    const ordered = [...groups.values()].sort((a, b) => {
      const ia = runOrder.indexOf(a.g[0]);
      const ib = runOrder.indexOf(b.g[0]);
      return ia !== ib ? ia - ib : cmpText(JSON.stringify(a.g), JSON.stringify(b.g));
    });
    const multi = ordered.length > 1;
    for (const { g, rows } of ordered) {
      const run = groupBy.length ? g[0] : null; // recorded even when the report has one run
      const key = multi ? `${p.report.slug}/${run}` : p.report.slug;
      columns.push({
        key,
        report: p.report.slug,
        run,
        label: columnLabel(registry, p.report, ctx.mapping, multi ? run : null, machine),
        base: false,
        no_per_core: noPerCoreText(facts),
      });
      const byEntity = new Map();
      for (const row of rows) {
        const e = entityOf(registry, ctx.mapping, row, ctx.entityColumn);
        if (!byEntity.has(e.id)) byEntity.set(e.id, []);
        byEntity.get(e.id).push(row);
      }
      for (const [eid, erows] of byEntity) {
        if (!reportsOf.has(eid)) reportsOf.set(eid, new Set());
        reportsOf.get(eid).add(p.report.slug);
        if (!cells.has(eid)) cells.set(eid, new Map());
        const best = bestRow(erows, rule);
        const exclude = [ctx.entityColumn, ...groupBy];
        cells.get(eid).set(
          key,
          best
            ? valueCell(ctx, key, best, facts, { conditions: conditionsOf(best, p.table.columns, rule, exclude) })
            : {
                column: key,
                value: null,
                reason: noRowText(rule, erows.length, (name) => p.table.columns.find((c) => c.name === name)?.title),
                ratio_to_base: null,
                per_core: null,
                per_ghz: null,
              },
        );
      }
    }
  }
  columns[0].base = true;
  const rows = [...cells.keys()]
    .filter((eid) => reportsOf.get(eid).size >= 2)
    .sort()
    .map((eid) => ({
      entity: eid,
      entity_name: registry.entities[eid].name,
      conditions: {},
      values: columns.map((c) => cells.get(eid).get(c.key)).filter(Boolean),
    }));
  if (!rows.length) return [];
  fillRatios(rows, columns[0].key);
  const reports = uniqueReports(parts);
  const metric = metricOf(ctx, parts);
  const entityTitle = parts[0].table.columns.find((c) => c.name === ctx.entityColumn)?.title ?? ctx.entityColumn;
  return [
    {
      id: comparisonId(`${ctx.kind}--best`, reports.map((r) => r.slug)),
      title: `${metric.title} by ${entityTitle.toLowerCase()}: ${columns.map((c) => c.label).join(' vs ')}`,
      conditions_text: budgetText(rule, parts[0].table.columns),
      kind: ctx.kind,
      mode: 'best',
      metric,
      entity_column: ctx.entityColumn,
      columns,
      base: columns[0].key,
      shared_conditions: {},
      rows,
      what_differs: whatDiffers(registry, reports, rule.machine, columns),
    },
  ];
}

function uniqueReports(parts) {
  const seen = new Map();
  for (const p of parts) if (!seen.has(p.report.slug)) seen.set(p.report.slug, p.report);
  return [...seen.values()];
}

/** The matched comparisons of the given parts: of all of them when they come from more than two reports, else of each pair of tables from different reports. */
function matchedComparisons(ctx, parts, reportCount) {
  const { rule, registry } = ctx;
  // Per report: (entity, conditions) -> row; condition columns are every column of any table.
  const byReport = parts.map((p) => {
    const machine = machineOf(p.report, rule);
    const facts = machine ? machineFacts(p.report, machine) : [];
    const cells = new Map();
    for (const row of p.rows) {
      const e = entityOf(registry, ctx.mapping, row, ctx.entityColumn);
      const conditions = conditionsOf(row, p.table.columns, rule, [ctx.entityColumn]);
      const k = `${e.id}\u0000${keyOf(conditions)}`;
      // Two rows at the same key would be a broken natural key; the first (lowest line) stands.
      if (!cells.has(k) || row.line < cells.get(k).row.line) cells.set(k, { entity: e.id, conditions, row });
    }
    return { ...p, machine, facts, cells };
  });
  // Several tables of the kind in one report: each with each of the other report's.
  const sets = [];
  if (reportCount > 2) sets.push(byReport);
  else
    for (let i = 0; i < byReport.length; i++)
      for (let j = i + 1; j < byReport.length; j++) sets.push([byReport[i], byReport[j]]);
  const out = [];
  for (const set of sets) {
    if (new Set(set.map((p) => p.report.slug)).size !== set.length) continue;
    const keys = [...set[0].cells.keys()].filter((k) => set.every((p) => p.cells.has(k)));
    if (!keys.length) continue;
    const columns = set.map((p, i) => ({
      key: p.report.slug,
      report: p.report.slug,
      run: null,
      label: columnLabel(registry, p.report, ctx.mapping, null, p.machine),
      base: i === 0,
      no_per_core: noPerCoreText(p.facts),
    }));
    let rows = keys.map((k) => {
      const first = set[0].cells.get(k);
      return {
        entity: first.entity,
        entity_name: registry.entities[first.entity].name,
        conditions: first.conditions,
        values: set.map((p) => valueCell(ctx, p.report.slug, p.cells.get(k).row, p.facts)),
      };
    });
    // Shared conditions: a condition with one and the same value in every row.
    const names = [...new Set(rows.flatMap((r) => Object.keys(r.conditions)))].sort();
    const shared = {};
    for (const n of names) {
      const vals = new Set(rows.map((r) => (n in r.conditions ? JSON.stringify(r.conditions[n]) : '')));
      if (vals.size === 1 && rows.every((r) => n in r.conditions)) shared[n] = rows[0].conditions[n];
    }
    rows = rows.map((r) => ({
      ...r,
      conditions: Object.fromEntries(Object.entries(r.conditions).filter(([n]) => !(n in shared))),
    }));
    rows.sort((a, b) => cmpText(a.entity, b.entity) || cmpText(keyOf(a.conditions), keyOf(b.conditions)));
    fillRatios(rows, columns[0].key);
    const metric = metricOf(ctx, set);
    const entityTitle = set[0].table.columns.find((c) => c.name === ctx.entityColumn)?.title ?? ctx.entityColumn;
    const sharedText = conditionsText(shared, set[0].table.columns);
    out.push({
      id: comparisonId(ctx.kind, set.map((p) => p.report.slug)),
      title: `${metric.title} by ${entityTitle.toLowerCase()}: ${columns.map((c) => c.label).join(' vs ')}`,
      conditions_text: sharedText || 'as in each row',
      kind: ctx.kind,
      mode: 'matched',
      metric,
      entity_column: ctx.entityColumn,
      columns,
      base: columns[0].key,
      shared_conditions: shared,
      rows,
      what_differs: whatDiffers(
        registry,
        set.map((p) => p.report),
        rule.machine,
        columns,
      ),
    });
  }
  return out;
}

/**
 * The facts of one meaning (CPU, memory, operating system: FACT_MEANINGS) that every report states
 * but in differently named fields ("cpu: 2 x 48 Xeon cores" against "vcpus: 16"), so that no field
 * of the meaning is stated by all: they differ as far as the data can tell, and are named by meaning
 * with what each report states ("CPU (cpu 2 x 48 Xeon cores @ 2.20GHz vs Virtual CPUs 16)").
 */
function differentlyStated(facts) {
  const out = [];
  for (const [meaning, fields] of Object.entries(FACT_MEANINGS)) {
    const of = facts.filter((f) => fields.includes(f.field));
    if (!of.length || of.some((f) => f.stated_by_all || f.differs)) continue;
    const reports = of[0].values.length;
    const stated = (i) => of.filter((f) => f.values[i].value !== null);
    if (![...Array(reports).keys()].every((i) => stated(i).length)) continue;
    const said = [...Array(reports).keys()].map((i) =>
      stated(i)
        .map((f) => `${f.title} ${[f.values[i].value].flat().join(', ')}`)
        .join(', '),
    );
    out.push({ field: meaning, title: `${meaning} (${said.join(' vs ')})`, differs: true, by_meaning: of.map((f) => f.field) });
  }
  return out;
}

/**
 * What differs between the reports of a comparison, from the data only: date; platform ids;
 * every stated fact of the machine that ran the measured software (with seed lines); every stated
 * or declared software version (names resolved to entities, so "Java" and "Java OpenJDK" meet);
 * the method text; and, for runs, what the report says about each run (e.g. ulimit -n).
 * @param {import('../entities.mjs').Registry} registry
 * @param {object[]} reports in column order
 * @param {string} [machineName] the machine to compare (else each report's only machine)
 * @param {Column[]} [columns]
 */
export function whatDiffers(registry, reports, machineName, columns = []) {
  const machines = reports.map((r) => machineOf(r, { machine: machineName }));
  const each = (fn) => reports.map((r, i) => ({ report: r.slug, ...fn(r, i) }));
  const same = (vals) => new Set(vals.map((v) => JSON.stringify(v ?? null))).size === 1;

  const dates = each((r) => ({ value: r.date }));
  const platforms = each((r, i) => {
    const p = r.platforms.find((x) => x.machine === machines[i]);
    return { value: p ? p.id : null, name: p?.name ?? null, machine: machines[i] };
  });

  // A fact or version one report states and another does not is "unstated", not a difference;
  // several values of one field (the "other" facts) conflict only when neither set holds the other.
  const conflicts = (values) => {
    const sets = values.filter((v) => v.value !== null).map((v) => new Set([v.value].flat().map(String)));
    const within = (a, b) => [...a].every((x) => b.has(x));
    return sets.some((a) => sets.some((b) => !within(a, b) && !within(b, a)));
  };
  const factFields = [
    ...new Set(reports.flatMap((r, i) => (machines[i] ? machineFacts(r, machines[i]) : []).map((f) => f.field))),
  ].sort();
  const facts = factFields.map((field) => {
    const values = each((r, i) => {
      const fs = machines[i] ? machineFacts(r, machines[i]).filter((f) => f.field === field) : [];
      if (!fs.length) return { value: null };
      return {
        value: fs.length === 1 ? fs[0].value : fs.map((f) => f.value),
        seed: fs[0].seed,
        lines: fs.map((f) => f.line),
      };
    });
    return {
      field,
      title: factTitle(field),
      differs: conflicts(values),
      stated_by_all: values.every((v) => v.value !== null),
      values,
    };
  });

  // A version stated for a part of another entity is that entity's (httpc's "OTP 21.2" is Erlang's):
  // versions are compared by what they are the version of, whatever name states them.
  const ofWhat = (s) => (s.entity ? (registry.entities[s.entity].version_of ?? s.entity) : `name:${normaliseName(s.name)}`);
  const swKeys = new Map();
  reports.forEach((r) => {
    for (const s of softwareVersions(registry, r)) {
      const k = ofWhat(s);
      if (!swKeys.has(k)) swKeys.set(k, s.entity ? registry.entities[k].name : s.name);
    }
  });
  const software = [...swKeys.keys()].sort().map((k) => {
    const values = each((r) => {
      const all = softwareVersions(registry, r).filter((x) => ofWhat(x) === k);
      // The entity's own statement first, then one through a part of it.
      const s = all.find((x) => x.entity === k || !x.entity) ?? all[0];
      return s
        ? { value: s.version, name: s.name, seed: s.seed, line: s.line, ...(s.entity && s.entity !== k ? { via: s.name } : {}) }
        : { value: null };
    });
    const entity = k.startsWith('name:') ? null : k;
    return {
      software: swKeys.get(k),
      entity,
      differs: conflicts(values),
      stated_by_all: values.every((v) => v.value !== null),
      values,
    };
  });

  const method = each((r) => ({
    texts: (r.methodology ?? []).map((m) => ({ title: m.title, text: m.text, seed: r.seed.path, line: m.line })),
  }));
  const methodKey = (m) => m.texts.map((t) => normaliseName(t.text)).join('\n');
  const runs = columns
    .filter((c) => c.run !== null)
    .map((c) => {
      const r = reports.find((x) => x.slug === c.report);
      const run = (r?.runs ?? []).find((x) => x.id === c.run);
      const about = run
        ? Object.fromEntries(Object.entries(run).filter(([k]) => !['rows', 'id', 'title'].includes(k)))
        : {};
      return {
        column: c.key,
        report: c.report,
        run: c.run,
        title: run?.title ?? c.run,
        facts: about,
        seed: r?.seed.path,
      };
    });

  const samePlatform = same(platforms.map((p) => p.value)) && platforms[0].value !== null;
  const byMeaning = differentlyStated(facts);
  const factConflicts = [...facts.filter((f) => f.differs), ...byMeaning];
  // A fact only some reports state (one states its OS, the other not) is no difference, but the
  // reader is told of it, as of versions only some state.
  const meant = new Set(byMeaning.flatMap((f) => f.by_meaning));
  // (Free text is no fact of its own: the line the facts came from, the "Also stated" rest.)
  const oneSided = facts
    .filter((f) => !f.differs && !f.stated_by_all && !meant.has(f.field) && !['description', 'other'].includes(f.field))
    .map((f) => f.title);
  const hardwareSame = samePlatform && factConflicts.length === 0;
  const changedSoftware = software.filter((s) => s.differs);
  const versionsText = (s) =>
    `${s.software} ${s.values.map((v) => (v.value ?? '(unstated)') + (v.via ? ` (stated for ${v.via})` : '')).join(' -> ')}`;
  const unstated = software.filter((x) => !x.differs && !x.stated_by_all).map((x) => x.software);
  const runText = (r) => {
    const said = Object.entries(r.facts).filter(([k, v]) => v !== null && !k.endsWith('_line'));
    return `${r.title}${said.length ? ` (${said.map(([k, v]) => runFact(k, v)).join(', ')})` : ''}`;
  };
  const summary = [
    hardwareSame
      ? `Same machine (${platforms[0].value}), no stated fact differs`
      : `Different machines (${[...new Set(platforms.map((p) => p.value ?? 'unstated'))].join(' vs ')}; ` +
        `facts that differ: ${factConflicts.map((f) => f.title).join(', ') || 'none stated'})`,
    changedSoftware.length
      ? `software versions that differ: ${changedSoftware.map(versionsText).join('; ')}`
      : 'no stated software version differs',
    ...(oneSided.length ? [`facts stated by only some reports: ${oneSided.join(', ')}`] : []),
    ...(unstated.length ? [`versions stated by only some reports: ${unstated.join(', ')}`] : []),
    same(method.map(methodKey)) ? 'the same method text' : 'the method text differs (read both)',
    ...(runs.length ? [`runs: ${runs.map(runText).join(' / ')}`] : []),
  ].join('; ');
  const caution = !hardwareSame
    ? 'The hardware differs: a ratio mixes hardware and software changes and says nothing about either alone.'
    : changedSoftware.length
      ? 'The hardware is the same: the ratio reflects the software and setup changes listed.'
      : 'Nothing stated differs.';

  return {
    hardware_same: hardwareSame,
    software_same: changedSoftware.length === 0,
    unstated_software: unstated,
    summary: `${summary}. ${caution}`,
    dates: { same: same(dates.map((d) => d.value)), values: dates },
    platforms: { same: same(platforms.map((p) => p.value)), values: platforms },
    machine_facts: facts,
    software,
    method: { same: same(method.map(methodKey)), values: method },
    runs,
  };
}

/**
 * One tidy row per measured value of a comparison (a null value has no row), for a derived CSV:
 * comparison, entity, the conditions
 * (one column each), report, run, value, unit, base, ratio_to_base, per_core, per_ghz, the budget
 * column, seed, line. Columns are fixed per comparison; a cell that does not apply is empty.
 * @param {Comparison} c
 */
export function tidyRows(c) {
  const condNames = [
    ...new Set([
      ...Object.keys(c.shared_conditions),
      ...c.rows.flatMap((r) => Object.keys(r.conditions)),
      ...c.rows.flatMap((r) => r.values.flatMap((v) => Object.keys(v.conditions ?? {}))),
    ]),
  ].sort();
  const withNames = [...new Set(c.rows.flatMap((r) => r.values.flatMap((v) => Object.keys(v.with ?? {}))))].sort();
  const columns = [
    'comparison',
    'entity',
    'entity_name',
    ...condNames,
    'report',
    'run',
    'value',
    'unit',
    'base_report',
    'base_run',
    'ratio_to_base',
    'per_core',
    'per_ghz',
    ...withNames,
    'seed',
    'line',
  ];
  const base = c.columns.find((x) => x.base);
  const rows = [];
  for (const r of c.rows) {
    for (const v of r.values) {
      if (v.value === null) continue; // no qualifying row: the JSON keeps the reason, a CSV row needs a source
      const col = c.columns.find((x) => x.key === v.column);
      const conds = { ...c.shared_conditions, ...r.conditions, ...(v.conditions ?? {}) };
      const row = { comparison: c.id, entity: r.entity, entity_name: r.entity_name };
      for (const n of condNames) row[n] = conds[n] ?? null;
      Object.assign(row, {
        report: col.report,
        run: col.run,
        value: v.value,
        unit: c.metric.unit,
        base_report: base.report,
        base_run: base.run,
        ratio_to_base: v.ratio_to_base,
        per_core: v.per_core?.value ?? null,
        per_ghz: v.per_ghz?.value ?? null,
      });
      for (const n of withNames) row[n] = v.with?.[n] ?? null;
      row.seed = v.seed ?? null;
      row.line = v.line ?? null;
      rows.push(row);
    }
  }
  return { columns, rows };
}

/** A fact the report states about a run, for a sentence: the open-file limit as the command sets it. */
export function runFact(name, value) {
  if (name === 'ulimit_n') return `ulimit -n ${value}`;
  return `${name.replaceAll('_', ' ')} ${value}`;
}
