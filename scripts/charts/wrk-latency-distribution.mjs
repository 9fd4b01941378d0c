// Charts for kind wrk-latency-distribution: the Latency Distribution of --latency, one curve per
// run (log y when the latencies span decades).
import { num, times } from './shared/format.mjs';
import { perRunPercentiles } from './shared/curves.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const { fields, plotted, ylog, layer } = perRunPercentiles(rows, f, 'latency_us');
  const top = Math.max(...plotted.map((r) => r.percentile));
  const tails = plotted.filter((r) => r.percentile === top).sort((a, b) => a.latency_us - b.latency_us);
  const meds = plotted.filter((r) => r.percentile === 50).map((r) => r.latency_us);
  const finding = `At the ${num(top, 3)}th percentile the runs answered within ${num(tails[0].latency_us)} µs (run ${tails[0].run}) to ${num(tails.at(-1).latency_us)} µs (run ${tails.at(-1).run})${meds.length ? `, ${times(tails[0].latency_us / Math.max(...meds))} or more their median` : ''}`;
  return [
    {
      name: 'latency-distribution',
      title: 'wrk: latency distribution, per run',
      subtitle: `Percentiles evenly spaced${ylog ? '; log y axis' : ''}`,
      description: `Latency (µs${ylog ? ', log scale' : ''}) at each percentile wrk printed, one line per run. ${finding}.`,
      alt: `Line chart of wrk latency against percentile, one line per run (${new Set(plotted.map((r) => r.run)).size} runs).`,
      finding,
      rows: plotted,
      fields,
      layer,
      markName: 'points',
      scales: { x: 'point', y: ylog ? 'log' : 'linear' },
    },
  ];
}
