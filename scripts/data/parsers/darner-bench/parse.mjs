// Parser for Darner's docs/benchmarks.md: a "Benchmark Details" list, then four sections
// (Resident Memory, Queue Flooding, Fairness, Queue Packing), each with prose, a chart image
// and a code block holding the shell prompt, the bench script and its output.
// Pure: text in, rows out. Each row carries the 1-based line it came from.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, linkTexts, toNumber, toInteger } from '../../../lib/text.mjs';
import { softwareLine } from '../shared/machine.mjs';

export const format = 'darner-bench';
export const description =
  "Darner's benchmark document (docs/benchmarks.md): resident memory, queue flood, fairness and queue packing, Darner vs Kestrel (memcache as upper bound).";

/** The sections this format knows, recognised by a word in their heading. */
const SECTIONS = [
  { id: 'resident-memory', match: /memory/i, name: 'Resident Memory' },
  { id: 'queue-flood', match: /flood/i, name: 'Queue Flooding' },
  { id: 'fairness', match: /fair/i, name: 'Fairness' },
  { id: 'queue-packing', match: /pack/i, name: 'Queue Packing' },
];

export function detect(text) {
  const head = text;
  return /bench\/(mem_rss|flood|fairness|packing)\.sh/.test(head) && /^#\s+\S/m.test(head);
}

const ROW = {
  'resident-memory': {
    re: /^(\w+)\s+(\d+)\s+requests:\s+(\d+)\s*kB\s*$/,
    expected: '"<server> <queued requests> requests: <rss> kB"',
    row: (m, line) => ({ server: m[1], queued_requests: Number(m[2]), rss_kb: Number(m[3]), line }),
  },
  'queue-flood': {
    re: /^(\w+)\s+(\d+)\s+conns:\s+([\d.]+)\s*#\/sec\s*\(mean\)\s*$/,
    expected: '"<server> <n> conns: <rate> #/sec (mean)"',
    row: (m, line) => ({ server: m[1], connections: Number(m[2]), requests_per_second: Number(m[3]), line }),
  },
  'queue-packing': {
    re: /^(\w+)\s+(\d+)\s+sets:\s+([\d.]+)\s*#\/sec\s*\(mean\)\s*$/,
    expected: '"<server> <n> sets: <rate> #/sec (mean)"',
    row: (m, line) => ({ server: m[1], sets_added: Number(m[2]), requests_per_second: Number(m[3]), line }),
  },
};

