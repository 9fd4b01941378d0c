// Charts of the atlas's subjects (data/atlas/subjects/<id>.json): for each client, language or server, its
// best figures across every report that measured it, one point per figure on the x axis by date
// (a run named by a date at that date; a run with no date of its own at its report's date, before
// the runs named by that date), coloured by platform. Like with like: only figures of one unit and
// one statistic (as the atlas joins them: an "as stated" value with the statistic its report
// family implies) share a chart, and a line joins only figures of the same measure, machine and
// conditions; the others stand as separate points, what differs in the tooltip and in the finding.
// Pure, like comparisons.mjs: subjects in, chart definitions out ({ id, spec, rows, fields,
// markClass, entry, claim }), which build-charts.mjs renders, caches and writes with the other
// charts; the entries go to charts.json under `subjects` (by chart id). A subject with fewer than
// two figures gets no chart: the subject page says its one figure in a sentence (`singles`, a kept claim).
import { capital, list, num, possessive } from './shared/format.mjs';
import { PALETTE } from './shared/palette.mjs';
import { oneFigure, sayClaim, subjectBest } from './claims.mjs';
import { sentence } from './plan.mjs';
import { statisticLabel } from '../data/measure/model.mjs';
import { figureOf, noise, noiseText } from '../lib/noise.mjs';
import { THOUSANDS, assemble, atlasEntryWords, atlasUsermeta, chartFiles, tooltip } from './shared/spec.mjs';

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
  { name: 'statistic', title: 'Statistic', type: 'string' },
  { name: 'conditions', title: 'Conditions', type: 'string' },
  { name: 'outside', title: 'Outside the error budget', type: 'string' },
  { name: 'like', title: 'Line (same measure, machine, conditions)', type: 'string' },
  { name: 'value', title: 'Value', type: 'number' },
  { name: 'noise', title: 'Against the figure before it on its line', type: 'string' },
  { name: 'label', title: 'Label', type: 'string' },
  { name: 'dodge', title: 'Shift beside another run of its date (px)', type: 'number' },
  { name: 'seed', title: 'Seed', type: 'string' },
  { name: 'line', title: 'Line', type: 'integer' },
];

/** The platform that ran the measured software: a client or the one system, else the first. */
function platformOf(report, platforms) {
  const ps = report.platforms ?? [];
  const p = ps.find((x) => x.machine === 'client') ?? ps.find((x) => x.machine === 'system') ?? ps[0];
  return p ? (platforms[p.id]?.name ?? p.id) : 'unknown platform';
}

const DATED = /^\d{4}(-\d{2}){0,2}$/;
/** Conditions as a reader says them: "senders 16, receivers 16, duo mode true". */
const conditionWords = (c = {}) =>
  Object.entries(c)
    .map(([k, v]) => `${k.replaceAll('_', ' ')} ${v}`)
    .join(', ');

/**
 * The figures of a subject that have a value, as plotted rows, in date order; the measure of each
 * is its table's title, its statistic as the atlas joins it, and `like` the key of the figures a
 * line may join: the same measure, platform, statistic and conditions.
 */
