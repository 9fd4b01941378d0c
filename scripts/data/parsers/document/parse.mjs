// The document reader: one report file that holds sections of several kinds (prose, a hardware
// list, wrk output, go test -bench output, a person's summary table) is read by what knows each
// part, and the report keeps them all. Every format of the registry that recognises the text reads
// it whole (each reads only its own blocks, and says which lines it read: `spans`); the table
// fallback then reads the tables no format claimed. Rows take their section from the nearest heading
// of any markup above them (outline.mjs: ATX, setext, reStructuredText, <summary>, a bold line),
// never from a line inside a block a format read (a tool's own "-----" underline is no heading);
// a section that names a setting ("### 500 connections", a version, a date) is also that condition.
// What it understood, per reader, is returned as `understood` for add-report to print.
// Pure: text in, a parse result out.
import { InputError } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { outline, headingAbove } from '../../read/outline.mjs';
import { mergeSpans } from '../../read/keep.mjs';
import { statedMachines } from '../shared/machine-lines.mjs';
import { headingConditions, withHeadingConditions } from '../shared/structure.mjs';

export const format = 'document';
/**
 * A generic reader's notes are its diagnostics (a column with no unit, a value left out), never the
 * report's own words: marked, for add-report to print and the report page to leave out (data/document.mjs).
 */
export const readerNotes = (notes) => notes.map((n) => ({ ...n, reader: true }));
export const description = 'A report of mixed sections: every part read by the format that knows it, the remaining tables by the table fallback.';
/** Tried when no single format reads the whole file (add-report), never claimed as a tool's output. */
export const fallback = true;
/** Its fixtures hold other formats' outputs (the golden tests do not ask that only it detects them). */
export const mixed = true;

/**
 * The registry the reader dispatches to, given by the registry itself (index.mjs), which imports
 * this module: an import of the registry from here would be a cycle.
 * @type {Record<string, any>}
 */
let parsers = {};
/** @param {Record<string, any>} registry */
export function readWith(registry) {
  parsers = registry;
}

/** The formats that are tools' outputs (not fallbacks), in registry order. */
const toolFormats = () => Object.entries(parsers).filter(([, p]) => !p.fallback);

/** The generic readers (key-value summaries, ...), run after the table fallback on what is left. */
const genericFormats = () => Object.entries(parsers).filter(([, p]) => p.generic);

/** Whether the text holds anything a format, the table fallback or a generic reader can read. */
export function detect(text) {
  return toolFormats().some(([, p]) => safe(() => p.detect(text))) || safe(() => parsers.table.detect(text)) || genericFormats().some(([, p]) => safe(() => p.detect(text)));
}
const safe = (fn) => {
  try {
    return fn();
  } catch {
    return false;
  }
};

/** Line ranges of a reader's result: its spans, else the first to last line of each table's rows. */
function spansOf(result) {
  if (result.spans?.length) return mergeSpans(result.spans);
  return mergeSpans(
    Object.values(result.tables).flatMap((t) => {
      const lines = t.rows.map((r) => r.line).filter((n) => Number.isInteger(n));
      return lines.length ? [[Math.min(...lines), Math.max(...lines)]] : [];
    }),
  );
}
const inSpans = (spans, line) => spans.some(([a, b]) => line >= a && line <= b);

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult & { understood: object[] }}
 */