/** Fairness summary lines: label -> field, unit as printed, and how to read the value. */
const SUMMARY = [
  ['Concurrency Level', 'concurrency', '', toInteger],
  ['Gets', 'gets', '', toInteger],
  ['Sets', 'sets', '', toInteger],
  ['Time taken for tests', 'time_taken_s', 'seconds', toNumber],
  ['Bytes read', 'bytes_read', 'bytes', toInteger],
  ['Read rate', 'read_rate_kbytes_per_s', 'Kbytes/sec', toNumber],
  ['Bytes written', 'bytes_written', 'bytes', toInteger],
  ['Write rate', 'write_rate_kbytes_per_s', 'Kbytes/sec', toNumber],
  ['Requests per second', 'requests_per_second', '#/sec (mean)', toNumber],
  ['Time per request', 'time_per_request_us', 'us (mean)', toNumber],
];

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'a Darner benchmark report', 'an empty file');

  const tables = {
    'resident-memory': { kind: 'darner-resident-memory', title: 'Resident memory', rows: [], notes: [] },
    'queue-flood': { kind: 'darner-queue-flood', title: 'Queue flood', rows: [], notes: [] },
    'fairness-summary': { kind: 'darner-fairness-summary', title: 'Fairness: summary per server', rows: [], notes: [] },
    'fairness-latency': { kind: 'darner-fairness-latency', title: 'Fairness: latency percentiles', rows: [], notes: [] },
    'queue-packing': { kind: 'darner-queue-packing', title: 'Queue packing', rows: [], notes: [] },
  };
  const facts = [];
  const software = [];
  const methodology = [];
  const sections = [];
  const seen = new Set();

  let section = null; // current section descriptor
  let inCode = false;
  let codeStart = 0;
  let fair = null; // fairness parse state
  let intro = true;

  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const l = lines[i];
    if (/^```/.test(l.trim())) {
      if (inCode && section) finishCode(section, codeStart, n);
      inCode = !inCode;
      codeStart = n;
      fair = null;
      continue;
    }
    if (inCode) {
      if (!section) throw new InputError(n, 'a code block inside a section', quote(l));
      readCodeLine(l, n);
      continue;
    }
    const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(l);
    if (h) {
      const known = SECTIONS.find((s) => s.match.test(h[1]));
      if (!known) {
        throw new InputError(n, `a section heading (${SECTIONS.map((s) => `"# ${s.name}"`).join(', ')})`, quote(l));
      }
      if (seen.has(known.id)) throw new InputError(n, `each section once`, `a second ${quote(l)}`);
      seen.add(known.id);
      section = { ...known, heading: h[1], line: n, text: '', host: '', command: '', codeLines: 0 };
      sections.push(section);
      intro = false;
      continue;
    }
    if (isBlank(l)) continue;
    if (intro) {
      // "* [Amazon EC2 m1.large](...): 7.5GB memory, 2 virtual cores", "* 64-bit Ubuntu 11.10", ...
      const item = /^\s*[*-]\s+(.*)$/.exec(l);
      if (!item) continue; // "Benchmark Details:"
      const body = linkTexts(item[1]);
      const hw = /^(.*?):\s*([\d.]+)\s*GB memory,\s*(\d+)\s+virtual cores\s*$/i.exec(body);
      const os = /^(?:(\d+)-bit\s+)?(Ubuntu|Debian|CentOS|Fedora|Red Hat|Amazon Linux)\s*(.*)$/i.exec(body);
      if (hw) {
        facts.push({ field: 'instance_type', value: hw[1].trim(), line: n });
        facts.push({ field: 'memory', value: `${hw[2]}GB`, line: n });
        facts.push({ field: 'vcpus', value: Number(hw[3]), line: n });
      } else if (os) {
        facts.push({ field: 'os', value: `${os[2]} ${os[3]}`.trim(), line: n });
        if (os[1]) facts.push({ field: 'architecture', value: `${os[1]}-bit`, line: n });
      } else {
        software.push(softwareLine(body, n));
      }
      continue;
    }
    if (/^!\[/.test(l.trim())) continue; // the upstream chart image
    if (section) {
      if (!section.text) methodology.push({ title: section.name, text: '', line: n, section: section.id });
      section.text += (section.text ? ' ' : '') + l.trim();
      methodology[methodology.length - 1].text = section.text;
    }
  }
  if (inCode) throw new InputError(codeStart, 'a closing ``` for the code block', 'the end of the file');
  for (const s of SECTIONS) {
    if (!seen.has(s.id)) throw new InputError(0, `a "# ${s.name}" section`, 'none');
  }
  if (fair) throw new InputError(fair.line, 'a complete fairness block', 'the end of the code block');

  return {
    tables,
    machines: { system: { label: 'Server and benchmark client', facts } },
    software,
    methodology,
    notes: [],
    sections: sections.map(({ id, name, line, host, command }) => ({ id, title: name, line, host, command })),
  };

  function finishCode(s, start, end) {
    if (fair) throw new InputError(fair.line, 'a complete fairness block (summary and percentiles)', `the end of the code block at line ${end}`);
    if (!s.codeLines) throw new InputError(start, `measurements in the ${s.name} code block`, 'none');
  }

  function readCodeLine(l, n) {
    const s = section;
    if (isBlank(l)) return;
    const prompt = /^\s*\S+@([\w.-]+):\S*\$\s*(.+?)\s*$/.exec(l);
    if (prompt) {
      // The host differs between sections (flood ran on another instance): keep it.
      s.host = prompt[1];
      s.command = prompt[2];
      s.commandLine = n;
      return;
    }
    if (/^warming up \w+\.\.\.done\.\s*$/.test(l)) return;
    if (s.id === 'fairness') return readFairness(l, n);
    const spec = ROW[s.id];
    const m = spec.re.exec(l);
    if (!m) throw new InputError(n, spec.expected, quote(l));
    tables[s.id].rows.push(spec.row(m, n));
    s.codeLines++;
  }

  function readFairness(l, n) {
    const start = /^(\w+) stats:\s*$/.exec(l);
    if (start) {
      if (fair) throw new InputError(n, `the percentiles of ${fair.server} before the next block`, quote(l));
      fair = { server: start[1], line: n, summary: { server: start[1] }, percentiles: false, fields: 0 };
      return;
    }
    if (!fair) throw new InputError(n, '"<server> stats:"', quote(l));
    if (/^Percentage of the requests served within a certain time \(us\)\s*$/.test(l)) {
      if (fair.fields !== SUMMARY.length) {
        const missing = SUMMARY.filter(([, f]) => !(f in fair.summary)).map(([label]) => `"${label}"`);
        throw new InputError(n, `the summary line${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, quote(l));
      }
      fair.percentiles = true;
      return;
    }
    if (!fair.percentiles) {
      const m = /^([A-Za-z ]+):\s+(\S+)\s*(.*?)\s*$/.exec(l);
      const spec = m && SUMMARY.find(([label]) => label.toLowerCase() === m[1].trim().toLowerCase());
      if (!spec) throw new InputError(n, `a summary line (${SUMMARY.map(([label]) => `"${label}:"`).join(', ')})`, quote(l));
      const [label, field, unit, read] = spec;
      const value = read(m[2]);
      if (value === undefined || m[3] !== unit) throw new InputError(n, `"${label}: <number>${unit ? ' ' + unit : ''}"`, quote(l));
      if (field in fair.summary) throw new InputError(n, `"${label}" once per block`, 'it again');
      fair.summary[field] = value;
      fair.fields++;
      return;
    }
    const p = /^\s*(\d+(?:\.\d+)?)%:\s+(\d+(?:\.\d+)?)\s*(?:\((.+)\))?\s*$/.exec(l);
    if (!p) throw new InputError(n, '"<percent>%: <latency in us>"', quote(l));
    const percentile = Number(p[1]);
    if (percentile > 100) throw new InputError(n, 'a percentile of at most 100%', quote(l));
    tables['fairness-latency'].rows.push({ server: fair.server, percentile, latency_us: Number(p[2]), note: p[3] ?? '', line: n });
    section.codeLines++;
    if (percentile === 100) {
      tables['fairness-summary'].rows.push({ ...fair.summary, line: fair.line, line_end: n });
      fair = null;
    }
  }
}
