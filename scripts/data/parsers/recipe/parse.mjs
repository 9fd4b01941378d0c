// Recipes: a report read the way its metadata declares, with no code (format: recipe). As Phoronix
// Test Suite's results definitions describe a test's output, each item of the `recipe:` list in the
// report's .meta.yaml is a sample line of the seed with the result's place marked {value}, optionally
// a hint (a heading or block label the line must stand under), and what the value is: its metric,
// statistic, unit and conditions. {name} marks the benchmark's name in the line, {<condition>} a
// condition's number, {*} text to skip; a run of spaces matches any run of spaces, and a unit written
// after a {value} that ends the line is read (the recipe's unit is for lines that write none). So a
// misread is fixed in YAML, not code. Pure: (text, meta) -> rows with their lines.
//
// Exports: format, description, fallback, detect, parse(text, meta), recipeProblems(recipe)
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { canonicalUnit } from '../../measure/units.mjs';
import { measurement, measurementResult, STATISTICS } from '../../measure/model.mjs';

export const format = 'recipe';
export const description = 'A report read as its metadata declares (recipe: sample lines with {value} marked, and what each value is).';
/** Chosen only by a report's metadata, never detected among the tools' formats. */
export const fallback = true;
/** Declared by the metadata: no other format is "looked like" because a recipe could read it. */
export const declared = true;

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const PLACE = /\{(value|name|\*|[a-z][a-z0-9_]*)\}/g;
const PERCENTILE = /^p(\d{1,2}(\.\d+)?|100)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const BLOCK = /^\s*([^\s:|#][^:|]{0,80}?)\s*:\s*$/;

/** Any text can be read by a recipe: the metadata says whether it is. */
export const detect = (text) => Boolean(text.trim());

/**
 * What is wrong with a recipe, as [path under recipe, expected, found] (meta.mjs reports each at its line).
 * @param {Array<Record<string, any>>} recipe
 */
export function recipeProblems(recipe) {
  const out = [];
  recipe.forEach((item, i) => {
    const places = [...item.line.matchAll(PLACE)].map((m) => m[1]);
    if (places.filter((p) => p === 'value').length !== 1) out.push([[i, 'line'], 'a sample line with {value} once', quote(item.line)]);
    if (places.filter((p) => p === 'name').length > 1) out.push([[i, 'line'], 'a sample line with {name} at most once', quote(item.line)]);
    const s = item.statistic;
    if (s !== undefined && !STATISTICS[s] && !PERCENTILE.test(s)) out.push([[i, 'statistic'], `a statistic (${Object.keys(STATISTICS).join(', ')}, or pN such as p95)`, quote(s)]);
    if (item.unit !== undefined && !canonicalUnit(item.unit)) out.push([[i, 'unit'], 'a unit the atlas knows (ms, s, req/s, ops/s, MB, %, count, ...: scripts/data/measure/units.mjs)', quote(item.unit)]);
  });
  return out;
}

/** A sample line as an expression over a trimmed seed line, with the names of its places in order. */
function compile(sample) {
  const names = [];
  let re = '';
  let last = 0;
  const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const t = sample.trim();
  for (const m of t.matchAll(PLACE)) {
    re += literal(t.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] === '*') re += '.*?';
    else {
      names.push(m[1]);
      re += m[1] === 'name' ? '(.+?)' : `(${NUMBER})`;
    }
  }
  re += literal(t.slice(last));
  // A {value} that ends the sample may be followed by the unit the report writes.
  const unitAfter = /\{value\}$/.test(t);
  return { re: new RegExp(`^${re}${unitAfter ? String.raw`(?:\s*([^\s\d][^\s]*))?` : ''}$`), names, unitAfter };
}

/**
 * @param {string} text
 * @param {{ recipe?: Array<Record<string, any>> }} [meta]
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text, meta = {}) {
  const recipe = meta.recipe;
  if (!Array.isArray(recipe) || !recipe.length) throw new InputError(0, 'a "recipe:" list in the report\'s .meta.yaml (format: recipe)', 'none');
  const items = recipe.map((item) => ({ item, ...compile(item.line) }));
  const rows = [];
  const read = [];
  let heading = '';
  let block = '';
  splitLines(text).forEach((raw, k) => {
    const line = k + 1;
    const trimmed = raw.trim();
    let matched = false;
    for (const { item, re, names, unitAfter } of items) {
      const m = re.exec(trimmed);
      if (!m || (item.hint && !`${heading} / ${block}`.toLowerCase().includes(item.hint.toLowerCase()))) continue;
      const got = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
      const written = unitAfter ? m[names.length + 1] : undefined;
      const unit = canonicalUnit(written ?? '') ?? canonicalUnit(item.unit ?? '');
      if (!unit) {
        throw new InputError(line, `a unit after the value (or "unit:" in the recipe item for ${quote(item.line)})`, written ? quote(written) : 'none');
      }
      const conditions = { ...(item.conditions ?? {}) };
      for (const n of names) if (n !== 'value' && n !== 'name') conditions[n] = Number(got[n].replace(/,/g, ''));
      rows.push(
        measurement({
          benchmark: got.name ?? item.name ?? (heading || block || item.metric),
          section: heading,
          metric: item.metric,
          statistic: item.statistic ?? 'value',
          value: Number(got.value.replace(/,/g, '')),
          unit,
          conditions,
          line,
        }),
      );
      read.push([line, line]);
      matched = true;
    }
    if (matched) return;
    const h = HEADING.exec(raw);
    if (h) [heading, block] = [h[1].replace(/[*_`]/g, '').trim(), ''];
    else if (BLOCK.test(raw)) block = BLOCK.exec(raw)[1].trim();
  });
  if (!rows.length) throw new InputError(0, `a line like one of the recipe's (${recipe.map((r) => quote(r.line)).join(', ')})`, 'none in the seed');
  return measurementResult(rows, { tableTitle: 'Read by the recipe', spans: read });
}
