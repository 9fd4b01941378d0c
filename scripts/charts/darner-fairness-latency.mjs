// Charts for kind darner-fairness-latency: latency percentiles (µs, log y) per server, and in the
// description the summary numbers of the same run (table kind darner-fairness-summary, when the
// report has it): requests per second and time per request.
import { comparison, sayClaim } from './claims.mjs';
import { capital, duration, list, num } from './shared/format.mjs';
import { byServer, serverColor, serverLines } from './shared/servers.mjs';
import { distinct, spanChannel, titleWithUnit } from './shared/spec.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f, tables }) {
  if (rows.length < 2) return [];
  const fields = [f.server, f.percentile, f.latency_us, ...(f.note ? [f.note] : []), f.seed, f.line];
  const servers = distinct(rows.map((r) => r.server)).sort();
  const ps = rows.map((r) => r.percentile);
  // Percentiles are evenly spaced (as ab prints them), so the tail from 90 to 100 gets room.
  const x = {
    field: 'percentile',
    type: 'ordinal',
    title: `${titleWithUnit(f.percentile)}, evenly spaced`,
    sort: 'ascending',
    scale: { type: 'point', padding: 0.3 },
    axis: { labelAngle: 0, labelExpr: "datum.value == 100 ? '100 (longest)' : datum.label" },
  };
  const { channel: y, log: ylog } = spanChannel(
    'latency_us',
    rows.map((r) => r.latency_us),
    (log) => titleWithUnit(f.latency_us, log ? 'log scale' : ''),
  );
  const color = serverColor(servers);

  // # Process data: the 99th percentile (or the highest below 100) and the run's summary.
  const below = distinct(ps).filter(
    (p) => p < 100 && servers.every((s) => rows.some((r) => r.server === s && r.percentile === p)),
  );
  const p = below.includes(99) ? 99 : Math.max(...below);
  const claim = comparison(
    servers.map((s) => rows.find((r) => r.server === s && r.percentile === p)),
    { value: (r) => r.latency_us, better: 'lower' },
  );
  const plotted = byServer(rows, 'percentile');
  const said = sayClaim('renderTail', plotted, [
    claim,
    { p, name: (r) => capital(r.server), show: (r) => duration(r.latency_us, 'µs') },
  ]);
  const finding = said.text;
  const summaryTable = Object.values(tables).find((t) => t.table.kind === 'darner-fairness-summary');
  const summary = summaryTable
    ? ` Summary of the same runs: ${list(
        servers
          .map((s) => summaryTable.rows.find((r) => r.server === s))
          .filter(Boolean)
          .map(
            (r) =>
              `${capital(r.server)} ${num(r.requests_per_second)} requests/s at ${num(r.time_per_request_us)} µs per request`,
          ),
      )}.`
    : '';

  return [
    {
      name: 'fairness-latency',
      title: `Fairness: latency by percentile, ${servers.map(capital).join(' vs ')}`,
      subtitle: `Large and small messages through one queue; a flatter curve serves requests more fairly${ylog ? ' (log y axis)' : ''}`,
      description: `Latency (µs${ylog ? ', log scale' : ''}) at each percentile of requests, one line per server.${finding ? ` ${finding}.` : ''}${summary}`,
      alt: `Line chart of request latency against percentile, one line per server (${servers.map(capital).join(', ')}).`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields,
      layer: serverLines({ x, y, color, fields }),
      markName: 'points',
      scales: { x: 'point', y: ylog ? 'log' : 'linear' },
    },
  ];
}
