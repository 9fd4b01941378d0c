// CSV in and out with a real CSV library, in one fixed dialect: comma, LF, a header row,
// quotes only where needed, a trailing newline. Values: numbers as JavaScript prints them,
// booleans as true/false, null (not measured / not applicable) as an empty cell. Text a
// spreadsheet would run as a formula (OWASP's CSV injection rule: a cell that starts with =, +, -,
// @, a tab or a carriage return, or their full-width forms, and is not a number) is written with a
// leading ' (`-O0` -> `'-O0`), which spreadsheets show as text; fromCsv takes it off again, so the
// project's own readers see the text as written. The rule is csv-cell.mjs, which the compare
// view's CSV download uses too.
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { InputError, quote } from './errors.mjs';
import { escapeFormula, unescapeFormula } from './csv-cell.mjs';

// One rule for the data stage's CSVs and the compare view's download (csv-cell.mjs).
export { escapeFormula, unescapeFormula };

/**
 * @param {Array<Record<string, unknown>>} rows
 * @param {string[]} columns
 */
export function toCsv(rows, columns) {
  const cell = (v) =>
    v === null || v === undefined
      ? ''
      : typeof v === 'boolean'
        ? String(v)
        : typeof v === 'string'
          ? escapeFormula(v)
          : v;
  return stringify(
    rows.map((r) => columns.map((c) => cell(r[c]))),
    { header: true, columns, record_delimiter: '\n', eof: true, cast: { number: (n) => String(n) } },
  );
}

/**
 * Read CSV text into records, each with the 1-based line it starts on.
 * @returns {{ header: string[], records: Array<{ line: number, cells: string[] }> }}
 */
export function fromCsv(text) {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  let out;
  try {
    out = parse(body, { relax_column_count: true, info: true, skip_empty_lines: true });
  } catch (e) {
    // A stray or unclosed quote: csv-parse's error, as one at the line it names.
    if (!e?.code || typeof e.lines !== 'number') throw e;
    const line = e.lines;
    throw new InputError(
      line,
      'CSV cells with quotes only around a whole cell, each closed',
      `${quote(body.split(/\r\n|\r|\n/)[line - 1])} (${e.message.replace(/ at line \d+.*$/, '').toLowerCase()})`,
    );
  }
  if (!out.length) return { header: [], records: [] };
  return {
    header: out[0].record.map((h) => h.trim()),
    records: out.slice(1).map((r) => ({ line: r.info.lines, cells: r.record.map(unescapeFormula) })),
  };
}
