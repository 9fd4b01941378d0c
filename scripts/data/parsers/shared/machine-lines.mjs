// Machine facts from the lines where a report states them: keyed lines anywhere (`HOST: bench1`,
// `CPU: Intel Xeon E5-2670 @ 2.60GHz`, `Memory: 16 GB`, `OS: Ubuntu 20.04`, `Kernel: ...`, lscpu's
// `Model name:` / `Socket(s):`, a `uname -a` line), as plain lines, list items or bold keys
// (`- **CPU:** ...`), and the unkeyed list items of a hardware section (`## Hardware`, `Test machine`,
// `Environment`: `* 8 cores`, `- 32GB RAM`, `- Intel Core i7-8700K`), HTML key rows (`<th>CPU
// Information</th>` then `<td>Apple M2</td>`, as benchee writes them), and a line that is wholly a
// machine's statement (`Intel(R) Core(TM) i7-8750H CPU @ 2.20GHz`, `MacBook Pro (16-inch, 2019)`,
// `Ubuntu 20.04 LTS`, `MacBook Pro 13" Retina, late 2013 model, 8 GB memory, 2.4 GHz Intel Core i5`:
// parts joined by commas, the first a CPU, a computer model or an OS release), and such a statement in
// prose after "measured on", "run on", "tested on" or "hardware:" ("Results above measured on Apple M4
// Pro, macOS 26.4, Swift 6.2"). Fields are those the parsers
// already return (cpu_model, clock_ghz, cores, threads, sockets, memory, os, kernel, architecture,
// ...); a value is checked for its field (a memory is a size, cores a whole number) or the line is not
// taken. Pure.
//
// Exports:
//   machineFacts(text) -> [{ field, value, unit?, line }]   in line order
//   machinesOf(text) -> { system } | {}                     the machine, when the facts describe one
//   describesMachine(facts) -> boolean                      not counts alone (a tool's "Threads: 150")
//   statedMachines(machines, text) -> machines              the parsers' machines, else the document's
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { outline, headingAbove } from '../../read/outline.mjs';

/** Keys as reports write them -> the reader of their value. */
const KEYS = [
  // A host is one name: "HOST: jerrydai   Loss%  Snt" is mtr's report header, not a machine.
  [/^(host|hostname|host name|machine name)$/i, (v) => (/^[\w.-]+$/.test(v) ? [['host', v]] : [])],
  [/^(cpu|cpus|processor|processors|cpu model|model name|cpu type|chip|cpu information)$/i, cpuFacts],
  [/^(cores?|cpu cores|core count|physical cores|cores per socket|core\(s\) per socket)$/i, (v, k) => count(/socket/i.test(k) ? 'cores_per_socket' : 'cores', v)],
  [/^(threads?|logical cores|logical processors|hardware threads|thread\(s\) per core|threads per core)$/i, (v, k) => count(/core/i.test(k) && /per/i.test(k) ? 'threads_per_core' : 'threads', v)],
  [/^(cpu\(s\)|vcpus?|vcpu count)$/i, (v) => count('vcpus', v)],
  [/^(sockets?|socket\(s\))$/i, (v) => count('sockets', v)],
  [/^(memory|mem|ram|system memory|total memory|memory size|available memory)$/i, memoryFacts],
  [/^(os|operating system|distro|distribution|os version|platform os)$/i, (v) => [['os', v]]],
  [/^(kernel|kernel version|linux kernel)$/i, (v) => [['kernel', v]]],
  [/^(arch|architecture|goarch)$/i, (v) => [['architecture', v]]],
  [/^(cpu mhz|cpu max mhz|clock|clock speed|frequency|cpu frequency|base clock)$/i, clockFacts],
  [/^(disk|disks|storage|ssd|drive)$/i, (v) => [['storage', v]]],
  [/^(instance|instance type|ec2 instance|vm size|machine type)$/i, (v) => [['instance_type', v]]],
  [/^(machine|hardware|computer|system model|server model|machine model|hardware model)$/i, (v) => [['system_model', v]]],
  [/^(gpu|graphics)$/i, (v) => [['gpu', v]]],
];

