// Adapter for hyperfine's JSON export (`hyperfine --export-json`): results[] with command, mean,
// stddev, median, user, system, min, max (seconds), times[] (every run), exit_codes[], and the
// parameters of a scan. Each number is a measurement at the line of its key (an element of times
// at its own line; stddev is the spread of the mean, at the mean's line); parameters become conditions.
import { InputError, quote } from '../../../lib/errors.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { cleanLines } from '../shared/read.mjs';
import { readJson, looksLikeJson } from '../shared/json.mjs';
import { parameterName, parameterValue } from '../shared/hyperfine.mjs';

export const format = 'hyperfine-json';
export const description = "hyperfine's JSON export: mean ± stddev, median, user, system, min, max and every run's time per command.";

export function detect(text) {
  return looksLikeJson(text) && /"results"\s*:/.test(text) && /"command"\s*:/.test(text) && /"stddev"\s*:/.test(text) && /"times"\s*:/.test(text);
}

const STATS = [
  ['mean', 'time', 'mean'],
  ['median', 'time', 'median'],
  ['min', 'time', 'min'],
  ['max', 'time', 'max'],
  ['user', 'user_time', 'mean'],
  ['system', 'system_time', 'mean'],
];

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const doc = readJson(text);
  const results = doc.value?.results;
  if (!Array.isArray(results)) throw new InputError(doc.lineOf(['results']) || 1, 'a hyperfine export with "results": [...]', 'none');
  const rows = [];
  results.forEach((r, k) => {
    const at = (...p) => ['results', k, ...p];
    if (typeof r?.command !== 'string') throw new InputError(doc.lineOf(at()), 'a result with its "command"', quote(JSON.stringify(r).slice(0, 60)));
    const conditions = {};
    for (const [name, v] of Object.entries(r.parameters ?? {})) conditions[parameterName(name)] = parameterValue(v);
    const num = (path, what) => {
      const v = path.reduce((o, key) => o?.[key], results);
      if (typeof v !== 'number') throw new InputError(doc.lineOf(['results', ...path]) || doc.lineOf(at()), `a number: ${what} of ${r.command}`, quote(JSON.stringify(v)));
      return v;
    };
    const runs = Array.isArray(r.times) ? r.times.length : undefined;
    for (const [key, metric, statistic] of STATS) {
      if (r[key] === undefined || r[key] === null) continue;
      const spread = key === 'mean' && typeof r.stddev === 'number' ? { spread_kind: 'stdev', spread: r.stddev } : {};
      rows.push(measurement({ benchmark: r.command, metric, statistic, value: num([k, key], key), unit: 's', ...spread, runs, conditions, line: doc.lineOf(at(key)) }));
    }
    (r.times ?? []).forEach((_, n) => {
      rows.push(measurement({ benchmark: r.command, metric: 'time', statistic: 'value', value: num([k, 'times', n], `run ${n + 1}`), unit: 's', conditions: { ...conditions, run: n + 1 }, line: doc.lineOf(at('times', n)) }));
    });
    (r.memory_usage_byte ?? []).forEach((_, n) => {
      rows.push(measurement({ benchmark: r.command, metric: 'memory', statistic: 'max', value: num([k, 'memory_usage_byte', n], `the memory of run ${n + 1}`), unit: 'B', conditions: { ...conditions, run: n + 1 }, line: doc.lineOf(at('memory_usage_byte', n)) }));
    });
    const failed = (r.exit_codes ?? []).filter((c) => c !== 0).length;
    if (Array.isArray(r.exit_codes)) rows.push(measurement({ benchmark: r.command, metric: 'errors', statistic: 'total', value: failed, unit: 'count', conditions, line: doc.lineOf(at('exit_codes')) }));
  });
  return measurementResult(rows, { tableTitle: 'hyperfine benchmarks (JSON export)', spans: [[1, cleanLines(text).length]] });
}
