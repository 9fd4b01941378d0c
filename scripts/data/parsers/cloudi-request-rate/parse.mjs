// Parser for CloudI's cloudi_service_request_rate result files (results.txt, README.markdown):
// a Hardware, Software and Test section, then one fixed-width table per receiving language,
// headed "Max Stable (Total) Request Rate[ (requests/second)]: <language>[ (with|without threads)]".
// Pure: text in, rows out. Each row carries the 1-based line it came from.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, toNumber, toInteger } from '../../../lib/text.mjs';
import { readHeader, readRow } from '../shared/text-table.mjs';
import { cpuLineFacts, cacheLineFacts, osLineFacts, softwareLine } from '../shared/machine.mjs';

export const format = 'cloudi-request-rate';
export const description =
  'CloudI cloudi_service_request_rate results: Hardware/Software/Test sections and one fixed-width table per language (CloudI 1.5.x and 1.7.x).';

/** Canonical columns and the header spellings accepted for each. */
const COLUMNS = {
  requests_per_second: ['requests/second', 'req/sec', 'requests/s', 'req/s', 'requests per second'],
  without_queue: ['wo/queue', 'w/o queue', 'without queue'],
  with_queue: ['w/queue', 'with queue'],
  dest_refresh_method: ['dest_refresh_method', 'dest_refresh', 'destination refresh method'],
  duo_mode: ['duo_mode', 'duo'],
  senders: ['sender', 'senders'],
  queues: ['queue', 'queues'],
  receivers: ['receiver', 'receivers'],
};

const TABLE_TITLE = /^max\s+stable\s+\(total\)\s+request\s+rate\b/i;

/** Is this text a CloudI request-rate report? */
export function detect(text) {
  const lines = splitLines(text);
  return lines.some((l) => TABLE_TITLE.test(l.trim())) && lines.some((l) => /dest_refresh_method/.test(l));
}

/** Find the section headings: "Title" over a row of dashes, or " Title:" at the margin. */
function headings(lines) {
  /** @type {{ title: string, line: number, next: number }[]} */
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (isBlank(l)) continue;
    const under = lines[i + 1];
    if (under !== undefined && /^\s*[-=]{3,}\s*$/.test(under) && !/^\s*[-=]{3,}\s*$/.test(l)) {
      found.push({ title: l.trim().replace(/:$/, ''), line: i + 1, next: i + 2 });
      i++;
    } else if (/^\s{0,2}\S/.test(l) && (TABLE_TITLE.test(l.trim()) || /^\s{0,2}[A-Z][\w /()-]*:\s*$/.test(l))) {
      found.push({ title: l.trim().replace(/:$/, ''), line: i + 1, next: i + 1 });
    }
  }
  return found;
}

/** Language, receiver kind and variant from a table title. */
function readTitle(title, line) {
  const m = /:\s*(.+?)\s*$/.exec(title);
  if (!m) throw new InputError(line, '"Max Stable (Total) Request Rate: <language>"', quote(title));
  let rest = m[1];
  let receiverKind = null;
  const kind = /\s*\((with|without)\s+threads\)\s*$/i.exec(rest);
  if (kind) {
    receiverKind = kind[1].toLowerCase() === 'with' ? 'threads' : 'processes';
    rest = rest.slice(0, kind.index);
  }
  let variant = '';
  // "Python/C" is Python through its C extension (CloudI 1.5.1).
  const ext = /^(.+?)\/C$/.exec(rest);
  if (ext) {
    rest = ext[1];
    variant = 'C extension';
  }
  return { language: rest.trim(), receiverKind, variant };
}

/** Receiver kind and variant from a row note: "(processes,-O0)", "(v2/C threads)", "(v3 processes)". */
function readNote(note, line) {
  const parts = note.replace(/^\(|\)$/g, '').split(/[\s,]+/).filter(Boolean);
  let receiverKind = null;
  const variant = [];
  for (const p of parts) {
    if (/^threads?$/i.test(p)) receiverKind = 'threads';
    else if (/^(processes|process|procs?)$/i.test(p)) receiverKind = 'processes';
    else if (/^v\d\/C$/i.test(p)) variant.push(p.slice(0, -2), 'C extension');
    else if (/^(v\d|-O\d|[-\w.]+)$/.test(p)) variant.push(p);
    else throw new InputError(line, 'a note such as "(threads)" or "(processes,-O0)"', quote(note));
  }
  return { receiverKind, variant: variant.join(' ') };
}

