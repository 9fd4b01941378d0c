// JSON read with the line of every value: a small tokenizer (RFC 8259) that builds the value as
// JSON.parse would and records, for each path, the 1-based line where its key stands (for an array
// element, where the element starts). Numbers keep their written text, so an adapter can check that a
// value is the number the file states. Used by the JSON adapters (k6 summary, vegeta, hyperfine).
//
//   readJson(text) -> { value, lineOf(path), textOf(path) }   path: an array of keys and indexes
//   JsonError (an InputError at the line where the text stops being JSON)
import { InputError, quote } from '../../../lib/errors.mjs';
import { checkJsonDepth } from './json-depth.mjs';

const key = (path) => JSON.stringify(path);

/**
 * @param {string} text  (a BOM is skipped; CR, LF and CRLF end lines)
 * @returns {{ value: any, lineOf: (path: Array<string|number>) => number, numberText: (path: Array<string|number>) => string | undefined }}
 */
export function readJson(text) {
  const s = text.startsWith('\ufeff') ? text.slice(1) : text;
  checkJsonDepth(s);
  let i = 0;
  let line = 1;
  const lines = new Map();
  const numbers = new Map();
  const fail = (expected) => {
    const rest = s.slice(i).split(/\r\n|\r|\n/)[0];
    throw new InputError(line, expected, i >= s.length ? 'the end of the file (the JSON is cut off)' : quote(rest));
  };
  const space = () => {
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === '\n' || (c === '\r' && s[i + 1] !== '\n')) line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
    }
  };
  const string = () => {
    const m = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/.exec(s.slice(i, i + 100000)); // eslint-disable-line no-control-regex
    if (!m) fail('a JSON string');
    i += m[0].length;
    return JSON.parse(m[0]);
  };
  const value = (path) => {
    space();
    if (!lines.has(key(path))) lines.set(key(path), line);
    const c = s[i];
    if (c === '{') {
      i++;
      const out = {};
      space();
      if (s[i] === '}') return i++, out;
      for (;;) {
        space();
        if (s[i] !== '"') fail('a key in quotes');
        const at = line;
        const k = string();
        lines.set(key([...path, k]), at);
        space();
        if (s[i] !== ':') fail('":" after a key');
        i++;
        out[k] = value([...path, k]);
        space();
        if (s[i] === ',') i++;
        else if (s[i] === '}') return i++, out;
        else fail('"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const out = [];
      space();
      if (s[i] === ']') return i++, out;
      for (;;) {
        out.push(value([...path, out.length]));
        space();
        if (s[i] === ',') i++;
        else if (s[i] === ']') return i++, out;
        else fail('"," or "]"');
      }
    }
    if (c === '"') return string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(s.slice(i, i + 400));
    if (!m) fail('a JSON value');
    i += m[0].length;
    if (m[0] === 'true' || m[0] === 'false' || m[0] === 'null') return JSON.parse(m[0]);
    numbers.set(key(path), m[0]);
    return Number(m[0]);
  };
  const result = value([]);
  space();
  if (i < s.length) fail('the end of the JSON document');
  return {
    value: result,
    lineOf: (path) => lines.get(key(path)) ?? 0,
    numberText: (path) => numbers.get(key(path)),
  };
}

/** Whether a text is a JSON object or array (after a BOM and white space), without reading it. */
export const looksLikeJson = (text) => /^\ufeff?\s*[[{]/.test(text);
