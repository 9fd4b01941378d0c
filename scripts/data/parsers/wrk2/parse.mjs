// Adapter for wrk2's text output (giltene/wrk2, `--latency`/`-L`, `-U`): one or more runs, each
// with its optional "Running <d> test @ <url>" and "<t> threads and <c> connections" lines, the
// "Thread calibration" lines, the Thread Stats, one HdrHistogram "Latency Distribution" per latency
// kind (Recorded, Uncorrected) with its percentile list, its "Detailed Percentile spectrum" and the
// `#[Mean ...]` `#[Max ...]` footer, and the totals, Requests/sec and Transfer/sec. A README that
// pastes only the Thread Stats and distributions of each variant under a heading is read as well.
// Every number becomes a measurement at its line; values keep wrk2's units (sizes are binary:
// wrk's "KB" is KiB). Classic wrk output (no HdrHistogram, no calibration) is wrk-text's.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { scaleDecimal } from '../shared/units.mjs';
import { cleanLines, number, withUnit, fractionToPercent, headingAbove, commandFlags, durationSeconds } from '../shared/read.mjs';
import { headingConditions, repeatNumbers, withHeadingConditions } from '../shared/structure.mjs';

export const format = 'wrk2';
export const description =
  'wrk2 output (--latency, -U): Thread Stats, HdrHistogram percentiles and Detailed Percentile spectrum, totals; one or more runs.';

const RUNNING = /^\s*Running (\S+) test @ (\S+)\s*$/;
const THREADS = /^\s*(\d+) threads? and (\d+) connections?\s*$/;
const CALIBRATION = /^\s*Thread calibration: mean lat\.: \S+, rate sampling interval: \S+\s*$/;
const STATS_HEADER = /^\s*Thread Stats\s+Avg\s+Stdev\s+Max\s+\+\/-\s*Stdev\s*$/;
const HDR = /^\s*Latency Distribution \(HdrHistogram - (Recorded|Uncorrected) Latency\b.*\)\s*$/;
const PERCENTILE = /^\s*(\d+(?:\.\d+)?)%\s+(\S+)\s*$/;
const SPECTRUM = /^\s*Detailed Percentile spectrum:\s*$/;
const SPECTRUM_HEADER = /^\s*Value\s+Percentile\s+TotalCount\s+1\/\(1-Percentile\)\s*$/;
const SPECTRUM_ROW = /^\s*(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+)\s+(\d+\.\d+|inf)\s*$/;
const MEAN = /^#\[Mean\s*=\s*(\S+),\s*StdDeviation\s*=\s*(\S+)\]\s*$/;
const MAX = /^#\[Max\s*=\s*(\S+),\s*Total count\s*=\s*(\S+)\]\s*$/;
const BUCKETS = /^#\[Buckets\s*=\s*\d+,\s*SubBuckets\s*=\s*\d+\]\s*$/;
const RULE = /^-{10,}\s*$/;
const TOTALS = /^\s*(\d+) requests in (\S+), (\S+) read\s*$/;
const SOCKET = /^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)\s*$/;
const NON2XX = /^\s*Non-2xx or 3xx responses: (\d+)\s*$/;
const RPS = /^\s*Requests\/sec:\s+(\S+)\s*$/;
const TPS = /^\s*Transfer\/sec:\s+(\S+)\s*$/;
// A command line above a run: "wrk2 ...", "$ ./wrk ...", or the bare flags ("-t1 -c64 -d60s -R2000 ... url").
const COMMAND = /^\s*(?:[$>]\s*)?(?:(?:\S*\/)?wrk2?\s+(.*?)|(-\S.*\s-R\s*\d.*?))\s*$/;

