// Adapter for k6's end-of-test summary: the text k6 prints (the classic list of
// `name....: avg=1.2ms min=... p(95)=...` lines, and the grouped form of k6 1.x under "█ TOTAL RESULTS"
// with HTTP, EXECUTION, NETWORK, CUSTOM groups and "X out of Y" rates), and the JSON of that summary
// (handleSummary's `data`, or `--summary-export`). Each metric's numbers are measurements at their
// line: trends (avg, min, med, max, p(N), count), counters (total and rate), rates (share, passes
// and fails), gauges (value, min, max). Tagged sub-metrics (`{ expected_response:true }`) carry the
// tags as a condition. Values keep k6's units (µs, ms, s; kB, MB); the JSON states times in ms and
// data in bytes.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { cleanLines, number, headingAbove, commandFlags, durationSeconds } from '../shared/read.mjs';
import { readJson, looksLikeJson } from '../shared/json.mjs';
import { headingConditions, repeatNumbers, withHeadingConditions } from '../shared/structure.mjs';

export const format = 'k6';
export const description = "k6's end-of-test summary (text, classic and grouped) and its JSON (handleSummary data, --summary-export).";

// "     http_req_duration..............: avg=17.47ms ..." and "       { expected_response:true }...: ..."
const METRIC = /^(\s*)(?:[✓✗]\s+)?(\S.*?)\.{2,}:\s*(.*?)\s*$/;
const BUILTIN = /^(http_reqs|http_req_duration|http_req_failed|iterations|iteration_duration|vus|vus_max|data_received|data_sent|checks|checks_total)$/;
const GROUP = /^\s*(HTTP|EXECUTION|NETWORK|CUSTOM|GRPC|WEBSOCKETS?|BROWSER|WEB_VITALS|SQL)\s*$/;
const BLOCK_MARK = /^\s*█\s+(.+?)\s*$/;
const CHECK = /^\s*[✓✗]\s+\S/;
const CHECK_SHARE = /^\s*↳\s+(\d+(?:\.\d+)?)%\s+—\s+✓\s+(\d+)\s+\/\s+✗\s+(\d+)\s*$/;
const THRESHOLD_METRIC = /^\s*[\w{}:, -]+\s*$/;

const TIME = { ns: 'ns', µs: 'us', μs: 'us', us: 'us', ms: 'ms', s: 's', m: 'min', h: 'h' };
const DATA = { B: 'B', kB: 'KB', MB: 'MB', GB: 'GB' };
const UNITS = { ...TIME, ...DATA, '': 'count' };

/** k6's names as measurement metrics: the request duration is latency, http_reqs requests/throughput. */
const metricName = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, 'm_') || 'metric';

export function detect(text) {
  if (looksLikeJson(text)) {
    return /"metrics"\s*:/.test(text) && /"(http_reqs|iterations|vus)"\s*:/.test(text) && /"(root_group|state)"\s*:/.test(text);
  }
  return cleanLines(text).some((l) => {
    const m = METRIC.exec(l);
    return Boolean(m && BUILTIN.test(m[2]) && /^(avg=|\d)/.test(m[3]));
  });
}

/** "17.47ms", "0s", "1m0s", "157" with a unit k6 prints: { value, unit }. A compound "1m30.5s" is read as seconds. */
function withUnit(token, line) {
  const compound = /^(?:(\d+)h)?(?:(\d+)m)?(\d+(?:\.\d+)?)s$/.exec(token);
  if (compound && (compound[1] || compound[2])) {
    const [h, m] = [Number(compound[1] ?? 0), Number(compound[2] ?? 0)];
    const s = number(compound[3], line);
    return { value: Number((h * 3600 + m * 60 + s).toPrecision(15)), unit: 's' };
  }
  const m = /^(\d+(?:\.\d+)?)\s*([a-zA-Zµμ]*)$/.exec(token ?? '');
  if (!m || !Object.hasOwn(UNITS, m[2])) {
    throw new InputError(line, `a number with a unit k6 prints (${Object.keys(UNITS).filter(Boolean).join(', ')})`, quote(token));
  }
  return { value: number(m[1], line), unit: UNITS[m[2]] };
}

const STAT = (k) => ({ avg: 'mean', min: 'min', med: 'median', max: 'max' })[k] ?? (/^p\((\d+(?:\.\d+)?)\)$/.exec(k) ? percentileStatistic(/^p\((.+)\)$/.exec(k)[1]) : undefined);

