// Adapter for JMH's end-of-run table (`Benchmark  (param)  Mode  Cnt  Score   Error  Units`), one
// table or several pasted into a report, in any mode (thrpt, avgt, sample with its ·p percentiles,
// ss), with profiler rows (`:·gc.alloc.rate`), params as conditions and `±` as JMH's 99.9 %
// confidence half-width. Tolerant of how the table travels: a prefix on every line (sbt's `[info] `,
// a Javadoc ` * `), a decimal comma (JMH formats with the JVM's locale), and the `±` of a Latin-1
// log read as UTF-8 (U+FFFD), as ASCII (`?`) or mis-decoded (`Â±`). `≈ 10⁻⁴` (a score too small
// for its unit) is no number: the row is left out with a note. The run's settings that JMH prints
// above each benchmark of its log (`# Warmup: 5 iterations, 10 s each`, `# Threads: ...`, `# Fork: 1
// of 5`) are kept as a "Run settings" section: each setting once, with every value it took and the
// line where each first appears.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, toNumber, toInteger, InexactNumberError } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { MODES, primaryMetric, jmhUnit, secondaryLabel, paramCondition, paramValue, numberRepeats } from '../shared/jmh.mjs';

export const format = 'jmh-text';
export const description = "JMH's end-of-run results table (any mode, params, profiler rows), one or several in a report.";