/** wrk's units (format_time_us, format_binary): times, sizes (powers of 1024), sizes per second. */
const TIME = { us: 'us', ms: 'ms', s: 's', m: 'min', h: 'h' };
const SIZE = { B: 'B', KB: 'KiB', MB: 'MiB', GB: 'GiB' };
const RATE_SIZE = { B: 'B/s', KB: 'KiB/s', MB: 'MiB/s', GB: 'GiB/s' };
const SUFFIX = { '': 1, k: 1000, M: 1000000, G: 1000000000 };

export function detect(text) {
  return cleanLines(text).some((l) => HDR.test(l) || SPECTRUM.test(l) || CALIBRATION.test(l));
}

/** A rate with wrk's metric suffix ("2.11k"), its value exact in requests per second. */
function rate(token, line) {
  const m = /^(\d+(?:\.\d+)?)([kMG]?)$/.exec(token ?? '');
  if (!m) throw new InputError(line, 'a rate with a suffix wrk prints (none, k, M, G)', quote(token));
  return scaleDecimal(number(m[1], line), SUFFIX[m[2]]);
}

const percent = (token, line) => {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(token ?? '');
  if (!m) throw new InputError(line, 'a percentage', quote(token));
  return number(m[1], line);
};

/**
 * Read one run from line index `start`; returns its rows (without benchmark and conditions), what it
 * states about itself, and the index after it.
 */
function readRun(lines, start) {
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the run is cut off)');
  };
  const rows = [];
  const add = (fields) => rows.push(fields);
  const run = { url: '', duration: undefined, threads: undefined, connections: undefined };
  let i = start;
  const running = RUNNING.exec(at(i));
  if (running) {
    run.url = running[2];
    run.duration = durationSeconds(running[1]);
    if (run.duration === undefined) fail(i, 'a test duration such as "30s" or "2m"');
    i++;
    const tc = THREADS.exec(at(i));
    if (!tc) fail(i, '"<n> threads and <n> connections"');
    run.threads = number(tc[1], i + 1);
    run.connections = number(tc[2], i + 1);
    i++;
  }
  while (CALIBRATION.test(at(i))) i++;
  if (STATS_HEADER.test(at(i))) {
    i++;
    for (const [name, metric] of [
      ['Latency', 'latency'],
      ['Req/Sec', 'throughput_per_thread'],
    ]) {
      const words = at(i).trim().split(/\s+/);
      if (words[0] !== name || words.length !== 5) fail(i, `the ${name} row: ${name}, Avg, Stdev, Max, +/- Stdev`);
      const line = i + 1;
      const read = (t) => (metric === 'latency' ? withUnit(t, TIME, line, 'a time') : { value: rate(t, line), unit: 'req/s' });
      for (const [statistic, k] of [
        ['mean', 1],
        ['stdev', 2],
        ['max', 3],
      ]) {
        add({ metric, statistic, ...read(words[k]), line });
      }
      add({ metric: `${metric}_within_stdev`, statistic: 'value', value: percent(words[4], line), unit: '%', line });
      i++;
    }
  } else if (running) fail(i, 'the header "Thread Stats   Avg   Stdev   Max   +/- Stdev"');

  for (;;) {
    let j = i;
    while (isBlank(at(j)) && j < lines.length) j++;
    const hdr = HDR.exec(at(j));
    if (!hdr) break;
    i = readDistribution(lines, j, hdr[1].toLowerCase(), add, fail);
  }

  let j = i;
  while (isBlank(at(j)) && j < lines.length) j++;
  const totals = TOTALS.exec(at(j));
  if (totals) {
    i = j;
    const line = i + 1;
    add({ metric: 'requests', statistic: 'total', value: number(totals[1], line), unit: 'count', line });
    add({ metric: 'duration', statistic: 'value', ...withUnit(totals[2], TIME, line, 'a time'), line });
    add({ metric: 'transferred', statistic: 'total', ...withUnit(totals[3], SIZE, line, 'a size'), line });
    i++;
    const socket = SOCKET.exec(at(i));
    if (socket) {
      ['connect', 'read', 'write', 'timeout'].forEach((kind, k) =>
        add({ metric: 'errors', statistic: 'total', value: number(socket[k + 1], i + 1), unit: 'count', error_kind: kind, line: i + 1 }),
      );
      i++;
    }
    const non2xx = NON2XX.exec(at(i));
    if (non2xx) {
      add({ metric: 'errors', statistic: 'total', value: number(non2xx[1], i + 1), unit: 'count', error_kind: 'non_2xx_3xx', line: i + 1 });
      i++;
    }
    const rps = RPS.exec(at(i));
    if (!rps) fail(i, '"Requests/sec: <rate>"');
    add({ metric: 'throughput', statistic: 'mean', value: number(rps[1], i + 1, 'a rate'), unit: 'req/s', line: i + 1 });
    i++;
    const tps = TPS.exec(at(i));
    if (!tps) fail(i, '"Transfer/sec: <size>"');
    add({ metric: 'bandwidth', statistic: 'mean', ...withUnit(tps[1], RATE_SIZE, i + 1, 'a size'), line: i + 1 });
    i++;
  } else if (running) {
    fail(j, '"<n> requests in <time>, <size> read"');
  }
  if (!rows.length) fail(i, 'the Thread Stats or a "Latency Distribution (HdrHistogram - ...)"');
  return { run, rows, next: i };
}

