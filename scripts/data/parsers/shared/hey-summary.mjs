// The summary hey (rakyll/hey) prints and oha (hatoo/oha) took over: "Summary:" with Total, Slowest,
// Fastest, Average, Requests/sec (oha first: Success rate) and the data sizes; then "Response time
// histogram:", "Latency distribution:" (oha: "Response time distribution:", "10.00% in 0.0014 secs"),
// "Details (average, fastest, slowest):", "Status code distribution:", "Error distribution:". Both
// adapters (hey/, oha/) read a block here and differ in what they require and how they detect it.
// Every number is one measurement at its line; times and sizes keep the units printed.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, percentileStatistic } from '../../measure/model.mjs';
import { number, withUnit, headingAbove, commandFlags, durationSeconds } from './read.mjs';
import { headingConditions, repeatNumbers, withHeadingConditions } from './structure.mjs';

export const SUMMARY = /^\s*Summary:\s*$/;
const ITEM = /^\s*(Success rate|Total|Slowest|Fastest|Average|Requests\/sec|Total data|Size\/request|Size\/sec):\s*(.*?)\s*$/;
const HISTOGRAM = /^\s*Response time histogram:\s*$/;
const HISTOGRAM_ROW = /^\s*(\d+(?:\.\d+)?) \[(\d+)\]\s*\|/;
const DISTRIBUTION = /^\s*(?:Latency|Response time) distribution:\s*$/;
const DISTRIBUTION_ROW = /^\s*(\d+(?:\.\d+)?)% in (\S+) (\S+)\s*$/;
const DETAILS = /^\s*Details \(average, fastest, slowest\):\s*$/;
const DETAILS_ROW = /^\s*([A-Za-z][\w+ -]*?):\s+(\S+ \S+), (\S+ \S+), (\S+ \S+)\s*$/;
const STATUS = /^\s*Status code distribution:\s*$/;
const STATUS_ROW = /^\s*\[(\d+)\]\s+(\d+) responses?\s*$/;
const ERRORS = /^\s*Error distribution:\s*$/;
const ERROR_ROW = /^\s*\[(\d+)\]\s+(.+?)\s*$/;

const TIME = { secs: 's', sec: 's', s: 's', ms: 'ms', us: 'us', 'µs': 'us', ns: 'ns' };
const SIZE = { bytes: 'B', B: 'B', KiB: 'KiB', MiB: 'MiB', GiB: 'GiB', TiB: 'TiB' };
const SIZE_RATE = { B: 'B/s', KiB: 'KiB/s', MiB: 'MiB/s', GiB: 'GiB/s' };

/** The names of the summary items, and what each is. */
const ITEMS = {
  'Success rate': { metric: 'success_rate', statistic: 'value' },
  Total: { metric: 'duration', statistic: 'value', units: TIME, what: 'a time' },
  Slowest: { metric: 'latency', statistic: 'max', units: TIME, what: 'a time' },
  Fastest: { metric: 'latency', statistic: 'min', units: TIME, what: 'a time' },
  Average: { metric: 'latency', statistic: 'mean', units: TIME, what: 'a time' },
  'Requests/sec': { metric: 'throughput', statistic: 'mean' },
  'Total data': { metric: 'transferred', statistic: 'total', units: SIZE, what: 'a size' },
  'Size/request': { metric: 'size_per_request', statistic: 'mean', units: SIZE, what: 'a size' },
  'Size/sec': { metric: 'bandwidth', statistic: 'mean', units: SIZE_RATE, what: 'a size' },
};

/**
 * Read the block from its "Summary:" line (index `start`). `required` are the summary items the
 * tool always prints, in order. Returns { rows (fields without benchmark and conditions), next }.
 * @param {string[]} lines
 * @param {number} start
 * @param {string[]} required
 */
