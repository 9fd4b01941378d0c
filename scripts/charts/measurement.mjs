// Charts by shape, for the measurement model's table (kind "measurement"): a report of any format
// gets charts chosen from its measurements, with no builder of its own. Rows projected from a
// per-kind table of the report are left to that kind's charts (its dedicated builder, where it has
// one, draws what matters of them; the table and downloads keep the rest): the shapes here draw
// what adapters and the table fallback read.
//
// The shapes, for each metric, statistic and unit the rows hold (the most numerous first):
//   - percentiles (p50 ... p99.99) of a metric: a distribution, one line per series, the
//     percentiles evenly spaced, log y when the values span decades;
//   - a numeric condition that varies (threads, connections, size, rate, ...): lines, one per series;
//   - the same thing measured in repeated runs (a `run` condition): dots, one row of dots per series;
//   - otherwise one value per subject: sorted bars, best first, with the spread the report gives.
import { measureGroups, seriesLabeller } from './shared/measures.mjs';
import { FAMILIES, entityOf, entityStyles } from './shared/palette.mjs';
import { THOUSANDS, distinct, logTicks, maxOf, minOf, spansDecades, tooltip } from './shared/spec.mjs';
import { num, times } from './shared/format.mjs';
import { metricTitle } from '../data/measure/model.mjs';

/** A canonical unit as a reader writes it (us -> µs). */
const unitLabel = (u) => (u === 'us' ? 'µs' : u === 'ops/us' ? 'ops/µs' : u);
/** A value with its unit in a sentence: "2.1 ms", "5,560" (a count needs no word). */
const withUnit = (v, unit) => (unit === 'count' ? num(v, 2) : `${num(v, 2)} ${unit}`);

