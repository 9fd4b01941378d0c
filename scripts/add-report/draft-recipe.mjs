// A draft recipe for a file nothing reads (issue 39, "every read is a recipe"): what the generic
// readers can tell of it, in the recipe language (CONTRIBUTING.md, "Fix a misread with a recipe"),
// for a contributor to correct and pass back with `add-report FILE --recipe DRAFT.yaml`. Tables become
// column items (the row's name, settings as conditions, numbers as values with the metric, statistic
// and unit their header states, by the one vocabulary: read/vocabulary.mjs); lines that hold a number
// with a unit the atlas knows become line items, the number marked {value} and the other numbers
// {*}. Where the file does not say a unit the draft says `unit: ""`, and the recipe check refuses it
// until the contributor writes one: nothing is guessed. Pure: text in, items and their YAML out.
import { stringify } from 'yaml';
import { splitLines } from '../lib/text.mjs';
import { canonicalUnit, splitValueUnit, unitInHeader, UNITS } from '../data/measure/units.mjs';
import { outline, plainText } from '../data/read/outline.mjs';
import { isCount, metricOf, settingOf, sizeOf } from '../data/read/vocabulary.mjs';

/** At most this many line items: a draft to read and correct, not every line of a log. */
const MAX_LINES = 12;
const NUMBER = /(?<![\d.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;
const snake = (s) =>
  String(s)
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'value';
/** A header's metric and statistic by the one vocabulary (read/vocabulary.mjs), as the table and delimited readers read it. */
const reading = (header, unit) => {
  const { metric, statistic } = metricOf(header.replace(/\s*[([][^)\]]*[)\]]/g, '').trim() || header, unit, header);
  return { metric, statistic };
};

/** One column item for a table of the outline, or undefined when it has no numeric column. */
function columnItem(block) {
  const header = block.header.length ? block.header : (block.rows[0] ?? []);
  const rows = block.header.length ? block.rows : block.rows.slice(1);
  if (header.length < 2 || !rows.length) return undefined;
  const columns = {};
  let named = false;
  header.forEach((h, i) => {
    const text = plainText(h.text).trim();
    if (!text) return;
    const cells = rows.map((r) => (r[i]?.text ?? '').trim()).filter((c) => c && !/^(-+|n\/?a|\?)$/i.test(c));
    const numeric = cells.length && cells.every((c) => /^[-+]?[\d.,]+/.test(c));
    if (!numeric) {
      if (!named) columns[text] = 'benchmark';
      else columns[text] = 'condition';
      named = true;
      return;
    }
    const setting = settingOf(text) ?? (sizeOf(text) ? snake(text) : undefined);
    if (setting && cells.every((c) => /^\d+$/.test(c))) {
      columns[text] = { condition: setting };
      return;
    }
    const stated = unitInHeader(text)?.unit ?? cells.map((c) => splitValueUnit(c)?.unit).find(Boolean);
    const unit = stated ?? (isCount(text) ? 'count' : '');
    columns[text] = { ...reading(text, unit), unit };
  });
  if (!Object.values(columns).some((v) => v?.metric)) return undefined;
  return { ...(block.heading ? { hint: block.heading } : {}), columns };
}

/** A line as a recipe's sample: the value's number marked {value}, the other numbers {*}. */
function marked(line, numbers, at) {
  let sample = '';
  let from = 0;
  for (const m of numbers) {
    sample += line.slice(from, m.index) + (m === at ? '{value}' : '{*}');
    from = m.index + m[0].length;
  }
  return withoutMarkup(sample + line.slice(from));
}

/**
 * A sample line with the file's HTML (a tag, a script or style element and what it holds) as `{*}`:
 * the recipe still matches the line, and add-report never prints markup the reader removed.
 */
const withoutMarkup = (sample) =>
  sample
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '{*}')
    .replace(/<\/?[a-z][^>]*>/gi, '{*}')
    .replace(/(\{\*\})+/g, '{*}');

/**
 * The line items of a text: each line (outside tables) with a number and a unit the atlas knows,
 * once per shape (the same line with other numbers is one item).
 */
