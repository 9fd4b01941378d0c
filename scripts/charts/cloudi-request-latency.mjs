// Charts for kind cloudi-request-latency (CloudI 2.0 cloudi_service_request_rate): the request
// latency distribution of every receiver, one curve per language and receiver kind, on a log scale.
// Each receiver ran at its own stable request rate: the finding names both loads and gives no ratio
// of latencies taken at loads that differ.
import { comparison, sayClaim } from './claims.mjs';
import { duration, num } from './shared/format.mjs';
import { percentileChart, percentileLayers } from './shared/curves.mjs';
import { DASHES, GREY, entityStyles } from './shared/palette.mjs';

const seriesOf = (r) =>
  `${r.language}${r.receiver_kind && r.receiver_kind !== 'internal' ? ` ${r.receiver_kind}` : ''}`;

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f, tables = {} }) {
  if (rows.length < 2) return [];
  const series = {
    name: 'series',
    type: 'string',
    title: 'Receiver',
    description: 'The line or bar the row is drawn in.',
  };
  const fields = [
    series,
    f.language,
    f.receiver_kind,
    f.percentile,
    f.latency_us,
    ...(f.note ? [f.note] : []),
    f.seed,
    f.line,
  ];
  const plotted = rows
    .map((r) => ({ ...r, series: seriesOf(r) }))
    .sort((a, b) => a.series.localeCompare(b.series) || a.percentile - b.percentile);
  const languages = [...new Set(plotted.map((r) => r.language))].sort();
  const kinds = [...new Set(plotted.map((r) => r.receiver_kind))].sort();
  const { ylog, layer } = percentileLayers({
    rows: plotted,
    value: 'latency_us',
    valueField: f.latency_us,
    percentileField: f.percentile,
    seriesTitle: 'Receiver',
    fields,
    // A colour per language (its own on every chart, with a shape where the palette repeats), a
    // dash per receiver kind: 23 lines a reader can tell apart, in a legend of 14 + 3 entries.
    by: { field: 'language', title: 'Language', styles: entityStyles('language', languages) },
    dash: {
      field: 'receiver_kind',
      type: 'nominal',
      title: 'Receiver kind',
      scale: { domain: kinds, range: kinds.map((k, i) => DASHES[i % DASHES.length]) },
      legend: {
        symbolType: 'stroke',
        symbolStrokeColor: GREY,
        symbolSize: 300,
        orient: 'top',
        direction: 'horizontal',
      },
    },
  });
  const receivers = [...new Set(plotted.map((r) => r.series))];
  const p = plotted.some((r) => r.percentile === 99.9) ? 99.9 : 99;
  // The load of each receiver: its stable rate from the report's request-rate table, when it has one.
  const rates = Object.values(tables).find((t) => t.table.kind === 'cloudi-stable-request-rate')?.rows ?? [];
  const said = sayClaim('renderTailAtLoads', plotted, [
    comparison(
      plotted.filter((r) => r.percentile === p),
      { value: (r) => r.latency_us, better: 'lower' },
    ),
    {
      p,
      name: (r) => r.series,
      show: (r) => duration(r.latency_us, 'µs'),
      load: (r) =>
        rates.find((x) => x.language === r.language && x.receiver_kind === r.receiver_kind)?.requests_per_second,
      rate: (v) => `${num(v, 1)} requests/s`,
    },
  ]);
  const finding = said.text;
  const words = {
    name: 'latency-distribution',
    title: 'CloudI 2.0: request latency by percentile, per receiver',
    subtitle: [
      `${receivers.length} receivers at their stable request rate; percentiles evenly spaced${ylog ? '; log y axis' : ''}`,
      `colour${entityStyles('language', languages).needsShape ? ' and point shape' : ''}: language; dash: ${kinds.join(', ')}`,
    ],
    description: `Request latency (µs${ylog ? ', log scale' : ''}) at each percentile CloudI printed, one line per receiver (language and threads or processes).${finding ? ` ${finding}.` : ''}`,
    alt: `Line chart of request latency against percentile, one line for each of ${receivers.length} receivers.`,
    finding,
    claims: said.kept ? [said.kept] : [],
    size: { width: 640, height: 420 },
  };
  return [percentileChart(words, { rows: plotted, fields, ylog, layer })];
}
