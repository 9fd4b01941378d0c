// The outline of a report of any markup: its headings and its blocks (tables, code, paragraphs, HTML,
// lists), each with 1-based lines, so adapters and the table fallback name what they read after the
// nearest heading and keep every value's line. Markdown is read as a syntax tree with positions
// (mdast, with GFM tables); HTML (tables, <summary>, <h1>..<h6>) through parse5; what neither knows
// is read line by line: reStructuredText section titles (underlined, optionally overlined, with any
// punctuation character; depth by order of first appearance, as docutils does), RST grid and simple
// tables, RST literal blocks (`::`), org-mode tables, LaTeX tabulars and sectioning commands
// (`\section{...}`), AsciiDoc `|===` tables, and
// whitespace-aligned tables in code blocks or plain text (one header line, or two or three over a
// rule of dash runs, lmbench's, each run a column).
// Pure: text in, outline out.
//
// Exports:
//   outline(text) -> { headings, blocks }
//     headings: [{ text, depth, line, kind: 'atx'|'setext'|'rst'|'html'|'summary'|'bold'|'latex', to? }]  (in line order;
//               depth 1..6; <summary> and a bold line are depth 7, below every other heading; `to`: the
//               last line a bold label of a list names)
//     blocks:   [{ type: 'table'|'code'|'paragraph'|'html'|'list', from, to, heading,
//                  header?: [{ text, line }], rows?: [[{ text, line, title? }]], markup?: 'gfm'|'grid'|'simple'|'html'|'aligned'|'org'|'latex'|'asciidoc',
//                  (title: a Markdown cell that is all bold or italic, "**insert**")
//                  ruled?: true (an aligned header over a rule of dash runs) }]
//   headingAbove(outline, line) -> string   the text of the nearest heading above a line ('' when none)
//   plainText(text) -> string               inline Markdown/RST markup removed (`code`, **bold**, [a](b))
//   statesResult(text) -> boolean          a line that states a result ("35 ns/op, 28.5M ops/sec"): no block label
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { parse as parseHtml, parseFragment } from 'parse5';
import { linkTexts, splitLines } from '../../lib/text.mjs';
import { InputError } from '../../lib/errors.mjs';

/**
 * Links and images are not parsed as Markdown: their text stays as written and plainText reads it
 * (linkTexts, linear). micromark's link parsing looks back over every open "[" at each "]" (a line
 * of 200,000 nested brackets took minutes).
 */
const NO_LINKS = { disable: { null: ['labelStartLink', 'labelStartImage', 'labelEnd'] } };

const label = (s) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Reference links to their text, as micromark would have read them: `[text][ref]`, `[text][]` and
 * `[text]` where the file defines the label (`[ref]: https://...`). One regular expression
 * without nesting: linear.
 */
function referenceTexts(text, defined) {
  if (!defined.size) return text;
  return text.replace(/(!?)\[([^[\]]*)\](?:\[([^[\]]*)\])?/g, (all, bang, t, ref) =>
    defined.has(label(ref || t)) ? t : all,
  );
}

/**
 * The widest table read, in columns: Markdown's table parser and the readers after it slow down
 * more than linearly with a row's width (100,000 columns took minutes and gigabytes). Real reports
 * stay far below it. A wider table, or a line with more cell separators, is refused at its line.
 */
export const MAX_TABLE_COLUMNS = 1000;

/** Refuse a line with more `|` than a table of MAX_TABLE_COLUMNS has, before Markdown reads it. */
function checkWidth(lines) {
  lines.forEach((l, i) => {
    if (l.length <= MAX_TABLE_COLUMNS) return;
    let pipes = 0;
    for (let k = 0; k < l.length; k++) if (l.charCodeAt(k) === 124) pipes++;
    if (pipes > MAX_TABLE_COLUMNS + 1) throw new InputError(i + 1, `a table of at most ${MAX_TABLE_COLUMNS.toLocaleString('en')} columns`, `a line of ${pipes.toLocaleString('en')} "|"`);
  });
}

/** Depth given to a <summary> or a bold line: weaker than any numbered heading. */
const WEAK = 7;

