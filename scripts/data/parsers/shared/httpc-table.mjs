// Finding and reading httpc_bench's result table wherever it stands: in a Markdown code block (the
// 2017 README), as a bare text file (what a run prints), or as a Markdown pipe table. The table is
// recognised by its header line (a "Client" column, then the tool's column names); columns may be
// added, removed or reordered. A column the tool's list does not know is kept, under its header in
// snake_case, as a string cell of each row, and listed in `unknown` so that add-report can say so.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank, matchHeader } from '../../../lib/text.mjs';
import { tokens, readRow } from '../shared/text-table.mjs';
import { HTTPC_COLUMNS } from './httpc-bench.mjs';
import { MAX_TABLE_COLUMNS } from '../../read/outline.mjs';

/** @typedef {{ name: string, text: string, start: number, end: number, known: boolean }} HttpcColumn */

const snake = (s) => s.toLowerCase().replace(/%/g, ' pct ').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'column';

/** The cells of a pipe-table line ("| a | b |"), or null when the line is not one. */
function pipeCells(line) {
  const t = line.trim();
  if (!t.startsWith('|')) return null;
  const out = [];
  const re = /\|([^|]*)(?=\|)/g;
  let m;
  while ((m = re.exec(t))) out.push({ text: m[1].trim(), start: m.index + 1, end: m.index + 1 + m[1].length });
  return out;
}

const tooWide = (lineNo, found) => new InputError(lineNo, `a table of at most ${MAX_TABLE_COLUMNS.toLocaleString('en')} columns`, found);

/**
 * Read a header line into columns: known names by their accepted spellings (up to three words
 * joined, "Error %"), any other word (or pipe cell) an unknown column named from it. A header of
 * more than MAX_TABLE_COLUMNS cells is refused at its line before any is read.
 * @param {string} line
 * @param {number} [lineNo] its 1-based number, for the refusal
 * @returns {HttpcColumn[]}
 */
export function readHttpcHeader(line, lineNo = 0) {
  const pipes = pipeCells(line);
  /** @type {HttpcColumn[]} */
  const columns = [];
  // The names taken, and the next suffix to try for each: linear in the columns, however many repeat.
  const used = new Set();
  const suffix = new Map();
  const push = (name, text, start, end, known) => {
    let n = name;
    for (let k = suffix.get(name) ?? 2; used.has(n); k++) {
      n = `${name}_${k}`;
      suffix.set(name, k + 1);
    }
    used.add(n);
    columns.push({ name: n, text, start, end, known });
  };
  if (pipes) {
    if (pipes.length > MAX_TABLE_COLUMNS) throw tooWide(lineNo, `${pipes.length.toLocaleString('en')} columns`);
    for (const c of pipes) {
      const found = matchHeader(c.text, HTTPC_COLUMNS);
      const name = found && !used.has(found) ? found : undefined;
      push(name ?? snake(c.text), c.text, c.start, c.end, Boolean(name));
    }
    return columns;
  }
  const words = tokens(line);
  if (words.length > MAX_TABLE_COLUMNS) throw tooWide(lineNo, `a header of ${words.length.toLocaleString('en')} words`);
  for (let i = 0; i < words.length; ) {
    let taken = 1;
    let name;
    for (let k = Math.min(3, words.length - i); k >= 1; k--) {
      const found = matchHeader(line.slice(words[i].start, words[i + k - 1].end), HTTPC_COLUMNS);
      if (found && !used.has(found)) {
        name = found;
        taken = k;
        break;
      }
    }
    const text = line.slice(words[i].start, words[i + taken - 1].end);
    push(name ?? snake(text), text, words[i].start, words[i + taken - 1].end, Boolean(name));
    i += taken;
  }
  return columns;
}

/**
 * Is this line the header of an httpc_bench result table? "Client" first, and the rate and concurrency.
 * One wider than MAX_TABLE_COLUMNS is taken for one unread, so that the parser refuses it at its line.
 */
export function isHttpcHeader(line) {
  const cells = pipeCells(line) ?? tokens(line);
  if (!/^client$/i.test(cells[0]?.text ?? '')) return false;
  if (cells.length > MAX_TABLE_COLUMNS) return true;
  const names = readHttpcHeader(line).filter((c) => c.known).map((c) => c.name);
  return names.includes('requests_per_second') && names.includes('concurrency');
}

/**
 * Find the first result table and read its rows' cells.
 * @param {string[]} lines
 * @returns {{ headerIndex: number, columns: HttpcColumn[], rows: Array<{ cells: Record<string, string|null>, line: number }> } | null}
 */
export function findHttpcTable(lines) {
  const headerIndex = lines.findIndex(isHttpcHeader);
  if (headerIndex < 0) return null;
  const columns = readHttpcHeader(lines[headerIndex], headerIndex + 1);
  const inCode = lines.slice(0, headerIndex).filter((l) => /^\s*```/.test(l)).length % 2 === 1;
  const pipe = Boolean(pipeCells(lines[headerIndex]));
  const rows = [];
  let i = headerIndex + 1;
  if (/^\s*[=-]{3,}\s*$/.test(lines[i] ?? '') || (pipe && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i] ?? ''))) i++;
  for (; i < lines.length; i++) {
    const l = lines[i];
    if (inCode && /^\s*```/.test(l)) break;
    if (pipe && !pipeCells(l)) break;
    if (isBlank(l)) {
      if (inCode) continue;
      break;
    }
    if (pipe) {
      const cells = pipeCells(l);
      if (cells.length !== columns.length) {
        throw new InputError(i + 1, `${columns.length} cells (${columns.map((c) => c.text).join(' | ')})`, `${cells.length}: ${quote(l)}`);
      }
      rows.push({ cells: Object.fromEntries(columns.map((c, k) => [c.name, cells[k].text === '' ? null : cells[k].text])), note: null, line: i + 1 });
    } else {
      const { cells, note } = readRow(l, i + 1, columns);
      rows.push({ cells, note, line: i + 1 });
    }
  }
  if (inCode && i === lines.length) {
    throw new InputError(lines.length, 'the closing ``` of the results block', 'the end of the file (the table is cut off)');
  }
  return { headerIndex, columns, rows };
}