/** The numbers of one metric line: [{ statistic, value, unit, role }] (role: what a counter, rate or gauge number is). */
function readValue(text, line, trendKeys) {
  if (/^(avg|min|med|max|p\([\d.]+\)|count)=/.test(text)) {
    const pairs = text.split(/\s+/).map((w) => /^([a-z]+|p\([\d.]+\))=(.*)$/.exec(w));
    if (pairs.some((p) => !p)) throw new InputError(line, 'trend statistics "avg=<v> min=<v> ..."', quote(text));
    const keys = pairs.map((p) => p[1]).join(' ');
    if (trendKeys.value && keys !== trendKeys.value.keys) {
      throw new InputError(line, `the statistics of the trends above (${trendKeys.value.keys}; line ${trendKeys.value.line})`, quote(text));
    }
    trendKeys.value ??= { keys, line };
    const count = pairs.find((p) => p[1] === 'count');
    const runs = count ? number(count[2], line, 'a count') : undefined;
    return pairs
      .filter((p) => p[1] !== 'count')
      .map((p) => {
        const statistic = STAT(p[1]);
        if (!statistic) throw new InputError(line, 'a trend statistic (avg, min, med, max, p(N), count)', quote(p[0]));
        return { statistic, ...withUnit(p[2], line), runs };
      });
  }
  let m = /^(\d+(?:\.\d+)?)%\s+(?:✓\s*(\d+)\s+✗\s*(\d+)|(\d+) out of (\d+))$/.exec(text);
  if (m) {
    const rows = [{ statistic: 'value', value: number(m[1], line), unit: '%' }];
    if (m[2] !== undefined) {
      rows.push({ statistic: 'total', value: number(m[2], line), unit: 'count', outcome: 'true' });
      rows.push({ statistic: 'total', value: number(m[3], line), unit: 'count', outcome: 'false' });
    } else {
      // "0 out of 191233": 0 values true (http_req_failed: 0 failed requests) of the 191,233 the
      // share was taken over: how many values are behind both, never a count of the metric's own.
      const runs = number(m[5], line);
      rows[0].runs = runs;
      rows.push({ statistic: 'total', value: number(m[4], line), unit: 'count', outcome: 'true', runs });
    }
    return rows;
  }
  m = /^(\S+(?: (?:B|kB|MB|GB))?)\s+(\S+?)(?: ?(B|kB|MB|GB))?\/s$/.exec(text);
  if (m) {
    const total = withUnit(m[1].replace(' ', ''), line);
    const rate = withUnit(m[2] + (m[3] ?? ''), line);
    const per = { count: 'ops/s', B: 'B/s', KB: 'KB/s', MB: 'MB/s', GB: 'GB/s' }[rate.unit];
    if (!per) throw new InputError(line, 'a rate per second of a count or of data', quote(text));
    return [
      { statistic: 'total', ...total },
      { statistic: 'mean', value: rate.value, unit: per, role: 'rate' },
    ];
  }
  m = /^(\S+)\s+min=(\S+)\s+max=(\S+)$/.exec(text);
  if (m) {
    return [
      { statistic: 'value', ...withUnit(m[1], line) },
      { statistic: 'min', ...withUnit(m[2], line) },
      { statistic: 'max', ...withUnit(m[3], line) },
    ];
  }
  throw new InputError(line, 'a k6 metric value (a trend "avg=...", a counter "<n> <rate>/s", a rate "<x>%", a gauge "<v> min=<v> max=<v>")', quote(text));
}

/** A k6 metric and one of its numbers as a measurement's metric, statistic and unit. */
function mapped(name, r) {
  if (name === 'http_req_duration') return { metric: 'latency', ...r };
  if (name === 'http_reqs') return r.role === 'rate' ? { metric: 'throughput', ...r, unit: 'req/s' } : { metric: 'requests', ...r };
  return { metric: metricName(name), ...r };
}

