// Load inputs, part two: the seed through its format's parser, and the datasets beside it
// (digitized values read off a chart), into tables whose every row carries its file and line and
// fits its schema.
import { InputError, quote } from '../lib/errors.mjs';
import { problemOf, readTable } from '../lib/table.mjs';
import { InexactNumberError, MAX_NAME_LENGTH, splitLines } from '../lib/text.mjs';
import { besideSeed, withFile } from './meta.mjs';
import { flattenMeasurements, measurementSchema, textConditions } from './measure/project.mjs';
import { readerNotes } from './parsers/document/parse.mjs';
import { statedMachines } from './parsers/shared/machine-lines.mjs';

/**
 * Check one typed row against its table schema: types, required cells, enums, patterns, ranges,
 * lengths (MAX_NAME_LENGTH unless the field's constraints say maxLength).
 * Text a spreadsheet would run as a formula is kept, and written to the CSVs with a leading '
 * (lib/csv.mjs escapeFormula).
 */
export function checkRow(row, schema, file) {
  for (const f of schema.fields) {
    const v = row[f.name];
    const most = f.constraints?.maxLength ?? MAX_NAME_LENGTH;
    if (typeof v === 'string' && v.length > most) throw new InputError(row.line, `text of at most ${most} characters for "${f.title}"`, `${quote(v)} (${v.length} characters)`, file);
    const problem = problemOf(v, f);
    if (problem) throw new InputError(row.line, `${problem} for "${f.title}"`, quote(v === null || v === undefined ? '' : String(v)), file);
  }
}

/**
 * Parse the seed with the parser of each format the metadata names (a report may paste the output
 * of several tools: each parser reads only its own blocks). Where two parsers return the same table
 * id, both tables are named with their format in front (`ab-text-summary`, `wrk-text-summary`).
 * Columns a parser kept as published (`unknownColumns`) stay in their table as `kept`.
 * @returns {{ parsed: object, tables: Record<string, object> }} tables by id: { id, kind, title, notes, rows, schema, source, kept }
 */
export function parseSeed(input, meta, ctx) {
  const formats = meta.formats ?? [meta.format];
  const results = formats.map((format) => {
    const parser = ctx.parsers[format];
    // An empty seed gets the parser's own message; any other text must look like its format.
    if (input.seedText.trim() && !parser.detect(input.seedText)) {
      const others = Object.entries(ctx.parsers)
        .filter(([, p]) => !p.declared && p.detect(input.seedText)) // a recipe reads any text the metadata says it does
        .map(([name]) => name);
      throw new InputError(
        0,
        `a report in the ${format} format, as ${input.metaPath} says`,
        others.length ? `a file that looks like ${others.join(' or ')}: fix "format" in the metadata` : 'a file in no known format',
        input.seedPath,
      );
    }
    try {
      const parsed = parser.parse(input.seedText, meta);
      // A generic reader's or a recipe's notes are its diagnostics, not the report's words (document reader: readerNotes).
      return { format, parsed: parser.fallback && !parser.mixed ? { ...parsed, notes: readerNotes(parsed.notes ?? []) } : parsed };
    } catch (e) {
      // An inexact number (lib/text.mjs) knows its token, not its line: the first seed line that holds it.
      if (e instanceof InexactNumberError && !e.line) e.line = splitLines(input.seedText).findIndex((l) => l.includes(e.token)) + 1;
      throw withFile(e, input.seedPath);
    }
  });
  // The machines the parsers describe, else the one the report's own lines state (a generic reader's or
  // a recipe's file), unless the metadata says `platforms: []`: a line read as a machine that is not the
  // report's is corrected there (add-report prints the line it took).
  const merged = mergeParsed(results);
  const parsed = meta.platforms.length ? { ...merged, machines: statedMachines(merged.machines, input.seedText) } : merged;
  meta.platforms.forEach((p, i) => {
    if (!Object.hasOwn(parsed.machines, p.machine)) {
      throw new InputError(meta.lineOf(['platforms', i, 'machine']), `a machine the report describes (${Object.keys(parsed.machines).join(', ') || 'none'})`, quote(p.machine), input.metaPath);
    }
  });
  // Every machine the report describes is a platform of the site; `platforms: []` only when it describes none.
  const missing = Object.keys(parsed.machines).filter((k) => !meta.platforms.some((p) => p.machine === k));
  if (missing.length) {
    throw new InputError(
      meta.lineOf(['platforms']),
      `a platform for each machine the report describes (${missing.map((k) => `machine: ${k}`).join(', ')}), or \`platforms: []\` only for a report that describes none`,
      meta.platforms.length ? `none for ${missing.join(', ')}` : 'platforms: []',
      input.metaPath,
    );
  }
  const count = new Map();
  for (const { parsed: r } of results) for (const id of Object.keys(r.tables)) count.set(id, (count.get(id) ?? 0) + 1);
  const tables = {};
  for (const { format, parsed: r } of results) {
    for (const [own, t] of Object.entries(r.tables)) {
      const id = count.get(own) > 1 ? `${format}-${own}` : own;
      if (Object.hasOwn(tables, id)) throw new Error(`parsers ${formats.join(', ')} return two tables named ${id}`);
      if (!Object.hasOwn(ctx.schemas, t.kind)) throw new Error(`parser ${format} returned table kind ${t.kind} with no schema in scripts/data/schemas/tables/`);
      // Adapters' rows (kind "measurement") carry their conditions nested: flat, as data/ holds them,
      // with a schema of their own conditions.
      const seeded = t.rows.map((row) => ({ ...row, seed: input.seedPath }));
      const rows = t.kind === 'measurement' ? flattenMeasurements(seeded, format) : seeded;
      const schema = t.kind === 'measurement' ? textConditions(measurementSchema(ctx.schemas[t.kind], rows), rows) : ctx.schemas[t.kind];
      rows.forEach((row) => checkRow(row, schema, input.seedPath));
      const kept = (r.unknownColumns ?? []).filter((c) => c.table === own).map(({ column, header, line }) => ({ column, header, line }));
      tables[id] = { id, kind: t.kind, title: t.title, notes: t.notes ?? [], rows, schema, source: input.seedPath, kept };
    }
  }
  return { parsed, tables };
}

/** One parse result from several: the first title, machines, software, text and runs of each in turn. */
function mergeParsed(results) {
  if (results.length === 1) return results[0].parsed;
  const all = (k) => results.flatMap((r) => r.parsed[k] ?? []);
  const machines = {};
  for (const { parsed } of results) for (const [k, m] of Object.entries(parsed.machines)) if (!Object.hasOwn(machines, k)) machines[k] = m;
  return {
    title: results.map((r) => r.parsed.title).find(Boolean) ?? '',
    tables: {},
    machines,
    software: all('software'),
    methodology: all('methodology'),
    notes: all('notes'),
    sections: all('sections'),
    runs: results.flatMap(({ format, parsed }) => (parsed.runs ?? []).map((run) => ({ ...run, id: `${format}-${run.id}` }))),
    unknownColumns: all('unknownColumns'),
    not_read: all('not_read'),
  };
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
    if (!rows.length) throw new InputError(1, 'rows of values under the header (a dataset of no rows publishes an empty table)', 'none', path);
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
