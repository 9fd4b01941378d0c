// Which parsers read a text: ask each registered format whether it recognises the content. A
// report may paste the output of several tools (prose with an ab run and a wrk run), or mix a tool's
// output with a person's tables: the document reader (parsers/document) reads every part with what
// knows it and says what each reader took. The choice:
//   - one format reads everything with numbers: that format;
//   - several formats and no other table: those formats (each parser reads only its own blocks);
//   - a format and a table no format knows, or tables only: the document reader, or the table fallback;
//   - nothing: one line that says what was tried.
// A text too big to read as one document (wholeDocument false: a line-oriented seed over the
// whole-document cap, scripts/data/inputs.mjs SEED_KINDS) is never outlined: the tools that
// recognise it, else the line-oriented fallbacks (`lineOriented`: delimited, key-value).
// A passage that stops a reader is left out and the rest read (data/read/keep.mjs): a file is
// refused only when nothing in it reads.
import { InputError } from '../lib/errors.mjs';
import { readKeeping } from '../data/read/keep.mjs';
import { oddTables, whyUnread } from '../data/read/why-unread.mjs';

/**
 * @param {string} text
 * @param {Record<string, { detect: (t: string) => boolean, fallback?: boolean, lineOriented?: boolean, parse: Function }>} parsers
 * @param {string} file  for the message
 * @param {{ wholeDocument?: boolean }} [options]  wholeDocument false: read line by line only
 * @returns {string[]} the format names
 */
export function detectFormats(text, parsers, file, { wholeDocument = true } = {}) {
  const tools = Object.entries(parsers)
    .filter(([, p]) => !p.fallback && p.detect(text))
    .map(([name]) => name);
  if (!wholeDocument) {
    if (tools.length) return tools;
    const lines = Object.entries(parsers).find(([, p]) => p.lineOriented && p.detect(text));
    if (lines) return [lines[0]];
    throw nothingKnown(parsers, file, text);
  }
  const doc = parsers.document;
  if (!doc) {
    if (tools.length) return tools;
    throw nothingKnown(parsers, file, text);
  }
  if (!doc.detect(text)) throw nothingKnown(parsers, file, text);
  let understood;
  try {
    // A passage that stops the reading is left out (keep what reads); what is left decides.
    understood = readKeeping(text, (t) => doc.parse(t)).result.understood;
  } catch (e) {
    // A format that claims the file and cannot read it says why, at its line.
    if (e instanceof InputError) e.file ??= file;
    throw e;
  }
  const readers = understood.map((u) => u.format);
  if (!readers.length) throw nothingKnown(parsers, file, text);
  if (readers.length === 1) return readers;
  // A fallback or generic reader beside another: the document reader, which gives each only what the others left.
  if (!readers.some((r) => parsers[r]?.fallback)) return readers.sort();
  return ['document'];
}

function nothingKnown(parsers, file, text) {
  // What the file shows is why no format read it (empty, a table the outline refuses or of one column
  // or no rows, a number in a form no reader takes): say that, at its line.
  const why = whyUnread(text);
  if (why) {
    why.file ??= file;
    return why;
  }
  const tools = Object.entries(parsers)
    .filter(([, p]) => !p.fallback)
    .map(([n]) => n);
  return new InputError(
    0,
    `a report in a known format (tried ${tools.join(', ')}), or a table whose numeric columns name their unit (tried the table fallback on every Markdown, RST, HTML and aligned table); for a new format, add an adapter (CONTRIBUTING.md, "A new format")`,
    'none that recognises this file',
    file,
  );
}

/**
 * Why each generic reader read nothing of a text, in its own words and at its line: a table's column
 * with no unit, "no such header", "none with a unit". One line a reason, for add-report's refusal.
 * @param {string} text
 * @param {Record<string, { fallback?: boolean, mixed?: boolean, declared?: boolean, parse: Function }>} parsers
 * @returns {string[]}
 */
export function whyNoneRead(text, parsers) {
  // The tables no reader can read (one column, no rows): left out, never the file's reason.
  const out = oddTables(text).map((o) => `not read: line ${o.line}: ${o.why}`);
  for (const [name, p] of Object.entries(parsers)) {
    if (!p.fallback || p.mixed || p.declared) continue;
    try {
      const r = p.parse(text);
      for (const n of r.not_read ?? []) out.push(`${name}: line ${n.line}: lines ${n.from}-${n.to} not read: ${n.why}`);
      for (const n of (r.notes ?? []).slice(0, 8))
        out.push(
          `${name}: ${n.line ? `line ${n.line}: ` : ''}${n.text
            .replace(/^line \d+: /, '')
            .replace(/ \(line \d+\)/, '')
            .replace(/; left out of data\/$/, '')}`,
        );
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      out.push(`${name}: ${e.line ? `line ${e.line}: ` : ''}expected ${e.expected}, found ${e.found}`);
    }
  }
  return out;
}
