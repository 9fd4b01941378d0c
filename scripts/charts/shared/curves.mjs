// Latency percentile curves for a per-kind builder (CloudI 2.0's request latency): one line per
// series, the percentiles evenly spaced so that the tail gets room, log y when the values span
// decades. The measurement model's charts draw their own (measurement.mjs). Builders pass their
// fields and words.
import { entityStyles } from './palette.mjs';
import { distinct, spanChannel, titleWithUnit, tooltip } from './spec.mjs';

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

/**
 * A percentile chart: what a builder says of it (name, title, subtitle, description, alt, finding,
 * size) and the curves of percentileLayers, the points its marks.
 */
export function percentileChart(words, { rows, fields, ylog, layer }) {
  return { ...words, rows, fields, layer, markName: 'points', scales: { x: 'point', y: ylog ? 'log' : 'linear' } };
}