export function readSummary(lines, start, required) {
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the block is cut off)');
  };
  const rows = [];
  const notes = [];
  let i = start + 1;
  const seen = [];
  for (;;) {
    while (isBlank(at(i)) && i < lines.length && ITEM.test(at(i + 1))) i++;
    const m = ITEM.exec(at(i));
    if (!m) break;
    const [, name, text] = m;
    if (seen.includes(name)) break;
    const want = required[seen.filter((n) => required.includes(n)).length];
    if (required.includes(name) && name !== want) fail(i, `"${want}: ..." (the summary in the order the tool prints it)`);
    seen.push(name);
    const item = ITEMS[name];
    const line = i + 1;
    let read;
    if (/^NaN\b/.test(text)) {
      // hey prints NaN when no request succeeded (bitlet/benchmark's stats.md): no number to keep.
      notes.push({ text: `${name}: NaN (no request succeeded), no measurement`, line });
      i++;
      continue;
    }
    if (name === 'Success rate') {
      const pct = /^(\d+(?:\.\d+)?)%$/.exec(text);
      // oha 0.1 printed the rate as a fraction ("1.0000"), later versions as a percentage.
      read = pct ? { value: number(pct[1], line), unit: '%' } : { value: number(text, line, 'a success rate such as "100.00%"'), unit: 'x' };
    } else if (name === 'Requests/sec') {
      read = { value: number(text, line, 'a rate'), unit: 'req/s' };
    } else read = withUnit(text, item.units, line, item.what);
    rows.push({ metric: item.metric, statistic: item.statistic, ...read, line });
    i++;
  }
  const missing = required.find((n) => !seen.includes(n));
  if (missing) fail(i, `"${missing}: ..." in the summary`);

  for (;;) {
    let j = i;
    while (isBlank(at(j)) && j < lines.length) j++;
    const header = at(j);
    let row;
    let read;
    if (HISTOGRAM.test(header)) {
      row = HISTOGRAM_ROW;
      read = (m, line) => ({ metric: 'requests', statistic: 'total', value: number(m[2], line), unit: 'count', latency_bucket_s: number(m[1], line), line });
    } else if (DISTRIBUTION.test(header)) {
      row = DISTRIBUTION_ROW;
      let last;
      read = (m, line) => {
        const p = number(m[1], line);
        if (p > 100 || (last !== undefined && p <= last)) throw new InputError(line, `a percentile above ${last ?? 0}% and at most 100%`, quote(at(line - 1)));
        last = p;
        return { metric: 'latency', statistic: percentileStatistic(m[1]), ...withUnit(`${m[2]} ${m[3]}`, TIME, line, 'a time'), line };
      };
    } else if (DETAILS.test(header)) {
      row = DETAILS_ROW;
      read = (m, line) =>
        ['mean', 'min', 'max'].flatMap((statistic, k) => {
          if (/^NaN\b/.test(m[k + 2])) {
            notes.push({ text: `${m[1]} ${statistic}: NaN (no request succeeded), no measurement`, line });
            return [];
          }
          return [{ metric: 'latency', statistic, ...withUnit(m[k + 2], TIME, line, 'a time'), phase: m[1], line }];
        });
    } else if (STATUS.test(header)) {
      row = STATUS_ROW;
      read = (m, line) => ({ metric: 'requests', statistic: 'total', value: number(m[2], line), unit: 'count', status_code: number(m[1], line), line });
    } else if (ERRORS.test(header)) {
      row = ERROR_ROW;
      read = (m, line) => ({ metric: 'errors', statistic: 'total', value: number(m[1], line), unit: 'count', error: m[2], line });
    } else break;
    i = j + 1;
    const before = rows.length;
    for (let m; (m = row.exec(at(i))); i++) rows.push(...[read(m, i + 1)].flat());
    if (rows.length === before && i === j + 1) {
      // hey prints a section's header even when it has no lines (no request succeeded); a header
      // followed by the next section's is such an empty section, one followed by anything else is cut off.
      let k = i;
      while (isBlank(at(k)) && k < lines.length) k++;
      if (![HISTOGRAM, DISTRIBUTION, DETAILS, STATUS, ERRORS].some((re) => re.test(at(k)))) fail(i, `a line under "${header.trim()}"`);
    }
  }
  return { rows, notes, next: i };
}

/**
 * The command line above a block: the last line between `to` and `from` that runs `tool` with an URL
 * or a flag ("hey -c 50 -n 200 http://...", "$ oha -z 10s url", "Running `target/release/oha 'url'`").
 */
export function commandAbove(lines, from, to, tool) {
  const re = new RegExp(`(?:^|[\\s$>❯\`/])${tool}\\s+(.*?)\`?\\s*$`);
  for (let k = from; k >= Math.max(0, to); k--) {
    const m = re.exec(lines[k] ?? '');
    if (m && /(^|\s)(-\w|'?https?:\/\/)/.test(m[1])) return { text: m[1], line: k + 1 };
  }
  return undefined;
}

/**
 * Every block of a hey-like tool in a text, as measurements: `benchmark` the URL of the command line
 * above (else the heading above, else the tool), `subject` the heading, conditions from the flags.
 * @param {string[]} lines
 * @param {{ tool: string, starts: (lines: string[], i: number) => boolean, required: string[], conditions: (flags: Record<string, any>, line: number) => Record<string, any> }} spec
 */
export function readBlocks(lines, spec) {
  const blocks = [];
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!SUMMARY.test(lines[i]) || !spec.starts(lines, i)) continue;
    const { rows, notes, next } = readSummary(lines, i, spec.required);
    blocks.push({ rows, notes, start: i, next, command: commandAbove(lines, i - 1, previousEnd, spec.tool), heading: headingAbove(lines, i - 1, previousEnd) });
    i = next - 1;
    previousEnd = next;
  }
  const rows = [];
  const spans = [];
  const setups = blocks.map((b) => {
    const flags = b.command ? commandFlags(b.command.text, spec.valued) : { _: [] };
    const url = (flags._.find((w) => /^['"]?https?:\/\//.test(w)) ?? '').replace(/^['"]|['"]$/g, '');
    // A heading that names a setting ("### 500 connections") is a condition, not the subject.
    const named = headingConditions(b.heading?.text);
    const conditions = withHeadingConditions(b.command ? spec.conditions(flags, b.command.line) : {}, named.conditions);
    return { conditions, subject: named.rest, url };
  });
  // A run number only where the report repeats a run (same URL, heading and settings).
  const repeats = repeatNumbers(setups.map((s) => JSON.stringify(s)));
  blocks.forEach((b, k) => {
    const { subject, url } = setups[k];
    const base = { ...setups[k].conditions, ...repeats[k] };
    for (const { metric, statistic, value, unit, line, ...extra } of b.rows) {
      rows.push(measurement({ benchmark: url || subject || spec.tool, subject, metric, statistic, value, unit, conditions: { ...base, ...extra }, line }));
    }
    if (b.command) spans.push([b.command.line, b.command.line]);
    spans.push([b.start + 1, b.next]);
  });
  return { rows, spans, notes: blocks.flatMap((b) => b.notes), blocks: blocks.length };
}

/** A flag's value as a number, or an InputError at the command's line. */
export const flagNumber = (value, line, what) => (value === undefined || value === true ? undefined : number(String(value), line, what));
export const flagDuration = (value, line) => {
  if (value === undefined || value === true) return undefined;
  const s = durationSeconds(value);
  if (s === undefined) throw new InputError(line, 'a duration such as "10s" or "2m"', quote(value));
  return s;
};
