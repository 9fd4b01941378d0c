// Parser for httpc_bench results as a fixed-width text table inside a Markdown code block
// (lpgauth/httpc_bench README, 2017): a Methodology list naming the machines and the Erlang
// release, then under "Results" a block headed `Client  PoolSize  Concurency  Requests/s  Error %`
// (misspelt in the source) and a row of "=". No pool-count column. Tables are read by their
// headers (scripts/lib/text-table.mjs). Pure: text in, rows out, each row with its 1-based line.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, slugify } from '../../../lib/text.mjs';
import { readHeader, readRow } from '../shared/text-table.mjs';
import { HTTPC_COLUMNS, httpcRow, readHttpcIntro, checkColumns } from '../shared/httpc-bench.mjs';

export const format = 'httpc-bench-text';
export const description = 'httpc_bench results as a fixed-width text table in a Markdown code block (httpc_bench README, 2017).';

const HEADER = /^\s*Client\s+Pool\s*Size\b.*\bConc\w*\b.*Requests?\/s/i;

export function detect(text) {
  return splitLines(text.slice(0, 40000)).some((l) => HEADER.test(l));
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'an httpc_bench report with a results table', 'an empty file');
  const headerIndex = lines.findIndex((l) => HEADER.test(l));
  if (headerIndex < 0) throw new InputError(0, 'a results table headed "Client PoolSize Concurrency Requests/s Error %"', 'none');
  const headerLine = headerIndex + 1;
  const columns = readHeader(lines[headerIndex], headerLine, HTTPC_COLUMNS);
  checkColumns(columns, headerLine, quote(lines[headerIndex]));

  // The run is named after the heading above the table ("#### Results").
  let heading = null;
  for (let i = headerIndex; i >= 0; i--) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(lines[i]);
    if (m) {
      heading = { title: m[1], line: i + 1 };
      break;
    }
  }
  const run = heading ? slugify(heading.title) : 'results';

  const rows = [];
  let i = headerIndex + 1;
  if (/^\s*[=-]{3,}\s*$/.test(lines[i] ?? '')) i++;
  for (; i < lines.length; i++) {
    const l = lines[i];
    if (/^```/.test(l.trim())) break;
    if (isBlank(l)) continue;
    const { cells, note } = readRow(l, i + 1, columns);
    if (note) throw new InputError(i + 1, 'a row of numbers', quote(l));
    rows.push(httpcRow(cells, columns, run, i + 1));
  }
  if (i === lines.length) throw new InputError(lines.length, 'the closing ``` of the results block', 'the end of the file (the table is cut off)');
  if (!rows.length) throw new InputError(headerLine, 'at least one result row under the header', 'none');

  const intro = readHttpcIntro(lines, headerIndex);
  return {
    title: lines.map((l) => /^#\s+(.+)$/.exec(l)).find(Boolean)?.[1] ?? '',
    tables: { 'client-rate': { kind: 'http-client-rate', title: 'Requests per second by client and configuration', rows, notes: [] } },
    machines: intro.machines,
    software: intro.software,
    methodology: intro.methodology,
    notes: [],
    runs: [{ id: run, title: heading?.title ?? 'Results', heading_line: heading?.line ?? headerLine, ulimit_n: null, ulimit_line: null, rows: rows.length }],
    sections: [],
  };
}
