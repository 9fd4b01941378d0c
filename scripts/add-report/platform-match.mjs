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
  // A clock alone names no machine (Google Benchmark's "Run on (4 X 2700 MHz CPU s)" is not the
  // Intel Core i5-5257U another report states at 2.70GHz).
  if (!sig.some((s) => !s.startsWith('clock_ghz='))) return null;
  for (const p of Object.values(platforms)) {
    if (!p.reports.some((u) => u.machine === machineKey)) continue;
    const known = new Set(signature(p.facts));
    if (sig.every((s) => known.has(s))) return p.id;
  }
  return null;
}

/** Facts that name a machine, in order of preference: a platform is named by the first the report states. */
const NAMING = ['instance_type', 'system_model', 'cpu_model', 'cpu', 'os'];

/** The fact a machine is named by (its line is the one add-report prints), or undefined. */
export const namingFact = (facts) => NAMING.map((f) => facts.find((x) => x.field === f)).find(Boolean);

/**
 * A machine's name in the report's own words: its instance type, computer model, CPU or OS (with
 * its architecture), else what it states of its processors ("8 threads at 2.2 GHz"); never a word
 * of ours such as "machine".
 */
function machineWords(facts) {
  const pick = (f) => facts.find((x) => x.field === f)?.value;
  const named = namingFact(facts);
  if (named)
    return named.field === 'os' && pick('architecture')
      ? `${named.value} ${pick('architecture')}`
      : String(named.value);
  const count = ['vcpus', 'threads', 'cores'].find((f) => pick(f) !== undefined);
  const clock =
    pick('clock_ghz') !== undefined
      ? `${pick('clock_ghz')} GHz`
      : pick('clock_mhz') !== undefined
        ? `${pick('clock_mhz')} MHz`
        : '';
  const words = [count ? `${pick(count)} ${count === 'vcpus' ? 'vCPUs' : count}` : '', clock && `at ${clock}`]
    .filter(Boolean)
    .join(' ');
  return words || facts.map((f) => f.value).join(', ');
}

/** A new platform's id and name, from the report's own words. */
export function proposePlatform(machineKey, label, facts, taken) {
  const words = machineWords(facts);
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
