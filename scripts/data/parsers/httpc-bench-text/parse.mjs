// Parser for httpc_bench results as a text table: inside a Markdown code block (lpgauth/httpc_bench
// README, 2017: a Methodology list naming the machines and the Erlang release, then under "Results"
// a block headed `Client  PoolSize  Concurency  Requests/s  Error %`, misspelt in the source, and a
// row of "="), as the bare table a run prints, or as a Markdown pipe table. The table is found by its
// header line wherever it stands (scripts/data/parsers/shared/httpc-table.mjs); a column the tool's list
// does not know is kept in each row as text and listed in `unknownColumns`. Pure: text in, rows out.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, slugify } from '../../../lib/text.mjs';
import { httpcRow, readHttpcIntro, checkColumns } from '../shared/httpc-bench.mjs';
import { findHttpcTable, isHttpcHeader } from '../shared/httpc-table.mjs';

export const format = 'httpc-bench-text';
export const description =
  'httpc_bench results as a text table: in a Markdown code block (httpc_bench README, 2017), bare as a run prints it, or a pipe table.';

export function detect(text) {
  return splitLines(text).some(isHttpcHeader);
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'an httpc_bench report with a results table', 'an empty file');
  const table = findHttpcTable(lines);
  if (!table) throw new InputError(0, 'a results table headed "Client PoolSize Concurrency Requests/s Error %"', 'none');
  const { headerIndex, columns } = table;
  const headerLine = headerIndex + 1;
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

  const unknown = columns.filter((c) => !c.known);
  const rows = table.rows.map(({ cells, note, line }) => {
    if (note) throw new InputError(line, 'a row of numbers', quote(lines[line - 1]));
    const { line: _, ...known } = httpcRow(cells, columns, run, line);
    return { ...known, ...Object.fromEntries(unknown.map((c) => [c.name, cells[c.name] ?? null])), line };
  });
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
    // Only when there are some, so that a table of known columns parses exactly as before.
    ...(unknown.length ? { unknownColumns: unknown.map((c) => ({ table: 'client-rate', column: c.name, header: c.text, line: headerLine })) } : {}),
  };
}
