// Charts by shape, for the measurement model's table (kind "measurement"): a report of any format
// gets charts chosen from its measurements, with no builder of its own. Rows projected from the
// per-kind tables of a report that has builders of its own kind (CloudI, Darner, httpc, AStore:
// plan.mjs marks them `byKind`) are left to those builders and the tables; every other row is
// drawn here, whether an adapter, the table fallback or a per-kind table's projection (ab's and
// wrk's tables, by their schemas' x-measurements) gave it.
//
// The shapes, for each metric, statistic and quantity the rows hold (the most numerous first); a
// chart draws one quantity (ms and s together, in one display unit: shared/measures.mjs), while its
// tooltip, table and CSV keep each row's value and unit as the report gives them, with its line:
//   - percentiles (p50 ... p99.99) of a metric: a distribution, one line per series, the
//     percentiles evenly spaced, log y when the values span decades;
//   - a numeric condition that every row has and that varies (threads, connections, size, ...):
//     lines, one per series (a condition a few rows have is no axis: it stays in the labels);
//   - the same thing measured in repeated runs (a `run` condition): a bar per run in run order when
//     one thing ran a few times, else dots, one row of dots per series;
//   - otherwise one value per subject: sorted bars, best first (largest first where the metric has no
//     better direction), a value alone only with its spread.
// Every shape draws the spread a report gives (± a deviation or an interval: error bars; lower and
// upper bounds), says its kind in the subtitle and tooltip, and every finding names its statistic.
import { measureGroups, oneToOne, seriesLabeller } from './shared/measures.mjs';
import { FAMILIES, entityOf, entityStyles } from './shared/palette.mjs';
import { THOUSANDS, distinct, logTicks, maxOf, minOf, spansDecades, spreadLayers, tooltip } from './shared/spec.mjs';
import { num, possessive } from './shared/format.mjs';
import { ordinal } from '../lib/text.mjs';
import { bestOfGroup, oneValue, rangeOverRuns, sayClaim, tailOverLines } from './claims.mjs';
import { metricTitle, STATISTIC_ADJECTIVES, statisticAdjective, statisticWords } from '../data/measure/model.mjs';
import { dimensionOf, toDisplay, unitSymbol } from '../data/measure/units.mjs';

/** The most charts one report's measurements give (the data table and downloads keep every row). */
export const MAX_CHARTS = 8;
/** The most runs of one thing drawn as a bar each (more: a row of dots). */
const MAX_RUN_BARS = 20;

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f, tables }) {
  const perKind = new Set(
    Object.values(tables ?? {})
      .filter((t) => t.byKind)
      .map((t) => t.table.id),
  );
  const own = rows.filter((r) => !perKind.has(r.source_table));
  if (!own.length) return [];
  const conditions = Object.values(f).filter((x) => x['x-condition'] || isCondition(x.name, f));
  const charts = [];
  for (const group of measureGroups(own)) {
    if (charts.length >= MAX_CHARTS) break;
    const chart = chartOf(group, f, conditions, own);
    if (chart) charts.push(chart);
  }
  return charts;
}

/** Condition columns: those after source_table and before seed (the schema adds them per report). */
function isCondition(name, f) {
  const names = Object.keys(f);
  const from = names.indexOf('source_table');
  const to = names.indexOf('seed');
  const i = names.indexOf(name);
  return from >= 0 && i > from && (to < 0 || i < to);
}

/** Spreads given as a half-width around the value (value ± spread); the others need their bounds. */
const SYMMETRIC = new Set(['stdev', 'error', 'ci95', 'ci99', 'mad', 'mdape']);
const SPREAD_WORDS = {
  stdev: '± standard deviation',
  error: '± error as printed',
  ci95: '95 % confidence interval',
  ci99: '99.9 % confidence interval',
  mad: '± median absolute deviation',
  mdape: '± median absolute percentage error',
  iqr: 'interquartile range',
  range: 'lower to upper bound',
};

/**
 * A row as a chart draws it: `shown` is its value in the chart's display unit, `lo` and `hi` the
 * ends of the spread the report gives (in that unit too), null when it gives none.
 */
