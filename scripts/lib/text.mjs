// Text helpers shared by parsers: line splitting that tolerates what real files do
// (a byte-order mark, CRLF or CR line ends, trailing spaces) and keeps 1-based numbers; numbers read
// exactly as written or refused.
import { InputError, quote } from './errors.mjs';

/**
 * Split a report into lines. A BOM is dropped, CRLF and lone CR count as line ends,
 * and a final newline does not make an extra empty line.
 * @param {string} text
 * @returns {string[]} lines; line n of the file is lines[n - 1]
 */
export function splitLines(text) {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const lines = body.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A line that holds nothing but white space (reports use a lone space as a separator). */
export const isBlank = (line) => line.trim() === '';

/**
 * A number a parser read whose JavaScript value would not print back to the digits written
 * (9007199254740993, 0.12345678901234567, a 400-digit number): refused rather than silently rounded.
 * Its line is 0 (the helpers see only the token); the data stage puts it at the first seed line
 * that holds `token` (parse.mjs).
 */
export class InexactNumberError extends InputError {
  constructor(token) {
    super(0, 'a number of at most 15 significant digits (JavaScript numbers hold no more)', quote(token));
    this.token = token;
  }
}

/** A decimal text as JavaScript would print its value: no "+", no leading zeros, no trailing zeros after the point. */
function canonical(text) {
  let t = text.replace(/^\+/, '');
  if (t.includes('.')) t = t.replace(/0+$/, '').replace(/\.$/, '');
  return t.replace(/^(-?)0+(?=\d)/, '$1').replace(/^(-?)\./, '$10.');
}

/**
 * The value of a number token, only if it is exact: the JavaScript number prints back to the digits
 * written (after the canonical form above). Throws InexactNumberError otherwise.
 */
function exact(token) {
  const n = Number(token);
  if (n === 0 && Number.isFinite(n)) return 0; // "-0", "0.000"
  if (String(n) !== canonical(token)) throw new InexactNumberError(token);
  return n;
}

/**
 * Parse a plain decimal number ("1034", "7163.58", "0.8"); undefined when it is not one. A number
 * whose digits a JavaScript number cannot hold throws InexactNumberError.
 */
export function toNumber(token) {
  if (typeof token !== 'string' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token.trim())) return undefined;
  return exact(token.trim());
}

/**
 * Parse a non-negative integer written with digits only (thousands separators "," or "_" allowed);
 * undefined when it is not one; InexactNumberError when it has more digits than a number holds.
 */
export function toInteger(token) {
  if (typeof token !== 'string') return undefined;
  const t = token.trim().replace(/[,_](?=\d{3}(?!\d))/g, ''); // not \b: "_" is a word character
  if (!/^\d+$/.test(t)) return undefined;
  return exact(t);
}

/** Levenshtein distance, for recognising misspelt headers ("Concurency"). */
export function editDistance(a, b) {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

/** Normalise a header cell for matching: lower case, no punctuation or spaces. */
export const headerKey = (s) => s.toLowerCase().replace(/[^a-z0-9%]+/g, '');

/**
 * Find which canonical column a header names.
 * @param {string} header the header text as written
 * @param {Record<string, string[]>} aliases canonical name -> accepted spellings
 * @returns {string | undefined}
 */
export function matchHeader(header, aliases) {
  const key = headerKey(header);
  if (!key) return undefined;
  for (const [name, spellings] of Object.entries(aliases)) {
    if (spellings.some((s) => headerKey(s) === key)) return name;
  }
  // Misspellings: allow one edit in short names, two in longer ones ("Concurency").
  let best;
  let bestDistance = Infinity;
  for (const [name, spellings] of Object.entries(aliases)) {
    for (const s of spellings) {
      const k = headerKey(s);
      const d = editDistance(k, key);
      const allowed = k.length >= 8 ? 2 : k.length >= 5 ? 1 : 0;
      if (d <= allowed && d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
  }
  return best;
}

/** Turn a heading into a URL-safe id. */
export const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A line of Markdown with every inline link `[text](url)` replaced by its text (an image
 * `![alt](src)` by its alt text): prose on the site
 * is text, never a link the report wrote. The URL ends at the `)` that balances its `(`, as
 * CommonMark reads it, so `[x](javascript:alert(1))` gives "x" (not "x)") and a URL with
 * parentheses (`https://en.wikipedia.org/wiki/C_(language)`) leaves nothing behind. A `[` with no
 * closing `)` is left as it is. Linear in the line's length: the `]` after each `[` and the `)`
 * that balances each `(` are found in one pass each, so 200,000 nested brackets take no longer
 * than 200,000 letters.
 * @param {string} line
 */
export function linkTexts(line) {
  const n = line.length;
  // The first "]" at or after each position, and the ")" that balances each "(" (-1: none).
  const nextClose = new Int32Array(n + 1).fill(-1);
  for (let j = n - 1; j >= 0; j--) nextClose[j] = line[j] === ']' ? j : nextClose[j + 1];
  const closeOf = new Int32Array(n).fill(-1);
  const open = [];
  for (let j = 0; j < n; j++) {
    if (line[j] === '\\') j++;
    else if (line[j] === '(') open.push(j);
    else if (line[j] === ')' && open.length) closeOf[open.pop()] = j;
  }
  let out = '';
  let i = 0;
  for (let s = line.indexOf('['); s !== -1; s = line.indexOf('[', Math.max(s + 1, i))) {
    if (s < i) continue;
    const end = nextClose[s + 1];
    if (end === -1) break;
    if (line[end + 1] !== '(') continue;
    const close = closeOf[end + 1];
    if (close === -1) continue;
    // An image (![alt](src)) becomes its alt text, as a link its text.
    const start = s > i && line[s - 1] === '!' ? s - 1 : s;
    out += line.slice(i, start) + line.slice(s + 1, end);
    i = close + 1;
  }
  return out + line.slice(i);
}

/**
 * The most characters of a name, label or title (a benchmark, an entity, a section, a software
 * name; a cell of a table whose field sets no maxLength). A 100 KB benchmark name made add-report
 * take 29 s and gigabytes, and its page 335,000 px tall. Prose fields (a note, a command, an
 * erratum's reason) set their own bound in their schema.
 */
export const MAX_NAME_LENGTH = 300;

/** ["a", "b", "c"] -> "a, b and c". */
export function list(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 21 -> "21st", 99.9 -> "99.9th". */
export function ordinal(n) {
  const s = String(n);
  if (!Number.isInteger(n)) return `${s}th`;
  const teen = Math.abs(n) % 100;
  if (teen >= 11 && teen <= 13) return `${s}th`;
  return `${s}${{ 1: 'st', 2: 'nd', 3: 'rd' }[Math.abs(n) % 10] ?? 'th'}`;
}
