// Names from the document: the title, slug and subject add-report drafts for a report, taken from
// what the file itself says (its first heading, else the title its format states, else the command
// that produced it, else its first line of words), never from the format's name alone, so two files
// of one kind and one year get two names. Each draft says where it came from, for add-report to print.
//
// Exports:
//   draftTitle(text, { parsedTitle, format, fileName, source }) -> { title, from }   5 to 120 characters
//   slugOf(title) -> slug                         lower-case words and numbers joined by "-"
//   deriveSlug({ title, parsed, platforms, formats }) -> slug   from a title, else the content
//   freeSlug(slug, taken) -> slug                 the slug, or slug-2, slug-3 ... when taken
//   draftSubject(title, software) -> { name, version } | undefined   the software the title names

const MIN = 5;
const MAX = 120;
const STOP = new Set('a an and as at by for from in into its of on or the their to under with'.split(' '));

/** Markup taken out of a heading: links, code ticks, emphasis, trailing hashes and colons. */
const plain = (s) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]+/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s:]+$/, '')
    .trim();
const words = (s) => (s.match(/[\p{L}]{2,}/gu) ?? []).length;
// A heading or line that states a value ("# Warmup: 3 iterations", "Total time: 00:12:58") is output, not a name.
// So is a tool's comment of one setting ("# VM version: JDK 1.8.0", "# Warmup: 5 iterations") and a heading
// of settings only ("## duration: 30, arrivalRate: 10"): what follows "Label:" is a value, not a name.
// So is a tool's line of values set with "=" (HdrHistogram's footer "#[Buckets = 27, SubBuckets = 2048]", over
// a rule as a setext heading is) and a line of more fractions and percentages than words ("# target 50% 0.0251004":
// fortio's; a date, "2025 april 10", is still a heading).
const fits = (s) =>
  s.length >= MIN &&
  words(s) >= 1 &&
  !/[:=]\s*[\d/~.]/.test(s) &&
  !/^[\p{L}][\p{L}\d ._()-]{0,30}:\s+\S/u.test(s) &&
  (s.match(/\d+(?:\.\d+%?|%)/g) ?? []).length <= words(s);
/** A delimited header or row ("name,ops/sec,latency_ms"): fields split by commas, semicolons or tabs. */
const delimited = (s) => (s.match(/[,;\t]/g) ?? []).length >= 2 && !/\p{L}{2,}\s+\p{L}{2,}\s+\p{L}{2,}/u.test(s);
/** A row of aligned columns (three or more runs of two spaces or a tab), such as a results table's header. */
const columns = (s) => (s.trim().match(/ {2,}|\t/g) ?? []).length >= 3;
const cut = (s) => (s.length <= MAX ? s : `${s.slice(0, MAX - 1).replace(/\s+\S*$/, '')}…`);

/** The lines outside fenced code blocks, with their 1-based numbers. */
function prose(lines) {
  const out = [];
  let fence = null;
  lines.forEach((l, k) => {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(l);
    if (f && !fence) fence = f[1][0];
    else if (f && fence === f[1][0]) fence = null;
    else if (!fence) out.push({ text: l, line: k + 1 });
  });
  return out;
}

/** The first heading: Markdown ATX (# Title), setext or reStructuredText (Title over ===, ---, ~~~). */
function heading(lines) {
  const p = prose(lines);
  for (let k = 0; k < p.length; k++) {
    const atx = /^\s{0,3}#{1,6}\s+(.+)$/.exec(p[k].text);
    // "# VM options: <none>", "# Warmup:": a tool's comment of one setting, whatever follows its colon.
    if (atx && fits(plain(atx[1])) && !/^[\p{L}][\p{L}\d ._()-]{0,30}:(\s|$)/u.test(atx[1].trim()))
      return plain(atx[1]);
    const next = p[k + 1];
    if (
      next &&
      next.line === p[k].line + 1 &&
      p[k].text.trim() &&
      /^\s*([=~-])\1{2,}\s*$/.test(next.text) &&
      // A table's header over its rule ("Benchmark   Time   CPU   Iterations" over dashes) is no heading.
      !columns(p[k].text) &&
      fits(plain(p[k].text))
    ) {
      return plain(p[k].text);
    }
  }
  return '';
}

/** A command the file shows: a shell prompt line ("$ wrk -t2 -c100 http://...") or "Command: ...". */
function command(lines) {
  for (const l of lines) {
    const m =
      /^\s*\$\s+([a-z][\w./-]*(?:\s+\S+)+)\s*$/i.exec(l) ?? /^\s*(?:command|cmd)\s*:\s*([a-z][\w./-]*\s.+)$/i.exec(l);
    if (m && !/^(cd|ls|cat|echo|export|sudo\s+-s)\b/.test(m[1])) return m[1].replace(/\s+/g, ' ').trim();
  }
  return '';
}

