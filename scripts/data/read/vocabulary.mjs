// One vocabulary of words (issue 39): the words that map a header, a key or a label to a setting of
// the run (a condition), a statistic, a count, an error rate or a row's role. Every generic reader
// (table, delimited, key-value, JSON walk), the headings reader (parsers/shared/structure.mjs) and
// the recipe language take their words from here, so one column name means one thing in every
// report: a virtual-users column is `concurrency` whether it is written "VUs", "users",
// "virtual_users" or "concurrent users"; "peak" is a maximum wherever it stands; "p999" is the 99.9th
// percentile; "best" is the report's better direction (a best rate is a maximum, a best time a
// minimum), never a minimum by default; "samples" and "count" are results (counts), never settings.
//
// Exports:
//   SETTINGS                          condition name -> the spellings of it, as words
//   settingOf(label) -> name | undefined          "Number of clients" -> "clients", "VUs" -> "concurrency"
//   SETTING_WORD                      a setting's word inside a longer header ("server thread number")
//   CPU_TIMES, cpuTimeOf(label)       "user" -> user_time, "sys" -> system_time: CPU times, never settings
//   SIZES                             size-like settings (size, payload, batch, ...) -> spellings
//   sizeOf(label) -> name | undefined
//   statisticOf(label, better?) -> statistic | undefined   "p999" -> "p99.9", "peak" -> "max",
//                                     "best" -> max or min by `better` ('higher' | 'lower'), else undefined
//   STATISTIC_WORDS                   a regex of the statistic words, to take them out of a label
//   SPREAD_WORDS                      a regex of the words of a spread a label names beside its statistic
//   spreadKindOf(label) -> kind | undefined   "Mean +- std dev" -> stdev, "Median +- MAD" -> mad (model.mjs SPREADS)
//   isCount(label) -> boolean         samples, count, "# Samples", iterations, runs: a count result
//   eventCountOf(label) -> metric | undefined   "Instructions", "Estimated Cycles", "L1 Accesses": a
//                                     count of a processor's events in one run (unit count, statistic value)
//   isErrorRateBeside(label, unit, besideUnit) -> boolean   isErrorRate, or a bare "Error" of percentages beside req/s
//   isErrorRate(label) -> boolean     "Error %", "error rate", "fail ratio": an error rate (nanobench's
//                                     "err%" is a spread: spreadKindOf -> mdape)
//   isAggregateRow(label) -> boolean  Total, Totals, Aggregated, Overall, All, Sum, "All Requests", geomean
//   namesSum(label) -> boolean        "sum" (sysbench's under "Latency (ms):"), "latency sum": the block's
//                                     values added up; under a latency block, metric latency_sum
//   statesMachine(command) -> boolean `systemctl status ...`, `free -h`, `df -h`, `lscpu`: its output is the
//                                     machine's or a service's state, no result
//   isRequestLogLine(line) -> boolean one request of a tool's or server's log (siege's "HTTP/1.1 200 0.03
//                                     secs: 383 bytes ==> GET /get", an access log, morgan, gin): no result
//   namesNoThing(label) -> boolean   a label of what is measured only ("mean rate", "Requests/sec",
//                                     "Latency distribution", "count"): it names no benchmark, so
//                                     its value takes the name of the block or heading it stands in
//   namesRawValue(label) -> boolean   "Raw value minimum" (pyperf stats): the time of all of a value's loops,
//                                     the run's (metric raw_time), never a benchmark of its own
//   namesOutputOnly(heading) -> boolean   "Example output", "Results", "Sample output": a heading of the
//                                     output below it only, which belongs to the heading before it
//   isConfigured(label) -> name | undefined   what the report sets, not what it measured: a run's
//                                     duration, a target rate, an arrival rate, a ramp-up, a warm-up
//   namesMeasure(label) -> boolean    "Avg time", "Latency", "max", "p99": a label that names what its
//                                     numbers measure, so a number under it with no unit goes in with
//                                     unit "not stated" (units.mjs UNSTATED); "Total", "Errors", "Code" do not
//   METRIC_WORDS, FOREIGN_METRIC_WORDS   metric words of a header, with the unit dimensions each fits
//   metricWordOf(label, dimension?) -> metric | undefined   the metric a label's words name ("Best Rate",
//                                     "latency_ms", "peak_memory"), checked against the unit's dimension
//   metricOf(name, unit, label?) -> { metric, statistic, named }   a column's metric and statistic, as
//                                     the table, delimited and draft-recipe readers all read it
//   snakeOf(label)                    a label as a snake_case name ("Hash Rate" -> hash_rate)
//   namesStatisticOnly(label) -> boolean   "Min", "Max", "Average": a statistic and no measure, so a
//                                     column of it is the extreme of the mean it follows (JMeter's summary)
//   namesCodes(label) -> boolean      "Code", "Status": whole numbers that name rows (HTTP codes), no result
//   ROLES                             the marks a row may carry (conditions.role): aggregate, setting, invalid
//   roleOf(label) -> role | undefined a row's mark by its label: a total is an `aggregate`; a run's
//                                     parameter (min_duration, max_time, timeout, duration, target
//                                     rate) a `setting`; failed requests' figures (Gatling's ".ko",
//                                     "KO", "invalid", "errored") `invalid`. Claims never rank the
//                                     last two (scripts/charts/claims.mjs); charts and tables show
//                                     them, labelled.
import { betterOf, percentileStatistic } from '../measure/model.mjs';
import { canonicalUnit, unitInHeader, UNITS, UNSTATED } from '../measure/units.mjs';

