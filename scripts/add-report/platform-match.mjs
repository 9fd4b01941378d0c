// Which known platform a machine described by a report is, judged by what reports state about it.
// Used by add-report: a machine whose identifying facts and role match a platform already in
// data/platforms.json is that platform; otherwise add-report proposes a new entry.
import { slugify } from '../lib/text.mjs';

/** Facts that identify hardware, in order of preference. */
const IDENTITY = ['instance_type', 'system_model', 'cpu_model', 'cpu', 'clock_ghz'];

/** A machine's identity: its identifying facts as "field=value" strings. */
export function signature(facts) {
  return IDENTITY.flatMap((f) =>
    facts.filter((x) => x.field === f).map((x) => `${f}=${String(x.value).toLowerCase()}`),
  ).sort();
}

/**
 * Find the platform a machine is.
 * @param {string} machineKey  system, client or server
 * @param {Array<{field: string, value: unknown}>} facts
 * @param {Record<string, { id: string, facts: any[], reports: Array<{ machine: string }> }>} platforms
 * @returns {string | null} platform id
 */
export function matchPlatform(machineKey, facts, platforms) {
  const sig = signature(facts);
  if (!sig.length) return null;
  for (const p of Object.values(platforms)) {
    if (!p.reports.some((u) => u.machine === machineKey)) continue;
    const known = new Set(signature(p.facts));
    if (sig.every((s) => known.has(s))) return p.id;
  }
  return null;
}

/** A new platform's id and name, from the report's own words. */
export function proposePlatform(machineKey, label, facts, taken) {
  const pick = (f) => facts.find((x) => x.field === f)?.value;
  const words = pick('instance_type') ?? pick('system_model') ?? pick('cpu_model') ?? pick('cpu') ?? 'machine';
  const base = slugify(`${words}${machineKey === 'system' ? '' : `-${machineKey}`}`).slice(0, 60);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return { id, name: `${words}${machineKey === 'system' ? '' : ` (${machineKey})`}` };
}

/** What a platform page shows when reports state it; the fields this report leaves out. */
export const USUAL_FACTS = [
  'cpu_model',
  'clock_ghz',
  'sockets',
  'cores_per_socket',
  'threads_per_core',
  'memory',
  'os',
  'kernel',
];
