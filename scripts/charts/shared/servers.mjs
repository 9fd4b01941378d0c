// Pieces the charts of servers measured side by side share (the Darner report's queue servers):
// a colour per server, a line with points per server, and the rows in server order.
import { colorScale } from './palette.mjs';
import { CAPITALISED, tooltip } from './spec.mjs';

/** The colour channel: a colour per server, the legend's labels capitalised unless `legend` says otherwise. */
export function serverColor(servers, legend = { labelExpr: CAPITALISED }) {
  return { field: 'server', type: 'nominal', title: 'Server', scale: colorScale('server', servers), legend };
}

/**
 * A line per server and its points (the marks, named "points", with every field in the tooltip).
 * @param {object} o
 * @param {object} o.x
 * @param {object} o.y
 * @param {object} o.color from serverColor
 * @param {object[]} o.fields tooltip fields
 * @param {object} [o.line] more channels of the line (a strokeDash)
 * @param {object} [o.pointMark] the points' size (45 unless given; `{}` to size them by a channel)
 * @param {object} [o.points] more channels of the points (shape, size)
 */
export function serverLines({ x, y, color, fields, line = {}, pointMark = { size: 45 }, points = {} }) {
  return [
    { mark: { type: 'line', strokeWidth: 2 }, encoding: { x, y, color, ...line } },
    {
      name: 'points',
      mark: { type: 'point', filled: true, ...pointMark, opacity: 1 },
      encoding: { x, y, color, ...points, tooltip: tooltip(fields) },
    },
  ];
}

/**
 * Rows by server (alphabetically, or in the order of `servers`), then by `field`, then by seed line.
 * @param {object[]} rows
 * @param {string} field
 * @param {string[]} [servers]
 */
export function byServer(rows, field, servers) {
  const server = servers
    ? (a, b) => servers.indexOf(a.server) - servers.indexOf(b.server)
    : (a, b) => a.server.localeCompare(b.server);
  return [...rows].sort((a, b) => server(a, b) || a[field] - b[field] || a.line - b.line);
}
