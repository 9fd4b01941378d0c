// Recipes: a report read the way its metadata declares, with no code (format: recipe). As Phoronix
// Test Suite's results definitions describe a test's output, each item of the `recipe:` list in the
// report's .meta.yaml is a sample line of the seed with the result's place marked {value}, optionally
// a hint (a heading or block label the line must stand under: any label markup, a bold or italic
// line, a comment, a plain "Label:", written with its markup or not; or a JSON key that opens an
// object, "percentiles4": {, quotes and all), and what the value is: its metric,
// statistic, unit and conditions. {name} marks the benchmark's name in the line, {<condition>} a
// condition's number (else its text), {*} text to skip, {#} one number to skip (netperf's rows of bare numbers); a run of spaces matches any run of spaces, and a unit written
// after a {value} that ends the line is read (the recipe's unit is for lines that write none; a count
// prefix on the number, "IOPS=18.2k,", applies to it). So a
// misread is fixed in YAML, not code. Pure: (text, meta) -> rows with their lines.
//
//
// An item may map the COLUMNS of a table instead (`columns:`, header -> role): the table is the one whose
// header has every column named (a Markdown, RST, HTML or aligned table, or the file itself when it is
// CSV/TSV); `benchmark` names the row, `condition` (or `{ condition: name }`) makes a column a condition,
// and `{ metric, statistic, unit }` makes each cell a value (a unit written in the cell wins; a prefix
// on the number, "50K", applies to the recipe's unit). Other columns are not read. `name: '{column}'`
// names each value by its column's header (a column per benchmark: lmbench's "2p/0K ctxsw").
//
// An item may be the LABEL LINE above a block instead (`label:`, a sample line with no {value}: a
// comment, a command line, "benchmarking {name}"): its {name} (else its `name:`, else the whole line)
// names the rows read after it, and its `conditions:` and {<condition>} places are theirs, until the
// next label line or a heading. So a block repeated under another label line is that label's, not "run 2".
// `role: setting` (what the report configures: a request time, a duration, a target rate, a test
// parameter) or `role: invalid` (a value the report marks invalid: failed requests, an errored run)
// marks every value an item reads (conditions.role, as the generic readers mark them: read/vocabulary.mjs
// roleOf): charts and tables show them, labelled, and no finding ranks them (charts/claims.mjs).
//
// Exports: format, description, fallback, detect, parse(text, meta), recipeProblems(recipe)
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { canonicalUnit, COUNT_PREFIX, prefixedUnit } from '../../measure/units.mjs';
import { betterOf, isConditionName, measurement, measurementResult, STATISTICS } from '../../measure/model.mjs';
import { outline, plainText } from '../../read/outline.mjs';
import { delimitedTable } from '../delimited/parse.mjs';
import { compileSampleLine } from './sample-line.mjs';
import { ROLES, statisticOf } from '../../read/vocabulary.mjs';
import { repeatNumbers } from '../shared/structure.mjs';

