// Charts for kind wrk-summary: Requests/sec of each wrk run (a bar per run), with the threads,
// connections and read errors in the description.
import { list, num } from './shared/format.mjs';
import { RUN_SERIES, requestsPerRunChart, runRows } from './shared/curves.mjs';

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
  const plotted = runRows(rows);
  const sorted = [...plotted].sort((a, b) => a.requests_per_second - b.requests_per_second);
  const [lo, hi] = [sorted[0], sorted.at(-1)];
  const finding = `${plotted.length} runs of ${num(plotted[0].threads)} threads and ${num(plotted[0].connections)} connections: from ${num(lo.requests_per_second, 2)} requests/s (run ${lo.run}) to ${num(hi.requests_per_second, 2)} (run ${hi.run})`;
  const words = {
    subtitle: 'Requests/sec as wrk prints it',
    description: `Requests per second of each wrk run: ${list(plotted.map((r) => `run ${r.run} ${num(r.requests_per_second, 2)}`))}. ${finding}.`,
    finding,
  };
  return [requestsPerRunChart('wrk', words, plotted, fields, f)];
}
