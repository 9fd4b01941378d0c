// Charts for kind wrk-latency-distribution: the Latency Distribution of --latency, one curve per
// run (log y when the latencies span decades). The finding compares each run's tail with that run's
// own median (never one run's tail with another run's median).
import { num, times } from './shared/format.mjs';
import { perRunPercentiles, percentileChart, percentileSubtitle } from './shared/curves.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const { fields, plotted, ylog, layer } = perRunPercentiles(rows, f, 'latency_us');
  const top = Math.max(...plotted.map((r) => r.percentile));
  const tails = plotted.filter((r) => r.percentile === top).sort((a, b) => a.latency_us - b.latency_us);
  // Each run's tail over its own median (the runs that printed both).
  const ownRatios = tails
    .map((t) => ({ run: t.run, median: plotted.find((r) => r.run === t.run && r.percentile === 50)?.latency_us }))
    .filter((x) => x.median > 0)
    .map((x) => ({ run: x.run, ratio: tails.find((t) => t.run === x.run).latency_us / x.median }))
    .sort((a, b) => a.ratio - b.ratio);
  const ratioText = !ownRatios.length
    ? ''
    : ownRatios.length === 1
      ? `, ${times(ownRatios[0].ratio)} its median`
      : `; each run's ${num(top, 3)}th percentile is ${times(ownRatios[0].ratio)} (run ${ownRatios[0].run}) to ${times(ownRatios.at(-1).ratio)} (run ${ownRatios.at(-1).run}) that run's own median`;
  const finding = `At the ${num(top, 3)}th percentile the runs answered within ${num(tails[0].latency_us)} µs (run ${tails[0].run}) to ${num(tails.at(-1).latency_us)} µs (run ${tails.at(-1).run})${ratioText}`;
  const words = {
    name: 'latency-distribution',
    title: 'wrk: latency distribution, per run',
    subtitle: percentileSubtitle(ylog),
    description: `Latency (µs${ylog ? ', log scale' : ''}) at each percentile wrk printed, one line per run. ${finding}.`,
    alt: `Line chart of wrk latency against percentile, one line per run (${new Set(plotted.map((r) => r.run)).size} runs).`,
    finding,
  };
  return [percentileChart(words, { rows: plotted, fields, ylog, layer })];
}
