// Charts of the atlas's comparisons across reports (data/atlas/comparisons/<id>.json): one dot plot per
// comparison, a row per entity (and conditions, for matched comparisons) on the y axis, the value
// on the x axis, one colour and shape per report or run. Pure, like plan.mjs: comparisons in, chart
// definitions out ({ id, spec, rows, fields, markClass, entry }), which build-charts.mjs renders,
// caches and writes with the report charts; the entries go to charts.json under `comparisons`.
// The per-report charts (plan.mjs) are not touched.
import { acrossReports, sayClaim } from './claims.mjs';
import { list } from './shared/format.mjs';
import { runFact } from '../data/atlas/comparisons.mjs';
import { colorScale } from './shared/palette.mjs';
import { assemble, atlasEntryWords, atlasUsermeta, chartFiles, spanChannel, tooltip } from './shared/spec.mjs';

const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'];
const WIDTH = 760;
const LINE = 78; // characters of a subtitle line that fit in WIDTH at the subtitle's font size

/** A condition as a short label part: a true flag by its name, a false one left out, else "name value". */
function conditionText(name, value) {
  if (value === true) return name;
  if (value === false || value === null || value === undefined) return null;
  return typeof value === 'number' ? `${name} ${value}` : String(value);
}

/** "C (processes, immediate_closest, receivers 1)": unique per row of a comparison. */
export function rowLabel(row) {
  const parts = Object.entries(row.conditions ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => conditionText(k, v))
    .filter(Boolean);
  return parts.length ? `${row.entity_name} (${parts.join(', ')})` : row.entity_name;
}

/** Words joined into lines of at most `width` characters. */
function wrap(text, width = LINE) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

const FIELDS = [
  { name: 'row', title: 'Row', type: 'string' },
  { name: 'entity', title: 'Entity id', type: 'string' },
  { name: 'entity_name', title: 'Entity', type: 'string' },
  { name: 'column', title: 'Report and run', type: 'string' },
  { name: 'report', title: 'Report', type: 'string' },
  { name: 'run', title: 'Run', type: 'string' },
  { name: 'value', title: 'Value', type: 'number' },
  { name: 'ratio_to_base', title: 'Ratio to the base', type: 'number' },
  { name: 'seed', title: 'Seed', type: 'string' },
  { name: 'line', title: 'Line', type: 'integer' },
];