/** Whether a line is mostly numbers (a result line, not a name): half its words or more have digits. */
const numeric = (s) => {
  const t = s.split(/\s+/).filter(Boolean);
  return t.filter((w) => /\d/.test(w)).length * 2 >= t.length;
};

/**
 * A tool's progress line that counts what it runs (libtest's "running 9 tests", Benchmark.js's "Running
 * 6 benchmarks on Chromium..."), or a line of code that assigns ("window.BENCHMARK_DATA = {", "const
 * results = ["): output or code, never a name.
 */
const progressOrCode = (s) =>
  /^running \d+ (tests?|benchmarks?|suites?)\b/i.test(s) ||
  /^(?:(?:const|let|var|export)\s+)?[\w$.[\]'"]+\s*=\s*[{[(]?\s*;?$|[{[]\s*$/.test(s);

/** The document's first line, when it is a line of words: not a rule, a table row, JSON, numbers, a key: value pair, a tool's progress or code. */
function firstLine(lines) {
  const first = prose(lines).find((l) => l.text.trim());
  const t = first ? plain(first.text) : '';
  if (
    !t ||
    /^[|+=~_*#<>{}[\]-]/.test(first.text.trim()) ||
    /^[\w\s./-]+:\s+\S/.test(t) ||
    columns(first.text) ||
    delimited(t) ||
    progressOrCode(first.text.trim())
  )
    return '';
  return words(t) >= 2 && t.length <= 200 && !numeric(t) ? t : '';
}

/**
 * A title for a report, drawn from the document, 5 to 120 characters (the metadata schema's limits).
 * @param {string} text
 * @param {{ parsedTitle?: string, format?: string, fileName?: string }} from
 * @returns {{ title: string, from: string }}
 */
export function draftTitle(text, { parsedTitle = '', format = '', fileName = '', source = {} } = {}) {
  const lines = text.split(/\r\n|\r|\n/);
  const h = heading(lines.slice(0, 400));
  if (h) return { title: cut(h), from: 'its first heading' };
  if (fits(parsedTitle) && parsedTitle.length >= 12)
    return { title: cut(parsedTitle), from: `the title its ${format || 'format'} output states` };
  const c = command(lines.slice(0, 200));
  if (c) return { title: cut(`${parsedTitle ? `${parsedTitle}: ` : ''}${c}`), from: 'the command it shows' };
  const f = firstLine(lines);
  if (f) return { title: cut(f), from: 'its first line' };
  // Else where the file comes from ("repository: path"), or its file name: never a reader's word
  // ("Table results: ...") for a document that names no work.
  if (source.repository && source.path)
    return { title: cut(`${source.repository}: ${source.path}`), from: 'its repository and path' };
  const base = fileName.trim();
  return {
    title: cut(base.length >= MIN ? base : `${base || 'report'} (${format || 'results'})`),
    from: 'its file name (the document has no heading, command or line of words)',
  };
}

/** A slug from a title's words, less small words, at most 60 characters: "wrk: 2 threads, 100 conns" -> "wrk-2-threads-100-conns". */
export function slugOf(title) {
  const parts = String(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[^a-z0-9.]+/g, ' ')
    .split(' ')
    .map((w) => w.replace(/^\.+|\.+$/g, '').replace(/\.{2,}/g, '.'))
    .filter((w) => w && !STOP.has(w));
  let slug = '';
  for (const w of parts) if (!slug || slug.length + w.length + 1 <= 60) slug = slug ? `${slug}-${w}` : w;
  return slug || 'report';
}

/**
 * The slug, or the first of slug-2, slug-3 ... that no report takes.
 * @param {string} slug
 * @param {(s: string) => boolean} taken
 */
export function freeSlug(slug, taken) {
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) if (!taken(`${slug}-${n}`)) return `${slug}-${n}`;
}

/**
 * The software under test a title names, among the software the parsers found.
 * @param {string} title
 * @param {Array<{ name: string, version?: string }>} software
 */
export function draftSubject(title, software) {
  const t = title.toLowerCase();
  return software.find((s) => s.name && t.includes(s.name.toLowerCase()));
}

/**
 * A slug from the title's words, or, without a title, from the content: the software the report is
 * about with its version, then the platform (cloudi-2.0.6-dell-poweredge-r710).
 * @param {{ title?: string, parsed: { title: string, software: Array<{ name: string, version?: string }> }, platforms: string[], formats: string[] }} from
 */
export function deriveSlug({ title, parsed, platforms, formats }) {
  if (title) return slugOf(title);
  const about = parsed.title.toLowerCase();
  const sw = parsed.software.find((s) => about.includes(s.name.toLowerCase())) ?? parsed.software[0];
  const where = [...new Set(platforms.map((p) => p.replace(/^(intel|amd|aws|ibm)-|-(client|server)$/g, '')))];
  return slugOf([sw ? `${sw.name} ${sw.version ?? ''}` : formats[0].replace(/-text$/, ''), ...where].join(' '));
}