export function subjectRows(subject, platforms = {}) {
  const rows = [];
  for (const r of subject.reports) {
    // A report with no figure within the error budget shows its best rows outside it, marked.
    const figures = (r.figures ?? [])
      .map((f) => (typeof f.value !== 'number' && f.outside_budget ? { ...f, ...f.outside_budget, over: true } : f))
      .filter((f) => typeof f.value === 'number');
    const runs = new Set(figures.map((f) => f.group?.run ?? ''));
    for (const f of figures) {
      const table = (r.tables ?? []).find((t) => t.table === f.table);
      const run = f.group?.run ?? '';
      const platform = platformOf(r, platforms);
      // A table of several measures (the shared model's time, user time and system time) names each by its metric.
      const several = new Set(figures.filter((g) => g.table === f.table).map((g) => g.metric_title)).size > 1;
      const series = f.measure ?? (several ? f.metric_title : (table?.title ?? f.metric_title));
      const conditions = conditionWords(f.conditions);
      const join = f.join_statistic ?? f.statistic ?? 'value';
      const outside = f.over
        ? `${f.budget.title.charAt(0).toLowerCase()}${f.budget.title.slice(1)} ${num(f.with[f.budget.column], 2)} (no row within at most ${num(f.budget.max, 2)})`
        : '';
      rows.push({
        // A run named by its date is the report's date; any other run is told apart by its name.
        column: runs.size > 1 && run !== r.date ? `${r.date} (${run})` : r.date,
        report: r.report,
        report_title: r.title,
        date: DATED.test(run) ? run : r.date,
        run,
        platform,
        series,
        statistic: statisticLabel(f.statistic, f.join_statistic),
        join_statistic: join,
        conditions: conditions || 'none stated',
        // A figure outside the budget is joined by no line: it is not like the others.
        like: [series, platform, join, conditions, ...(outside ? ['outside the error budget'] : [])].join(' · '),
        outside,
        label: outside ? `${num(f.value)}*` : num(f.value),
        metric_title: f.metric_title,
        value: f.value,
        figure: figureOf(f), // its value with the spread it states, for the noise verdict
        unit: f.unit,
        seed: f.seed,
        line: f.line,
        // Sort key: a run with a date of its own at that date; another run at its report's date,
        // before the runs named by that date (it ran no later than its report).
        order: [DATED.test(run) ? run : r.date, DATED.test(run) || !run ? 1 : 0],
      });
    }
  }
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) =>
      a.row.order[0] < b.row.order[0]
        ? -1
        : a.row.order[0] > b.row.order[0]
          ? 1
          : a.row.order[1] - b.row.order[1] || a.i - b.i,
    )
    .map(({ row: { order: _o, ...row } }) => row)
    .map((row, i, all) => {
      // Against the figure before it on its line (like with like), where both state a spread.
      const { figure, ...rest } = row;
      const before = all.slice(0, i).findLast((r) => r.like === row.like);
      return {
        ...rest,
        noise: before ? noiseText(noise(figure, before.figure)) : 'none before it on the same machine and conditions',
      };
    });
}

/**
 * The group of rows by a key measured in the most reports, then with the most rows (ties to the first
 * in row order): a chart of "the best figure in each report" is of the measure most reports have.
 */
function largest(rows, keyOf) {
  const groups = new Map();
  for (const r of rows) {
    const g = groups.get(keyOf(r)) ?? { reports: new Set(), rows: 0 };
    g.reports.add(r.report);
    g.rows++;
    groups.set(keyOf(r), g);
  }
  const more = (a, b) =>
    b[1].reports.size > a[1].reports.size || (b[1].reports.size === a[1].reports.size && b[1].rows > a[1].rows);
  return [...groups].reduce((a, b) => (more(a, b) ? b : a))[0];
}

/**
 * The claim of a subject chart, recomputable from its rows (scripts/charts/findings.test.mjs): the
 * highest figure, and a change "from ... to ..." only between figures a line joins (like with like).
 */
export function subjectClaim(all, unit) {
  // Figures outside the error budget are on the chart, marked, but no claim rests on them (claims.mjs);
  // figures of several measures get none.
  const claim = subjectBest(all);
  const said = sayClaim('renderSubject', all, [claim, { unit }]);
  return {
    text: said.text,
    kept: said.kept,
    statistic: claim?.best.statistic ?? all[0].statistic,
    unit,
    value: claim?.best.value ?? null,
    cites: all.map((r) => ({ seed: r.seed, line: r.line, value: r.value })),
    lines: claim?.lines ?? [],
  };
}

