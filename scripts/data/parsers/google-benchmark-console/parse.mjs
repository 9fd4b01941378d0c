// Adapter for Google Benchmark's console output: the context header (`Run on (8 X 3400 MHz CPU s)`,
// `CPU Caches:`, `Load Average:`) and the table `Benchmark  Time  CPU  Iterations [UserCounters...]`,
// one run or several pasted into a report. Each row gives real time (metric time) and CPU time
// (cpu_time) in its unit, and each counter (bytes_per_second=1.2Gi/s, items_per_second=3.4M/s, a
// user's Foo=1.2k, or the old bare `211.669MB/s` and `1.2M items/s`); `_mean`, `_median`, `_stddev`
// rows are those statistics, `_cv` rows the coefficient of variation in %. The run name's
// /threads:8, /real_time, /repeats:3 and positional args are conditions (shared/google-benchmark.mjs).
// Runs pasted from machines whose context headers differ (benchtest's README: `Run on (8 X 2200 MHz
// CPU s)` on a Mac, `Run on (8 X 4000 MHz CPU s)` on Arch Linux) are told apart by condition `machine`
// ("8 X 2200 MHz"), never numbered as runs of one thing, and each is a machine of the report, keyed so.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { exactNumber } from '../shared/json.mjs';
import { AGGREGATES, splitRunName, counterMetric, readCounter, mhzToGhz } from '../shared/google-benchmark.mjs';
import { numberRepeats } from '../shared/jmh.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'google-benchmark-console';
export const description = "Google Benchmark's console table (Time, CPU, Iterations, counters, aggregates) and its context header.";

const HEADER = /^\s*Benchmark\s+Time\s+CPU\s+Iterations(?:\s+(.*?))?\s*$/;
const DASHES = /^\s*-{10,}\s*$/;
const NUM = '(-?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[-+]?\\d+)?)';
// name, time, unit, CPU time, unit, then the rest (iterations, counters, label)
const ROWISH = new RegExp(`^\\s*(\\S.*?)\\s+${NUM}\\s+(\\S+)\\s+${NUM}\\s+(\\S+)(?:\\s+(.*?))?\\s*$`);
const ERRORED = /^\s*(\S.*?)\s+(ERROR OCCURRED|SKIPPED):\s*(.*?)\s*$/;
const TIME_UNITS = new Set(['ns', 'us', 'ms', 's']);
const RUN_ON = /^\s*Run on \((\d+) [Xx] ([\d.]+) MHz CPU ?s?\s*\)\s*$/;
const CACHE = /^\s+L(\d) (Data|Instruction|Unified) (\d+\s?[KMG]?i?B?)(?: \(x(\d+)\))?\s*$/;
const LOAD = /^\s*Load Average: ([\d.]+(?:, [\d.]+)*)\s*$/;
const WARNING = /^\s*\*\*\*WARNING\*\*\*\s*(.+?)\s*$/;
const DATE = /^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}\S*\s*$/;
const RUNNING = /^\s*Running \S.*$/;

/** Whether the next table line after i (dashes skipped) is a row. */
function rowFollows(lines, i) {
  let k = i + 1;
  while (k < lines.length && DASHES.test(lines[k])) k++;
  return k < lines.length && ROWISH.test(lines[k]);
}

export function detect(text) {
  const lines = splitLines(stripAnsi(text));
  return lines.some((l, i) => HEADER.test(l) && rowFollows(lines, i));
}

const number = (token, line, what) => {
  const n = exactNumber(token);
  if (n === undefined) throw new InputError(line, what, quote(token));
  return n;
};

/**
 * The part of a row after the CPU time: iterations, then counters (named, or by the columns of a
 * tabular header), then the label.
 */
