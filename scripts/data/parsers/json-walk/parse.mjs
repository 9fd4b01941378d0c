// The JSON walker, a generic fallback: JSON of a shape no adapter knows, walked, each number a row
// named by its path (latency_ms.p99). The unit comes from the words of its keys, leaf first
// (latency_ms, duration_seconds, memory_mb, throughput_qps, bytesPerSec); the statistic from the leaf
// key (p99, average, max, peak, median, stddev, total); the metric from the key words (latency,
// throughput, memory, duration, errors, requests); the benchmark from the document's own name field
// (scenario, name, title, benchmark) where it has one. A number whose keys name no unit is a count only
// where its key counts something (requests, errors, failed); any other is not read and is listed in a
// note, never given a guessed unit. Arrays of bare numbers (raw samples, histograms) are not read.
// A count word beside a time word (throughput_req_sec, broadcasts_per_second) is a rate, and a
// setting (concurrency, threads, ...) is a condition of its object's rows. An object of a "total" and its
// parts ({ "total": 2458, "ok": 1738, "ko": 720 }) is one value and its parts: "total" is all of them
// (never the statistic total), the object's own key names the statistic, each part is a condition
// (`part`). A time the keys name with a statistic but no unit ("minResponseTime") goes in with unit
// "not stated" (units.mjs UNSTATED), never a guessed one. A record of a name, a number "value" and the
// unit written beside it ({ "name": "BenchmarkNew", "value": 14.6, "unit": "ns/op" }) is one value of
// that name in that unit; an unnamed array item that says which commit or run it is (its "id", or a
// "commit" object's) makes that a condition of the records it holds. XML is walked as JSON is (shared/xml.mjs), a unit stated beside ("unit",
// <Scale>) is the unit of the numbers that name none. Pure: text in, rows with the line of each key out (shared/json.mjs).
import { InputError } from '../../../lib/errors.mjs';
import { canonicalUnit, isTransferRate, UNITS, UNSTATED } from '../../measure/units.mjs';
import { betterOf, measurement, measurementResult } from '../../measure/model.mjs';
import { roleOf, settingOf, statisticOf as wordsStatistic } from '../../read/vocabulary.mjs';
import { jsonBlocks, readJson } from '../shared/json.mjs';
import { looksLikeXml, readXml } from '../shared/xml.mjs';

export const format = 'json-walk';
export const description = 'JSON of any shape, walked: each number a row named by its path, its unit from the key words (a generic reader).';
/** Tried only where no tool's format reads the text (the document reader runs it after the others). */
export const fallback = true;
/** A generic reader the document reader runs on the lines nothing else read. */
export const generic = true;

const NAME_KEYS = ['scenario', 'name', 'title', 'benchmark', 'test', 'label'];
const UNIT_WORDS = { qps: canonicalUnit('qps'), tps: canonicalUnit('tps'), iops: canonicalUnit('iops'), rps: canonicalUnit('rps'), mb: 'MB', kb: 'KB', gb: 'GB', pct: '%', percent: '%' };
const COUNT = /^(requests|count|errors|failures|failed|successful|success|total|operations|ops|events|timeouts|transactions)$/;
const NOT_RESULT = /^(port|pid|id|seed|version|timestamp|time_stamp|date|start|finish|started|finished)$/;
const PER_SECOND = /^(s|sec|secs|second|seconds)$/;
/** The key of a whole beside its parts ({ "total": 2458, "ok": 1738, "ko": 720 }). */
const WHOLE = /^(total|all)$/i;
/** Words of a key that name a time measured (with a statistic, and no unit: unit not stated). */
const TIME_WORDS = ['latency', 'response', 'time', 'duration', 'elapsed'];
/** Keys of an item that say which run, commit or build it is ({ "commit": { "id": "cf45c3…" } }). */
const ID_KEYS = ['id', 'sha', 'commit', 'revision', 'version'];

/** A key of an object in any case ("Title" in XML, "title" in JSON): its value, or undefined. */
const keyOf = (v, key) => {
  const k = Object.keys(v).find((x) => x.toLowerCase() === key);
  return k === undefined ? undefined : v[k];
};

/** The name an object gives itself (its "name", "scenario", "title", ... string, in any case), or undefined. */
const nameOf = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? NAME_KEYS.map((k) => keyOf(v, k)).find((s) => typeof s === 'string' && s.trim()) : undefined);

