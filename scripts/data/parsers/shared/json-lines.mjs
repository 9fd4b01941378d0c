// JSON read with the line of every value: a small recursive-descent reader (RFC 8259) that returns
// the value and, for each JSON path, the 1-based line where its key (or, for an array item, the item)
// stands, so adapters of JSON outputs (pytest-benchmark, asv, Bencher Metric Format) give every row
// its line. Numbers are refused when a JavaScript number cannot hold the digits written (17 and more
// significant digits that do not round-trip); Python's and Rust's shortest round-trip floats pass.
//
// Exports:
//   readJson(text, offset?) -> { value, lineOf(path), rawOf(path) }   throws InputError at the line of a syntax error
//   jsonBlocks(lines) -> [{ from, text }]   the JSON document a text is, or the fenced ``` blocks holding one
import { InputError, quote } from '../../../lib/errors.mjs';
import { checkJsonDepth } from './json-depth.mjs';

/** The significant digits of a decimal or exponent number ("2.2067000000181025e-05" -> "22067000000181025"). */
function digits(s) {
  const m = /^-?(\d*)\.?(\d*)(?:[eE][-+]?\d+)?$/.exec(s);
  return m ? (m[1] + m[2]).replace(/^0+/, '').replace(/0+$/, '') || '0' : '';
}

/**
 * @param {string} text
 * @param {number} [offset] lines before the text in the file (a fenced block's place)
 */
export function readJson(text, offset = 0) {
  checkJsonDepth(text, 1 + offset);
  let i = 0;
  let line = 1 + offset;
  const lines = new Map();
  const raws = new Map();
  const fail = (expected) => {
    const rest = text.slice(i).split('\n')[0];
    throw new InputError(line, expected, i >= text.length ? 'the end of the file (the JSON is cut off)' : quote(rest));
  };
  const space = () => {
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\ufeff') break;
    }
  };
  const string = () => {
    // eslint-disable-next-line no-control-regex
    const m = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/.exec(text.slice(i, i + 1e6));
    if (!m) fail('a JSON string');
    i += m[0].length;
    return JSON.parse(m[0]);
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
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a JSON key in double quotes');
        const at = line;
        const k = string();
        lines.set(JSON.stringify([...path, k]), at);
        space();
        if (text[i] !== ':') fail('":" after a JSON key');
        i++;
        out[k] = value([...path, k]);
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return out;
        } else fail('"," or "}" in a JSON object');
      }
    }
    if (c === '[') {
      i++;
      const out = [];
      space();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value([...path, out.length]));
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return out;
        } else fail('"," or "]" in a JSON array');
      }
    }
    if (c === '"') return string();
    const lit = /^(?:true|false|null|NaN|-?Infinity|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!lit) fail('a JSON value');
    i += lit[0].length;
    const t = lit[0];
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    // Python's json writes NaN and Infinity for such floats: kept as what they are, never as numbers.
    if (/NaN|Infinity/.test(t)) return t;
    const n = Number(t);
    if (!Number.isFinite(n) || digits(t) !== digits(n.toExponential())) {
      throw new InputError(line, 'a number a JavaScript number holds exactly (at most 17 significant digits that round-trip)', quote(t));
    }
    raws.set(key, t);
    return n;
  };
  const result = value([]);
  space();
  if (i < text.length) fail('the end of the JSON document');
  return {
    value: result,
    /** @param {Array<string|number>} path */
    lineOf: (path) => lines.get(JSON.stringify(path)),
    /** @param {Array<string|number>} path */
    rawOf: (path) => raws.get(JSON.stringify(path)),
  };
}

/**
 * Where a text holds JSON: the whole text when it opens with "{" or "[", else every fenced code block
 * (``` or ~~~, any info string) whose first non-blank line opens with "{" or "[".
 * @param {string[]} lines
 * @returns {Array<{ from: number, to: number, text: string }>} from/to: 1-based lines of the JSON itself
 */
export function jsonBlocks(lines) {
  const first = lines.findIndex((l) => l.trim());
  if (first >= 0 && /^\s*[[{]/.test(lines[first])) return [{ from: first + 1, to: lines.length, text: lines.slice(first).join('\n') }];
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
