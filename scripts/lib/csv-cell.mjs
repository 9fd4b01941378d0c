// One rule for a CSV cell, shared by the data stage's CSVs (scripts/lib/csv.mjs) and the CSV the
// compare view writes in the browser (assets/js/compare.js): text a spreadsheet would run as a
// formula (OWASP's CSV injection rule: a cell that starts with =, +, -, @, a tab or a carriage
// return, or their full-width forms, and is not a number) is written with a leading ' (`-O0` ->
// `'-O0`), which spreadsheets show as text; unescapeFormula takes it off again. Plain JavaScript
// with no imports: config.toml mounts this file as assets/js/csv-cell.js, which Hugo's js.Build
// bundles into the compare view, and the scripts import it from here.

/** The first character of a cell a spreadsheet would run, after any ' already in front of it. */
const FORMULA_START = /^'*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;
/** A number a spreadsheet reads as a number ("-5", "+0.24", "-1,234.5", "1e-3"), and a lone sign. */
const NUMBER = /^[-+]?(\d[\d,]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?$|^[-+]$/;

/** A text cell as the CSV holds it: a leading ' where a spreadsheet would run it (see above). */
export const escapeFormula = (text) => (FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text);

/** A CSV cell back to its text: the ' escapeFormula added is taken off. */
export const unescapeFormula = (cell) =>
  cell.startsWith("'") && FORMULA_START.test(cell) && !NUMBER.test(cell.slice(1)) ? cell.slice(1) : cell;

/**
 * One field of a CSV line as the browser writes it: empty for null, text escaped as above, then
 * quoted when it holds a comma, a quote or a line break.
 * @param {unknown} x
 */
export const csvField = (x) => {
  const t = x === null || x === undefined ? '' : typeof x === 'string' ? escapeFormula(x) : String(x);
  return /[",\n\r]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
};
