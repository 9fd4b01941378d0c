// Typed table rows for the atlas: every table of a report, read with lib/table.mjs (the way every
// stage reads a table) and with the report's errata applied by the same function the charts use,
// so the atlas compares the values the charts plot. A corrected row also carries `erratum`
// ({ field, published, corrected, seed, line }) for the pages that cite it. Pure: texts in, rows out.
//
// Exports:
//   reportTables(report, csvTexts, { measurements? }) -> Record<tableId, { table, rows }>
//   readByAdapter(report) -> whether some of its measurements were read by an adapter
//   CONDITION_EXCLUDED: Set of columns that are never conditions (provenance, free text, corrections)
import { applyErrata, readTableOrThrow } from '../../lib/table.mjs';

/** Columns that are provenance, free text or corrections, never a condition of a measurement. */
export const CONDITION_EXCLUDED = new Set(['seed', 'line', 'line_end', 'note', 'corrected', 'erratum']);

/**
 * Every table of a report, typed, with the report's errata applied (e.g. Darner's resident-memory line 41).
 * @param {object} report a report document (data/reports/<slug>.json)
 * @param {Record<string, string>} csvTexts CSV text by table path as in report.tables[].path
 * @returns {Record<string, { table: object, rows: object[] }>}
 */
export function reportTables(report, csvTexts, { measurements = true } = {}) {
  const tables = {};
  for (const table of report.tables) {
    // The measurement model restates the other tables; read only when an adapter's report needs it.
    if (table.kind === 'measurement' && !measurements) continue;
    const text = csvTexts[table.path];
    if (text === undefined) throw new Error(`${report.slug}: no CSV text for ${table.path}`);
    const rows = readTableOrThrow(text, table.columns, { file: `data/${table.path}` });
    tables[table.id] = { table, rows, fields: Object.fromEntries(table.columns.map((c) => [c.name, c])) };
  }
  const errata = (report.errata ?? []).map((e) => ({ ...e, seed: report.seed.path }));
  applyErrata(tables, errata, `data/reports/${report.slug}.json`);
  for (const e of errata) {
    const row = tables[e.table].rows.find((r) => r.seed === e.seed && r.line === e.line);
    row.erratum = { field: e.field, published: e.published_value, corrected: e.corrected_value, seed: e.seed, line: e.line };
  }
  return Object.fromEntries(Object.entries(tables).map(([id, t]) => [id, { table: t.table, rows: t.rows }]));
}

/** Whether some of a report's measurements were read by an adapter or the table fallback (not projected from its own tables). */
export const readByAdapter = (report) =>
  report.tables.some((t) => t.kind === 'measurement' && (t.from ?? []).some((f) => !report.tables.some((x) => x.id === f)));