/** Read one text summary from line index `start`; returns its rows and the index after it. */
function readText(lines, start) {
  const rows = [];
  let group = '';
  let parent = '';
  const trendKeys = {};
  let i = start;
  let last = start;
  let sawIterations = false;
  for (; i < lines.length; i++) {
    const l = lines[i];
    const line = i + 1;
    if (isBlank(l)) continue;
    const m = METRIC.exec(l);
    if (m) {
      const tag = /^\{\s*(.*?)\s*\}$/.exec(m[2]);
      const name = tag ? parent : m[2].replace(/\{.*$/, '');
      if (!tag) parent = name;
      const tags = tag ? tag[1] : (/\{(.*)\}$/.exec(m[2])?.[1] ?? undefined);
      if (name === 'iterations') sawIterations = true;
      if (!m[3]) throw new InputError(line, `the value of ${m[2]} (the summary is cut off)`, quote(l));
      for (const r of readValue(m[3], line, trendKeys)) rows.push({ ...mapped(name, r), tags, section: group, line });
      last = i;
      continue;
    }
    const share = CHECK_SHARE.exec(l);
    if (share) {
      const check = lines[i - 1].replace(/^\s*[✓✗]\s+/, '').trim();
      rows.push({ metric: 'checks', statistic: 'value', value: number(share[1], line), unit: '%', check, section: group, line });
      rows.push({ metric: 'checks', statistic: 'total', value: number(share[2], line), unit: 'count', check, outcome: 'true', section: group, line });
      rows.push({ metric: 'checks', statistic: 'total', value: number(share[3], line), unit: 'count', check, outcome: 'false', section: group, line });
      last = i;
      continue;
    }
    const g = GROUP.exec(l) ?? BLOCK_MARK.exec(l);
    if (g) {
      group = /THRESHOLDS/.test(g[1]) ? 'THRESHOLDS' : GROUP.test(l) ? g[1] : '';
      last = i;
      continue;
    }
    // Check marks, and under THRESHOLDS the metric names and "✓ 'p(95)<500' p(95)=148.92ms" (a repeat of the summary).
    if (CHECK.test(l) || (group === 'THRESHOLDS' && THRESHOLD_METRIC.test(l))) {
      last = i;
      continue;
    }
    break;
  }
  if (!sawIterations) {
    throw new InputError(last + 2, 'the rest of the k6 summary (it has no "iterations" line: cut off?)', last + 1 < lines.length ? quote(lines[last + 1]) : 'the end of the file (the summary is cut off)');
  }
  return { rows, next: last + 1 };
}

function parseText(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'k6 output', 'an empty file');
  const runs = [];
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = METRIC.exec(lines[i]);
    const opens = BLOCK_MARK.test(lines[i]) || (m && BUILTIN.test(m[2].replace(/\{.*$/, '')));
    if (!opens) continue;
    const { rows, next } = readText(lines, i);
    // The command ("k6 run --vus 80 --duration 10s test.js") and the script ("script: test.js") above it.
    let command;
    let script;
    let scriptLine;
    for (let k = i - 1; k >= previousEnd && !command; k--) {
      const c = /(?:^|[\s$>❯])k6\s+run\s+(.*?)\s*$/.exec(lines[k]);
      if (c) command = { flags: commandFlags(c[1], ['u', 'vus', 'd', 'duration', 'i', 'iterations', 'e', 'env', 'o', 'out', 'summary-export', 'summary-trend-stats']), line: k + 1 };
      const sc = /^\s*script:\s+(\S.*?)\s*$/.exec(lines[k]);
      if (sc && !script) [script, scriptLine] = [sc[1], k + 1];
    }
    const heading = headingAbove(lines, (command ? command.line - 2 : i - 1), previousEnd);
    runs.push({ rows, start: i, next, command, script, scriptLine, heading });
    i = next - 1;
    previousEnd = next;
  }
  if (!runs.length) throw new InputError(0, 'a k6 summary (lines such as "http_reqs......: 1234 41.1/s")', 'none');
  const out = [];
  const spans = [];
  const setups = runs.map((r) => {
    const f = r.command?.flags ?? { _: [] };
    const vus = f.u ?? f.vus;
    // A heading that names a setting ("## 100 VUs") is a condition, not the subject.
    const named = headingConditions(r.heading?.text);
    const conditions = withHeadingConditions(
      {
        vus: vus === undefined ? undefined : number(String(vus), r.command.line, 'a number of VUs (--vus)'),
        duration_s: durationSeconds(f.d ?? f.duration),
        iterations: (f.i ?? f.iterations) === undefined ? undefined : number(String(f.i ?? f.iterations), r.command.line, 'a number of iterations'),
      },
      named.conditions,
    );
    return { conditions, subject: named.rest, benchmark: r.script ?? f._.at(-1) ?? (named.rest || 'k6') };
  });
  // A run number only where the report repeats a run (same script, heading and settings).
  const repeats = repeatNumbers(setups.map((s) => JSON.stringify(s)));
  runs.forEach((r, k) => {
    const { subject, benchmark } = setups[k];
    const conditions = { ...setups[k].conditions, ...repeats[k] };
    for (const { metric, statistic, value, unit, runs: n, line, section, ...extra } of r.rows) {
      delete extra.role;
      out.push(measurement({ benchmark, subject, section, metric, statistic, value, unit, runs: n, conditions: { ...conditions, ...extra }, line }));
    }
    if (r.command) spans.push([r.command.line, r.command.line]);
    if (r.scriptLine) spans.push([r.scriptLine, r.scriptLine]);
    spans.push([r.start + 1, r.next]);
  });
  return measurementResult(out, { tableTitle: 'k6 end-of-test summary', spans });
}

