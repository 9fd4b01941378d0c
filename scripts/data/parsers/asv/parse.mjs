// Adapter for airspeed velocity (asv) result files, results/<machine>/<commit>-<env>.json, in both
// forms asv has written: the older `results` mapping (version 1: a number, null, NaN, or
// {"result": [...], "params": [[...]], "stats": [{ci_99, repeat, ...}]}) and the newer
// `result_columns` form (version 2: an array per benchmark, read by the column names the file lists).
// The JSON may be the whole file or a fenced block of a Markdown report.
//
// Units are not in the file (benchmarks.json has them); asv gives each benchmark its type by the prefix
// of its name: time_ and timeraw_ are seconds (the median of the samples), mem_ and peakmem_ bytes;
// a track_ value's unit is the benchmark's own, so it is kept as metric `score` in `count`, with a note.
// Parameters become conditions param_1, param_2, ... (their names are in benchmarks.json, not here),
// one row per combination (asv's itertools.product order). The copy of machine.json in "params" gives
// the machine facts.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { jsonBlocks, readJson } from '../shared/json.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'asv';
export const description = 'airspeed velocity (asv) results JSON: results/<machine>/<commit>-<env>.json, version 1 and result_columns forms.';

const isAsv = (text) => /"commit_hash"\s*:/.test(text) && /"results"\s*:\s*\{/.test(text) && /"(env_name|python|requirements)"\s*:/.test(text);

export function detect(text) {
  return isAsv(text);
}

const KINDS = [
  [/^timeraw_|^time_/, { metric: 'time', statistic: 'median', unit: 's' }],
  [/^peakmem_|^mem_/, { metric: 'memory', statistic: 'value', unit: 'B' }],
  [/^track_/, { metric: 'score', statistic: 'value', unit: 'count' }],
];

/** A parameter value as asv stores it, repr() of the value: "'Small'" -> Small, "16" -> 16, "None" -> None. */
function unrepr(p) {
  const s = String(p);
  const q = /^'(.*)'$|^"(.*)"$/.exec(s);
  if (q) return q[1] ?? q[2];
  const n = toNumber(s);
  return n === undefined ? s : n;
}

/** Every combination of the parameter lists, the last varying fastest (itertools.product). */
function product(lists) {
  return lists.reduce((acc, list) => acc.flatMap((a) => list.map((v) => [...a, v])), [[]]);
}

function readBlock(block, rows, notes) {
  const doc = readJson(block.text, { firstLine: block.from, exact: true });
  const v = doc.value;
  const top = (key) => doc.lineOf([key]) ?? block.from;
  if (!v || typeof v !== 'object' || !v.results || typeof v.results !== 'object' || Array.isArray(v.results)) {
    throw new InputError(block.from, 'an asv results object with "results": {...}', quote(block.text.split('\n')[0]));
  }
  const columns = v.result_columns;
  if (columns !== undefined && (!Array.isArray(columns) || !columns.includes('result'))) {
    throw new InputError(top('result_columns'), 'result_columns: a list of column names holding "result"', quote(JSON.stringify(columns)));
  }
  const col = (name) => (columns ? columns.indexOf(name) : -1);
  notes.push({ text: `asv results of commit ${v.commit_hash}${v.env_name ? ` in environment ${v.env_name}` : ''}`, line: top('commit_hash') });
  let tracks = 0;
  for (const [name, entry] of Object.entries(v.results)) {
    const at = doc.lineOf(['results', name]);
    const last = name.split('.').pop();
    const kind = KINDS.find(([re]) => re.test(last))?.[1];
    if (!kind) throw new InputError(at, 'a benchmark whose name tells its type (time_, timeraw_, mem_, peakmem_, track_)', quote(name));
    let result;
    let params = [];
    let lower = [];
    let upper = [];
    let repeat = [];
    let resultPath;
    if (columns) {
      if (!Array.isArray(entry)) throw new InputError(at, `an array of the columns ${columns.join(', ')}`, quote(JSON.stringify(entry).slice(0, 60)));
      result = entry[col('result')];
      params = entry[col('params')] ?? [];
      lower = entry[col('stats_ci_99_a')] ?? [];
      upper = entry[col('stats_ci_99_b')] ?? [];
      repeat = entry[col('stats_repeat')] ?? [];
      resultPath = ['results', name, col('result')];
    } else if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      result = entry.result;
      params = entry.params ?? [];
      const stats = Array.isArray(entry.stats) ? entry.stats : [];
      lower = stats.map((s) => s?.ci_99?.[0]);
      upper = stats.map((s) => s?.ci_99?.[1]);
      repeat = stats.map((s) => s?.repeat);
      resultPath = ['results', name, 'result'];
    } else {
      result = entry;
      resultPath = ['results', name];
    }
    if (!Array.isArray(params) || !params.every(Array.isArray)) throw new InputError(at, 'params: a list of lists of parameter values', quote(JSON.stringify(params).slice(0, 60)));
    const combos = product(params);
    const values = Array.isArray(result) ? result : [result];
    if (result !== null && params.length && values.length !== combos.length) {
      throw new InputError(doc.lineOf(resultPath) ?? at, `${combos.length} results, one per combination of the params`, quote(`${values.length} results`));
    }
    if (kind.metric === 'score' && values.some((x) => typeof x === 'number')) tracks++;
    const failed = [];
    values.forEach((value, k) => {
      const combo = result === null ? [] : (combos[k] ?? []);
      const label = combo.length ? `${name}(${combo.join(', ')})` : name;
      if (value === null || value === 'NaN') {
        failed.push(`${label}: ${value === null ? 'failed' : 'skipped'}`);
        return;
      }
      const line = (Array.isArray(result) ? doc.lineOf([...resultPath, k]) : doc.lineOf(resultPath)) ?? at;
      if (typeof value !== 'number') throw new InputError(line, `a number, null or NaN as the result of ${label}`, quote(JSON.stringify(value)));
      const conditions = Object.fromEntries(combo.map((p, n) => [`param_${n + 1}`, unrepr(p)]));
      const lo = lower[k];
      const hi = upper[k];
      const spread = typeof lo === 'number' && typeof hi === 'number' ? { spread_kind: 'range', lower: lo, upper: hi } : {};
      const runs = Number.isInteger(repeat[k]) ? { runs: repeat[k] } : {};
      rows.push(measurement({ benchmark: name, ...kind, value, ...spread, ...runs, conditions, line }));
    });
    if (failed.length) notes.push({ text: `no result: ${failed.join('; ')}`, line: at, skipped: true });
  }
  if (tracks) {
    notes.push({ text: `${tracks} track_ benchmark(s) kept as plain numbers (metric score, unit count): their units are in benchmarks.json, not in this file`, line: top('results') });
  }
  return doc;
}

