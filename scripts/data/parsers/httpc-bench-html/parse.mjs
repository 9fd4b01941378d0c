// Parser for httpc_bench results published as HTML tables inside Markdown (Mojito's BENCHMARK.md):
// an introduction naming the machines and the clients, then one "## <run>" section per run, each
// with prose (where `ulimit -n` is stated) and a <table> of Client, Pool Count, Pool Size,
// Concurrency, Req/sec, Error %. Tables are read with an HTML parser (parse5), never with
// regular expressions over markup. Pure: text in, rows out, each row with its 1-based line.
import { parse as parseHtml, defaultTreeAdapter } from 'parse5';
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, slugify, matchHeader } from '../../../lib/text.mjs';
import { HTTPC_COLUMNS, httpcRow, readHttpcIntro } from '../shared/httpc-bench.mjs';

export const format = 'httpc-bench-html';
export const description = 'httpc_bench results as HTML tables in Markdown, one table per run (Mojito BENCHMARK.md, 2019).';

export function detect(text) {
  return /<table[\s>]/i.test(text) && /Req\/sec/i.test(text) && /Pool\s*Size/i.test(text);
}

const textOf = (node) =>
  node.nodeName === '#text' ? node.value : (node.childNodes ?? []).map(textOf).join('');

const attrOf = (node, name) => node.attrs?.find((a) => a.name === name)?.value;
/** Elements whose content a reader never reads as the value: struck out (withdrawn), or never shown. */
const UNREAD = new Set(['del', 's', 'strike', 'template', 'script', 'style', 'noscript']);
const HIDDEN_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(;|$)/i;

/**
 * The text of a cell as a reader sees it: comments, struck-out text (<del>, <s>) and what is hidden
 * (the `hidden` attribute, `display:none`) are no part of it, so `<del>9</del>101280` reads 101280,
 * not 9101280. Any other inline style could hide text too (a font size of 0, white on white, and
 * GitHub drops styles when it renders the report): the cell is refused at its line.
 * @returns {string}
 */
export function cellText(node, line) {
  if (node.nodeName === '#text') return node.value;
  if (node.nodeName === '#comment' || UNREAD.has(node.nodeName)) return '';
  const style = attrOf(node, 'style');
  if (attrOf(node, 'hidden') !== undefined || (style !== undefined && HIDDEN_STYLE.test(style))) return '';
  if (style !== undefined && node.nodeName !== 'td') {
    throw new InputError(line, 'a cell without inline styles (a style can hide or change the text a reader sees)', quote(`<${node.nodeName} style="${style}">${textOf(node)}`));
  }
  return (node.childNodes ?? []).map((c) => cellText(c, line)).join('');
}
const children = (node, name) => (node.childNodes ?? []).filter((c) => c.nodeName === name);
function* walk(node) {
  yield node;
  for (const c of node.childNodes ?? []) yield* walk(c);
  if (node.content) yield* walk(node.content);
}

/**
 * parse5's tree, kept small enough for a report of 100,000 rows (the whole tree with every source
 * location took the data stage to 1.16 GB): an element keeps only the line it starts on and whether
 * its end tag is written, a text or comment node no location at all, and a table row, once the
 * parser has closed it, is read into `row` (its cells as a reader sees them, each with its line)
 * and its cells let go (a row of <tbody>: the header row is read from its <th> cells later). A row that holds a table is kept whole, as that table is read on its own.
 */