function readTail(rest, columns, line) {
  const words = rest ? rest.split(/\s+/) : [];
  if (!/^\d+$/.test(words[0] ?? '')) {
    throw new InputError(line, 'the iteration count after the CPU time', words.length ? quote(words[0]) : 'the end of the line (the row is cut off)');
  }
  const iterations = number(words[0], line, 'an iteration count');
  const counters = [];
  let k = 1;
  if (columns.length) {
    for (const name of columns) {
      if (words[k] === undefined) throw new InputError(line, `a value in the column "${name}"`, 'the end of the line (the row is cut off)');
      counters.push({ name, text: words[k++] });
    }
  } else {
    for (; k < words.length; k++) {
      const named = /^([^=\s]+)=(\S+)$/.exec(words[k]);
      const bytes = /^(-?[\d.]+(?:e[-+]?\d+)?)([kMGT]?)B\/s$/.exec(words[k]); // before v1.2: "211.669MB/s"
      const items = /^(-?[\d.]+(?:e[-+]?\d+)?[kMGT]?)$/.exec(words[k]);
      if (named) counters.push({ name: named[1], text: named[2] });
      else if (bytes) counters.push({ name: 'bytes_per_second', text: `${bytes[1]}${bytes[2]}/s` });
      else if (items && words[k + 1] === 'items/s') counters.push({ name: 'items_per_second', text: `${words[k++]}/s`, binary: true });
      else break;
    }
  }
  return { iterations, counters, label: words.slice(k).join(' ') };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(stripAnsi(text));
  const items = [];
  const notes = [];
  const read = [];
  // The facts of each machine (one, unless the context headers differ: then one per `Run on` line).
  const byMachine = new Map();
  let facts = new Map();
  const fact = (field, value, line, extra = {}) => {
    const had = facts.get(field);
    if (!had) facts.set(field, { field, value, line, ...extra });
    else if (had.value !== value) notes.push({ text: `line ${line}: ${field} ${value}, where line ${had.line} states ${had.value}`, line });
  };

  const machineOf = (run) => `${run[1]} X ${run[2]} MHz`;
  const machines = new Set(lines.map((l) => RUN_ON.exec(l)).filter(Boolean).map(machineOf));
  let machine;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const l = lines[i];
    const run = RUN_ON.exec(l);
    if (run) {
      read.push(n);
      if (machines.size > 1) {
        machine = machineOf(run);
        if (!byMachine.has(machine)) byMachine.set(machine, new Map());
        facts = byMachine.get(machine);
      }
      fact('threads', Number(run[1]), n, { note: 'logical CPUs (num_cpus)' });
      fact('clock_ghz', mhzToGhz(run[2]), n, { unit: 'GHz', note: `as Google Benchmark estimated it: ${run[2]} MHz` });
      continue;
    }
    if (/^\s*CPU Caches:\s*$/.test(l)) {
      read.push(n);
      for (let k = i + 1; k < lines.length && CACHE.test(lines[k]); k++, i++) {
        const c = CACHE.exec(lines[k]);
        read.push(k + 1);
        fact(`l${c[1]}_${c[2].toLowerCase()}_cache`, c[4] ? `${c[3]} (x${c[4]})` : c[3], k + 1);
      }
      continue;
    }
    const load = LOAD.exec(l);
    if (load) {
      read.push(n);
      fact('load_average', load[1], n);
      continue;
    }
    const warning = WARNING.exec(l);
    if (warning) {
      read.push(n);
      notes.push({ text: warning[1], line: n });
      continue;
    }
    if (DATE.test(l) || RUNNING.test(l)) {
      if (lines.slice(i + 1, i + 12).some((x) => HEADER.test(x) || RUN_ON.test(x))) read.push(n);
      continue;
    }
    const header = HEADER.exec(l);
    if (!header || !rowFollows(lines, i)) continue;
    const columns = header[1] && header[1] !== 'UserCounters...' ? header[1].split(/\s+/) : [];
    read.push(n);
    if (DASHES.test(lines[i - 1] ?? '')) read.push(n - 1);
    let k = i + 1;
    for (; k < lines.length; k++) {
      const row = lines[k];
      const m = k + 1;
      if (DASHES.test(row)) {
        if (!rowFollows(lines, k) && !HEADER.test(lines[k + 1] ?? '')) break;
        read.push(m);
        continue;
      }
      if (HEADER.test(row) || isBlank(row)) break;
      const err = ERRORED.exec(row);
      if (err && !ROWISH.test(row)) {
        notes.push({ text: `line ${m}: ${err[1]}: ${err[2].toLowerCase()}: ${err[3]}`, line: m, skipped: true });
        read.push(m);
        continue;
      }
      const r = ROWISH.exec(row);
      // Google Benchmark prints Time and CPU in one unit: a line with two different words there is
      // prose after the table ("fib is 2 times 3 faster"), not a row.
      if (!r || r[3] !== r[5]) break;
      read.push(m);
      const [, name, time, unit, cpu, unit2, rest] = r;
      const bigO = /^(.*)_BigO$/.exec(name);
      if (bigO) {
        notes.push({ text: `line ${m}: ${bigO[1]} fits ${unit}: coefficients ${time} (real) and ${cpu} (CPU), in a time unit the console does not print`, line: m });
        continue;
      }
      const rms = /^(.*)_RMS$/.exec(name);
      const agg = /^(.*)_(mean|median|stddev|cv)$/.exec(name);
      const runName = rms ? rms[1] : agg ? agg[1] : name;
      if (rms || agg?.[2] === 'cv') {
        if (unit !== '%' || unit2 !== '%') throw new InputError(m, `"%" after the ${rms ? 'RMS' : 'coefficient of variation'}`, quote(unit));
      } else if (!TIME_UNITS.has(unit)) {
        throw new InputError(m, 'a time unit Google Benchmark prints (ns, us, ms, s)', quote(unit));
      }
      const { benchmark, conditions } = splitRunName(runName);
      if (machine) conditions.machine = machine;
      const statistic = agg ? AGGREGATES[agg[2]] : rms ? 'value' : 'mean';
      const suffix = statistic === 'cv' ? '_cv' : '';
      const base = { benchmark, conditions, line: m, kind: agg ? agg[2] : rms ? 'rms' : 'iteration' };
      if (rms) {
        items.push({ ...base, metric: 'fit_rms', statistic: 'value', value: number(time, m, 'an RMS'), unit: '%' });
        continue;
      }
      const tail = readTail(rest, columns, m);
      if (tail.label) conditions.label = tail.label;
      const stat = statistic === 'cv' ? 'value' : statistic;
      items.push({ ...base, metric: `time${suffix}`, statistic: stat, value: number(time, m, 'a time'), unit, runs: tail.iterations });
      items.push({ ...base, metric: `cpu_time${suffix}`, statistic: stat, value: number(cpu, m, 'a CPU time'), unit, runs: tail.iterations });
      for (const c of tail.counters) {
        const v = readCounter(c.name, c.text, c.binary);
        if (!v) {
          throw new InputError(m, `a counter value Google Benchmark prints (a number, a prefix k, M, G, Ki, Mi, Gi, m, u, n, and /s for a rate)`, quote(`${c.name}=${c.text}`));
        }
        const known = c.name === 'bytes_per_second' || c.name === 'items_per_second';
        const rate = /\/s$/.test(v.unit);
        items.push({
          ...base,
          metric: counterMetric(c.name) + suffix,
          statistic: statistic !== 'mean' || agg ? stat : rate ? 'mean' : 'value',
          value: number(v.number, m, 'a counter value'),
          unit: v.unit,
          ...(known ? {} : { better: '' }),
          runs: tail.iterations,
        });
      }
    }
    i = k - 1;
  }
  if (!items.length && !notes.some((x) => /error occurred|skipped|fits/.test(x.text))) {
    throw new InputError(0, 'a Google Benchmark table ("Benchmark  Time  CPU  Iterations")', 'none');
  }
  const keyed = items.map((it) => ({ ...it, key: JSON.stringify([it.benchmark, it.kind, it.conditions]) }));
  // Each row's conditions object is shared by its time, CPU and counter rows; number runs once a row.
  const byRow = new Map();
  for (const it of keyed) if (!byRow.has(it.line)) byRow.set(it.line, it);
  numberRepeats([...byRow.values()]);
  const rows = keyed.map(({ key, kind, ...it }) => measurement(it));
  return measurementResult(rows, {
    tableTitle: 'Google Benchmark results',
    // Machines told apart are keyed and labelled by the condition their rows carry ("8 X 2200 MHz").
    machines: byMachine.size
      ? Object.fromEntries(
          [...byMachine].map(([m, f]) => [m, { label: `the machine of the rows marked machine ${m}`, facts: [...f.values()] }]),
        )
      : facts.size
        ? { system: { label: UNNAMED_MACHINE, facts: [...facts.values()] } }
        : {},
    notes,
    spans: rangesOf(read),
  });
}

/** Line ranges from line numbers: consecutive lines make one range. */
function rangesOf(numbers) {
  const spans = [];
  for (const n of [...new Set(numbers)].sort((a, b) => a - b)) {
    const last = spans[spans.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else spans.push([n, n]);
  }
  return spans;
}
