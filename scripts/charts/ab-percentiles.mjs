// Charts for kind ab-percentiles: ab's "Percentage of the requests served within a certain time",
// one curve per run (log y when the times span decades).
import { num, times } from './shared/format.mjs';
import { perRunPercentiles, percentileChart, percentileSubtitle } from './shared/curves.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const { fields, plotted, ylog, layer } = perRunPercentiles(rows, f, 'time_ms', [f.concurrency]);
  const runs = [...new Set(plotted.map((r) => r.run))];
  const at = (run, p) => plotted.find((r) => r.run === run && r.percentile === p);
  const med = runs.map((run) => at(run, 50)).filter(Boolean);
  const top = runs.map((run) => plotted.filter((r) => r.run === run).at(-1));
  const finding = `${med.map((r) => `Run ${r.run} (concurrency ${num(r.concurrency)}): half the requests within ${num(r.time_ms)} ms`).join('; ')}; the longest ${top.map((r) => `${num(r.time_ms)} ms`).join(' and ')}${med[0] && top[0] ? ` (${times(top[0].time_ms / med[0].time_ms)} the median in run ${top[0].run})` : ''}`;
  const words = {
    name: 'percentiles',
    title: 'ab: requests served within a time, per run',
    subtitle: percentileSubtitle(ylog),
    description: `Time (ms${ylog ? ', log scale' : ''}) within which each percentage of requests was served, one line per ab run. ${finding}.`,
    alt: `Line chart of ab response time against percentile, one line per run (${runs.length} runs).`,
    finding,
  };
  return [percentileChart(words, { rows: plotted, fields, ylog, layer })];
}
