// JSON read with the line of every value: one small recursive-descent reader (RFC 8259) for every
// JSON adapter and the generic JSON reader. It builds the value as JSON.parse would and records, for
// each path (["benchmarks", 0, "real_time"]), the 1-based line of its key (an object member) or of its
// first character (an array element), and each number as written, so a row keeps its line and an
// adapter can check that a value is the number the file states. Python's json writes NaN and Infinity:
// they are kept as the strings they are, never as numbers. With { exact: true } a number a JavaScript
// number cannot hold exactly (digits beyond what a double holds) is refused at its line.
//
// Exports:
//   readJson(text, { firstLine, exact }) -> { value, lineOf(path), rawOf(path), lastLine, duplicates }
//     duplicates: each key an object repeats ({ path, line, first }); its last value is kept, as
//     JSON.parse keeps it, and a reader says so in its notes
//   exactNumber(raw) -> number | undefined       a number as written, only if a double holds it exactly
//   jsonBlocks(text | lines) -> [{ from, to, text }]   the JSON document a text is, the JSON a script
//     assigns ("window.BENCHMARK_DATA = {"), or its fenced blocks
//   looksLikeJson(text)                             whether a text opens with "{" or "["
import { checkJsonDepth } from './json-depth.mjs';
import { InputError, quote } from '../../../lib/errors.mjs';

/**
 * @typedef {object} JsonWithLines
 * @property {any} value                                                   the parsed value
 * @property {(path: Array<string|number>) => number | undefined} lineOf   line of a path
 * @property {(path: Array<string|number>) => string | undefined} rawOf    a number as written
 * @property {number} lastLine                                             line of the value's last character
 * @property {Array<{ path: Array<string|number>, line: number, first: number }>} duplicates  keys repeated in their object (the last value kept)
 */

/**
 * @param {string} text  a BOM is skipped; CR, LF and CRLF end lines
 * @param {{ firstLine?: number, exact?: boolean }} [options]  firstLine: the line of text[0] in the file
 * @returns {JsonWithLines}
 */
