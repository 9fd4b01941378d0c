// Charts for kind ab-summary: requests per second of each ab run (a bar per run), with the
// concurrency and failed requests in the description.
import { list, num } from './shared/format.mjs';
import { RUN_SERIES, runBars, runName } from './shared/curves.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (!rows.length) return [];
  const fields = [
    RUN_SERIES,
    f.run,
    ...(f.label ? [f.label] : []),
    f.concurrency,
    f.complete_requests,
    f.failed_requests,
    f.requests_per_second,
    f.seed,
    f.line,
  ].filter(Boolean);
  const plotted = rows.map((r) => ({ ...r, series: runName(r) })).sort((a, b) => a.run - b.run);
  const best = [...plotted].sort((a, b) => b.requests_per_second - a.requests_per_second)[0];
  const finding = `${list(plotted.map((r) => `run ${r.run} at concurrency ${num(r.concurrency)}: ${num(r.requests_per_second, 2)} requests/s, ${num(r.failed_requests)} failed of ${num(r.complete_requests)}`))}; the fastest is run ${best.run}`;
  return [
    {
      name: 'requests-per-second',
      title: 'ab: requests per second, per run',
      subtitle: 'Mean requests/s as ab prints it',
      description: `Requests per second (mean) of each ab run: ${finding}.`,
      alt: `Bar chart of requests per second, one bar per ab run (${plotted.length} runs).`,
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
