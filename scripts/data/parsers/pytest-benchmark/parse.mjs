// Adapter for pytest-benchmark, in both forms it publishes:
// - the JSON of --benchmark-json / --benchmark-autosave: machine_info (cpu brand, count, Python),
//   benchmarks[] with group, name, params and stats (min, max, mean, stddev, median, iqr, ops, rounds)
//   in seconds. The JSON may be the whole file or a fenced block of a Markdown report.
// - the console table: "---- benchmark 'group': N tests ----", "Name (time in us)  Min  Max  Mean
//   StdDev  Median  IQR  Outliers  OPS  Rounds  Iterations" (any subset of the columns), rows of
//   "1.2345 (1.0)" (the value and its ratio to the best row, which is not kept).
// Rows: time min/max/mean/median (mean with the stdev as spread, median with the IQR), throughput
// from OPS (1 / mean), runs = rounds; params as conditions; the group as the section.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { canonicalUnit } from '../../measure/units.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { sectionsOf } from '../shared/headings.mjs';
import { jsonBlocks, readJson } from '../shared/json.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'pytest-benchmark';
export const description = 'pytest-benchmark: its JSON (--benchmark-json) or its console table; min, max, mean, median, stdev, IQR, OPS, rounds.';

const HEADER = /^\s*Name \(time in ([^)]+)\)\s+(\S.*?)\s*$/;
const RULE = /^\s*-{10,}(?: benchmark(?: '(.*)')?:? \d+ tests?.*?-*)?\s*$/;
const isJson = (text) => /"benchmarks"\s*:\s*\[/.test(text) && /"fullname"\s*:/.test(text) && /"stats"\s*:\s*\{/.test(text);

export function detect(text) {
  if (isJson(text)) return true;
  return splitLines(text).some((l) => HEADER.test(stripAnsi(l)));
}

/** A condition name for a pytest parameter: snake_case. */
const conditionName = (k) => {
  const s = String(k).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(s) ? s : `param_${s}`;
};

/** Rows of one benchmark from its statistics (values in `unit`, rates in `rateUnit`). */
function statRows(base, stats, unit, rateUnit) {
  const rows = [];
  const { min, max, mean, stddev, median, iqr, ops, rounds } = stats;
  const runs = rounds?.value;
  const row = (metric, statistic, s, u, extra = {}) => rows.push(measurement({ ...base, metric, statistic, value: s.value, unit: u, runs, ...extra, line: s.line }));
  if (min) row('time', 'min', min, unit);
  if (max) row('time', 'max', max, unit);
  if (mean) row('time', 'mean', mean, unit, stddev ? { spread_kind: 'stdev', spread: stddev.value } : {});
  else if (stddev) row('time', 'stdev', stddev, unit);
  if (median) row('time', 'median', median, unit, iqr ? { spread_kind: 'iqr', spread: iqr.value } : {});
  // An IQR without a median (--benchmark-columns=iqr) has no row: the model has no IQR statistic.
  if (ops) row('throughput', 'mean', ops, rateUnit);
  return rows;
}

function parseJson(lines) {
  const rows = [];
  const spans = [];
  const machines = {};
  const software = [];
  for (const block of jsonBlocks(lines)) {
    if (!isJson(block.text)) continue;
    const doc = readJson(block.text, { firstLine: block.from, exact: true });
    const v = doc.value;
    if (!v || typeof v !== 'object' || !Array.isArray(v.benchmarks)) throw new InputError(block.from, 'a pytest-benchmark JSON object with "benchmarks": [...]', quote(lines[block.from - 1]));
    spans.push([block.from, block.to]);
    v.benchmarks.forEach((b, k) => {
      const at = (...p) => doc.lineOf(['benchmarks', k, ...p]);
      if (!b || typeof b.name !== 'string' || !b.stats || typeof b.stats !== 'object') {
        throw new InputError(at() ?? block.from, 'a benchmark with "name" and "stats"', quote(JSON.stringify(b).slice(0, 60)));
      }
      const stats = {};
      for (const key of ['min', 'max', 'mean', 'stddev', 'median', 'iqr', 'ops', 'rounds']) {
        const value = b.stats[key];
        if (value === undefined || value === null) continue;
        if (typeof value !== 'number') throw new InputError(at('stats', key), `a number for stats.${key}`, quote(JSON.stringify(value)));
        stats[key] = { value, line: at('stats', key) };
      }
      if (stats.rounds && !Number.isInteger(stats.rounds.value)) throw new InputError(stats.rounds.line, 'a whole number of rounds', quote(String(stats.rounds.value)));
      const conditions = {};
      for (const [name, p] of Object.entries(b.params ?? {})) {
        conditions[conditionName(name)] = typeof p === 'string' || typeof p === 'number' ? p : JSON.stringify(p);
      }
      const base = { benchmark: b.name, section: typeof b.group === 'string' ? b.group : '', conditions };
      rows.push(...statRows(base, stats, 's', 'ops/s'));
    });
    const m = v.machine_info;
    if (m && typeof m === 'object') {
      const facts = [];
      const fact = (field, value, path) => {
        if (value !== undefined && value !== null && value !== '') facts.push({ field, value, line: doc.lineOf(['machine_info', ...path]) });
      };
      const cpu = m.cpu && typeof m.cpu === 'object' ? m.cpu : {};
      if (cpu.brand_raw !== undefined) fact('cpu_model', cpu.brand_raw, ['cpu', 'brand_raw']);
      else fact('cpu_model', cpu.brand, ['cpu', 'brand']);
      if (Number.isInteger(cpu.count)) fact('threads', cpu.count, ['cpu', 'count']);
      fact('arch', m.machine, ['machine']);
      fact('os', m.system, ['system']);
      fact('kernel', m.release, ['release']);
      if (facts.length) machines.system = { label: UNNAMED_MACHINE, facts };
      if (m.python_version) {
        software.push({ text: `${m.python_implementation ?? 'Python'} ${m.python_version}`, name: m.python_implementation ?? 'Python', version: String(m.python_version), line: doc.lineOf(['machine_info', 'python_version']) });
      }
    }
  }
  return { rows, spans, machines, software };
}

/** A console cell: "1,234.5678 (1.0)", "673,557.9450 (>1000.0)"; the ratio is not kept. */
const VALUE_CELL = String.raw`([\d,]+(?:\.\d+)?)(?:\s+\((?:>?[\d.]+|inf|nan|NaN)\))?`;
const COLUMNS = {
  min: VALUE_CELL,
  max: VALUE_CELL,
  mean: VALUE_CELL,
  stddev: VALUE_CELL,
  median: VALUE_CELL,
  iqr: VALUE_CELL,
  ops: VALUE_CELL,
  outliers: String.raw`(\d+;\d+)`,
  rounds: String.raw`(\d+)`,
  iterations: String.raw`(\d+)`,
};

function parseConsole(lines) {
  const rows = [];
  const spans = [];
  const headings = sectionsOf(lines);
  for (let i = 0; i < lines.length; i++) {
    const h = HEADER.exec(lines[i]);
    if (!h) continue;
    const unit = canonicalUnit(h[1]);
    if (!unit || !['ns', 'us', 'ms', 's'].includes(unit)) throw new InputError(i + 1, 'a time unit pytest-benchmark prints in "Name (time in ...)" (ns, us, ms, s)', quote(h[1]));
    const columns = [];
    let rateUnit = 'ops/s';
    for (const c of h[2].split(/\s{2,}/)) {
      const ops = /^OPS(?:\s+\((\S+)\))?$/.exec(c);
      if (ops) {
        rateUnit = ops[1] ? canonicalUnit(ops[1]) : 'ops/s';
        if (!rateUnit) throw new InputError(i + 1, 'an OPS unit pytest-benchmark prints (Kops/s, Mops/s)', quote(ops[1]));
        columns.push('ops');
        continue;
      }
      const key = c.toLowerCase();
      if (!COLUMNS[key]) throw new InputError(i + 1, `a column pytest-benchmark prints (${Object.keys(COLUMNS).join(', ')})`, quote(c));
      columns.push(key);
    }
    const title = RULE.exec(lines[i - 1] ?? '');
    const section = title?.[1] ?? headings[i];
    const from = title ? i : i + 1;
    if (!RULE.test(lines[i + 1] ?? '')) {
      throw new InputError(i + 2, 'a rule of dashes under the header', i + 1 < lines.length ? quote(lines[i + 1]) : 'the end of the file (the table is cut off)');
    }
    const row = new RegExp(String.raw`^\s*(\S.*?)\s+${columns.map((c) => COLUMNS[c]).join(String.raw`\s+`)}\s*$`);
    let j = i + 2;
    for (; j < lines.length && !RULE.test(lines[j]); j++) {
      const m = row.exec(lines[j]);
      if (!m) throw new InputError(j + 1, `a row: a name and ${columns.length} cells (${columns.join(', ')})`, quote(lines[j]));
      const stats = {};
      columns.forEach((c, k) => {
        if (c === 'outliers' || c === 'iterations') return;
        const text = m[k + 2].replace(/,(?=\d{3}(\D|$))/g, '');
        const value = toNumber(text);
        if (value === undefined) throw new InputError(j + 1, `a number in the ${c} column`, quote(m[k + 2]));
        stats[c] = { value, line: j + 1 };
      });
      rows.push(...statRows({ benchmark: m[1], section }, stats, unit, rateUnit));
    }
    if (j >= lines.length) throw new InputError(j + 1, 'a rule of dashes closing the table', 'the end of the file (the table is cut off)');
    if (j === i + 2) throw new InputError(j + 1, 'a row of the table', quote(lines[j]));
    spans.push([from, j + 1]);
    i = j;
  }
  return { rows, spans };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text).map(stripAnsi);
  const json = isJson(text) ? parseJson(lines) : { rows: [], spans: [], machines: {}, software: [] };
  const inJson = (n) => json.spans.some(([a, b]) => n >= a && n <= b);
  const table = parseConsole(lines.map((l, k) => (inJson(k + 1) ? '' : l)));
  const rows = [...json.rows, ...table.rows];
  if (!rows.length) throw new InputError(0, 'pytest-benchmark output (its JSON or a "Name (time in us)" table)', 'none');
  return measurementResult(rows, {
    tableTitle: 'pytest-benchmark',
    machines: json.machines,
    software: json.software,
    spans: [...json.spans, ...table.spans].sort((a, b) => a[0] - b[0]),
  });
}