const SIZE = /^(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB|K|M|G|T)\b/i;

function count(field, v) {
  const m = /^(\d+)\b/.exec(v.trim());
  return m ? [[field, toNumber(m[1])]] : [];
}

/** "16 GB", "16GB DDR4", "64 GiB RAM": the size as written without the space ("16GB"). */
function memoryFacts(v) {
  const m = SIZE.exec(v.trim());
  if (!m) return [];
  const unit = m[2].length === 1 ? `${m[2].toUpperCase()}B` : m[2];
  const facts = [['memory', `${m[1]}${unit}`]];
  const type = /\b(DDR\d[\w-]*|LPDDR\d[\w-]*|HBM\d?\w*)\b/i.exec(v);
  if (type) facts.push(['memory_type', type[1]]);
  return facts;
}

function clockFacts(v) {
  const ghz = /(\d+(?:\.\d+)?)\s*GHz/i.exec(v);
  if (ghz) return [['clock_ghz', toNumber(ghz[1]), 'GHz']];
  const mhz = /^(\d+(?:\.\d+)?)\s*(MHz)?$/i.exec(v.trim());
  return mhz ? [['clock_mhz', toNumber(mhz[1]), 'MHz']] : [];
}

/** "Intel Xeon E5-2670 @ 2.60GHz", "AMD EPYC 7763 64-Core Processor", "8 cores", "Apple M1 (8 cores)". */
function cpuFacts(v) {
  const t = v.trim();
  // A tool's CPU use ("cpu : usr=0.74%, sys=2.67%, ctx=1010654", fio's) names no processor.
  if (/[=%]/.test(t)) return [];
  // A CPU time ("CPU: 778ms", systemctl status's; "CPU: 1.2 s") names none either.
  if (/^\d+(?:\.\d+)?\s*(?:ns|us|µs|ms|s|sec|min|h)$/i.test(t)) return [];
  if (/^\d+\s*(cores?|vcpus?|cpus?|threads?)\b/i.test(t)) return itemFacts(t);
  const facts = [];
  // A clock written first ("2.4 GHz Intel Core i5", as macOS's About This Mac says it).
  const first = /^(\d+(?:\.\d+)?)\s*GHz\s+(.+)$/i.exec(t);
  if (first) return [['cpu_model', first[2]], ['clock_ghz', toNumber(first[1]), 'GHz'], ...cpuFacts(first[2]).slice(1)];
  const at = /^(.*?)\s*(?:@|at)\s*(\d+(?:\.\d+)?)\s*GHz\b/i.exec(t);
  const ghz = at ?? /^(.*?)\s+(\d+(?:\.\d+)?)\s*GHz\b/i.exec(t);
  const model = (ghz ? ghz[1] : t).replace(/\s*[,(]\s*$/, '').trim();
  if (model) facts.push(['cpu_model', model]);
  if (ghz) facts.push(['clock_ghz', toNumber(ghz[2]), 'GHz']);
  const cores = /\b(\d+)[\s-]*(?:physical\s+)?cores?\b/i.exec(t);
  if (cores) facts.push(['cores', toNumber(cores[1])]);
  const threads = /\b(\d+)\s*threads?\b/i.exec(t);
  if (threads) facts.push(['threads', toNumber(threads[1])]);
  return facts;
}

/** An unkeyed list item of a hardware section: "8 cores", "32GB RAM", "Ubuntu 22.04", a CPU model. */
function itemFacts(t) {
  const facts = [];
  let m;
  if ((m = /^(\d+)\s*(?:physical\s+)?cores?\b/i.exec(t))) facts.push(['cores', toNumber(m[1])]);
  else if ((m = /^(\d+)\s*(vcpus?|cpus?)\b/i.exec(t))) facts.push(['vcpus', toNumber(m[1])]);
  else if ((m = /^(\d+)\s*threads?\b/i.exec(t))) facts.push(['threads', toNumber(m[1])]);
  else if (SIZE.test(t) && /\b(ram|memory|mem|ddr\d)\b/i.test(t)) facts.push(...memoryFacts(t));
  else if (OS.test(t)) facts.push(['os', t]);
  else if (CPU_WORDS.test(t)) facts.push(...cpuFacts(t));
  return facts;
}

const OS = /^(Ubuntu|Debian|Fedora|CentOS|Red Hat|RHEL|Rocky|Alma|Arch Linux|Alpine|openSUSE|SUSE|FreeBSD|macOS|Mac OS X|OS X|Windows)\b/i;
const CPU_WORDS = /\b(Intel|AMD|Xeon|EPYC|Ryzen|Core i\d|Apple M\d|Graviton|Ampere|POWER\d|ARM Cortex)\b/i;
/** An OS release as a line states it: its name and a version ("Ubuntu 20.04 LTS", "macOS 13.4 (22F66)"). */
const OS_RELEASE = new RegExp(`${OS.source.slice(0, -2)}(?:\\s+[A-Za-z/]+){0,2}\\s+v?\\d+(?:\\.\\d+)*(?:\\s+[\\w().-]+){0,3}$`, 'i');
/** A CPU as a line names it: maker and family, with a model or a clock ("AMD Ryzen 9 5950X 16-Core Processor", "2.4 GHz Intel Core i5"). */
const CPU_LINE =
  /^(?:\d+(?:\.\d+)?\s*GHz\s+)?(?:Intel(?:\(R\)|®)?\s+(?:Core|Xeon|Pentium|Celeron|Atom)|AMD\s+(?:Ryzen|EPYC|Threadripper|Athlon|Opteron|Phenom|FX)|Apple\s+M\d|AWS\s+Graviton|Ampere\s+Altra|Qualcomm\s+Snapdragon)\b[\w\s()®™@.,/+-]*$/i;
/** A CPU's name, not a sentence about one: no lower-case word but cores, threads, with, and. */
const cpuLine = (t) => CPU_LINE.test(t) && !t.split(/\s+/).some((w) => /^[a-z]{2,}$/.test(w) && !/^(cores?|threads?|with|and)$/.test(w));
/** A computer as a line names it ("MacBook Pro (16-inch, 2019)", "Mac mini (M1, 2020)", "ThinkPad X1 Carbon Gen 9"). */
const SYSTEM_LINE =
  /^(?:(?:Apple\s+)?(?:MacBook(?:\s+(?:Pro|Air))?|Mac\s*mini|Mac\s+Studio|Mac\s+Pro|iMac)|(?:Lenovo\s+)?ThinkPad|Dell\s+(?:XPS|Precision|PowerEdge|Latitude|OptiPlex|Inspiron)|HP\s+(?:EliteBook|ProBook|ZBook|ProLiant|Pavilion|Spectre|Envy)|Microsoft\s+Surface|Surface\s+(?:Pro|Laptop|Book)|Raspberry\s+Pi|Intel\s+NUC|Framework\s+Laptop)\b[^:;|]*$/i;
/** What a line may say before its machine: "Tested on a", "Machine:", "Hardware -". */
const LEAD_IN = /^(?:(?:(?:all\s+)?(?:tests?|benchmarks?|results?)\s+)?(?:were\s+|was\s+)?(?:tested|run|ran|measured|benchmarked|executed)\s+on|on)\s+(?:an?|the|my)?\s*/i;

/** Where prose names the machine a run was on: "Results above measured on", "were run on a", "(hardware: ...". */
const PROSE_LEAD = /\b(?:measured|run|ran|tested|benchmarked|executed|obtained|collected)\s+on\s+|\bhardware\s*:\s*/gi;

/**
 * The machine a sentence names after its lead-in ("Results above measured on Apple M4 Pro, macOS
 * 26.4, Swift 6.2": a Swift README), read as a stated line is, its first part a CPU or a computer;
 * "run on every commit" and "all vps run on ubuntu 16.04 x64" name none.
 */
function proseFacts(t) {
  for (const lead of t.matchAll(PROSE_LEAD)) {
    // The rest of its sentence, up to a bracket it did not open.
    let rest = t.slice(lead.index + lead[0].length).split(/(?<=\D)\.\s+(?=[A-Z])/)[0];
    let depth = 0;
    for (let k = 0; k < rest.length; k++) {
      if (rest[k] === '(') depth++;
      else if (rest[k] === ')' && !depth--) {
        rest = rest.slice(0, k);
        break;
      }
    }
    // A CPU or a computer first: an OS alone ("all vps run on ubuntu 16.04 x64") is no one machine.
    const facts = statedLineFacts(rest.replace(/^(?:an?|the|my|our)\s+/i, '').trim());
    if (facts.length && facts[0][0] !== 'os') return facts;
  }
  return [];
}

/** A line's parts, split at commas outside brackets. */
function parts(t) {
  const out = [''];
  let depth = 0;
  for (const c of t) {
    if (c === '(' || c === '[') depth++;
    if ((c === ')' || c === ']') && depth) depth--;
    if (c === ',' && !depth) out.push('');
    else out[out.length - 1] += c;
  }
  return out.map((p) => p.trim()).filter(Boolean);
}

/**
 * A line that is wholly a machine's statement: its first part a CPU, a computer model or an OS
 * release, the rest facts of it (memory, cores, OS, CPU) or words that are none (kept out: "late
 * 2013 model"). Anything else (prose that mentions Ubuntu, a heading "On Ubuntu", a table row) is not.
 */
function statedLineFacts(t) {
  if (t.length > 160 || /\|/.test(t)) return [];
  const [first, ...rest] = parts(t.replace(LEAD_IN, '').replace(/[.;:]\s*$/, ''));
  if (!first) return [];
  const facts = SYSTEM_LINE.test(first)
    ? [['system_model', first]]
    : cpuLine(first)
      ? cpuFacts(first)
      : OS_RELEASE.test(first)
        ? [['os', first]]
        : [];
  if (!facts.length) return [];
  for (const p of rest) facts.push(...(cpuLine(p) ? cpuFacts(p) : itemFacts(p.replace(/\s+memory$/i, ' RAM'))));
  return facts;
}

/** A `uname -a` line: "Linux host 5.4.0-42-generic #46-Ubuntu SMP ... x86_64 GNU/Linux". */
function unameFacts(t) {
  const m = /^(Linux|Darwin|FreeBSD)\s+([^\s:]\S*)\s+(\d+\.\d+[\w.\-+~]*)\s+.*?\s(x86_64|aarch64|arm64|i686|ppc64le|s390x|riscv64)\b/.exec(t);
  return m ? [['host', m[2]], ['kernel', m[3]], ['architecture', m[4]]] : [];
}

const HARDWARE_SECTION = /\b(hardware|machine|environment|set-?up|system|platform|specs?|specifications?|test ?bed|configuration|server|host)\b/i;

/**
 * @param {string} text
 * @returns {Array<{ field: string, value: string|number, unit?: string, line: number }>}
 */
export function machineFacts(text) {
  const lines = splitLines(text);
  let doc;
  const facts = [];
  // A systemd unit's status ("● mysql.service - ..." and its indented "Memory:", "CPU:" lines, up to
  // a blank or unindented line) is that service's use of the machine, not the machine.
  let unitStatus = false;
  const add = (list, line) => {
    for (const [field, value, unit] of list) facts.push(unit ? { field, value, unit, line } : { field, value, line });
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (/^\s*[●○×]\s+\S+\.(?:service|socket|scope|mount|timer)\b/.test(raw)) unitStatus = true;
    else if (!/^\s+\S/.test(raw)) unitStatus = false;
    if (unitStatus) return;
    // A list item, a bold key, a table-less "Key: value" line; ANSI-free text expected.
    const item = /^\s*(?:[-*+]|\d+[.)])\s+/.test(raw);
    const t = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
      .replace(/^\s*(?:\$\s+)?/, '')
      .trim();
    const keyed = /^\**\s*([A-Za-z][A-Za-z ()/-]{0,30}?)\s*\**\s*:\s*\**\s*(.+?)\s*$/.exec(t);
    if (keyed && !/^https?$/i.test(keyed[1])) {
      const key = keyed[1].replace(/\*+/g, '').trim();
      const value = keyed[2].replace(/^\*+\s*|\s*\*+$/g, '').replace(/`/g, '').trim();
      const reader = KEYS.find(([re]) => re.test(key));
      if (reader && value) {
        add(reader[1](value, key), line);
        return;
      }
    }
    const uname = unameFacts(t);
    if (uname.length) {
      add(uname, line);
      return;
    }
    // An HTML key row: <th>Key</th> on the line above, <td>value</td> on this one.
    const td = /^<td[^>]*>([^<]+)<\/td>$/i.exec(t);
    const th = td && /^\s*(?:<\/tr>\s*<tr>\s*)?<th[^>]*>([^<]+)<\/th>\s*$/i.exec(lines[i - 1] ?? '');
    const keyReader = th && KEYS.find(([re]) => re.test(th[1].trim()));
    if (keyReader) {
      add(keyReader[1](td[1].trim(), th[1].trim()), line);
      return;
    }
    const plain = t.replace(/^#+\s*|\*\*|`|<[^>]+>/g, '').trim();
    const stated = !keyed && !item ? statedLineFacts(plain) : [];
    if (!stated.length) stated.push(...proseFacts(plain));
    if (stated.length) {
      add(stated, line);
      return;
    }
    if (item) {
      doc ??= outline(text);
      if (HARDWARE_SECTION.test(headingAbove(doc, line))) add(itemFacts(t.replace(/\*\*|`/g, '')), line);
    }
  });
  return facts;
}

/**
 * The label of a machine whose role the report does not state (one host, no "server" or "client"): a
 * reader's name for it, never said as a role (data/document.mjs leaves such a role out of the pages).
 */
export const UNNAMED_MACHINE = 'the machine';

/** The machine the report states (`HOST:`, `CPU:`, `Memory:` lines, a Hardware section), each fact once. */
export function machinesOf(text) {
  const seen = new Set();
  const facts = machineFacts(text).filter((f) => !seen.has(`${f.field}\u0000${f.value}`) && seen.add(`${f.field}\u0000${f.value}`));
  return describesMachine(facts) ? { system: { label: UNNAMED_MACHINE, facts } } : {};
}

/** Counts alone (a tool's "Threads: 150", "cores: 4") are settings of a run, not a machine. */
const COUNTS = new Set(['threads', 'cores', 'vcpus', 'sockets', 'threads_per_core', 'cores_per_socket']);
/**
 * Whether facts describe a machine: one that names it (a CPU model, a host, an OS, a kernel, a system
 * or instance model, its memory ...), not only counts a tool prints among its settings.
 * @param {Array<{ field: string }>} facts
 */
export const describesMachine = (facts) => facts.some((f) => !COUNTS.has(f.field));

/**
 * The machines of a report: those its parsers describe, else the one its own lines state (a CPU, a
 * computer, an OS line, a Hardware section), so a file read by a generic reader or a recipe has the
 * machine it names. add-report and the data stage both ask here, so the metadata add-report drafts
 * names the machines the data stage finds.
 * @param {Record<string, { label: string, facts: object[] }>} machines
 * @param {string} text
 */
export const statedMachines = (machines, text) => (Object.keys(machines ?? {}).length ? machines : machinesOf(text));
