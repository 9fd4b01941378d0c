// Per-core and per-GHz normalisation of a measured value from the facts a report states about
// its machine, with the facts (and their seed lines) that were used, so that a normalised figure
// is as traceable as the measured one. Nothing is guessed: no facts, no normalised value.
//
// Exports:
//   noPerCoreText(facts) -> string|null          why a machine has no per-core figure (null: it has one)
//   machineFacts(report, machine) -> Fact[]     the facts of one machine of a report, with the seed
//   normalise(value, facts, per) -> Normalised|null
//     per 'core'     value / (sockets x cores_per_socket)
//     per 'ghz'      value / clock_ghz
//     per 'core-ghz' value / (sockets x cores_per_socket x clock_ghz)

/**
 * @typedef {{ field: string, value: any, seed: string, line: number, unit?: string }} Fact
 * @typedef {object} Normalised
 * @property {number} value     the normalised value (not rounded)
 * @property {string} per       'core' | 'ghz' | 'core-ghz'
 * @property {number} divisor   what the value was divided by
 * @property {Fact[]} facts     the facts used, with their seed and line
 */

/** A machine fact's label for readers (as the platform pages write it: layouts/_partials/platform/spec.html). */
export const FACT_TITLES = {
  instance_type: 'Instance type',
  system_model: 'System',
  cpu: 'CPU',
  cpu_model: 'CPU',
  clock_ghz: 'Clock (GHz)',
  sockets: 'Sockets',
  cores_per_socket: 'Cores per socket',
  threads_per_core: 'Threads per core',
  threads_per_socket: 'Hardware threads per socket',
  vcpus: 'Virtual CPUs',
  l1_cache: 'L1 cache',
  l2_cache: 'L2 cache',
  l3_cache: 'L3 cache',
  l4_cache: 'L4 cache',
  memory: 'Memory',
  memory_type: 'Memory type',
  storage: 'Storage',
  os: 'Operating system',
  kernel: 'Kernel',
  architecture: 'Architecture',
  other: 'Also stated',
};

/**
 * The fields that state one thing about a machine, by what they mean: two reports that state its
 * CPU, memory or operating system in differently named fields (one "cpu", the other "vcpus") are
 * compared by meaning (comparisons.mjs). The one place for these synonyms.
 */
export const FACT_MEANINGS = {
  CPU: ['cpu', 'cpu_model', 'vcpus', 'sockets', 'cores_per_socket', 'threads_per_core', 'threads_per_socket', 'clock_ghz'],
  Memory: ['memory', 'ram', 'memory_type'],
  'Operating system': ['os', 'kernel'],
  Storage: ['storage', 'disk'],
};

/** The label of a fact field: its title, else the name with spaces. */
export const factTitle = (field) => FACT_TITLES[field] ?? field.replaceAll('_', ' ');

/**
 * The facts a report states about one of its machines ("system", "client", ...), each with the
 * report's seed path, or [] when the report has no such machine.
 * @param {object} report a report document (data/reports/<slug>.json)
 * @param {string} machine
 * @returns {Fact[]}
 */
export function machineFacts(report, machine) {
  const m = report.machines?.[machine];
  if (!m) return [];
  return m.facts.map((f) => ({
    field: f.field,
    value: f.value,
    ...(f.unit ? { unit: f.unit } : {}),
    seed: report.seed.path,
    line: f.line,
  }));
}

const numeric = (facts, field) => {
  const f = facts.find((x) => x.field === field);
  return f && typeof f.value === 'number' && Number.isFinite(f.value) && f.value > 0 ? f : null;
};

/**
 * Normalise a value by the machine's cores, clock, or both.
 * @param {number} value
 * @param {Fact[]} facts
 * @param {'core'|'ghz'|'core-ghz'} per
 * @returns {Normalised|null} null when a needed fact is missing or not a positive number
 */
export function normalise(value, facts, per) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const used = [];
  let divisor = 1;
  if (per === 'core' || per === 'core-ghz') {
    const sockets = numeric(facts, 'sockets');
    const cores = numeric(facts, 'cores_per_socket');
    if (!sockets || !cores) return null;
    used.push(sockets, cores);
    divisor *= sockets.value * cores.value;
  }
  if (per === 'ghz' || per === 'core-ghz') {
    const clock = numeric(facts, 'clock_ghz');
    if (!clock) return null;
    used.push(clock);
    divisor *= clock.value;
  }
  if (!used.length) throw new Error(`normalise: unknown "per" ${JSON.stringify(per)} (core, ghz, core-ghz)`);
  return { value: value / divisor, per, divisor, facts: used };
}

/**
 * Why a machine has no per-core figure, in words, or null when it has one: the report states no
 * core count, or states its cores only in words that do not say sockets and cores per socket
 * ("2 x 48 Xeon cores @ 2.20GHz", which may be 2 sockets of 48 cores or 48 hardware threads each).
 * @param {Fact[]} facts
 */
export function noPerCoreText(facts) {
  if (numeric(facts, 'sockets') && numeric(facts, 'cores_per_socket')) return null;
  const said = facts.find((f) => typeof f.value === 'string' && /\bcores?\b/i.test(f.value));
  // Virtual CPUs are hardware threads a cloud instance is sold as, not cores.
  const vcpus = numeric(facts, 'vcpus');
  return said
    ? `the report gives its cores only as “${said.value}” (line ${said.line}), not as sockets and cores per socket`
    : vcpus
      ? `the report states ${vcpus.value} virtual CPUs (line ${vcpus.line}), not its cores`
      : 'the report states no core count';
}
