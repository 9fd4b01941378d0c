// The key-value reader, a generic fallback: summaries written as `Label: number unit` lines, aligned or
// not, bare or as Markdown list items (`- **Average**: 100.3 QPS`), under headings of any markup or
// under a block label (`Latency (ms):`, `response time:`), as load tools and people print them (ghz,
// sysbench, Locust-style reports). No tool is named: the unit comes from the value, else from the
// block's heading, else from the label (`Requests/sec`); the statistic from the label's words (avg,
// median, min/fastest, max/slowest/peak, p95, 95th percentile); the metric from the unit's dimension.
// A compound cell keeps its parts (`2513673 (8323.37 per sec.)` is a count and a rate). Lines under a
// configuration heading (`Test Configuration`, `following options`) are conditions of every row, not
// results. Targets (`>95 QPS`), dates and versions are not read; a value with no unit under a label that
// names what it measures (`Slowest: 3.915`: read/vocabulary.mjs namesMeasure) goes in with unit "not
// stated", any other is not read; each is listed in a note. A load tool's command line (`vegeta attack
// -name=50qps -rate=50`: shared/command-line.mjs) states what the run was set to, never a result. Histogram bars, time-series lines (`[ 5s] ...`)
// and machine tables are not key-value lines, so they are never read as results. Pairs split by " | "
// on one line are each read; a run's settings (`number of clients: 105`) are conditions wherever they
// stand, until a later section states settings of its own; a line underlined with `---` or `===`
// (sysbench's "CPU BENCHMARKS") is a heading as `## ` is; a bold or italic line heads a sub-section. A block is named by the label line above it (`Summary:`,
// a plain `full-reads` over indented lines, a bold `**## Reads 2 cores**` whose settings are conditions):
// a label that says only what is measured ("mean rate", "Requests/sec", "Latency distribution") takes
// that name, so one run is never split under the names of its own lines. A command line at a prompt
// ("$ python3 -m pyperf stats outliers.json -q") names the statistic-only lines of its output
// ("Minimum: 4.12 us") by the result file it names, else by the command, to the end of its code block.
import { InputError } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { canonicalUnit, convert, COUNT_PREFIX, isTransferRate, unitInHeader, UNITS, UNSTATED } from '../../measure/units.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { eventCountOf, isConfigured, isCount, isRequestLogLine, namesMeasure, namesNoThing, namesOutputOnly, namesRawValue, namesSum, roleOf, settingOf, sizeOf, statesMachine, SPREAD_WORDS, spreadKindOf, statisticOf, STATISTIC_WORDS } from '../../read/vocabulary.mjs';
import { commandConditions } from '../shared/command-line.mjs';
import { jsonBlocks } from '../shared/json.mjs';
import { headingConditions, repeatNumbers } from '../shared/structure.mjs';
import { underlinedTitle } from '../shared/read.mjs';

