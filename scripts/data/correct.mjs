// Process data, part one: corrections. A report's errata (<seed>.errata.yaml) are read and checked
// against the rows as published (each names a table, a seed line, a field and the value the seed
// has there), then applied, with the one function every stage uses (lib/table.mjs), to a copy of
// the tables to check that the corrected rows are one per natural key. The measured tables keep
// the rows as published; the corrections become the report's `errata` table, with their reasons.
import { InputError, quote } from '../lib/errors.mjs';
import { applyErrata } from '../lib/table.mjs';
import { readYaml } from './yaml-input.mjs';
import { withFile } from './meta.mjs';

const FIELDS = ['table', 'line', 'field', 'published', 'corrected', 'reason'];

/**
 * Read a report's errata and check that each names a row as published.
 * @returns {Array<{ table, field, published_value, corrected_value, reason, line }>}
 */
export function readErrata(input, tables) {
  if (!input.errataText) return [];
  const path = input.errataPath;
  let value;
  let lineOf;
  try {
    ({ value, lineOf } = readYaml(input.errataText));
  } catch (e) {
    throw withFile(e, path);
  }
  if (!Array.isArray(value)) throw new InputError(1, 'a list of corrections', quote(typeof value), path);
  const seen = new Map();
  return value.map((e, i) => {
    const at = (k) => lineOf([i, k]);
    for (const k of FIELDS) {
      if (e?.[k] === undefined || e[k] === null || e[k] === '') throw new InputError(lineOf([i]), `a "${k}" in each correction`, 'none', path);
    }
    const table = tables[e.table];
    if (!table) throw new InputError(at('table'), `a table of the report (${Object.keys(tables).join(', ')})`, quote(e.table), path);
    const row = table.rows.find((r) => r.line === e.line);
    if (!row) throw new InputError(at('line'), `the seed line of a row of ${e.table}`, String(e.line), path);
    if (!(e.field in row)) throw new InputError(at('field'), `a column of ${e.table}`, quote(e.field), path);
    if (String(row[e.field]) !== String(e.published)) {
      throw new InputError(at('published'), `the value the seed has at line ${e.line} (${quote(String(row[e.field]))})`, quote(String(e.published)), path);
    }
    // A cell corrected twice: the second would be checked against the first's correction.
    const key = JSON.stringify([e.table, e.line, e.field]);
    if (seen.has(key)) {
      throw new InputError(lineOf([i]), 'one correction per table, seed line and field', `a second correction of ${e.table} line ${e.line} ${e.field} (the first is at line ${seen.get(key)})`, path);
    }
    seen.set(key, lineOf([i]));
    return {
      table: e.table,
      field: e.field,
      published_value: String(e.published),
      corrected_value: String(e.corrected),
      reason: String(e.reason).trim(),
      line: e.line,
    };
  });
}

/** One row per natural key: a second row for the same key is an error at its line. */
export function checkUnique(rows, schema, file, tableId) {
  const seen = new Map();
  for (const r of rows) {
    const key = JSON.stringify(schema.naturalKey.map((k) => r[k] ?? null));
    if (seen.has(key)) {
      const desc = schema.naturalKey
        .filter((k) => r[k] !== null && r[k] !== '' && r[k] !== undefined)
        .map((k) => `${k}=${r[k]}`)
        .join(', ');
      throw new InputError(
        r.line,
        `one row per ${schema.naturalKey.join(' + ')} in ${tableId}`,
        `a second row for ${desc} (the first is line ${seen.get(key)}; if the report mislabels a row, add an erratum)`,
        file,
      );
    }
    seen.set(key, r.line);
  }
}

/**
 * Check the report's measured tables as corrected: the errata applied to a copy of each table, then
 * one row per natural key. Returns the errata as rows of the `errata` table (with the seed path).
 */
export function correct(input, tables) {
  const errata = readErrata(input, tables);
  const rows = errata.map((e) => ({ ...e, seed: input.seedPath }));
  // Without errata the tables as published are the tables as corrected: no copy of every row.
  if (!rows.length) {
    for (const [id, t] of Object.entries(tables)) checkUnique(t.rows, t.schema, input.seedPath, id);
    return rows;
  }
  const copies = Object.fromEntries(
    Object.entries(tables).map(([id, t]) => [
      id,
      { rows: t.rows.map((r) => ({ ...r })), fields: Object.fromEntries(t.schema.fields.map((f) => [f.name, f])) },
    ]),
  );
  applyErrata(copies, rows, input.errataPath);
  for (const [id, t] of Object.entries(tables)) checkUnique(copies[id].rows, t.schema, input.seedPath, id);
  return rows;
}
