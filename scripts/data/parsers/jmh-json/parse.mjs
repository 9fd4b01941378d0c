// Adapter for JMH's JSON results (-rf json, JSONResultFormat): an array with one object per
// benchmark, mode and param set. Each primary score is a row (mean, ± scoreError as ci99,
// scoreConfidence as lower/upper, runs = the samples in rawData or rawDataHistogram), each of its
// scorePercentiles a row, each secondary metric (·gc.alloc.rate, sample mode's ·p0.99) a row; mode,
// threads, forks and params are conditions; JMH and the JVM are the software. Numbers are read as
// written (Java writes 1.19865267250996E7) and refused if a JavaScript number cannot hold them; lines
// come from the text (json.mjs). The JSON may be the whole file or a fenced block of a report.
import { InputError, quote } from '../../../lib/errors.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { readJson, exactNumber, jsonBlocks } from '../shared/json.mjs';
import { MODES, primaryMetric, jmhUnit, secondaryLabel, percentStatistic, paramCondition, paramValue, numberRepeats } from '../shared/jmh.mjs';

export const format = 'jmh-json';
export const description = "JMH's JSON results (-rf json): primary and secondary metrics, percentiles, params.";

const looksLikeJmh = (t) => /"primaryMetric"\s*:\s*\{/.test(t) && /"benchmark"\s*:\s*"/.test(t) && /"mode"\s*:\s*"/.test(t);

export function detect(text) {
  return jsonBlocks(text).some((c) => looksLikeJmh(c.text));
}

/** Samples behind a metric: the numbers of rawData, or the counts of rawDataHistogram. */
function samplesOf(metric) {
  if (Array.isArray(metric.rawData)) return metric.rawData.flat(Infinity).filter((v) => typeof v === 'number').length || undefined;
  if (Array.isArray(metric.rawDataHistogram)) {
    let n = 0;
    for (const fork of metric.rawDataHistogram) for (const iteration of fork) for (const [, count] of iteration) n += count;
    return n || undefined;
  }
  return undefined;
}

/**
 * Read one JMH JSON document into rows.
 * @param {ReturnType<typeof readJson>} doc
 */
function readDocument(doc, notes, software) {
  const { value, lineOf, rawOf } = doc;
  if (!Array.isArray(value)) throw new InputError(lineOf([]), 'a JSON array of JMH results ("[ { "benchmark": ... } ]")', 'an object');
  const items = [];
  value.forEach((e, k) => {
    const where = (...p) => lineOf([k, ...p]) ?? lineOf([k]);
    if (!e || typeof e !== 'object' || typeof e.benchmark !== 'string' || !e.primaryMetric || typeof e.primaryMetric !== 'object') {
      throw new InputError(where(), 'a JMH result with "benchmark", "mode" and "primaryMetric"', quote(JSON.stringify(e)));
    }
    if (!Object.hasOwn(MODES, e.mode)) throw new InputError(where('mode'), 'a JMH mode (thrpt, avgt, sample, ss)', quote(String(e.mode)));
    const conditions = { mode: e.mode };
    for (const key of ['threads', 'forks']) if (Number.isInteger(e[key])) conditions[key] = e[key];
    for (const [name, v] of Object.entries(e.params ?? {})) conditions[paramCondition(name)] = paramValue(String(v));
    if (e.jmhVersion && !software.some((s) => s.name === 'JMH')) {
      software.push({ text: `JMH ${e.jmhVersion}`, name: 'JMH', version: String(e.jmhVersion), line: where('jmhVersion') });
    }
    if (e.vmName && !software.some((s) => s.name === e.vmName)) {
      const text = `${e.vmName}${e.vmVersion ? ` ${e.vmVersion}` : ''}${e.jdkVersion ? ` (JDK ${e.jdkVersion})` : ''}`;
      software.push({ text, name: e.vmName, version: String(e.jdkVersion ?? e.vmVersion ?? ''), line: where('vmName') });
    }

    /** A number at a path, exactly as written; "NaN" and friends -> undefined. */
    const num = (path, what) => {
      const v = path.reduce((o, p) => o?.[p], e);
      if (v === 'NaN' || v === '+INF' || v === '-INF') return undefined;
      const raw = rawOf([k, ...path]);
      const n = exactNumber(raw);
      if (n === undefined) {
        throw new InputError(where(...path), raw === undefined ? what : 'a number a JavaScript number holds exactly (at most 17 significant digits)', quote(raw ?? JSON.stringify(v)));
      }
      return n;
    };
    const metricRows = (path, label) => {
      const m = path.reduce((o, p) => o?.[p], e);
      const unitText = m.scoreUnit;
      const unit = jmhUnit(String(unitText));
      if (!unit) throw new InputError(where(...path, 'scoreUnit'), 'a unit JMH prints (ops/s, ops/ms, us/op, ns/op, ..., B/op, MB/sec, counts, ms)', quote(String(unitText)));
      const score = num([...path, 'score'], 'a score (a number)');
      const line = where(...path, 'score');
      if (score === undefined) {
        notes.push({ text: `line ${line}: ${e.benchmark}${label ? `:${label}` : ''} (${e.mode}) scored ${m.score}, no number to read`, line, skipped: true });
        return;
      }
      const error = m.scoreError === undefined ? undefined : num([...path, 'scoreError'], 'a score error (a number)');
      const confidence = Array.isArray(m.scoreConfidence) ? m.scoreConfidence.map((_, j) => num([...path, 'scoreConfidence', j], 'a confidence bound (a number)')) : [];
      const spread = {
        ...(error !== undefined ? { spread_kind: 'ci99', spread: error } : {}),
        ...(confidence.length === 2 && confidence.every((c) => c !== undefined) ? { spread_kind: 'ci99', lower: confidence[0], upper: confidence[1] } : {}),
      };
      const base = { benchmark: e.benchmark, unit, line };
      const runs = samplesOf(m);
      const read = label === undefined ? { statistic: 'mean' } : secondaryLabel(label, unitText);
      if (!read) throw new InputError(where(...path), 'a secondary metric label such as "·gc.alloc.rate"', quote(label));
      const metricOf = 'statistic' in read ? { metric: primaryMetric(e.mode, unit) } : { metric: read.metric, better: '' };
      items.push({ key: JSON.stringify([e.benchmark, label ?? '', conditions]), conditions, row: { ...base, ...metricOf, statistic: read.statistic ?? 'value', value: score, ...spread, runs } });
      if (label !== undefined) return;
      for (const p of Object.keys(m.scorePercentiles ?? {})) {
        const v = num([...path, 'scorePercentiles', p], 'a percentile (a number)');
        if (v === undefined) continue;
        items.push({ key: JSON.stringify([e.benchmark, `p${p}`, conditions]), conditions, row: { ...base, metric: primaryMetric(e.mode, unit), statistic: percentStatistic(p), value: v, line: where(...path, 'scorePercentiles', p) } });
      }
    };
    metricRows(['primaryMetric']);
    for (const label of Object.keys(e.secondaryMetrics ?? {})) metricRows(['secondaryMetrics', label], label);
  });
  return items;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const candidates = jsonBlocks(text).filter((c) => looksLikeJmh(c.text));
  if (!candidates.length) throw new InputError(0, 'JMH JSON results ("primaryMetric", "benchmark", "mode")', 'none');
  const notes = [];
  const software = [];
  const items = [];
  const spans = [];
  for (const c of candidates) {
    const doc = readJson(c.text, { firstLine: c.from });
    items.push(...readDocument(doc, notes, software));
    spans.push([doc.lineOf([]), doc.lastLine]);
  }
  numberRepeats(items);
  const rows = items.map((it) => measurement({ ...it.row, conditions: it.conditions }));
  return measurementResult(rows, { tableTitle: 'JMH results', notes, software, spans });
}
