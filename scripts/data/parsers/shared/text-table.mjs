// Reading whitespace-aligned text tables by their headers, not by fixed character positions.
// Real reports drift: a column's numbers may start a character or two left of its header
// (CloudI 1.5.4, the C table), cells may be blank where nothing was measured (CloudI 1.5.4,
// `wo/queue`), a row may end in a note in parentheses (CloudI 1.7.1, "(v2/C threads)"), and
// header words may be misspelt (httpc_bench 2017, "Concurency") or made of two words ("Error %").
import { InputError, quote } from '../../../lib/errors.mjs';
import { matchHeader } from '../../../lib/text.mjs';

/** @typedef {{ name: string, text: string, start: number, end: number }} Column */
/** @typedef {{ text: string, start: number, end: number }} Token */

/** Split a line into whitespace-separated tokens with their character spans. */
export function tokens(line) {
  /** @type {Token[]} */
  const out = [];
  const re = /\S+/g;
  let m;
  while ((m = re.exec(line))) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * Read a header line into named columns. Adjacent words are joined when together they name a
 * column ("Error" + "%"). A word that names no column is an error that lists what is known.
 * @param {string} line the header line
 * @param {number} lineNo its 1-based number
 * @param {Record<string, string[]>} aliases canonical column -> accepted spellings
 * @returns {Column[]}
 */
export function readHeader(line, lineNo, aliases) {
  const words = tokens(line);
  /** @type {Column[]} */
  const columns = [];
  for (let i = 0; i < words.length; ) {
    let taken = 0;
    let name;
    for (let k = Math.min(3, words.length - i); k >= 1; k--) {
      const text = line.slice(words[i].start, words[i + k - 1].end);
      const found = matchHeader(text, aliases);
      if (found) {
        name = found;
        taken = k;
        break;
      }
    }
    if (!name) {
      const known = Object.values(aliases)
        .map((a) => a[0])
        .join(', ');
      throw new InputError(lineNo, `a column header (one of: ${known})`, quote(words[i].text));
    }
    if (columns.some((c) => c.name === name)) {
      throw new InputError(lineNo, `each column once in the header`, `${quote(words[i].text)} a second time`);
    }
    columns.push({ name, text: line.slice(words[i].start, words[i + taken - 1].end), start: words[i].start, end: words[i + taken - 1].end });
    i += taken;
  }
  return columns;
}

/**
 * Split a data row into cells under the given columns.
 * With as many words as columns, words are taken in order. With fewer, each word goes to the
 * column it lines up with best (nearest left or right edge), keeping their order; the columns
 * left over are blank (not measured). A trailing note in parentheses is returned apart.
 * @param {string} line
 * @param {number} lineNo
 * @param {Column[]} columns
 * @returns {{ cells: Record<string, string | null>, note: string | null }}
 */
export function readRow(line, lineNo, columns) {
  let body = line;
  let note = null;
  const m = /\s(\([^()]*\))\s*$/.exec(line);
  if (m) {
    note = m[1];
    body = line.slice(0, m.index);
  }
  const words = tokens(body);
  if (words.length > columns.length) {
    throw new InputError(
      lineNo,
      `${columns.length} cells (${columns.map((c) => c.text).join(' | ')})`,
      `${words.length}: ${quote(line)}`,
    );
  }
  if (words.length === 0) throw new InputError(lineNo, 'a table row', quote(line));
  const assignment = words.length === columns.length ? words.map((_, i) => i) : align(words, columns);
  /** @type {Record<string, string | null>} */
  const cells = Object.fromEntries(columns.map((c) => [c.name, null]));
  words.forEach((w, i) => {
    cells[columns[assignment[i]].name] = w.text;
  });
  return { cells, note };
}

/** Order-keeping assignment of words to columns that minimises the misalignment (dynamic programming). */
function align(words, columns) {
  const cost = (w, c) => Math.min(Math.abs(w.end - c.end), Math.abs(w.start - c.start));
  const n = words.length;
  const k = columns.length;
  const best = Array.from({ length: n }, () => new Array(k).fill(Infinity));
  const from = Array.from({ length: n }, () => new Array(k).fill(-1));
  for (let j = 0; j < k; j++) best[0][j] = cost(words[0], columns[j]);
  for (let i = 1; i < n; i++) {
    for (let j = i; j < k; j++) {
      for (let p = i - 1; p < j; p++) {
        const v = best[i - 1][p] + cost(words[i], columns[j]);
        if (v < best[i][j]) {
          best[i][j] = v;
          from[i][j] = p;
        }
      }
    }
  }
  let j = 0;
  for (let c = 1; c < k; c++) if (best[n - 1][c] < best[n - 1][j]) j = c;
  const out = new Array(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = j;
    j = from[i][j];
  }
  return out;
}