export function readJson(text, { firstLine = 1, exact = false } = {}) {
  checkJsonDepth(text, firstLine); // refused before the recursive descent, at the line where it nests too deep
  let i = text.startsWith('\ufeff') ? 1 : 0;
  let line = firstLine;
  const lines = new Map();
  const raws = new Map();
  /** @type {Array<{ path: Array<string|number>, line: number, first: number }>} */
  const duplicates = [];
  const fail = (expected) => {
    const found = i >= text.length ? 'the end of the file (the JSON is cut off)' : quote(text.slice(i, i + 60).split(/\r\n|\r|\n/)[0]);
    throw new InputError(line, expected, found);
  };
  const space = () => {
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
    }
  };
  // Sticky expressions read at i without copying the rest of the text.
  // eslint-disable-next-line no-control-regex
  const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
  const LITERAL = /true|false|null|NaN|-?Infinity/y;
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
  const at = (re) => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (m) i += m[0].length;
    return m?.[0];
  };
  const string = () => {
    const m = at(STRING);
    if (m === undefined) fail('a JSON string');
    return JSON.parse(m);
  };
  const value = (path) => {
    space();
    const key = JSON.stringify(path);
    if (!lines.has(key)) lines.set(key, line);
    const c = text[i];
    if (c === '{') {
      i++;
      const out = {};
      space();
      if (text[i] === '}') return i++, out;
      for (;;) {
        space();
        if (text[i] !== '"') fail('a JSON key in double quotes');
        const keyLine = line;
        const name = string();
        const at = JSON.stringify([...path, name]);
        if (Object.hasOwn(out, name)) duplicates.push({ path: [...path, name], line: keyLine, first: lines.get(at) });
        lines.set(at, keyLine);
        space();
        if (text[i] !== ':') fail('":" after a JSON key');
        i++;
        // Defined, not assigned: a key "__proto__" is an ordinary key, as JSON.parse keeps it.
        Object.defineProperty(out, name, { value: value([...path, name]), enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return i++, out;
        else fail('"," or "}" in a JSON object');
      }
    }
    if (c === '[') {
      i++;
      const out = [];
      space();
      if (text[i] === ']') return i++, out;
      for (;;) {
        out.push(value([...path, out.length]));
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return i++, out;
        else fail('"," or "]" in a JSON array');
      }
    }
    if (c === '"') return string();
    const lit = at(LITERAL);
    if (lit !== undefined) return lit === 'NaN' || lit.endsWith('Infinity') ? lit : JSON.parse(lit);
    const num = at(NUMBER);
    if (num === undefined) return fail('a JSON value');
    if (exact && exactNumber(num) === undefined) {
      throw new InputError(line, 'a number a JavaScript number holds exactly (at most 17 significant digits that round-trip)', quote(num));
    }
    raws.set(key, num);
    return Number(num);
  };
  const result = value([]);
  const lastLine = line;
  space();
  if (i < text.length) fail('the end of the JSON document');
  return {
    value: result,
    lineOf: (path) => lines.get(JSON.stringify(path)),
    rawOf: (path) => raws.get(JSON.stringify(path)),
    duplicates,
    lastLine,
  };
}

/** Digits and exponent of a decimal number: "1.19865267250996E7" -> { digits: '119865267250996', exp: 7 }. */
function decompose(text) {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const all = (m[2] + (m[3] ?? '')).replace(/^0+/, '');
  if (!all) return { digits: '0', exp: 0 };
  const lead = (m[2] + (m[3] ?? '')).length - all.length; // leading zeros dropped
  return { digits: all.replace(/0+$/, ''), exp: Number(m[4] ?? 0) + m[2].length - lead - 1 };
}

/**
 * The value of a number as written, plain or with an exponent, only if it is exact: the double it
 * parses to, written with as many significant digits as the text has, gives back the text. A tool's
 * shortest form (Java's 1.19865267250996E7) and its max_digits10 form (Google Benchmark's
 * 2.1498980114547953e+02) both pass; digits beyond what a double holds (22.9311550436692820001)
 * do not. Undefined otherwise.
 * @param {string | undefined} text
 */
export function exactNumber(text) {
  if (typeof text !== 'string' || !/^-?\d/.test(text)) return undefined;
  const n = Number(text);
  const a = decompose(text);
  if (!Number.isFinite(n) || !a) return undefined;
  if (a.digits === '0') return n === 0 ? 0 : undefined;
  if (a.digits.length > 21) return undefined;
  const b = decompose(Math.abs(n).toPrecision(a.digits.length).replace('e+', 'e'));
  return b && a.digits === b.digits && a.exp === b.exp ? n : undefined;
}

/** Whether a text is a JSON object or array (after a BOM and white space), without reading it. */
export const looksLikeJson = (text) => /^\ufeff?\s*[[{]/.test(text);

/** A script's first statement assigning JSON ("window.BENCHMARK_DATA = {", "var data = ["): the bracket's place. */
const ASSIGNMENT = /^(\s*(?:(?:var|let|const)\s+)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*=\s*)[[{]/;

/**
 * JSON a script assigns (github-action-benchmark's data.js: "window.BENCHMARK_DATA = {...}"), after
 * `//` comments and blank lines: the JSON from the bracket to the last line, a closing ";" dropped.
 * @param {string[]} lines
 */
function scriptAssignment(lines) {
  const first = lines.findIndex((l) => l.trim() && !/^\s*\/\//.test(l));
  const m = first >= 0 ? ASSIGNMENT.exec(lines[first]) : null;
  if (!m) return undefined;
  let last = lines.length - 1;
  while (last > first && !lines[last].trim()) last--;
  const body = [lines[first].slice(m[1].length), ...lines.slice(first + 1, last + 1)];
  body[body.length - 1] = body[body.length - 1].replace(/;\s*$/, '');
  return { from: first + 1, to: last + 1, text: body.join('\n') };
}

/**
 * Where a text holds JSON: the whole text when it opens with "{" or "[", else the JSON a script
 * assigns ("window.BENCHMARK_DATA = {"), else every fenced code block
 * (``` or ~~~, any info string) whose first non-blank line opens with "{" or "[".
 * @param {string | string[]} input  the text, or its lines
 * @returns {Array<{ from: number, to: number, text: string }>} from/to: 1-based lines of the JSON itself
 */
export function jsonBlocks(input) {
  const lines = Array.isArray(input) ? input : input.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const first = lines.findIndex((l) => l.trim());
  if (first >= 0 && /^\s*[[{]/.test(lines[first])) return [{ from: first + 1, to: lines.length, text: lines.slice(first).join('\n') }];
  const assigned = scriptAssignment(lines);
  if (assigned) return [assigned];
  const out = [];
  for (let k = 0; k < lines.length; k++) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(lines[k]);
    if (!f) continue;
    let end = k + 1;
    while (end < lines.length && !new RegExp(`^\\s{0,3}${f[1][0]}{${f[1].length},}\\s*$`).test(lines[end])) end++;
    const body = lines.slice(k + 1, end);
    const start = body.findIndex((l) => l.trim());
    if (start >= 0 && /^\s*[[{]/.test(body[start])) out.push({ from: k + 2 + start, to: end, text: body.slice(start).join('\n') });
    k = end;
  }
  return out;
}
