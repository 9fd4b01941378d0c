// Process data, part two: derived tables. Table kind -> tables computed from it. Each derivation
// says what it computes and why in its schema (scripts/data/schemas/tables/<kind>.json), and its
// rows keep the seed line of the measured row they come from.
import { queuePackingBacklog } from './queue-packing-backlog.mjs';

export const derivations = {
  'darner-queue-packing': [
    {
      id: 'queue-packing-backlog',
      kind: 'darner-queue-packing-backlog',
      title: 'Queue packing: cumulative backlog (derived)',
      derive: queuePackingBacklog,
    },
  ],
};

/** The derived tables of a report's measured tables, by id. */
export function derive(tables, schemas, seedPath) {
  const out = {};
  for (const [id, t] of Object.entries(tables)) {
    for (const d of derivations[t.kind] ?? []) {
      const rows = d.derive(t.rows).map((r) => ({ ...r, seed: seedPath }));
      out[d.id] = { id: d.id, kind: d.kind, title: d.title, notes: [], rows, schema: schemas[d.kind], derivedFrom: id, source: seedPath };
    }
  }
  return out;
}