/** One "Latency Distribution (HdrHistogram - <kind> Latency)" with its spectrum and footer, from index `start`. */
function readDistribution(lines, start, kind, add, fail) {
  const at = (i) => lines[i] ?? '';
  const histogram = kind;
  let i = start + 1;
  let last;
  for (let m; (m = PERCENTILE.exec(at(i))); i++) {
    const p = number(m[1], i + 1);
    if (p > 100 || (last !== undefined && p <= last)) fail(i, `a percentile above ${last ?? 0}% and at most 100%`);
    last = p;
    add({ metric: 'latency', statistic: percentileStatistic(m[1]), ...withUnit(m[2], TIME, i + 1, 'a time'), histogram, line: i + 1 });
  }
  if (last !== 100) fail(i, last === undefined ? 'a percentile line such as " 50.000%    1.23ms"' : 'the percentiles up to "100.000%"');
  let j = i;
  while (isBlank(at(j)) && j < lines.length) j++;
  let spectrum = false;
  if (SPECTRUM.test(at(j))) {
    spectrum = true;
    i = j + 1;
    if (!SPECTRUM_HEADER.test(at(i))) fail(i, 'the header "Value   Percentile   TotalCount 1/(1-Percentile)"');
    i++;
    while (isBlank(at(i)) && i < lines.length) i++;
    let previous;
    for (let m; (m = SPECTRUM_ROW.exec(at(i))); i++) {
      const p = Number(m[2]);
      if (p > 1 || (previous !== undefined && p < previous)) fail(i, `a percentile from ${previous ?? 0} to 1`);
      // Near 1 the printed percentile repeats (jit-php-async results/1000-jit-amphp/20k.txt: two rows
      // of 0.999995): the first row of each printed percentile is read, the next ones are read over.
      if (p === previous) continue;
      previous = p;
      const statistic = `p${fractionToPercent(m[2])}`;
      add({ metric: 'latency', statistic, value: number(m[1], i + 1), unit: 'ms', histogram, listing: 'spectrum', line: i + 1 });
    }
    if (previous === undefined) fail(i, 'a spectrum row "<value> <percentile> <total count> <1/(1-percentile)>"');
    j = i;
  }
  const mean = MEAN.exec(at(j));
  if (!mean) {
    if (spectrum) fail(j, 'the spectrum row or its footer "#[Mean = <ms>, StdDeviation = <ms>]"');
    return i;
  }
  i = j;
  const footer = { histogram, listing: 'spectrum', unit: 'ms' };
  add({ metric: 'latency', statistic: 'mean', value: number(mean[1], i + 1), ...footer, line: i + 1 });
  add({ metric: 'latency', statistic: 'stdev', value: number(mean[2], i + 1), ...footer, line: i + 1 });
  i++;
  const max = MAX.exec(at(i));
  if (!max) fail(i, '"#[Max = <ms>, Total count = <n>]"');
  add({ metric: 'latency', statistic: 'max', value: number(max[1], i + 1), ...footer, line: i + 1 });
  add({ metric: 'requests', statistic: 'total', value: number(max[2], i + 1), ...footer, unit: 'count', line: i + 1 });
  i++;
  if (BUCKETS.test(at(i))) i++; // the histogram's layout, not a measurement
  if (RULE.test(at(i))) i++;
  return i;
}