export const format = 'key-value';
export const description = 'Key-value summaries: "Label: number unit" lines, aligned or not, under headings or block labels (a generic reader).';
/** Tried only where no tool's format reads the text (the document reader runs it after the tools and the table fallback). */
export const fallback = true;
/** Read line by line (no whole-document outline): tried on a seed too big for one (add-report/detect.mjs). */
export const lineOriented = true;
/** A generic reader the document reader runs on the lines nothing else read. */
export const generic = true;

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
// An optional list marker, a label (not starting with a digit or a bracket, unless an ordinal percentile:
// sysbench 1.0's "95th percentile:"), ":" or "=", a number, the rest.
const KV = new RegExp(String.raw`^(\s*)(?:[-*+]\s+)?(?:\*\*|__)?(\d{1,2}(?:\.\d+)?(?:st|nd|rd|th)\s+percentile|[^\d\s[(|<>#:=*_][^:=|]{0,60}?)(?:\*\*|__)?\s*[:=]\s*(?:\*\*|__)?(${NUMBER})(?![\d:/-]\d)(.*)$`);
// A block label: "Latency (ms):", "General statistics:", "Summary:" (nothing after the colon).
const BLOCK = /^(\s*)(?:[-*+]\s+)?(?:\*\*|__)?([^\d\s[(|<>:][^:|]{0,60}?)(?:\*\*|__)?\s*:\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const EMPHASIS = /^\s{0,3}(\*\*|__|\*|_)([^*_\s][^*_]*?)\1\s*$/;
/**
 * A label with several "key=value" pairs after it (fio's "lat (usec): min=371, max=45453, avg=1301.99",
 * "write: IOPS=3068, BW=11.0MiB/s (12.6MB/s)(4096MiB/341704msec)"): each pair a value of the label.
 */
const PAIRS_LINE = /^\s*([A-Za-z][\w /.-]{0,30}?)\s*(?:\(\s*([^()]+?)\s*\))?\s*:\s*([^=\s,]+\s*=\s*[^,]*(?:,\s*[^=\s,]+\s*=\s*[^,]*)+)$/;
// "99% in 69.60 ms", "99% <= 9562.00 nanoseconds": a percentile and its bound.
const PERCENTILE_LINE = new RegExp(String.raw`^\s*(\d{1,2}(?:\.\d+)?)\s*%+\s+(?:in|<=|≤)\s+(${NUMBER})\s*(\S+)\s*$`);
/** A plain label line ("full-reads"): words with no colon or number of a value; it names the indented lines below it. */
const PLAIN_LABEL = /^(\s*)([\p{L}_][\p{L}\d_./ -]{0,60}?)\s*$/u;
/** A label, 2+ spaces, a number and its unit, under a plain label line ("time                 99.12 ns   (98.82 ns .. 99.48 ns)"). */
const ALIGNED_PAIR = new RegExp(String.raw`^(\s*)([\p{L}][\p{L}\d ._/-]{0,40}?)\s{2,}(${NUMBER})\s*(\S.*)$`, 'u');
/** A command line at a prompt ("$ python3 -m pyperf stats outliers.json -q"): it names the block of output below it. */
const COMMAND = /^(\s*)\$\s+(\S.*?)\s*$/;
/** A command at a prompt that names its user and host ("root@mysql001-otus:/etc/mysql# sysbench ... run"). */
const HOST_PROMPT = /^(\s*)[\w.-]+@[\w.-]+:[^\s#$]*[#$]\s+(\S.*?)\s*$/;
/** A result file a command writes or reads ("-o bench.json", "stats outliers.json"): the name of its output. */
const RESULT_FILE = /(?:^|[\s=])((?:[\w.-]+\/)*([\w.-]+\.(?:json|csv|tsv|xml|txt|out|log|ya?ml)))(?=\s|$)/;
/** The name a command line gives the output below it: the result file it names, else the command. */
const commandName = (command) => RESULT_FILE.exec(command)?.[2] ?? command;
/** A verb a label line starts with ("benchmarking show/7893"): no part of the name. */
const LABEL_VERB = /^(benchmarking|running|testing)\s+/i;
/** Labels whose number is no result: a target, a date, a version, a setting of the run. */
const NOT_RESULT = /\b(target|threshold|goal|limit|slo|sla|status|date|generated|seed|version|port|pid|id)\b/i;
const CONFIG = /config|option|parameter|setting|setup|environment/i;
/** Headings of a machine's description: its memory or disks are facts of the machine, not results. */
const MACHINE = /hardware|machine|\bhost\b|system info|\bspecs?\b|platform/i;

const slug = (s) =>
  String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, 'n_');

/** The metric of a value, from its unit's dimension and the words of its label and block. */
function metricOf(unit, label, block) {
  const words = `${block} ${label}`.toLowerCase();
  const d = UNITS[unit]?.dimension;
  // A unit not stated: the words alone say whether it is a latency.
  if (unit === UNSTATED && /latenc|response|slowest|fastest|average|avg|percentile|\bp\d/.test(words)) return 'latency';
  // The time between a run's first and last request ("Total difference of all requests in seconds") is its duration.
  if (d === 'time') return /^(total|total time|duration|elapsed|run time|test time)$|^total difference\b/.test(label.toLowerCase()) ? 'duration' : /latenc|response|request|slowest|fastest|average|avg/.test(words) ? 'latency' : 'time';
  if (d === 'rate') return 'throughput';
  if (isTransferRate(unit)) return 'bandwidth';
  if (d === 'size') return /mem|heap|rss|alloc/.test(words) ? 'memory' : 'transferred';
  if (d === 'ratio' || d === 'count') {
    // An error percentage is an error rate (read/vocabulary.mjs), a count of errors is errors.
    if (/error|fail|ko\b|non-2xx/.test(words)) return d === 'ratio' ? 'error_rate' : 'errors';
    if (d === 'ratio' && /success/.test(words)) return 'success_rate';
    if (d === 'count' && /request|transactions|queries|events|responses|success|\bcount\b/.test(label.toLowerCase())) return 'requests';
    // A count that names what it counts ("Total number of run", pyperf's under "Outliers") is of that, never of its block.
    if (d === 'count' && /\bnumber of\b/i.test(label)) return slug(label.replace(/^total\s+/i, ''));
  }
  return slug(block && !statisticOf(block) && statisticOf(label) ? block : label) || 'value';
}

/** The unit a label itself names: "Requests/sec", "QPS", "Latency (ms)". */
function unitOfLabel(label) {
  const h = unitInHeader(label);
  if (h) return h.unit;
  const m = /\b(qps|tps|iops|rps|ops\/sec|requests\/second|req\/s)\b/i.exec(label);
  if (m) return canonicalUnit(m[1]) ?? 'ops/s';
  // A count per second ("Average transactions per second"): a rate, never a time in seconds.
  if (/\bper\s+(sec|second)$/i.test(label)) return 'ops/s';
  // A unit as the label's last word: "elapsed ms", "response body bytes", "response time in second".
  const last = /\s(ms|us|µs|ns|sec|secs|second|seconds|bytes)$/i.exec(label);
  return last ? canonicalUnit(last[1]) : undefined;
}

/** An aligned pair as a "Label: number unit" line, or undefined when it is none (no unit after the number). */
function alignedPair(raw) {
  const m = ALIGNED_PAIR.exec(raw);
  return m && !KV.test(raw) && unitAfter(m[4]).unit ? `${m[1]}${m[2]}: ${m[3]} ${m[4]}` : undefined;
}

/** A unit written after a number: "ms", "s", "QPS", "seconds", "%", "MB". */
function unitAfter(rest) {
  const t = rest.trim().replace(/^\*\*|\*\*$/g, '');
  if (!t) return { unit: undefined, tail: '' };
  const m = /^(%|[^\s(),;]+)\s*(.*)$/.exec(t);
  if (!m) return { unit: undefined, tail: t };
  const word = m[1].replace(/[.,;]+$/, '');
  // A bare k, M, G or T after the number ("Iterations: 29.903M") is a multiplier: a count in thousands or millions.
  const unit = canonicalUnit(word) ?? (/^(qps|tps|iops)$/i.test(word) ? 'ops/s' : /^[kKMGT]$/.test(word) ? COUNT_PREFIX[word] : undefined);
  return unit ? { unit, tail: m[2] } : { unit: undefined, tail: t, word };
}

/** A label with its statistic words taken out ("Total Requests" -> "Requests", "Average" -> ""). */
const withoutStatistic = (label) => label.replace(STATISTIC_WORDS, '').replace(SPREAD_WORDS, '').replace(/[^\p{L}\d]+/gu, ' ').trim();
/** A spread after a value and its unit ("4.34 us +- 0.31 us", "± 2 %"): its number and unit. */
const SPREAD_AFTER = new RegExp(String.raw`^(?:±|\+-|\+\/-)\s*(${NUMBER})\s*(\S*)\s*$`);
const toNumber = (s) => Number(s.replace(/,/g, ''));
/**
 * A run's setting wherever it stands (pgbench's "number of clients: 105", "scaling factor: 50"), by the
 * one vocabulary (read/vocabulary.mjs): its condition name (clients, threads, concurrency, ...; a size
 * under its own name), or undefined.
 */
const settingName = (label) => settingOf(label) ?? (sizeOf(label) ? slug(label) : undefined);

/** Whether the text holds three or more key-value lines with a unit (from the value, its label or its block). */
export function detect(text) {
  if (!/[:=]\s*\**\s*[-+]?\d/.test(text)) return false;
  try {
    return parse(text).tables.measurements.rows.length >= 3;
  } catch {
    return false;
  }
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  const rows = [];
  const notes = [];
  const read = [];
  const conditions = {};
  /** Where each setting was stated: its heading's depth (0: before any, or under a configuration heading) and section. */
  const settingAt = new Map();
  let depth = 0;
  let section = 0;
  let heading = '';
  let top = '';
  // The settings a heading states ("## duration: 30, arrivalRate: 10"): conditions of the rows under it.
  let headingSet = {};
  /** The command line whose output the lines are (pyperf's "$ python3 -m pyperf stats outliers.json"), until its block ends. */
  let command;
  let config = false;
  let machine = false;
  /** Open block labels, by indentation: [{ indent, label, unit }]. */
  let blocks = [];
  let fence = false;
  /** The command line that names each row (a value named by another command line is no repeat of one above). */
  const under = [];
  /**
   * A setting of the run: a condition of every row read after it. A section that states settings of
   * its own ("Number of threads: 512" under "MUTEX BENCHMARKS") drops those an earlier section as deep
   * stated ("block size: 1KiB" under "MEMORY BENCHMARKS"); a configuration heading's hold for the document.
   */
  const setting = (key, value) => {
    const at = config ? 0 : depth;
    for (const [k, s] of settingAt)
      if (at > 0 && s.section !== section && s.depth >= at) {
        delete conditions[k];
        settingAt.delete(k);
      }
    conditions[key] = value;
    settingAt.set(key, { depth: at, section });
  };
  const push = (m, line, from) => {
    rows.push({ ...m, conditions: { ...headingSet, ...m.conditions }, line });
    under.push(from?.text ?? '');
    read.push(line);
  };

  /**
   * The name of the open blocks that name a thing ("full-reads", "Summary"; not "Latency distribution"),
   * else the heading a bold label line right above the lines ends (`**ReadScenario 1 thread**`), else ''.
   */
  const named = () => {
    const naming = blocks.filter((x) => !namesNoThing(x.label));
    if (naming.some((x) => !x.above)) return naming.filter((x) => !x.above).map((x) => x.label).join(' / ');
    return naming.length ? heading : '';
  };
  /** The open blocks' labels, outermost first (a bold label line above is the heading's part already). */
  const blockName = () =>
    blocks
      .filter((x) => !x.above)
      .map((x) => x.label)
      .join(' / ');

  /** One "Label: number unit" pair (or a percentile line) at its line. */
  /**
   * A line of "key=value" pairs under one label: a statistic key (min, max, avg, stdev) is a value in
   * the label's unit; a key that names a unit of its own (IOPS) or a value with one (BW=11.0MiB/s) is
   * read as such; bucket bounds ("500=8.64%", "4=100.0%") are a histogram, left out and said so.
   * Whether the line was one.
   */
  const readPairs = (raw, line) => {
    const pl = PAIRS_LINE.exec(raw);
    if (!pl) return false;
    const label = pl[1].trim();
    const labelUnit = pl[2] ? canonicalUnit(pl[2]) : undefined;
    const pairs = pl[3].split(/,\s*/).map((x) => x.split('=').map((y) => y.trim()));
    if (pairs.some(([k]) => /^[<>=]*\d/.test(k))) {
      notes.push({ text: `line ${line}: "${raw.trim()}" not read: a histogram's buckets (bound=share), no result`, line });
      return true;
    }
    const block = blockName();
    for (const [key, text] of pairs) {
      const number = new RegExp(String.raw`^(${NUMBER})\s*(.*)$`).exec(text ?? '');
      if (!number) continue;
      const statistic = statisticOf(key);
      // A key names a unit only as a word of its own (IOPS), never a statistic's spelling ("min" is no minute).
      const own = statistic ? undefined : canonicalUnit(key);
      const rest = number[2].replace(/\s*\(.*$/, '').trim();
      // A bare multiplier ("max=1173.5M", "IOPS=28.8k") is no unit: "M" is never minutes; the value is left out.
      if (/^[kKMGTmunµ]$/.test(rest)) continue;
      const counted = isCount(key) && !rest;
      const unit = statistic ? (rest ? canonicalUnit(rest) : (labelUnit ?? canonicalUnit(label))) : counted ? 'count' : rest ? canonicalUnit(rest) : own;
      // A share ("per=99.99%") or a value with no unit is no result of the label.
      if (!unit || (!statistic && UNITS[unit]?.dimension === 'ratio')) continue;
      const name = statistic ? label : `${label} ${key}`;
      const metric = statistic ? metricOf(unit, `${label} latency`.replace(/^(?!.*\b(c|s)?lat\b).*$/, label), block || heading) : own ? 'throughput' : metricOf(unit, key, block || heading);
      push(measurement({ benchmark: name, section: heading, metric: counted ? 'samples' : metric, statistic: statistic ?? (counted ? 'total' : 'value'), value: toNumber(number[1]), unit, conditions: { ...conditions }, line }), line);
    }
    return true;
  };

  const readPair = (raw, line) => {
    // One request of a tool's or server's log (siege's "HTTP/1.1 200 0.03 secs: 383 bytes ==> GET /get"): no result.
    if (isRequestLogLine(raw) || command?.machine) return;
    if (readPairs(raw, line)) return;
    const pl = PERCENTILE_LINE.exec(raw);
    if (pl && canonicalUnit(pl[3]) && UNITS[canonicalUnit(pl[3])].dimension === 'time') {
      const block = blockName();
      // The percentiles of one run share its metric (a distribution of latencies, or of times).
      const metric = metricOf(canonicalUnit(pl[3]), /\bin\b/.test(raw) ? 'latency' : '', block || heading);
      push(measurement({ benchmark: named() || heading || 'latency distribution', section: heading, metric, statistic: percentileStatistic(pl[1]), value: toNumber(pl[2]), unit: canonicalUnit(pl[3]), conditions: { ...conditions }, line }), line);
      return;
    }
    const m = KV.exec(raw);
    if (!m || /^\s*\[/.test(raw) || commandConditions(raw)) return;
    const label = m[2].trim();
    const block = blockName();
    if (config || blocks.some((x) => x.config) || (settingName(label) && /^\d+$/.test(m[3]) && !m[4].trim())) {
      // A setting of the run: a condition of every row read after it.
      if (!unitAfter(m[4]).tail) setting(settingName(label) ?? slug(label), toNumber(m[3]));
      return;
    }
    // What the report sets, not what it measured (pgbench's "duration: 60 s"): a condition of the rows after it.
    const configured = isConfigured(label);
    if (configured === 'duration' && UNITS[canonicalUnit(unitAfter(m[4]).unit ?? '')]?.dimension === 'time' && !unitAfter(m[4]).tail) {
      setting('duration_s', convert(toNumber(m[3]), unitAfter(m[4]).unit, 's'));
      return;
    }
    if (machine || blocks.some((x) => MACHINE.test(x.label)) || NOT_RESULT.test(label) || /^\s*[<>≤≥~]/.test(m[4])) return;
    const after = unitAfter(m[4]);
    const blockUnit = [...blocks].reverse().find((x) => x.unit)?.unit ?? unitInHeader(heading)?.unit;
    // A count of a processor's events with no unit written (iai's "Instructions:   1735"): that count, of this run.
    const events = /^[-+]?[\d,]+$/.test(m[3]) && !after.word && !after.tail ? eventCountOf(label) : undefined;
    const counted = /^[-+]?[\d,]+$/.test(m[3]) && /request|transactions|queries|events|responses|count|successful|failed|errors|deadlocks|reconnects|read|write|other|total/i.test(label);
    const stated = events ? 'count' : (after.unit ?? unitOfLabel(label) ?? blockUnit ?? (counted && !after.word ? 'count' : undefined));
    // A label that names what it measures ("Slowest: 3.915", its unit dropped): unit not stated, never guessed.
    // (Not a command line's "host:443": a label and its number stand apart, "Slowest: 3.915".)
    const unit = stated ?? (!after.word && !after.tail && /[:=]\s/.test(raw) && !/^\s*[$>]/.test(label) && namesMeasure(label) ? UNSTATED : undefined);
    if (unit === UNSTATED) notes.push({ text: `line ${line}: "${label}: ${m[3]}": no unit stated; read with unit "not stated" (a recipe can state it)`, line });
    if (!unit) {
      if (!after.word && statisticOf(label) && !after.tail) notes.push({ text: `line ${line}: "${label}: ${m[3]}" not read: it states no unit (nor does its label or block)`, line });
      if (!after.word || /^\d/.test(after.tail)) return; // a date, a ratio "a/b": not a value with a unit
      notes.push({ text: `line ${line}: "${label}: ${m[3]} ${after.word}" not read: "${after.word}" is not a unit this atlas knows`, line });
      return;
    }
    const statistic = events ? 'value' : (statisticOf(label) ?? (unit === 'count' ? 'total' : 'value'));
    // A qualifier in brackets after the value ("tps = 243.4 (including connections establishing)") tells
    // two values of one label apart: it stays with the name, so neither is taken for a repeat of the other.
    const qualifier = /^\(\s*([\p{L}][^()]*?)\s*\)\s*$/u.exec(after.tail)?.[1];
    // A label of what is measured only ("mean rate", "Requests/sec", a count of events such as "Instructions")
    // takes the name of the label line above it.
    // Under a label line over aligned pairs ("benchmarking show/7893"), every value is that block's.
    const over = blocks.find((x) => x.aligned)?.label;
    const measured = events ?? metricOf(unit, label, block || heading);
    // A sum under a latency block (sysbench 1.0's "sum:" under "Latency (ms):"): every latency of the run
    // added up, a total of time named by its block, never a latency beside the block's statistics.
    const sum = measured === 'latency' && namesSum(label);
    // A raw value's statistic (pyperf's "Raw value minimum"): the run's, a time of all its loops.
    const rawValue = measured === 'time' && namesRawValue(label);
    const byCommand = !over && !((events || namesNoThing(label)) && named()) && (rawValue || !withoutStatistic(label)) && !block && command;
    const name = `${over ?? ((events || namesNoThing(label)) && named() ? named() : withoutStatistic(label) && !sum && !rawValue ? label : block || command?.name || heading || label)}${qualifier && !over && !/per\s*s/i.test(qualifier) ? ` (${qualifier})` : ''}`;
    const metric = sum ? 'latency_sum' : rawValue ? 'raw_time' : measured;
    // A run's parameter printed among results ("timeout: 1 s", "min_duration: 0 ms") or failed requests'
    // figure ("KO"): kept and marked (roleOf), never ranked as a result. A "Total" line stays a result here;
    // a sum of latencies is marked an aggregate.
    const role = sum ? { role: 'aggregate' } : ['setting', 'invalid'].includes(roleOf(label)) ? { role: roleOf(label) } : {};
    // "Mean +- std dev: 4.34 us +- 0.31 us" (pyperf): the spread after the value, of the kind the label names.
    const sp = SPREAD_AFTER.exec(after.tail);
    const spreadUnit = sp && (sp[2] ? canonicalUnit(sp[2]) : unit);
    const spread = spreadUnit && UNITS[spreadUnit]?.dimension === UNITS[unit]?.dimension ? { spread: convert(toNumber(sp[1]), spreadUnit, unit), spread_kind: spreadKindOf(label) ?? 'error' } : {};
    push(measurement({ benchmark: (qualifier ? name : name.replace(/\s*[([][^)\]]*[)\]]\s*$/, '')) || label, section: heading, metric, statistic, value: toNumber(m[3]), unit, ...spread, conditions: { ...conditions, ...role }, line }), line, byCommand ? command : undefined);
    // A compound cell: "2513673 (8323.37 per sec.)" also states a rate.
    const per = new RegExp(String.raw`^\(\s*(${NUMBER})\s*per\s*(sec|second|s)\.?\s*\)`).exec(after.tail);
    if (per) push(measurement({ benchmark: label, section: heading, metric: /error|deadlock|reconnect|fail/i.test(label) ? 'errors' : 'throughput', statistic: 'mean', value: toNumber(per[1]), unit: 'ops/s', conditions: { ...conditions }, line }), line);
  };

  // JSON ("p99": 82,) is no key-value summary: its lines are left to a JSON reader.
  const json = jsonBlocks(lines);
  lines.forEach((raw, k) => {
    const line = k + 1;
    if (json.some((b) => line >= b.from && line <= b.to)) return;
    if (/^\s{0,3}(`{3,}|~{3,})/.test(raw)) {
      fence = !fence;
      if (!fence) command = undefined;
      return;
    }
    if (!raw.trim()) {
      blocks = [];
      // What a machine-state command prints ends at its first blank line.
      if (command?.machine) command = undefined;
      return;
    }
    // A command line names the output below it: to the end of its fence, or of the indented block it stands in.
    if (command && !fence && command.indent > 0 && /^\s*/.exec(raw)[0].length < command.indent) command = undefined;
    const c = COMMAND.exec(raw) ?? HOST_PROMPT.exec(raw);
    if (c) {
      // The output of a command that prints the machine's or a service's state (`systemctl status`) is no result.
      command = { text: c[2], name: commandName(c[2]), indent: c[1].length, machine: statesMachine(c[2]) };
      blocks = [];
      return;
    }
    // A heading: "## CPU", or a line underlined with "---" or "===" that stands alone (not a "Label: 12" line).
    const h = !fence && (HEADING.exec(raw) ?? (!KV.test(raw) && underlinedTitle(lines, k)));
    if (h) {
      depth = Array.isArray(h) ? h[1].length : h.depth;
      section += 1;
      // A heading of the output only ("## Example output") is the output of the heading before it.
      const text = (Array.isArray(h) ? h[2] : h.text).replace(/[*_`]/g, '').trim();
      if (!namesOutputOnly(text) || !top) top = text;
      command = undefined;
      heading = top;
      headingSet = headingConditions(top).conditions;
      config = CONFIG.test(heading);
      machine = MACHINE.test(heading);
      blocks = [];
      return;
    }
    // A line that is only bold or italic text ("**create**", "*leveldb*") heads the lines below it, within its heading.
    // Its heading markup ("**## Reads 2 cores**") is no part of the name; its settings ("2 cores") are conditions.
    const e = !fence && EMPHASIS.exec(raw);
    if (e) {
      const { conditions: set, rest } = headingConditions(e[2].replace(/^#{1,6}\s+/, '').trim());
      const label = rest || e[2].replace(/^#{1,6}\s+/, '').trim();
      heading = top ? `${top} / ${label}` : label;
      headingSet = { ...headingConditions(top).conditions, ...set };
      // It names the lines right below it (up to a blank line), as a block label does.
      blocks = [{ indent: -1, label, above: true, child: 0 }];
      return;
    }
    // A block label holds the lines after it at its children's indentation (the first line's) or deeper.
    const indent = /^\s*/.exec(raw)[0].length;
    blocks = blocks.filter((x) => (x.child === undefined ? x.indent <= indent : x.child <= indent));
    const open = blocks.at(-1);
    if (open && open.child === undefined) open.child = indent;
    // A plain label line over indented key-value lines ("full-reads" over "mean rate = ...") opens a block as "Label:" does.
    // (Its words are single-spaced: "Reqs/sec    264560.00   10733.06" is a table's row, no label.)
    const p = !/\S\s{2,}\S/.test(raw) && PLAIN_LABEL.exec(raw);
    const below = lines[k + 1] ?? '';
    // Its lines' keys may be aligned right ("count =" deeper than "15-minute rate ="): every deeper line is its.
    const plain = !BLOCK.test(raw) && p && /^\s*/.exec(below)[0].length > indent && (KV.test(below) || PERCENTILE_LINE.test(below));
    // A plain label line over aligned pairs ("benchmarking show/7893" over "time   99.12 ns ...") names them, up to a blank line.
    const aligned = !BLOCK.test(raw) && !plain && p && !alignedPair(raw) && alignedPair(below);
    const b = BLOCK.exec(raw) ?? (plain || aligned ? p : null);
    if (b) {
      const label = b[2].trim().replace(plain || aligned ? LABEL_VERB : /^$/, '');
      blocks = blocks.filter((x) => x.indent < indent || x === open);
      blocks.push({ indent, label, unit: unitInHeader(label)?.unit, config: CONFIG.test(label), child: plain ? indent + 1 : aligned ? 0 : undefined, aligned });
      return;
    }
    const pair = blocks.some((x) => x.aligned) && alignedPair(raw);
    if (pair) {
      readPair(pair, line);
      return;
    }
    // "elapsed ms: 48,141 | ops/sec: 175,419 | response body bytes: 80": several pairs on one line.
    const segments = !/^\s*\|/.test(raw) && /\S\s+\|\s+\S/.test(raw) ? raw.split(/\s+\|\s+/) : [raw];
    for (const seg of segments) readPair(seg, line);
  });
  if (!rows.length) throw new InputError(0, '"Label: number unit" lines (a key-value summary)', 'none with a unit');
  // One value stated again under another command line (the mean pyperf's timeit printed, then
  // `pyperf stats` of the file it wrote): one fact, read where it is stated last, the first noted.
  const fact = (m) => JSON.stringify([m.benchmark, m.section, m.metric, m.statistic, m.unit, m.conditions, m.value]);
  const last = new Map(rows.map((m, i) => [fact(m), i]));
  const restated = rows.map((m, i) => {
    const j = last.get(fact(m));
    return j !== i && under[i] && under[j] && under[j] !== under[i] ? j : undefined;
  });
  for (const [i, j] of restated.entries())
    if (j !== undefined) notes.push({ text: `line ${rows[i].line}: "${rows[i].benchmark}" ${rows[i].statistic} ${rows[i].value} ${rows[i].unit} is stated again at line ${rows[j].line}, where it is read`, line: rows[i].line });
  const kept = rows.filter((_, i) => restated[i] === undefined);
  const keptLines = new Set(kept.map((m) => m.line));
  const dropped = new Set(rows.filter((_, i) => restated[i] !== undefined && !keptLines.has(rows[i].line)).map((m) => m.line));
  rows.splice(0, rows.length, ...kept);
  read.splice(0, read.length, ...read.filter((l) => !dropped.has(l)));
  // The same measurement again in one section (pgbench run four times under one heading, each block
  // below its command line): every run is kept, numbered in order, never dropped as a repeat.
  const keys = rows.map((m) => JSON.stringify([m.benchmark, m.section, m.metric, m.statistic, m.unit, m.conditions]));
  repeatNumbers(keys).forEach((run, i) => {
    if (run !== undefined) rows[i] = { ...rows[i], conditions: { ...rows[i].conditions, ...run } };
  });
  const spans = [];
  for (const l of [...new Set(read)].sort((a, b) => a - b)) {
    const last = spans.at(-1);
    if (last && l <= last[1] + 1) last[1] = l;
    else spans.push([l, l]);
  }
  return measurementResult(rows, { tableTitle: 'Key-value summary', notes, spans });
}