export function parse(text) {
  if (!text.trim()) throw new InputError(0, 'a report with numbers a format or a table holds', 'an empty file');
  const doc = outline(text);
  const claimed = [];
  const understood = [];
  const tables = {};
  const measurements = [];
  const merged = { title: '', machines: {}, software: [], methodology: [], notes: [], sections: [], runs: [], not_read: [] };
  const take = (name, result) => {
    merged.title ||= result.title ?? '';
    for (const [k, m] of Object.entries(result.machines ?? {})) merged.machines[k] ??= m;
    for (const key of ['software', 'methodology', 'notes', 'sections']) merged[key].push(...(result[key] ?? []));
    merged.runs.push(...(result.runs ?? []).map((r) => ({ ...r, id: `${name}-${r.id}` })));
  };

  for (const [name, p] of toolFormats()) {
    if (!p.detect(text)) continue;
    const result = p.parse(text);
    const spans = spansOf(result).filter(([a, b]) => !claimed.some(([x, y]) => a <= y && b >= x));
    if (!spans.length) continue; // every block it found another format read first
    claimed.push(...spans);
    take(name, result);
    let rows = 0;
    for (const [id, t] of Object.entries(result.tables)) {
      const own = t.rows.filter((r) => inSpans(spans, r.line));
      rows += own.length;
      // One push a row: push(...rows) of a 100,000-row CSV overflowed the stack (RangeError in add-report).
      if (t.kind === 'measurement') for (const r of own) measurements.push({ ...r, source_table: name });
      else tables[Object.hasOwn(tables, id) ? `${name}-${id}` : id] = { ...t, rows: own };
    }
    understood.push({ format: name, spans, rows, metrics: metricsOf(result) });
  }

  // The tables no format read, by the table fallback (also when none reads: it says which it left out as no results).
  const fallback = parsers.table;
  const result = safe(() => fallback.parse(text));
  if (result) {
    const spans = (result.spans ?? []).filter(([a, b]) => !claimed.some(([x, y]) => a <= y && b >= x));
    const own = (result.tables.measurements?.rows ?? []).filter((r) => inSpans(spans, r.line));
    if (own.length) {
      claimed.push(...spans);
      for (const r of own) measurements.push({ ...r, source_table: 'table' });
      understood.push({ format: 'table', spans, rows: own.length, metrics: metricsOf({ tables: { m: { kind: 'measurement', rows: own } } }) });
    }
    const others = claimed.filter((s) => !spans.includes(s));
    if (result.spans?.length) merged.notes.push(...readerNotes((result.notes ?? []).filter((n) => !inSpans(others, n.line))));
    // The tables it left out as no results (df -h, a histogram): not read, and not "left out" twice below.
    merged.not_read.push(...(result.not_read ?? []).filter((n) => !inSpans(others, n.line)));
  }

  // What the generic readers read of the lines no reader above took.
  // A code block another reader read part of is that reader's output: no generic reader reads in it.
  const overlaps = ([a, b], spans) => spans.some(([x, y]) => a <= y && b >= x);
  const readBlocks = doc.blocks.filter((b) => b.type === 'code' && overlaps([b.from, b.to], claimed)).map((b) => [b.from, b.to]);
  for (const [name, p] of genericFormats()) {
    // A generic reader that finds nothing it can read leaves the file to the others.
    const result = safe(() => p.detect(text) && p.parse(text));
    if (!result) continue;
    const spans = (result.spans ?? []).filter((s) => !overlaps(s, claimed) && !overlaps(s, readBlocks));
    const own = (result.tables.measurements?.rows ?? []).filter((r) => inSpans(spans, r.line));
    if (!own.length) continue;
    claimed.push(...spans);
    for (const r of own) measurements.push({ ...r, source_table: name });
    merged.notes.push(...readerNotes(result.notes ?? []));
    understood.push({ format: name, spans, rows: own.length, metrics: metricsOf({ tables: { m: { kind: 'measurement', rows: own } } }) });
  }

  // Sections: the nearest heading above each row that no reader's block holds.
  const headings = doc.headings.filter((h) => !inSpans(claimed, h.line));
  const sectionOf = (line) => headingAbove({ headings }, line);
  for (const r of measurements) {
    r.section ||= sectionOf(r.line);
    // A section that names a setting ("### 500 connections", "2.0.0") is also that condition.
    const named = headingConditions(r.section).conditions;
    if (Object.keys(named).length) r.conditions = withHeadingConditions(r.conditions ?? {}, named);
  }
  // Per reader, the sections it read (add-report names them).
  for (const u of understood) u.sections = [...new Set(u.spans.map(([a]) => sectionOf(a)).filter(Boolean))];

  if (!measurements.length && !Object.keys(tables).length) {
    throw new InputError(0, `numbers one of the formats (${toolFormats().map(([n]) => n).join(', ')}) or a table with units holds`, 'none of them in this file');
  }
  // A machine no reader described, from the report's own HOST:/CPU:/Hardware lines.
  merged.machines = statedMachines(merged.machines, text);
  if (measurements.length) tables.measurements = { kind: 'measurement', title: 'Measurements', rows: measurements };
  const left = leftOut(text, doc, [...claimed, ...merged.not_read.map((n) => [n.from, n.to])]);
  const { not_read: notRead, ...rest } = merged;
  return { ...rest, tables, spans: claimed, understood, left_out: left, ...(notRead.length ? { not_read: notRead } : {}) };
}

/** The metrics and units a reader's rows hold: ["throughput (req/s)", ...]. */
function metricsOf(result) {
  const seen = new Set();
  for (const t of Object.values(result.tables ?? {})) {
    if (t.kind !== 'measurement' && t.rows.length) seen.add(`${t.kind} table`);
    else for (const r of t.rows) if (r.metric) seen.add(`${r.metric} (${r.unit})`);
  }
  return [...seen].sort();
}

/**
 * Code blocks and tables that no reader took, with their lines: what add-report says it left out
 * (whatever reader it picked).
 * @param {string} text
 * @param {{ blocks: any[] }} doc its outline
 * @param {Array<[number, number]>} claimed the line spans the readers read
 */
export function leftOut(text, doc, claimed) {
  const lines = splitLines(text);
  return doc.blocks
    .filter((b) => (b.type === 'code' || b.type === 'table') && !claimed.some(([x, y]) => b.from <= y && b.to >= x))
    .filter((b) => lines.slice(b.from - 1, b.to).some((l) => /\d/.test(l)))
    .map((b) => ({ type: b.type, from: b.from, to: b.to, heading: b.heading }));
}
