// Derived tables: table kind -> tables computed from it. Each derivation says what it computes
// and why in its schema (scripts/schemas/tables/<kind>.json), and its rows keep the line of the
// measured row they come from.
import { queuePackingBacklog } from './queue-packing-backlog.mjs';

export const derivations = {
  'darner-queue-packing': [
    { id: 'queue-packing-backlog', kind: 'darner-queue-packing-backlog', title: 'Queue packing: cumulative backlog (derived)', derive: queuePackingBacklog },
  ],
};
