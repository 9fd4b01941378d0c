// Adapter for redis-benchmark's output (redis/redis, valkey): the default blocks "====== SET ======"
// with "<n> requests completed in <t> seconds", the clients, payload and keep-alive lines, the
// percentile lines ("99.90% <= 1 milliseconds" of Redis < 6; "Latency by percentile distribution:"
// and "Cumulative distribution of latencies:" of Redis 6+), "<x> requests per second" or the
// "Summary:" with its throughput and "latency summary (msec)" table; the quiet form (-q, "SET:
// 81300.81 requests per second[, p50=0.151 msec]") and the CSV form (--csv). Every number is a
// measurement at its line; the test name is the benchmark; conditions from the block and the
// redis-benchmark command line above it (-c -n -d -P -r -t --threads).
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { cleanLines, number, headingAbove, commandFlags } from '../shared/read.mjs';
import { headingConditions, repeatNumbers, withHeadingConditions } from '../shared/structure.mjs';

export const format = 'redis-benchmark';
export const description = 'redis-benchmark output: ====== TEST ====== blocks (percentiles, rps, latency summary), -q lines and --csv.';

// The header may follow a progress line left on the same line by its carriage return.
const HEADER = /====== (.+?) ======\s*$/;
const COMPLETED = /^\s*(\d+) requests completed in (\d+(?:\.\d+)?) seconds\s*$/;
const CONFIG = [
  [/^\s*(\d+) parallel clients\s*$/, 'connections'],
  [/^\s*(\d+) bytes payload\s*$/, 'payload_bytes'],
  [/^\s*keep alive: (\d+)\s*$/, 'keep_alive'],
  [/^\s*multi-thread: (yes|no)\s*$/, 'multi_thread'],
  [/^\s*threads: (\d+)\s*$/, 'threads'],
  [/^\s*host configuration "[^"]*":.*$/, null],
  [/^\s*cluster mode: .*$/, null],
];
// "99.90% <= 1 milliseconds", "50.000% <= 0.151 milliseconds (cumulative count 71483)"; the Redis
// documentation writes the "<=" in backquotes.
const PERCENTILE = /^\s*(\d+(?:\.\d+)?)% (?:<=|`<=`) (\d+(?:\.\d+)?) (\S+?)(?: \(cumulative count (\d+)\))?\s*$/;
const BY_PERCENTILE = /^\s*Latency by percentile distribution:\s*$/;
const CUMULATIVE = /^\s*Cumulative distribution of latencies:\s*$/;
const RPS = /^\s*(\d+(?:\.\d+)?) requests per second\s*$/;
const SUMMARY = /^\s*Summary:\s*$/;
const THROUGHPUT = /^\s*throughput summary: (\d+(?:\.\d+)?) requests per second\s*$/;
const LATENCY_SUMMARY = /^\s*latency summary \((msec|usec|sec)\):\s*$/;
const QUIET = /^\s*([^\s=:"][^=:"]*?): (\d+(?:\.\d+)?) requests per second(?:, p50=(\d+(?:\.\d+)?) (msec|usec))?\s*$/;
const CSV_HEADER = /^\s*"test","rps"((?:,"[a-z0-9_]+")*)\s*$/;
const CSV_ROW = /^\s*"((?:[^"]|"")*)",("[^"]*"(?:,"[^"]*")*)\s*$/;
const COMMAND = /(?:^|[\s$#>])(?:\S*\/)?redis-benchmark\s+(.*?)\s*$/;

const TIME = { milliseconds: 'ms', millisecond: 'ms', msec: 'ms', usec: 'us', sec: 's' };

export function detect(text) {
  const lines = cleanLines(text);
  return lines.some(
    (l, i) =>
      (HEADER.test(l) && COMPLETED.test(lines[i + 1] ?? '')) ||
      CSV_HEADER.test(l) ||
      (QUIET.test(l) && !/summary/.test(l) && /^\s*[A-Z]/.test(l)),
  );
}

const time = (token, unit, line) => {
  if (!Object.hasOwn(TIME, unit)) throw new InputError(line, `a latency unit redis-benchmark prints (${Object.keys(TIME).join(', ')})`, quote(unit));
  return { value: number(token, line), unit: TIME[unit] };
};

/** One "====== TEST ======" block from its header line (index `start`). */
function readBlock(lines, start) {
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the block is cut off)');
  };
  const name = HEADER.exec(at(start))[1];
  const rows = [];
  const config = {};
  let i = start + 1;
  const done = COMPLETED.exec(at(i));
  if (!done) fail(i, '"<n> requests completed in <t> seconds"');
  rows.push({ metric: 'requests', statistic: 'total', value: number(done[1], i + 1), unit: 'count', line: i + 1 });
  rows.push({ metric: 'duration', statistic: 'value', value: number(done[2], i + 1), unit: 's', line: i + 1 });
  for (i++; i < lines.length; i++) {
    const c = CONFIG.find(([re]) => re.test(at(i)));
    if (!c) break;
    if (c[1]) {
      const v = c[0].exec(at(i))[1];
      config[c[1]] = /^\d+$/.test(v) ? number(v, i + 1) : v;
    }
  }
  let throughput = false;
  let listing = 'cumulative'; // Redis < 6 prints its "<=" lines with no header: a cumulative distribution
  for (;;) {
    let j = i;
    while (j < lines.length && isBlank(at(j))) j++;
    const l = at(j);
    if (BY_PERCENTILE.test(l) || CUMULATIVE.test(l)) {
      listing = BY_PERCENTILE.test(l) ? 'distribution' : 'cumulative';
      i = j + 1;
      if (!PERCENTILE.test(at(i))) fail(i, `a line "<p>% <= <latency> milliseconds" under "${l.trim()}"`);
      continue;
    }
    const p = PERCENTILE.exec(l);
    if (p) {
      rows.push({ metric: 'latency', statistic: percentileStatistic(p[1]), ...time(p[2], p[3], j + 1), listing, line: j + 1 });
      i = j + 1;
      continue;
    }
    const rps = RPS.exec(l);
    if (rps) {
      rows.push({ metric: 'throughput', statistic: 'mean', value: number(rps[1], j + 1), unit: 'req/s', line: j + 1 });
      throughput = true;
      i = j + 1;
      break;
    }
    if (SUMMARY.test(l)) {
      i = j + 1;
      const t = THROUGHPUT.exec(at(i));
      if (!t) fail(i, '"throughput summary: <x> requests per second"');
      rows.push({ metric: 'throughput', statistic: 'mean', value: number(t[1], i + 1), unit: 'req/s', line: i + 1 });
      throughput = true;
      i++;
      const ls = LATENCY_SUMMARY.exec(at(i));
      if (ls) {
        const names = at(i + 1).trim().split(/\s+/);
        const values = at(i + 2).trim().split(/\s+/);
        if (!names.length || names.length !== values.length || !at(i + 2).trim()) fail(i + 2, `${names.length} latencies under "${at(i + 1).trim()}"`);
        names.forEach((n, k) => {
          const statistic = { avg: 'mean', min: 'min', max: 'max' }[n] ?? (/^p(\d+(?:\.\d+)?)$/.test(n) ? percentileStatistic(n.slice(1)) : undefined);
          if (!statistic) throw new InputError(i + 2, 'a latency summary column (avg, min, pN, max)', quote(n));
          rows.push({ metric: 'latency', statistic, ...time(values[k], ls[1], i + 3), line: i + 3 });
        });
        i += 3;
      }
      break;
    }
    break;
  }
  if (!throughput) fail(i, '"<x> requests per second" or the "Summary:" (the block is cut off?)');
  return { name, rows, config, next: i };
}

/** The CSV of --csv from its header (index `start`), or its rows alone (old versions) when `start` is a row. */
function readCsv(lines, start) {
  const header = CSV_HEADER.exec(lines[start]);
  const columns = header ? ['test', 'rps', ...(header[1].match(/"([^"]+)"/g) ?? []).map((c) => c.slice(1, -1))] : ['test', 'rps'];
  const blocks = [];
  let i = header ? start + 1 : start;
  for (; i < lines.length; i++) {
    const m = CSV_ROW.exec(lines[i]);
    if (!m) break;
    const cells = m[2].split(',').map((c) => c.slice(1, -1));
    if (cells.length !== columns.length - 1) throw new InputError(i + 1, `${columns.length} fields (${columns.join(', ')})`, quote(lines[i]));
    const rows = [];
    columns.slice(1).forEach((c, k) => {
      const lat = /^(avg|min|max|p\d+(?:\.\d+)?)_latency_(ms|us)$/.exec(c);
      if (c === 'rps') rows.push({ metric: 'throughput', statistic: 'mean', value: number(cells[k], i + 1), unit: 'req/s', line: i + 1 });
      else if (lat) {
        const statistic = { avg: 'mean', min: 'min', max: 'max' }[lat[1]] ?? percentileStatistic(lat[1].slice(1));
        rows.push({ metric: 'latency', statistic, value: number(cells[k], i + 1), unit: lat[2], line: i + 1 });
      } else throw new InputError(start + 1, 'a CSV column redis-benchmark writes (rps, <stat>_latency_ms)', quote(c));
    });
    blocks.push({ name: m[1].replace(/""/g, '"'), rows, config: {}, start: i, next: i + 1 });
  }
  if (header && !blocks.length) {
    throw new InputError(i + 1, 'a CSV row "<test>","<rps>",...', i < lines.length ? quote(lines[i]) : 'the end of the file (the CSV is cut off)');
  }
  return { blocks, next: i };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'redis-benchmark output', 'an empty file');
  const tests = [];
  let command;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const cmd = COMMAND.exec(l);
    if (cmd && !HEADER.test(l)) {
      command = { flags: commandFlags(cmd[1], ['c', 'n', 'd', 'P', 'r', 't', 'h', 'p', 's', 'a', 'k', 'threads']), line: i + 1, csv: /--csv\b/.test(cmd[1]) };
      continue;
    }
    // The nearest heading above (tests are named by the test; the heading names the setup they ran under).
    const heading = () => headingAbove(lines, i - 1, 0)?.text ?? '';
    if (HEADER.test(l)) {
      const b = readBlock(lines, i);
      tests.push({ ...b, start: i, command, subject: heading() });
      i = b.next - 1;
    } else if (CSV_HEADER.test(l) || (command?.csv && CSV_ROW.test(l))) {
      const subject = heading();
      const { blocks, next } = readCsv(lines, i);
      for (const b of blocks) tests.push({ ...b, command, subject, csv: true });
      if (CSV_HEADER.test(l)) tests.at(-1 - blocks.length + 1).header = i;
      i = next - 1;
    } else {
      const q = QUIET.exec(l);
      if (!q || /summary/.test(q[1])) continue;
      const rows = [{ metric: 'throughput', statistic: 'mean', value: number(q[2], i + 1), unit: 'req/s', line: i + 1 }];
      if (q[3]) rows.push({ metric: 'latency', statistic: 'p50', ...time(q[3], q[4], i + 1), line: i + 1 });
      tests.push({ name: q[1].trim(), rows, config: {}, start: i, next: i + 1, command, subject: heading() });
    }
  }
  if (!tests.length) throw new InputError(0, 'redis-benchmark output ("====== <TEST> ======", "<TEST>: <x> requests per second" or --csv)', 'none');
  const rows = [];
  const spans = [];
  const commandLines = new Set();
  const setups = tests.map((t) => {
    const f = t.command?.flags ?? {};
    const flag = (k, what) => (f[k] === undefined || f[k] === true ? undefined : number(String(f[k]), t.command.line, what));
    // A heading that names a setting ("protodb1, 2 threads") gives that condition; the rest is the subject.
    const named = headingConditions(t.subject);
    const conditions = withHeadingConditions(
      {
        connections: t.config.connections ?? flag('c', 'a number of clients (-c)'),
        payload_bytes: t.config.payload_bytes ?? flag('d', 'a payload size (-d)'),
        keep_alive: t.config.keep_alive,
        threads: t.config.threads ?? flag('threads', 'a number of threads (--threads)'),
        requests: flag('n', 'a number of requests (-n)'),
        pipeline: flag('P', 'a pipeline depth (-P)'),
        keyspace_len: flag('r', 'a keyspace length (-r)'),
        tests: typeof f.t === 'string' ? f.t : undefined,
      },
      named.conditions,
    );
    return { name: t.name, subject: named.rest, conditions };
  });
  // The tests a command ran (-t ping,set,get) tell a test's rows apart only where it ran under two
  // lists (prototype-db's GET after a SET, and GET alone): a condition there, and never a repeat.
  const withoutTests = (s) => JSON.stringify({ ...s, conditions: { ...s.conditions, tests: undefined } });
  const lists = new Map();
  for (const s of setups) lists.set(withoutTests(s), new Set([...(lists.get(withoutTests(s)) ?? []), s.conditions.tests]));
  for (const s of setups) if (lists.get(withoutTests(s)).size < 2) delete s.conditions.tests;
  // A run number only where the report runs the same test again with the same settings.
  const repeats = repeatNumbers(setups.map((s) => JSON.stringify(s)));
  for (const [k, t] of tests.entries()) {
    const { subject } = setups[k];
    const conditions = { ...setups[k].conditions, ...repeats[k] };
    for (const { metric, statistic, value, unit, line, listing } of t.rows) {
      rows.push(measurement({ benchmark: t.name, subject, metric, statistic, value, unit, conditions: { ...conditions, listing }, line }));
    }
    if (t.command && !commandLines.has(t.command.line)) {
      commandLines.add(t.command.line);
      spans.push([t.command.line, t.command.line]);
    }
    spans.push([(t.header ?? t.start) + 1, t.next]);
  }
  return measurementResult(rows, { tableTitle: 'redis-benchmark tests', spans });
}
