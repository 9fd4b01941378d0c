// Adapter for `go test -bench` output (the Go benchmark format of golang.org/x/perf/benchfmt), with or
// without -benchmem: result lines `BenchmarkName/sub-8  <iterations>  <value> <unit>  ...`, under the
// `goos:`/`goarch:`/`pkg:`/`cpu:` header that go test prints per package. Each value is one row; the
// -N GOMAXPROCS suffix is the condition `procs`, `key=value` parts of a sub-benchmark name are
// conditions, the package is the condition `package`, a benchmark repeated (-count) gets `run`.
// PASS/ok lines are read and left; benchstat's tables (no `Benchmark` prefix) are not claimed.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber, toInteger, InexactNumberError } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'go-test-bench';
export const description = 'go test -bench output (with or without -benchmem, custom metrics), under its goos/goarch/pkg/cpu header.';

// Go's rule (testing.isTest): "Benchmark" then the end of the name or a character that is not a
// lower-case letter; then the iteration count and value-unit pairs.
// A line cut off after its count (or its last value) is still a result line, so that it is refused.
const RESULT = /^\s*(Benchmark(?![a-z])\S*)\s+(\d+)(?:\s+([-+]?[\d.]\S*(?:\s+\S+)*))?\s*$/;
const HEADER = /^\s*(goos|goarch|pkg|cpu):\s*(.*?)\s*$/;
const TRAILER = /^\s*(PASS|FAIL|ok\s+\S+\s+\S+.*|FAIL\s+\S+\s+\S+.*)\s*$/;

/** The units go test itself prints. */
const BUILTIN = {
  'ns/op': { metric: 'time', unit: 'ns', statistic: 'mean' },
  'B/op': { metric: 'memory', unit: 'B/op', statistic: 'mean' },
  'allocs/op': { metric: 'allocations', unit: 'allocs/op', statistic: 'mean' },
  'MB/s': { metric: 'bandwidth', unit: 'MB/s', statistic: 'mean' },
};
/** Quantities a custom unit may end with (benchfmt's "build-real-ns/op", bent's "text-bytes"). */
const QUANTITY = {
  ns: ['ns', 'time'],
  us: ['us', 'time'],
  µs: ['us', 'time'],
  ms: ['ms', 'time'],
  s: ['s', 'time'],
  sec: ['s', 'time'],
  B: ['B', 'size'],
  bytes: ['B', 'size'],
  KB: ['KB', 'size'],
  MB: ['MB', 'size'],
  GB: ['GB', 'size'],
  KiB: ['KiB', 'size'],
  MiB: ['MiB', 'size'],
  GiB: ['GiB', 'size'],
};
const RESERVED = new Set(['procs', 'package', 'run', 'goos', 'goarch', 'cpu']);

const snake = (words) =>
  words
    .join('_')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * What a unit measures: go test's own units, or a custom one by Go's conventions (ReportMetric:
 * per-iteration units end in "/op"; benchfmt: words joined by "-" before a quantity such as ns or B).
 * @returns {{ metric: string, unit: string, statistic: string } | undefined}
 */
export function goUnit(text) {
  if (BUILTIN[text]) return BUILTIN[text];
  const m = /^([A-Za-zµ][\wµ.-]*?)(?:\/([A-Za-z][\w.-]*))?$/.exec(text);
  if (!m) return undefined;
  const [, numerator, per] = m;
  const words = numerator.split('-');
  const quantity = QUANTITY[words[words.length - 1]];
  const statistic = per === 'op' ? 'mean' : 'value';
  if (quantity) {
    const [unit, kind] = quantity;
    const name = [...words.slice(0, -1), kind, ...(per && per !== 'op' ? ['per', per] : [])];
    return { metric: snake(name), unit, statistic };
  }
  if (per === 'op') return { metric: snake([numerator, 'per', 'op']), unit: 'count', statistic };
  // Any other unit b.ReportMetric was given ("auxMetricUnits"): kept as written, never converted.
  return { metric: snake([text.replace(/([a-z0-9])([A-Z])/g, '$1_$2')]), unit: text, statistic };
}

/** A condition's value: a number when it is written as one exactly, else the text. */
function conditionValue(text) {
  try {
    const n = toNumber(text);
    if (n !== undefined && !/^[+.]|^-?0\d/.test(text)) return n;
  } catch (e) {
    if (!(e instanceof InexactNumberError)) throw e;
  }
  return text;
}

/**
 * A result name split into benchmark, procs and the key=value parts of its sub-benchmark path.
 * @returns {{ benchmark: string, conditions: Record<string, string|number> }}
 */
export function splitName(full) {
  const procs = /^(.*\S)-(\d+)$/.exec(full);
  const name = procs ? procs[1] : full;
  const [base, ...parts] = name.split('/');
  const kept = [base];
  const conditions = {};
  for (const part of parts) {
    const kv = /^([A-Za-z][\w.-]*)=(.+)$/.exec(part);
    const key = kv ? snake([kv[1]]) : '';
    if (kv && /^[a-z]/.test(key) && !RESERVED.has(key) && !(key in conditions) && measurementSafe(key)) {
      conditions[key] = conditionValue(kv[2]);
    } else kept.push(part);
  }
  // testing.benchmarkName appends -N only when GOMAXPROCS is not 1: no suffix is GOMAXPROCS 1.
  conditions.procs = procs ? Number(procs[2]) : 1;
  return { benchmark: kept.join('/'), conditions };
}

