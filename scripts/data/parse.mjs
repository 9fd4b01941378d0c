// Load inputs, part two: the seed through its format's parser, and the datasets beside it
// (digitized values read off a chart), into tables whose every row carries its file and line and
// fits its schema.
import { InputError, quote } from '../lib/errors.mjs';
import { problemOf, readTable } from '../lib/table.mjs';
import { InexactNumberError, splitLines } from '../lib/text.mjs';
import { besideSeed, withFile } from './meta.mjs';

/**
 * Text a spreadsheet would run as a formula when it opens the CSV download (OWASP's "CSV
 * injection"): a cell that starts with =, +, @, a tab or a carriage return, or with - followed by
 * anything but a letter or a digit. "-5" and a compiler flag such as "-O0" stay as written.
 */
export const FORMULA = /^([=+@\t\r]|-(?![\p{L}\p{N}]|$))/u;

/**
 * Check one typed row against its table schema: types, required cells, enums, patterns, ranges,
 * and no text cell a spreadsheet would run (FORMULA).
 */
export function checkRow(row, schema, file) {
  for (const f of schema.fields) {
    const v = row[f.name];
    if (typeof v === 'string' && FORMULA.test(v)) {
      throw new InputError(row.line, `text for "${f.title}" that does not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula)`, quote(v), file);
    }
    const problem = problemOf(v, f);
    if (problem) throw new InputError(row.line, `${problem} for "${f.title}"`, quote(v === null || v === undefined ? '' : String(v)), file);
  }
}

/**
 * Parse the seed with the parser the metadata names.
 * @returns {{ parsed: object, tables: Record<string, object> }} tables by id: { id, kind, title, notes, rows, schema, source }
 */
export function parseSeed(input, meta, ctx) {
  const parser = ctx.parsers[meta.format];
  // An empty seed gets the parser's own message; any other text must look like its format.
  if (input.seedText.trim() && !parser.detect(input.seedText)) {
    const others = Object.entries(ctx.parsers)
      .filter(([, p]) => p.detect(input.seedText))
      .map(([name]) => name);
    throw new InputError(
      0,
      `a report in the ${meta.format} format, as ${input.metaPath} says`,
      others.length ? `a file that looks like ${others.join(' or ')}: fix "format" in the metadata` : 'a file in no known format',
      input.seedPath,
    );
  }
  let parsed;
  try {
    parsed = parser.parse(input.seedText);
  } catch (e) {
    // An inexact number (lib/text.mjs) knows its token, not its line: the first seed line that holds it.
    if (e instanceof InexactNumberError && !e.line) e.line = splitLines(input.seedText).findIndex((l) => l.includes(e.token)) + 1;
    throw withFile(e, input.seedPath);
  }
  meta.platforms.forEach((p, i) => {
    if (!parsed.machines[p.machine]) {
      throw new InputError(meta.lineOf(['platforms', i, 'machine']), `a machine the report describes (${Object.keys(parsed.machines).join(', ') || 'none'})`, quote(p.machine), input.metaPath);
    }
  });
  const tables = {};
  for (const [id, t] of Object.entries(parsed.tables)) {
    const schema = ctx.schemas[t.kind];
    if (!schema) throw new Error(`parser ${meta.format} returned table kind ${t.kind} with no schema in scripts/data/schemas/tables/`);
    const rows = t.rows.map((r) => ({ ...r, seed: input.seedPath }));
    rows.forEach((r) => checkRow(r, schema, input.seedPath));
    tables[id] = { id, kind: t.kind, title: t.title, notes: t.notes ?? [], rows, schema, source: input.seedPath };
  }
  return { parsed, tables };
}

/**
 * The datasets the metadata declares (a CSV beside the seed whose header is its schema's fields),
 * as tables whose rows carry the CSV's path and line.
 */
export function readDatasets(input, meta, ctx) {
  const tables = {};
  for (const d of meta.datasets ?? []) {
    const schema = ctx.schemas[d.kind];
    const path = besideSeed(input.seedPath, d.file);
    const { rows, lines, problems } = readTable(input.files[path], schema.fields, { file: path });
    if (problems.length) throw problems[0];
    const withLines = rows.map((r, i) => ({ ...r, line: lines[i], seed: path }));
    withLines.forEach((r) => checkRow(r, schema, path));
    tables[d.id] = {
      id: d.id,
      kind: d.kind,
      title: d.title,
      notes: [],
      rows: withLines,
      schema,
      method: d.method,
      source: path,
      image: d.image ? besideSeed(input.seedPath, d.image) : undefined,
      image_source: d.image_source,
    };
  }
  return tables;
}