/** Inline markup removed: code spans, emphasis, links, images, RST roles and interpreted text. */
export function plainText(text) {
  // Links and images to their text, each URL read to its balanced ')' (lib/text.mjs).
  return linkTexts(String(text))
    .replace(/:[\w-]+:`([^`]*)`/g, '$1')
    .replace(/`+([^`]+?)`+_?/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[\s(])([*_])(?=\S)(.+?)(?<=\S)\2(?=$|[\s).,:;!?])/g, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A figure in a unit per operation or per second ("35 ns/op", "28.5M ops/sec", "1,200 req/s"): something measured. */
const MEASURED_FIGURE = /(?<![\w.])\d[\d,]*(?:\.\d+)?\s?[kKMG]?\s?(?:[a-zµμ]+\/op\b|(?:ops|op|req|reqs|requests|msgs?|queries|calls|iter|it)\s?\/\s?(?:s|sec|second)\b)/i;

/**
 * Whether a line states a result ("**Winner: UTF8View** (35 ns/op, 28.5M ops/sec)"): it holds a
 * figure per operation or per second. Such a line is what was found, never the label of a block.
 */
export const statesResult = (text) => MEASURED_FIGURE.test(plainText(text));

/** A line written by a program while it ran, never a heading ("Benchmark completed. Results saved to ..."). */
export function isLogLine(text) {
  const t = text.trim();
  return (
    /\.\s+\S/.test(t.replace(/\b(e\.g|i\.e|vs|v\d+|No|Fig)\./gi, '')) ||
    /(\.\.\.|…)$/.test(t) ||
    /^\[?\d{4}-\d\d-\d\d[T ]\d/.test(t) ||
    /^\[?\d\d:\d\d:\d\d/.test(t) ||
    /^\[?(INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\b/.test(t) ||
    /^\$\s/.test(t) ||
    /\b(saved to|written to|results in)\s+\S+/i.test(t)
  );
}

const PUNCT = /^([!-/:-@[-`{-~])\1*$/; // one ASCII punctuation character, repeated
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Cells of a line split at 2+ spaces, tabs or `|` (an aligned table row), with their text trimmed. */
function alignedCells(line) {
  const body = line.replace(/^\s*\|?|\|?\s*$/g, '');
  if (!body.trim()) return [];
  return body.split(/\s*\|\s*|\t+\s*|\s{2,}/).map((c) => c.trim());
}

const NUMERIC = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?\s*(?:[^\d\s|].{0,12})?$|^[-+]?\.\d+/i;
const isNumericCell = (c) => NUMERIC.test(c.trim()) && !/^\d{4}-\d\d-\d\d/.test(c.trim());
const RULE = /^[\s|+:=-]*[-=]{3,}[\s|+:=-]*$/;

/** An aligned table's block: its header (at lines[i], 0-based) and rows of cell texts, each cell with its line. */
const alignedBlock = (i, header, rows) => ({
  from: i + 1,
  to: rows[rows.length - 1].line,
  header: header.map((text) => ({ text: plainText(text), line: i + 1 })),
  rows: rows.map((r) => r.cells.map((text) => ({ text: plainText(text), line: r.line }))),
  markup: 'aligned',
});

/**
 * A whitespace-aligned table starting at lines[i] (a header of words, an optional rule, 2+ rows of
 * as many cells, at least one column all numbers). Conservative: returns undefined when unsure.
 */
function alignedTableAt(lines, i, end) {
  let header = alignedCells(lines[i]);
  if (header.length < 2 || header.some((c) => !c) || RULE.test(lines[i])) return undefined;
  if (header.every(isNumericCell)) return undefined;
  // A line with no word of a header ("   0.999 R²   (0.997 R² .. 1.000 R²)": a number and its bounds) is data.
  if (header.every((c) => !c || isNumericCell(c) || /^\(.*\)$/.test(c))) return undefined;
  let k = i + 1;
  if (k < end && RULE.test(lines[k])) k++;
  const rows = [];
  for (; k < end; k++) {
    if (!lines[k].trim()) break;
    if (RULE.test(lines[k])) continue;
    const cells = alignedCells(lines[k]);
    if (cells.length !== header.length && !(cells.length === header.length + 1 && rows.length === 0 && /^\s/.test(lines[i]))) break;
    if (cells.length === header.length + 1 && rows.length === 0) header = ['', ...header];
    if (cells.length !== header.length) break;
    rows.push({ cells, line: k + 1 });
  }
  if (rows.length < 2) return undefined;
  const numericColumns = header.map((_, c) => rows.every((r) => isNumericCell(r.cells[c]))).filter(Boolean).length;
  if (!numericColumns) return undefined;
  return alignedBlock(i, header, rows);
}

const BOX = '\u2502'; // "│", benchstat's column-group rules

/** Cells of a line split at 2+ spaces, with the column each starts and ends at. */
function cellSpans(line) {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], from: m.index, to: m.index + m[0].length }));
}

/**
 * A table under header lines drawn with "│" (benchstat: a file name over each column group, then
 * "sec/op   vs base"): each data cell takes the header texts above it, by column position, joined
 * ("new.txt sec/op", "new.txt vs base"). Rows as alignedTableAt; undefined when unsure.
 */
function boxHeaderTableAt(lines, i, end) {
  if (!lines[i].includes(BOX) || (i > 0 && lines[i - 1].includes(BOX))) return undefined;
  let k = i;
  while (k < end && lines[k].includes(BOX)) k++;
  const heads = lines.slice(i, k);
  const rows = [];
  for (; k < end && lines[k].trim() && !lines[k].includes(BOX); k++) rows.push({ spans: cellSpans(lines[k]), line: k + 1 });
  if (!rows.length) return undefined;
  const width = Math.max(...rows.map((r) => r.spans.length));
  const model = rows.find((r) => r.spans.length === width);
  // Each header line: regions between "│", and the texts within a region, each given to the
  // model row's cell nearest it within its region.
  const names = model.spans.map(() => []);
  for (const h of heads) {
    const bars = [-1, ...[...h.matchAll(new RegExp(BOX, 'g'))].map((m) => m.index), Infinity];
    for (let b = 0; b + 1 < bars.length; b++) {
      const inside = model.spans.map((s, c) => ({ s, c })).filter(({ s }) => s.from > bars[b] && s.from < bars[b + 1]);
      if (!inside.length) continue;
      const texts = cellSpans(h.slice(bars[b] + 1, bars[b + 1] === Infinity ? undefined : bars[b + 1])).map((t) => ({ ...t, from: t.from + bars[b] + 1, to: t.to + bars[b] + 1 }));
      if (texts.length === 1) inside.forEach(({ c }) => names[c].push(texts[0].text));
      else
        for (const t of texts) {
          const mid = (t.from + t.to) / 2;
          const near = inside.reduce((a, x) => (Math.abs((x.s.from + x.s.to) / 2 - mid) < Math.abs((a.s.from + a.s.to) / 2 - mid) ? x : a));
          names[near.c].push(t.text);
        }
    }
  }
  // Rows with fewer cells (geomean, "~" in place of a delta) are placed under the model's columns by position.
  const placed = rows.map((r) =>
    model.spans.map((m, c) => {
      const hit = r.spans.find((s) => s.from < (model.spans[c + 1]?.from ?? Infinity) && s.to > (model.spans[c - 1]?.to ?? -1) && s.to > m.from - 1 && s.from < m.to + 1);
      return hit ? hit.text : '';
    }),
  );
  if (!placed.some((cells) => cells.slice(1).some(isNumericCell))) return undefined;
  return {
    from: i + 1,
    to: rows[rows.length - 1].line,
    header: names.map((n) => ({ text: plainText(n.join(' ')), line: i + 1 })),
    rows: placed.map((cells, r) => cells.map((text) => ({ text: plainText(text), line: rows[r].line }))),
    markup: 'aligned',
  };
}

/** A rule of dash runs, one a column (lmbench's "--------- ------------- ------ ------"). */
const RUNS_RULE = /^\s*-{2,}(?:\s+-{2,}){2,}\s*$/;

/**
 * A table whose header of one to three lines stands over a rule of dash runs (lmbench's `make see`:
 * "Host  OS  2p/0K 2p/16K" over "ctxsw  ctxsw", then "--------- ------ ------"): each run is a column,
 * the header words over it joined ("2p/0K ctxsw"; a phrase across two runs, "0K File" over "Create
 * Delete", heads both), each row's words placed under the run they overlap most (else the nearest), and
 * a column with none of them in a row an empty cell. Undefined when unsure.
 */
function ruledTableAt(lines, i, end) {
  if (!lines[i].trim() || RULE.test(lines[i])) return undefined;
  let k = i + 1;
  while (k < end && k <= i + 3 && lines[k].trim() && !RULE.test(lines[k])) k++;
  if (k >= end || !RUNS_RULE.test(lines[k])) return undefined;
  const runs = [...lines[k].matchAll(/-+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
  const overlapping = (a, b) => runs.flatMap((r, c) => (Math.min(b, r.to) > Math.max(a, r.from) ? [c] : []));
  /** The run a word at [a, b) overlaps most, else the nearest. */
  const runOf = (a, b) => {
    let best = 0;
    let score = -Infinity;
    runs.forEach((r, c) => {
      const overlap = Math.min(b, r.to) - Math.max(a, r.from);
      const s = overlap > 0 ? overlap : overlap - 1000;
      if (s > score) [best, score] = [c, s];
    });
    return best;
  };
  // A header phrase with a word across two runs ("0K File" over "Create Delete") heads every run it spans.
  const place = (line, header = false) => {
    const cells = runs.map(() => []);
    for (const p of line.matchAll(/\S+(?: \S+)*/g)) {
      const words = [...p[0].matchAll(/\S+/g)].map((w) => ({ text: w[0], a: p.index + w.index, b: p.index + w.index + w[0].length }));
      if (header && words.some((w) => overlapping(w.a, w.b).length > 1)) {
        for (const c of overlapping(p.index, p.index + p[0].length)) cells[c].push(p[0]);
        continue;
      }
      for (const w of words) cells[runOf(w.a, w.b)].push(w.text);
    }
    return cells.map((words) => words.join(' '));
  };
  const heads = lines.slice(i, k).map((l) => place(l, true));
  const header = runs.map((_, c) => heads.map((h) => h[c]).filter(Boolean).join(' '));
  if (header.some((h) => !h)) return undefined;
  const rows = [];
  for (let r = k + 1; r < end && lines[r].trim() && !RULE.test(lines[r]); r++) rows.push({ cells: place(lines[r]), line: r + 1 });
  if (!rows.some((r) => r.cells.some((c) => c && isNumericCell(c)))) return undefined;
  return { ...alignedBlock(i, header, rows), ruled: true };
}

/** Aligned tables among lines[from..to) (0-based, end exclusive). */
function alignedTables(lines, from, to) {
  const found = [];
  for (let i = from; i < to; i++) {
    const t = boxHeaderTableAt(lines, i, to) ?? ruledTableAt(lines, i, to) ?? alignedTableAt(lines, i, to);
    if (t) {
      found.push(t);
      i = t.to - 1;
    }
  }
  return found;
}

const GRID_BORDER = /^\s*\+(?:[-=]+\+)+\s*$/;

/** An RST grid table from its top border at lines[i]. */
function gridTableAt(lines, i) {
  const top = lines[i];
  const cuts = [...top.matchAll(/\+/g)].map((m) => m.index);
  const indent = cuts[0];
  const rows = [];
  let header = [];
  let current;
  let k = i + 1;
  for (; k < lines.length; k++) {
    const l = lines[k];
    if (GRID_BORDER.test(l)) {
      if (current) rows.push(current);
      current = undefined;
      if (/=/.test(l) && !header.length) header = rows.splice(0);
      continue;
    }
    if (!l.trim().startsWith('|') || l.indexOf('|') !== indent) break;
    const texts = cuts.slice(0, -1).map((c, j) => l.slice(c + 1, cuts[j + 1]).replace(/^\s*\|?|\|\s*$/g, '').trim());
    if (!current) current = texts.map((t) => ({ text: t, line: k + 1 }));
    else texts.forEach((t, j) => (current[j].text = [current[j].text, t].filter(Boolean).join(' ')));
  }
  if (current) rows.push(current); // cut off: its last row without its bottom border
  const tidy = (r) => r.map((c) => ({ text: plainText(c.text), line: c.line }));
  return { from: i + 1, to: k, header: header.flat().length ? tidy(header[header.length - 1]) : [], rows: rows.map(tidy), markup: 'grid', cut: !GRID_BORDER.test(lines[k - 1]) };
}

const SIMPLE_RULE = /^\s*=+(?: +=+)+\s*$/;

/** An RST simple table from its top rule at lines[i] (`=====  =====`). */
function simpleTableAt(lines, i) {
  const rule = lines[i];
  const spans = [...rule.matchAll(/=+/g)].map((m) => [m.index, m.index + m[0].length]);
  const cell = (l, j) => l.slice(spans[j][0], j + 1 < spans.length ? spans[j + 1][0] : undefined).trim();
  const rules = [i];
  const body = [];
  let k = i + 1;
  for (; k < lines.length; k++) {
    const l = lines[k];
    if (SIMPLE_RULE.test(l)) {
      rules.push(k);
      // the closing rule: a blank line or the end follows, and there is a header rule before it
      if (rules.length >= 3 || !(lines[k + 1] ?? '').trim()) break;
      continue;
    }
    if (!l.trim()) {
      if (rules.length < 2) return undefined;
      continue;
    }
    if (/^-+(?: +-+)*$/.test(l.trim())) continue; // column-span underline in a header
    body.push({ l, k, after: rules.length });
  }
  if (rules.length < 2) return undefined;
  const hasHeader = rules.length >= 3;
  const rows = [];
  const header = [];
  for (const { l, k: at, after } of body) {
    const cells = spans.map((_, j) => ({ text: plainText(cell(l, j)), line: at + 1 }));
    const target = hasHeader && after === 1 ? header : rows;
    if (!cells[0].text && target.length) cells.forEach((c, j) => (target[target.length - 1][j].text = [target[target.length - 1][j].text, c.text].filter(Boolean).join(' ')));
    else target.push(cells);
  }
  return { from: i + 1, to: rules[rules.length - 1] + 1, header: header[0] ?? [], rows, markup: 'simple' };
}

/**
 * The line-level pass: RST section titles, grid and simple tables, literal blocks; fences are
 * tracked so that nothing inside a fenced code block is taken for them.
 */
function scanLines(lines) {
  const titles = [];
  const tables = [];
  const literals = [];
  let fence;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (fence) {
      if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(l)) fence = undefined;
      continue;
    }
    const t = title(lines, i);
    if (t) {
      titles.push(t);
      i = t.to - 1;
      continue;
    }
    const f = FENCE.exec(l);
    if (f && !(f[1][0] === '`' && f[2].includes('`'))) {
      fence = f[1];
      continue;
    }
    if (GRID_BORDER.test(l) && /^\s*\|/.test(lines[i + 1] ?? '')) {
      const g = gridTableAt(lines, i);
      tables.push(g);
      i = g.to - 1;
      continue;
    }
    if (SIMPLE_RULE.test(l) && !(lines[i - 1] ?? '').trim()) {
      const s = simpleTableAt(lines, i);
      if (s) {
        tables.push(s);
        i = s.to - 1;
        continue;
      }
    }
    // An RST literal block: a paragraph ending "::" or a code directive, then an indented block.
    if ((/::\s*$/.test(l) && !/^\s*\.\.\s/.test(l)) || /^\s*\.\.\s+(code-block|code|sourcecode|highlight)::/.test(l)) {
      let k = i + 1;
      while (k < lines.length && !lines[k].trim()) k++;
      while (k < lines.length && /^\s*:\w[\w-]*:/.test(lines[k])) k++; // directive options
      while (k < lines.length && !lines[k].trim()) k++;
      const indent = /^\s*/.exec(l)[0].length;
      if (k < lines.length && /^\s*/.exec(lines[k])[0].length > indent) {
        const start = k;
        let end = k;
        for (; k < lines.length; k++) {
          if (!lines[k].trim()) continue;
          if (/^\s*/.exec(lines[k])[0].length <= indent) break;
          end = k;
        }
        literals.push({ from: start + 1, to: end + 1, marker: i + 1 });
        i = end;
      }
    }
  }
  return { titles, tables, literals };
}

/** An RST section title at lines[i] (its overline or its text), or undefined. */
function title(lines, i) {
  const at = (k) => lines[k] ?? '';
  const blankBefore = (k) => k === 0 || !at(k - 1).trim();
  const adornment = (s) => s.trim().length >= 3 && PUNCT.test(s.trim()) && !/^\s/.test(s);
  const good = (text, under) =>
    text.trim() && !/^\s{4}/.test(text) && under.trim().length >= [...text.trim()].length && !adornment(text) && !isLogLine(text) &&
    !/^\s*([-*+]|\d+[.)])\s/.test(text) && !/^\s*(\||\+[-=])/.test(text) && !/^\s*<|^\s*```|:\s*$/.test(text) && !/\s{2,}\S+\s{2,}/.test(text.trim());
  // overline, text, underline of the same character
  if (adornment(at(i)) && blankBefore(i) && at(i + 1).trim() && adornment(at(i + 2)) && at(i + 2).trim() === at(i).trim()) {
    const text = at(i + 1);
    if (good(text, at(i))) return { text: plainText(text), line: i + 2, to: i + 3, style: `${at(i).trim()[0]}/over`, char: at(i).trim()[0] };
  }
  if (blankBefore(i) && at(i).trim() && adornment(at(i + 1)) && good(at(i), at(i + 1)) && !at(i).startsWith(' ')) {
    const ch = at(i + 1).trim()[0];
    if (ch === '`' || (ch === '~' && /^~{3,}$/.test(at(i + 1)) && at(i + 1).length < at(i).trim().length)) return undefined; // a fence
    return { text: plainText(at(i)), line: i + 1, to: i + 2, style: ch, char: ch };
  }
  return undefined;
}

const textOfMd = (node) => (node.value !== undefined && node.type !== 'html' ? node.value : (node.children ?? []).map(textOfMd).join(''));

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rawOfMd = (node) => (node.type === 'html' ? node.value : node.value !== undefined ? escapeHtml(node.value) : (node.children ?? []).map(rawOfMd).join(''));
const htmlOfMd = (node) => (node.type === 'html' ? [node.value] : (node.children ?? []).flatMap(htmlOfMd));
const TAG = /<\/?[A-Za-z][^>]*>/g;

/**
 * A table cell's text as a reader sees it once its HTML is rendered: <b>x</b> is x, <br> a space,
 * <script>/<style> and hidden text nothing (visibleText). `html`: the tags removed ('' when none).
 * @param {string} raw the cell's HTML (Markdown text escaped)
 */
function renderedCell(raw, tags) {
  if (!tags.length) return { text: raw, html: '' };
  return { text: clean(visibleText(parseFragment(raw))), html: tags.join('') };
}

/**
 * Visible text of an HTML node: no <del>/<s>/<strike>, nothing hidden, no comments. The text of
 * each hidden element is pushed to `hidden` when given (a table notes its cell).
 * @param {any} node
 * @param {string[]} [hidden]
 */
function visibleText(node, hidden) {
  if (node.nodeName === '#text') return node.value;
  if (node.nodeName === '#comment' || /^(del|s|strike|script|style|template)$/.test(node.nodeName)) return '';
  if (hiddenNode(node)) {
    const text = clean(visibleText({ ...node, attrs: [] }));
    if (text) hidden?.push(text);
    return '';
  }
  const inner = (node.childNodes ?? []).map((c) => visibleText(c, hidden)).join('');
  return node.nodeName === 'br' ? ' ' : inner;
}
function* walkHtml(node) {
  yield node;
  for (const c of node.childNodes ?? []) yield* walkHtml(c);
  if (node.content) yield* walkHtml(node.content);
}
const clean = (s) => s.replace(/\s+/g, ' ').trim();

/** A style declaration that hides its element: display:none, visibility:hidden, a font size or opacity of 0 (digits hidden in a cell). */
const hidingDeclaration = (d) => {
  const [prop = '', value = ''] = d.split(':').map((x) => x.trim().toLowerCase().replace(/\s*!important$/, ''));
  if (prop === 'display') return value === 'none';
  if (prop === 'visibility') return value === 'hidden' || value === 'collapse';
  return (prop === 'font-size' || prop === 'opacity') && /^[+]?0*\.?0*(px|em|rem|pt|%|vw|vh|ex|ch)?$/.test(value) && /0/.test(value);
};
const hiddenNode = (n) => (n.attrs ?? []).some((a) => a.name === 'hidden' || (a.name === 'style' && a.value.split(';').some(hidingDeclaration)));
const span = (n, name) => Math.max(1, Math.min(100, Number(n.attrs?.find((a) => a.name === name)?.value) || 1));

/**
 * An HTML <table> as header and rows of visible cell text, each cell at its line. colspan and
 * rowspan are spread over the grid; the header is the leading rows of <th> cells, or else the
 * leading rows with no number in them ("Throughput (rps)" over "Mean", "Max": "Throughput (rps) Mean").
 */
function htmlTable(table) {
  const loc = table.sourceCodeLocation;
  const trs = [...walkHtml(table)].filter((n) => n.nodeName === 'tr' && !hiddenNode(n) && isInside(n, table));
  const grid = [];
  const htmlRemoved = []; // hidden text left out of a visible cell, noted by the table reader
  const pending = []; // rowspans carried into the rows below: column -> { cell, left }
  for (const tr of trs) {
    const row = [];
    const cells = (tr.childNodes ?? []).filter((c) => (c.nodeName === 'td' || c.nodeName === 'th') && !hiddenNode(c));
    let col = 0;
    const place = () => {
      while (pending[col]?.left > 0) {
        row[col] = { ...pending[col].cell };
        pending[col].left--;
        col++;
      }
    };
    for (const c of cells) {
      place();
      const hidden = [];
      const cell = { text: plainText(clean(visibleText(c, hidden))), line: c.sourceCodeLocation?.startLine ?? tr.sourceCodeLocation?.startLine ?? loc.startLine, th: c.nodeName === 'th' };
      if (hidden.length) htmlRemoved.push({ line: cell.line, html: `hidden text ${hidden.map((h) => JSON.stringify(h)).join(', ')}` });
      for (let k = 0; k < span(c, 'colspan'); k++) {
        row[col] = { ...cell };
        if (span(c, 'rowspan') > 1) pending[col] = { cell, left: span(c, 'rowspan') - 1 };
        col++;
      }
    }
    place();
    if (row.length) grid.push(Array.from(row, (c) => c ?? { text: '', line: tr.sourceCodeLocation?.startLine ?? loc.startLine, th: false }));
  }
  let headerRows = 0;
  while (headerRows < grid.length && grid[headerRows].every((c) => c.th)) headerRows++;
  if (!headerRows) while (headerRows < grid.length - 1 && !grid[headerRows].some((c) => isNumericCell(c.text))) headerRows++;
  if (headerRows === grid.length) headerRows = 0;
  const strip = (r) => r.map(({ text, line }) => ({ text, line }));
  const header = [];
  if (headerRows) {
    const width = Math.max(...grid.slice(0, headerRows).map((r) => r.length));
    for (let c = 0; c < width; c++) {
      const parts = grid.slice(0, headerRows).map((r) => r[c]).filter(Boolean);
      const texts = parts.map((p) => p.text).filter((t, k, all) => t && all.indexOf(t) === k);
      header.push({ text: texts.join(' '), line: parts[parts.length - 1]?.line ?? loc.startLine });
    }
  }
  return { from: loc.startLine, to: loc.endTag?.endLine ?? loc.endLine, header, rows: grid.slice(headerRows).map(strip), markup: 'html', cut: !loc.endTag, ...(htmlRemoved.length ? { htmlRemoved } : {}) };
}
const isInside = (node, ancestor) => {
  for (let n = node.parentNode; n; n = n.parentNode) if (n.nodeName === 'table') return n === ancestor;
  return false;
};

/**
 * The most table rows a report may have, all its tables together: the data stage holds every row
 * as a measurement, and 100,000 rows take about 660 MB from seed to data/ (the budget is 700 MB).
 * More is refused at the line of the first row too many.
 */
export const MAX_TABLE_ROWS = 100_000;

const tooManyRows = (line) =>
  new InputError(line, `tables of at most ${MAX_TABLE_ROWS.toLocaleString('en')} rows in one report (split a bigger report into one seed per run or table)`, 'more rows');

/** Rows from which a Markdown pipe table is read line by line instead of by micromark (see bigTables). */
export const BIG_TABLE_ROWS = 1000;

const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** The cells of a pipe table row: split at each "|" not escaped, the outer ones dropped, "\|" read as "|". */
function pipeCells(line) {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
}

/** An org-mode table rule: "|---+---|" (a "+" between the columns: never a Markdown delimiter row). */
const ORG_RULE = /^\s*\|-+(\+-+)+\|?\s*$/;
const ORG_ROW = /^\s*\|/;

/**
 * Org-mode tables (Emacs), at any indentation: runs of lines that start with "|", with a rule of
 * dashes joined by "+" among them. The row above the first rule, when one is, is the header; rules
 * are no rows. Markdown reads them as text or as an indented code block.
 */
function orgTables(lines, masked) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (masked.has(i + 1) || !ORG_ROW.test(lines[i])) continue;
    let j = i;
    while (j < lines.length && ORG_ROW.test(lines[j]) && !masked.has(j + 1)) j++;
    const run = lines.slice(i, j);
    if (run.some((l) => ORG_RULE.test(l))) {
      const cells = (l, n) =>
        l
          .trim()
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split('|')
          .map((c) => ({ text: plainText(c.trim()), line: n }));
      const rows = run.map((l, k) => (ORG_RULE.test(l) ? null : cells(l, i + k + 1)));
      const firstRule = run.findIndex((l) => ORG_RULE.test(l));
      const firstRow = rows.findIndex(Boolean);
      const headed = firstRow >= 0 && firstRule > firstRow && rows.slice(firstRow + 1, firstRule).every((r) => !r);
      const body = rows.filter((r, k) => r && !(headed && k === firstRow));
      out.push({ from: i + 1, to: j, header: headed ? rows[firstRow] : [], rows: body, markup: 'org' });
    }
    i = j - 1;
  }
  return out;
}

/** A number that leads a cell ("708.5684 us", "1.9 s"): a cell of data, never of a header. */
const DATA_CELL = /^[-+~]?\d/;

/** The line (1-based) of each character offset of a run of lines joined by "\n", from its first line. */
function lineAt(lines, first) {
  const starts = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length + 1;
  }
  return (offset) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= offset) k++;
    return first + k;
  };
}

/** LaTeX markup of a cell removed: \textbf{x} -> x, \bf, $\pm$ -> ±, \% -> %, braces and math dollars. */
function latexText(t) {
  return plainText(
    t
      .replace(/\$\\pm\$|\\pm\b/g, '±')
      .replace(/\$\\times\$|\\times\b/g, '×')
      .replace(/\\([%&_#$])/g, '$1')
      .replace(/\\(textbf|textit|texttt|emph|mathrm|mathbf|text|textrm|textsf|underline|mbox)\s*\{([^{}]*)\}/g, '$2')
      .replace(/\\[a-zA-Z]+\*?(\[[^\]]*\])?/g, ' ')
      .replace(/[{}$]/g, '')
      .replace(/~/g, ' '),
  );
}

/** The cells of a LaTeX row at its top-level "&", each with its offset; \multicolumn{n}{..}{text} stands for n cells. */
function latexCells(row, offset) {
  const cells = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k <= row.length; k++) {
    const c = row[k];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (k === row.length || (c === '&' && row[k - 1] !== '\\' && depth <= 0)) {
      const raw = row.slice(start, k);
      const lead = raw.length - raw.trimStart().length;
      const multi = /^\s*\\multicolumn\s*\{(\d+)\}\s*\{[^{}]*\}\s*\{(.*)\}\s*$/s.exec(raw);
      for (let n = 0; n < (multi ? Number(multi[1]) : 1); n++) cells.push({ text: latexText(multi ? multi[2] : raw), at: offset + start + lead });
      start = k + 1;
    }
  }
  return cells;
}

/** A LaTeX sectioning command on its own line, its title in braces (a \label after it allowed), and its depth. */
const LATEX_SECTION = /^\s*\\(part|chapter|section|subsection|subsubsection)\*?\s*\{(.*)\}\s*(?:\\label\{[^{}]*\}\s*)?$/;
const LATEX_DEPTH = { part: 1, chapter: 1, section: 1, subsection: 2, subsubsection: 3 };

/** Rules between LaTeX rows: \hline, \toprule, \midrule, \bottomrule, \cline{..}, \cmidrule(..){..}. */
const LATEX_RULE = /\\(hline|toprule|midrule|bottomrule|hhline\{[^}]*\}|cline\{[^}]*\}|cmidrule(\([^)]*\))?\{[^}]*\})/g;

