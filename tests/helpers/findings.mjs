// Only true findings (issues 31 and 40): a chart's claims checked against the rows they cite. One
// checker for the chart plan in memory (scripts/charts/findings.test.mjs, tests/site/corpus-findings)
// and for a built site's chart index with the CSV of each chart (tests/site/corpus.test.mjs),
// whatever builder drew the chart:
//  - claimProblems(chart): each claim the chart's entry keeps (claims.mjs, sayClaim) holds its
//    preconditions over the rows it cites (one metric, statistic and unit; no setting, invalid row
//    or aggregate ranked with parts; one thing varies; ties named; no superlative over equal values;
//    a ratio the cited values' own, positive and 1.05 or more), and the sentence is exactly their
//    render; a sentence with no claim fails;
//  - scaleProblems(chart): one display unit a chart (the unit model's quantities: ms with s, never
//    requests with operations), every row's unit one the axis can show;
//  - headlineProblems(headline, charts): a headline that is no chart's finding is the claims its
//    chart keeps for it (AStore's), holding over its rows;
//  - statisticProblems(chart, sentence): one statistic a chart (a distribution's percentiles together).
// siteCharts(dir) reads a built chart index (build/charts/) into the shape these take.
import fs from 'node:fs';
import path from 'node:path';
import { canonicalUnit, quantityOf } from '../../scripts/data/measure/units.mjs';
import { parse as parseCsv } from 'csv-parse/sync';
import { unescapeFormula } from '../../scripts/lib/csv.mjs';
import { keptProblems, renderClaims } from '../../scripts/charts/claims.mjs';
import { sentence } from '../../scripts/charts/plan.mjs';

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
function valueAxisUnit(chart) {
  if (chart.spec.encoding?.y?.title) return titleUnit(chart.spec.encoding.y.title);
  for (const l of chart.spec.layer ?? [])
    for (const ch of ['x', 'y'])
      if (['shown', 'value'].includes(l.encoding?.[ch]?.field)) return titleUnit(String(l.encoding[ch].title ?? ''));
  return undefined;
}

/**
 * The reasons a chart's finding is not what its claims say of its rows (empty: it is). The chart's
 * entry keeps each claim its sentence says (claims.mjs, sayClaim): each one's preconditions are
 * checked against the rows it cites, read from the chart's rows (its CSV on a built site), and the
 * sentence must be exactly the render of the claims. A sentence with no claim fails; the English is
 * never read back.
 * @param {{ rows: object[], entry: { finding: string, claims?: object[] } }} chart
 */
export function claimProblems(chart) {
  const { finding, claims = [] } = chart.entry;
  if (!finding) return claims.length ? [`${claims.length} claims and no sentence`] : [];
  if (!claims.length) return ['a sentence with no claim'];
  const why = [];
  const said = sentence(renderClaims(claims, chart.rows));
  if (said !== finding) why.push(`the sentence is not the render of its claims, which say "${said}"`);
  for (const k of claims) why.push(...keptProblems(k, chart.rows).map((w) => `${k.kind}: ${w}`));
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
  // The spread's own name in its bracket ("(± median absolute percentage error: 7.44 to 7.6 ns)", nanobench's
  // err%) names no statistic of the value.
  const said = sentence.replace(/\(±[^)]*\)/g, '');
  for (const [s, re] of STAT_NAMES) if (re.test(said) && !has(s)) why.push(`names the ${s} of rows of ${stats}`);
  for (const [, p] of sentence.matchAll(/\bp(\d+(?:\.\d+)?)\b/g))
    if (!has(`p${p}`) && stats.some(isPercentile)) why.push(`names p${p} of rows of ${stats}`);
  return why;
}

/** A CSV cell as a reader reads it (a formula-like cell's guarding ' taken off), a number when it reads as one. */
const cells = (text) =>
  parseCsv(text, { columns: true, skip_empty_lines: true, cast: (v) => typed(unescapeFormula(v)) });

/** A CSV cell as a number when it reads as one (a chart's CSV holds numbers as plain decimals). */
const typed = (v) => (v !== '' && /^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(v) ? Number(v) : v === '' ? null : v);

const claimFiles = new Map();
/** The claims of a built site's charts by chart id (build/charts/claims.json), read once per folder. */
function keptClaims(chartsDir) {
  if (!claimFiles.has(chartsDir)) {
    const file = path.join(chartsDir, 'claims.json');
    claimFiles.set(chartsDir, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  }
  return claimFiles.get(chartsDir);
}

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
  // The claims of its sentence, kept beside the index (build-charts.mjs: build/charts/claims.json).
  const claims = keptClaims(chartsDir)[entry.id] ?? [];
  const headlineClaims = keptClaims(chartsDir)[`${entry.id}#headline`] ?? [];
  const chart = {
    id: entry.id,
    entry: { ...entry, claims, ...(headlineClaims.length ? { headline_claims: headlineClaims } : {}) },
    spec,
    kind: spec.usermeta?.table?.kind,
  };
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
 * The reasons a headline that is no chart's finding is not what the claims of the chart that says it
 * hold (empty: it is): the sentence exactly their render, each holding over the rows it cites. None
 * of the charts keeps claims for it: that is a reason.
 * @param {string} headline
 * @param {object[]} charts
 */
export function headlineProblems(headline, charts) {
  const chart = charts.find(
    (c) => c.entry.headline_claims?.length && sentence(renderClaims(c.entry.headline_claims, c.rows)) === headline,
  );
  if (!chart) return ["a headline that no chart's claims say"];
  return chart.entry.headline_claims.flatMap((k) => keptProblems(k, chart.rows).map((w) => `${k.kind}: ${w}`));
}

/**
 * The reasons a chart (planned, or of a built site) prints what its rows do not support: its
 * claims checked against the rows they cite and its sentence their render (claimProblems), one scale.
 */
export function chartProblems(chart) {
  return [...claimProblems(chart), ...scaleProblems(chart)];
}