function drawn(r, display) {
  const s = typeof r.spread === 'number' && SYMMETRIC.has(r.spread_kind || 'error') ? r.spread : null;
  const below = typeof r.lower === 'number' ? r.lower : s !== null ? r.value - s : null;
  const hi = typeof r.upper === 'number' ? r.upper : s !== null ? r.value + s : null;
  // A magnitude (a time, a rate, a size: any dimension but a ratio) is never below 0: a deviation
  // wider than the value (wrk's 12.92 ms ± 29.29 ms) is drawn from 0, and says so.
  const cut = below !== null && below < 0 && r.value >= 0 && dimensionOf(r.unit) && dimensionOf(r.unit) !== 'ratio';
  const lo = cut ? 0 : below;
  const at = (v) => (v === null ? null : toDisplay(v, r.unit, display));
  const kind = lo === null ? '' : r.spread_kind || (typeof r.lower === 'number' ? 'range' : 'error');
  const words = SPREAD_WORDS[kind] ?? kind;
  return {
    ...r,
    shown: toDisplay(r.value, r.unit, display),
    lo: at(lo),
    hi: at(hi),
    spread_words: cut ? `${words} (cut at 0)` : words,
  };
}

/** The kinds of spread the rows give, in words ("± standard deviation"). */
function spreadWords(rows) {
  // Each kind once ("99.9 % confidence interval (cut at 0)" is the kind "99.9 % confidence interval").
  const spread = rows.filter((r) => r.lo !== null);
  const kinds = distinct(spread.map((r) => r.spread_words.replace(/ \(cut at 0\)$/, ''))).join(', ');
  return spread.some((r) => r.spread_words.endsWith('(cut at 0)')) ? `${kinds} (cut at 0)` : kinds;
}

/**
 * The name of a percentile chart's one line when the report measures its metric under other
 * conditions too (bombardier's README gives percentiles for ya.ru at 200 connections only, beside a
 * localhost run at 125), as the report's rows of that metric tell them apart; else undefined: the
 * line is the report's run (its other rows of the metric, oha's DNS+dialup, are phases of it).
 */
function oneLineOf(plotted, own, metric, conditions) {
  if (distinct(plotted.map((r) => r.series)).length !== 1) return undefined;
  const mine = own.filter((r) => r.metric === metric);
  // A phase (oha's DNS+dialup) is a part of the run, a mark (role, run_by) tells no run apart.
  const names = conditions.map((c) => c.name).filter((n) => !['role', 'run_by', 'phase'].includes(n));
  if (!names.some((n) => distinct(mine.map((r) => r[n] ?? '')).length > 1)) return undefined;
  return seriesLabeller(mine, names).of(plotted[0]);
}

