// The parts of pages that grow with the data, written by the views stage as HTML for Hugo to
// include as it is (os.ReadFile), instead of loops in templates over rows in hugo.Data: at 1,000
// reports those rows were 136 MB of JSON that Hugo parsed before any page, and the loops over them
// half of its time. Each function writes exactly what the template around it wrote before (same
// escaping, same number printing: html.mjs; same whitespace), so a page is byte for byte the same.
//  - tableRows: the <tbody> rows of a report's data table (layouts/_partials/helpers/data-table.html);
//  - seedLines: the numbered lines of a seed page (layouts/seeds/page.html);
//  - comparisonRows: the <tbody> rows of a comparison's values (layouts/_partials/compare/values.html).
// Pure functions: the views stage (build-views.mjs) writes what they return.
import { escape, goValue, readingNumber, seedLink, url } from './html.mjs';
import { figureOf, noise, noiseText, tally, tallyText } from '../lib/noise.mjs';

/**
 * The rows of one table view, as the <tbody> holds them: each cell's text, numbers with their raw
 * value for sorting (data-v), and the row's source line, linked when the table comes from the seed.
 * @param {{ columns: { numeric: boolean }[], source_is_seed: boolean }} table a table view
 * @param {{ line: number, seed: string, cells: { v: unknown, t: string }[] }[]} rows the rows shown
 * @param {{ slug: string, basePath: string }} where
 */
export function tableRows(table, rows, { slug, basePath }) {
  let out = '';
  for (const row of rows) {
    out += '\n      <tr>';
    row.cells.forEach((c, i) => {
      out += table.columns[i].numeric ? `<td class="num" data-v="${goValue(c.v)}">` : '<td>';
      out += `${escape(c.t)}</td>`;
    });
    const line = goValue(row.line);
    const source = table.source_is_seed
      ? `<a href="${url(basePath, `seeds/${slug}/#L${line}`)}">line ${line}</a>`
      : `${escape(row.seed)}:${line}`;
    out += `<td class="num" data-v="${line}">${source}</td></tr>`;
  }
  return out;
}

/** Lines of context a line link keeps above its line by default (site.css: .seed-text .ln). */
export const LINK_CONTEXT = 8;
/** Most lines of context a line link keeps above its line (site.css: .ctx-9 to .ctx-20). */
export const LINK_CONTEXT_MAX = 20;

/**
 * For each line of a seed, the index of the first line of its block: the run of non-blank lines it
 * belongs to (a table of the report, with its header first: an HTML <table>, a Markdown table, the
 * indented columns of CloudI's reports), or -1 for a blank line.
 * @param {string[]} texts
 */
export function blockStarts(texts) {
  const out = [];
  let start = -1;
  texts.forEach((t, i) => {
    if (!t.trim()) start = -1;
    else if (start < 0) start = i;
    out.push(start);
  });
  return out;
}

/**
 * The lines of a seed, each with its anchor and number, marked when it produced data. A line further
 * into its block (a table: its header is the block's first line) than a line link's usual context
 * gets the class `ctx-N`: N lines kept above it (the block's first line and the two above it, a
 * table's title, at most LINK_CONTEXT_MAX), so that the link lands with the table's header on screen.
 */
export function seedLines(lines) {
  const starts = blockStarts(lines.map((l) => l.text));
  let out = '';
  lines.forEach(({ text, used }, i) => {
    const n = i + 1;
    const above = starts[i] >= 0 ? i - starts[i] + 3 : 0;
    const ctx = above > LINK_CONTEXT ? ` ctx-${Math.min(above, LINK_CONTEXT_MAX)}` : '';
    out += `<span id="L${n}" class="ln${used ? ' used' : ''}${ctx}"><a href="#L${n}" class="lnum" aria-label="Line ${n}">${n}</a>${escape(text)}\n</span>`;
  });
  return out;
}

const isEmpty = (map) => !map || Object.keys(map).length === 0;

/**
 * A row's conditions: "Receivers 2, Senders 2", each column by its title in the data dictionary
 * (`titles`: name -> title) where it has one, else by its name (layouts/_partials/compare/conditions.html).
 */
function conditions(map, titles = {}) {
  return Object.keys(map ?? {})
    .sort()
    .map((k) => `${escape(titles[k] ?? k)} ${goValue(map[k])}`)
    .join(', ');
}

/** The machine facts a per-core or per-GHz figure divides by, for a cell's title. */
const factsTitle = (norm) =>
  `÷ ${goValue(norm.divisor)}: ${norm.facts.map((f) => `${escape(f.field)} ${goValue(f.value)}`).join(' × ')}`;

