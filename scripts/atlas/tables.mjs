// Typed table rows for the atlas: a table's CSV text (data/tables/<report>/<table>.csv) typed by
// the column types its report document declares, with the report's errata applied, so that the
// atlas reads the same values the charts plot. Pure: texts in, rows out.
//
// Exports:
//   typeRows(text, columns, path?) -> Row[]
//   reportTables(report, csvTexts) -> Record<tableId, { table, rows }>
//   CONDITION_EXCLUDED: Set of columns that are never conditions (provenance, free text)
import { parse } from 'csv-parse/sync';

/** Columns that are provenance or free text, never a condition of a measurement. */
export const CONDITION_EXCLUDED = new Set(['seed', 'line', 'line_end', 'note']);

/**
 * Parse a table's CSV text and type each cell by its column's type (empty cell -> null).
 * @param {string} text CSV with a header row
 * @param {{ name: string, type: string }[]} columns the table's columns (report.tables[].columns)
 * @param {string} [path] for messages
 * @returns {Record<string, string|number|boolean|null>[]}
 */
export function typeRows(text, columns, path = 'table') {
  const records = parse(text, { columns: true, skip_empty_lines: true });
  const types = Object.fromEntries(columns.map((c) => [c.name, c.type]));
  return records.map((rec, i) => {
    const row = {};
    for (const [k, v] of Object.entries(rec)) {
      const type = types[k];
      if (v === '') row[k] = null;
      else if (type === 'integer' || type === 'number') {
        const n = Number(v);
        if (!Number.isFinite(n))
          throw new Error(`${path}:${i + 2}: expected a number in column ${k}, found ${JSON.stringify(v)}`);
        row[k] = n;
      } else if (type === 'boolean') {
        if (v !== 'true' && v !== 'false')
          throw new Error(`${path}:${i + 2}: expected true or false in column ${k}, found ${JSON.stringify(v)}`);
        row[k] = v === 'true';
      } else row[k] = v;
    }
    return row;
  });
}

/**
 * Every table of a report, typed, with the report's errata applied: a corrected row carries
 * `erratum: { field, published, corrected, seed, line }` (e.g. Darner's resident-memory line 41).
 * @param {object} report a report document (data/reports/<slug>.json)
 * @param {Record<string, string>} csvTexts CSV text by table path as in report.tables[].path
 * @returns {Record<string, { table: object, rows: object[] }>}
 */
export function reportTables(report, csvTexts) {
  const out = {};
  for (const table of report.tables) {
    const text = csvTexts[table.path];
    if (text === undefined) throw new Error(`${report.slug}: no CSV text for ${table.path}`);
    out[table.id] = { table, rows: typeRows(text, table.columns, `data/${table.path}`) };
  }
  for (const e of report.errata ?? []) {
    const target = out[e.table];
    if (!target) throw new Error(`${report.slug}: erratum for unknown table ${JSON.stringify(e.table)}`);
    const row = target.rows.find((r) => r.seed === report.seed.path && r.line === e.line);
    if (!row) throw new Error(`${report.slug}: erratum for no row of ${e.table} at ${report.seed.path}:${e.line}`);
    if (String(row[e.field]) !== String(e.published_value)) {
      throw new Error(
        `${report.seed.path}:${e.line}: expected ${e.field} ${JSON.stringify(e.published_value)} as published, ` +
          `found ${JSON.stringify(row[e.field])}`,
      );
    }
    const type = target.table.columns.find((c) => c.name === e.field)?.type;
    row[e.field] = type === 'integer' || type === 'number' ? Number(e.corrected_value) : e.corrected_value;
    row.erratum = {
      field: e.field,
      published: e.published_value,
      corrected: e.corrected_value,
      seed: report.seed.path,
      line: e.line,
    };
  }
  return out;
}