/**
 * The header of a table as its leading rows that hold no number (up to three: a LaTeX table's
 * \multicolumn row of conditions above the row of names), one header cell a column, the texts of a
 * column joined with " / " ("no -threaded / meta"), at the line of the lowest. Rows: the rest.
 */
function headerOf(rows) {
  let n = 0;
  while (n < Math.min(3, rows.length - 1) && !rows[n].slice(1).some((c) => DATA_CELL.test(c.text))) n++;
  if (!n) return { header: [], rows };
  const width = Math.max(...rows.slice(0, n).map((r) => r.length));
  const header = Array.from({ length: width }, (_, k) => {
    const parts = rows.slice(0, n).map((r) => r[k]).filter((c) => c?.text);
    return { text: [...new Set(parts.map((c) => c.text))].join(' / '), line: (parts.at(-1) ?? rows[n - 1][0]).line };
  });
  return { header, rows: rows.slice(n) };
}

/**
 * LaTeX tables (\begin{tabular}..\end{tabular}, tabular*, tabularx, longtable) wherever they stand, as
 * a paper written in Markdown or LaTeX holds them: rows end at "\\", cells part at "&", rules are no
 * rows, \multicolumn spans its columns, inline markup is removed. A tabular of verbatim blocks (code
 * side by side) is no table of values. Each cell keeps the line it starts on.
 */