/** The JSON summary: handleSummary's data ({ type, contains, values }) or --summary-export (the values themselves). */
function parseJson(text) {
  const doc = readJson(text);
  const metrics = doc.value?.metrics;
  if (!metrics || typeof metrics !== 'object' || Array.isArray(metrics)) {
    throw new InputError(doc.lineOf(['metrics']) || 1, 'a k6 summary object with "metrics"', 'none');
  }
  const rows = [];
  for (const [key, m] of Object.entries(metrics)) {
    const base = ['metrics', key];
    const exported = !('values' in m);
    const values = exported ? m : m.values;
    const path = exported ? base : [...base, 'values'];
    if (!values || typeof values !== 'object') throw new InputError(doc.lineOf(base), `the values of ${key}`, quote(JSON.stringify(values)));
    const name = key.replace(/\{.*$/, '');
    const tags = /\{(.*)\}$/.exec(key)?.[1];
    // Units: handleSummary says what a metric contains; --summary-export does not (k6's built-ins: times in ms, data in bytes).
    const contains = m.contains ?? (/^(http_req_|iteration_duration|group_duration)/.test(name) ? 'time' : /^data_/.test(name) ? 'data' : 'default');
    const unit = { time: 'ms', data: 'B' }[contains] ?? 'count';
    for (const [k, v] of Object.entries(values)) {
      const line = doc.lineOf([...path, k]);
      if (typeof v !== 'number') throw new InputError(line, `a number for ${key}.${k}`, quote(JSON.stringify(v)));
      let r;
      if (k === 'rate' && 'count' in values) r = { statistic: 'mean', value: v, unit: { B: 'B/s', ms: 'ms', count: 'ops/s' }[unit], role: 'rate' };
      else if (k === 'count') r = { statistic: 'total', value: v, unit };
      else if (k === 'rate' || (k === 'value' && 'passes' in values)) r = { statistic: 'value', value: v, unit: 'x' };
      else if (k === 'passes') r = { statistic: 'total', value: v, unit: 'count', outcome: 'true' };
      else if (k === 'fails') r = { statistic: 'total', value: v, unit: 'count', outcome: 'false' };
      else if (k === 'value') r = { statistic: 'value', value: v, unit };
      else if (k === 'thresholds') continue;
      else {
        const statistic = STAT(k);
        if (!statistic) throw new InputError(line, `a k6 statistic (avg, min, med, max, p(N), count, rate, value, passes, fails) in ${key}`, quote(k));
        r = { statistic, value: v, unit };
      }
      const { metric, statistic, value, unit: u, outcome } = mapped(name, r);
      rows.push(measurement({ benchmark: 'k6', metric, statistic, value, unit: u, conditions: { tags, outcome }, line }));
    }
  }
  const ms = doc.value.state?.testRunDurationMs;
  if (typeof ms === 'number') {
    rows.push(measurement({ benchmark: 'k6', metric: 'duration', statistic: 'value', value: ms, unit: 'ms', line: doc.lineOf(['state', 'testRunDurationMs']) }));
  }
  // Each check of the root group and its groups (an array or an object keyed by name, as k6 versions wrote it).
  const walk = (group, path) => {
    for (const [k, c] of Object.entries(group?.checks ?? {})) {
      for (const [field, outcome] of [
        ['passes', 'true'],
        ['fails', 'false'],
      ]) {
        if (typeof c?.[field] !== 'number') continue;
        const line = doc.lineOf([...path, 'checks', Array.isArray(group.checks) ? Number(k) : k, field]);
        rows.push(measurement({ benchmark: 'k6', section: group.name ?? '', metric: 'checks', statistic: 'total', value: c[field], unit: 'count', conditions: { check: c.name ?? k, outcome }, line }));
      }
    }
    for (const [k, g] of Object.entries(group?.groups ?? {})) walk(g, [...path, 'groups', Array.isArray(group.groups) ? Number(k) : k]);
  };
  walk(doc.value.root_group, ['root_group']);
  const lines = cleanLines(text);
  return measurementResult(rows, { tableTitle: 'k6 end-of-test summary (JSON)', spans: [[1, lines.length]] });
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  return looksLikeJson(text) ? parseJson(text) : parseText(text);
}
