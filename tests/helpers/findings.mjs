// Only true findings (issue 31): a chart's sentence recomputed from the rows it plots. One checker
// for the chart plan in memory (scripts/charts/findings.test.mjs) and for a built site's chart
// index with the CSV of each chart (tests/site/corpus.test.mjs), whatever builder drew the chart:
//  - unsupported(chart): the measurement model's sentence shapes ("X had the lowest median latency:
//    1.2 ms, 3.1x less than Y (3.7 ms)", "At the 99th percentile ...", "Over 5 runs ..."), each
//    recomputed: the statistic it names, the row it picks, the value in the axis's unit, the ratio;
//  - uncitedNumbers(sentence, rows): every number of any sentence is a value of the rows (as printed,
//    rounded), a ratio or percentage of two of them, a count of them, or part of a row's label;
//  - scaleProblems(chart): one display unit a chart (the unit model's quantities: ms with s, never
//    requests with operations), every row's unit one the axis can show;
//  - statisticProblems(chart, sentence): one statistic a chart (percentiles of one distribution
//    together), and a sentence names only statistics its rows have.
// siteCharts(dir) reads a built chart index (build/charts/) into the shape these take.
import fs from 'node:fs';
import path from 'node:path';
import { canonicalUnit, quantityOf } from '../../scripts/data/measure/units.mjs';
import { capital, num, possessive, quantity, times } from '../../scripts/charts/shared/format.mjs';
import { parse as parseCsv } from 'csv-parse/sync';
import { unescapeFormula } from '../../scripts/lib/csv.mjs';
import { isAggregate, isUnranked } from '../../scripts/charts/claims.mjs';

/** The text columns of a row that may name an aggregate (its labels and text conditions). */
const NOT_LABELS = new Set([
  'role', // a marker (role: aggregate), not a condition that tells rows apart
  'series',
  'seed',
  'unit',
  'metric',
  'statistic',
  'spread_kind',
  'spread_words',
  'subject',
  'entity',
  'source_table',
  'better',
]);
const textColumns = (row) => Object.keys(row).filter((k) => typeof row[k] === 'string' && !NOT_LABELS.has(k));

const STAT = {
  value: '',
  as_stated: '',
  mean: 'mean',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  total: 'total',
  mode: 'mode',
};
const statWord = (s) => STAT[s] ?? (/^p\d/.test(s) ? s : s.replace(/_/g, ' '));
const numberOf = (text) => Number(text.replace(/,/g, ''));
/** Whether a quoted number is the value as the sentence prints it. */
const same = (quoted, v) => quantity(v) === quoted;
const isPercentile = (s) => /^p\d/.test(s);

/** The titles of a spec's position channels (top level and layers), by channel. */
function axisTitles(spec) {
  const out = { x: [], y: [] };
  for (const enc of [spec.encoding, ...(spec.layer ?? []).map((l) => l.encoding)])
    for (const ch of ['x', 'y']) if (enc?.[ch]?.title) out[ch].push(String(enc[ch].title));
  return out;
}

/** The unit a title names in its last parentheses: "Latency (ms, log scale)" -> "ms". */
const titleUnit = (title) => /\(([^(),]+)(?:, log scale)?\)$/.exec(title)?.[1];

/** The unit of the value axis of a chart: the one on the axis that draws `shown` or `value`. */
/** The one word the checks read for "in a unit not stated". */
const UNSTATED_WORD = 'unit-not-stated';

function valueAxisUnit(chart) {
  if (chart.spec.encoding?.y?.title) return titleUnit(chart.spec.encoding.y.title);
  for (const l of chart.spec.layer ?? [])
    for (const ch of ['x', 'y'])
      if (['shown', 'value'].includes(l.encoding?.[ch]?.field)) return titleUnit(String(l.encoding[ch].title ?? ''));
  return undefined;
}

/**
 * The rows a superlative ranks (claims.mjs's preconditions, checked here on their own): not an
 * aggregate (Total, Waits, ...), not a setting or an invalid row (role), and not the whole of rows
 * told apart by a text condition it lacks.
 */
function rankedRows(rows) {
  const empty = (v) => v === null || v === undefined || v === '';
  const conditions = [...new Set(rows.flatMap(textColumns))].filter((c) => c !== 'benchmark' && c !== 'section');
  const partial = conditions.filter((c) => rows.some((r) => empty(r[c])));
  return rows.filter((r) => !isAggregate(r, textColumns(r)) && !isUnranked(r) && !partial.some((c) => empty(r[c])));
}