/** A per-core or per-GHz cell. */
function normCell(norm) {
  if (isEmpty(norm)) return '<td class="num">n/a</td>';
  return `<td class="num" title="${factsTitle(norm)}">${readingNumber(norm.value)}</td>`;
}

/** Each value of a comparison row against the base's (scripts/lib/noise.mjs), where both exist. */
function rowVerdicts(c, r) {
  const baseKey = c.columns.find((col) => col.base)?.key;
  const base = r.values.find((v) => v.column === baseKey);
  const out = new Map();
  if (typeof base?.value !== 'number') return out;
  for (const v of r.values)
    if (v !== base && typeof v.value === 'number') out.set(v, noise(figureOf(v), figureOf(base)));
  return out;
}

/** A comparison's verdicts counted and said ("0 differences beyond noise; 33 cannot tell (no spread stated)"). */
function noiseSummaryText(c) {
  const baseKey = c.columns.find((col) => col.base)?.key;
  const compared = c.rows.flatMap((r) => {
    const base = r.values.find((v) => v.column === baseKey);
    return [...rowVerdicts(c, r)].map(([v, verdict]) => ({ verdict, value: v.value, base: base.value }));
  });
  return tallyText(tally(compared, c.metric?.better ?? ''));
}

/**
 * The rows of a comparison's values table: one per value, with its entity, conditions, report,
 * value, ratio to the base report, per core and per GHz (with their facts) and source line.
 * @param {object} c a comparison (data/atlas/comparisons/<id>.json)
 * @param {{ basePath: string, titles?: Record<string, string> }} where titles: column name -> title
 */
export function comparisonRows(c, { basePath, titles = {} }) {
  const columns = new Map(c.columns.map((col) => [col.key, col]));
  let out = '';
  for (const r of c.rows) {
    const verdicts = rowVerdicts(c, r);
    for (const v of r.values) {
      const col = columns.get(v.column);
      const conds = conditions({ ...r.conditions, ...v.conditions }, titles);
      const extra = isEmpty(v.with)
        ? ''
        : `${isEmpty(r.conditions) && isEmpty(v.conditions) ? '' : ', '}${conditions(v.with, titles)}`;
      out += `\n      <tr data-entity="${escape(r.entity)}">`;
      out += `\n        <th scope="row">${escape(r.entity_name)}</th>`;
      out += `\n        <td>${conds}${extra}</td>`;
      out += `\n        <td>${escape(col.label)}</td>`;
      if (v.value === null || v.value === undefined) {
        out += `\n        <td class="num">none</td><td class="num" colspan="5">${escape(v.reason ?? '')}</td>`;
      } else {
        if (!v.line) throw new Error(`comparison ${c.id}: a value of ${col.report} has no line`);
        const ratio = col.base ? 'base' : v.ratio_to_base ? `${goValue(v.ratio_to_base)}×` : 'n/a';
        out += `\n        <td class="num" data-v="${goValue(v.value)}">${readingNumber(v.value)}</td>`;
        out += `\n        <td class="num">${ratio}</td>`;
        const verdict = verdicts.get(v);
        out += `\n        <td class="noise">${col.base ? 'base' : verdict ? escape(noiseText(verdict)) : 'no base value'}</td>`;
        out += `\n        ${normCell(v.per_core)}`;
        out += `\n        ${normCell(v.per_ghz)}`;
        out += `\n        <td class="num">${seedLink(basePath, col.report, v.line)}</td>`;
      }
      out += '\n      </tr>';
    }
  }
  return out;
}

/**
 * A comparison as the pages read it from hugo.Data: everything but its rows (which comparisonRows
 * writes as HTML), with the number of rows, the entities they name, and for each report the first
 * per-core and per-GHz figures, whose facts the notes under the values table cite.
 */
export function comparisonSummary(c) {
  const { rows, ...rest } = c;
  const first = (key, field) => {
    for (const r of rows) for (const v of r.values) if (v.column === key && !isEmpty(v[field])) return v[field];
    return null;
  };
  return {
    ...rest,
    rows_count: rows.length,
    noise_text: noiseSummaryText(c),
    entities: [...new Set(rows.map((r) => r.entity))],
    columns: c.columns.map((col) => ({
      ...col,
      per_core: first(col.key, 'per_core'),
      per_ghz: first(col.key, 'per_ghz'),
    })),
  };
}
