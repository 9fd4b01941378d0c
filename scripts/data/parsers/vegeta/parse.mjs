// Adapter for vegeta's reports (tsenart/vegeta): the text report (`vegeta report`, rows "Requests
// [total, rate, throughput] 1200, 120.00, 65.87", Duration, Latencies, Bytes In/Out, Success, Status
// Codes, Error Set), one or more pasted into a report, and the JSON report (`vegeta report
// -type=json`, durations in nanoseconds). The names in brackets say what each value is, so reports
// of older versions ("Latencies [mean, 50, 95, 99, max]") read the same way. Go durations keep their
// unit ("762.632µs" -> 762.632 us); a compound one ("1m40s") is read as seconds.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { cleanLines, number, goDuration, headingAbove, commandFlags, durationSeconds } from '../shared/read.mjs';
import { readJson, looksLikeJson } from '../shared/json.mjs';
import { headingConditions, repeatNumbers, withHeadingConditions } from '../shared/structure.mjs';

export const format = 'vegeta';
export const description = 'vegeta report: text (Requests, Duration, Latencies, Bytes, Success, Status Codes) and -type=json.';

const ROW = /^\s*(Requests|Duration|Latencies|Bytes In|Bytes Out|Success|Status Codes)\s+\[([^\]]*)\]\s*(.*?)\s*$/;
const ERROR_SET = /^\s*Error Set:\s*$/;
const REQUIRED = ['Requests', 'Latencies', 'Success'];