function latexTables(lines, masked) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const begin = /\\begin\{(tabular\*?|tabularx|longtable)\}/.exec(lines[i]);
    if (!begin || masked.has(i + 1)) continue;
    const end = lines.findIndex((l, k) => k >= i && l.includes(`\\end{${begin[1]}}`));
    if (end < 0) continue;
    const open = i;
    const run = lines.slice(i, end + 1);
    const at = lineAt(run, i + 1);
    const joined = run.join('\n').replace(/(?<!\\)%[^\n]*/g, (m) => ' '.repeat(m.length));
    // The body: after \begin{tabular}{spec} (its column spec's braces nest), before \end{tabular}.
    let from = joined.indexOf(begin[0]) + begin[0].length;
    if (begin[1] !== 'tabular') from = joined.indexOf('}', joined.indexOf('{', from)) + 1;
    while (/^\s*\{/.test(joined.slice(from))) {
      let depth = 0;
      let k = joined.indexOf('{', from);
      for (; k < joined.length; k++) {
        if (joined[k] === '{') depth++;
        else if (joined[k] === '}' && --depth === 0) break;
      }
      from = k + 1;
    }
    const to = joined.lastIndexOf(`\\end{${begin[1]}}`);
    const body = joined.slice(from, to).replace(LATEX_RULE, (m) => ' '.repeat(m.length));
    i = end;
    if (/\\begin\{verbatim\}/.test(body)) continue;
    const rows = [];
    let start = 0;
    for (const m of [...body.matchAll(/\\\\(\s*\[[^\]]*\])?/g), { index: body.length, 0: '' }]) {
      const text = body.slice(start, m.index);
      if (text.trim()) rows.push(latexCells(text, from + start).map((c) => ({ text: c.text, line: at(c.at) })));
      start = m.index + m[0].length;
    }
    if (rows.length < 2 || rows.every((r) => r.length < 2)) continue;
    out.push({ from: open + 1, to: end + 1, ...headerOf(rows), markup: 'latex' });
  }
  return out;
}