function chartOf(group, f, conditions, own = group.rows) {
  const { metric, percentiles } = group;
  const unit = unitSymbol(group.unit);
  const rows = group.rows.map((r) => drawn(r, group.unit));
  // Rows whose unit is not the chart's: the tooltip, table and CSV give their own value and unit.
  const mixed = rows.some((r) => r.unit !== group.unit);
  const title = `${metricTitle(metric)}${!percentiles && /^p\d/.test(group.statistic) ? `, ${group.statistic}` : ''}`;
  /** What a sentence says it compares: "median latency", "p99 latency", "throughput". */
  const what = [percentiles ? '' : statisticAdjective(group.statistic), metricTitle(metric).toLowerCase()]
    .filter(Boolean)
    .join(' ');
  // The chart's title names its statistic ("Median latency", "Maximum latency": two charts of one
  // metric never share a title); a percentile alone says it after the metric ("Latency, p99").
  const adjective = STATISTIC_ADJECTIVES[group.statistic];
  const heading = percentiles || !adjective ? title : `${capitalise(adjective)} ${lowerFirst(metricTitle(metric))}`;
  const shownField = { name: 'shown', title, unit, type: 'number' };
  const valueField = mixed
    ? { name: 'value', title: 'Value as reported', unit: '', type: 'number' }
    : { name: 'value', title, unit, type: 'number' };
  const unitField = mixed ? [f.unit ?? { name: 'unit', title: 'Unit as reported', type: 'string' }] : [];
  const label = seriesLabeller(
    rows,
    conditions.map((c) => c.name),
  );
  const seriesField = {
    name: 'series',
    type: 'string',
    title: label.title,
    description: 'The line, bar or dot the row is drawn as.',
  };
  const keep = [
    seriesField,
    f.benchmark,
    f.subject,
    f.section,
    f.metric,
    f.statistic,
    ...(mixed ? [shownField] : []),
    valueField,
    ...unitField,
    f.spread_kind,
    f.spread,
    f.lower,
    f.upper,
    // The conditions these rows have (a column none of them fills is no tooltip line).
    ...conditions.filter((c) => rows.some((r) => r[c.name] !== null && r[c.name] !== undefined && r[c.name] !== '')),
    f.seed,
    f.line,
  ].filter(Boolean);
  const uniq = (xs) => xs.filter((x, i) => xs.findIndex((y) => y.name === x.name) === i);
  const withSpread = rows.some((r) => r.lo !== null && r.hi !== null);
  const spreadFields = [
    {
      name: 'spread_words',
      title: 'Error bar',
      type: 'string',
      description: 'The kind of spread the error bar draws.',
    },
    { name: 'lo', title: 'Spread from', unit, type: 'number' },
    { name: 'hi', title: 'Spread to', unit, type: 'number' },
  ];
  const uniqFields = uniq(keep);
  // Spread ends (in the display unit) before seed and line.
  const fields = withSpread ? [...uniqFields.slice(0, -2), ...spreadFields, ...uniqFields.slice(-2)] : uniqFields;
  /** The field a chart draws: the value itself, or its conversion to the display unit. */
  const V = mixed ? 'shown' : 'value';
  /** The value axis from zero, in the chart's unit (bars, lines over a sweep, runs). */
  const valueAxis = {
    field: V,
    type: 'quantitative',
    title: `${title} (${unit})`,
    scale: { zero: true },
    axis: THOUSANDS,
  };
  const better = rows[0].better;
  const betterWords = better === 'higher' ? 'higher is better' : better === 'lower' ? 'lower is better' : '';
  const plotted = rows.map((r) => ({ ...r, series: label.of(r) }));
  const spreadNote = withSpread ? `error bars: ${spreadWords(plotted)}` : '';
  const slug = `${metric}-${percentiles ? 'percentiles' : group.statistic}-${group.unit}`
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase();

  if (percentiles) {
    const pct = (r) => Number(r.statistic.slice(1));
    plotted.forEach((r) => (r.percentile = pct(r)));
    plotted.sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) || a.percentile - b.percentile);
    const pField = { name: 'percentile', title: 'Percentile', unit: '%', type: 'number' };
    const ys = plotted.map((r) => r.shown).filter((v) => v > 0);
    // A log axis only when every value is positive: a 0 ms p50 would fall off it (a row not drawn).
    const ylog = ys.length === plotted.length && spansDecades(ys);
    const series = distinct(plotted.map((r) => r.series));
    const top = maxOf(plotted.map((r) => r.percentile));
    // A setting's or an invalid row's tail is drawn, never said (claims.mjs, tail-over-lines).
    const said = sayClaim('renderTailLines', plotted, [
      tailOverLines(plotted, top, oneLineOf(plotted, own, metric, conditions)),
      { what: title.toLowerCase(), unit },
    ]);
    const finding = said.text;
    const x = {
      field: 'percentile',
      type: 'ordinal',
      title: 'Percentile (%), evenly spaced',
      sort: 'ascending',
      scale: { type: 'point', padding: 0.3 },
      axis: { labelAngle: 0, labelOverlap: 'greedy' },
    };
    const y = {
      field: V,
      type: 'quantitative',
      title: `${title} (${unit}${ylog ? ', log scale' : ''})`,
      scale: ylog ? { type: 'log' } : { zero: true },
      axis: { ...THOUSANDS, ...(ylog ? { values: logTicks(ys) } : {}) },
    };
    const { color, shape, dash } = styleOf(series, label.title);
    return {
      name: `${slug}`,
      title: `${title} by percentile`,
      subtitle: [`One line per ${label.noun}${ylog ? '; log y axis' : ''}`, betterWords, spreadNote]
        .filter(Boolean)
        .join('; '),
      description: `${title} (${unit}) at the ${ordinal(minOf(plotted.map((r) => r.percentile)))} to ${ordinal(top)} percentiles the report gives, one line per ${label.noun} (${series.length}).${finding ? ` ${finding}.` : ''}`,
      alt: `Line chart of ${title.toLowerCase()} against percentile, ${series.length} line${series.length === 1 ? '' : 's'}.`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields: [...fields.slice(0, 1), pField, ...fields.slice(1)],
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, ...dash, detail: { field: 'series' } } },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 30, opacity: 1 },
          encoding: { x, y, color, ...shape, tooltip: tooltip([...fields, pField]) },
        },
        ...spreadLayers(plotted, 'y', { ...x, axis: null }, y, ylog),
      ],
      markName: 'points',
      scales: { x: 'point', y: ylog ? 'log' : 'linear' },
    };
  }

  // A numeric condition that takes three or more values within a series: lines over it.
  const sweep = conditions.find(
    (c) =>
      (c.type === 'integer' || c.type === 'number') &&
      c.name !== 'run' &&
      plotted.every((r) => typeof r[c.name] === 'number') &&
      sweeps(plotted, c.name),
  );
  if (sweep) {
    // A section that only names the load its rows ran at (prototype-db's "protodb1, 4 threads",
    // artillery's "duration: 30, arrivalRate: 10": one section to one value of the sweep) is a point
    // of a line, not a line of its own.
    const namesLoad =
      oneToOne(rows, 'section', sweep.name) &&
      rows.every((r) =>
        new RegExp(`(?:^|\\D)${String(r[sweep.name]).replace(/\./g, '\\.')}(?:\\D|$)`).test(String(r.section ?? '')),
      );
    const xLabel = seriesLabeller(
      namesLoad ? rows.map(({ section: _s, ...r }) => r) : rows,
      conditions.map((c) => c.name).filter((n) => n !== sweep.name),
    );
    plotted.forEach((r) => (r.series = xLabel.of(r)));
    const series = distinct(plotted.map((r) => r.series));
    plotted.sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) || a[sweep.name] - b[sweep.name]);
    const xs = plotted.map((r) => r[sweep.name]);
    const xlog = spansDecades(
      xs.filter((v) => v > 0),
      2,
    );
    // The best point of the sweep, by the claim's rules (one table, no aggregate, no tie, not all equal).
    const claim = bestOfGroup(plotted, { better, conditions: conditions.map((c) => c.name), parts: xLabel.parts });
    const said = sayClaim('renderBestAt', plotted, [
      claim,
      { what, unit, field: sweep.name, title: sweep.title.toLowerCase() },
    ]);
    const finding = said.text;
    const x = {
      field: sweep.name,
      type: 'quantitative',
      title: sweep.unit && !sweep.title.includes(sweep.unit) ? `${sweep.title} (${sweep.unit})` : sweep.title,
      scale: xlog ? { type: 'log' } : { zero: false },
      axis: { ...THOUSANDS, labelOverlap: 'greedy' },
    };
    const y = valueAxis;
    const { color, shape, dash } = styleOf(series, xLabel.title);
    return {
      name: `${slug}-by-${sweep.name}`.replace(/_/g, '-'),
      title: `${heading} by ${sweep.title.toLowerCase()}`,
      subtitle: [`${capitalise(statWord(group.statistic))}; one line per ${xLabel.noun}`, betterWords, spreadNote]
        .filter(Boolean)
        .join('; '),
      description: `${title} (${unit}) against ${sweep.title.toLowerCase()}, one line per ${xLabel.noun} (${series.length}).${finding ? ` ${finding}.` : ''}`,
      alt: `Line chart of ${title.toLowerCase()} against ${sweep.title.toLowerCase()}, ${series.length} line${series.length === 1 ? '' : 's'}.`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields: [{ ...seriesField, title: xLabel.title }, ...fields.slice(1)],
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, ...dash, detail: { field: 'series' } } },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 30, opacity: 1 },
          encoding: { x, y, color, ...shape, tooltip: tooltip(fields) },
        },
        ...spreadLayers(plotted, 'y', { ...x, axis: null }, y),
      ],
      markName: 'points',
      scales: { x: xlog ? 'log' : 'linear', y: 'linear' },
    };
  }

  // Repeated runs: one thing run a few times, a bar per run in run order (dots of two close runs
  // would hide each other); several things, dots, one row per series.
  const runs = conditions.find((c) => c.name === 'run');
  if (runs) {
    const noRun = seriesLabeller(
      rows,
      conditions.map((c) => c.name).filter((n) => n !== 'run'),
    );
    plotted.forEach((r) => (r.series = noRun.of(r)));
    if (plotted.length > distinct(plotted.map((r) => r.series)).length) {
      const series = distinct(plotted.map((r) => r.series));
      // The widest spread among the series that ran more than once, as a claim (claims.mjs).
      const claim = rangeOverRuns(plotted);
      const whose = !claim || claim.series === '(all)' ? `the ${what}` : possessive(claim.series, what);
      const perRun =
        series.length === 1 &&
        plotted.length <= MAX_RUN_BARS &&
        distinct(plotted.map((r) => r.run)).length === plotted.length;
      if (perRun) plotted.sort((a, b) => a.run - b.run);
      // Said once the rows are in their CSV's order: the claim cites them by their place.
      const said = sayClaim('renderRange', plotted, [claim, { whose, unit }]);
      const finding = said.text;
      const x = valueAxis;
      if (perRun) {
        const y = { field: 'run', type: 'ordinal', title: runs.title ?? 'Run', sort: 'ascending' };
        return {
          name: `${slug}-runs`,
          title: `${heading} per run`,
          subtitle: [`${capitalise(statWord(group.statistic))}; one bar per run`, betterWords, spreadNote]
            .filter(Boolean)
            .join('; '),
          description: `${title} (${unit}) of each run${series[0] === '(all)' ? '' : ` of ${series[0]}`}, one bar per run.${finding ? ` ${finding}.` : ''}`,
          alt: `Bar chart of ${title.toLowerCase()}, one bar per run (${plotted.length} runs).`,
          finding,
          claims: said.kept ? [said.kept] : [],
          rows: plotted,
          fields: [{ ...seriesField, title: noRun.title }, ...fields.slice(1)],
          layer: [
            { name: 'bars', mark: { type: 'bar', color: '#0072B2' }, encoding: { y, x, tooltip: tooltip(fields) } },
            ...spreadLayers(plotted, 'x', y, x),
          ],
          markName: 'bars',
          scales: { x: 'linear', y: 'band' },
          size: { width: 640, height: Math.max(160, 30 * plotted.length + 90) },
        };
      }
      const y = { field: 'series', type: 'nominal', title: null, sort: series, axis: { labelLimit: 220 } };
      return {
        name: `${slug}-runs`,
        title: `${heading}, every run`,
        subtitle: [`${capitalise(statWord(group.statistic))}; one dot per run`, betterWords, spreadNote]
          .filter(Boolean)
          .join('; '),
        description: `${title} (${unit}) of each run, one row of dots per ${noRun.noun}.${finding ? ` ${finding}.` : ''}`,
        alt: `Dot plot of ${title.toLowerCase()} per run: ${runCount(plotted)}, one row of dots per ${noRun.noun} (${series.length}).`,
        finding,
        claims: said.kept ? [said.kept] : [],
        rows: plotted,
        fields: [{ ...seriesField, title: noRun.title }, ...fields.slice(1)],
        layer: [
          {
            name: 'points',
            mark: { type: 'point', filled: true, size: 60, opacity: 0.85, color: '#0072B2' },
            encoding: { x, y, tooltip: tooltip(fields) },
          },
          ...spreadLayers(plotted, 'x', y, x),
        ],
        markName: 'points',
        scales: { x: 'linear', y: 'band' },
        size: { width: 640, height: Math.max(200, 30 * series.length + 110) },
      };
    }
    plotted.forEach((r) => (r.series = label.of(r)));
  }

  // One value per subject: sorted bars, best first, with the spread where the report gives one
  // (one value alone is a chart only for its spread: a bar and its error bar).
  if (plotted.length < 2 && !withSpread) return null;
  if (distinct(plotted.map((r) => r.series)).length < plotted.length) return null; // not one value per bar
  plotted.sort((a, b) => (better === 'lower' ? a.shown - b.shown : b.shown - a.shown) || a.line - b.line);
  const first = plotted[0];
  // A claim over a like-with-like group (claims.mjs), or none: the chart then speaks alone.
  const said =
    plotted.length === 1
      ? sayClaim('renderOne', plotted, [oneValue(first), { what, unit }])
      : sayClaim('renderBest', plotted, [
          bestOfGroup(plotted, {
            better,
            conditions: conditions.map((c) => c.name),
            differ: label.differ,
            parts: label.parts,
          }),
          { what, unit },
        ]);
  const finding = said.text;
  // Best first only where the metric has a better direction and the bars are a group a claim holds over
  // (a best figure, or all equal); else the order as it is: lowest or highest first (the build, start
  // and total times of rsx207's LaTeX report), the largest first where no direction is stated (UnixBench's
  // score, iai's counts).
  const ordered =
    better === 'lower' || better === 'higher'
      ? said.kept
        ? 'best first'
        : `${better === 'lower' ? 'lowest' : 'highest'} first`
      : 'largest first';
  const order = plotted.map((r) => r.series);
  const y = { field: 'series', type: 'nominal', title: null, sort: order, axis: { labelLimit: 240 } };
  const x = valueAxis;
  const layer = [
    { name: 'bars', mark: { type: 'bar', color: '#0072B2' }, encoding: { y, x, tooltip: tooltip(fields) } },
  ];
  layer.push(...spreadLayers(plotted, 'x', y, x));
  return {
    name: `${slug}-by-${label.key}`,
    title: `${heading} by ${label.title.toLowerCase()}`,
    subtitle: [
      group.statistic === 'value' ? `Sorted ${ordered}` : `${capitalise(statWord(group.statistic))}, sorted ${ordered}`,
      betterWords,
      spreadNote,
    ]
      .filter(Boolean)
      .join('; '),
    description: `${title} (${unit}) of each ${label.noun} (${plotted.length}), ${ordered}.${finding ? ` ${finding}.` : ''}`,
    alt: `Bar chart of ${title.toLowerCase()}, one bar per ${label.noun} (${plotted.length}).`,
    finding,
    claims: said.kept ? [said.kept] : [],
    ...(finding ? { headline: finding } : {}),
    rows: plotted,
    fields,
    layer,
    markName: 'bars',
    scales: { x: 'linear', y: 'band' },
    size: { width: 640, height: Math.max(220, 30 * plotted.length + 90) },
  };
}