/**
 * The reasons a measurement chart's finding is not supported by its rows (empty: it is).
 * Rows carry `series`, `statistic`, `unit`, `shown` (the value in the chart's display unit) and,
 * in a distribution, `percentile`.
 * @param {{ rows: object[], entry: { finding: string }, spec: object }} chart
 */
export function unsupported(chart) {
  // A note of what the lines' sections say changed (no number of the rows in it) reads apart.
  // "5.8 in a unit not stated" (a report that states no unit, claims.mjs withUnit) reads as one unit word.
  const f = chart.entry.finding
    .replaceAll(' in a unit not stated', ` ${UNSTATED_WORD}`)
    .replace(/\.$/, '')
    .replace(/; the lines differ in more than their name \((?:“[^”]*”(?:, )?)+, a stated change\)/, '');
  const rows = chart.rows;
  const why = [];
  if (new Set(rows.map((r) => quantityOf(r.unit))).size > 1) why.push('rows of different quantities in one chart');
  const stats = [...new Set(rows.map((r) => r.statistic))];
  const percentiles = stats.every(isPercentile) && stats.length > 1;
  if (!percentiles && stats.length > 1) why.push(`rows of ${stats.length} statistics in one chart`);
  const ratioOk = (ratioText, a, b) => a > 0 && b > 0 && times(Math.max(a, b) / Math.min(a, b)) === ratioText;
  let m;
  if ((m = /^Every (.+?) had the same (.+?): (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?$/.exec(f))) {
    // All equal: no superlative, and every row at that value.
    if (!rows.every((r) => same(m[3], r.shown))) why.push(`not every row is ${m[3]}`);
  } else if (
    (m =
      /^(.+) (had|tied for) the (lowest|highest|largest) (.+?): (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?(.*)$/.exec(
        f,
      ))
  ) {
    const [, whoText, verb, word, what, v, rest] = m;
    // Aggregate rows (Total, Waits, ...) and wholes are never ranked with their parts (claims.mjs).
    const ranked = rankedRows(rows);
    const shown = ranked.map((r) => r.shown);
    const best = word === 'lowest' ? Math.min(...shown) : Math.max(...shown);
    const tied = ranked.filter((r) => same(quantity(best), r.shown)).map((r) => String(r.series));
    if (new Set(rows.map((r) => r.source_table ?? '')).size > 1) why.push('ranks rows of more than one table');
    // A tie names every row at the best value; "had" names the only one.
    if (verb === 'tied for' && tied.length < 2) why.push(`"tied" with one row at ${quantity(best)}`);
    if (verb === 'had' && tied.length > 1) why.push(`names one of ${tied.length} rows tied at ${quantity(best)}`);
    if (shown.every((x) => same(quantity(best), x))) why.push('a superlative where every value is equal');
    const who = verb === 'had' ? whoText : (tied.find((t) => whoText.startsWith(t)) ?? whoText);
    const named = statWord(stats[0]);
    if (named && !what.startsWith(`${named} `)) why.push(`names "${what}" for rows of statistic ${stats[0]}`);
    if (!same(v, best)) why.push(`quotes ${v} as the ${word}, the rows' is ${quantity(best)}`);
    const unit = valueAxisUnit(chart)?.replace(/^unit not stated$/, UNSTATED_WORD);
    if (unit && unit !== 'count' && !f.includes(`${v} ${unit}`))
      why.push(`quotes ${v} in another unit than the axis's ${unit}`);
    if (!rows.some((r) => capital(String(r.series)) === who && same(v, r.shown))) why.push(`no row of ${who} at ${v}`);
    if (rows.some((r) => isUnranked(r) && capital(String(r.series)) === who))
      why.push(`ranks ${who}, a ${rows.find((r) => capital(String(r.series)) === who).role} row`);
    // The ratio, then (where both bars state a spread) whether the difference is beyond noise.
    const r =
      /, ([\d.]+x) (?:less than|that of) (.+) \((-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?\)(?:, ((?:beyond|within) noise \([^)]*\)))?$/.exec(
        rest,
      );
    const spreadOf = (name) =>
      rows.find((x) => String(x.series) === name || capital(String(x.series)) === name)?.spread_kind;
    if (r?.[4] && !(spreadOf(who) && spreadOf(r[2])))
      why.push(`says "${r[4]}" though ${who} or ${r[2]} states no spread`);
    const worst = word === 'lowest' ? Math.max(...shown) : Math.min(...shown);
    if (/\dx /.test(rest) && /which differs in|stated change/.test(rest))
      why.push('a ratio between rows that differ in more than one thing');
    if (r && !ratioOk(r[1], best, worst))
      why.push(`ratio ${r[1]} is not the rows' ${quantity(best)} against ${quantity(worst)}`);
    if (r && !same(r[3], worst)) why.push(`the other end is ${quantity(worst)}, not ${r[3]}`);
    if (/\dx /.test(rest) && !r) why.push('a ratio the test cannot read');
    if (/within 5 %/.test(rest) && !(Math.min(...shown) > 0 && Math.max(...shown) / Math.min(...shown) < 1.05))
      why.push('"within 5 %" when the rows are further apart');
  } else if (
    (m =
      /^At the ([\d.]+)(?:st|nd|rd|th) percentile, .+? (?:ranged from (-?\d+(?:,\d{3})*(?:\.\d+)?) \S+ \((.+?)\) to (-?\d+(?:,\d{3})*(?:\.\d+)?) \S+ \((.+?)\)|was (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?)((?:, |; ).*)?$/.exec(
        f,
      ))
  ) {
    const p = Number(m[1]);
    const said = rows.filter((r) => !isUnranked(r));
    const tail = said.filter((r) => r.percentile === p).map((r) => r.shown);
    if (!tail.length) why.push(`no rows at the ${p}th percentile`);
    else if (m[2] && !(same(m[2], Math.min(...tail)) && same(m[4], Math.max(...tail))))
      why.push(`range ${m[2]} to ${m[4]} is not the rows'`);
    else if (m[6] && !tail.every((t) => same(m[6], t))) why.push(`${m[6]} is not every row's`);
    if (m[7]) why.push(...ownMedianUnsupported(m[7], said, p));
  } else if (
    (m =
      /^The (lowest|highest|largest) (.+?)(?:, (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?, was (?:that of .+|.+'s?)| was (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?,) at .+ (-?\d+(?:,\d{3})*(?:\.\d+)?)$/.exec(
        f,
      ))
  ) {
    const [, word, what] = m;
    const v = m[3] ?? m[5];
    const shown = rankedRows(rows).map((r) => r.shown);
    const best = word === 'lowest' ? Math.min(...shown) : Math.max(...shown);
    const named = statWord(stats[0]);
    if (named && !what.startsWith(`${named} `)) why.push(`names "${what}" for rows of statistic ${stats[0]}`);
    if (!same(v, best)) why.push(`quotes ${v} as the ${word}, the rows' is ${quantity(best)}`);
  } else if (
    (m =
      /^Over (\d+) runs, .+? ranged from (-?\d+(?:,\d{3})*(?:\.\d+)?) to (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?(?: \(([\d.]+x)\))?(; the runs differ in more than their name \(.+\))?$/.exec(
        f,
      ))
  ) {
    const [, n, lo, hi, ratio, changed] = m;
    if (ratio && changed) why.push('a ratio between runs that differ in more than their name');
    const said = rows.filter((r) => !isUnranked(r));
    const bySeries = [...new Set(said.map((r) => r.series))].map((s) =>
      said.filter((r) => r.series === s).map((r) => r.shown),
    );
    const match = bySeries.find((g) => g.length === Number(n) && same(lo, Math.min(...g)) && same(hi, Math.max(...g)));
    if (!match) why.push(`no series of ${n} runs from ${lo} to ${hi}`);
    if (ratio && !ratioOk(ratio, numberOf(lo), numberOf(hi))) why.push(`ratio ${ratio} is not ${hi} over ${lo}`);
  } else if (
    (m =
      /^Over (\d+) runs, .+? was (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)? in each(?:; the runs differ in more than their name \(.+\))?$/.exec(
        f,
      ))
  ) {
    const [, n, v] = m;
    const bySeries = [...new Set(rows.map((r) => r.series))].map((s) =>
      rows.filter((r) => r.series === s).map((r) => r.shown),
    );
    if (!bySeries.some((g) => g.length === Number(n) && g.every((x) => same(v, x))))
      why.push(`no series of ${n} runs each at ${v}`);
  } else if (
    (m =
      /^(?:The|(.+)'s?) (.+?) was (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)? \((.+): (-?\d+(?:,\d{3})*(?:\.\d+)?) to (-?\d+(?:,\d{3})*(?:\.\d+)?)(?: [^\s,;()]+)?\)$/.exec(
        f,
      ))
  ) {
    // One value and its spread.
    const [, who, what, v, , lo, hi] = m;
    const [row] = rows;
    const named = statWord(stats[0]);
    if (rows.length !== 1) why.push(`one value named for ${rows.length} rows`);
    else {
      if (who !== undefined && capital(possessive(String(row.series))).replace(/'s?$/, '') !== who)
        why.push(`names ${who} for the row of ${row.series}`);
      if (named && !what.startsWith(`${named} `)) why.push(`names "${what}" for a row of statistic ${stats[0]}`);
      if (!same(v, row.shown)) why.push(`quotes ${v}, the row's is ${quantity(row.shown)}`);
      if (!(same(lo, row.lo) && same(hi, row.hi)))
        why.push(`spread ${lo} to ${hi} is not the row's ${quantity(row.lo)} to ${quantity(row.hi)}`);
    }
  } else why.push('a sentence of a shape this test cannot check');
  if (/\b0 \S+, [\d.]+x|[\d.]+x (?:less than|that of) [^()]+\(0(?: |\))/.test(f)) why.push('a ratio against zero');
  return why;
}

/**
 * The reasons a percentile finding's tail-over-median clause is not its rows' (empty: it is): each
 * ratio is a line's tail over that same line's median, between two positive values.
 */
function ownMedianUnsupported(clause, rows, p) {
  const ratioOf = (series) => {
    const at = (q) => rows.find((r) => r.series === series && r.percentile === q)?.shown;
    return at(50) > 0 && at(p) > 0 ? times(at(p) / at(50)) : null;
  };
  const series = [...new Set(rows.map((r) => r.series))];
  const ratios = series.map(ratioOf).filter(Boolean);
  let m;
  if ((m = /^, ([\d.]+x) the median$/.exec(clause)))
    return series.length === 1 && ratioOf(series[0]) === m[1] ? [] : [`${m[1]} is not the tail over the median`];
  if ((m = /^; (?:that of (.+)|(.+)'s?) is ([\d.]+x) its own median$/.exec(clause))) {
    const who = m[1] ?? m[2];
    return ratioOf(who) === m[3] && ratios.length === 1 ? [] : [`${who}'s ratio is not ${m[3]}`];
  }
  if ((m = /^; each line's [\d.]+(?:st|nd|rd|th) percentile is ([\d.]+x) its own median$/.exec(clause)))
    return ratios.length > 1 && ratios.every((x) => x === m[1]) ? [] : [`not every line's ratio is ${m[1]}`];
  if (
    (m =
      /^; each line's [\d.]+(?:st|nd|rd|th) percentile is ([\d.]+x) \((.+?)\) to ([\d.]+x) \((.+)\) its own median$/.exec(
        clause,
      ))
  ) {
    const [, lo, a, hi, b] = m;
    const num = (x) => Number(x.slice(0, -1));
    const nums = ratios.map(num);
    const why = [];
    if (ratioOf(a) !== lo || ratioOf(b) !== hi) why.push(`${a}'s or ${b}'s ratio is not as written`);
    if (num(lo) !== Math.min(...nums) || num(hi) !== Math.max(...nums))
      why.push(`${lo} to ${hi} is not the lines' range`);
    return why;
  }
  return [`a tail-over-median clause this test cannot check: "${clause}"`];
}

/** Whether the values a chart draws lie within `percent` of one another. */
function within(rows, percent) {
  const vs = rows.map((r) => r.shown ?? r.value).filter((v) => typeof v === 'number');
  return vs.length > 0 && Math.min(...vs) > 0 && Math.max(...vs) / Math.min(...vs) < 1 + percent / 100;
}

/** Every way a number of the rows may be printed: as a quantity, whole, or to 1 to 3 decimals. */
function printed(v) {
  const forms = new Set([quantity(v), num(v), num(v, 1), num(v, 2), num(v, 3)]);
  return [...forms];
}

/**
 * The numbers of a sentence that its rows do not give (empty: every one is cited). A number is
 * cited when it is a value of a row as printed (to the digits the sentence gives), a ratio ("3.1x")
 * or percentage ("73 %") of two values of one column, a count of rows or of distinct values of a
 * column (or, before "of", of some of them), a closeness the values have ("within 5 %"), a percentile the rows hold ("99th"), or part of a
 * row's text (a label "Run 2", a name "p99.9", a date).
 * @param {string} sentence
 * @param {object[]} rows
 * @returns {string[]}
 */
export function uncitedNumbers(sentence, rows) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== 'line' && c !== 'seed');
  const numeric = new Set();
  const byColumn = {};
  const texts = new Set();
  for (const c of columns) {
    const values = rows.map((r) => r[c]).filter((v) => v !== null && v !== undefined && v !== '');
    byColumn[c] = [...new Set(values.filter((v) => typeof v === 'number'))];
    for (const v of values) (typeof v === 'number' ? numeric : texts).add(v);
  }
  const forms = new Set([...numeric].flatMap(printed));
  const counts = new Set([rows.length, ...columns.map((c) => new Set(rows.map((r) => r[c])).size)]);
  const ratios = new Set();
  const percents = new Set();
  for (const c of columns) {
    const vs = byColumn[c].filter((v) => v > 0).slice(0, 400);
    for (const a of vs)
      for (const b of vs) {
        if (a >= b) ratios.add(times(a / b));
        percents.add(num((100 * a) / b));
        percents.add(num((100 * a) / b, 1));
      }
  }
  const textOf = [...texts].map(String).join('\n');
  const why = [];
  for (const m of sentence.matchAll(/(?<![\w.])(\d+(?:,\d{3})*(?:\.\d+)?)(x\b|th\b| %|%)?/g)) {
    const [, n, suffix = ''] = m;
    const after = sentence.slice(m.index + m[0].length, m.index + m[0].length + 4);
    const before = sentence.slice(Math.max(0, m.index - 1), m.index);
    if (forms.has(n)) continue;
    if (suffix === 'x' && ratios.has(`${n}x`)) continue;
    if (/%/.test(suffix) && (percents.has(n) || forms.has(n))) continue;
    // "within 5 % of every other": the rows' values are that close.
    if (/%/.test(suffix) && /within $/.test(sentence.slice(0, m.index)) && within(rows, numberOf(n))) continue;
    if (suffix === 'th' && (numeric.has(numberOf(n)) || textOf.includes(`p${n}`))) continue;
    if (!suffix && counts.has(numberOf(n))) continue;
    if (!suffix && /^ of /.test(after) && Number.isInteger(numberOf(n)) && numberOf(n) <= rows.length) continue;
    // Part of a label: "Run 2", "p99.9", "16x16", a date.
    if (new RegExp(`(?<![\\d.])${(before === 'p' ? 'p' : '') + n.replace(/[.]/g, '\\.')}(?![\\d])`).test(textOf))
      continue;
    why.push(`${n}${suffix} is not a value of its rows, a ratio or a count of them`);
  }
  return why;
}

/**
 * Scales a chart mixes: two units on one value axis, or rows whose units the axis cannot show in
 * one display unit (of two quantities: time and size; requests and operations; decimal MB and
 * binary MiB are one scale, converted by factor, never renamed).
 * @param {{ rows: object[], spec: object }} chart
 */
export function scaleProblems(chart) {
  const why = [];
  for (const [ch, titles] of Object.entries(axisTitles(chart.spec))) {
    const units = [...new Set(titles.map(titleUnit).filter(Boolean))];
    if (units.length > 1) why.push(`the ${ch} axis names ${units.length} units: ${units.join(', ')}`);
  }
  const units = [...new Set(chart.rows.map((r) => r.unit).filter((u) => typeof u === 'string' && u))];
  const quantities = [...new Set(units.map(quantityOf))];
  if (quantities.length > 1) why.push(`rows in units of ${quantities.length} scales: ${units.join(', ')}`);
  const axis = valueAxisUnit(chart);
  const axisUnit = axis && (canonicalUnit(axis) ?? axis);
  if (axisUnit && units.length && quantities.length === 1 && quantityOf(axisUnit) !== quantities[0])
    why.push(`rows in ${units.join(', ')} on an axis in ${axis}`);
  return why;
}

const STAT_NAMES = [
  ['mean', /\b(?:mean|average)\b/i],
  ['median', /\bmedian\b/i],
  ['max', /\bmaximum\b/i],
  ['min', /\bminimum\b/i],
];

/**
 * Statistics a chart or its sentence mixes: rows of two statistics (a distribution's percentiles
 * excepted; an "as stated" value read as the statistic its report family implies counts as that
 * one), or a statistic the sentence names that none of its rows has.
 * @param {{ rows: object[] }} chart
 * @param {string} sentence
 */
export function statisticProblems(chart, sentence) {
  // "as stated, read as the mean": joined as the statistic its report family implies, with that reason.
  const stats = [
    ...new Set(
      chart.rows
        .map((r) => r.statistic)
        .filter((s) => typeof s === 'string' && s)
        .map((s) => /, read as the (\w+)$/.exec(s)?.[1] ?? s),
    ),
  ];
  if (!stats.length) return [];
  const why = [];
  const plain = stats.filter((s) => !isPercentile(s));
  if (plain.length > 1 || (plain.length && plain.length < stats.length))
    why.push(`rows of ${stats.length} statistics in one chart: ${stats.join(', ')}`);
  const has = (s) =>
    stats.includes(s) ||
    (s === 'median' && stats.includes('p50')) ||
    (s === 'max' && stats.includes('p100')) ||
    (s === 'min' && stats.includes('p0'));
  for (const [s, re] of STAT_NAMES) if (re.test(sentence) && !has(s)) why.push(`names the ${s} of rows of ${stats}`);
  for (const [, p] of sentence.matchAll(/\bp(\d+(?:\.\d+)?)\b/g))
    if (!has(`p${p}`) && stats.some(isPercentile)) why.push(`names p${p} of rows of ${stats}`);
  return why;
}

/** A CSV cell as a reader reads it (a formula-like cell's guarding ' taken off), a number when it reads as one. */
const cells = (text) =>
  parseCsv(text, { columns: true, skip_empty_lines: true, cast: (v) => typed(unescapeFormula(v)) });

/** A CSV cell as a number when it reads as one (a chart's CSV holds numbers as plain decimals). */
const typed = (v) => (v !== '' && /^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(v) ? Number(v) : v === '' ? null : v);

/**
 * A chart of a built site as the checks take it: its index entry, the rows of its CSV (numbers as
 * numbers; `shown` and `unit` filled in from the value and the axis when the chart draws one unit),
 * and its Vega-Lite spec.
 * @param {string} chartsDir the chart step's output (build/charts)
 * @param {object} entry the chart's entry in charts.json
 */
export function siteChart(chartsDir, entry) {
  const file = (p) => path.join(chartsDir, 'static', p.replace(/^\//, ''));
  const spec = JSON.parse(fs.readFileSync(file(entry.files.vl), 'utf8'));
  const chart = { id: entry.id, entry, spec, kind: spec.usermeta?.table?.kind };
  const axis = valueAxisUnit(chart);
  const axisUnit = axis && (canonicalUnit(axis) ?? axis);
  chart.rows = cells(fs.readFileSync(file(entry.files.csv), 'utf8')).map((row) => {
    if (row.shown === undefined) row.shown = row.value;
    if (row.unit === undefined && axisUnit && 'value' in row) row.unit = axisUnit;
    if (row.series !== undefined && row.series !== null) row.series = String(row.series);
    return row;
  });
  return chart;
}

/**
 * The reasons a chart (planned, or of a built site) prints what its rows do not support: its finding checked as
 * the measurement model's sentences are (for the measurement table's charts), every number of it
 * cited by its rows, one scale, one statistic.
 */
export function chartProblems(chart) {
  const sentence = chart.entry.finding;
  // A chart whose rows make no like-with-like group says nothing: nothing to check.
  if (!sentence) return [];
  return [
    ...((chart.kind ?? chart.spec.usermeta?.table?.kind) === 'measurement' ? unsupported(chart) : []),
    ...uncitedNumbers(sentence, chart.rows),
    ...scaleProblems(chart),
    ...statisticProblems(chart, sentence),
  ];
}
