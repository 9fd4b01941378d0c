// Charts for kind wrk-summary: Requests/sec of each wrk run (a bar per run), with the threads,
// connections and read errors in the description.
import { list, num } from './shared/format.mjs';
import { RUN_SERIES, runBars, runName } from './shared/curves.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (!rows.length) return [];
  const fields = [
    RUN_SERIES,
    f.run,
    f.label,
    f.threads,
    f.connections,
    f.requests,
    f.socket_errors_read,
    f.requests_per_second,
    f.seed,
    f.line,
  ].filter(Boolean);
  const plotted = rows.map((r) => ({ ...r, series: runName(r) })).sort((a, b) => a.run - b.run);
  const sorted = [...plotted].sort((a, b) => a.requests_per_second - b.requests_per_second);
  const [lo, hi] = [sorted[0], sorted.at(-1)];
  const finding = `${plotted.length} runs of ${num(plotted[0].threads)} threads and ${num(plotted[0].connections)} connections: from ${num(lo.requests_per_second, 2)} requests/s (run ${lo.run}) to ${num(hi.requests_per_second, 2)} (run ${hi.run})`;
  return [
    {
      name: 'requests-per-second',
      title: 'wrk: requests per second, per run',
      subtitle: 'Requests/sec as wrk prints it',
      description: `Requests per second of each wrk run: ${list(plotted.map((r) => `run ${r.run} ${num(r.requests_per_second, 2)}`))}. ${finding}.`,
      alt: `Bar chart of requests per second, one bar per wrk run (${plotted.length} runs).`,
      finding: finding.charAt(0).toUpperCase() + finding.slice(1),
      rows: plotted,
      fields,
      layer: runBars({ value: 'requests_per_second', valueField: f.requests_per_second, fields }),
      markName: 'bars',
      scales: { x: 'band', y: 'linear' },
      size: { width: 640, height: 300 },
    },
  ];
}