export function detect(text) {
  if (looksLikeJson(text)) return /"latencies"\s*:\s*\{/.test(text) && /"status_codes"\s*:/.test(text) && /"throughput"\s*:/.test(text);
  const lines = cleanLines(text);
  return lines.some((l) => /^\s*Requests\s+\[total, rate/.test(l)) && lines.some((l) => /^\s*Latencies\s+\[/.test(l));
}

const STATISTIC = { min: 'min', mean: 'mean', max: 'max', total: 'total' };

/** The measurements of one text row (its names in brackets, its values after). */
function readRow(kind, names, values, line) {
  const rows = [];
  if (kind === 'Status Codes') {
    for (const pair of values.split(/\s+/).filter(Boolean)) {
      const m = /^(\d+):(\d+)$/.exec(pair);
      if (!m) throw new InputError(line, '"<code>:<count>" pairs', quote(pair));
      rows.push({ metric: 'requests', statistic: 'total', value: number(m[2], line), unit: 'count', status_code: number(m[1], line) });
    }
    return rows;
  }
  const keys = names.split(',').map((s) => s.trim());
  const vals = values.split(',').map((s) => s.trim());
  if (keys.length !== vals.length || vals.some((v) => !v)) {
    throw new InputError(line, `${keys.length} values for [${names}] (the row is cut off?)`, quote(values));
  }
  keys.forEach((k, n) => {
    const v = vals[n];
    if (kind === 'Requests') {
      if (k === 'total') rows.push({ metric: 'requests', statistic: 'total', value: number(v, line, 'a count'), unit: 'count' });
      else if (k === 'rate') rows.push({ metric: 'request_rate', statistic: 'mean', value: number(v, line, 'a rate'), unit: 'req/s' });
      else if (k === 'throughput') rows.push({ metric: 'throughput', statistic: 'mean', value: number(v, line, 'a rate'), unit: 'req/s' });
      else throw new InputError(line, 'Requests [total, rate, throughput]', quote(k));
    } else if (kind === 'Duration') {
      if (!['total', 'attack', 'wait'].includes(k)) throw new InputError(line, 'Duration [total, attack, wait]', quote(k));
      rows.push({ metric: 'duration', statistic: 'value', ...goDuration(v, line), phase: k });
    } else if (kind === 'Latencies') {
      const statistic = STATISTIC[k] ?? (/^\d+(\.\d+)?$/.test(k) ? percentileStatistic(k) : undefined);
      if (!statistic || k === 'total') throw new InputError(line, 'latency statistics (min, mean, 50, 90, 95, 99, max)', quote(k));
      rows.push({ metric: 'latency', statistic, ...goDuration(v, line) });
    } else if (kind === 'Bytes In' || kind === 'Bytes Out') {
      if (!['total', 'mean'].includes(k)) throw new InputError(line, `${kind} [total, mean]`, quote(k));
      rows.push({ metric: 'transferred', statistic: k, value: number(v, line, 'a number of bytes'), unit: 'B', direction: kind === 'Bytes In' ? 'in' : 'out' });
    } else if (kind === 'Success') {
      const m = /^(\d+(?:\.\d+)?)%$/.exec(v);
      if (!m) throw new InputError(line, 'a success ratio such as "100.00%"', quote(v));
      rows.push({ metric: 'success_rate', statistic: 'value', value: number(m[1], line), unit: '%' });
    }
  });
  return rows;
}

function parseText(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'vegeta output', 'an empty file');
  const runs = [];
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!ROW.test(lines[i])) continue;
    const start = i;
    const rows = [];
    const seen = [];
    for (let m; i < lines.length && (m = ROW.exec(lines[i])); i++) {
      if (seen.includes(m[1])) break; // the next report, pasted right after this one
      seen.push(m[1]);
      for (const r of readRow(m[1], m[2], m[3], i + 1)) rows.push({ ...r, line: i + 1 });
    }
    if (ERROR_SET.test(lines[i] ?? '')) for (i++; i < lines.length && !isBlank(lines[i]) && !ROW.test(lines[i]) && !/^\s*(```|#|={3,})/.test(lines[i]); i++);
    const missing = REQUIRED.find((k) => !seen.includes(k));
    if (missing) {
      throw new InputError(i + 1, `the "${missing} [...]" row of the report (cut off?)`, i < lines.length ? quote(lines[i]) : 'the end of the file (the report is cut off)');
    }
    let command;
    for (let k = start - 1; k >= previousEnd && !command; k--) {
      const c = /\bvegeta\s+attack\s+(.*?)(?:\|.*)?$/.exec(lines[k]);
      if (c) command = { flags: commandFlags(c[1], ['rate', 'duration', 'workers', 'max-workers', 'connections', 'targets', 'timeout', 'name', 'body']), target: /\b(GET|POST|PUT|DELETE|PATCH|HEAD)\s+(https?:\/\/[^"'\s]+)/.exec(lines[k])?.[2], line: k + 1 };
    }
    runs.push({ rows, start, next: i, command, heading: headingAbove(lines, (command ? command.line - 2 : start - 1), previousEnd) });
    previousEnd = i;
    i--;
  }
  if (!runs.length) throw new InputError(0, 'a vegeta report ("Requests [total, rate, throughput] ...")', 'none');
  const out = [];
  const spans = [];
  const setups = runs.map((r) => {
    const f = r.command?.flags ?? {};
    // -rate=1500, -rate=1000/s, -rate 1/100ms: the rate in requests per second when the period is 1s.
    const rate = /^(\d+(?:\.\d+)?)(?:\/1?s)?$/.exec(f.rate ?? '');
    // A heading that names a setting ("### 500 connections") is a condition, not the subject.
    const named = headingConditions(r.heading?.text);
    const conditions = withHeadingConditions({ rate: rate ? number(rate[1], r.command.line, 'a rate') : undefined, duration_s: durationSeconds(f.duration) }, named.conditions);
    return { conditions, subject: named.rest, benchmark: r.command?.target ?? (named.rest || 'vegeta') };
  });
  // A run number only where the report repeats a run (same target, heading and settings).
  const repeats = repeatNumbers(setups.map((s) => JSON.stringify(s)));
  runs.forEach((r, k) => {
    const { subject, benchmark } = setups[k];
    const conditions = { ...setups[k].conditions, ...repeats[k] };
    for (const { metric, statistic, value, unit, line, ...extra } of r.rows) {
      out.push(measurement({ benchmark, subject, metric, statistic, value, unit, conditions: { ...conditions, ...extra }, line }));
    }
    if (r.command) spans.push([r.command.line, r.command.line]);
    spans.push([r.start + 1, r.next]);
  });
  return measurementResult(out, { tableTitle: 'vegeta reports', spans });
}

function parseJson(text) {
  const doc = readJson(text);
  const v = doc.value;
  if (!v || typeof v.latencies !== 'object') throw new InputError(1, 'a vegeta JSON report with "latencies"', 'none');
  const rows = [];
  const add = (path, metric, statistic, unit, extra = {}) => {
    const value = path.reduce((o, k) => o?.[k], v);
    if (value === undefined) return;
    const line = doc.lineOf(path);
    if (typeof value !== 'number') throw new InputError(line, `a number at ${path.join('.')}`, quote(JSON.stringify(value)));
    rows.push(measurement({ benchmark: 'vegeta', metric, statistic, value, unit, conditions: extra, line }));
  };
  for (const k of Object.keys(v.latencies)) {
    const p = /^(\d+(?:\.\d+)?)th$/.exec(k);
    const statistic = p ? percentileStatistic(p[1]) : STATISTIC[k];
    if (!statistic) throw new InputError(doc.lineOf(['latencies', k]), 'a latency statistic vegeta writes (total, mean, 50th, 90th, 95th, 99th, max, min)', quote(k));
    // "total" is the sum of all latencies (ns), not a latency of a request.
    if (k === 'total') add(['latencies', k], 'latency_sum', 'total', 'ns');
    else add(['latencies', k], 'latency', statistic, 'ns');
  }
  for (const [key, direction] of [
    ['bytes_in', 'in'],
    ['bytes_out', 'out'],
  ]) {
    add([key, 'total'], 'transferred', 'total', 'B', { direction });
    add([key, 'mean'], 'transferred', 'mean', 'B', { direction });
  }
  add(['duration'], 'duration', 'value', 'ns', { phase: 'attack' });
  add(['wait'], 'duration', 'value', 'ns', { phase: 'wait' });
  add(['requests'], 'requests', 'total', 'count');
  add(['rate'], 'request_rate', 'mean', 'req/s');
  add(['throughput'], 'throughput', 'mean', 'req/s');
  add(['success'], 'success_rate', 'value', 'x');
  for (const code of Object.keys(v.status_codes ?? {})) add(['status_codes', code], 'requests', 'total', 'count', { status_code: Number(code) });
  for (const b of Object.keys(v.buckets ?? {})) add(['buckets', b], 'requests', 'total', 'count', { latency_bucket_ns: Number(b) });
  return measurementResult(rows, { tableTitle: 'vegeta report (JSON)', spans: [[1, cleanLines(text).length]] });
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  return looksLikeJson(text) ? parseJson(text) : parseText(text);
}