const LEAN = {
  ...defaultTreeAdapter,
  setNodeSourceCodeLocation(node, location) {
    node.sourceCodeLocation = location && node.tagName ? { startLine: location.startLine } : null;
  },
  updateNodeSourceCodeLocation(node, end) {
    if (node.sourceCodeLocation && end.endTag) node.sourceCodeLocation.endTag = true;
  },
  onItemPop(node) {
    if (node.nodeName !== 'tr' || node.parentNode?.nodeName !== 'tbody') return;
    if ([...walk(node)].some((n) => n !== node && n.nodeName === 'table')) return;
    const line = node.sourceCodeLocation?.startLine;
    node.row = children(node, 'td').map((td) => {
      const at = td.sourceCodeLocation?.startLine ?? line;
      try {
        return { line: at, text: cellText(td, at ?? 0).trim(), located: Boolean(td.sourceCodeLocation) };
      } catch (error) {
        return { line: at, error, located: Boolean(td.sourceCodeLocation) };
      }
    });
    node.childNodes = [];
  },
};

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'an httpc_bench report with HTML tables', 'an empty file');
  // parse5 counts lines in the text it is given; hand it the same lines we number.
  const doc = parseHtml(lines.join('\n'), { sourceCodeLocationInfo: true, treeAdapter: LEAN });
  const tables = [];
  for (const n of walk(doc)) if (n.nodeName === 'table') tables.push(n);
  if (!tables.length) throw new InputError(0, 'an HTML <table> of results', 'none');

  const headings = [];
  lines.forEach((l, i) => {
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(l);
    if (m) headings.push({ level: m[1].length, title: m[2], line: i + 1 });
  });

  const firstTable = tables[0].sourceCodeLocation.startLine;
  const firstRun = headings.find((h) => h.level >= 2 && h.line < firstTable);
  const intro = readHttpcIntro(lines, (firstRun?.line ?? firstTable) - 1);
  const rows = [];
  const runs = [];
  for (const table of tables) {
    const loc = table.sourceCodeLocation;
    if (!loc.endTag) throw new InputError(loc.startLine, 'a table closed by </table>', 'the end of the file (the table is cut off)');
    const head = [...headings].reverse().find((h) => h.line < loc.startLine && h.level >= 2);
    if (!head) throw new InputError(loc.startLine, 'a "## <run>" heading before the table', 'none');
    if (runs.some((r) => r.heading_line === head.line)) throw new InputError(loc.startLine, 'one table per run heading', `a second table under ${quote(head.title)}`);
    const run = readRun(lines, head, loc.startLine);
    runs.push(run);

    const thead = children(table, 'thead')[0];
    const headerRow = thead && children(thead, 'tr')[0];
    if (!headerRow) throw new InputError(loc.startLine, 'a <thead> with the column names', 'none');
    const columns = children(headerRow, 'th').map((th) => {
      const name = matchHeader(textOf(th).trim(), HTTPC_COLUMNS);
      if (!name) throw new InputError(th.sourceCodeLocation.startLine, `a column name (${Object.values(HTTPC_COLUMNS).map((a) => a[0]).join(', ')})`, quote(textOf(th)));
      return { name, text: textOf(th).trim() };
    });
    let count = 0;
    for (const body of children(table, 'tbody')) {
      for (const tr of children(body, 'tr')) {
        // A row whose <tr> tag is missing: the HTML parser supplies one, with no place in the text.
        // (Read as the parser closed it, LEAN.onItemPop; a row that holds a table is read here.)
        const row = tr.row ?? children(tr, 'td').map((td) => ({ line: td.sourceCodeLocation?.startLine, located: Boolean(td.sourceCodeLocation), text: textOf(td).trim() }));
        if (!tr.sourceCodeLocation) {
          const at = row.find((c) => c.located)?.line ?? loc.startLine;
          throw new InputError(at, 'each row of cells inside <tr> ... </tr>', `cells with no <tr>: ${quote(lines[at - 1])}`);
        }
        const n = tr.sourceCodeLocation.startLine;
        const cells = row.map((c) => {
          if (c.error) throw c.error;
          return c.text;
        });
        if (cells.length !== columns.length) {
          throw new InputError(n, `${columns.length} cells (${columns.map((c) => c.text).join(', ')})`, `${cells.length}: ${quote(lines[n - 1])}`);
        }
        const raw = Object.fromEntries(columns.map((c, i) => [c.name, cells[i]]));
        // The setting the section states its run under (`ulimit -n`): a condition the document names.
        rows.push({ ...httpcRow(raw, columns, run.id, n), open_files: run.ulimit_n });
        count++;
      }
    }
    if (!count) throw new InputError(loc.startLine, 'at least one result row in the table', 'none');
    run.rows = count;
  }

  return {
    title: headings.find((h) => h.level === 1)?.title ?? '',
    tables: {
      'client-rate': { kind: 'http-client-rate', title: 'Requests per second by client and configuration', rows, notes: [] },
    },
    machines: intro.machines,
    software: intro.software,
    methodology: [...intro.methodology, ...runs.map((r) => ({ title: r.title, text: r.text, line: r.heading_line, run: r.id }))],
    notes: [],
    runs: runs.map(({ text, ...r }) => r),
    sections: [],
  };
}

/** A run: its id (the date in its heading, else a short name), its prose, and the `ulimit -n` it states. */
function readRun(lines, head, tableLine) {
  const prose = [];
  for (let i = head.line; i < tableLine - 1; i++) if (!isBlank(lines[i])) prose.push([i + 1, lines[i].trim()]);
  const date = /\((\d{4}-\d{2}-\d{2})\)/.exec(head.title);
  const id = date ? date[1] : slugify(head.title.replace(/\b(the|benchmarks?|results?|current)\b/gi, '')) || `run-${head.line}`;
  let ulimit = null;
  for (const [n, l] of prose) {
    const m = /ulimit -n (\d+)/.exec(l);
    if (m) {
      ulimit = { value: Number(m[1]), line: n };
      break;
    }
  }
  return {
    id,
    title: head.title,
    heading_line: head.line,
    text: prose.map(([, l]) => l).join(' '),
    ulimit_n: ulimit?.value ?? null,
    ulimit_line: ulimit?.line ?? null,
  };
}