/** An AsciiDoc table's delimiter line, and the attribute line above it ([cols="3,1,1",options="header"]). */
const ADOC_DELIMITER = /^\|={3,}\s*$/;

/**
 * AsciiDoc tables (|=== .. |===): each cell starts at a "|" (a cell spec such as "2+" or "a" before it
 * is dropped: "2+|" spans, "3*|" repeats), on its own line or several to a line; the columns are as many as the attribute line's
 * cols="..." names, else the cells of the first line. The header is the first row where the
 * attributes say header (options="header", %header) or where the first line, all cells of one row,
 * is followed by a blank line (AsciiDoc's implicit header).
 */
function asciidocTables(lines, masked) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!ADOC_DELIMITER.test(lines[i]) || masked.has(i + 1)) continue;
    const end = lines.findIndex((l, k) => k > i && ADOC_DELIMITER.test(l));
    if (end < 0) break;
    const open = i;
    const attrs = i > 0 ? /^\[(.*)\]\s*$/.exec(lines[i - 1])?.[1] ?? '' : '';
    const spec = /\bcols\s*=\s*"?([^"\]]*)"?/.exec(attrs)?.[1] ?? '';
    const starred = /^(\d+)\*/.exec(spec.trim());
    const cells = [];
    let firstLine = -1;
    for (let k = i + 1; k < end; k++) {
      const l = lines[k];
      if (!l.trim()) continue;
      if (!/^\s*([\d.+*]*[<^>]?(\.[<^>])?[adehlmsv]?)?\|/.test(l)) {
        // A line that goes on the cell above (a cell's text over several lines).
        if (cells.length) cells.at(-1).text = `${cells.at(-1).text} ${plainText(l)}`;
        continue;
      }
      if (firstLine < 0) firstLine = k;
      for (const part of l.split(/(?<!\\)\|/).slice(1)) cells.push({ text: plainText(part.replace(/\\\|/g, '|').replace(/\s+\d+(\.\d+)?[+*][<^>]?(\.[<^>])?[adehlmsv]?$/, '')), line: k + 1 });
    }
    const width = starred ? Number(starred[1]) : spec ? spec.split(',').length : cells.filter((c) => c.line === firstLine + 1).length;
    i = end;
    if (width < 2 || !cells.length) continue;
    const rows = [];
    for (let k = 0; k < cells.length; k += width) rows.push(cells.slice(k, k + width));
    const first = rows[0];
    const implicit = first.every((c) => c.line === firstLine + 1) && !lines[firstLine + 1]?.trim();
    const headed = /options\s*=\s*"?[^"\]]*\bheader\b|%header/.test(attrs) || (implicit && !/%noheader|options\s*=\s*"?[^"\]]*noheader/.test(attrs));
    out.push({ from: open + 1, to: end + 1, header: headed ? first : [], rows: headed ? rows.slice(1) : rows, markup: 'asciidoc' });
  }
  return out;
}

