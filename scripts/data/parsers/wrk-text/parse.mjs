// Parser for wrk's plain-text output (one run or several pasted into a report): "Running <d> test @
// <url>", "<t> threads and <c> connections", the Thread Stats table (Latency, Req/Sec), the Latency
// Distribution of --latency, "<n> requests in <t>, <size> read", Socket errors, Requests/sec and
// Transfer/sec. Units are read exactly into a base unit (µs, bytes, requests); a unit wrk does not
// print is an error at its line. Text around the runs (Markdown, the command line) is allowed.
import { InputError, quote } from '../../../lib/errors.mjs';
import { outline, headingAbove } from '../../read/outline.mjs';
import { findCommands } from '../shared/command-line.mjs';
import { machinesOf } from '../shared/machine-lines.mjs';
import { splitLines, isBlank, toNumber } from '../../../lib/text.mjs';
import { readWithUnit, TIME_US, BYTES, METRIC } from '../shared/units.mjs';

export const format = 'wrk-text';
export const description = 'wrk output: Thread Stats, Latency Distribution (--latency), totals and socket errors; one or more runs.';

const RUNNING = /^\s*Running (\S+) test @ (\S+)\s*$/;
const STATS_HEADER = /^\s*Thread Stats\s+Avg\s+Stdev\s+Max\s+\+\/-\s*Stdev\s*$/;

export function detect(text) {
  const lines = splitLines(text);
  // wrk2's output has the same Thread Stats and Running lines, and more (calibration, HdrHistogram
  // percentiles): the wrk2 adapter reads it.
  if (lines.some((l) => WRK2.test(l))) return false;
  return lines.some((l) => STATS_HEADER.test(l)) && lines.some((l) => RUNNING.test(l));
}
const WRK2 = /Latency Distribution \(HdrHistogram|Detailed Percentile spectrum:|Thread calibration:/;

function time(token, line, text) {
  const { value, unit } = readWithUnit(token, TIME_US);
  if (value === undefined) throw new InputError(line, `a time with a unit wrk prints (${Object.keys(TIME_US).join(', ')})`, quote(unit ? token : text));
  return value;
}

function pct(token, line, text) {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(token ?? '');
  if (!m) throw new InputError(line, 'a percentage', quote(token ?? text));
  return Number(m[1]);
}

/**
 * Read one run from its "Running" line.
 * @returns {{ summary: any, stats: any[], distribution: any[], next: number }}
 */
function readRun(lines, start, run, label, previousEnd) {
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the run is cut off)');
  };
  const running = RUNNING.exec(at(start));
  const duration = readWithUnit(running[1], { s: 1, m: 60, h: 3600 });
  if (duration.value === undefined) fail(start, 'a test duration such as "30s" or "2m"');
  // The command line, when the report shows it above the run ("wrk -t10 -c200 ...", "$ wrk ...", a
  // command continued with "\" on the lines below it): the last one after the previous run.
  const cmd = findCommands(lines, previousEnd + 1, start).filter((c) => c.tool === 'wrk').pop();
  let i = start + 1;
  const tc = /^\s*(\d+) threads? and (\d+) connections?\s*$/.exec(at(i));
  if (!tc) fail(i, '"<n> threads and <n> connections"');
  i++;
  if (!STATS_HEADER.test(at(i))) fail(i, 'the header "Thread Stats   Avg   Stdev   Max   +/- Stdev"');
  i++;
  const stats = [];
  for (const [name, stat, unit] of [['Latency', 'latency', 'µs'], ['Req/Sec', 'requests_per_second_per_thread', 'requests/s']]) {
    const words = at(i).trim().split(/\s+/);
    if (words[0] !== name || words.length !== 5) fail(i, `the ${name} row: ${name}, Avg, Stdev, Max, +/- Stdev`);
    const read = (t) => {
      if (stat === 'latency') return time(t, i + 1, at(i));
      const r = readWithUnit(t, METRIC);
      if (r.value === undefined) throw new InputError(i + 1, 'a rate with a suffix wrk prints (none, k, M, G)', quote(t));
      return r.value;
    };
    stats.push({ run, label, stat, unit, avg: read(words[1]), stdev: read(words[2]), max: read(words[3]), within_stdev_pct: pct(words[4], i + 1, at(i)), line: i + 1 });
    i++;
  }
  const distribution = [];
  if (/^\s*Latency Distribution\s*$/.test(at(i))) {
    i++;
    for (; /^\s*[\d.]+%\s/.test(at(i)); i++) {
      const [p, v] = at(i).trim().split(/\s+/);
      const percentile = pct(p, i + 1, at(i));
      const prev = distribution[distribution.length - 1];
      if (percentile > 100 || (prev && percentile <= prev.percentile)) {
        throw new InputError(i + 1, `a percentile above ${prev ? prev.percentile : 0}% and at most 100%`, quote(at(i)));
      }
      distribution.push({ run, label, percentile, latency_us: time(v, i + 1, at(i)), line: i + 1 });
    }
    if (!distribution.length) fail(i, 'latency percentiles under "Latency Distribution"');
  }
  const total = /^\s*(\d+) requests in (\S+), (\S+) read\s*$/.exec(at(i));
  if (!total) fail(i, distribution.length ? '"<n> requests in <time>, <size> read"' : 'a "Latency Distribution" or "<n> requests in <time>, <size> read"');
  const elapsed = time(total[2], i + 1, at(i));
  const read = readWithUnit(total[3], BYTES);
  if (read.value === undefined) throw new InputError(i + 1, 'a size with a unit wrk prints (B, KB, MB, GB, TB)', quote(total[3]));
  const summary = {
    run,
    label,
    command: cmd ? cmd.command : '',
    url: running[2],
    duration_s: duration.value,
    threads: Number(tc[1]),
    connections: Number(tc[2]),
    requests: Number(total[1]),
    elapsed_us: elapsed,
    read_bytes: read.value,
    socket_errors_connect: null,
    socket_errors_read: null,
    socket_errors_write: null,
    socket_errors_timeout: null,
    non_2xx_3xx_responses: null,
    requests_per_second: null,
    transfer_bytes_per_second: null,
    line: start + 1,
    // The line of each value the run's row gathers (its own line is the run's "Running" line).
    lines: { duration_s: start + 1, threads: start + 2, connections: start + 2, requests: i + 1, elapsed_us: i + 1, read_bytes: i + 1 },
  };
  i++;
  const socket = /^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)\s*$/.exec(at(i));
  if (socket) {
    [summary.socket_errors_connect, summary.socket_errors_read, summary.socket_errors_write, summary.socket_errors_timeout] = socket.slice(1).map(Number);
    for (const f of ['socket_errors_connect', 'socket_errors_read', 'socket_errors_write', 'socket_errors_timeout']) summary.lines[f] = i + 1;
    i++;
  }
  const non2xx = /^\s*Non-2xx or 3xx responses: (\d+)\s*$/.exec(at(i));
  if (non2xx) {
    summary.non_2xx_3xx_responses = Number(non2xx[1]);
    summary.lines.non_2xx_3xx_responses = i + 1;
    i++;
  }
  const rps = /^\s*Requests\/sec:\s+(\S+)\s*$/.exec(at(i));
  if (!rps || toNumber(rps[1]) === undefined) fail(i, '"Requests/sec: <rate>"');
  summary.requests_per_second = toNumber(rps[1]);
  summary.lines.requests_per_second = i + 1;
  i++;
  const tps = /^\s*Transfer\/sec:\s+(\S+)\s*$/.exec(at(i));
  if (!tps) fail(i, '"Transfer/sec: <size>"');
  const transfer = readWithUnit(tps[1], BYTES);
  if (transfer.value === undefined) throw new InputError(i + 1, 'a size with a unit wrk prints (B, KB, MB, GB, TB)', quote(tps[1]));
  summary.transfer_bytes_per_second = transfer.value;
  summary.lines.transfer_bytes_per_second = i + 1;
  return { summary, stats, distribution, next: i + 1 };
}