export const format = 'recipe';
export const description = 'A report read as its metadata declares (recipe: sample lines with {value} marked, and what each value is).';
/** Chosen only by a report's metadata, never detected among the tools' formats. */
export const fallback = true;
/** Declared by the metadata: no other format is "looked like" because a recipe could read it. */
export const declared = true;

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const PLACE = /\{(value|name|\*|#|[a-z][a-z0-9_]*)\}/g;
const PERCENTILE = /^p(\d{1,2}(\.\d+)?|100)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const BLOCK = /^\s*([^\s:|#][^:|]{0,80}?)\s*:\s*$/;
/** A JSON key opening an object or array ("percentiles4": {): a block label, the key as written, quotes and all. */
const JSON_KEY = /^\s*("[^"\\]{1,80}")\s*:\s*[[{]\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** A line wholly in bold or italic ("**Approaches tested:**", "_second pass_"), or a comment ("// jit off", "<!-- x -->"). */
const EMPHASIS = /^\s*(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1\s*$/;
const COMMENT = /^\s*(?:\/\/+|--|;+|<!--)\s*(\S.*?)\s*(?:-->)?\s*$/;

/** The label a line gives the block below it, as plain text: a plain "Label:", a bold or italic line, a comment; else undefined. */
function labelOf(raw) {
  const m = BLOCK.exec(raw) ?? COMMENT.exec(raw) ?? EMPHASIS.exec(raw);
  return m ? plainText(m[m.length - 1]) : undefined;
}

/** A hint or a label as plain words: markup and a closing colon taken out ("**Approaches tested:**" -> "approaches tested"). */
const plainLabel = (s) =>
  (labelOf(String(s ?? '')) ?? plainText(String(s ?? '')))
    .replace(/\s*:\s*$/, '')
    .toLowerCase();

/** Whether a hint names one of the labels a value stands under (its heading, its block's label), markup or not. */
const underHint = (hint, labels) => !hint || labels.some((l) => plainLabel(l).includes(plainLabel(hint)));

/** The most places ({value}, {name}, {*}, {#}, {<condition>}) and characters of a sample line. */
export const MAX_PLACES = 20;
export const MAX_SAMPLE_LENGTH = 1000;

/** Any text can be read by a recipe: the metadata says whether it is. */
export const detect = (text) => Boolean(text.trim());

/**
 * What is wrong with a recipe, as [path under recipe, expected, found] (meta.mjs reports each at its line).
 * @param {Array<Record<string, any>>} recipe
 */
export function recipeProblems(recipe) {
  const out = [];
  const checkValue = (at, v) => {
    const s = v.statistic;
    if (s !== undefined && !statisticIn(s, v.metric, v.unit, v.better)) out.push([[...at, 'statistic'], `a statistic (${Object.keys(STATISTICS).join(', ')}, or pN such as p95)`, quote(s)]);
    if (v.unit !== undefined && !canonicalUnit(v.unit)) out.push([[...at, 'unit'], 'a unit the atlas knows (ms, s, req/s, ops/s, MB, %, count, ...: scripts/data/measure/units.mjs)', quote(v.unit)]);
    if (v.better !== undefined && !BETTER.includes(v.better)) out.push([[...at, 'better'], BETTER.join(' or '), quote(v.better)]);
  };
  const conditionName = (at, name, found = quote(name)) => {
    if (!isConditionName(name)) out.push([at, 'a condition name in snake_case that is not a field of a measurement (value, unit, line, ...) nor constructor or prototype', found]);
  };
  recipe.forEach((item, i) => {
    for (const k of Object.keys(item.conditions ?? {})) conditionName([i, 'conditions', k], k);
    if (item.lines !== undefined && !lineRange(item.lines)) out.push([[i, 'lines'], 'a line or a range of lines of the seed (55, or 40-60: the first line 1, no later than the last)', quote(String(item.lines))]);
    if (item.role !== undefined && !ROLES.includes(item.role)) out.push([[i, 'role'], `a role of ${ROLES.join(', ')}`, quote(item.role)]);
    if (item.label !== undefined) {
      const text = String(item.label);
      const places = [...text.matchAll(PLACE)].map((m) => m[1]);
      if (!text.trim() || text.length > MAX_SAMPLE_LENGTH || places.length > MAX_PLACES) out.push([[i, 'label'], `a label line of at most ${MAX_SAMPLE_LENGTH} characters with at most ${MAX_PLACES} places`, quote(text)]);
      if (places.includes('value')) out.push([[i, 'label'], 'a label line with no {value} (it names the rows below it; a value is a "line:" item)', quote(text)]);
      if (places.filter((p) => p === 'name').length > 1) out.push([[i, 'label'], 'a label line with {name} at most once', quote(text)]);
      for (const p of places) if (!['value', 'name', '*', '#'].includes(p)) conditionName([i, 'label'], p, `{${p}} in ${quote(text)}`);
      return;
    }
    if (item.columns) {
      for (const [h, v] of Object.entries(item.columns)) {
        if (v === 'condition') conditionName([i, 'columns', h], conditionKey(h), `${quote(h)} (condition ${quote(conditionKey(h))})`);
        else if (v?.condition !== undefined) conditionName([i, 'columns', h, 'condition'], v.condition);
      }
      const roles = Object.entries(item.columns);
      if (!roles.some(([, v]) => v?.metric)) out.push([[i, 'columns'], 'a column mapped to a metric ({ metric, statistic, unit })', 'none']);
      if (roles.filter(([, v]) => v === 'benchmark').length > 1) out.push([[i, 'columns'], 'one column at most named benchmark', 'several']);
      for (const [h, v] of roles) if (v?.metric) checkValue([i, 'columns', h], v);
      return;
    }
    // A bound on the pattern: 20,000 {*} made an expression no engine should be given.
    const count = [...item.line.matchAll(/\{[^{}]*\}/g)].length;
    if (item.line.length > MAX_SAMPLE_LENGTH || count > MAX_PLACES) {
      out.push([[i, 'line'], `a sample line of at most ${MAX_SAMPLE_LENGTH} characters with at most ${MAX_PLACES} places ({value}, {name}, {*}, ...)`, `${quote(item.line)} (${item.line.length} characters, ${count} places)`]);
      return;
    }
    const places = [...item.line.matchAll(PLACE)].map((m) => m[1]);
    for (const p of places) if (!['value', 'name', '*', '#'].includes(p)) conditionName([i, 'line'], p, `{${p}} in ${quote(item.line)}`);
    if (places.filter((p) => p === 'value').length !== 1) out.push([[i, 'line'], 'a sample line with {value} once', quote(item.line)]);
    if (places.filter((p) => p === 'name').length > 1) out.push([[i, 'line'], 'a sample line with {name} at most once', quote(item.line)]);
    checkValue([i], item);
  });
  return out;
}

/**
 * A recipe's statistic in the vocabulary's words (read/vocabulary.mjs): the model's own names, or
 * the words every reader knows ("average" -> mean, "peak" -> max, "p999" -> p99.9; "best" by the
 * item's `better:`, else the metric's better direction). Undefined when it names none.
 */
function statisticIn(word, metric, unit, better) {
  if (STATISTICS[word] || PERCENTILE.test(word)) return word;
  return statisticOf(String(word), better ?? betterOf(metric ?? '', unit ?? ''));
}

/** An item's `lines:` (55, or "40-60"), as [first, last], or undefined where it names no range of lines. */
function lineRange(lines) {
  const m = /^\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?$/.exec(String(lines));
  const [first, last] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [];
  return m && first >= 1 && last >= first ? [first, last] : undefined;
}
/** Whether a seed line is within an item's `lines:` (every line, where it has none). */
const inLines = (item, line) => item.lines === undefined || ((r) => r && line >= r[0] && line <= r[1])(lineRange(item.lines));

/** Which way a recipe's value is better (`better:`), where its metric and unit do not say (a score with no unit). */
const BETTER = ['higher', 'lower'];

/** Cells that hold no value: empty, a dash, N/A, "---" (memtier), "?". */
const MISSING = /^(|-+|—|–|n\/?a|\?|none|null|nan)$/i;
const CELL = new RegExp(String.raw`^(${NUMBER})\s*(.*)$`);
const key = (s) => String(s).trim().replace(/\s+/g, ' ').toLowerCase();
const conditionKey = (s) =>
  String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, 'n_') || 'condition';

/** The tables of a seed: those the document outline finds, and the file itself when it is CSV/TSV. */
function tablesOf(text) {
  const out = outline(text)
    .blocks.filter((b) => b.type === 'table' && !b.cut)
    .map((b) => (b.header.length ? { header: b.header, rows: b.rows, heading: b.heading ?? '' } : { header: b.rows[0] ?? [], rows: b.rows.slice(1), heading: b.heading ?? '' }));
  const csv = delimitedTable(text);
  if (csv) out.push(csv);
  return out;
}

/**
 * The unit a value's writing gives: a unit the atlas knows ("ms"), else a prefix on the recipe's unit
 * ("k" of "18.2k": Kops/s; of a count, thousands), else undefined.
 */
const writtenUnit = (written, recipeUnit) =>
  canonicalUnit(written) ?? (recipeUnit ? (prefixedUnit(written, recipeUnit) ?? (recipeUnit === 'count' && written ? COUNT_PREFIX[written] : undefined)) : undefined);

/** A cell's number and unit: the unit written in the cell, a prefix on the recipe's unit ("50K"), else the recipe's unit. */
function cellValue(cell, spec, header) {
  const m = CELL.exec(cell.text.trim().replace(/^[`*_]+|[`*_]+$/g, ''));
  const recipeUnit = canonicalUnit(spec.unit ?? '');
  const written = m && m[2] ? writtenUnit(m[2], recipeUnit) : recipeUnit;
  if (!m || !written) {
    throw new InputError(cell.line, `a number in column ${quote(header)}${m && m[2] ? ' with a unit the atlas knows' : ' (or "unit:" for it in the recipe)'}`, quote(cell.text));
  }
  return { value: Number(m[1].replace(/,/g, '')), unit: written };
}

/** `name: '{column}'` in a column item: each value's benchmark is its column's header (a column per benchmark). */
const COLUMN = '{column}';

/** The rows a column mapping reads from every table whose header has all its columns. */
function readColumns(item, tables, rows, read) {
  const roles = Object.entries(item.columns);
  let found = 0;
  for (const t of tables) {
    const at = new Map(t.header.map((h, i) => [key(h.text), i]));
    if (!roles.every(([h]) => at.has(key(h)))) continue;
    if (!underHint(item.hint, [t.heading])) continue;
    found++;
    const named = roles.find(([, v]) => v === 'benchmark')?.[0];
    for (const r of t.rows) {
      if (!inLines(item, r[0]?.line ?? 0)) continue;
      const cell = (h) => r[at.get(key(h))] ?? { text: '', line: r[0]?.line ?? 0 };
      const conditions = { ...(item.conditions ?? {}), ...(item.role ? { role: item.role } : {}) };
      for (const [h, v] of roles) {
        const name = v === 'condition' ? conditionKey(h) : v?.condition;
        const text = cell(h).text.trim();
        if (!name || MISSING.test(text)) continue;
        conditions[name] = conditionValue(text);
      }
      for (const [h, v] of roles) {
        if (!v?.metric || MISSING.test(cell(h).text.trim())) continue;
        const { value, unit } = cellValue(cell(h), v, h);
        const line = cell(h).line;
        rows.push(measurement({ benchmark: named ? cell(named).text.trim() : item.name === COLUMN ? h : (item.name ?? (t.heading || v.metric)), section: t.heading, metric: v.metric, statistic: v.statistic === undefined ? 'value' : statisticIn(v.statistic, v.metric, unit, v.better), value, unit, better: v.better, conditions: { ...conditions }, line }));
        read.push([line, line]);
      }
    }
  }
  if (!found) throw new InputError(0, `a table with the columns ${roles.map(([h]) => quote(h)).join(', ')}${item.hint ? ` under ${quote(item.hint)}` : ''}`, 'none in the seed');
}

/**
 * A {name} as a reader sees it: inline markup removed (`code`, **bold**), and a leading tag's brackets
 * too: glmark2's "[build] use-vbo=false" is the scene "build use-vbo=false" ("[build]" is a word).
 */
const nameOf = (s) => plainText(s).replace(/^\[([^\]\s][^\]]*)\]\s*/, '$1 ').trim();

/** A condition as read (a place of a line, a column's cell): a number stays a number, other text is the condition in the report's words. */
const WHOLE_NUMBER = new RegExp(`^${NUMBER}$`);
const conditionValue = (s) => (WHOLE_NUMBER.test(s.trim()) ? Number(s.trim().replace(/,/g, '')) : s.trim());

/** The label lines above a block that a hint is matched against (the heading and "Label:" line besides). */
const MAX_LABEL_LINES = 8;

/** A recipe item as a contributor wrote it, to name it: its sample or label line, and its hint. */
const itemWords = (item) =>
  [item.label !== undefined ? `"label": ${quote(item.label)}` : `"line": ${quote(item.line)}`, item.hint !== undefined ? `hint ${quote(item.hint)}` : ''].filter(Boolean).join(', ');

/** A sample line as a matcher over a trimmed seed line (linear in the line), with the names of its places in order. */
function compile(sample) {
  return compileSampleLine(sample, PLACE);
}

/**
 * @param {string} text
 * @param {{ recipe?: Array<Record<string, any>> }} [meta]
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text, meta = {}) {
  const recipe = meta.recipe;
  if (!Array.isArray(recipe) || !recipe.length) throw new InputError(0, 'a "recipe:" list in the report\'s .meta.yaml (format: recipe)', 'none');
  const items = recipe.filter((item) => !item.columns && item.label === undefined).map((item) => ({ item, ...compile(item.line) }));
  const labels = recipe.filter((item) => item.label !== undefined).map((item) => ({ item, ...compile(String(item.label)) }));
  const rows = [];
  const read = [];
  const columnItems = recipe.filter((item) => item.columns);
  if (columnItems.length) {
    const tables = tablesOf(text);
    for (const item of columnItems) readColumns(item, tables, rows, read);
  }
  let heading = '';
  let block = '';
  // The label line in force: the name and conditions of the rows below it.
  let above = {};
  let aboveName;
  // The {name} a line read names the lines after it in its paragraph (mitata's "(min … max)" line under its name's).
  let paragraphName;
  // Inside a code block a "#" line is a comment (perf's "# function 'default'"), never a heading.
  let fence = false;
  // The label lines above the rows being read (a plain "NAIVE MEMCPY", a comment in a code block, "Label:"),
  // since the last line read: what a hint names besides the heading. The last few are kept.
  let labelLines = [];
  let afterRead = false;
  // The line and label items that matched a line: one that matched none is said, never dropped in silence.
  const hit = new Set();
  splitLines(text).forEach((raw, k) => {
    const line = k + 1;
    const trimmed = raw.trim();
    const isFence = FENCE.test(raw);
    const h = !fence && !isFence ? HEADING.exec(raw) : null;
    if (!trimmed || h || isFence) paragraphName = undefined;
    for (const { item, re, names } of labels) {
      const m = inLines(item, line) && re.exec(trimmed);
      if (!m) continue;
      const got = Object.fromEntries(names.map((n, j) => [n, m[j + 1]]));
      above = { ...(item.conditions ?? {}) };
      for (const n of names) if (n !== 'name' && n !== '*') above[n] = conditionValue(got[n]);
      aboveName = got.name?.trim() ?? item.name ?? trimmed;
      hit.add(item);
      break;
    }
    let matched = false;
    for (const { item, re, names, unitAfter, prefixed } of items) {
      // A sample copied without markup matches the line with its emphasis ("bench: __866,888 ns__/iter", brotli-rs's README).
      const m = inLines(item, line) && (re.exec(trimmed) ?? (/\*\*|__/.test(trimmed) ? re.exec(plainText(trimmed)) : null));
      if (!m || !underHint(item.hint, [heading, block, `${heading} / ${block}`, ...labelLines])) continue;
      const got = Object.fromEntries(names.map((n, i) => [n, n === 'name' ? nameOf(m[i + 1]) : m[i + 1]]));
      // What is written after the value: its unit where it ends the line, else a count prefix ("IOPS=18.2k,").
      const written = unitAfter || prefixed ? m[names.length + 1] : undefined;
      // (A prefix no unit of the recipe's takes is refused, never read as the recipe's unit: 18.2k is no 18.2.)
      const unit = (written && writtenUnit(written, canonicalUnit(item.unit ?? ''))) ?? (prefixed && written ? undefined : canonicalUnit(item.unit ?? ''));
      if (!unit) {
        const expected = prefixed && written ? `a recipe unit the prefix ${quote(written)} applies to` : 'a unit after the value';
        throw new InputError(line, `${expected} (or "unit:" in the recipe item for ${quote(item.line)})`, written ? quote(written) : 'none');
      }
      const conditions = { ...above, ...(item.conditions ?? {}), ...(item.role ? { role: item.role } : {}) };
      for (const n of names) if (n !== 'value' && n !== 'name') conditions[n] = conditionValue(got[n]);
      rows.push(
        measurement({
          benchmark: got.name ?? item.name ?? paragraphName ?? aboveName ?? (heading || block || item.metric),
          section: heading,
          metric: item.metric,
          statistic: item.statistic === undefined ? 'value' : statisticIn(item.statistic, item.metric, item.unit, item.better),
          value: Number(got.value.replace(/,/g, '')),
          unit,
          better: item.better,
          conditions,
          line,
        }),
      );
      read.push([line, line]);
      matched = true;
      hit.add(item);
      if (got.name !== undefined) paragraphName = got.name;
    }
    if (matched) {
      afterRead = true;
      return;
    }
    if (isFence) fence = !fence;
    else if (h) [heading, block, above, aboveName, labelLines] = [h[1].replace(/[*_`]/g, '').trim(), '', {}, undefined, []];
    else if (trimmed) {
      block = labelOf(raw) ?? JSON_KEY.exec(raw)?.[1] ?? block;
      labelLines = [...(afterRead ? [] : labelLines.slice(-(MAX_LABEL_LINES - 1))), plainText(trimmed)];
      afterRead = false;
    }
  });
  if (!rows.length) throw new InputError(0, `a line like one of the recipe's (${items.map((r) => quote(r.item.line)).join(', ')})`, 'none in the seed');
  rows.sort((a, b) => a.line - b.line);
  const notes = recipe.flatMap((item, i) => (item.columns || hit.has(item) ? [] : [{ text: `recipe item ${i + 1} (${itemWords(item)}) matched no line of the file: not read`, line: 0 }]));
  // The same value again under one heading (a tool run twice in one block, iperf3 -R then without):
  // every run is kept, numbered in order, never refused or dropped as a repeat of the first.
  const keys = rows.map((m) => JSON.stringify([m.benchmark, m.section, m.metric, m.statistic, m.unit, m.conditions]));
  const numbered = repeatNumbers(keys).map((run, i) => (run === undefined ? rows[i] : { ...rows[i], conditions: { ...rows[i].conditions, ...run } }));
  return measurementResult(numbered, { tableTitle: 'Read by the recipe', spans: read, notes });
}