/** A statistic in a subtitle: "Median", "99th percentile", "the value given" (model.mjs's words). */
const statWord = (s) => (/^p\d/.test(s) ? statisticWords(s) : STATISTIC_ADJECTIVES[s] || 'the value given');
/**
 * Colour (and, where colours repeat, shape and dash) of the series of one chart: an entity's own
 * style when every series names an entity of one family (Erlang is vermillion here too), else the
 * palette in order (palette.mjs).
 */
function styleOf(series, title) {
  const family = Object.keys(FAMILIES).find((ns) => series.every((n) => entityOf(ns, n)));
  const styles = entityStyles(family ?? 'series', series);
  const enc = (channel, scale) => ({ [channel]: { field: 'series', type: 'nominal', title, scale } });
  return {
    color: enc('color', styles.color).color,
    shape: styles.needsShape ? enc('shape', styles.shape) : {},
    dash: styles.needsShape ? enc('strokeDash', styles.dash) : {},
  };
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Transfer rate" -> "transfer rate"; an acronym stays ("CPU time"). */
const lowerFirst = (s) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** How many runs the rows hold (each row of dots has one dot per run). */
/**
 * How many runs a dot plot draws, in words: "5 runs" when every series ran the same runs, else "up to
 * 27 runs" (the most one series ran; a row with no run number is one run of its series).
 */
function runCount(rows) {
  const runsOf = new Map();
  for (const r of rows) runsOf.set(r.series, [...(runsOf.get(r.series) ?? []), r.run ?? '']);
  const sets = [...runsOf.values()].map((runs) => distinct(runs).sort().join('\u0000'));
  const most = Math.max(...[...runsOf.values()].map((runs) => distinct(runs).length));
  return `${distinct(sets).length > 1 ? 'up to ' : ''}${num(most)} run${most === 1 ? '' : 's'}`;
}

/** Whether a condition takes 3+ distinct values within some series (the rows minus that condition). */
function sweeps(rows, name) {
  const values = distinct(rows.map((r) => r[name]).filter((v) => typeof v === 'number'));
  return values.length >= 3;
}