/** The command line of a run: the last wrk/wrk2 command (or bare flags with -R) between the previous run and this one. */
function commandAbove(lines, from, to) {
  for (let k = from; k >= to; k--) {
    const m = COMMAND.exec(lines[k] ?? '');
    if (m) return { flags: commandFlags(m[1] ?? m[2], ['t', 'c', 'd', 'R', 's', 'H', 'threads', 'connections', 'duration', 'rate', 'script', 'header', 'timeout']), line: k + 1 };
  }
  return undefined;
}

/** The nearest ATX heading above a line (the section a run sits in). */
function sectionAbove(lines, from) {
  for (let k = from; k >= 0; k--) {
    const h = headingAbove(lines, k, k);
    if (h?.atx) return h.text;
  }
  return '';
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'wrk2 output', 'an empty file');
  const runs = [];
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!(RUNNING.test(l) || STATS_HEADER.test(l) || HDR.test(l) || CALIBRATION.test(l))) continue;
    const r = readRun(lines, i);
    const command = commandAbove(lines, i - 1, previousEnd);
    const heading = headingAbove(lines, i - 1, previousEnd);
    runs.push({ ...r, start: i, command, heading, section: sectionAbove(lines, i - 1) });
    i = r.next - 1;
    previousEnd = r.next;
  }
  if (!runs.length) throw new InputError(0, 'a wrk2 run (Thread Stats or "Latency Distribution (HdrHistogram - ...)")', 'none');
  const rows = [];
  const spans = [];
  const setups = runs.map((r) => {
    const f = r.command?.flags ?? { _: [] };
    const url = r.run.url || f._.find((w) => /^https?:\/\//.test(w)) || '';
    // A heading that names a setting ("### 500 connections") is a condition, not the subject.
    const named = headingConditions(r.heading?.text);
    const conditions = withHeadingConditions(
      {
        threads: r.run.threads ?? (f.t ?? f.threads ? number(f.t ?? f.threads, r.command.line) : undefined),
        connections: r.run.connections ?? (f.c ?? f.connections ? number(f.c ?? f.connections, r.command.line) : undefined),
        duration_s: durationSeconds(f.d ?? f.duration) ?? r.run.duration,
        rate: f.R ?? f.rate ? number(f.R ?? f.rate, r.command.line, 'a rate (-R)') : undefined,
      },
      named.conditions,
    );
    return { conditions, subject: named.rest, url, section: r.section };
  });
  // A run number only where the report repeats a run (same URL, heading and settings).
  const repeats = repeatNumbers(setups.map((s) => JSON.stringify(s)));
  runs.forEach((r, k) => {
    const { subject, url } = setups[k];
    const base = { ...setups[k].conditions, ...repeats[k] };
    for (const { line, metric, statistic, value, unit, histogram, listing, error_kind } of r.rows) {
      const conditions = { ...base, histogram, listing, error_kind };
      rows.push(measurement({ benchmark: url || subject || 'wrk2', subject, section: r.section, metric, statistic, value, unit, conditions, line }));
    }
    if (r.command) spans.push([r.command.line, r.command.line]);
    spans.push([r.start + 1, r.next]);
  });
  return measurementResult(rows, { tableTitle: 'wrk2 runs: latency percentiles, spectrum and totals', spans });
}