/**
 * Markdown pipe tables of more than BIG_TABLE_ROWS rows outside code, read line by line: micromark
 * holds about 30 KB for each row of a table (a table of 10,000 rows took 300 MB), so a big table is
 * read here, with the cells' inline markup removed as for the others (inline HTML tags dropped,
 * their text kept), and its lines are blanked before micromark reads the rest.
 */
function bigTables(lines, masked, defined) {
  const found = [];
  let fence;
  for (let i = 0; i + 1 < lines.length; i++) {
    const l = lines[i];
    const f = FENCE.exec(l);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !f[2].trim()) fence = undefined;
      continue;
    }
    if (f) {
      fence = f[1];
      continue;
    }
    if (masked.has(i + 1) || !l.includes('|') || /^ {4}|^\s*>/.test(l) || !DELIMITER_ROW.test(lines[i + 1]) || !lines[i + 1].includes('|')) continue;
    if (i > 0 && lines[i - 1].trim()) continue;
    const width = pipeCells(l).length;
    if (pipeCells(lines[i + 1]).length !== width) continue;
    let k = i + 2;
    while (k < lines.length && lines[k].trim() && lines[k].includes('|') && !/^ {0,3}(#|>|`{3,}|~{3,})/.test(lines[k])) {
      if (k - (i + 2) >= MAX_TABLE_ROWS) throw tooManyRows(k + 1);
      k++;
    }
    if (k - (i + 2) <= BIG_TABLE_ROWS) continue;
    const htmlRemoved = [];
    const cell = (text, line) => {
      const tags = text.match(TAG) ?? [];
      if (tags.length) htmlRemoved.push({ line, html: tags.join('') });
      return { text: plainText(referenceTexts(renderedCell(text, tags).text, defined)), line };
    };
    const row = (n) => {
      const cells = pipeCells(lines[n]).slice(0, width);
      while (cells.length < width) cells.push('');
      return cells.map((c) => cell(c, n + 1));
    };
    const rows = [];
    for (let n = i + 2; n < k; n++) rows.push(row(n));
    found.push({ from: i + 1, to: k, header: row(i), rows, markup: 'gfm', ...(htmlRemoved.length ? { htmlRemoved } : {}) });
    i = k - 1;
  }
  return found;
}

