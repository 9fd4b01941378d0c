// Charts for kind darner-queue-packing-backlog (derived: the running sum of items added, since the
// benchmark never flushes the queue): throughput against the backlog. The x axis is symlog with the
// first step as constant, so the empty queue (0) is shown one step left of it.
import { change, sayClaim } from './claims.mjs';
import { bytes, capital, num } from './shared/format.mjs';
import { byServer, serverColor, serverLines } from './shared/servers.mjs';
import { THOUSANDS, distinct, smallestPositive, symlogTicks, zeroChannel } from './shared/spec.mjs';

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const fields = [f.server, f.sets_added, f.backlog_items, f.backlog_bytes, f.requests_per_second, f.seed, f.line];
  const servers = distinct(rows.map((r) => r.server)).sort();
  const xs = rows.map((r) => r.backlog_items);
  const symlog = xs.includes(0);
  const sized = rows.find((r) => r.backlog_items > 0);
  const itemBytes = sized ? sized.backlog_bytes / sized.backlog_items : null;
  const itemNote = itemBytes ? `items of ${bytes(itemBytes).replace(/^1 /, '1 ')}` : 'items';
  const x = {
    field: 'backlog_items',
    type: 'quantitative',
    title: `Backlog (${itemNote}, ${symlog ? 'symlog' : 'log'} scale)`,
    scale: symlog ? { type: 'symlog', constant: smallestPositive(xs) } : { type: 'log' },
    axis: { values: symlogTicks(xs, 5), ...THOUSANDS },
  };
  const y = zeroChannel('requests_per_second', f.requests_per_second);
  const color = serverColor(servers);

  // # Process data: each server at the largest backlog, against its rate with an empty queue.
  const maxBacklog = Math.max(...xs);
  const plotted = byServer(rows, 'backlog_items');
  const said = sayClaim('renderChange', plotted, [
    change(
      servers.map((s) => {
        const own = rows.filter((r) => r.server === s);
        return {
          name: capital(s),
          from: own.reduce((a, b) => (b.backlog_items < a.backlog_items ? b : a)),
          to: own.find((r) => r.backlog_items === maxBacklog),
        };
      }),
      (r) => r.requests_per_second,
    ),
    {
      at: `With ${num(maxBacklog)} items queued${sized ? ` (${bytes(maxBacklog * itemBytes)})` : ''}`,
      verb: 'served',
      show: (r) => `${num(r.requests_per_second)} requests/s`,
      base: (r) => `a backlog of ${num(r.backlog_items)}`,
    },
  ]);
  const finding = said.text;

  return [
    {
      name: 'queue-packing-backlog',
      title: `Queue packing: throughput as the backlog grows, ${servers.map(capital).join(' vs ')}`,
      subtitle: `Backlog derived as the running sum of items added (the queue is never flushed)${itemBytes ? `; ${num(itemBytes)} bytes per item` : ''}`,
      description: `Requests per second against the backlog of queued items (${symlog ? 'symlog' : 'log'} x axis${symlog ? ', so the empty queue at 0 can be shown' : ''}); the backlog is derived, not printed in the report: the running sum of the items each step added.${finding ? ` ${finding}.` : ''}`,
      alt: `Line chart of requests per second against the queue backlog, one line per server (${servers.map(capital).join(', ')}).`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields,
      layer: serverLines({ x, y, color, fields }),
      markName: 'points',
      scales: { x: symlog ? 'symlog' : 'log', y: 'linear' },
    },
  ];
}