/** A label as plain lower-case words: "virtual_users" -> "virtual users", "numThreads" -> "num threads". */
export const wordsOf = (label) =>
  String(label ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Settings of a run and their spellings (whole labels, as words). Connections stay their own
 * setting: wrk and the atlas's figures name them so, and a generic table of "Conns" joins them.
 */
export const SETTINGS = {
  concurrency: [
    'concurrency', 'concurrent', 'concurrent requests', 'concurrent users', 'concurrent connections', 'concurrency level',
    'users', 'vus', 'vu', 'virtual users', 'virtual user', 'number of users', 'num users', 'max users',
  ],
  connections: ['connections', 'connection', 'conns', 'conn', 'c', 'number of connections', 'num connections'],
  threads: ['threads', 'thread', 't', 'thread count', 'threadcount', 'num threads', 'nthreads', 'number of threads', 'thds'],
  clients: ['clients', 'client count', 'num clients', 'number of clients'],
  workers: ['workers', 'worker', 'number of workers'],
  processes: ['processes', 'procs', 'process'],
  cores: ['cores', 'core', 'cpus', 'vcpus', 'cpu cores'],
};
const SETTING_KEY = new Map(Object.entries(SETTINGS).flatMap(([name, spellings]) => spellings.map((s) => [s, name])));

/** The setting a whole label names ("Number of clients", "VUs", "conns"), or undefined. */
export function settingOf(label) {
  const w = wordsOf(label).replace(/^(the )?(number|no|#) of /, 'number of ');
  return SETTING_KEY.get(w) ?? SETTING_KEY.get(w.replace(/^number of /, ''));
}

/** A setting's word inside a longer header ("server thread number", "client threads"): its condition name. */
export const SETTING_WORD = [
  [/\bthreads?\b/i, 'threads'],
  [/\bconnections?\b/i, 'connections'],
  [/\b(concurren\w*|vus|virtual users?)\b/i, 'concurrency'],
  [/\bclients?\b/i, 'clients'],
  [/\bworkers?\b/i, 'workers'],
  [/\bcores\b/i, 'cores'],
];

/**
 * CPU times a run reports beside its wall time (hyperfine's CSV, `time`, `/usr/bin/time`): "user" is
 * the user CPU time, never a number of users; "system" the kernel's. Metric -> spellings, as words.
 */
export const CPU_TIMES = {
  user_time: ['user', 'usr', 'user time', 'user cpu', 'user cpu time', 'cpu user'],
  system_time: ['system', 'sys', 'system time', 'sys time', 'system cpu', 'system cpu time', 'cpu system', 'kernel time'],
};
const CPU_TIME_KEY = new Map(Object.entries(CPU_TIMES).flatMap(([metric, spellings]) => spellings.map((s) => [s, metric])));
/** The CPU-time metric a whole label names ("user", "sys time"): user_time or system_time, or undefined. */
export const cpuTimeOf = (label) => CPU_TIME_KEY.get(wordsOf(label).replace(/\s*\(.*\)$/, ''));

/** Size-like settings of a run (an input's size, a payload, a pipeline depth): conditions, under their own name. */
export const SIZES = {
  size: ['size', 'n', 'input size', 'array size', 'elements', 'items', 'rows', 'records', 'length', 'batch size', 'batch'],
  payload: ['payload', 'payload size', 'message size', 'body size'],
  pipeline: ['pipeline', 'pipelining', 'depth', 'queue depth', 'iodepth'],
  keys: ['keys', 'key count'],
  scale: ['scaling factor', 'scale factor', 'scale'],
};
const SIZE_KEY = new Map(Object.entries(SIZES).flatMap(([name, spellings]) => spellings.map((s) => [s, name])));
/** The size-like setting a whole label names, or undefined. */
export const sizeOf = (label) => SIZE_KEY.get(wordsOf(label));

/** Statistic words, in the order they are tried. `best`/`worst` are the report's better direction. */
const STATISTICS = [
  // The extreme of means over windows (tsung's "highest 10sec mean", "lowest 10sec mean"): a max or a min, no mean.
  [/\bhighest \d+ ?(s|sec|secs|seconds?|min|minutes?) mean\b/, 'max'],
  [/\blowest \d+ ?(s|sec|secs|seconds?|min|minutes?) mean\b/, 'min'],
  [/\b(geomean|geometric mean|geo mean)\b/, 'geomean'],
  [/\b(mean|avg|average|arithmetic mean)\b/, 'mean'],
  [/\b(median|med)\b/, 'median'],
  [/\b(min|minimum|fastest|lowest)\b/, 'min'],
  [/\b(max|maximum|slowest|highest|peak)\b/, 'max'],
  [/\b(std dev|std\.? ?dev|stddev|stdev|std|sd|standard deviation|σ)\b/, 'stdev'],
  [/\b(best)\b/, 'best'],
  [/\b(worst)\b/, 'worst'],
  [/\b(total|sum|number of)\b/, 'total'],
];
/** The statistic words as one pattern, to take them out of a label ("Total Requests" -> "Requests"). */
export const STATISTIC_WORDS =
  /\b(geomean|geometric mean|avg|average|mean|median|min|minimum|fastest|lowest|max|maximum|slowest|highest|peak|best|worst|stddev|stdev|std dev|standard deviation|total|count|number of|approx\.?|p\s?\d{1,3}(\.\d+)?|\d{1,2}(\.\d+)?(th|st|nd|rd)?\s*%?\s*percentile)\b/gi;

/** Words of a spread a label names beside its statistic ("Mean +- std dev", "Median +- MAD", "± IQR"). */
export const SPREAD_WORDS = /\b(std\.? ?dev|stdev|stddev|standard deviation|mad|median absolute deviation|iqr|interquartile range)\b/gi;
const SPREAD_KINDS = [
  [/\b(std\.? ?dev|stdev|stddev|standard deviation)\b/i, 'stdev'],
  [/\b(mad|median absolute deviation)\b/i, 'mad'],
  [/\b(iqr|interquartile range)\b/i, 'iqr'],
  // nanobench's "err%": the median absolute percentage error of the measurement, a relative spread.
  [/^\s*(err\s*%|mdape|median absolute percentage error)\s*$/i, 'mdape'],
];
/** The kind of spread a label names beside its statistic ("Mean +- std dev": stdev; "Median +- MAD": mad), or undefined. */
export const spreadKindOf = (label) => SPREAD_KINDS.find(([re]) => re.test(String(label ?? '')))?.[1];

/** A percentile a label names: p99, P99.9, p999, p99_9, 99th, "99.9th percentile", "99%", "90% Line". */
function percentileIn(label) {
  const t = String(label ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/\bp(\d{2})[_,](\d+)\b/, 'p$1.$2');
  const p = /(?:^|[^a-z\d])p\s?(\d{1,2}(?:\.\d+)?|100|9{3,})(?![\d.])/.exec(t);
  if (p) return /^9{3,}$/.test(p[1]) ? percentileStatistic(`99.${p[1].slice(2)}`) : percentileStatistic(p[1]);
  const m =
    /(?:^|[^\d.])(\d{1,2}(?:\.\d+)?)(?:th|st|nd|rd)\b/.exec(t) ??
    /(?:^|[^\d.])(\d{1,2}(?:\.\d+)?)%(?!\w)/.exec(t) ??
    /\b(\d{1,2}(?:\.\d+)?)\s*percentile\b|\bpercentile\s*(\d{1,2}(?:\.\d+)?)\b/.exec(t);
  return m ? percentileStatistic(m[1] ?? m[2]) : undefined;
}

/** A column relative to a reference row (BenchmarkDotNet's Ratio): "vs fastest", "relative to the baseline", "× slowest". */
const RELATIVE_TO = /\b(vs|versus|relative to|compared (to|with)|ratio to|than|times|x)( the)? (fastest|slowest|best|worst|baseline|lowest|highest|min|max)\b/g;

/**
 * The statistic a label names, or undefined. "best" and "worst" follow the report's better
 * direction (`better`: 'higher' for a rate, 'lower' for a time); with none known they are left
 * unread (undefined), never a minimum by default.
 * @param {string} label
 * @param {'higher'|'lower'|''} [better]
 */
export function statisticOf(label, better = '') {
  const p = percentileIn(label);
  if (p) return p;
  // "vs fastest", "relative to baseline": a ratio to a reference row; its word names the reference, not a statistic.
  const w = ` ${wordsOf(label).replace(RELATIVE_TO, ' ')} `;
  for (const [re, statistic] of STATISTICS) {
    if (!re.test(w)) continue;
    if (statistic === 'best') return better === 'higher' ? 'max' : better === 'lower' ? 'min' : undefined;
    if (statistic === 'worst') return better === 'higher' ? 'min' : better === 'lower' ? 'max' : undefined;
    return statistic;
  }
  return undefined;
}

/** A column or key of counts (samples, "# Samples", count, iterations, runs, n, "Total Reqs"): a count result, never a setting or an axis. */
export const isCount = (label) =>
  /^(#|# ?samples|samples|sample count|count|n|runs|iterations|iters|loops|cnt|number of samples|executions|ops|operations|requests|reqs|# ?reqs|# ?requests|request count|events)$/.test(
    wordsOf(label)
      .replace(/\s*\(.*\)$/, '')
      .replace(/^total (?=\S)/, ''),
  );

/** A processor's or cache's events, as profilers count them: instructions, cycles, L1 accesses, cache misses. */
// "Accesses" or "misses" alone name no event ("References: 12" is a document's): they take a cache or unit before them.
const EVENT_COUNT =
  /^(?:estimated |total )?(instructions(?: retired)?|cycles|(?:l\d|ll|llc|d1|i1|ram|cache|branch|page|tlb) (?:accesses|misses|references|loads|stores|faults))$/;

/**
 * The metric a label of counted events names ("Instructions" -> instructions, "Estimated Cycles" ->
 * cycles, "L1 Accesses" -> l1_accesses), or undefined: a count of one run (its unit count, never a
 * total of the rows), written with no unit (iai, Cachegrind, perf stat).
 */
export const eventCountOf = (label) => EVENT_COUNT.exec(wordsOf(label))?.[1].replace(/\s+/g, '_');

/**
 * A column or key of an error rate ("Error %", "errors %", "error rate", "errors (%)", "fail ratio"): never a
 * spread. nanobench's "err%" is none: the relative spread of the measurement beside it (spreadKindOf).
 */
export const isErrorRate = (label) => {
  const w = String(label ?? '').toLowerCase();
  if (spreadKindOf(w)) return false;
  return /\b(err(or)?s?|fail(ure)?s?|failed|ko)\b\s*(\(?\s*%\s*\)?|rate|ratio|percent(age)?|pct)/.test(w) || /%\s*(err(or)?s?|fail(ure)?s?|failed)\b/.test(w);
};

/**
 * A column of an error rate by its header and what it stands beside: one isErrorRate names, or a bare
 * "Error" of percentages beside a rate of requests (a load test's "| RPS | Error |" with "0%"): never the
 * spread of that rate, which a table states in the rate's unit or with "±".
 * @param {string} label
 * @param {string | undefined} unit the column's unit ("%")
 * @param {string | undefined} besideUnit the unit of the column before it ("req/s")
 */
export const isErrorRateBeside = (label, unit, besideUnit) =>
  isErrorRate(label) || (/^errors?$/.test(wordsOf(label)) && UNITS[unit]?.dimension === 'ratio' && besideUnit === 'req/s');

/**
 * A row that sums or aggregates the others (Total, Totals, Aggregated, Overall, All, Sum, "All Requests",
 * "Global Information"), or their geometric mean (benchstat's "geomean").
 */
export const isAggregateRow = (label) =>
  /^(totals?|aggregated?|aggregates?|overall|all|sum|summary|all requests|global information|grand total|\[overall\]|geomean|geometric mean)$/.test(
    wordsOf(label).replace(/[*`]/g, '').trim(),
  );

/**
 * A label that names the sum of the values of its block ("sum" under sysbench 1.0's "Latency (ms):",
 * "latency sum", "sum of latencies"): under a latency block, every latency of the run added up, a
 * total of time (metric `latency_sum`), never a latency statistic nor ranked with one.
 */
export const namesSum = (label) => /^(sum|latency sum|sum of latencies|total of latencies)$/.test(wordsOf(label));

/**
 * Whether a command prints the state of the machine or of a service (`systemctl status mysql.service`,
 * `free -h`, `df -h`, `uptime`, `lscpu`): its output holds facts of the machine, never a result.
 */
export const statesMachine = (command) =>
  /^(sudo\s+)?(systemctl\s+status|service\s+\S+\s+status|free|df|du|uptime|uname|lscpu|lsblk|nproc|hostnamectl|top|htop|ps|cat\s+\/proc\/\w+)(\s|$)/.test(String(command ?? '').trim());

/**
 * A line of a tool's or server's request log, one request each (never a result): siege's
 * "HTTP/1.1 200     0.03 secs:     383 bytes ==> GET  /get", an access log's '"GET /x HTTP/1.1" 200 512',
 * Express's morgan "GET / 200 0.235 ms - 12", gin's "[GIN] 2024/04/14 - 14:52:43 | 200 | 45.458µs | ... | GET /x".
 */
const METHOD = String.raw`(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)`;
const REQUEST_LOG_LINES = [
  new RegExp(String.raw`^\s*HTTP\/\d(?:\.\d)?\s+[1-5]\d\d\b.*==>\s*${METHOD}\s`),
  new RegExp(String.raw`"${METHOD}\s+\S+\s+HTTP\/\d(?:\.\d)?"\s+[1-5]\d\d\b`),
  new RegExp(String.raw`^\s*${METHOD}\s+\/\S*\s+[1-5]\d\d\s+[\d.]+\s*ms\b`),
  new RegExp(String.raw`^\s*\[GIN\][^|]*\|\s*[1-5]\d\d\s*\|`),
];
/** Whether a line is one request of a request log (REQUEST_LOG_LINES). */
export const isRequestLogLine = (line) => REQUEST_LOG_LINES.some((re) => re.test(String(line ?? '')));

/**
 * Words of a measure whose unit a report may leave out (a time, a rate, a size, memory), English and
 * a few common others: one list, two uses. A label with one names what its numbers measure
 * (namesMeasure); a label of these words only, with statistics and units, names no benchmark (namesNoThing).
 */
const MEASURES = ['latency', 'latencies', 'response time', 'rtt', 'time', 'times', 'duration', 'elapsed', 'runtime', 'throughput', 'rate', 'rates', 'speed', 'bandwidth', 'memory', 'rss', 'heap'];
const FOREIGN_MEASURES = ['延迟', '响应时间', '时间', '耗时', '時間', '吞吐', 'latenz', 'latencia', 'durchsatz', 'zeit', 'tiempo', 'temps', 'время', 'задержка'];
const MEASURE_WORDS = new RegExp(`\\b(${MEASURES.join('|')})\\b|${FOREIGN_MEASURES.join('|')}`, 'i');

/** What else a label of what is measured holds: words of a summary, and a rate's or time's unit. */
const MEASURED_ONLY_WORDS = new RegExp(
  `\\b(statistics|stats|general|distribution|histogram|${MEASURES.join('|')}|requests?\\s*\\/\\s*s(ec(ond)?)?|req\\s*\\/\\s*s|ops\\s*\\/\\s*s(ec)?|calls\\s*\\/\\s*s(ec(ond)?)?|qps|tps|rps|iops|ms|us|µs|ns|s|sec|seconds)\\b|${FOREIGN_MEASURES.join('|')}`,
  'gi',
);

/**
 * A label that says only what is measured, with which statistic ("mean rate", "Requests/sec",
 * "Latency distribution", "Average", "count"): it names no benchmark; its value belongs to the block
 * or heading it stands in (the label line above it).
 */
export const namesNoThing = (label) =>
  !String(label ?? '')
    .replace(STATISTIC_WORDS, ' ')
    .replace(SPREAD_WORDS, ' ')
    .replace(MEASURED_ONLY_WORDS, ' ')
    .replace(/[^\p{L}\d]+/gu, '')
    .trim();

/**
 * A label of a raw value ("Raw value minimum: 135 ms", pyperf stats): the time of all of one value's
 * loops, never a time per loop; its statistic's, of the run the block names (metric raw_time).
 */
export const namesRawValue = (label) => /^raw values?\b/.test(wordsOf(label));
/** A label of a statistic only ("Min", "Max", "Median", "Average"): it names no measure of its own. */
export const namesStatisticOnly = (label) => !String(label ?? '').replace(STATISTIC_WORDS, ' ').replace(/[^\p{L}\d]+/gu, '');

/** A header of codes that name rows ("Code", "Status": Tsung's HTTP return codes 200, 502), never a measure. */
export const namesCodes = (label) => /^(code|codes|status|status code|http code|http status|return code)$/i.test(String(label ?? '').trim());

/** A heading that names only the output below it ("## Example output", "Results"): it names no run of its own. */
export const namesOutputOnly = (heading) => /^((example|sample|typical|console)\s+)?(output|results?)$/i.test(String(heading ?? '').trim().replace(/:$/, ''));

/**
 * What the report sets rather than measures, by a label's words: a run's configured duration
 * ("duration", "test duration", "run time limit"), a target or arrival rate, a ramp-up or warm-up.
 * The condition's name, or undefined. "total time" or "elapsed" is measured and is none of these.
 */
export function isConfigured(label) {
  const w = wordsOf(label);
  if (/^(duration|test duration|run duration|configured duration|run time limit|time limit|test time)$/.test(w)) return 'duration';
  if (/^(target|target rate|target throughput|rate|arrival rate|arrivalrate|requested rate)$/.test(w.replace(/\s+/g, ' '))) return w.includes('arrival') ? 'arrival_rate' : 'target_rate';
  if (/^(ramp ?up|ramp up time|rampup|warm ?up|warmup|warmup time)$/.test(w)) return w.startsWith('ramp') ? 'ramp_up' : 'warmup';
  return undefined;
}

/** The marks a row may carry in `conditions.role` (recipe items take the last two as `role:`). */
export const ROLES = ['aggregate', 'setting', 'invalid'];

/** A parameter of the run, named as a harness names its options: min_duration, max_time, min_rounds, timeout. */
const PARAMETER =
  /^(min|max|minimum|maximum) (duration|time|rounds|iterations|iters|runs|samples|warmup|warmup time)$|^(request |connect |read |write |idle )?time ?outs?$|^(think time|pacing|time limit|iterations limit|rate limit)$|^(total )?number of (calibration )?(runs?|values?|warmups?|loops?)( with values| per (run|value))?$|^loop iterations per value$/;
/** Figures of failed requests, or a value the report calls invalid: Gatling's "ko" and "KO", "invalid", "errored". */
const INVALID = /(^|[\s.:_/-])(ko|invalid|errored|not valid)$/;

/**
 * The mark a row's label gives it: `aggregate` (Total, Totals, All Requests), `setting` (what the
 * report configures: a duration, a target rate, a harness parameter such as min_duration or
 * timeout), `invalid` (failed requests' figures, Gatling's "meanNumberOfRequestsPerSecond.ko"), or
 * undefined for a result.
 * @returns {'aggregate'|'setting'|'invalid'|undefined}
 */
export function roleOf(label) {
  if (isAggregateRow(label)) return 'aggregate';
  const raw = String(label ?? '').trim();
  // The last part of a dotted or "a: b" label names the figure ("Global Information: minResponseTime.ko").
  if (INVALID.test(raw.toLowerCase()) || INVALID.test(wordsOf(raw))) return 'invalid';
  const last = wordsOf(raw.split(/:\s+/).at(-1));
  // A bare "rate" row is a measured rate as often as a target: only its fuller names are settings here.
  if ((last !== 'rate' && isConfigured(last)) || PARAMETER.test(last)) return 'setting';
  return undefined;
}

/** Statistic words of headings in other languages, matched as substrings (平均响应时间, Durchschnitt, promedio). */
export const FOREIGN_STATISTICS = [
  [['平均', 'durchschnitt', 'mittelwert', 'promedio', 'moyenne', 'среднее', 'средняя', 'среднее значение'], 'mean'],
  [['中位数', '中央値', 'médiane', 'mediana', 'медиана'], 'median'],
  [['最小', 'minimum', 'mínimo', 'минимальн', 'мин.'], 'min'],
  [['最大', 'maximum', 'máximo', 'максимальн', 'макс.'], 'max'],
];
/** The statistic a heading in another language names, or undefined. */
export const foreignStatisticOf = (label) => {
  const lower = String(label ?? '').toLowerCase();
  return FOREIGN_STATISTICS.find(([words]) => words.some((w) => lower.includes(w)))?.[1];
};

/**
 * Whether a label names what its numbers measure: a measure word ("Avg time", "Latency") or a
 * statistic other than a total ("max", "p99", "median"). A number under such a label and no unit goes
 * in with unit "not stated"; under any other ("Total", "Errors", "Code", "EC2") it is left out.
 */
export const namesMeasure = (label) => {
  const w = String(label ?? '');
  if (isErrorRate(w) || isCount(w)) return false;
  if (cpuTimeOf(w)) return true;
  const statistic = statisticOf(w);
  return MEASURE_WORDS.test(w.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ')) || (statistic !== undefined && statistic !== 'total') || foreignStatisticOf(w) !== undefined;
};

/** Metric words of a header, with the unit dimensions the metric can have (tried in order). */
export const METRIC_WORDS = [
  [/\b(latency|latencies|response time|rtt|round trip)\b/i, 'latency', ['time']],
  [/\b(throughput|requests\/s(ec)?|req\/s(ec)?|rps|qps|tps|ops\/s(ec)?|rate|speed)\b/i, 'throughput', ['rate']],
  // "Best Rate MB/s" (STREAM), "Throughput (MB/s)": a rate of bytes or bits is a bandwidth
  [/\b(bandwidth|transfer( rate)?|rate|throughput)\b/i, 'bandwidth', ['bandwidth', 'bit-rate']],
  [/\b(memory|mem|rss|heap|ram)\b/i, 'memory', ['size', 'size-per-op']],
  [/\b(allocs?|allocations)\b/i, 'allocations', ['count-per-op', 'count']],
  [/\b(success rate)\b/i, 'success_rate', ['ratio']],
  [/\b(errors?|error rate|failures?|failed)\b/i, 'errors', ['count', 'ratio']],
  // The length of a whole run ("Duration(s)", "total_time"): a condition of the others, stated as a result.
  [/\b(duration|total time)\b/i, 'duration', ['time']],
  [/\b(time|elapsed|runtime|run time|wall|cpu)\b/i, 'time', ['time']],
  // A count of requests ("Total Reqs", "# requests"): the requests a run made.
  [/^(total |# ?)?(reqs?|requests?)$/i, 'requests', ['count']],
  // A benchmark's index or score (UnixBench's "index"): a number of its own scale, its unit seldom stated.
  [/\b(score|index)\b/i, 'score', ['count']],
];
/**
 * Metric words of headings in other languages (Chinese, Japanese, German, Spanish, French, Russian),
 * matched as substrings: \b does not hold in CJK or Cyrillic text. Checked against the unit's dimension.
 */
export const FOREIGN_METRIC_WORDS = [
  [['延迟', '延時', '延时', '响应时间', 'レイテンシ', 'latenz', 'latencia', 'latence', 'задержка', 'латентность', 'время отклика'], 'latency', ['time']],
  [['吞吐', '吞吐量', 'スループット', 'durchsatz', 'rendimiento', 'débit', 'пропускная', 'запросов/с'], 'throughput', ['rate']],
  [['内存', '記憶體', 'メモリ', 'speicher', 'memoria', 'mémoire', 'память'], 'memory', ['size', 'size-per-op']],
  [['时间', '耗时', '時間', 'zeit', 'dauer', 'tiempo', 'temps', 'время'], 'time', ['time']],
];
/** A metric from the unit alone, when the header names none. */
const BY_DIMENSION = { time: 'time', rate: 'throughput', bandwidth: 'bandwidth', 'bit-rate': 'bandwidth', 'size-per-op': 'memory', 'count-per-op': 'allocations' };
/** For a heading in a script other than Latin ("大小", "Объём"), a size is memory too. */
const BY_DIMENSION_FOREIGN = { ...BY_DIMENSION, size: 'memory' };

/**
 * The metric a label's words name, where it fits the unit's dimension (any, when the dimension is not
 * known: a unit not stated): "Best Rate MB/s" -> bandwidth, "latency_ms" -> latency, "max_rss" -> memory.
 * @param {string} label
 * @param {string} [dimension]
 */
export function metricWordOf(label, dimension) {
  // A camel-cased or snake-cased label's words apart (YCSB's "AverageLatency", "peak_memory").
  const raw = String(label ?? '').replace(/([a-z])([A-Z])/g, '$1 $2');
  const spaced = raw.replace(/_+/g, ' ');
  const fits = (dimensions) => dimension === undefined || dimensions.includes(dimension);
  for (const [re, metric, dimensions] of METRIC_WORDS) if ((re.test(raw) || re.test(spaced)) && fits(dimensions)) return metric;
  const lower = raw.toLowerCase();
  for (const [words, metric, dimensions] of FOREIGN_METRIC_WORDS) if (words.some((w) => lower.includes(w)) && fits(dimensions)) return metric;
  return undefined;
}

/** A label as a snake_case name (a metric's or a condition's own): "Hash Rate" -> hash_rate, "50%" -> c_50_pct. */
export const snakeOf = (s) =>
  String(s)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/%/g, ' pct ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, 'c_$1') || 'column';

/**
 * A column's metric and statistic, from its header's words and its unit: the one reading of a header
 * (the table, delimited and draft-recipe readers). `name` is the header with its unit taken out,
 * `label` the whole header (its words name the metric). The metric is the one the words name (checked
 * against the unit's dimension), else the unit's dimension's (time, throughput, bandwidth), else the
 * header's own name; the statistic the words name, "best" and "worst" by the metric's better
 * direction. `named`: the header names the metric (else the reader keeps the header as `column`).
 * @param {string} name
 * @param {string} unit
 * @param {string} [label]
 * @returns {{ metric: string, statistic: string, named: boolean }}
 */
export function metricOf(name, unit, label = name) {
  const header = String(label).replace(/([a-z])([A-Z])/g, '$1 $2');
  const statisticFor = (metric) => statisticOf(name, betterOf(metric, unit)) ?? foreignStatisticOf(name) ?? 'value';
  // A unit not stated (or not yet known: a draft's "") has no dimension to check the header's metric word against: the word names it.
  if (unit === UNSTATED || !unit) {
    const word = metricWordOf(header);
    if (word) return { metric: word, statistic: statisticFor(word), named: true };
  }
  const dimension = unit === UNSTATED ? undefined : (UNITS[unit]?.dimension ?? '');
  // An error percentage ("Error %", "err%") is an error rate, never a spread.
  if (isErrorRate(header) && dimension === 'ratio') return { metric: 'error_rate', statistic: 'value', named: true };
  const word = metricWordOf(header, dimension);
  if (word) return { metric: word, statistic: statisticFor(word), named: true };
  const byDimension = /[a-z]/i.test(header) ? BY_DIMENSION : BY_DIMENSION_FOREIGN;
  if (byDimension[dimension]) {
    let rest = String(name).replace(/\b(mean|avg|average|median|min|max|total|p\d+(\.\d+)?)\b|\b\d{1,2}(\.\d+)?(th|st|nd|rd)\b\s*%?/gi, '').trim();
    for (const [words] of FOREIGN_STATISTICS) for (const w of words) rest = rest.replace(new RegExp(w.replace(/[.]/g, '\\.'), 'gi'), '').trim();
    const metric = byDimension[dimension];
    return { metric, statistic: statisticFor(metric), named: !rest || canonicalUnit(rest) !== undefined || unitInHeader(rest) !== undefined };
  }
  // Its own name; in no stated unit, statistic words alone name none ("mean" is a value, never a metric "mean"; "Count" stays count).
  const bare = String(name).replace(/\s*[([][^)\]]*[)\]]/g, '').trim() || String(name);
  const wordsOnly = !bare.replace(STATISTIC_WORDS, ' ').replace(SPREAD_WORDS, ' ').replace(/[^\p{L}\d]+/gu, '');
  const own = wordsOnly && (unit === UNSTATED || !unit) && !isCount(bare) ? 'value' : snakeOf(bare);
  return { metric: own, statistic: statisticFor(own), named: true };
}
