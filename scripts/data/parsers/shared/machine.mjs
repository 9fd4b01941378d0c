// Hardware and software lines as they appear in report headers, read into facts with their line.
// Shared by parsers whose reports describe the machine in free text ("3.42 GHz 2 cpus, ...").

/** @typedef {{ field: string, value: string | number, unit?: string, line: number }} Fact */

/**
 * Read a CPU line such as "IBM POWER System S822 (POWER8) 3.42 GHz 2 cpus, 10 cores/cpu, 8 hts/core".
 * @returns {Fact[] | null}
 */
export function cpuLineFacts(text, line) {
  const m = /^(.*?)\s+([\d.]+)\s*GHz\s+(\d+)\s*cpus?,\s*(\d+)\s*cores?\/cpu,\s*(\d+)\s*hts?\/core\s*$/i.exec(text.trim());
  if (!m) return null;
  return [
    { field: 'cpu_model', value: m[1], line },
    { field: 'clock_ghz', value: Number(m[2]), unit: 'GHz', line },
    { field: 'sockets', value: Number(m[3]), line },
    { field: 'cores_per_socket', value: Number(m[4]), line },
    { field: 'threads_per_core', value: Number(m[5]), line },
  ];
}

/**
 * Read a cache and memory line such as "L2:10x512KB L3:10x8MB L4:DIMMx16MB RAM:256GB:DDR3-1333MHz".
 * @returns {Fact[] | null}
 */
export function cacheLineFacts(text, line) {
  const words = text.trim().split(/\s+/);
  if (!words.every((w) => /^(L\d|RAM):\S+$/i.test(w))) return null;
  /** @type {Fact[]} */
  const facts = [];
  for (const w of words) {
    const [key, ...rest] = w.split(':');
    if (/^RAM$/i.test(key)) {
      facts.push({ field: 'memory', value: rest[0], line });
      if (rest[1]) facts.push({ field: 'memory_type', value: rest.slice(1).join(':'), line });
    } else {
      facts.push({ field: `${key.toLowerCase()}_cache`, value: rest.join(':'), line });
    }
  }
  return facts;
}

/**
 * Read an operating-system line such as "Fedora 21 (GNU/Linux 3.17.4-301.fc21.ppc64le ppc64le)"
 * or "Ubuntu 12.04.05 LTS (3.2.0-20-generic x86_64)".
 * @returns {Fact[] | null}
 */
export function osLineFacts(text, line) {
  const m = /^(.*?(?:Linux|Ubuntu|Fedora|Debian|CentOS|Red Hat|RHEL|SUSE|FreeBSD|Darwin|macOS).*?)\s*\((?:GNU\/Linux\s+)?(\d[\w.\-~+]*)\s+([\w-]+)\)\s*\S*\s*$/i.exec(
    text.trim(),
  );
  if (!m) return null;
  return [
    { field: 'os', value: m[1], line },
    { field: 'kernel', value: m[2], line },
    { field: 'architecture', value: m[3], line },
  ];
}

/**
 * Split a software line ("Erlang 18.2.1", "Java (OpenJDK 1.8.0_25)") into a name and a version.
 * @returns {{ text: string, name: string, version: string, line: number }}
 */
export function softwareLine(text, line) {
  const t = text.trim().replace(/^[*-]\s+/, '');
  const v = /(?:^|[\s(])((?:v|go)?\d+(?:\.[\w-]+)+(?:\/[\d.]+)?|`[0-9a-f]{7,}`|\d+(?:-\d+)?)/.exec(t);
  const name = (v ? t.slice(0, v.index) : t)
    .replace(/\s*\([^)]*$/, '')
    .replace(/\bversion\s*$/i, '')
    .trim();
  return { text: t, name: name || t, version: v ? v[1].replace(/`/g, '') : '', line };
}