function refreshMethod(token, line) {
  const m = /^(immediate|lazy)(_[a-z]+)?$/.exec(token ?? '');
  if (!m) throw new InputError(line, 'a dest_refresh_method ("immediate", "lazy" or a full name such as "lazy_closest")', quote(token ?? ''));
  // "immediate" and "lazy" are CloudI's short names for immediate_closest and lazy_closest.
  return m[2] ? token : `${m[1]}_closest`;
}

function bool(token, name, line) {
  if (token === 'true') return true;
  if (token === 'false') return false;
  throw new InputError(line, `true or false under "${name}"`, token === null ? 'a blank cell' : quote(token));
}

function count(token, name, line) {
  const n = toInteger(token ?? '');
  if (n === undefined) throw new InputError(line, `a whole number under "${name}"`, token === null ? 'a blank cell' : quote(token));
  return n;
}

function rate(token, name, line) {
  const n = toNumber(token ?? '');
  if (n === undefined || n < 0) throw new InputError(line, `a request rate (requests/second) under "${name}"`, quote(token));
  return n;
}

/**
 * @param {string} text the whole report
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'a CloudI request-rate report', 'an empty file');
  const heads = headings(lines);
  if (!heads.length) throw new InputError(1, 'a section heading such as "Hardware"', quote(lines.find((l) => !isBlank(l))));
  const firstText = lines.findIndex((l) => !isBlank(l));
  if (firstText + 1 < heads[0].line) {
    throw new InputError(firstText + 1, 'a section heading (Hardware, Software, Test or "Max Stable (Total) Request Rate: <language>")', quote(lines[firstText]));
  }

  /** @type {import('../contract.mjs').Fact[]} */
  const facts = [];
  const software = [];
  const methodology = [];
  const notes = [];
  const rows = [];
  const tableTitles = [];

  heads.forEach((h, k) => {
    const end = k + 1 < heads.length ? heads[k + 1].line - 1 : lines.length;
    /** body lines of this section: [lineNo, text] */
    const body = [];
    for (let i = h.next; i < end; i++) body.push([i + 1, lines[i]]);
    const title = h.title;

    if (/^hardware$/i.test(title)) {
      for (const [n, l] of body) {
        if (isBlank(l)) continue;
        facts.push(...(cpuLineFacts(l, n) ?? cacheLineFacts(l, n) ?? [{ field: 'other', value: l.trim(), line: n }]));
      }
    } else if (/^software$/i.test(title)) {
      for (const [n, l] of body) {
        if (isBlank(l)) continue;
        const os = osLineFacts(l, n);
        if (os) facts.push(...os);
        else software.push(softwareLine(l, n));
      }
    } else if (/^test$/i.test(title)) {
      let para = null;
      for (const [n, l] of body) {
        if (isBlank(l)) {
          para = null;
          continue;
        }
        if (!para) {
          para = { title: methodology.length ? 'Test (continued)' : 'Test', text: '', line: n };
          methodology.push(para);
        }
        para.text += (para.text ? ' ' : '') + l.trim();
      }
    } else if (TABLE_TITLE.test(title)) {
      const { language, receiverKind, variant } = readTitle(title, h.line);
      tableTitles.push({ title, line: h.line, language });
      readTable(body, h, { language, receiverKind, variant }, rows, notes);
    } else {
      throw new InputError(h.line, 'a section heading (Hardware, Software, Test or "Max Stable (Total) Request Rate: <language>")', quote(title));
    }
  });

  if (!rows.length) throw new InputError(0, 'at least one "Max Stable (Total) Request Rate" table', 'none');

  return {
    tables: {
      'request-rate': {
        kind: 'cloudi-request-rate',
        title: 'Maximum stable request rate',
        rows,
        notes,
        sources: tableTitles,
      },
    },
    machines: { system: { label: 'Test machine (senders and receivers)', facts } },
    software,
    methodology,
    notes,
    sections: [],
  };
}

