// The atlas as one pure function, for the CLI (build-atlas.mjs) and for the lead's pipeline:
// report documents, table CSV texts and seeds/entities.yaml in; subjects, comparisons and their
// tidy rows out. Also the deterministic writers (sorted-key JSON, CSV) the CLI uses.
//
// Exports:
//   buildAtlas({ reports, csvTexts, entitiesText, entitiesPath?, chartKinds?, errorBudgetPct? })
//     -> { entities, subjects, comparisons, tidy }
//   sortedJson(value) -> string        keys sorted at every level, two-space indent, LF, final newline
//   toCsv(columns, rows) -> string     RFC 4180 quoting, empty cell for null, LF, final newline
import { readEntities } from './entities.mjs';
import { reportTables } from './tables.mjs';
import { buildSubjects } from './subjects.mjs';
import { buildComparisons, tidyRows } from './comparisons.mjs';

/**
 * @param {object} input
 * @param {object[]} input.reports          data/reports/*.json, parsed
 * @param {Record<string, string>} input.csvTexts  CSV text by table path (report.tables[].path)
 * @param {string} input.entitiesText       seeds/entities.yaml
 * @param {string} [input.entitiesPath]     its path, for messages
 * @param {string[]} [input.chartKinds]     table kinds with a chart builder
 * @param {number} [input.errorBudgetPct]   http-client-rate error budget (default 1)
 */
export function buildAtlas({
  reports,
  csvTexts,
  entitiesText,
  entitiesPath = 'seeds/entities.yaml',
  chartKinds = [],
  errorBudgetPct,
}) {
  // # Load inputs.
  const registry = readEntities(entitiesText, entitiesPath);
  const tables = Object.fromEntries(reports.map((r) => [r.slug, reportTables(r, csvTexts)]));
  // # Process data.
  const subjects = buildSubjects({ reports, tables, registry, chartKinds, errorBudgetPct });
  const comparisons = buildComparisons({ reports, tables, registry, errorBudgetPct });
  // # Save outputs (as values: the caller writes them).
  const tidy = Object.fromEntries(comparisons.map((c) => [c.id, tidyRows(c)]));
  const entities = Object.values(registry.entities).map(({ line, ...e }) => ({ ...e, seed: entitiesPath, line }));
  return { entities, subjects, comparisons, tidy };
}

/** JSON with object keys sorted at every level (arrays keep their order), two-space indent, LF. */
export function sortedJson(value) {
  const sort = (v) => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort(v[k])]),
      );
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/** A CSV text: header then one line per row, cells quoted when they hold a comma, quote or newline. */
export function toCsv(columns, rows) {
  const cell = (v) => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