/**
 * The names of an array's items: each one's own name, and where two items share it, the name and the
 * item's description (Phoronix Test Suite's <Result>s, all <Title>simdjson</Title>, told apart by
 * <Description>Throughput Test: Kostya</Description>).
 */
function itemNames(items) {
  const names = items.map(nameOf);
  const shared = (n) => n !== undefined && names.filter((m) => m === n).length > 1;
  return names.map((n, i) => {
    const description = shared(n) ? keyOf(items[i], 'description') : undefined;
    return typeof description === 'string' && description.trim() ? `${n}: ${description.trim()}` : n;
  });
}

/** The unit an object states beside its numbers ("unit": "ms", Phoronix Test Suite's <Scale>GB/s</Scale>), or undefined. */
const unitBeside = (v) => {
  const stated = Object.entries(v).find(([k, x]) => /^(unit|units|scale)$/i.test(k) && typeof x === 'string' && canonicalUnit(x.trim()));
  return stated ? canonicalUnit(stated[1].trim()) : undefined;
};

/**
 * A measure record: a name, a number "value" and the unit written beside it as a string
 * ({ "name": "BenchmarkNew", "value": 14.6, "unit": "ns/op" }, github-action-benchmark's benches):
 * its name, value and unit, or undefined.
 */
function recordOf(v) {
  const name = nameOf(v);
  const unit = typeof v.unit === 'string' ? canonicalUnit(v.unit.trim()) : undefined;
  return name && typeof v.value === 'number' && unit ? { name, unit } : undefined;
}

/**
 * What an unnamed array item says it is: its own id, or the id of an object it holds, named by that
 * object's key ({ "commit": { "id": "cf45c3…" } } -> { commit: "cf45c3…" }); undefined if none.
 */
function identityOf(x) {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return undefined;
  const plain = (v) => (typeof v === 'string' && v.trim()) || (typeof v === 'number' && Number.isInteger(v));
  for (const k of ID_KEYS) if (plain(x[k])) return { [k]: x[k] };
  for (const [k, o] of Object.entries(x))
    if (o && typeof o === 'object' && !Array.isArray(o)) for (const id of ID_KEYS) if (plain(o[id])) return { [k]: o[id] };
  return undefined;
}

/** The words of a key: "latency_ms" -> ["latency", "ms"], "bytesPerSec" -> ["bytes", "per", "sec"], "p99_9" -> ["p99.9"]. */
const words = (key) =>
  String(key)
    .replace(/^p(\d+)_(\d+)$/i, 'p$1.$2')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_\-/]+/)
    .filter(Boolean);

/** The statistic a key names (the one vocabulary, read/vocabulary.mjs; "count" is a total here), or undefined. */
const statisticOf = (key, better) => wordsStatistic(key, better) ?? (words(key).includes('count') ? 'total' : undefined);