/** Read one language table: header, rows, then an optional note in parentheses. */
function readTable(body, head, base, rows, notes) {
  let i = 0;
  while (i < body.length && isBlank(body[i][1])) i++;
  if (i === body.length) throw new InputError(head.line, 'a table header under the heading', 'no lines before the next section');
  const [headerLine, headerText] = body[i++];
  const columns = readHeader(headerText, headerLine, COLUMNS);
  const names = columns.map((c) => c.name);
  const rateColumns = names.filter((n) => ['requests_per_second', 'without_queue', 'with_queue'].includes(n));
  if (!rateColumns.length) throw new InputError(headerLine, 'a request-rate column ("requests/second", "req/sec", "wo/queue" or "w/queue")', quote(headerText));
  for (const need of ['dest_refresh_method', 'duo_mode', 'senders', 'receivers']) {
    if (!names.includes(need)) throw new InputError(headerLine, `a "${COLUMNS[need][0]}" column`, quote(headerText));
  }
  let rowsRead = 0;
  for (; i < body.length; i++) {
    const [n, l] = body[i];
    if (isBlank(l)) {
      // A blank (or lone-space) line ends the rows; what follows may only be a note.
      continue;
    }
    if (/^\s*\(/.test(l)) {
      // A note in parentheses after the table belongs to it (CloudI 1.5.1: the C table's
      // "Erlang VM arguments" note). It may run over several lines until the closing ")".
      const start = n;
      const text = [l.trim()];
      while (!/\)\s*$/.test(body[i][1]) && i + 1 < body.length) text.push(body[++i][1].trim());
      if (!/\)\s*$/.test(body[i][1])) throw new InputError(start, 'a note closed by ")"', quote(text.join(' ')));
      notes.push({ text: text.join('\n'), line: start, line_end: body[i][0], language: base.language });
      continue;
    }
    if (rowsRead && isBlank(body[i - 1][1])) {
      throw new InputError(n, 'a blank line or a note in parentheses after the table', quote(l));
    }
    const { cells, note } = readRow(l, n, columns);
    const fromNote = note ? readNote(note, n) : { receiverKind: null, variant: '' };
    if (base.receiverKind && fromNote.receiverKind && base.receiverKind !== fromNote.receiverKind) {
      throw new InputError(n, `receivers of the kind the table title gives (${base.receiverKind})`, quote(note));
    }
    const receiverKind = fromNote.receiverKind ?? base.receiverKind ?? (/^(erlang|elixir)$/i.test(base.language) ? 'internal' : '');
    const variant = [base.variant, fromNote.variant].filter(Boolean).join(' ');
    const common = {
      language: base.language,
      receiver_kind: receiverKind,
      variant,
      dest_refresh_method: refreshMethod(cells.dest_refresh_method, n),
      duo_mode: bool(cells.duo_mode, 'duo_mode', n),
      senders: count(cells.senders, 'sender', n),
      receivers: count(cells.receivers, 'receiver', n),
    };
    const queues = names.includes('queues') && cells.queues !== null ? count(cells.queues, 'queue', n) : null;
    let measured = 0;
    for (const col of rateColumns) {
      if (cells[col] === null) continue; // blank: not measured in this configuration
      const withQueue = col === 'with_queue';
      rows.push({
        ...common,
        queue_service: withQueue,
        queues: withQueue ? queues : null,
        requests_per_second: rate(cells[col], columns.find((c) => c.name === col).text, n),
        note: note ?? '',
        line: n,
      });
      measured++;
    }
    if (!measured) throw new InputError(n, `a request rate under ${rateColumns.map((c) => `"${columns.find((x) => x.name === c).text}"`).join(' or ')}`, 'blank cells');
    rowsRead++;
  }
  if (!rowsRead) throw new InputError(headerLine, 'at least one row under the table header', 'none');
}
