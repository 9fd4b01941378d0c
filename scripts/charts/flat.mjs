// A planned chart as the render loop takes it (build-charts.mjs, and the render workers that plan the
// atlas's charts: render-worker.mjs): one place, so that a plan made in a worker and one made on the
// main thread are the same bytes.
import { toCsv } from '../lib/csv.mjs';
import { jsonText } from '../lib/json.mjs';
import { checkTitle } from './not-drawn.mjs';
import { planComparisonCharts } from './comparisons.mjs';
import { planSubjectCharts } from './subjects.mjs';

/**
 * A chart as the render loop takes it: its spec as the text it is published as, the plotted rows
 * as CSV text and their count, the narrow layout's hints, the class of its marks, its index entry.
 * Fails when a title is wider than the chart (it would be cut off at the edge).
 */
export function flatChart(chart, measure) {
  const { spec } = chart;
  checkTitle(spec, chart.id, measure);
  return {
    id: chart.id,
    specJson: jsonText(spec),
    narrow: chart.narrow ?? {},
    rows: chart.rows.length,
    csv: toCsv(
      chart.rows,
      chart.fields.map((f) => f.name),
    ),
    markClass: chart.markClass,
    entry: chart.entry,
  };
}

/**
 * The charts of one comparison (comparisons.mjs) or one subject (subjects.mjs), flat (each with its
 * index entry): the unit the atlas's charts are planned and cached in (build-charts.mjs), in a worker.
 * @param {'comparison'|'subject'} what
 * @param {object} item a comparison (data/atlas/comparisons/<id>.json), or a subject (data/atlas/subjects/<id>.json)
 * @param {Record<string, { name: string }>} platforms data/platforms.json (subjects name them)
 * @param {(text: string, size: number, weight?: string) => number} measure render.mjs loadFonts().measure
 * @returns {{ charts: object[], singles: Record<string, object> }} singles: a subject's sentence when it has one figure and no chart
 */
export function planAtlasItem(what, item, platforms, measure) {
  const { charts, singles = {} } =
    what === 'comparison'
      ? planComparisonCharts({ comparisons: [item] })
      : planSubjectCharts({ subjects: [item] }, platforms);
  return { charts: charts.map((c) => flatChart(c, measure)), singles };
}