/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'wrk output', 'an empty file');
  const summaries = [];
  const stats = [];
  const distribution = [];
  // A run's label: the nearest heading above it, of any markup (never a log line), from the document's outline.
  const doc = outline(text);
  let previousEnd = 0;
  const spans = []; // the lines of each run: its "Running" line to its "Transfer/sec"
  for (let i = 0; i < lines.length; i++) {
    if (STATS_HEADER.test(lines[i]) && !RUNNING.test(lines[i - 2] ?? '')) {
      throw new InputError(i + 1, 'a "Running <duration> test @ <url>" line two lines above the Thread Stats', quote(lines[i - 2] ?? ''));
    }
    if (!RUNNING.test(lines[i])) continue;
    const run = summaries.length + 1;
    const r = readRun(lines, i, run, headingAbove(doc, i + 1), previousEnd);
    summaries.push(r.summary);
    stats.push(...r.stats);
    distribution.push(...r.distribution);
    spans.push([i + 1, r.next]);
    i = r.next - 1;
    previousEnd = r.next;
  }
  if (!summaries.length) throw new InputError(0, 'a wrk run ("Running <duration> test @ <url>")', 'none');
  const tables = {
    summary: { kind: 'wrk-summary', title: 'wrk runs: totals, errors and rates', rows: summaries, notes: [] },
    'thread-stats': { kind: 'wrk-thread-stats', title: 'wrk Thread Stats: latency and requests/s per thread', rows: stats, notes: [] },
  };
  if (distribution.length) {
    tables['latency-distribution'] = { kind: 'wrk-latency-distribution', title: 'wrk latency distribution (--latency)', rows: distribution, notes: [] };
  }
  return {
    title: lines.map((l) => /^#\s+(.+)$/.exec(l)).find(Boolean)?.[1] ?? '',
    tables,
    spans,
    machines: machinesOf(text),
    software: [],
    methodology: [],
    notes: [],
    sections: [],
    runs: summaries.map((s) => ({ id: String(s.run), title: s.label || `Run ${s.run}`, heading_line: s.line, rows: 1 })),
  };
}