/** One comparison's chart definition. */
function comparisonChart(c) {
  const id = `compare--${c.slug}`;
  const labelOf = new Map(c.columns.map((col) => [col.key, col.label]));
  const rows = [];
  for (const r of c.rows) {
    for (const v of r.values) {
      if (typeof v.value !== 'number') continue;
      const col = c.columns.find((x) => x.key === v.column);
      rows.push({
        row: rowLabel(r),
        entity: r.entity,
        entity_name: r.entity_name,
        column: labelOf.get(v.column),
        report: col.report,
        run: col.run,
        value: v.value,
        ratio_to_base: v.ratio_to_base,
        seed: v.seed,
        line: v.line,
      });
    }
  }
  const metric = c.metric;
  const fields = FIELDS.map((f) => (f.name === 'value' ? { ...f, title: metric.title, unit: metric.unit } : f));
  const labels = c.columns.map((col) => col.label).filter((l) => rows.some((r) => r.column === l));
  const order = [...new Set(c.rows.map(rowLabel))];
  const { channel: x, log } = spanChannel(
    'value',
    rows.map((r) => r.value),
    (isLog) => `${metric.title}${isLog ? ' (log scale)' : ''}`,
  );
  const y = { field: 'row', type: 'nominal', title: null, sort: order, axis: { labelLimit: 380 } };
  const color = {
    field: 'column',
    type: 'nominal',
    title: 'Report',
    scale: colorScale('comparison', labels),
    legend: { orient: 'bottom', direction: 'vertical', labelLimit: WIDTH - 60 },
  };
  const shape = { field: 'column', type: 'nominal', scale: { domain: labels, range: SHAPES.slice(0, labels.length) } };
  const entityTitle = c.entity_column.replaceAll('_', ' ');
  // The shared conditions in words, as the atlas writes them (columns by their titles).
  const shared = Object.keys(c.shared_conditions ?? {}).length ? (c.conditions_text ?? '') : '';
  const title = `${metric.title} by ${entityTitle}`;
  // The subtitle's parts; the drawing wraps the shared conditions into lines, the page prints each part whole.
  const at = shared ? `At ${shared}` : null;
  const parts = [
    ...(c.mode === 'best' ? [`Each ${entityTitle}'s best value: ${metric.rule}`] : []),
    ...(at ? [at] : []),
    c.what_differs.hardware_same
      ? 'Same machine in every report'
      : 'Different machines: hardware and software both changed',
  ];
  const subtitle = parts.flatMap((p) => (p === at ? wrap(p) : [p]));
  // The statistic compared, and, when the machines differ, which: a ratio then mixes hardware and
  // software changes, and the sentence says so.
  const statistic = !metric.statistic || metric.statistic === 'value' ? 'as stated' : metric.statistic;
  const machines = [...new Set((c.what_differs.platforms?.values ?? []).map((p) => p.name ?? 'an unstated machine'))];
  // What else differs between the values a ratio joins: each value's own best setup, and what the
  // reports state of each run (httpc_bench 2019's ulimit -n 12000000 and 1024).
  const runsSaid = (c.what_differs.runs ?? [])
    .map((r) => ({
      title: r.title,
      said: Object.entries(r.facts ?? {}).filter(([k, v]) => v !== null && !k.endsWith('_line')),
    }))
    .filter((r) => r.said.length);
  const also = [
    ...(c.mode === 'best' ? [`each value is its ${entityTitle}'s best setup in its run`] : []),
    ...(runsSaid.length
      ? [
          `the runs' reports state ${list(runsSaid.map((r) => `${r.said.map(([k, v]) => runFact(k, v)).join(', ')} (${r.title})`))}`,
        ]
      : []),
  ];
  const said = sayClaim('renderAcross', rows, [
    acrossReports(rows, { better: metric.better, hardwareSame: !!c.what_differs.hardware_same, machines }),
    { statistic, unit: metric.unit, also },
  ]);
  const finding = said.text;
  const chart = {
    title,
    subtitle,
    description: `${metric.title} of ${order.length} row${order.length === 1 ? '' : 's'} (${[...new Set(rows.map((r) => r.entity_name))].join(', ')}), one mark per report${c.mode === 'best' ? ' and run' : ''}: ${labels.join('; ')}. ${finding}.`,
    alt: `Dot plot: one row per ${entityTitle}${c.mode === 'matched' ? ' and conditions' : ''}, ${metric.title} on the x axis, one colour and shape per report.`,
    finding,
    claims: said.kept ? [said.kept] : [],
    rows,
    fields,
    // autosize "fit" sizes the whole figure: room for the rows plus the title, x axis and legend.
    size: { width: WIDTH, height: order.length * 22 + 110 + 16 * subtitle.length + 18 * labels.length },
    layer: [
      {
        name: 'points',
        mark: { type: 'point', filled: true, opacity: 0.9, size: 70 },
        encoding: { x, y, color, shape, tooltip: tooltip(fields.filter((f) => f.name !== 'row')) },
      },
    ],
  };
  const spec = assemble(chart, atlasUsermeta(id, { comparison: c.id, comparisonUrl: `/compare/${c.slug}/` }, rows));
  const entry = {
    id,
    comparison: c.id,
    slug: c.slug,
    // Where a reader finds it (its figure's id there), and the reports its values come from: the
    // embed page's credit, citation and oEmbed name them all (layouts/charts/page.html).
    name: 'chart',
    page: `/compare/${c.slug}/#chart`,
    page_title: c.title,
    sources: [...new Set(c.columns.map((col) => col.report))].filter((r) => rows.some((row) => row.report === r)),
    ...atlasEntryWords(chart, spec),
    subtitle: parts.join('; '),
    log_scales: log ? ['x'] : [],
    files: chartFiles(id),
  };
  return { id, spec, rows, fields, markClass: 'points_marks', entry };
}

/**
 * @param {{ comparisons: object[] }} atlas the comparisons of data/atlas/comparisons/<id>.json (lib/atlas.mjs)
 * @returns {{ charts: object[], index: Record<string, object> }} index: comparison id -> entry
 */
export function planComparisonCharts(atlas) {
  const charts = (atlas?.comparisons ?? []).map(comparisonChart).filter((c) => c.rows.length);
  return { charts, index: Object.fromEntries(charts.map((c) => [c.entry.comparison, c.entry])) };
}
