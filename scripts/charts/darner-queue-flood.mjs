// Charts for kind darner-queue-flood: throughput of each server against the number of connections
// (log x). memcache is not a queue server: the report runs it as the upper bound (a rate at which
// send/recv syscalls saturate), so it is drawn as a dashed grey line and labelled as such.
import { comparison, sayClaim } from './claims.mjs';
import { capital, num } from './shared/format.mjs';
import { GREY } from './shared/palette.mjs';
import { byServer, serverColor, serverLines } from './shared/servers.mjs';
import {
  CAPITALISED,
  THOUSANDS,
  dataTicks,
  distinct,
  logTicks,
  spansDecades,
  titleWithUnit,
  zeroChannel,
} from './shared/spec.mjs';

/** The server the report runs as an upper bound rather than as a contender. */
export const UPPER_BOUND = 'memcache';

const label = (s) => (s === UPPER_BOUND ? `${s} (upper bound)` : capital(s));

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (rows.length < 2) return [];
  const fields = [f.server, f.connections, f.requests_per_second, f.seed, f.line];
  const servers = distinct(rows.map((r) => r.server)).sort(
    (a, b) => (a === UPPER_BOUND) - (b === UPPER_BOUND) || a.localeCompare(b),
  );
  const contenders = servers.filter((s) => s !== UPPER_BOUND);
  const xs = rows.map((r) => r.connections);
  const xlog = spansDecades(xs, 1);
  const x = {
    field: 'connections',
    type: 'quantitative',
    title: titleWithUnit(f.connections, xlog ? 'log scale' : ''),
    scale: xlog ? { type: 'log' } : {},
    axis: { values: xlog ? logTicks(xs) : dataTicks(xs), ...THOUSANDS },
  };
  const y = zeroChannel('requests_per_second', f.requests_per_second);
  const color = serverColor(servers, {
    symbolType: 'stroke',
    symbolSize: 400,
    symbolStrokeWidth: 2.5,
    labelExpr: `datum.label === '${UPPER_BOUND}' ? '${UPPER_BOUND} (upper bound)' : ${CAPITALISED}`,
  });
  const strokeDash = {
    field: 'server',
    type: 'nominal',
    title: 'Server',
    scale: { domain: servers, range: servers.map((s) => (s === UPPER_BOUND ? [6, 4] : [1, 0])) },
  };

  // # Process data: each server's peak, and the gap between the best two contenders.
  const peak = (s) =>
    rows.filter((r) => r.server === s).reduce((a, b) => (b.requests_per_second > a.requests_per_second ? b : a));
  const bound = servers.includes(UPPER_BOUND) ? peak(UPPER_BOUND) : null;
  const plotted = byServer(rows, 'connections', servers);
  const said = sayClaim('renderPeak', plotted, [
    comparison(contenders.map(peak), { value: (r) => r.requests_per_second, better: 'higher', against: 'next' }),
    {
      name: (r) => capital(r.server),
      value: (r) => r.requests_per_second,
      unit: 'requests/s',
      at: (r) => `${num(r.connections)} connections`,
      bound: bound && { row: bound, name: UPPER_BOUND },
    },
  ]);
  const finding = said.text;

  const layer = serverLines({ x, y, color, fields, line: { strokeDash }, pointMark: { size: 40 } });
  if (bound) {
    layer.push({
      transform: [
        { filter: `datum.server === '${UPPER_BOUND}' && datum.line === ${bound.line}` },
        { calculate: `'${label(UPPER_BOUND)}'`, as: 'annotation' },
      ],
      mark: { type: 'text', dy: -12, color: GREY, fontWeight: 'bold' },
      encoding: { x, y, text: { field: 'annotation' } },
    });
  }
  const maxConn = Math.max(...xs);
  return [
    {
      name: 'queue-flood',
      title: `Queue flood: throughput by connections, ${contenders.map(capital).join(' vs ')}`,
      subtitle: bound ? `${UPPER_BOUND} (dashed grey) is the upper bound, not a queue server` : '',
      description: `Requests per second through an empty queue as connections grow from ${num(Math.min(...xs))} to ${num(maxConn)}${xlog ? ' (log x axis)' : ''}, one line per server${bound ? `, with ${UPPER_BOUND} as the upper bound` : ''}.${finding ? ` ${finding}.` : ''}`,
      alt: `Line chart of requests per second against connections for ${servers.map(label).join(', ')}.`,
      finding,
      claims: said.kept ? [said.kept] : [],
      rows: plotted,
      fields,
      layer,
      markName: 'points',
      scales: { x: xlog ? 'log' : 'linear', y: 'linear' },
    },
  ];
}