/**
 * @param {string} text a report in Markdown, reStructuredText, HTML, plain text or a mix
 * @returns {{ headings: Array<{ text: string, depth: number, line: number, kind: string }>, blocks: any[] }}
 */
export function outline(text) {
  const lines = splitLines(text);
  checkWidth(lines);
  const { titles, tables: rstTables, literals } = scanLines(lines);
  // Titles Markdown does not know (another character, an overline) make the file RST: then every
  // underlined title is RST's, with depth by order of first appearance; else `=`/`-` are setext.
  const rst = titles.some((t) => !/^[=-]$/.test(t.style)) || literals.some((l) => /::\s*$/.test(lines[l.marker - 1]));
  const masked = new Set();
  const mask = (from, to) => {
    for (let n = from; n <= to; n++) masked.add(n);
  };
  const headings = [];
  if (rst) {
    const styles = [];
    for (const t of titles) {
      if (!styles.includes(t.style)) styles.push(t.style);
      headings.push({ text: t.text, depth: Math.min(styles.indexOf(t.style) + 1, 6), line: t.line, kind: 'rst' });
      mask(t.to - (t.style.endsWith('/over') ? 2 : 1), t.to);
    }
  }
  const blocks = [];
  for (const t of rstTables) {
    mask(t.from, t.to);
    blocks.push({ type: 'table', ...t });
  }
  if (rst) {
    for (const l of literals) {
      mask(l.from, l.to);
      blocks.push({ type: 'code', from: l.from, to: l.to }, ...alignedTables(lines, l.from - 1, l.to).map((t) => ({ type: 'table', ...t })));
    }
  }

  for (const t of [...asciidocTables(lines, masked), ...latexTables(lines, masked)]) {
    mask(t.from, t.to);
    blocks.push({ type: 'table', ...t });
  }
  for (const t of orgTables(lines, masked)) {
    mask(t.from, t.to);
    blocks.push({ type: 'table', ...t });
  }
  const defined = new Set(lines.map((l) => /^ {0,3}\[([^\]]+)\]:\s*\S/.exec(l)?.[1]).filter(Boolean).map(label));
  for (const t of bigTables(lines, masked, defined)) {
    mask(t.from, t.to);
    blocks.push({ type: 'table', ...t });
  }
  // Markdown, with the lines read above blanked (so line numbers stay those of the file).
  const source = lines.map((l, i) => (masked.has(i + 1) ? '' : l)).join('\n');
  const mdText = (node) => referenceTexts(textOfMd(node), defined);
  const tree = fromMarkdown(source, { extensions: [gfmTable(), NO_LINKS], mdastExtensions: [gfmTableFromMarkdown()] });
  const codeRanges = [];
  const visit = (node) => {
    const from = node.position.start.line;
    const to = node.position.end.line;
    if (node.type === 'heading') {
      const setext = !/^\s{0,3}#/.test(lines[from - 1]);
      const t = plainText(mdText(node));
      // A setext underline under several lines, or under a log line, is a rule below a paragraph, not a title.
      if (t && !(setext && (isLogLine(t) || to - from > 1))) headings.push({ text: t, depth: node.depth, line: from, kind: setext ? 'setext' : 'atx' });
      else if (t) blocks.push({ type: 'paragraph', from, to: to - 1 });
    } else if (node.type === 'table') {
      const htmlRemoved = [];
      const cellOf = (c) => {
        const tags = htmlOfMd(c);
        // A cell that is all bold or italic ("| **insert** | | |") is marked a title: a row of it alone names a group.
        const title = c.children.length === 1 && ['strong', 'emphasis'].includes(c.children[0].type) ? { title: true } : {};
        if (!tags.length) return { text: plainText(mdText(c)), line: c.position.start.line, ...title };
        const r = renderedCell(rawOfMd(c), tags);
        htmlRemoved.push({ line: c.position.start.line, html: r.html });
        return { text: plainText(referenceTexts(r.text, defined)), line: c.position.start.line };
      };
      const [head, ...body] = node.children.map((row) => row.children.map(cellOf));
      blocks.push({ type: 'table', from, to, header: head, rows: body, markup: 'gfm', ...(htmlRemoved.length ? { htmlRemoved } : {}) });
    } else if (node.type === 'code') {
      codeRanges.push([from, to]);
      const fenced = /^\s*(`{3,}|~{3,})/.test(lines[from - 1]);
      blocks.push({ type: 'code', from, to }, ...alignedTables(lines, fenced ? from : from - 1, fenced ? to - 1 : to).map((t) => ({ type: 'table', ...t })));
      // A fence that says it holds Markdown (```markdown: nanobench's README shows the table its
      // executable prints so) holds Markdown's tables: read with the file's line numbers.
      if (fenced && /^\s*(`{3,}|~{3,})\s*(markdown|md|gfm)\s*$/i.test(lines[from - 1])) {
        const inner = lines.map((l, k) => (k + 1 > from && k + 1 < to ? l : '')).join('\n');
        const sub = fromMarkdown(inner, { extensions: [gfmTable(), NO_LINKS], mdastExtensions: [gfmTableFromMarkdown()] });
        for (const t of sub.children) if (t.type === 'table') visit(t);
      }
    } else if (node.type === 'paragraph') {
      const only = node.children.length === 1 ? node.children[0] : undefined;
      if (only && only.type === 'strong' && from === to) {
        headings.push({ text: plainText(mdText(only)), depth: WEAK, line: from, kind: 'bold' });
        return;
      }
      const aligned = alignedTables(lines, from - 1, to);
      if (aligned.length) blocks.push(...aligned.map((t) => ({ type: 'table', ...t })));
      else blocks.push({ type: 'paragraph', from, to });
    } else if (node.type === 'html') {
      blocks.push({ type: 'html', from, to });
    } else if (node.type === 'list') {
      blocks.push({ type: 'list', from, to });
      for (const item of node.children) for (const c of item.children) if (/^(code|table|html)$/.test(c.type)) visit(c);
    } else if (node.type === 'blockquote') {
      for (const c of node.children) visit(c);
    }
  };
  for (const node of tree.children) visit(node);

  // HTML: tables, <summary>, <h1>..<h6>, wherever they stand outside code.
  if (/<(table|summary|h[1-6])\b/i.test(text)) {
    const inCode = (n) => codeRanges.some(([a, b]) => n >= a && n <= b) || literals.some((l) => rst && n >= l.from && n <= l.to);
    const doc = parseHtml(lines.join('\n'), { sourceCodeLocationInfo: true });
    const htmlTables = [];
    for (const node of walkHtml(doc)) {
      const loc = node.sourceCodeLocation;
      if (!loc || inCode(loc.startLine)) continue;
      if (node.nodeName === 'table' && !htmlTables.some((t) => loc.startLine >= t.from && loc.startLine <= t.to)) htmlTables.push(htmlTable(node));
      const h = /^h([1-6])$/.exec(node.nodeName);
      if (h || node.nodeName === 'summary') {
        const t = plainText(clean(visibleText(node)));
        if (t) headings.push({ text: t, depth: h ? Number(h[1]) : WEAK, line: loc.startLine, kind: h ? 'html' : 'summary' });
      }
    }
    for (const t of htmlTables) {
      for (let j = blocks.length - 1; j >= 0; j--) {
        const b = blocks[j];
        if (b.type !== 'table' && b.type !== 'code' && b.from <= t.to && b.to >= t.from) blocks.splice(j, 1);
      }
      blocks.push({ type: 'table', ...t });
    }
  }

  let rowCount = 0;
  for (const b of blocks) {
    rowCount += b.type === 'table' ? (b.rows?.length ?? 0) : 0;
    if (rowCount > MAX_TABLE_ROWS) throw tooManyRows(b.rows[b.rows.length - 1 - (rowCount - MAX_TABLE_ROWS - 1)][0]?.line ?? b.from);
    const wide = b.type === 'table' ? [b.header ?? [], ...(b.rows ?? [])].find((r) => r.length > MAX_TABLE_COLUMNS) : undefined;
    if (wide) throw new InputError(wide[0]?.line ?? b.from, `a table of at most ${MAX_TABLE_COLUMNS.toLocaleString('en')} columns`, `${wide.length.toLocaleString('en')} columns`);
  }
  // LaTeX sectioning commands ("\subsection{CPU-Bound Workload}"), outside code, as a paper written in LaTeX or
  // Markdown holds them: headings, so a tabular is named by the section it stands in (rsx207-wasm-bench's report).
  lines.forEach((l, k) => {
    const m = LATEX_SECTION.exec(l);
    if (!m || codeRanges.some(([a, b]) => k + 1 >= a && k + 1 <= b)) return;
    const t = latexText(m[2]);
    if (t) headings.push({ text: t, depth: LATEX_DEPTH[m[1]], line: k + 1, kind: 'latex' });
  });
  headings.sort((a, b) => a.line - b.line);
  // A bold label of a list ("**Approaches tested:**" right above "1. NSString ..."): it names that list
  // only, never the tables after it, which stay under the heading above (a Swift micro-benchmark README).
  for (const h of headings) {
    if (h.kind !== 'bold' || !/:$/.test(h.text)) continue;
    const next = blocks.filter((b) => b.from > h.line).sort((a, b) => a.from - b.from)[0];
    if (next?.type === 'list' && next.from === h.line + 1) h.to = next.to;
  }
  const result = { headings, blocks: [] };
  result.blocks = blocks
    .sort((a, b) => a.from - b.from || (a.type === 'table' ? 1 : 0) - (b.type === 'table' ? 1 : 0))
    .map((b) => {
      const { type, from, to, ...rest } = b;
      return { type, from, to, heading: headingAbove(result, from), ...rest };
    });
  return result;
}

/**
 * The text of the nearest heading at or above a line ('' when none).
 * @param {{ headings: Array<{ text: string, line: number }> }} doc an outline
 * @param {number} line 1-based
 */
export function headingAbove(doc, line) {
  let found = null;
  const above = [];
  for (const h of doc.headings) {
    if (h.line > line) break;
    while (above.length && above.at(-1).depth >= h.depth) above.pop();
    above.push(h);
    // A label that names one block only (a list's bold label) ends with it.
    if (h.to === undefined || h.to >= line) found = h;
  }
  if (!found) return '';
  // A heading written again under another (cyf's Apache Bench report: "### before late limit" under
  // "## go" and under "## rust") is named with the heading it is under: "go / before late limit".
  const parent = above.filter((h) => h.depth < found.depth && h.line < found.line).at(-1);
  const again = doc.headings.some((h) => h !== found && h.text.toLowerCase() === found.text.toLowerCase());
  return again && parent ? `${parent.text} / ${found.text}` : found.text;
}
