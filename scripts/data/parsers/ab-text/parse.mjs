// Parser for ApacheBench (ab) output, one run or several pasted into a report: the "Key: value"
// lines (server, document, concurrency, requests, rates), the "Connection Times (ms)" table and the
// "Percentage of the requests served within a certain time (ms)" table. A run starts at its first
// ab line (the banner, "Server Software:" or, where a report pastes only the results, "Concurrency
// Level:") and ends after its percentile table; text around runs is free. Pure: text in, rows out.
import { InputError, quote } from '../../../lib/errors.mjs';
import { outline, headingAbove } from '../../read/outline.mjs';
import { findCommands } from '../shared/command-line.mjs';
import { machinesOf } from '../shared/machine-lines.mjs';
import { splitLines, isBlank, toNumber, toInteger } from '../../../lib/text.mjs';

export const format = 'ab-text';
export const description = 'ApacheBench (ab) output: summary, Connection Times and percentile tables; one or more runs.';

const RPS = /^\s*Requests per second:\s+\S+\s+\[#\/sec\]\s+\(mean\)\s*$/;
const START = /^\s*(This is ApacheBench\b|Server Software:|Concurrency Level:)/;
const KEY = /^\s*([A-Za-z][\w/ -]*?):\s*(.*?)\s*$/;

export function detect(text) {
  const lines = splitLines(text);
  return lines.some((l) => RPS.test(l)) && lines.some((l) => /^\s*Concurrency Level:/.test(l));
}

/** What each "Key:" line holds: field name and how to read the value. */
const FIELDS = {
  'Server Software': ['server_software', 'text'],
  'Server Hostname': ['server_hostname', 'text'],
  'Server Port': ['server_port', 'int'],
  'SSL/TLS Protocol': ['tls_protocol', 'text'],
  'Server Temp Key': ['tls_temp_key', 'text'],
  'TLS Server Name': ['tls_server_name', 'text'],
  'Document Path': ['document_path', 'text'],
  'Document Length': ['document_length_bytes', 'bytes'],
  'Concurrency Level': ['concurrency', 'int'],
  'Time taken for tests': ['time_taken_s', 'seconds'],
  'Complete requests': ['complete_requests', 'int'],
  'Failed requests': ['failed_requests', 'int'],
  'Write errors': ['write_errors', 'int'],
  'Non-2xx responses': ['non_2xx_responses', 'int'],
  'Keep-Alive requests': ['keep_alive_requests', 'int'],
  'Total transferred': ['total_transferred_bytes', 'bytes'],
  'Total body sent': ['total_body_sent_bytes', 'int'],
  'Total POSTed': ['total_body_sent_bytes', 'int'],
  'HTML transferred': ['html_transferred_bytes', 'bytes'],
  'Requests per second': ['requests_per_second', /^(\S+)\s+\[#\/sec\]\s+\(mean\)$/],
  'Transfer rate': ['transfer_rate_kbytes_per_second', /^(\S+)\s+\[Kbytes\/sec\]\s+received$/],
};

/**
 * Read one run from its first line.
 * @returns {{ summary: any, times: any[], percentiles: any[], next: number }}
 */
function readRun(lines, start, base) {
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the run is cut off)');
  };
  const s = { ...base, server_software: null, server_hostname: null, server_port: null, document_path: null, document_length_bytes: null };
  const fieldLines = {}; // the line of each value (the row's own line is that of Requests per second)
  let version = null;
  let rpsLine = 0;
  let i = start;
  const timePerRequest = [];
  for (; i < lines.length; i++) {
    const l = at(i);
    if (isBlank(l)) continue;
    if (/^\s*Connection Times \(ms\)\s*$/.test(l) || /^\s*Percentage of the requests served/.test(l)) break;
    const banner = /^\s*This is ApacheBench, Version (\S+)/.exec(l);
    if (banner) {
      version = banner[1];
      continue;
    }
    if (/^\s*(Copyright|Licensed to)\b/.test(l) || /^\s*Benchmarking \S+ \(be patient\)/.test(l) || /^\s*(Completed|Finished) \d+ requests\s*$/.test(l)) continue;
    const failed = /^\s*\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\)\s*$/.exec(l);
    if (failed) {
      [s.failed_connect, s.failed_receive, s.failed_length, s.failed_exceptions] = failed.slice(1).map(Number);
      for (const f of ['failed_connect', 'failed_receive', 'failed_length', 'failed_exceptions']) fieldLines[f] = i + 1;
      continue;
    }
    if (/^\s*[\d.]+ kb\/s (sent|total)\s*$/.test(l)) continue;
    const kv = KEY.exec(l);
    if (kv && kv[1] === 'Time per request') {
      const m = /^(\S+)\s+\[ms\]\s+\(mean(, across all concurrent requests)?\)$/.exec(kv[2]);
      if (!m || toNumber(m[1]) === undefined) fail(i, '"Time per request: <ms> [ms] (mean[, across all concurrent requests])"');
      const name = m[2] ? 'time_per_request_all_ms' : 'time_per_request_ms';
      s[name] = toNumber(m[1]);
      fieldLines[name] = i + 1;
      timePerRequest.push(i);
      continue;
    }
    const field = kv && FIELDS[kv[1]];
    if (!field) {
      if (s.requests_per_second !== undefined) break; // the run ends here (ab run with -d: no tables)
      fail(i, `an ab result line (${Object.keys(FIELDS).slice(0, 4).join(', ')}, ...)`);
    }
    const [name, how] = field;
    const v = kv[2];
    let value;
    if (how === 'text') value = v;
    else if (how === 'int') value = toInteger(v);
    else if (how === 'bytes') value = /^(\d+) bytes$/.test(v) ? Number(v.split(' ')[0]) : v === 'Variable' ? null : undefined;
    else if (how === 'seconds') value = /^\S+ seconds$/.test(v) ? toNumber(v.split(' ')[0]) : undefined;
    else {
      const m = how.exec(v);
      value = m ? toNumber(m[1]) : undefined;
    }
    if (value === undefined) fail(i, `a value for "${kv[1]}" as ab prints it`);
    s[name] = value;
    fieldLines[name] = i + 1;
    if (name === 'requests_per_second') rpsLine = i + 1;
  }
  if (s.concurrency === undefined || s.requests_per_second === undefined || s.complete_requests === undefined) {
    fail(i, s.concurrency === undefined ? '"Concurrency Level: <n>"' : '"Complete requests" and "Requests per second" before the tables');
  }
  s.version = version;
  // The URL: from the command line when the report shows it, else from the host, port and path.
  const url = /\s(https?:\/\/\S+)/.exec(base.command ?? '');
  s.url = url ? url[1].replace(/^['"]|['"]$/g, '') : s.server_hostname && s.document_path !== null
    ? `http://${s.server_hostname}${s.server_port ? `:${s.server_port}` : ''}${s.document_path}` : null;
  s.line = rpsLine;
  s.lines = fieldLines;
  const times = [];
  const percentiles = [];
  const common = { run: base.run, label: base.label, concurrency: s.concurrency };
  if (/^\s*Connection Times \(ms\)\s*$/.test(at(i))) {
    i++;
    const header = at(i).trim().split(/\s+/).join(' ');
    const full = header === 'min mean[+/-sd] median max';
    if (!full && header !== 'min avg max') fail(i, 'the header "min  mean[+/-sd] median   max" (or "min avg max")');
    for (const phase of ['Connect', 'Processing', 'Waiting', 'Total']) {
      i++;
      const words = at(i).trim().split(/\s+/);
      if (words[0] !== `${phase}:` || words.length !== (full ? 6 : 4)) fail(i, `the ${phase} row of the Connection Times table`);
      const nums = words.slice(1).map((w) => toNumber(w));
      if (nums.some((n) => n === undefined)) fail(i, `numbers in the ${phase} row`);
      const [min, mean, sd, median, max] = full ? nums : [nums[0], nums[1], null, null, nums[2]];
      times.push({ ...common, phase: phase.toLowerCase(), min_ms: min, mean_ms: mean, sd_ms: sd, median_ms: median, max_ms: max, line: i + 1 });
    }
    i++;
    while (i < lines.length && isBlank(at(i))) i++;
  }
  if (/^\s*Percentage of the requests served within a certain time \(ms\)\s*$/.test(at(i))) {
    i++;
    for (; i < lines.length; i++) {
      const m = /^\s*(\d+(?:\.\d+)?)%\s+(\S+)(?:\s+\((longest request)\))?\s*$/.exec(at(i));
      if (!m) break;
      const p = Number(m[1]);
      const t = toNumber(m[2]);
      const prev = percentiles[percentiles.length - 1];
      if (t === undefined) fail(i, 'a time in ms');
      if (p > 100 || (prev && p <= prev.percentile)) fail(i, `a percentile above ${prev ? prev.percentile : 0}% and at most 100%`);
      if (prev && t < prev.time_ms) fail(i, `a time of at least ${prev.time_ms} ms (that of ${prev.percentile}%)`);
      percentiles.push({ ...common, percentile: p, time_ms: t, note: m[3] ?? '', line: i + 1 });
    }
    if (!percentiles.length || percentiles[percentiles.length - 1].percentile !== 100) fail(i, 'percentile rows up to "100% <ms> (longest request)"');
  }
  return { summary: s, times, percentiles, next: i };
}

const SUMMARY_ORDER = ['run', 'label', 'command', 'url', 'version', 'server_software', 'server_hostname', 'server_port', 'tls_protocol',
  'tls_temp_key', 'tls_server_name', 'document_path', 'document_length_bytes', 'concurrency', 'time_taken_s',
  'complete_requests', 'failed_requests', 'failed_connect', 'failed_receive', 'failed_length', 'failed_exceptions',
  'write_errors', 'non_2xx_responses', 'keep_alive_requests', 'total_transferred_bytes', 'total_body_sent_bytes',
  'html_transferred_bytes', 'requests_per_second', 'time_per_request_ms', 'time_per_request_all_ms',
  'transfer_rate_kbytes_per_second', 'line'];


/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'ApacheBench output', 'an empty file');
  const summaries = [];
  const times = [];
  const percentiles = [];
  // A run's label: the nearest heading above it, of any markup (never a log line).
  const doc = outline(text);
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!START.test(lines[i])) continue;
    // The command above the run, after the previous one; continued with "\\" on the lines below it.
    const command = findCommands(lines, previousEnd + 1, i).filter((c) => c.tool === 'ab').pop()?.command ?? '';
    const run = summaries.length + 1;
    const r = readRun(lines, i, { run, label: headingAbove(doc, i + 1), command });
    summaries.push({ ...Object.fromEntries(SUMMARY_ORDER.map((k) => [k, r.summary[k] ?? null])), lines: r.summary.lines });
    times.push(...r.times);
    percentiles.push(...r.percentiles);
    i = r.next - 1;
    previousEnd = r.next;
  }
  if (!summaries.length) throw new InputError(0, 'an ab run ("Concurrency Level: ..." and "Requests per second: ...")', 'none');
  const tables = { summary: { kind: 'ab-summary', title: 'ab runs: requests, failures, rates and times', rows: summaries, notes: [] } };
  if (times.length) tables['connection-times'] = { kind: 'ab-connection-times', title: 'ab Connection Times (ms)', rows: times, notes: [] };
  if (percentiles.length) tables.percentiles = { kind: 'ab-percentiles', title: 'ab: requests served within a time (ms)', rows: percentiles, notes: [] };
  return {
    title: lines.map((l) => /^#\s+(.+)$/.exec(l)).find(Boolean)?.[1] ?? '',
    tables,
    machines: machinesOf(text),
    software: summaries.filter((s) => s.version).slice(0, 1).map((s) => ({ text: `ApacheBench ${s.version}`, name: 'ApacheBench', version: s.version, line: lines.findIndex((l) => /This is ApacheBench/.test(l)) + 1 })),
    methodology: [],
    notes: [],
    sections: [],
    runs: summaries.map((s) => ({ id: String(s.run), title: s.label || `Run ${s.run}`, heading_line: s.line, rows: 1 })),
  };
}