/** Whether a name can be a condition of a measurement (not one of the row's own fields). */
const measurementSafe = (key) =>
  ![
    'benchmark', 'subject', 'section', 'metric', 'statistic', 'value', 'unit', 'better',
    'spread_kind', 'spread', 'lower', 'upper', 'runs', 'conditions', 'line', 'seed', 'entity',
  ].includes(key);

/** A result line's pairs: value and unit, each value a number as printed. */
function readPairs(words, line) {
  if (words.length === 0 || words.length % 2 !== 0) {
    const last = words.length ? `"${words[words.length - 1]}"` : 'the iteration count';
    throw new InputError(line, 'a value and its unit after the iteration count, pair by pair ("123.4 ns/op")', `the end of the line after ${last}`);
  }
  const pairs = [];
  for (let k = 0; k < words.length; k += 2) {
    let value;
    try {
      value = toNumber(words[k]);
    } catch (e) {
      if (e instanceof InexactNumberError) throw new InputError(line, e.expected, e.found);
      throw e;
    }
    if (value === undefined) throw new InputError(line, `a number before the unit ${quote(words[k + 1])}`, quote(words[k]));
    const unit = goUnit(words[k + 1]);
    if (!unit) {
      throw new InputError(
        line,
        'a unit of go test (ns/op, B/op, allocs/op, MB/s) or a custom one, a word ("<name>/op", "<name>-ns", "auxMetricUnits")',
        quote(words[k + 1]),
      );
    }
    pairs.push({ value, ...unit });
  }
  return pairs;
}

export function detect(text) {
  return splitLines(stripAnsi(text)).some((l) => {
    const m = RESULT.exec(l);
    if (!m) return false;
    const words = (m[3] ?? '').split(/\s+/);
    return words.length % 2 === 0 && toNumberSafe(words[0]) !== undefined && goUnit(words[1]) !== undefined;
  });
}

function toNumberSafe(token) {
  try {
    return toNumber(token);
  } catch {
    return undefined;
  }
}

/** Line ranges from a set of line numbers: consecutive lines make one range. */
function rangesOf(numbers) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const spans = [];
  for (const n of sorted) {
    const last = spans[spans.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else spans.push([n, n]);
  }
  return spans;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(stripAnsi(text));
  const results = [];
  const read = [];
  let header = {};
  let afterResults = false;
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const h = HEADER.exec(lines[i]);
    if (h) {
      if (afterResults) header = {};
      afterResults = false;
      header[h[1]] = { value: h[2], line: n, used: false };
      continue;
    }
    const r = RESULT.exec(lines[i]);
    if (r) {
      const iterations = toInteger(r[2]);
      if (iterations === undefined) throw new InputError(n, 'an iteration count', quote(r[2]));
      const pairs = readPairs(r[3] ? r[3].split(/\s+/) : [], n);
      for (const key of Object.keys(header)) {
        header[key].used = true;
        read.push(header[key].line);
      }
      results.push({ name: r[1], iterations, pairs, header: { ...header }, line: n });
      read.push(n);
      afterResults = true;
      inBlock = true;
      continue;
    }
    if (inBlock && TRAILER.test(lines[i])) {
      read.push(n);
      continue;
    }
    inBlock = false;
  }
  if (!results.length) {
    throw new InputError(0, 'a go test -bench result line ("BenchmarkName-8  1000  123.4 ns/op")', 'none');
  }

  // Machine facts: goos, goarch and cpu when the whole file states one value each; a field that
  // differs between packages (outputs of several machines pasted together) is a condition instead.
  const FACTS = { goos: 'os', goarch: 'architecture', cpu: 'cpu_model' };
  const facts = [];
  const varying = new Set();
  for (const [key, field] of Object.entries(FACTS)) {
    const stated = results.map((r) => r.header[key]).filter(Boolean);
    if (!stated.length) continue;
    if (new Set(stated.map((s) => s.value)).size > 1 || stated.length < results.length) varying.add(key);
    else facts.push({ field, value: stated[0].value, line: Math.min(...stated.map((s) => s.line)) });
  }

  const named = results.map((r) => {
    const { benchmark, conditions } = splitName(r.name);
    if (r.header.pkg) conditions.package = r.header.pkg.value;
    for (const key of varying) if (r.header[key]) conditions[key] = r.header[key].value;
    return { ...r, benchmark, conditions };
  });
  // A benchmark printed more than once (-count, or the same package run twice): its lines are runs.
  const seen = new Map();
  for (const r of named) {
    const key = JSON.stringify([r.name, r.conditions]);
    seen.set(key, [...(seen.get(key) ?? []), r]);
  }
  for (const group of seen.values()) if (group.length > 1) group.forEach((r, k) => (r.conditions.run = k + 1));

  const rows = named.flatMap((r) =>
    r.pairs.map((p) =>
      measurement({
        benchmark: r.benchmark,
        metric: p.metric,
        statistic: p.statistic,
        value: p.value,
        unit: p.unit,
        runs: r.iterations,
        conditions: r.conditions,
        line: r.line,
      }),
    ),
  );
  return measurementResult(rows, {
    tableTitle: 'go test -bench results',
    machines: facts.length ? { system: { label: UNNAMED_MACHINE, facts } } : {},
    spans: rangesOf(read),
  });
}
