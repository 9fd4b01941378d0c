// Adapter for Catch2's console benchmark output (v2 and v3): under each test case's heading, the table
// `benchmark name  samples  iterations  estimated` (v3: `est run time`) / `mean  low mean  high mean`
// / `std dev  low std dev  high std dev`, then per benchmark three lines: name, samples, iterations
// and estimated run time; the mean with its bootstrapped bounds; the standard deviation with its
// bounds. Durations as Catch2 prints them (ns, us, ms, s, m = minutes). A long name that Catch2
// wrapped over several lines is joined with spaces. Text around the tables is free.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, toNumber, toInteger } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { canonicalUnit, convert } from '../../measure/units.mjs';
import { stripAnsi } from '../shared/ansi.mjs';

export const format = 'catch2';
export const description = "Catch2's console benchmark tables (v2 and v3): samples, iterations, estimated run time, mean and std dev with bounds.";

const HEADER = /^(.*?)benchmark name\s+samples\s+iterations\s+(estimated|est run time)\s*$/;
const DUR = '(-?\\d+(?:\\.\\d+)?)\\s?(ns|us|µs|ms|s|m)\\b';
const FIRST = new RegExp(`^\\s*(\\S.*?)\\s+(\\d+)\\s+(\\d+)\\s+${DUR}\\s*$`);
const NUMBERS_ONLY = new RegExp(`^\\s*(\\d+)\\s+(\\d+)\\s+${DUR}\\s*$`);
const TRIPLE = new RegExp(`^\\s*${DUR}\\s+${DUR}\\s+${DUR}\\s*$`);
const DASHES = /^\s*-{20,}\s*$/;
const DOTS = /^\s*\.{20,}\s*$/;
const EQUALS = /^\s*={20,}\s*$/;

/** The line without the table's prefix ("// ", " * "), or null when it lacks it. */
const unprefix = (line, prefix) => {
  const p = prefix.trim();
  if (!p) return line;
  const t = line.trimStart();
  return t.startsWith(p) ? t.slice(p.length) : null;
};

export function detect(text) {
  const lines = splitLines(stripAnsi(text));
  return lines.some((l, i) => HEADER.test(l) && lines.slice(i + 1, i + 8).some((x) => FIRST.test(x) || NUMBERS_ONLY.test(x)));
}

/** A duration read exactly: number and canonical unit. */
function duration(number, unit, line, text) {
  const u = canonicalUnit(unit === 'm' ? 'min' : unit);
  const value = toNumber(number);
  if (!u || value === undefined) throw new InputError(line, 'a duration Catch2 prints (ns, us, ms, s, m)', quote(text));
  return { value, unit: u };
}

/** A bound in the unit of the value it belongs to (Catch2 picks a unit per number). */
function inUnitOf(bound, of) {
  return bound.unit === of.unit ? bound.value : convert(bound.value, bound.unit, of.unit);
}

/** The test case (and section) heading above a table: the lines between the two dashed lines. */
function headingAbove(lines, from) {
  for (let k = from; k >= 0 && k > from - 40; k--) {
    if (!DOTS.test(lines[k])) continue;
    let end = k - 1;
    while (end >= 0 && !DASHES.test(lines[end])) end--;
    let start = end - 1;
    while (start >= 0 && !DASHES.test(lines[start])) start--;
    if (start < 0) return '';
    return lines
      .slice(start + 1, end)
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' / ');
  }
  return '';
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(stripAnsi(text));
  const rows = [];
  const spans = [];
  for (let i = 0; i < lines.length; i++) {
    const h = HEADER.exec(lines[i]);
    if (!h) continue;
    const prefix = h[1];
    const at = (k) => (k < lines.length ? unprefix(lines[k], prefix) : null);
    const section = headingAbove(lines, i - 1);
    let k = i + 1;
    // the header's two other lines and the dashes under them
    if (/^\s*mean\s+low mean\s+high mean\s*$/.test(at(k) ?? '')) k++;
    if (/^\s*std dev\s+low std dev\s+high std dev\s*$/.test(at(k) ?? '')) k++;
    if (DASHES.test(at(k) ?? '')) k++;
    let last = k - 1;
    let name = [];
    for (; k < lines.length; k++) {
      const body = at(k);
      if (body === null || DASHES.test(body) || DOTS.test(body) || EQUALS.test(body)) break;
      if (isBlank(body)) {
        if (name.length) break; // a name with no numbers under it: not a benchmark row
        continue;
      }
      const first = FIRST.exec(body) ?? (name.length ? NUMBERS_ONLY.exec(body) : null);
      if (!first) {
        const badUnit = /^\s*\S.*?\s+\d+\s+\d+\s+-?\d+(?:\.\d+)?\s?(\S+)\s*$/.exec(body);
        if (badUnit) throw new InputError(k + 1, 'a duration Catch2 prints (ns, us, ms, s, m)', quote(badUnit[1]));
        // A long name wrapped by Catch2, or the end of the table (prose, a fence).
        if (/\d\s*(ns|us|ms|s|m)\s*$/.test(body) || /^\s{20,}\S/.test(body)) {
          throw new InputError(k + 1, 'a benchmark row: name, samples, iterations, estimated run time', quote(body));
        }
        name.push(body.trim());
        continue;
      }
      const m = k + 1;
      const [label, samples, iterations, estN, estU] = first.length === 6 ? first.slice(1) : ['', ...first.slice(1)];
      const benchmark = [...name, label].filter(Boolean).join(' ');
      name = [];
      const runs = toInteger(samples);
      const est = duration(estN, estU, m, body);
      const triple = (j, what) => {
        const t = j < lines.length ? TRIPLE.exec(at(j) ?? '') : null;
        if (!t) {
          throw new InputError(j + 1, `the ${what} line: three durations`, j < lines.length ? quote(at(j)) : 'the end of the file (the block is cut off)');
        }
        return [duration(t[1], t[2], j + 1, at(j)), duration(t[3], t[4], j + 1, at(j)), duration(t[5], t[6], j + 1, at(j))];
      };
      const [mean, meanLow, meanHigh] = triple(k + 1, 'mean, low mean, high mean');
      const [sd, sdLow, sdHigh] = triple(k + 2, 'std dev, low std dev, high std dev');
      const base = { benchmark, section, runs };
      rows.push(measurement({ ...base, metric: 'duration', statistic: 'value', ...est, runs: undefined, line: m }));
      rows.push(measurement({ ...base, metric: 'iterations', statistic: 'value', value: toInteger(iterations), unit: 'count', better: '', runs: undefined, line: m }));
      rows.push(measurement({ ...base, metric: 'time', statistic: 'mean', ...mean, lower: inUnitOf(meanLow, mean), upper: inUnitOf(meanHigh, mean), line: k + 2 }));
      rows.push(measurement({ ...base, metric: 'time', statistic: 'stdev', ...sd, lower: inUnitOf(sdLow, sd), upper: inUnitOf(sdHigh, sd), line: k + 3 }));
      k += 2;
      last = k;
    }
    if (last < i + 1 || !rows.length) {
      throw new InputError(k + 1, 'a benchmark row under the Catch2 header ("<name>  <samples>  <iterations>  <estimated>")',
        k < lines.length ? quote(lines[k]) : 'the end of the file (the table is cut off)');
    }
    spans.push([i + 1, last + 1]);
    i = last;
  }
  if (!rows.length) throw new InputError(0, 'a Catch2 benchmark table ("benchmark name  samples  iterations  estimated")', 'none');
  return measurementResult(rows, { tableTitle: 'Catch2 benchmarks', spans });
}
