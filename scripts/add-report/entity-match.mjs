// Which software a new report names that seeds/entities.yaml does not know yet: every name in a
// table column that the `tables:` mapping says names an entity, with no entity of the column's kinds
// (case and spacing do not matter). add-report proposes each as a new entity, marked for review: a
// reviewer either keeps it or makes the name an alias of the entity it really is. The table
// fallback's rows name their software in the label: one near a known entity ("Hackneyy") is proposed too.
import { misspeltEntity, normaliseName, resolve, tableMapping } from '../data/entities.mjs';
import { slugify } from '../lib/text.mjs';

/**
 * @param {ReturnType<import('../data/entities.mjs').readEntities>} registry
 * @param {Array<{ kind: string, rows: object[] }>} tables the parsed tables of the new report
 * @returns {Array<{ id: string, name: string, kind: string, line: number }>} one per new name, in order of appearance
 */
export function unknownEntities(registry, tables) {
  const found = new Map();
  const taken = new Set(Object.keys(registry.entities));
  const propose = (name, kind, line) => {
    const key = normaliseName(name);
    if (found.has(key)) return;
    const base = slugify(name) || 'software';
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    found.set(key, { id, name: name.trim(), kind, line });
  };
  const typos = new Map();
  for (const t of tables) {
    if (t.kind === 'measurement') {
      for (const row of t.rows) {
        const near = misspeltEntity(registry, row, typos);
        if (near) propose(row.benchmark, near.kind, row.line);
      }
    }
    const columns = tableMapping(registry, t.kind)?.columns ?? {};
    for (const [column, kinds] of Object.entries(columns)) {
      for (const row of t.rows) {
        const name = row[column];
        if (typeof name !== 'string' || !name.trim() || resolve(registry, name, kinds)) continue;
        propose(name, [kinds].flat()[0], row.line);
      }
    }
  }
  return [...found.values()];
}

/** The YAML lines of the proposed entities, to append under `entities:` (the file's last section). */
export function entityEntries(proposed, seedPath) {
  const q = (s) => JSON.stringify(s);
  return proposed
    .map((e) =>
      [
        `  ${e.id}:`,
        `    name: ${q(e.name)}`,
        `    kind: ${e.kind}`,
        `    aliases: [${q(e.name)}]`,
        `    review: ${q(`TODO: new in ${seedPath}:${e.line}; keep it, or make the name an alias of a known entity`)}`,
      ].join('\n'),
    )
    .join('\n');
}