function lineItems(lines, skip) {
  const items = [];
  const shapes = new Set();
  lines.forEach((raw, k) => {
    if (items.length >= MAX_LINES || skip.has(k + 1)) return;
    // A number in emphasis ("bench: __866,888 ns__/iter", brotli-rs's README) is drafted without the markup,
    // as a contributor would copy it: the recipe reader matches it against the line as written.
    const line = /\*\*|__/.test(raw) ? plainText(raw) : raw.trim();
    const numbers = [...line.matchAll(NUMBER)];
    // The number the line is about: the one with a unit the atlas knows after it, a rate or a transfer
    // rate before a time, a time before a size (iperf's "0.00-5.00 sec 241 MBytes 404 Mbits/sec" is a
    // bit rate); the other numbers are skipped.
    const unitAfter = (m) =>
      canonicalUnit((/^\s*([^\s,;()]+)/.exec(line.slice(m.index + m[0].length))?.[1] ?? '').replace(/[.:]+$/, ''));
    const rank = (m) =>
      ['rate', 'bandwidth', 'bit-rate', 'time', 'size', 'ratio'].indexOf(UNITS[unitAfter(m)]?.dimension);
    const at = numbers.filter((m) => rank(m) >= 0).sort((a, b) => rank(a) - rank(b))[0];
    if (!at) return;
    const unit = unitAfter(at);
    const sample = marked(line, numbers, at);
    if (shapes.has(sample)) return;
    shapes.add(sample);
    const label = line
      .slice(0, at.index)
      .replace(/[{}*]/g, '')
      .replace(/[:=\s]+$/, '');
    items.push({ line: sample, ...reading(label, unit), unit });
  });
  return items;
}

/**
 * A draft recipe for a text: its items and their YAML (a `recipe:` list, as a .meta.yaml holds it).
 * @param {string} text
 * @returns {{ items: Array<Record<string, any>>, yaml: string }}
 */
export function draftRecipe(text) {
  const lines = splitLines(text);
  let blocks = [];
  try {
    blocks = outline(text).blocks;
  } catch {
    // a table the outline refuses: the lines are drafted alone
  }
  const tables = blocks.filter((b) => b.type === 'table' && !b.cut);
  const items = tables.map(columnItem).filter(Boolean).slice(0, 6);
  const inTables = new Set(tables.flatMap((b) => Array.from({ length: b.to - b.from + 1 }, (_, i) => b.from + i)));
  items.push(...lineItems(lines, inTables));
  return { items, yaml: stringify({ recipe: items }, { lineWidth: 0 }) };
}

/** At most this many items of a reading are printed: enough to see how each kind of line was read. */
const MAX_READING = 12;

/**
 * What a generic reader read, in the recipe language (issue 39, "every read is a recipe"): one line
 * item per shape of line it took a value from, the value marked {value} and the other numbers {*},
 * with the name, metric, statistic, unit and conditions it gave it. A contributor reads it against
 * the file and corrects what is wrong with a recipe. Pure.
 * @param {string} text
 * @param {Array<{ line: number, value: number, benchmark?: string, metric: string, statistic: string, unit: string, conditions?: object }>} rows
 * @returns {{ items: object[], rows: number, shown: number, yaml: string }}
 */
export function readingAsRecipe(text, rows) {
  const lines = splitLines(text);
  const items = [];
  const shapes = new Set();
  let shown = 0;
  for (const r of rows) {
    const line = (lines[r.line - 1] ?? '').trim();
    const numbers = [...line.matchAll(NUMBER)];
    const at = numbers.find((m) => Number(m[0].replace(/,/g, '')) === r.value);
    if (!at) continue;
    const sample = marked(line, numbers, at);
    if (!sample.includes('{value}')) continue;
    const item = {
      line: sample,
      ...(r.benchmark ? { name: r.benchmark } : {}),
      metric: r.metric,
      statistic: r.statistic,
      unit: r.unit,
      ...(Object.keys(r.conditions ?? {}).length ? { conditions: r.conditions } : {}),
    };
    const key = JSON.stringify({ ...item, name: undefined });
    shown++;
    if (shapes.has(key) || items.length >= MAX_READING) continue;
    shapes.add(key);
    items.push(item);
  }
  return { items, rows: rows.length, shown, yaml: items.length ? stringify({ recipe: items }, { lineWidth: 0 }) : '' };
}
