// Charts for kind darner-resident-memory: resident memory of each queue server against the number
// of queued requests. The x axis is symlog (constant: the smallest non-zero queue) so the empty
// queue (0) sits one doubling to the left of the first power of two instead of being dropped.
// Corrections from the report's errata arrive applied (plan.mjs); the corrected point gets its own
// shape and a note, and the rows carry `corrected` and `published_<field>`.
import { comparison, sayClaim } from './claims.mjs';
import { capital, num } from './shared/format.mjs';
import { byServer, serverColor, serverLines } from './shared/servers.mjs';
import {
  THOUSANDS,
  distinct,
  logTicks,
  smallestPositive,
  spanChannel,
  symlogTicks,
  titleWithUnit,
} from './shared/spec.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const corrected = rows.filter((r) => r.corrected);
  const fields = [
    f.server,
    f.queued_requests,
    f.rss_kb,
    ...(f.corrected ? [f.corrected, f.published_server] : []),
    f.seed,
    f.line,
  ];
  const servers = distinct(rows.map((r) => r.server)).sort();
  const xs = rows.map((r) => r.queued_requests);
  const symlog = xs.includes(0);
  const x = {
    field: 'queued_requests',
    type: 'quantitative',
    title: titleWithUnit(f.queued_requests, symlog ? 'symlog scale' : 'log scale'),
    scale: symlog ? { type: 'symlog', constant: smallestPositive(xs) } : { type: 'log' },
    // The last tick (1,048,576) ends at the plot's right edge: flush, so its label stays inside the drawing.
    axis: { values: symlog ? symlogTicks(xs) : logTicks(xs), labelFlush: true, ...THOUSANDS },
  };
  const { channel: y, log: ylog } = spanChannel(
    'rss_kb',
    rows.map((r) => r.rss_kb),
    (log) => titleWithUnit(f.rss_kb, log ? 'log scale' : ''),
  );
  const color = serverColor(servers);

  // # Process data: the comparison at the largest queue every server reached.
  const common = Math.max(
    ...distinct(xs).filter((q) => servers.every((s) => rows.some((r) => r.server === s && r.queued_requests === q))),
  );
  const claim = comparison(
    servers.map((s) => rows.find((r) => r.server === s && r.queued_requests === common)),
    { value: (r) => r.rss_kb, better: 'lower' },
  );
  const plotted = byServer(rows, 'queued_requests');
  const said = sayClaim('renderLess', plotted, [
    claim,
    {
      name: (r) => capital(r.server),
      show: (r) => `${num(r.rss_kb)} kB`,
      what: 'memory',
      where: `with ${num(common)} requests queued`,
    },
  ]);
  const finding = said.text;
  const fix = corrected[0];
  const note = corrected.length
    ? ` ${corrected.length === 1 ? 'One point is' : `${corrected.length} points are`} corrected from the errata: the report prints ${capital(fix.server)}'s ${num(fix.queued_requests)} value with the label ${fix.published_server} (seed line ${fix.line}).`
    : '';

  const points = f.corrected
    ? {
        shape: {
          field: 'corrected',
          type: 'nominal',
          title: 'Row',
          scale: { domain: [false, true], range: ['circle', 'diamond'] },
          legend: { labelExpr: "datum.label === 'true' ? 'corrected (see errata)' : 'as published'" },
        },
        size: { condition: { test: 'datum.corrected', value: 130 }, value: 45 },
      }
    : { size: { value: 45 } };
  const layer = serverLines({ x, y, color, fields, pointMark: {}, points });
  if (corrected.length) {
    layer.push({
      name: 'correction_note',
      transform: [
        { filter: 'datum.corrected' },
        { calculate: "'corrected: published as ' + datum.published_server + ', see errata'", as: 'annotation' },
      ],
      mark: { type: 'text', align: 'right', dx: -10, dy: -12 },
      encoding: { x, y, text: { field: 'annotation' } },
    });
  }
  return [
    {
      name: 'resident-memory',
      title: `Resident memory by queued requests: ${servers.map(capital).join(' vs ')}`,
      subtitle: `${symlog ? 'Symlog x axis so the empty queue (0) can be shown' : 'Log x axis'}${corrected.length ? '; the diamond is corrected from the errata' : ''}`,
      description: `Resident memory (kB${ylog ? ', log scale' : ''}) of ${servers.map(capital).join(' and ')} as the queue grows from ${num(Math.min(...xs))} to ${num(Math.max(...xs))} requests${symlog ? `; the x axis is symmetric-log (constant ${num(smallestPositive(xs))}) so the empty queue at 0 can be shown beside the powers of two` : ''}.${finding ? ` ${finding}.` : ''}${note}`,
      alt: `Line chart of resident memory against queued requests, one line per server (${servers.map(capital).join(', ')}).`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields,
      layer,
      markName: 'points',
      // A narrow column has no room for the note beside the corrected point; its legend says it.
      narrow: { drop: ['correction_note'] },
      scales: { x: symlog ? 'symlog' : 'log', y: ylog ? 'log' : 'linear' },
    },
  ];
}
