// JSON read with the line of every value: a small recursive-descent reader that builds the value as
// JSON.parse would and records, for each path (["benchmarks", 0, "real_time"]), the 1-based line of
// its key (an object member) or of its first character (an array element), and the number as
// written. Adapters of JSON outputs use it so every row keeps its line, and read numbers exactly
// (exactNumber: "1.19865267250996E7" is Java's way to write 11986526.7250996).
import { InputError, quote } from '../../../lib/errors.mjs';
import { checkJsonDepth } from './json-depth.mjs';

/**
 * @typedef {object} JsonWithLines
 * @property {any} value                           the parsed value
 * @property {(path: Array<string|number>) => number | undefined} lineOf   line of a path
 * @property {(path: Array<string|number>) => string | undefined} rawOf    a number as written
 * @property {number} lastLine                     the line of the last character of the value
 */

/**
 * Parse JSON text, keeping lines. `firstLine` is the line of text[0] in the whole document.
 * @param {string} text
 * @param {number} [firstLine]
 * @returns {JsonWithLines}
 */
export function parseJsonWithLines(text, firstLine = 1) {
  checkJsonDepth(text, firstLine);
  let i = text.startsWith('\ufeff') ? 1 : 0;
  let line = firstLine;
  const lines = new Map();
  const raws = new Map();
  const fail = (expected) => {
    const found = i >= text.length ? 'the end of the text (the JSON is cut off)' : quote(text.slice(i, i + 20).split(/\r?\n/)[0]);
    throw new InputError(line, expected, found);
  };
  const space = () => {
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\n') line++;
      else if (c === '\r') {
        if (text[i + 1] !== '\n') line++;
      } else if (c !== ' ' && c !== '\t') break;
    }
  };
  // Sticky expressions read at i without copying the rest of the text.
  // eslint-disable-next-line no-control-regex
  const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
  const LITERAL = /true|false|null/y;
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
      const obj = {};
      space();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a member name in quotes');
        const keyLine = line;
        const name = string();
        lines.set(JSON.stringify([...path, name]), keyLine);
        space();
        if (text[i] !== ':') fail('":" after a member name');
        i++;
        obj[name] = value([...path, name]);
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail('"," or "}" in an object');
      }
    }
    if (c === '[') {
      i++;
      const arr = [];
      space();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value([...path, arr.length]));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail('"," or "]" in an array');
      }
    }
    if (c === '"') return string();
    const lit = at(LITERAL);
    if (lit !== undefined) return JSON.parse(lit);
    const num = at(NUMBER);
    if (num !== undefined) {
      raws.set(key, num);
      return Number(num);
    }
    return fail('a JSON value');
  };
  const result = value([]);
  const lastLine = line;
  space();
  if (i < text.length) fail('the end of the JSON');
  return {
    value: result,
    lineOf: (path) => lines.get(JSON.stringify(path)),
    rawOf: (path) => raws.get(JSON.stringify(path)),
    lastLine,
  };
}

/** Digits and exponent of a decimal number: "1.19865267250996E7" -> { sign: '', digits: '119865267250996', exp: 7 }. */
function decompose(text) {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const all = (m[2] + (m[3] ?? '')).replace(/^0+/, '');
  if (!all) return { sign: '', digits: '0', exp: 0 };
  const lead = (m[2] + (m[3] ?? '')).length - all.length; // leading zeros dropped
  const exp = Number(m[4] ?? 0) + m[2].length - lead - 1;
  return { sign: m[1], digits: all.replace(/0+$/, ''), exp };
}

/**
 * The value of a number as written, plain or with an exponent, only if it is exact: the double it
 * parses to, written with as many significant digits as the text has, gives back the text. A tool's
 * shortest form (Java's 1.19865267250996E7) and its max_digits10 form (Google Benchmark's
 * 2.1498980114547953e+02) both pass; digits beyond what a double holds (22.9311550436692820001)
 * do not. Undefined otherwise.
 * @param {string} text
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

/**
 * The candidates for a JSON document in a text: the whole text, else each fenced code block
 * (``` or ~~~) of a Markdown report, with the line its content starts on.
 * @param {string} text
 * @returns {Array<{ text: string, firstLine: number }>}
 */
export function jsonCandidates(text) {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const trimmed = body.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return [{ text: body, firstLine: 1 }];
  const lines = body.split(/\r\n|\r|\n/);
  const out = [];
  for (let k = 0; k < lines.length; k++) {
    const open = /^\s*(```+|~~~+)/.exec(lines[k]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > k && l.trim().startsWith(open[1]));
    const stop = end < 0 ? lines.length : end;
    const content = lines.slice(k + 1, stop).join('\n');
    if (/^\s*[[{]/.test(content)) out.push({ text: content, firstLine: k + 2 });
    k = stop;
  }
  return out;
}
