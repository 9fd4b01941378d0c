// Charts for kind ab-summary: requests per second of each ab run (a bar per run), with the
// concurrency and failed requests in the description.
import { list, num } from './shared/format.mjs';
import { RUN_SERIES, requestsPerRunChart, runRows } from './shared/curves.mjs';

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
  const plotted = runRows(rows);
  const best = [...plotted].sort((a, b) => b.requests_per_second - a.requests_per_second)[0];
  const finding = `${list(plotted.map((r) => `run ${r.run} at concurrency ${num(r.concurrency)}: ${num(r.requests_per_second, 2)} requests/s, ${num(r.failed_requests)} failed of ${num(r.complete_requests)}`))}; the fastest is run ${best.run}`;
  const words = {
    subtitle: 'Mean requests/s as ab prints it',
    description: `Requests per second (mean) of each ab run: ${finding}.`,
    finding,
  };
  return [requestsPerRunChart('ab', words, plotted, fields, f)];
}