const HEADER =
  /^((?:[\s*/#>]|\[\w+\])*?)Benchmark((?:\s+\([^()\s]+\))*)\s+Mode\s+(?:Cnt|Samples)\s+Score\s+(?:Score\s+error|Error)\s+Units\s*$/;
const PLUS_MINUS = new Set(['±', '?', '\ufffd', 'Â±']);
const APPROX = new Set(['≈', '?', '\ufffd', 'â‰ˆ']);

/** The line without the table's prefix (sbt's "[info] ", a comment's " * "), or null when it lacks it. */
function unprefix(line, prefix) {
  const words = prefix.trim().split(/\s+/).filter(Boolean);
  let rest = line;
  for (const w of words) {
    rest = rest.replace(/^\s*/, '');
    if (!rest.startsWith(w)) return null;
    rest = rest.slice(w.length);
  }
  return rest;
}

/** Whether a line (without its prefix) looks like a row of the table: a name, then a mode. */
function isRow(text) {
  const t = text.trim().split(/\s+/);
  return t.length >= 3 && t[0] !== 'Benchmark' && t.slice(1).some((w) => Object.hasOwn(MODES, w));
}

export function detect(text) {
  const lines = splitLines(stripAnsi(text));
  return lines.some((l, i) => {
    const h = HEADER.exec(l);
    if (!h) return false;
    const next = lines.slice(i + 1).find((x) => !isBlank(unprefix(x, h[1]) ?? x));
    return next !== undefined && unprefix(next, h[1]) !== null && isRow(unprefix(next, h[1]));
  });
}

/** A number as JMH prints it (%.3f, with a decimal comma in some locales). */
function jmhNumber(token, line, what) {
  const t = /^-?\d+,\d+$/.test(token ?? '') ? token.replace(',', '.') : token;
  let n;
  try {
    n = toNumber(t ?? '');
  } catch (e) {
    if (e instanceof InexactNumberError) throw new InputError(line, e.expected, e.found);
    throw e;
  }
  if (n === undefined) {
    throw new InputError(line, what, token === undefined ? 'the end of the line (the row is cut off)' : quote(token));
  }
  return n;
}

/**
 * One row of the table read into its parts.
 * @returns {{ name: string, params: string[], mode: string, cnt?: number, score?: number, approx?: string,
 *   error?: number, unitText: string, unit: string, extra: string }}
 */
function readRow(text, nParams, line) {
  const t = text.trim().split(/\s+/);
  const name = t[0];
  const modeAt = t.findIndex((w, k) => k > 0 && Object.hasOwn(MODES, w));
  const params = t.slice(1, modeAt);
  if (params.length !== nParams) {
    throw new InputError(line, `${nParams} parameter value${nParams === 1 ? '' : 's'} between the name and the mode (as the header has)`, quote(text));
  }
  const mode = t[modeAt];
  const after = t.slice(modeAt + 1);
  let i = 0;
  const row = { name, params, mode };
  // Cnt is blank for one sample (and for percentile rows); a score always has decimals (%.3f), so a
  // whole number first, followed by anything but the units, is the count.
  if (/^\d+$/.test(after[0] ?? '') && after[1] !== undefined && !jmhUnit(after[1])) {
    row.cnt = toInteger(after[0]);
    i = 1;
  }
  if (APPROX.has(after[i]) && /^(0|10\S+)$/.test(after[i + 1] ?? '')) {
    row.approx = `≈ ${after[i + 1]}`;
    i += 2;
  } else if (after[i] === 'NaN') {
    row.approx = 'NaN';
    i += 1;
  } else {
    row.score = jmhNumber(after[i], line, 'a score (a number)');
    i += 1;
  }
  if (PLUS_MINUS.has(after[i])) {
    row.error = jmhNumber(after[i + 1], line, 'the error after "±" (a number)');
    i += 2;
  } else if (/^(±|Â±|\ufffd)\d/.test(after[i] ?? '')) {
    row.error = jmhNumber(after[i].replace(/^(±|Â±|\ufffd)/, ''), line, 'the error after "±" (a number)');
    i += 1;
  }
  else if (/^\d+([.,]\d+)?$/.test(after[i] ?? '') && after[i + 1] !== undefined) {
    // JMH before 1.12 printed the error in its own column ("Score error"), without "±".
    row.error = jmhNumber(after[i], line, 'the error (a number)');
    i += 1;
  }
  if (after[i] === undefined) throw new InputError(line, 'the units after the score', 'the end of the line (the row is cut off)');
  row.unitText = after[i];
  row.unit = jmhUnit(after[i]);
  if (!row.unit) {
    throw new InputError(line, 'a unit JMH prints (ops/s, ops/ms, us/op, ns/op, ..., B/op, MB/sec, counts, ms)', quote(after[i]));
  }
  row.extra = after.slice(i + 1).join(' ');
  return row;
}

/** A line of the run header JMH prints above each benchmark: `# Warmup: 5 iterations, 10 s each`. */
const SETTING = /^(?:\[\w+\]\s*)?#\s+([A-Za-z][A-Za-z ]*[A-Za-z]):\s+(\S.*?)\s*$/;
/** Header lines that are no setting of the run: what runs now, and how far it is. */
const NOT_SETTINGS = new Set(['Benchmark', 'Parameters', 'Run progress', 'Run complete', 'Warmup Iteration']);

/**
 * The settings of the run as JMH's log states them, in order of first appearance; a setting
 * with several values (the benchmark mode of each group) keeps each once. `# Fork: 1 of 5` is the
 * setting Forks, 5. Only in a log that has JMH's header (`# JMH version: ...`, `# VM version: ...`).
 * @param {string[]} lines
 * @returns {{ name: string, values: { value: string, line: number }[] }[]}
 */
export function runSettings(lines) {
  if (!lines.some((l) => /^(?:\[\w+\]\s*)?#\s+(JMH|VM) version:/.test(l))) return [];
  const settings = new Map();
  lines.forEach((l, i) => {
    const m = SETTING.exec(l);
    if (!m || NOT_SETTINGS.has(m[1])) return;
    const fork = m[1] === 'Fork' ? /^\d+ of (\d+)$/.exec(m[2]) : null;
    if (m[1] === 'Fork' && !fork) return;
    const [name, value] = fork ? ['Forks', fork[1]] : [m[1], m[2]];
    if (!settings.has(name)) settings.set(name, []);
    const values = settings.get(name);
    if (!values.some((v) => v.value === value)) values.push({ value, line: i + 1 });
  });
  return [...settings].map(([name, values]) => ({ name, values }));
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(stripAnsi(text));
  const items = [];
  const notes = [];
  const spans = [];
  for (let i = 0; i < lines.length; i++) {
    const h = HEADER.exec(lines[i]);
    if (!h) continue;
    const prefix = h[1];
    const params = [...h[2].matchAll(/\(([^()\s]+)\)/g)].map((m) => m[1]);
    const start = i + 1;
    let last = i;
    let k = i + 1;
    for (; k < lines.length; k++) {
      const body = unprefix(lines[k], prefix);
      if (body === null) break;
      if (isBlank(body)) {
        // A blank line inside the table (some reports group rows): go on only if a row follows.
        const next = lines.slice(k + 1).find((x) => !isBlank(unprefix(x, prefix) ?? x));
        if (next !== undefined && unprefix(next, prefix) !== null && isRow(unprefix(next, prefix)) && !HEADER.test(next)) continue;
        break;
      }
      if (!isRow(body)) break;
      const n = k + 1;
      const row = readRow(body, params.length, n);
      last = k;
      if (row.extra) notes.push({ text: `line ${n}: text after the units, not read: ${row.extra}`, line: n });
      if (row.approx !== undefined) {
        notes.push({ text: `line ${n}: ${row.name} (${row.mode}) scored ${row.approx} ${row.unitText}, no number to read`, line: n, skipped: true });
        continue;
      }
      items.push({ ...row, paramNames: params, line: n });
    }
    if (last === i) {
      throw new InputError(i + 2, 'a result row under the JMH header ("<benchmark>  <mode>  <cnt>  <score> ± <error>  <units>")',
        i + 1 < lines.length ? quote(lines[i + 1]) : 'the end of the file (the table is cut off)');
    }
    spans.push([start, last + 1]);
    i = last;
  }
  // The run log above the first results table (# JMH version, Warmup and Measurement iterations,
  // Result "..." statistics, the REMEMBER notice) is JMH's too: its iterations are the samples the
  // table sums up, not results of their own, and no other reader takes them (born-to-be-mad/jmh
  // openjdk-13.24.res read them as 50 key-value rows).
  const logStart = lines.findIndex((l) => /^\uFEFF?# (JMH version|VM version|Run progress):/.test(l));
  const firstTable = spans.find(([a]) => a > logStart + 1);
  if (logStart >= 0 && firstTable) spans.unshift([logStart + 1, firstTable[0] - 1]);
  if (!items.length && !notes.length) throw new InputError(0, 'a JMH results table ("Benchmark  Mode  Cnt  Score  Error  Units")', 'none');

  const rows = [];
  const keyed = items.map((r) => {
    const [benchmark, label] = splitName(r.name);
    const conditions = { mode: r.mode };
    r.params.forEach((v, k) => {
      if (v !== 'N/A') conditions[paramCondition(r.paramNames[k])] = paramValue(v);
    });
    return { r, benchmark, label, conditions, key: JSON.stringify([benchmark, label ?? '', conditions]) };
  });
  numberRepeats(keyed);
  for (const { r, benchmark, label, conditions } of keyed) {
    const spread = r.error !== undefined ? { spread_kind: 'ci99', spread: r.error } : {};
    const base = { benchmark, value: r.score, unit: r.unit, conditions, line: r.line };
    if (label === undefined) {
      rows.push(measurement({ ...base, metric: primaryMetric(r.mode, r.unit), statistic: 'mean', ...spread, runs: r.cnt }));
      continue;
    }
    const read = secondaryLabel(label, r.unitText);
    if (!read) throw new InputError(r.line, 'a secondary result label such as ":·gc.alloc.rate" or ":·p0.99"', quote(r.name));
    if ('statistic' in read) rows.push(measurement({ ...base, metric: primaryMetric(r.mode, r.unit), statistic: read.statistic, ...spread, runs: r.cnt }));
    // A profiler's metric: JMH states no better direction for it (more allocation may buy speed).
    else rows.push(measurement({ ...base, metric: read.metric, statistic: 'value', better: '', ...spread, runs: r.cnt }));
  }
  const settings = runSettings(lines);
  const sections = settings.length
    ? [{ id: 'run-settings', title: 'Run settings', line: settings[0].values[0].line, settings }]
    : [];
  return measurementResult(rows, { tableTitle: 'JMH results', notes, spans, sections });
}

/** "Bench.m:·gc.alloc.rate" -> ["Bench.m", "·gc.alloc.rate"]; "Bench.m" -> ["Bench.m", undefined]. */
function splitName(name) {
  const at = name.indexOf(':');
  return at < 0 ? [name, undefined] : [name.slice(0, at), name.slice(at + 1)];
}
