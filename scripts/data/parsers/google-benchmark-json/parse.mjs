// Adapter for Google Benchmark's JSON output (--benchmark_format=json, --benchmark_out): `context`
// (num_cpus, mhz_per_cpu, caches, load_avg, library version and build type) and `benchmarks[]`, each
// an iteration run or an aggregate (mean, median, stddev, cv, BigO, RMS). Real and CPU time are rows
// in time_unit (metric time, cpu_time), counters are rows (bytes_per_second in B/s, items_per_second
// in ops/s, any other as the number given), the run name's /threads:8, /real_time, args are
// conditions, repetition_index is `run`. Lines come from the text (json.mjs); numbers are read
// as written (Google Benchmark writes 17 significant digits: 2.1498980114547953e+02).
import { InputError, quote } from '../../../lib/errors.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { readJson, exactNumber, jsonBlocks } from '../shared/json.mjs';
import { AGGREGATES, splitRunName, counterMetric, mhzToGhz } from '../shared/google-benchmark.mjs';
import { numberRepeats } from '../shared/jmh.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'google-benchmark-json';
export const description = "Google Benchmark's JSON output: context (CPUs, caches, load) and benchmarks with aggregates and counters.";

const looksLikeGb = (t) => /"benchmarks"\s*:\s*\[/.test(t) && /"(real_time|cpu_time)"\s*:/.test(t) && /"time_unit"\s*:/.test(t);

export function detect(text) {
  return jsonBlocks(text).some((c) => looksLikeGb(c.text));
}

/** Fields of a benchmark object that are not counters. */
const FIELDS = new Set([
  'name', 'family_index', 'per_family_instance_index', 'run_name', 'run_type', 'repetitions', 'repetition_index', 'threads',
  'iterations', 'real_time', 'cpu_time', 'time_unit', 'aggregate_name', 'aggregate_unit', 'error_occurred', 'error_message',
  'skipped', 'skip_message', 'label', 'big_o', 'cpu_coefficient', 'real_coefficient', 'rms', 'complexity_n',
]);
const TIME_UNITS = new Set(['ns', 'us', 'ms', 's']);

function readDocument(doc, notes, facts, software) {
  const { value, lineOf, rawOf } = doc;
  if (!value || typeof value !== 'object' || !Array.isArray(value.benchmarks)) {
    throw new InputError(lineOf([]), 'a Google Benchmark JSON object with "benchmarks": [...]', quote(JSON.stringify(value).slice(0, 60)));
  }
  const num = (path, what) => {
    const n = exactNumber(rawOf(path));
    if (n === undefined) {
      const raw = rawOf(path);
      throw new InputError(lineOf(path), raw === undefined ? what : 'a number a JavaScript number holds exactly', quote(raw ?? JSON.stringify(path.reduce((o, p) => o?.[p], value))));
    }
    return n;
  };

  // # Load inputs: the context.
  const ctx = value.context ?? {};
  const fact = (field, v, path, extra = {}) => {
    if (v === undefined || facts.some((f) => f.field === field)) return;
    facts.push({ field, value: v, line: lineOf(['context', ...path]), ...extra });
  };
  if (ctx.num_cpus !== undefined) fact('threads', num(['context', 'num_cpus'], 'a number of CPUs'), ['num_cpus'], { note: 'logical CPUs (num_cpus)' });
  if (ctx.mhz_per_cpu !== undefined) {
    const raw = rawOf(['context', 'mhz_per_cpu']);
    fact('clock_ghz', mhzToGhz(raw), ['mhz_per_cpu'], { unit: 'GHz', note: `as Google Benchmark estimated it: ${raw} MHz` });
  }
  (Array.isArray(ctx.caches) ? ctx.caches : []).forEach((c, k) => {
    const size = c.size === undefined ? undefined : `${num(['context', 'caches', k, 'size'], 'a cache size')} B`;
    fact(`l${c.level}_${String(c.type).toLowerCase()}_cache`, size, ['caches', k], c.num_sharing ? { note: `shared by ${c.num_sharing} CPUs` } : {});
  });
  if (Array.isArray(ctx.load_avg) && ctx.load_avg.length) {
    fact('load_average', ctx.load_avg.map((_, k) => rawOf(['context', 'load_avg', k])).join(', '), ['load_avg']);
  }
  if (ctx.host_name) fact('host_name', ctx.host_name, ['host_name']);
  if (ctx.cpu_scaling_enabled === true) notes.push({ text: 'CPU scaling was enabled (cpu_scaling_enabled): real time measurements may be noisy', line: lineOf(['context', 'cpu_scaling_enabled']) });
  if (ctx.library_build_type === 'debug') notes.push({ text: 'Google Benchmark was built as debug (library_build_type): timings may be affected', line: lineOf(['context', 'library_build_type']) });
  if ((ctx.library_version || ctx.library_build_type) && !software.length) {
    software.push({
      text: `Google Benchmark${ctx.library_version ? ` ${ctx.library_version}` : ''}${ctx.library_build_type ? ` (${ctx.library_build_type} build)` : ''}`,
      name: 'Google Benchmark',
      version: String(ctx.library_version ?? ''),
      line: lineOf(['context', ctx.library_version ? 'library_version' : 'library_build_type']),
    });
  }

  // # Process data: one row per number of each benchmark.
  const items = [];
  value.benchmarks.forEach((b, k) => {
    const at = (...p) => ['benchmarks', k, ...p];
    if (!b || typeof b.name !== 'string') throw new InputError(lineOf(at()), 'a benchmark with a "name"', quote(JSON.stringify(b)));
    if (b.error_occurred || (b.skipped && b.skipped !== 0)) {
      notes.push({ text: `line ${lineOf(at('name'))}: ${b.name}: ${b.error_message ?? b.skip_message ?? 'skipped'}`, line: lineOf(at('name')), skipped: true });
      return;
    }
    const suffix = /^(.*)_(mean|median|stddev|cv|BigO|RMS)$/.exec(b.name);
    const aggregate = b.run_type === 'aggregate' || (b.run_type === undefined && suffix) ? (b.aggregate_name ?? suffix?.[2]) : undefined;
    const runName = b.run_name ?? (aggregate && suffix ? suffix[1] : b.name);
    const { benchmark, conditions } = splitRunName(runName);
    if (typeof b.label === 'string' && b.label) conditions.label = b.label;
    if (!aggregate && b.repetitions > 1 && Number.isInteger(b.repetition_index)) conditions.run = b.repetition_index + 1;
    const timeUnit = b.time_unit;
    const key = JSON.stringify([benchmark, aggregate ?? 'iteration', conditions]);
    const push = (row) => items.push({ key, conditions, row: { benchmark, ...row } });
    const runs = b.iterations !== undefined ? num(at('iterations'), 'an iteration count') : undefined;

    if (aggregate === 'BigO') {
      if (!TIME_UNITS.has(timeUnit)) throw new InputError(lineOf(at('time_unit')), 'a time unit (ns, us, ms, s)', quote(String(timeUnit)));
      if (b.big_o) conditions.complexity = b.big_o;
      for (const [field, metric] of [['real_coefficient', 'time_coefficient'], ['cpu_coefficient', 'cpu_time_coefficient']]) {
        if (b[field] !== undefined) push({ metric, statistic: 'value', value: num(at(field), 'a coefficient'), unit: timeUnit, line: lineOf(at(field)) });
      }
      return;
    }
    if (aggregate === 'RMS') {
      if (b.rms !== undefined) push({ metric: 'fit_rms', statistic: 'value', value: num(at('rms'), 'an RMS'), unit: 'x', line: lineOf(at('rms')) });
      return;
    }
    const percentage = b.aggregate_unit === 'percentage' || aggregate === 'cv';
    if (!percentage && !TIME_UNITS.has(timeUnit)) {
      throw new InputError(lineOf(at('time_unit')) ?? lineOf(at()), 'a time unit Google Benchmark writes (ns, us, ms, s)', quote(String(timeUnit)));
    }
    if (aggregate && !AGGREGATES[aggregate]) {
      notes.push({ text: `line ${lineOf(at('name'))}: ${b.name}: the statistic "${aggregate}" of the user's own, not read`, line: lineOf(at('name')) });
      return;
    }
    const statistic = aggregate ? (aggregate === 'cv' ? 'value' : AGGREGATES[aggregate]) : 'mean';
    const tail = percentage ? '_cv' : '';
    const unit = percentage ? 'x' : timeUnit;
    for (const [field, metric] of [['real_time', 'time'], ['cpu_time', 'cpu_time']]) {
      if (b[field] !== undefined) push({ metric: metric + tail, statistic, value: num(at(field), `a ${metric.replace('_', ' ')}`), unit, runs, line: lineOf(at(field)) });
    }
    for (const [name, v] of Object.entries(b)) {
      if (FIELDS.has(name) || typeof v !== 'number') continue;
      const known = name === 'bytes_per_second' || name === 'items_per_second';
      const counterUnit = percentage ? 'x' : name === 'bytes_per_second' ? 'B/s' : name === 'items_per_second' ? 'ops/s' : 'count';
      push({
        metric: counterMetric(name) + tail,
        statistic: aggregate ? statistic : known ? 'mean' : 'value',
        value: num(at(name), 'a counter value'),
        unit: counterUnit,
        ...(known ? {} : { better: '' }),
        runs,
        line: lineOf(at(name)),
      });
    }
  });
  return items;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const candidates = jsonBlocks(text).filter((c) => looksLikeGb(c.text));
  if (!candidates.length) throw new InputError(0, 'Google Benchmark JSON ("benchmarks", "real_time", "time_unit")', 'none');
  const notes = [];
  const facts = [];
  const software = [];
  const items = [];
  const spans = [];
  for (const c of candidates) {
    const doc = readJson(c.text, { firstLine: c.from });
    items.push(...readDocument(doc, notes, facts, software));
    spans.push([doc.lineOf([]), doc.lastLine]);
  }
  // A benchmark and conditions twice (two runs in one report, without repetition_index): run 1, 2, ...
  const firstOfRow = new Map();
  for (const it of items) if (!firstOfRow.has(it.conditions)) firstOfRow.set(it.conditions, it);
  numberRepeats([...firstOfRow.values()].filter((it) => it.conditions.run === undefined));
  // # Save outputs.
  const rows = items.map((it) => measurement({ ...it.row, conditions: it.conditions }));
  return measurementResult(rows, {
    tableTitle: 'Google Benchmark results',
    machines: facts.length ? { system: { label: UNNAMED_MACHINE, facts } } : {},
    notes,
    software,
    spans,
  });
}
