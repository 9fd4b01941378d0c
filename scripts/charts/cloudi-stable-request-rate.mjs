// Charts for kind cloudi-stable-request-rate (CloudI 2.0): each receiver's stable request rate
// against its tail latency (the 99.9th percentile of the report's request-latency table, else the
// 99th), a point per receiver: colour (and, where the palette repeats, shape) by language, the
// language's own on every chart; hollow points for thread receivers; each rate with the lower and
// upper bounds the report prints beside it ("stable at 40184.8 [40184.8 .. 40184.9]") as an error bar.
import { comparison, ordinal, sayClaim } from './claims.mjs';
import { duration, num, possessive } from './shared/format.mjs';
import { entityStyles } from './shared/palette.mjs';
import { THOUSANDS, distinct, logTicks, spansDecades, spreadLayers, titleWithUnit, tooltip } from './shared/spec.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f, tables }) {
  const latency = Object.values(tables).find((t) => t.table.kind === 'cloudi-request-latency');
  if (!latency || rows.length < 2) return [];
  const p = latency.rows.some((r) => r.percentile === 99.9) ? 99.9 : 99;
  const tailOf = (r) =>
    latency.rows.find((l) => l.language === r.language && l.receiver_kind === r.receiver_kind && l.percentile === p)
      ?.latency_us;
  const hollow = 'threads';
  const plotted = rows
    .map((r) => ({
      ...r,
      tail_latency_us: tailOf(r),
      // The spread the report states: the rate's lower and upper bounds over the stable period.
      lo: typeof r.requests_per_second_min === 'number' ? r.requests_per_second_min : null,
      hi: typeof r.requests_per_second_max === 'number' ? r.requests_per_second_max : null,
    }))
    .filter((r) => r.tail_latency_us !== undefined)
    .sort((a, b) => a.language.localeCompare(b.language) || a.receiver_kind.localeCompare(b.receiver_kind));
  if (plotted.length < 2) return [];
  const tailField = {
    name: 'tail_latency_us',
    type: 'number',
    title: `Latency at ${ordinal(p)} percentile (µs)`,
    unit: 'µs',
    description: `From the report's request-latency table, percentile ${p}.`,
  };
  const spread = plotted.some((r) => r.lo !== null && r.hi !== null);
  const bounds = spread ? [f.requests_per_second_min, f.requests_per_second_max].filter(Boolean) : [];
  const fields = [f.language, f.receiver_kind, f.requests_per_second, ...bounds, tailField, f.seed, f.line];
  const xs = plotted.map((r) => r.tail_latency_us);
  const xlog = spansDecades(xs, 1);
  const languages = distinct(plotted.map((r) => r.language)).sort();
  const styles = entityStyles('language', languages);
  const rate = (r) => `${num(r.requests_per_second, 1)} requests/s`;
  const tail = (r) => duration(r.tail_latency_us, 'µs');
  const said = sayClaim('renderBestTwo', plotted, [
    [
      {
        claim: comparison(plotted, { value: (r) => r.requests_per_second, better: 'higher' }),
        what: 'highest stable rate (mean of the stable period)',
        show: rate,
        aside: (r) => `${tail(r)} at p${p}`,
      },
      {
        claim: comparison(plotted, { value: (r) => r.tail_latency_us, better: 'lower' }),
        what: 'lowest tail latency',
        show: tail,
        aside: rate,
      },
    ],
    (r) => possessive(`${r.language} ${r.receiver_kind}`),
  ]);
  const finding = said.text;
  const x = {
    field: 'tail_latency_us',
    type: 'quantitative',
    title: titleWithUnit(tailField, xlog ? 'log scale' : ''),
    scale: xlog ? { type: 'log' } : { zero: false },
    axis: { ...THOUSANDS, ...(xlog ? { values: logTicks(xs) } : {}) },
  };
  const y = {
    field: 'requests_per_second',
    type: 'quantitative',
    title: titleWithUnit(f.requests_per_second),
    scale: { zero: true },
    axis: THOUSANDS,
  };
  return [
    {
      name: 'rate-vs-tail-latency',
      title: `CloudI 2.0: stable request rate against p${p} latency`,
      subtitle: [
        'One point per receiver: up and to the left is better',
        `colour${styles.needsShape ? ' and shape' : ''}: language; hollow points: receivers as ${hollow}${xlog ? '; log x axis' : ''}`,
        ...(spread ? ['error bars: the lower to upper bound of each stable rate, as the report states'] : []),
      ],
      description: `Stable request rate (requests/s${spread ? ', with error bars from its lower to upper bound' : ''}) against the ${ordinal(p)} percentile of request latency (µs${xlog ? ', log scale' : ''}), one point per receiver. ${finding}.`,
      alt: `Scatter plot of stable request rate against ${ordinal(p)} percentile latency, ${plotted.length} receivers in ${languages.length} languages.`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields,
      layer: [
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 80, strokeWidth: 2, opacity: 1 },
          encoding: {
            x,
            y,
            color: { field: 'language', type: 'nominal', title: 'Language', scale: styles.color },
            stroke: { field: 'language', type: 'nominal', title: 'Language', scale: styles.color },
            ...(styles.needsShape
              ? { shape: { field: 'language', type: 'nominal', title: 'Language', scale: styles.shape } }
              : {}),
            // Hollow: a thread receiver (the subtitle says so; Vega-Lite draws no legend for fillOpacity).
            fillOpacity: { condition: { test: `datum.receiver_kind === '${hollow}'`, value: 0 }, value: 1 },
            tooltip: tooltip(fields),
          },
        },
        ...spreadLayers(plotted, 'y', { ...x, axis: null }, y),
      ],
      markName: 'points',
      scales: { x: xlog ? 'log' : 'linear', y: 'linear' },
      size: { width: 640, height: 400 },
    },
  ];
}