/** One subject's chart definition, or null when it has fewer than MIN_FIGURES figures of one unit and statistic. */
function subjectChart(subject, platforms) {
  const all = subjectRows(subject, platforms);
  if (all.length < MIN_FIGURES) return null;
  // One y axis: the unit and statistic most figures have (like with like: a chart joins one statistic).
  const kind = largest(all, (r) => `${r.unit}\u0000${r.join_statistic}`);
  const kept = all.filter((r) => `${r.unit}\u0000${r.join_statistic}` === kind);
  const unit = kept[0].unit;
  const rows = kept.map(({ unit: _u, metric_title: _m, join_statistic: _j, ...r }) => r);
  // Two reports at least, or one report's figure and the best outside its budget: else a sentence.
  if (rows.length < MIN_FIGURES) return null;
  const id = `subject--${subject.id}`;
  const columns = [...new Set(rows.map((r) => r.column))];
  const series = [...new Set(rows.map((r) => r.series))];
  const platformNames = [...new Set(rows.map((r) => r.platform))];
  const reports = [...new Set(rows.map((r) => r.report))];
  const several = series.length > 1;
  // A time axis where the figures have two dates or more: reports years apart stand years apart
  // (ticks at years over two years or more); runs of one date stand side by side (`dodge`, in
  // pixels), each named in the tooltip. Figures of one date (one report's runs) stand in columns.
  const dates = [...new Set(rows.map((r) => r.date))].map((d) => Date.parse(d));
  const years = (Math.max(...dates) - Math.min(...dates)) / (365.25 * 864e5);
  const x =
    dates.length > 1
      ? {
          field: 'date',
          type: 'temporal',
          title: 'Date the report ran',
          scale: { type: 'utc', padding: 24 },
          axis: { labelAngle: 0, labelOverlap: 'greedy', ...(years >= 2 ? { tickCount: 'year', format: '%Y' } : {}) },
        }
      : {
          field: 'column',
          type: 'ordinal',
          title: rows.some((r) => r.run && r.column !== r.date) ? 'Report date (run)' : 'Report date',
          sort: columns,
          // The run under its date, on a second line: a narrow column keeps both whole.
          axis: { labelAngle: 0, labelLimit: 140, labelExpr: "split(replace(datum.label, ' (', '|('), '|')" },
        };
  const atDate = new Map();
  for (const c of columns) {
    const d = rows.find((r) => r.column === c).date;
    atDate.set(d, [...(atDate.get(d) ?? []), c]);
  }
  for (const r of rows) {
    const cs = atDate.get(r.date);
    r.dodge = dates.length > 1 ? (cs.indexOf(r.column) - (cs.length - 1) / 2) * 28 : 0;
  }
  const dodge = { expr: 'datum.dodge' };
  const y = {
    field: 'value',
    type: 'quantitative',
    title: capital(unit || 'value'),
    scale: { zero: true },
    axis: THOUSANDS,
  };
  const legend = { orient: 'bottom', direction: 'vertical', labelLimit: WIDTH - 60 };
  // Colour by platform (with a shape of its own, so the legend reads without colour); the measure
  // by shape instead when the subject has several.
  const color = {
    field: 'platform',
    type: 'nominal',
    title: 'Platform',
    scale: { domain: platformNames, range: platformNames.map((_, i) => PALETTE[i % PALETTE.length]) },
    legend,
  };
  const shapeField = several ? 'series' : 'platform';
  const shapeDomain = several ? series : platformNames;
  const shape = {
    field: shapeField,
    type: 'nominal',
    title: several ? 'Measure' : 'Platform',
    scale: { domain: shapeDomain, range: shapeDomain.map((_, i) => SHAPES[i % SHAPES.length]) },
    legend,
  };
  const claim = subjectClaim(rows, unit);
  const finding = claim.text;
  const lined = new Set(claim.lines);
  const title = `${subject.name}: best figure in each report`;
  const statistic = rows[0].statistic.replace(/^as stated, read as the (\w+)$/, '$1');
  const subtitle = several
    ? `${series.length} measures (${statistic}), ${rows.length} figures from ${reports.length} report${reports.length === 1 ? '' : 's'}`
    : `${series[0]} (${unit}), ${statistic}: ${rows.length} figures from ${reports.length} report${reports.length === 1 ? '' : 's'}`;
  // Which reports: all that measured the subject, or those of its figures in this unit and statistic.
  const measured = new Set(all.map((r) => r.report)).size;
  const inReports =
    measured > reports.length
      ? `in ${reports.length} of the ${measured} reports that measured it (the other figures are in another unit or statistic)`
      : reports.length === 1
        ? 'in its report'
        : `in each of the ${reports.length} reports that measured it`;
  const chart = {
    title,
    subtitle,
    description: `${capital(possessive(subject.name, 'best figure'))} (${statistic}) ${inReports}, one point per figure (${rows.length}), by date, the platform by colour: ${list(platformNames)}${several ? ', the measure by shape' : ''}; a line joins only figures of the same measure, machine and conditions${finding ? `. ${finding}.` : `, and figures of different measures are not ranked against each other.`}`,
    alt: `Points over report dates: ${possessive(subject.name, `best ${unit}`)} in each report, the platform by colour${several ? ', the measure by shape' : ''}.`,
    finding,
    claims: claim.kept ? [claim.kept] : [],
    rows,
    fields: FIELDS.map((f) => (f.name === 'value' ? { ...f, title: 'Best figure', unit } : f)),
    size: { width: WIDTH, height: HEIGHT + 18 * (platformNames.length + (several ? series.length + 1 : 0)) },
    layer: [
      // A line only through figures of one measure, machine, statistic and conditions.
      {
        name: 'lines',
        transform: [{ filter: { field: 'like', oneOf: [...lined] } }],
        mark: { type: 'line', strokeWidth: 1.5, opacity: 0.6, xOffset: dodge },
        encoding: { x, y, color, detail: { field: 'like' } },
      },
      // The value beside each point, so the chart reads without a tooltip.
      {
        // Runs side by side at one date: the first one's label to the left of its point, clear of the other's.
        mark: {
          type: 'text',
          fontSize: 11,
          xOffset: dodge,
          align: { expr: "datum.dodge < 0 ? 'right' : 'center'" },
          baseline: { expr: "datum.dodge < 0 ? 'middle' : 'alphabetic'" },
          dx: { expr: 'datum.dodge < 0 ? -9 : 0' },
          dy: { expr: 'datum.dodge < 0 ? 0 : -12' },
        },
        encoding: { x, y, text: { field: 'label', type: 'nominal' } },
      },
      {
        name: 'points',
        mark: { type: 'point', filled: true, size: 90, xOffset: dodge },
        encoding: {
          x,
          y,
          color,
          shape,
          // Hollow: outside the error budget.
          // Pale: outside the error budget (its error rate is written beside it).
          fillOpacity: { condition: { test: "datum.outside !== ''", value: 0.25 }, value: 0.95 },
          tooltip: tooltip(FIELDS.filter((f) => !['report', 'like', 'label', 'dodge'].includes(f.name))),
        },
      },
    ],
  };
  const spec = assemble(
    chart,
    atlasUsermeta(id, { subject: subject.id, subjectUrl: `/subjects/${subject.id}/` }, rows),
  );
  const entry = {
    id,
    subject: subject.id,
    name: 'over-time',
    // Where a reader finds it, and the reports its figures come from (see comparisons.mjs).
    page: `/subjects/${subject.id}/#over-time`,
    page_title: subject.name,
    sources: reports,
    ...atlasEntryWords(chart, spec),
    lines: claim.lines.length,
    // Each figure against the one before it on its line, by its seed line ("<seed>#<line>"), for
    // the subject page's table (the chart's table: the tooltip says the same).
    noise: Object.fromEntries(rows.map((r) => [`${r.seed}#${r.line}`, r.noise])),
    claim: { text: claim.text, statistic: claim.statistic, unit: claim.unit, value: claim.value, cites: claim.cites },
    log_scales: [],
    files: chartFiles(id),
  };
  return { id, spec, rows, fields: chart.fields, markClass: 'points_marks', entry, claim };
}

