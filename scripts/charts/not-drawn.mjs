// A report's chart that cannot be drawn falls back to its table, with the reason, instead of failing
// the build: checkTitle and checkDrawing say whether a chart is whole (its title within its width,
// one mark per plotted row in both layouts, no text under the narrow minimum), notDrawn takes a
// chart out of the index and lists it as not drawn, with why (the report page says so and links
// the table), and drawReport runs all of it on one report (add-report, before it says done).
import { countMarks, load, loadFonts, renderChart } from './render.mjs';
import { planCharts } from './plan.mjs';
import { NARROW_MIN_FONT, fontSizes } from './shared/layouts.mjs';

/** A title or subtitle wider than the chart would be cut off at its edge: refused. */
export function checkTitle(spec, id, measure) {
  const room = spec.width - 2 * spec.config.padding;
  const { title } = spec.config;
  const subtitles = [spec.title.subtitle ?? []].flat();
  for (const [text, size, weight] of [
    [spec.title.text, title.fontSize, 'bold'],
    ...subtitles.map((t) => [t, title.subtitleFontSize, 'normal']),
  ]) {
    if (measure(text, size, weight) > room)
      throw new Error(`${id}: title too wide for ${spec.width} pixels: ${JSON.stringify(text)}`);
  }
}

/**
 * A report's chart that cannot be drawn (a title wider than the chart, marks that do not match its
 * rows, a spec Vega refuses) is left out with the reason: the report page says so and points to
 * the table, which holds every row. No report can break the build. Returns the warning to print.
 * @param {object} index charts.json as it is being built
 * @param {object} entry the chart's index entry
 * @param {string} reason
 */
export function notDrawn(index, entry, reason) {
  const slug = entry.report;
  const why = reason.replace(new RegExp(`^${entry.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `), '');
  delete index.charts[entry.id];
  if (index.reports[slug]) index.reports[slug] = index.reports[slug].filter((id) => id !== entry.id);
  if (index.reports[slug]?.length === 0) delete index.reports[slug];
  const byTable = index.by_table[slug]?.[entry.table];
  if (byTable) index.by_table[slug][entry.table] = byTable.filter((id) => id !== entry.id);
  (index.not_drawn[slug] ??= []).push({ name: entry.name, title: entry.title, table: entry.table, reason: why });
  // Its sentence goes with it: the report's findings list only what a drawn chart shows, and a
  // headline that was this chart's gives way to the next drawn chart's finding.
  const findings = index.findings?.[slug];
  if (findings && entry.finding) {
    const same = (s) => String(s ?? '').replace(/\.$/, '') === entry.finding.replace(/\.$/, '');
    findings.items = findings.items.filter((s) => !same(s));
    if (same(findings.headline)) findings.headline = findings.items[0] ?? null;
    if (!findings.items.length) delete index.findings[slug];
  }
  return `${entry.id} not drawn (${why}); the report page shows its table instead`;
}

/** A drawing holds one mark per plotted row in both layouts, and no text under the narrow minimum. */
export function checkDrawing(chart, r) {
  // (The standalone drawing is the wide one with a title: its marks are those.)
  for (const [layout, svg] of [
    ['wide', r.svgWide],
    ['narrow', r.svgNarrow],
  ]) {
    const marks = countMarks(svg, chart.markClass);
    if (marks !== chart.rows) {
      throw new Error(
        `${chart.id}: the ${layout} SVG has ${marks} ${chart.markClass} items for ${chart.rows} plotted rows`,
      );
    }
  }
  const small = Math.min(...fontSizes(r.svgNarrow));
  if (small < NARROW_MIN_FONT) throw new Error(`${chart.id}: the narrow layout has text of ${small} px`);
}

/**
 * The chart stage on one report, as the build will run it: its charts planned, checked and drawn.
 * @param {object} report the report's document (data/reports/<slug>.json)
 * @param {Record<string, string>} csvTexts its tables' CSV texts by path (as in report.tables[].path)
 * @returns {Promise<{ drawn: string[], notDrawn: Array<{ title: string, reason?: string, rows?: number, limit?: number }> }>}
 */
export async function drawReport(report, csvTexts) {
  await load();
  const { measure } = loadFonts();
  const { charts, index } = planCharts([report], csvTexts);
  const drawn = [];
  for (const c of charts) {
    try {
      checkTitle(c.spec, c.id, measure);
      checkDrawing(
        { id: c.id, markClass: c.markClass, rows: c.rows.length },
        await renderChart(c.spec, c.id, c.narrow),
      );
      drawn.push(c.entry.title);
    } catch (e) {
      notDrawn(index, c.entry, e.message);
    }
  }
  return { drawn, notDrawn: index.not_drawn[report.slug] ?? [] };
}
