// Two chart shapes that several kinds share: latency percentile curves (one line per series, the
// percentiles evenly spaced so that the tail gets room, log y when the values span decades) and a
// bar per run (requests/s of each run of an ab or wrk report). Builders pass their fields and words.
import { PALETTE, entityStyles } from './palette.mjs';
import { capital } from './format.mjs';
import { distinct, spanChannel, titleWithUnit, tooltip, zeroChannel } from './spec.mjs';

/**
 * @param {object} o
 * @param {object[]} o.rows        each with `series` (the line's name), `percentile` and o.value
 * @param {string} o.value         the latency field
 * @param {object} o.valueField    its field (title, unit)
 * @param {object} o.percentileField
 * @param {string} o.seriesTitle   legend title
 * @param {object[]} o.fields      tooltip fields
 * @param {object} [o.dash]        a strokeDash encoding
 * @param {object} [o.by]          colour by another field than the series: { field, title, styles } with
 *                                 styles from palette.mjs entityStyles (shape added where it needs one)
 */
export function percentileLayers({ rows, value, valueField, percentileField, seriesTitle, fields, dash, by }) {
  const ys = rows.map((r) => r[value]).filter((v) => v > 0);
  const { channel: y, log: ylog } = spanChannel(value, ys, (log) => titleWithUnit(valueField, log ? 'log scale' : ''));
  const series = distinct(rows.map((r) => r.series));
  // Many percentiles (CloudI 2.0's 0 to 100, with 99.9, 99.99, 99.999): every label, slanted so that
  // none overlaps; a few: level, thinned where they would overlap.
  const crowded = distinct(rows.map((r) => r.percentile)).length > 10;
  const x = {
    field: 'percentile',
    type: 'ordinal',
    title: `${titleWithUnit(percentileField)}, evenly spaced`,
    sort: 'ascending',
    scale: { type: 'point', padding: 0.3 },
    axis: crowded ? { labelAngle: -45, labelOverlap: false } : { labelAngle: 0, labelOverlap: 'greedy' },
  };
  const styles = by?.styles ?? entityStyles('series', series);
  const field = by?.field ?? 'series';
  const title = by?.title ?? seriesTitle;
  const color = { field, type: 'nominal', title, scale: styles.color };
  const shape = styles.needsShape ? { shape: { field, type: 'nominal', title, scale: styles.shape } } : {};
  // Without a dash of its own, a line whose colour repeats takes its style's dash.
  const lineDash = dash ?? (styles.needsShape ? { field, type: 'nominal', title, scale: styles.dash } : undefined);
  return {
    ylog,
    layer: [
      {
        mark: { type: 'line', strokeWidth: 1.5 },
        encoding: { x, y, color, detail: { field: 'series' }, ...(lineDash ? { strokeDash: lineDash } : {}) },
      },
      {
        name: 'points',
        mark: { type: 'point', filled: true, size: 36, opacity: 1 },
        encoding: { x, y, color, ...shape, tooltip: tooltip(fields) },
      },
    ],
  };
}

/** A bar per run: x the run, y o.value from zero. */
export function runBars({ value, valueField, fields }) {
  return [
    {
      name: 'bars',
      mark: { type: 'bar', color: PALETTE[0] },
      encoding: {
        x: { field: 'series', type: 'nominal', title: 'Run', sort: null, axis: { labelAngle: 0 } },
        y: zeroChannel(value, valueField),
        tooltip: tooltip(fields),
      },
    },
  ];
}

/** The field of the series a run is drawn as ("Run 2"), first among a per-run chart's fields. */
export const RUN_SERIES = {
  name: 'series',
  type: 'string',
  title: 'Run',
  description: 'The line or bar the row is drawn in.',
};

/**
 * A per-run percentile table (ab, wrk) as curves: one series per run, rows in run and percentile
 * order, and the fields its CSV keeps (the run, its label, `extra`, percentile, value, provenance).
 * @param {object[]} rows
 * @param {Record<string, object>} f the table's fields
 * @param {string} value the field plotted up
 * @param {object[]} [extra] fields kept between the run and the percentile
 */
export function perRunPercentiles(rows, f, value, extra = []) {
  const fields = [RUN_SERIES, f.run, ...(f.label ? [f.label] : []), ...extra, f.percentile, f[value], f.seed, f.line];
  const plotted = runRows(rows, (a, b) => a.percentile - b.percentile);
  const { ylog, layer } = percentileLayers({
    rows: plotted,
    value,
    valueField: f[value],
    percentileField: f.percentile,
    seriesTitle: 'Run',
    fields,
  });
  return { fields, plotted, ylog, layer };
}

/** The name of a run on a chart: "Run 2" (labels may be in a script the chart font lacks; they stay in the tooltip). */
export const runName = (r) => `Run ${r.run}`;

/** Rows of a per-run table with their series ("Run 2"), in run order (then `then`'s). */
export function runRows(rows, then = () => 0) {
  return rows.map((r) => ({ ...r, series: runName(r) })).sort((a, b) => a.run - b.run || then(a, b));
}

/** The subtitle of a per-run percentile chart. */
export const percentileSubtitle = (ylog) => `Percentiles evenly spaced${ylog ? '; log y axis' : ''}`;

/**
 * A percentile chart: what a builder says of it (name, title, subtitle, description, alt, finding,
 * size) and the curves of percentileLayers / perRunPercentiles, the points its marks.
 */
export function percentileChart(words, { rows, fields, ylog, layer }) {
  return { ...words, rows, fields, layer, markName: 'points', scales: { x: 'point', y: ylog ? 'log' : 'linear' } };
}

/**
 * The requests/s of each run of an ab or wrk report as a bar per run.
 * @param {string} tool "ab", "wrk": in the title and alt text
 * @param {{ subtitle: string, description: string, finding: string }} words
 * @param {object[]} rows from runRows
 * @param {object[]} fields tooltip and CSV fields
 * @param {Record<string, object>} f the table's fields
 */
export function requestsPerRunChart(tool, { subtitle, description, finding }, rows, fields, f) {
  return {
    name: 'requests-per-second',
    title: `${tool}: requests per second, per run`,
    subtitle,
    description,
    alt: `Bar chart of requests per second, one bar per ${tool} run (${rows.length} runs).`,
    finding: capital(finding),
    rows,
    fields,
    layer: runBars({ value: 'requests_per_second', valueField: f.requests_per_second, fields }),
    markName: 'bars',
    scales: { x: 'band', y: 'linear' },
    size: { width: 640, height: 300 },
  };
}