/**
 * @param {{ subjects: object[] }} atlas data/atlas/subjects/<id>.json
 * @param {Record<string, { name: string }>} [platforms] data/platforms.json
 * @returns {{ charts: object[], index: Record<string, object>, singles: Record<string, object> }} index:
 *   chart id -> entry; singles: subject id -> the sentence of a subject with one figure and no chart
 */
export function planSubjectCharts(atlas, platforms = {}) {
  const subjects = atlas?.subjects ?? [];
  const charts = subjects.map((s) => subjectChart(s, platforms)).filter(Boolean);
  const drawn = new Set(charts.map((c) => c.entry.subject));
  const singles = Object.fromEntries(
    subjects
      .filter((s) => !drawn.has(s.id))
      .map((s) => [s.id, singleFigure(s)])
      .filter(([, v]) => v),
  );
  return { charts, index: Object.fromEntries(charts.map((c) => [c.id, c.entry])), singles };
}

/**
 * A subject with no chart and one figure: its sentence instead (claims.mjs one-figure), kept as a
 * claim, citing the figure (kept with the claim: no chart's CSV holds it), for the subject page.
 */
function singleFigure(subject) {
  const figures = subject.reports.flatMap((r) =>
    (r.figures ?? []).map((f) => ({ ...f, report: r.report, report_title: r.title, date: r.date })),
  );
  const claim = oneFigure(figures);
  const said = sayClaim('renderOneFigure', [], [claim]);
  if (!said.kept) return null;
  return {
    id: `subject--${subject.id}--single`,
    subject: subject.id,
    // The report the sentence names, so the page links its title.
    report: claim.figure.report,
    report_title: claim.figure.report_title,
    finding: sentence(said.text),
    claims: [said.kept],
  };
}
