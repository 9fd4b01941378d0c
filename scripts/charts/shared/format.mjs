// Numbers and lists in sentences: thousands separators, ratios, ranges. Plain code, no locale data,
// so a description reads the same on every machine.

/** 1048576 -> "1,048,576"; 13088.1 -> "13,088" (digits 0), "13,088.1" (digits 1). */
export function num(n, digits = 0) {
  if (n === null || n === undefined || Number.isNaN(n)) return 'n/a';
  const neg = n < 0;
  const fixed = Math.abs(n).toFixed(digits);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac && /[1-9]/.test(frac) ? `${grouped}.${frac.replace(/0+$/, '')}` : grouped;
  return (neg ? '-' : '') + trimmed;
}

/**
 * A measured value in a sentence: two decimals at most from 1 up ("1,234.57", "2.1"), and three
 * significant digits below 1 ("0.000412"), so a small value never reads as 0.
 */
export function quantity(n) {
  const a = Math.abs(n);
  if (!Number.isFinite(a) || a === 0 || a >= 1) return num(n, 2);
  return num(n, Math.min(12, 2 - Math.floor(Math.log10(a))));
}

/**
 * Whether two numbers print alike with `print` (num or quantity: both round to a whole number or
 * finer, so numbers 2 or more apart never print alike and are not formatted): ties as printed found
 * among 100,000 rows without formatting each.
 */
export const printAlike = (a, b, print = num) => a === b || (!(Math.abs(a - b) >= 2) && print(a) === print(b));

/** A ratio as "18x", "333,000,000x" (10 and more: a whole number, grouped as num groups it) or "3.1x". */
export function times(ratio) {
  return `${num(ratio, ratio >= 10 ? 0 : 1)}x`;
}

/** A percentage: 0.8 -> "0.8 %", 79.4 -> "79.4 %", 100 -> "100 %". */
export function pct(n, digits = 1) {
  return `${num(n, digits)} %`;
}

/** A range of numbers "79-95" (rounded), or one number when both ends agree. */
export function range(lo, hi, digits = 0) {
  const a = num(lo, digits);
  const b = num(hi, digits);
  return a === b ? a : `${a}-${b}`;
}

export { list } from '../../lib/text.mjs';

/** Median of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Bytes as binary units: 22905094144 -> "21.3 GiB". */
export function bytes(n) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${num(v, i === 0 ? 0 : 1)} ${units[i]}`;
}

/** First letter upper case. */
export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A name at a sentence's start: capitalised when it reads as words ("Sleep 0.1", "Concurrency
 * 12,000"), as written when it reads as code, whose case is part of the name: a command with flags
 * or quotes ("fd -HI '.*[0-9]\.jpg$'"), a path or qualified name ("tests::one_digit",
 * "org.openjdk.jmh...", "outliers.json"), an identifier ("bench_reserve").
 * @param {string} s the words that start with the name ("sleep 0.01's mean time")
 * @param {string} [name] the name alone, read for code (a possessive's apostrophe is none)
 */
export const capitalName = (s, name = s) =>
  /::|[_/\\$*[\]{}<>=`'"#@]|(?:^|\s)-\w|[a-z]\.[a-z]/i.test(name) ? s : capital(s);

/**
 * A name inside a sentence: a leading article of a title written as a heading is lower-cased
 * ("The original benchmark" -> "the original benchmark"); any other name is kept as written.
 */
export const midSentence = (s) => s.replace(/^(The|A|An) (?=\S)/, (m) => m.toLowerCase());

/**
 * A name's possessive inside a sentence: "hackney's", "processes'" (a word ending in s takes the
 * apostrophe alone); a name that ends in a parenthesis ("Erlang (parallel, 6 threads)") cannot take
 * one, so the phrase turns round: "the throughput of Erlang (parallel, 6 threads)", or with no noun
 * "that of Erlang (parallel, 6 threads)" (as in "the highest was that of ...").
 * @param {string} name
 * @param {string} [noun] what belongs to it
 */
export function possessive(name, noun) {
  const s = String(name);
  if (/\)$/.test(s)) return noun ? `the ${noun} of ${s}` : `that of ${s}`;
  const own = /s$/.test(s) ? `${s}'` : `${s}'s`;
  return noun ? `${own} ${noun}` : own;
}

const DURATIONS = [
  ['ns', 1e-9],
  ['µs', 1e-6],
  ['ms', 1e-3],
  ['s', 1],
];
/**
 * A duration in a sentence, in the unit that keeps it between 1 and 1,000 (seconds at most), three
 * significant digits once converted: (3690182, 'µs') -> "3.69 s", (512, 'µs') -> "512 µs". A table
 * keeps the report's unit; this is for words only. Units: ns, µs (or us), ms, s.
 * @param {number} value
 * @param {string} unit
 */
export function duration(value, unit) {
  const from = DURATIONS.find(([u]) => u === (unit === 'us' ? 'µs' : unit));
  if (!from || !Number.isFinite(value)) return `${num(value)} ${unit}`;
  const seconds = value * from[1];
  const to = [...DURATIONS].reverse().find(([, f]) => Math.abs(seconds) >= f) ?? DURATIONS[0];
  if (to[0] === from[0]) return `${num(value, Number.isInteger(value) ? 0 : 2)} ${to[0]}`;
  const v = seconds / to[1];
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(v) || 1)));
  return `${num(v, digits)} ${to[0]}`;
}
