// Text helpers shared by parsers: line splitting that tolerates what real files do
// (a byte-order mark, CRLF or CR line ends, trailing spaces) and keeps 1-based numbers.

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

/** Parse a plain decimal number ("1034", "7163.58", "0.8"); undefined when it is not one. */
export function toNumber(token) {
  if (typeof token !== 'string' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token.trim())) return undefined;
  return Number(token);
}

/** Parse a non-negative integer written with digits only (thousands separators "," or "_" allowed). */
export function toInteger(token) {
  if (typeof token !== 'string') return undefined;
  const t = token.trim().replace(/[,_](?=\d{3}(?!\d))/g, ''); // not \b: "_" is a word character
  if (!/^\d+$/.test(t)) return undefined;
  return Number(t);
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
