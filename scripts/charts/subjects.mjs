// Charts of the atlas's subjects (data/atlas/subjects.json): for each client, language or server, its
// best figures across every report that measured it, in report order (date, then slug), one point
// per figure on the x axis by report date (and run), the platform marked by shape, one colour and
// line per measure (metric and table) when the subject has several. Pure, like comparisons.mjs:
// subjects in, chart definitions out ({ id, spec, rows, fields, markClass, entry }), which
// build-charts.mjs renders, caches and writes with the other charts; the entries go to charts.json
// under `subjects` (by chart id). A subject with fewer than two figures gets no chart: one point
// says nothing a sentence cannot, and the subject page says it in a sentence (`single`).
import { capital, list, num } from './shared/format.mjs';
import { colorScale } from './shared/palette.mjs';
import { THOUSANDS, assemble, tooltip } from './shared/spec.mjs';

const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-left'];
const WIDTH = 640;
const HEIGHT = 300;
/** The fewest figures worth a chart. */
export const MIN_FIGURES = 2;

const FIELDS = [
  { name: 'column', title: 'Report date', type: 'string' },
  { name: 'report', title: 'Report', type: 'string' },
  { name: 'report_title', title: 'Report title', type: 'string' },
  { name: 'date', title: 'Date', type: 'string' },
  { name: 'run', title: 'Run', type: 'string' },
  { name: 'platform', title: 'Platform', type: 'string' },
  { name: 'series', title: 'Measure', type: 'string' },
  { name: 'value', title: 'Value', type: 'number' },
  { name: 'seed', title: 'Seed', type: 'string' },
  { name: 'line', title: 'Line', type: 'integer' },
];

/** The platform that ran the measured software: a client or the one system, else the first. */
function platformOf(report, platforms) {
  const ps = report.platforms ?? [];
  const p = ps.find((x) => x.machine === 'client') ?? ps.find((x) => x.machine === 'system') ?? ps[0];
  return p ? (platforms[p.id]?.name ?? p.id) : 'unknown platform';
}

/**
 * The figures of a subject that have a value, as plotted rows, in report order; the measure of each
 * is its metric's title and the table's, so that figures of one table across reports are one series.
 */
export function subjectRows(subject, platforms = {}) {
  const rows = [];
  for (const r of subject.reports) {
    const figures = (r.figures ?? []).filter((f) => typeof f.value === 'number');
    const runs = new Set(figures.map((f) => f.group?.run ?? ''));
    for (const f of figures) {
      const table = (r.tables ?? []).find((t) => t.table === f.table);
      const run = f.group?.run ?? '';
      rows.push({
        // A run named by its date is the report's date; any other run is told apart by its name.
        column: runs.size > 1 && run !== r.date ? `${r.date} (${run})` : r.date,
        report: r.report,
        report_title: r.title,
        date: r.date,
        run,
        platform: platformOf(r, platforms),
        series: table?.title ?? f.metric_title,
        metric_title: f.metric_title,
        value: f.value,
        unit: f.unit,
        seed: f.seed,
        line: f.line,
      });
    }
  }
  return rows;
}

