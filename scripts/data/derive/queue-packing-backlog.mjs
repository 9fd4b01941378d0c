// Darner's packing benchmark adds "N sets" of 1 KiB items per step and never flushes the queue,
// so the backlog a step measures is the running sum of the items added so far (the seed's queue
// packing section describes the steps; the upstream chart labels its x axis this way). Steps are taken in the order of the report.

export const ITEM_BYTES = 1024;

/** @param {Array<{ server: string, sets_added: number, requests_per_second: number, line: number }>} rows */
export function queuePackingBacklog(rows) {
  const totals = new Map();
  return [...rows]
    .sort((a, b) => a.line - b.line)
    .map((r) => {
      const backlog = (totals.get(r.server) ?? 0) + r.sets_added;
      totals.set(r.server, backlog);
      return {
        server: r.server,
        sets_added: r.sets_added,
        backlog_items: backlog,
        backlog_bytes: backlog * ITEM_BYTES,
        requests_per_second: r.requests_per_second,
        line: r.line,
      };
    });
}
