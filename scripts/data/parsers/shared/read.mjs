// Small readers the measurement adapters share: the lines of a text without ANSI codes, a number or
// a number with its unit read exactly or refused with an InputError at its line, the name of the
// run a block belongs to (the nearest heading of any markup above it), and the flags of a command line.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber, InexactNumberError } from '../../../lib/text.mjs';
import { stripAnsi } from './ansi.mjs';

/** The lines of a text (splitLines: BOM, CRLF), without ANSI codes, tabs kept. */
export const cleanLines = (text) => splitLines(String(text)).map(stripAnsi);

/**
 * A plain decimal read exactly, or an InputError at `line` naming what was expected.
 * @param {string|undefined} token
 * @param {number} line 1-based
 * @param {string} expected
 */
export function number(token, line, expected = 'a number') {
  let n;
  try {
    n = toNumber(token);
  } catch (e) {
    if (e instanceof InexactNumberError) throw new InputError(line, e.expected, e.found);
    throw e;
  }
  if (n === undefined) throw new InputError(line, expected, quote(token));
  return n;
}

/**
 * "<decimal><unit>" (with or without a space) where the unit is one of `units` (spelling -> canonical
 * unit): { value, unit }, or an InputError at `line` naming the units the tool prints.
 * @param {string|undefined} token
 * @param {Record<string, string>} units
 * @param {number} line
 * @param {string} what  "a time", "a size", ...
 */
export function withUnit(token, units, line, what) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(\S*)\s*$/.exec(token ?? '');
  const expected = `${what} with a unit the tool prints (${Object.keys(units).join(', ')})`;
  if (!m || !Object.hasOwn(units, m[2])) throw new InputError(line, expected, quote(token));
  return { value: number(m[1], line, expected), unit: units[m[2]] };
}

/**
 * A decimal written as a fraction moved two places, as text: "0.999991" -> "99.9991", "1.000000" ->
 * "100", "0.5" -> "50" (a percentile from a quantile without binary rounding).
 */
export function fractionToPercent(text) {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return undefined;
  const digits = (m[2] ?? '').padEnd(2, '0');
  const whole = (m[1] + digits.slice(0, 2)).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(2).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

const ATX = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const BOLD = /^\s*\*\*(.+?)\*\*:?\s*$/;
const SUMMARY = /^\s*<summary>\s*(.+?)\s*<\/summary>\s*$/i;
const UNDERLINE = /^\s*(=+|-+|~+|\^+|\*+)\s*$/;

/**
 * The nearest heading above line index `from` (0-based) and not above `to`: ATX (`## x`), setext or
 * RST (a line underlined with `===`, `---`, `~~~`), a bold line or a `<summary>`. Returns
 * { text, line } (1-based) or undefined. Fences and blank lines are passed over.
 * @param {string[]} lines
 */
export function headingAbove(lines, from, to = 0) {
  for (let i = from; i >= Math.max(0, to); i--) {
    const l = lines[i] ?? '';
    const m = ATX.exec(l) ?? BOLD.exec(l) ?? SUMMARY.exec(l);
    if (m) return { text: m[1].trim(), line: i + 1, atx: ATX.test(l) };
    if (i > to && underlined(lines, i - 1)) return { text: lines[i - 1].trim(), line: i, atx: false };
  }
  return undefined;
}

/** Whether the line below line index `i` underlines it (setext or RST: "CPU BENCHMARKS" over "------"). */
function underlined(lines, i) {
  const text = (lines[i] ?? '').trim();
  return Boolean(text) && !UNDERLINE.test(text) && UNDERLINE.test(lines[i + 1] ?? '') && !/^```|^~~~/.test(text);
}

/**
 * The title line index `i` (0-based) is when the line below underlines it and it stands alone (no
 * line of text right above it: sysbench's "CPU BENCHMARKS" over "------"), as its heading depth (1
 * under "=", else 2); else undefined. A rule under the last of several lines is no title.
 * @param {string[]} lines
 * @param {number} i
 */
export function underlinedTitle(lines, i) {
  if (!underlined(lines, i) || ((lines[i - 1] ?? '').trim() && !UNDERLINE.test(lines[i - 1]))) return undefined;
  return { text: lines[i].trim(), depth: /^\s*=/.test(lines[i + 1]) ? 1 : 2 };
}

/**
 * The flags of a command line as a map: "-t4 -c 200 --duration=30s -R2000 url" -> { t: '4', c: '200',
 * duration: '30s', R: '2000', _: ['url'] }. Single-letter flags take their value glued or as the next word.
 * @param {string} command
 * @param {string[]} valued  the flags that take a value (letters and long names)
 */
export function commandFlags(command, valued) {
  const words = command.trim().split(/\s+/);
  const flags = { _: [] };
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    // "--rate=10", and Go's single-dash long flags ("-rate=10", "-duration 1m") where the name is known.
    const go = /^-([\w-]{2,})(?:=(.*))?$/.exec(w);
    const long = /^--([\w-]+)(?:=(.*))?$/.exec(w) ?? (go && valued.includes(go[1]) ? go : null);
    const short = /^-([A-Za-z])(.*)$/.exec(w);
    if (long) {
      if (long[2] !== undefined) flags[long[1]] = long[2];
      else if (valued.includes(long[1]) && k + 1 < words.length) flags[long[1]] = words[++k];
      else flags[long[1]] = true;
    } else if (short && valued.includes(short[1])) {
      if (short[2]) flags[short[1]] = short[2].replace(/^=/, '');
      else if (k + 1 < words.length) flags[short[1]] = words[++k];
    } else if (short) flags[short[1]] = true;
    else flags._.push(w);
  }
  return flags;
}

/** Seconds in a duration as load tools take it ("30s", "2m", "1h", "500ms", "60"), or undefined. */
export function durationSeconds(text) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(String(text ?? '').trim());
  if (!m) return undefined;
  const n = toNumber(m[1]);
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] ?? 's'];
  return Number((n * factor).toPrecision(12));
}

/**
 * A Go time.Duration as printed ("762.632µs", "30s", "1.032s", "0s"), in its unit; a compound one
 * ("1m0s", "10m0s", "1h2m3.5s") is read as seconds, exactly. An InputError at `line` otherwise.
 * @returns {{ value: number, unit: string }}
 */
export function goDuration(token, line) {
  const compound = /^(?:(\d+)h)?(?:(\d+)m)?(\d+(?:\.\d+)?)s$/.exec(token ?? '');
  if (compound && (compound[1] || compound[2])) {
    const whole = Number(compound[1] ?? 0) * 3600 + Number(compound[2] ?? 0) * 60;
    const [int, frac = ''] = compound[3].split('.');
    return { value: number(`${whole + Number(int)}${frac ? `.${frac}` : ''}`, line), unit: 's' };
  }
  return withUnit(token, { ns: 'ns', µs: 'us', μs: 'us', us: 'us', ms: 'ms', s: 's', m: 'min', h: 'h' }, line, 'a duration');
}

/**
 * The ATX headings a line sits under, outermost first: for a line under "## Production" and then
 * "### Linux", [{ text: 'Production', level: 2, line }, { text: 'Linux', level: 3, line }].
 * @param {string[]} lines
 * @param {number} from  0-based index of the line above the block
 */
export function headingPath(lines, from) {
  const path = [];
  let level = 7;
  for (let i = from; i >= 0 && level > 1; i--) {
    const m = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(lines[i] ?? '');
    if (m && m[1].length < level) {
      level = m[1].length;
      path.unshift({ text: m[2].trim(), level, line: i + 1 });
    }
  }
  return path;
}
