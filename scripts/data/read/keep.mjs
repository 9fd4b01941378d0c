// Keep what reads (issue 31): a report is refused only when nothing in it reads. Reading a seed
// that stops at a flaw (a line in its place, a table cell of the wrong type, a count that
// disagrees) leaves out the passage that holds the flaw, the run of non-blank lines around the
// line the error names, and reads the rest again; each passage left out is listed with its lines
// and why. When nothing is left that reads, the first error stands: the file is refused as before.
// A reader may also leave a passage out on purpose (the table fallback: a machine's `df -h`, a
// histogram): those join the same list (notRead), one list of what was not read, by line.
// Pure: a text and a reading function in, what it read and what it left out.
import { InputError } from '../../lib/errors.mjs';

/** The most passages a seed may lose before it is refused whole (a file broken everywhere). */
export const MAX_LEFT_OUT = 50;

/** The text's lines with their line ends, so that blanking keeps every other line where it was. */
const linesWithEnds = (text) => text.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? [];

/** The 1-based first and last line of the run of non-blank lines that holds `line`. */
export function passageAround(text, line) {
  const lines = linesWithEnds(text).map((l) => l.replace(/[\r\n]+$/, ''));
  if (line < 1 || line > lines.length) return null;
  const blank = (i) => !lines[i - 1].trim();
  if (blank(line)) return [line, line];
  let from = line;
  let to = line;
  while (from > 1 && !blank(from - 1)) from--;
  while (to < lines.length && !blank(to + 1)) to++;
  return [from, to];
}

/**
 * Line ranges as a reader shows them: sorted, those that overlap or touch merged into one, so that one
 * block is one reading (never "lines 6-18, lines 9-22" for parts of one run).
 * @param {Array<[number, number]>} spans
 */
export function mergeSpans(spans) {
  const out = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0] || x[1] - y[1])) {
    const last = out.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The text with lines from..to (1-based) emptied; line ends and every other line unchanged. */
export function blankLines(text, from, to) {
  return linesWithEnds(text)
    .map((l, i) => (i + 1 >= from && i + 1 <= to ? l.replace(/^[^\r\n]*/, '') : l))
    .join('');
}

/**
 * Read a text with `read`, leaving out each passage that stops it.
 * @template T
 * @param {string} text
 * @param {(text: string) => T} read  throws an InputError at a line of the text on a flaw
 * @param {(e: any) => boolean} [ours]  whether an error is about this text (not its metadata)
 * @returns {{ result: T, left: Array<{ from: number, to: number, line: number, why: string }> }}
 */
export function readKeeping(text, read, ours = () => true) {
  const left = [];
  let current = text;
  let first = null;
  for (;;) {
    try {
      return { result: read(current), left };
    } catch (e) {
      if (!(e instanceof InputError) || !ours(e)) throw e;
      first ??= e;
      const span = e.line > 0 ? passageAround(current, e.line) : null;
      // Nothing more to leave out (the whole file is at fault, or what is left reads as nothing).
      const lines = span ? linesWithEnds(current).slice(span[0] - 1, span[1]) : [];
      if (!lines.some((l) => l.trim()) || left.length >= MAX_LEFT_OUT) throw first;
      left.push({ from: span[0], to: span[1], line: e.line, why: e.message });
      current = blankLines(current, span[0], span[1]);
      if (!current.trim()) throw first;
    }
  }
}

/**
 * The text with every passage of a list emptied: what the final read read (add-report says what it
 * understood from this, never from a read that a later step stopped).
 * @param {string} text
 * @param {Array<{ from: number, to: number }>} passages
 */
export function blankPassages(text, passages) {
  return passages.reduce((t, p) => blankLines(t, p.from, p.to), text);
}

/**
 * One list of what was not read, by line: the passages that stopped the reading (readKeeping's
 * `left`) and those a reader left out on purpose (a parse result's `not_read`, at the same lines:
 * blanking keeps every line where it was).
 * @param {Array<{ from: number, to: number, line: number, why: string }>} left
 * @param {Array<{ from: number, to: number, line: number, why: string }>} [own]
 */
export function notRead(left, own = []) {
  return [...left, ...own].map(({ from, to, line, why }) => ({ from, to, line, why })).sort((a, b) => a.from - b.from || a.to - b.to);
}

/** A passage's lines as add-report and npm run check name them: "line 12", "lines 568-571". */
export const linesText = ({ from, to }) => (from === to ? `line ${from}` : `lines ${from}-${to}`);

/**
 * The passages not read with the contributor's notes on them (.meta.yaml `not_read:`, each
 * `{ line, why }`): a note belongs to the passage whose lines hold its line. Each passage a note
 * explains carries it as `note`; `stray` lists the notes (by index) whose line is in no passage.
 * @param {Array<{ from: number, to: number, line: number, why: string }>} passages
 * @param {Array<{ line: number, why: string }>} [notes]
 */
export function withNotes(passages, notes = []) {
  const holds = (p, n) => n.line >= p.from && n.line <= p.to;
  return {
    passages: passages.map((p) => {
      const note = notes.find((n) => holds(p, n));
      return note ? { ...p, note: note.why } : p;
    }),
    stray: notes.flatMap((n, i) => (passages.some((p) => holds(p, n)) ? [] : [i])),
  };
}

/** The passages of a report's not_read (data/reports/<slug>.json) that no note explains. */
export const unnoted = (notRead = []) => notRead.filter((p) => !p.note);