/** The unit the words of a path name, leaf first: "bytes per sec" -> B/s, "ms" -> ms. */
function unitOf(path) {
  for (const key of [...path].reverse()) {
    const w = words(key);
    const joined = w.join('');
    const per = w.indexOf('per');
    if (per > 0 && w[per + 1]) {
      const u = canonicalUnit(`${w[per - 1]}/${w[per + 1]}`);
      if (u) return u;
      // "broadcasts_per_second": events a second, a rate (never the "second" of a time).
      if (PER_SECOND.test(w[per + 1])) return 'ops/s';
    }
    // "throughput_req_sec", "ops_sec": a count word and a time word side by side are a rate.
    for (let i = w.length - 1; i > 0; i--) {
      const u = PER_SECOND.test(w[i]) ? canonicalUnit(`${w[i - 1]}/${w[i]}`) : undefined;
      if (u && UNITS[u]?.dimension === 'rate') return u;
    }
    for (const x of [...w].reverse()) {
      const u = UNIT_WORDS[x] ?? (x.length > 1 || x === 's' ? canonicalUnit(x) : undefined);
      if (u && !['count', 'x'].includes(u) && !/^(m|min)$/.test(x)) return u;
    }
    if (canonicalUnit(joined) && /\//.test(canonicalUnit(joined))) return canonicalUnit(joined);
  }
  return undefined;
}

function metricOf(path, unit) {
  const w = path.flatMap(words);
  const d = UNITS[unit]?.dimension;
  // A rate is a throughput even under a "throughput_and_latency" object; latency is a time.
  if (d === 'rate') return 'throughput';
  if ((w.includes('latency') || w.includes('response')) && (d === 'time' || unit === UNSTATED)) return 'latency';
  if (w.includes('throughput') || /^(ops|req)\/s$/.test(unit)) return 'throughput';
  if (w.some((x) => ['memory', 'mem', 'rss', 'heap'].includes(x))) return 'memory';
  if (w.includes('duration') || w.includes('elapsed')) return 'duration';
  if (w.some((x) => ['error', 'errors', 'failed', 'failures'].includes(x))) return 'errors';
  if (w.some((x) => ['requests', 'successful', 'success'].includes(x)) && unit === 'count') return 'requests';
  if (d === 'time') return 'time';
  if (isTransferRate(unit)) return 'bandwidth';
  const name = w.filter((x) => !statisticOf(x) && !UNIT_WORDS[x] && !canonicalUnit(x)).join('_');
  return /^[a-z][a-z0-9_]*$/.test(name) ? name : 'value';
}

/** Walk one JSON document: rows and notes. */
function walk(doc) {
  const rows = [];
  const notes = [];
  const settings = [];
  const scopes = [];
  const named = nameOf(doc.value);
  // `item`: the name of the nearest named array item above (XML's benchmark); `beside`: a unit stated beside.
  // `system`: the run an XML entry states it is (Phoronix Test Suite's <Entry><Identifier>GVNO3</Identifier><Value>):
  // a condition of its values, so the results of two systems in one file never collide.
  const visit = (v, path, shown, part, ids = {}, item = undefined, beside = undefined, system = undefined) => {
    if (Array.isArray(v)) {
      if (v.length && v.every((x) => typeof x === 'number')) return; // raw samples or a histogram
      const names = itemNames(v);
      v.forEach((x, i) => {
        const n = names[i];
        // An unnamed item that says which commit or run it is: that is a condition of what it holds.
        visit(x, [...path, i], [...shown, n ?? String(i)], undefined, { ...ids, ...(n ? {} : identityOf(x)) }, n ?? item, beside, system);
      });
      return;
    }
    const record = v && typeof v === 'object' ? recordOf(v) : undefined;
    if (record) {
      const { name, unit } = record;
      const role = roleOf(name);
      const conditions = { ...ids, ...(role ? { role } : {}) };
      rows.push(measurement({ benchmark: name, metric: metricOf([...path, name], unit), statistic: 'value', value: v.value, unit, line: doc.lineOf([...path, 'value']), conditions }));
      scopes.push(path.join('\u0000'));
      return;
    }
    if (v && typeof v === 'object') {
      // A whole and its parts: each number read under the object's own key, a part as a condition.
      const entries = Object.entries(v);
      const whole = path.length && entries.length > 1 && entries.every(([, x]) => typeof x === 'number') && entries.some(([k]) => WHOLE.test(k)) && entries.every(([k]) => WHOLE.test(k) || !statisticOf(k));
      const unit = unitBeside(v) ?? beside;
      const entry = doc.xml && keyOf(v, 'value') !== undefined ? keyOf(v, 'identifier') : undefined;
      const run = typeof entry === 'string' && entry.trim() ? entry.trim() : system;
      for (const [k, x] of entries) visit(x, [...path, k], [...shown, k], whole ? (WHOLE.test(k) ? '' : k) : undefined, ids, item, unit, run);
      return;
    }
    if (typeof v !== 'number' || !path.length) return;
    // A part of a whole ("ok" beside "total") is read as its object's key, the part a condition.
    const keys = shown.filter((k) => !/^\d+$/.test(k)).slice(0, part === undefined ? undefined : -1);
    if (part !== undefined) shown = shown.slice(0, -1);
    const leaf = String(part === undefined ? path.at(-1) : path.at(-2));
    // An id, a version, a time stamp (its last word too: Phoronix Test Suite's <AppVersion>2.0</AppVersion>) is no result.
    if (NOT_RESULT.test(leaf.toLowerCase()) || NOT_RESULT.test(words(leaf).at(-1) ?? '')) return;
    // Settings of the run (concurrency, threads, VUs, users, ...), not results: an integer under one is a condition.
    const setting = leaf.length > 1 ? settingOf(leaf) : undefined;
    if (setting && Number.isInteger(v)) {
      settings.push({ scope: path.slice(0, -1).join('\u0000'), name: setting, value: v });
      return;
    }
    const line = doc.lineOf(path);
    // A rate the leaf names ("growth_per_min") whose unit the atlas does not know is not read as its parent's unit.
    const perLeaf = words(leaf).includes('per') && !unitOf([leaf]);
    const stated = perLeaf ? undefined : (unitOf(keys) ?? beside ?? (Number.isInteger(v) && words(leaf).some((x) => COUNT.test(x)) ? 'count' : undefined));
    // A time named with its statistic and no unit ("minResponseTime"): unit not stated.
    const unit = stated ?? (!perLeaf && statisticOf(leaf) && words(leaf).some((x) => TIME_WORDS.includes(x)) ? UNSTATED : undefined);
    if (!unit) {
      notes.push({ text: `line ${line}: ${shown.join('.')} = ${v} not read: its keys name no unit`, line });
      return;
    }
    const statistic = statisticOf(leaf, betterOf(metricOf(keys, unit), unit)) ?? (unit === 'count' ? 'total' : 'value');
    const base = statisticOf(leaf) && (shown.length > 1 || (part !== undefined && named)) ? shown.slice(0, -1) : shown;
    // In XML the elements below a named one are its markup (<Data><Entry><Value>): the benchmark is that name.
    const benchmark = [named, doc.xml && item ? item : base.join('.')].filter(Boolean).join(': ') || leaf;
    // Failed requests' figures (Gatling's "ko"), a total, a run's parameter: marked, never ranked (roleOf).
    const role = roleOf([...shown, ...(part === undefined ? [] : [part])].join('.'));
    const conditions = { ...(system ? { system } : {}), ...(part ? { part } : {}), ...(role ? { role } : {}) };
    rows.push(measurement({ benchmark, metric: metricOf(keys, unit), statistic, value: v, unit, line, conditions }));
    scopes.push(path.slice(0, -1).join('\u0000'));
  };
  visit(doc.value, [], []);
  // A key repeated in its object: JSON keeps the last value, and the reader says which was dropped.
  for (const d of doc.duplicates ?? []) {
    notes.push({ text: `line ${d.first}: ${d.path.join('.')} not read: its key is repeated at line ${d.line}, whose value is read`, line: d.first });
  }
  // A setting ("concurrency": 128) holds for the rows of its object and the objects within it.
  const within = (scope, at) => !scope || at === scope || at.startsWith(`${scope}\u0000`);
  const withSettings = rows.map((r, i) => {
    const conditions = {};
    for (const x of settings) if (within(x.scope, scopes[i])) conditions[x.name] ??= x.value;
    return { ...r, conditions: { ...conditions, ...r.conditions } };
  });
  return { rows: withSettings, notes };
}

/** The JSON documents of a text (the whole text, or its fenced blocks) that parse; or the XML document it is. */
function documents(text) {
  const out = [];
  if (looksLikeXml(text)) {
    try {
      return [{ block: { from: 1 }, doc: readXml(text) }];
    } catch {
      // not XML after all (a README that opens with <a id="top"></a>): its JSON blocks, if any
    }
  }
  for (const b of jsonBlocks(text)) {
    try {
      out.push({ block: b, doc: readJson(b.text, { firstLine: b.from }) });
    } catch {
      // not JSON after all: left to the other readers
    }
  }
  return out;
}

/** Whether the text holds JSON with two or more numbers whose keys name a unit. */
export function detect(text) {
  if (!/^\s*[[{]|^\s{0,3}(`{3,}|~{3,})/m.test(text) && !looksLikeXml(text)) return false;
  const docs = documents(text);
  if (docs.length) return docs.some(({ doc }) => walk(doc).rows.filter((r) => r.unit !== 'count').length >= 2);
  // JSON that does not parse as a whole (cut off, or prose around it): two keys that name a unit.
  return (text.match(/"[A-Za-z]\w*?(?:_ms|_us|_ns|_seconds|_secs|_mb|_kb|_gb|_qps|_rps|_tps|Ms|Seconds|PerSec)"\s*:\s*[-\d{]/g) ?? []).length >= 2;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const rows = [];
  const notes = [];
  const spans = [];
  for (const { block, doc } of documents(text)) {
    const r = walk(doc);
    if (!r.rows.length) continue;
    for (const row of r.rows) rows.push(row);
    notes.push(...r.notes);
    spans.push([block.from, doc.lastLine]);
  }
  if (!rows.length) throw new InputError(0, 'JSON with numbers whose keys name their unit (latency_ms, throughput_qps, ...)', 'none');
  return measurementResult(rows, { tableTitle: 'JSON, walked', notes, spans });
}