function machineOf(v, doc) {
  const p = v.params && typeof v.params === 'object' ? v.params : {};
  const facts = [];
  const fact = (field, key, value = p[key]) => {
    if (value !== undefined && value !== null && value !== '') facts.push({ field, value, line: doc.lineOf(['params', key]) });
  };
  fact('hostname', 'machine');
  fact('cpu_model', 'cpu');
  const cpus = toNumber(String(p.num_cpu ?? ''));
  if (Number.isInteger(cpus)) fact('threads', 'num_cpu', cpus);
  fact('arch', 'arch');
  fact('os', 'os');
  fact('memory', 'ram');
  return facts.length ? { system: { label: UNNAMED_MACHINE, facts } } : {};
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  const rows = [];
  const notes = [];
  const spans = [];
  let machines = {};
  const software = [];
  for (const block of jsonBlocks(lines)) {
    if (!isAsv(block.text)) continue;
    const doc = readBlock(block, rows, notes);
    spans.push([block.from, block.to]);
    const v = doc.value;
    if (!Object.keys(machines).length) machines = machineOf(v, doc);
    if (v.python) software.push({ text: `Python ${v.python}`, name: 'Python', version: String(v.python), line: doc.lineOf(['python']) });
    for (const [name, version] of Object.entries(v.requirements ?? {})) {
      if (version) software.push({ text: `${name} ${version}`, name, version: String(version), line: doc.lineOf(['requirements', name]) });
    }
  }
  if (!spans.length) throw new InputError(0, 'an asv results file ({"commit_hash": ..., "results": {...}})', 'none');
  if (!rows.length) throw new InputError(spans[0][0], 'at least one benchmark with a result', 'only failed or skipped benchmarks');
  return measurementResult(rows, { tableTitle: 'asv benchmarks', machines, software, notes, spans });
}
