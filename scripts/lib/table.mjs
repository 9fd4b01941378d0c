// A table with its schema, read the one way every stage reads it: the data stage (digitized
// datasets beside a seed, and the rows parsers return), check (every CSV of data/ as a reader gets
// it), the charts and the views (typed rows of data/). It types cells by the field types, checks
// every constraint (required, enum, pattern, minimum, maximum) and applies a report's errata.
//
// A field is a Table Schema field: { name, type: string|integer|number|boolean, title?, constraints? }.
import { fromCsv } from './csv.mjs';
import { InputError } from './errors.mjs';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

/**
 * A CSV cell typed by a field type: null for an empty cell, undefined when the text is not of the type.
 * @param {string} text
 * @param {string} type
 */
export function typeCell(text, type) {
  if (text === '') return null;
  if (type === 'integer') return INTEGER.test(text) ? Number(text) : undefined;
  if (type === 'number') return NUMBER.test(text) ? Number(text) : undefined;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

const TYPE_WORDS = { integer: 'a whole number', number: 'a number', boolean: 'true or false', string: 'text' };

/**
 * What a typed value should have been under its field, or null when it is fine: its type, and every
 * constraint of the field (required, enum, pattern, minimum, maximum).
 * @returns {string | null} e.g. "a whole number", "at least 0", "text matching ^[a-z]+$"
 */
export function problemOf(value, field) {
  const c = field.constraints ?? {};
  if (value === null || value === undefined || value === '') return c.required ? 'a value' : null;
  const t = field.type;
  if (t === 'integer' && !Number.isInteger(value)) return TYPE_WORDS.integer;
  if (t === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return TYPE_WORDS.number;
  if (t === 'boolean' && typeof value !== 'boolean') return TYPE_WORDS.boolean;
  if (t === 'string' && typeof value !== 'string') return TYPE_WORDS.string;
  if (c.enum && !c.enum.includes(value)) return `one of ${c.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  if (c.pattern && !new RegExp(c.pattern).test(String(value))) return `text matching ${c.pattern}`;
  if (c.minimum !== undefined && value < c.minimum) return `at least ${c.minimum}`;
  if (c.maximum !== undefined && value > c.maximum) return `at most ${c.maximum}`;
  return null;
}

/**
 * Read CSV text whose header must be exactly the names of `fields`, in order. Every problem is
 * collected as an InputError at its CSV line (the header is line 1), so a caller can print all of
 * them (check) or stop at the first (the data stage).
 * @param {string} text
 * @param {Array<{ name: string, type: string, constraints?: object }>} fields
 * @param {{ file?: string, primaryKey?: string[] }} [options] primaryKey: refuse a repeated key
 * @returns {{ rows: Array<Record<string, any>>, lines: number[], problems: InputError[] }}
 */
export function readTable(text, fields, { file, primaryKey } = {}) {
  const problems = [];
  const fail = (line, expected, found) => problems.push(new InputError(line, expected, found, file));
  let parsed;
  try {
    parsed = fromCsv(text);
  } catch (e) {
    if (e instanceof InputError) {
      e.file ??= file;
      return { rows: [], lines: [], problems: [e] };
    }
    throw e;
  }
  const { header, records } = parsed;
  const names = fields.map((f) => f.name);
  if (header.join(',') !== names.join(',')) {
    fail(1, `the header ${names.join(',')}`, header.join(','));
    return { rows: [], lines: [], problems };
  }
  const rows = [];
  const lines = [];
  const keys = new Map();
  for (const { line, cells } of records) {
    if (cells.length !== names.length) {
      fail(line, `${names.length} cells`, String(cells.length));
      continue;
    }
    const row = {};
    let ok = true;
    fields.forEach((f, i) => {
      const v = typeCell(cells[i], f.type);
      const problem = v === undefined ? (TYPE_WORDS[f.type] ?? 'a value') : problemOf(v, f);
      if (problem) {
        fail(line, `${problem} in column ${f.name}`, JSON.stringify(cells[i]));
        ok = false;
      }
      row[f.name] = v ?? null;
    });
    if (primaryKey) {
      const key = JSON.stringify(primaryKey.map((k) => row[k]));
      if (keys.has(key)) fail(line, `a unique ${primaryKey.join(' + ')}`, `a repeat of line ${keys.get(key)}`);
      else keys.set(key, line);
    }
    if (ok) {
      rows.push(row);
      lines.push(line);
    }
  }
  return { rows, lines, problems };
}

/** readTable, stopping at the first problem. */
export function readTableOrThrow(text, fields, options) {
  const { rows, problems } = readTable(text, fields, options);
  if (problems.length) throw problems[0];
  return rows;
}

/**
 * Apply errata rows ({ table, field, published_value, corrected_value, seed, line }) to the tables
 * they name ({ rows, fields } with fields by name). A corrected table gains `corrected` (boolean) and
 * `published_<field>` on every row. Each erratum must name a row as published: the data stage has
 * checked this against the seed, so here a mismatch means data/ is not what the scripts produce.
 * @param {Record<string, { rows: object[], fields: Record<string, object> }>} tables
 * @param {object[]} errata
 */
export function applyErrata(tables, errata, where = 'errata') {
  for (const e of errata) {
    const target = tables[e.table];
    if (!target) throw new Error(`${where}: erratum for unknown table ${JSON.stringify(e.table)}`);
    const field = target.fields[e.field];
    if (!field) throw new Error(`${where}: erratum for unknown field ${e.table}.${e.field}`);
    const row = target.rows.find((r) => r.seed === e.seed && r.line === e.line);
    if (!row) throw new Error(`${where}: no row of ${e.table} at ${e.seed}:${e.line}`);
    const published = `published_${e.field}`;
    if (!target.fields.corrected) {
      target.fields.corrected = { name: 'corrected', title: 'Corrected (errata)', unit: '', type: 'boolean' };
      for (const r of target.rows) r.corrected = false;
    }
    if (!target.fields[published]) {
      target.fields[published] = {
        name: published,
        title: `${field.title} as published`,
        unit: field.unit,
        type: field.type,
      };
      for (const r of target.rows) r[published] = r[e.field];
    }
    if (String(row[e.field]) !== String(e.published_value)) {
      throw new Error(
        `${where}: ${e.seed}:${e.line}: expected ${e.field} ${JSON.stringify(e.published_value)} as published, found ${JSON.stringify(row[e.field])}`,
      );
    }
    row[e.field] = field.type === 'integer' || field.type === 'number' ? Number(e.corrected_value) : e.corrected_value;
    row.corrected = true;
  }
}