/** One subject's chart definition, or null when it has fewer than MIN_FIGURES figures of one unit. */
function subjectChart(subject, platforms) {
  const all = subjectRows(subject, platforms);
  // One y axis: the unit most figures have (every subject has one unit today: requests/s).
  const units = [...new Set(all.map((r) => r.unit))];
  const unit = units.sort((a, b) => all.filter((r) => r.unit === b).length - all.filter((r) => r.unit === a).length)[0];
  const kept = all.filter((r) => r.unit === unit);
  const metricTitles = [...new Set(kept.map((r) => r.metric_title))];
  const rows = kept.map(({ unit: _u, metric_title: _m, ...r }) => r);
  if (rows.length < MIN_FIGURES) return null;
  const id = `subject--${subject.id}`;
  const columns = [...new Set(rows.map((r) => r.column))];
  const series = [...new Set(rows.map((r) => r.series))];
  const shapes = [...new Set(rows.map((r) => r.platform))];
  const reports = [...new Set(rows.map((r) => r.report))];
  const several = series.length > 1;
  const x = {
    field: 'column',
    type: 'ordinal',
    title: rows.some((r) => r.run && r.column !== r.date) ? 'Report date (run)' : 'Report date',
    sort: columns,
    // The run under its date, on a second line: a narrow column keeps both whole.
    axis: { labelAngle: 0, labelLimit: 140, labelExpr: "split(replace(datum.label, ' (', '|('), '|')" },
  };
  const y = {
    field: 'value',
    type: 'quantitative',
    title: capital(unit || 'value'),
    scale: { zero: true },
    axis: THOUSANDS,
  };
  const color = {
    field: 'series',
    type: 'nominal',
    title: 'Measure',
    scale: colorScale('subject', series),
    legend: several ? { orient: 'bottom', direction: 'vertical', labelLimit: WIDTH - 60 } : null,
  };
  const shape = {
    field: 'platform',
    type: 'nominal',
    title: 'Platform',
    scale: { domain: shapes, range: shapes.map((_, i) => SHAPES[i % SHAPES.length]) },
    legend: { orient: 'bottom', direction: 'vertical', labelLimit: WIDTH - 60 },
  };
  const best = rows.reduce((a, b) => (b.value > a.value ? b : a));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const title = `${subject.name}: best figure in each report`;
  const subtitle = several
    ? `${series.length} measures, ${rows.length} figures from ${reports.length} report${reports.length === 1 ? '' : 's'}`
    : `${metricTitles[0]}: ${rows.length} figures from ${reports.length} report${reports.length === 1 ? '' : 's'}`;
  const finding =
    reports.length > 1 && !several
      ? `From ${num(first.value)} ${unit} (${first.column}, ${first.platform}) to ${num(last.value)} ${unit} (${last.column}, ${last.platform}); the highest is ${num(best.value)} ${unit} (${best.column})`
      : `The highest is ${num(best.value)} ${unit} (${best.series}, ${best.column})`;
  const chart = {
    title,
    subtitle,
    description: `${subject.name}'s best figure in ${reports.length === 1 ? 'its report' : `each of the ${reports.length} reports that measured it`}, one point per figure (${rows.length}), by report date${several ? ', one colour per measure' : ''}, the platform by shape: ${list(shapes)}. ${finding}.`,
    alt: `Points over report dates: ${subject.name}'s best ${unit} in each report, the platform by shape${several ? ', the measure by colour' : ''}.`,
    finding,
    rows,
    fields: FIELDS.map((f) => (f.name === 'value' ? { ...f, title: 'Best figure', unit } : f)),
    size: { width: WIDTH, height: HEIGHT + 18 * (shapes.length + (several ? series.length + 1 : 0)) },
    layer: [
      {
        mark: { type: 'line', strokeWidth: 1.5, opacity: 0.6 },
        encoding: { x, y, color, detail: { field: 'series' } },
      },
      // The value beside each point, so the chart reads without a tooltip.
      {
        mark: { type: 'text', dy: -12, fontSize: 11 },
        encoding: { x, y, text: { field: 'value', type: 'quantitative', format: ',' } },
      },
      {
        name: 'points',
        mark: { type: 'point', filled: true, opacity: 0.95, size: 90 },
        encoding: {
          x,
          y,
          color,
          shape,
          tooltip: tooltip(FIELDS.filter((f) => !['column', 'report'].includes(f.name))),
        },
      },
    ],
  };
  const usermeta = {
    id,
    subject: subject.id,
    subjectUrl: `/subjects/${subject.id}/`,
    seeds: [...new Set(rows.map((r) => r.seed))].sort(),
    dataCsv: `/charts/${id}.csv`,
  };
  const spec = assemble(chart, usermeta);
  const entry = {
    id,
    subject: subject.id,
    name: 'over-time',
    // Where a reader finds it, and the reports its figures come from (see comparisons.mjs).
    page: `/subjects/${subject.id}/#over-time`,
    page_title: subject.name,
    sources: reports,
    title,
    subtitle,
    description: chart.description,
    alt: chart.alt,
    finding: `${finding}.`,
    width: spec.width,
    height: spec.height,
    marks: rows.length,
    marks_selector: '.points_marks > path',
    log_scales: [],
    files: Object.fromEntries(
      [
        ['csv', '.csv'],
        ['png', '.png'],
        ['svg', '.svg'],
        ['svg_dark', '.dark.svg'],
        ['vg', '.vg.json'],
        ['vg_narrow', '.narrow.vg.json'],
        ['vl', '.vl.json'],
      ].map(([k, ext]) => [k, `/charts/${id}${ext}`]),
    ),
  };
  return { id, spec, rows, fields: chart.fields, markClass: 'points_marks', entry };
}

/**
 * @param {{ subjects: object[] }} atlas data/atlas/subjects.json
 * @param {Record<string, { name: string }>} [platforms] data/platforms.json
 * @returns {{ charts: object[], index: Record<string, object> }} index: chart id -> entry
 */
export function planSubjectCharts(atlas, platforms = {}) {
  const charts = (atlas?.subjects ?? []).map((s) => subjectChart(s, platforms)).filter(Boolean);
  return { charts, index: Object.fromEntries(charts.map((c) => [c.id, c.entry])) };
}