/** The most charts one report's measurements give (the data table and downloads keep every row). */
export const MAX_CHARTS = 8;

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f, tables }) {
  const perKind = new Set(
    Object.values(tables ?? {})
      .filter((t) => t.table.kind !== 'measurement')
      .map((t) => t.table.id),
  );
  const own = rows.filter((r) => !perKind.has(r.source_table));
  if (own.length < 2) return [];
  const conditions = Object.values(f).filter((x) => x['x-condition'] || isCondition(x.name, f));
  const charts = [];
  for (const group of measureGroups(own)) {
    if (charts.length >= MAX_CHARTS) break;
    const chart = chartOf(group, f, conditions);
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

const STAT_WORDS = {
  value: '',
  mean: 'mean',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  total: 'total',
  stdev: 'standard deviation',
  mode: 'mode',
};

function chartOf(group, f, conditions) {
  const { metric, rows, percentiles } = group;
  const unit = unitLabel(group.unit);
  const title = `${metricTitle(metric)}${!percentiles && /^p\d/.test(group.statistic) ? `, ${group.statistic}` : ''}`;
  const valueField = { name: 'value', title, unit, type: 'number' };
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
    valueField,
    f.spread_kind,
    f.spread,
    f.lower,
    f.upper,
    ...conditions,
    f.seed,
    f.line,
  ].filter(Boolean);
  const uniq = (xs) => xs.filter((x, i) => xs.findIndex((y) => y.name === x.name) === i);
  const fields = uniq(keep);
  const better = rows[0].better;
  const betterWords = better === 'higher' ? 'higher is better' : better === 'lower' ? 'lower is better' : '';
  const plotted = rows.map((r) => ({ ...r, series: label.of(r) }));
  const slug = `${metric}-${percentiles ? 'percentiles' : group.statistic}-${group.unit}`
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase();

  if (percentiles) {
    const pct = (r) => Number(r.statistic.slice(1));
    plotted.forEach((r) => (r.percentile = pct(r)));
    plotted.sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) || a.percentile - b.percentile);
    const pField = { name: 'percentile', title: 'Percentile', unit: '%', type: 'number' };
    const ys = plotted.map((r) => r.value).filter((v) => v > 0);
    const ylog = spansDecades(ys);
    const series = distinct(plotted.map((r) => r.series));
    const top = maxOf(plotted.map((r) => r.percentile));
    const tails = plotted.filter((r) => r.percentile === top).sort((a, b) => a.value - b.value);
    const finding =
      tails.length > 1 && tails[0].value !== tails.at(-1).value
        ? `At the ${num(top, 3)}th percentile, ${title.toLowerCase()} ranged from ${num(tails[0].value, 2)} ${unit} (${tails[0].series}) to ${num(tails.at(-1).value, 2)} ${unit} (${tails.at(-1).series})`
        : `At the ${num(top, 3)}th percentile, ${title.toLowerCase()} was ${num(tails[0].value, 2)} ${unit}`;
    const x = {
      field: 'percentile',
      type: 'ordinal',
      title: 'Percentile (%), evenly spaced',
      sort: 'ascending',
      scale: { type: 'point', padding: 0.3 },
      axis: { labelAngle: 0, labelOverlap: 'greedy' },
    };
    const y = {
      field: 'value',
      type: 'quantitative',
      title: `${title} (${unit}${ylog ? ', log scale' : ''})`,
      scale: ylog ? { type: 'log' } : { zero: true },
      axis: { ...THOUSANDS, ...(ylog ? { values: logTicks(ys) } : {}) },
    };
    const { color, shape, dash } = styleOf(series, label.title);
    return {
      name: `${slug}`,
      title: `${title} by percentile`,
      subtitle: [`One line per ${label.title.toLowerCase()}${ylog ? '; log y axis' : ''}`, betterWords]
        .filter(Boolean)
        .join('; '),
      description: `${title} (${unit}) at each percentile the report gives, one line per ${label.title.toLowerCase()} (${series.length}). ${finding}.`,
      alt: `Line chart of ${title.toLowerCase()} against percentile, ${series.length} line${series.length === 1 ? '' : 's'}.`,
      finding,
      rows: plotted,
      fields: [...fields.slice(0, 1), pField, ...fields.slice(1)],
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, ...dash, detail: { field: 'series' } } },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 30, opacity: 1 },
          encoding: { x, y, color, ...shape, tooltip: tooltip([...fields, pField]) },
        },
      ],
      markName: 'points',
      scales: { x: 'point', y: ylog ? 'log' : 'linear' },
    };
  }

  // A numeric condition that takes three or more values within a series: lines over it.
  const sweep = conditions.find(
    (c) => (c.type === 'integer' || c.type === 'number') && c.name !== 'run' && sweeps(plotted, c.name),
  );
  if (sweep) {
    const xLabel = seriesLabeller(
      rows,
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
    const best = [...plotted].sort((a, b) => (better === 'lower' ? a.value - b.value : b.value - a.value))[0];
    const finding = `${best.series === '(all)' ? 'The best' : best.series} reached ${num(best.value, 2)} ${unit} at ${sweep.title.toLowerCase()} ${num(best[sweep.name])}`;
    const x = {
      field: sweep.name,
      type: 'quantitative',
      title: sweep.unit && !sweep.title.includes(sweep.unit) ? `${sweep.title} (${sweep.unit})` : sweep.title,
      scale: xlog ? { type: 'log' } : { zero: false },
      axis: { ...THOUSANDS, labelOverlap: 'greedy' },
    };
    const y = {
      field: 'value',
      type: 'quantitative',
      title: `${title} (${unit})`,
      scale: { zero: true },
      axis: THOUSANDS,
    };
    const { color, shape, dash } = styleOf(series, xLabel.title);
    return {
      name: `${slug}-by-${sweep.name}`.replace(/_/g, '-'),
      title: `${title} by ${sweep.title.toLowerCase()}`,
      subtitle: [`${capitalise(statWord(group.statistic))}; one line per ${xLabel.title.toLowerCase()}`, betterWords]
        .filter(Boolean)
        .join('; '),
      description: `${title} (${unit}) against ${sweep.title.toLowerCase()}, one line per ${xLabel.title.toLowerCase()} (${series.length}). ${finding}.`,
      alt: `Line chart of ${title.toLowerCase()} against ${sweep.title.toLowerCase()}, ${series.length} line${series.length === 1 ? '' : 's'}.`,
      finding,
      rows: plotted,
      fields: [{ ...seriesField, title: xLabel.title }, ...fields.slice(1)],
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, ...dash, detail: { field: 'series' } } },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 30, opacity: 1 },
          encoding: { x, y, color, ...shape, tooltip: tooltip(fields) },
        },
      ],
      markName: 'points',
      scales: { x: xlog ? 'log' : 'linear', y: 'linear' },
    };
  }

  // Repeated runs of one thing: dots, one row per series.
  const runs = conditions.find((c) => c.name === 'run');
  if (runs) {
    const noRun = seriesLabeller(
      rows,
      conditions.map((c) => c.name).filter((n) => n !== 'run'),
    );
    plotted.forEach((r) => (r.series = noRun.of(r)));
    if (plotted.length > distinct(plotted.map((r) => r.series)).length) {
      const series = distinct(plotted.map((r) => r.series));
      const spread = series.map((s) => plotted.filter((r) => r.series === s).map((r) => r.value));
      const widest = spread
        .map((v, i) => ({ s: series[i], lo: minOf(v), hi: maxOf(v), n: v.length }))
        .sort((a, b) => b.hi / (b.lo || 1) - a.hi / (a.lo || 1))[0];
      const finding = `Over ${widest.n} runs, ${widest.s === '(all)' ? 'the' : `${widest.s}'s`} ${title.toLowerCase()} ranged from ${num(widest.lo, 2)} to ${num(widest.hi, 2)} ${unit}${widest.lo > 0 ? ` (${times(widest.hi / widest.lo)})` : ''}`;
      const x = {
        field: 'value',
        type: 'quantitative',
        title: `${title} (${unit})`,
        scale: { zero: true },
        axis: THOUSANDS,
      };
      const y = { field: 'series', type: 'nominal', title: null, sort: series, axis: { labelLimit: 220 } };
      return {
        name: `${slug}-runs`,
        title: `${title}, every run`,
        subtitle: [`${capitalise(statWord(group.statistic))}; one dot per run`, betterWords].filter(Boolean).join('; '),
        description: `${title} (${unit}) of each run, one row of dots per ${noRun.title.toLowerCase()}. ${finding}.`,
        alt: `Dot plot of ${title.toLowerCase()} per run, ${plotted.length} runs.`,
        finding,
        rows: plotted,
        fields: [{ ...seriesField, title: noRun.title }, ...fields.slice(1)],
        layer: [
          {
            name: 'points',
            mark: { type: 'point', filled: true, size: 60, opacity: 0.85, color: '#0072B2' },
            encoding: { x, y, tooltip: tooltip(fields) },
          },
        ],
        markName: 'points',
        scales: { x: 'linear', y: 'band' },
        size: { width: 640, height: Math.max(120, 28 * series.length + 60) },
      };
    }
    plotted.forEach((r) => (r.series = label.of(r)));
  }

  // One value per subject: sorted bars, best first, with the spread where the report gives one.
  if (plotted.length < 2) return null;
  if (distinct(plotted.map((r) => r.series)).length < plotted.length) return null; // not one value per bar
  plotted.sort((a, b) => (better === 'lower' ? a.value - b.value : b.value - a.value) || a.line - b.line);
  for (const r of plotted) {
    const s = typeof r.spread === 'number' ? r.spread : null;
    r.lo = typeof r.lower === 'number' ? r.lower : s !== null ? r.value - s : null;
    r.hi = typeof r.upper === 'number' ? r.upper : s !== null ? r.value + s : null;
  }
  const withSpread = plotted.some((r) => r.lo !== null);
  const [first, last] = [plotted[0], plotted.at(-1)];
  const ratio = better === 'lower' ? last.value / first.value : first.value / last.value;
  const word = better === 'lower' ? 'lowest' : better === 'higher' ? 'highest' : 'largest';
  const apart = plotted.length > 1 && Number.isFinite(ratio) && ratio >= 1.05;
  const finding = `${first.series} had the ${word} ${title.toLowerCase()}: ${withUnit(first.value, unit)}${
    apart
      ? `, ${times(ratio)} ${better === 'lower' ? 'less than' : 'that of'} ${last.series} (${withUnit(last.value, unit)})`
      : plotted.length > 1
        ? `, within 5 % of every other (${last.series}: ${withUnit(last.value, unit)})`
        : ''
  }`;
  const order = plotted.map((r) => r.series);
  const y = { field: 'series', type: 'nominal', title: null, sort: order, axis: { labelLimit: 240 } };
  const x = {
    field: 'value',
    type: 'quantitative',
    title: `${title} (${unit})`,
    scale: { zero: true },
    axis: THOUSANDS,
  };
  const loField = { name: 'lo', title: 'Spread from', unit, type: 'number' };
  const hiField = { name: 'hi', title: 'Spread to', unit, type: 'number' };
  const layer = [
    { name: 'bars', mark: { type: 'bar', color: '#0072B2' }, encoding: { y, x, tooltip: tooltip(fields) } },
  ];
  if (withSpread)
    layer.push({
      mark: { type: 'rule', strokeWidth: 1.5, color: '#D55E00' },
      encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
    });
  return {
    name: `${slug}-by-${label.key}`,
    title: `${title} by ${label.title.toLowerCase()}`,
    subtitle: [
      group.statistic === 'value' ? 'Sorted best first' : `${capitalise(statWord(group.statistic))}, sorted best first`,
      betterWords,
      withSpread ? 'lines: the spread the report gives' : '',
    ]
      .filter(Boolean)
      .join('; '),
    description: `${title} (${unit}) of each ${label.title.toLowerCase()} (${plotted.length}), best first. ${finding}.`,
    alt: `Bar chart of ${title.toLowerCase()}, one bar per ${label.title.toLowerCase()} (${plotted.length}).`,
    finding,
    headline: finding,
    rows: plotted,
    fields: withSpread ? [...fields.slice(0, -2), loField, hiField, ...fields.slice(-2)] : fields,
    layer,
    markName: 'bars',
    scales: { x: 'linear', y: 'band' },
    size: { width: 640, height: Math.max(220, 30 * plotted.length + 90) },
  };
}

const statWord = (s) => STAT_WORDS[s] || (/^p\d/.test(s) ? `${s.slice(1)}th percentile` : 'the value given');
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

/** Whether a condition takes 3+ distinct values within some series (the rows minus that condition). */
function sweeps(rows, name) {
  const values = distinct(rows.map((r) => r[name]).filter((v) => typeof v === 'number'));
  return values.length >= 3;
}
