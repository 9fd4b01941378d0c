// The table fallback: what no adapter knows, a table a person wrote (Markdown pipe table, RST grid or
// simple table, HTML <table>, org, LaTeX tabular, AsciiDoc |===, a whitespace-aligned table in a code
// block or in plain text), becomes measurement rows, one per numeric cell. The table is found and read
// by the document outline (scripts/data/read/outline.mjs); here its columns are told apart:
//   - the row's label (the first text column) is the benchmark; other text columns are conditions;
//   - a numeric column with an integer-only, parameter-like header (threads, connections, size, ...)
//     is a condition;
//   - a numeric column with a unit (in its header: "Latency (ms)", "ns/op", "Requests/sec"; or in its
//     cells: "1.2 ms", "12.5%") gives values; "±"/"+/-" in a cell or a column of its own is the spread;
//   - a numeric column whose unit cannot be told is never guessed: where its header names what it
//     measures ("Avg time", "Max latency": a metric or a statistic word) it goes in with unit "not
//     stated" (units.mjs UNSTATED: shown so, never compared across reports); otherwise ("Code", "EC2")
//     it is left out of the measurements. Either way the notes name it, so add-report can say so.
//   - a column per benchmark and a row per run on one machine (lmbench's `make see`), in the unit its title
//     line states ("times in microseconds");
//   - a row per metric and a column per statistic (bombardier's "Statistics  Avg  Stdev  Max"): each cell
//     is its row's metric in its own unit, the run named by the URL and settings on the lines above;
//   - a column of bare spreads ("±8.09%", benchee's deviation) is the spread of the value column before it;
//   - a compound cell is read into the model: "18671 (OK=18000 KO=671)" keeps the total as the value and
//     gives each named part a row of its own metric; "+0.24% (p=0.008 n=10)" is a value with runs and
//     p_value; "1.2 ms ±3%" has its spread made absolute (said in the column's note);
//   - a heading in another language names the metric from a few common words (吞吐量, Durchsatz,
//     Latencia, Задержка, ...), else the unit's dimension does (time, rate; a size is memory);
//   - a machine's `df -h` output, a histogram (bucket and bar lines), a latency distribution (a "<= msec"
//     column beside a percent) or a request log (read/vocabulary.mjs isRequestLogLine) is no result: left out, in the result's `not_read` (lines and why), the
//     one list of passages not read (read/keep.mjs);
//   - a prefix on a number under a header that states the unit ("96.61m" under "sec/op") is that unit's
//     multiple (ms, never minutes); benchstat's "│" header lines name the columns under them.
// A row that only names a group ("| 1 | `{ posts { title }}` |" above the rows it heads; in a table of two
// or three columns, a first cell all bold or italic and nothing else, "| **insert** | | |") is carried
// down into the rows below it. Metric and statistic come from the header words and the unit.
// Pure: text in, rows out.
import { InputError } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { canonicalUnit, convert, COUNT_PREFIX, prefixedUnit, splitValueUnit, unitInHeader, UNITS, UNSTATED } from '../../measure/units.mjs';
import { outline, plainText, statesResult } from '../../read/outline.mjs';
import { passageAround } from '../../read/keep.mjs';
import { headingConditions, repeatNumbers } from '../shared/structure.mjs';
import { isCount, isErrorRateBeside, isRequestLogLine, metricOf, metricWordOf, namesCodes, namesMeasure, namesStatisticOnly, roleOf, SETTING_WORD, settingOf, sizeOf, snakeOf, spreadKindOf, statisticOf } from '../../read/vocabulary.mjs';

export const format = 'table';
export const description = 'Any table a person wrote (Markdown, RST grid or simple, HTML, aligned text) whose columns hold numbers with units.';
/** Tried only when no adapter of a tool knows the text (the registry and the pipeline skip it otherwise). */
export const fallback = true;

/** Cells that say "no value here". */
const MISSING = /^(n\/?a|-+|—|–|\?|none|null|nan|)$/i;
const PLAIN = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[-+]?\.\d+$/;
const SPREAD = /^(.*?)\s*(?:±|\+\/-|\+-)\s*(.*?)$/;
/** A number that leads a cell ("127.95k", "1.16.3"), not a name that starts with one ("10K_Signed_Compression"). */
const numbery = (t) => /^[-+~]?\d/.test(t.trim()) && !t.includes('_');
const SPREAD_PAREN = /^(.*?)\s*\(\s*(?:±|\+\/-)\s*([^)]*)\)\s*(.*)$/;
/** A value with named parts in brackets: "18671 (OK=18000 KO=671)", "+0.24% (p=0.008 n=10)". */
const PARTS = /^(.*?\S)\s*\(\s*((?:[\p{L}][\p{L}\d_.]*\s*[=:]\s*[-+]?[\d.,]+%?\s*[,;]?\s*)+)\)$/u;
const PART = /([\p{L}][\p{L}\d_.]*)\s*[=:]\s*([-+]?[\d.,]+%?)/gu;

/** A column of the change against a baseline (benchstat's "vs base", "delta"): its metric is the change of the one before it. */
const CHANGE = /^(?:.*\s)?(vs base|delta|change|diff)$/i;



/** The unit a header names: "Latency (ms)", "ns/op", "Requests/sec", or a unit in brackets anywhere ("Throughput (rps) Mean"). */
function headerUnit(text) {
  const whole = unitInHeader(text);
  if (whole) return whole;
  const inner = /[([]\s*([^()[\]]+?)\s*[)\]]/.exec(text);
  if (inner && canonicalUnit(inner[1])) return { unit: canonicalUnit(inner[1]), name: text.replace(inner[0], ' ').replace(/\s+/g, ' ').trim() };
  const words = text.split(/\s+/);
  for (const w of words) if (/[/%]|sec$/i.test(w) && canonicalUnit(w) && w.length > 1) return { unit: canonicalUnit(w), name: text.replace(w, ' ').replace(/\s+/g, ' ').trim() };
  return undefined;
}

/** A number with only an SI or IEC prefix after it (benchstat: "7.817µ", "8.784Ki", "1.125k", "96.61m"). */
const PREFIXED = /^([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s?(Ki|Mi|Gi|[pnuµμmkKMGT])$/;

/**
 * A cell read as a number: { value, unit?, spread?, spreadUnit? }, or undefined when it is not one.
 * The number is kept exactly as printed (toNumber refuses inexact ones). `columnUnit`, the unit its
 * header states, gives a prefix printed on the number its unit: "96.61m" under "sec/op" is 96.61 ms.
 */
function readCell(text, columnUnit) {
  const t = text.trim();
  const prefixed = columnUnit && PREFIXED.exec(t);
  if (prefixed) {
    const unit = prefixedUnit(prefixed[2], columnUnit);
    return unit ? { value: toNumber(prefixed[1].replace(/,/g, '')), unit, raw: t } : undefined;
  }
  const compound = PARTS.exec(t);
  if (compound) {
    const main = readCell(compound[1], columnUnit);
    if (!main || main.parts) return undefined;
    const out = { ...main, raw: t, parts: [] };
    for (const [, key, number] of compound[2].matchAll(PART)) {
      const part = readCell(number);
      if (!part) return undefined;
      // A statistical test's p and n (benchstat): the p-value is kept, n is the runs behind the value.
      if (/^p$/i.test(key)) out.p = part.value;
      else if (/^n$/i.test(key) && Number.isInteger(part.value)) out.runs = part.value;
      else out.parts.push({ key, value: part.value, unit: part.unit });
    }
    return out;
  }
  const paren = SPREAD_PAREN.exec(t);
  const pm = paren ? [paren[0], `${paren[1]} ${paren[3]}`.trim(), paren[2]] : SPREAD.exec(t);
  if (pm) {
    const main = readCell(pm[1], columnUnit);
    const err = readCell(pm[2], columnUnit);
    // A bare spread ("±8.09%", benchee's deviation column): the spread of the value column before it.
    if (!pm[1].trim() && err && err.spread === undefined) return { value: err.value, unit: err.unit, bareSpread: true, raw: t };
    if (!main || !err || main.spread !== undefined) return undefined;
    // "1.23 ± 0.05 ms": the unit after the spread is the value's too; "8.000 ± 0%" under "allocs/op"
    // is a relative spread, and the value's unit is the column's.
    const unit = main.unit ?? (err.unit === '%' && columnUnit && columnUnit !== '%' ? columnUnit : err.unit);
    return { value: main.value, unit, spread: err.value, spreadUnit: err.unit ?? unit, raw: t };
  }
  if (PLAIN.test(t)) return { value: toNumber(t.replace(/,/g, '')), raw: t };
  // A bare k, K, M, G or T after a number in a column of counts or of no unit (benchmark-ips's "29.903M"
  // iterations) is a multiplier: a count in thousands or millions, never minutes.
  const multiplied = PREFIXED.exec(t);
  if (multiplied && /^[kKMGT]$/.test(multiplied[2]) && (!columnUnit || UNITS[columnUnit]?.dimension === 'count'))
    return { value: toNumber(multiplied[1].replace(/,/g, '')), unit: COUNT_PREFIX[multiplied[2]], raw: t };
  const vu = splitValueUnit(t);
  if (vu) return { value: toNumber(vu.number), unit: vu.unit, raw: t };
  return undefined;
}

/** benchstat's "~ (p=0.165 n=10)": no significant change, so no value. */
const NO_CHANGE = /^~\s*(\([^()]*\))?$/;
const isMissing = (text) => MISSING.test(text.trim()) || NO_CHANGE.test(text.trim());

/** A "name: value" line of a tool's preamble (goos: linux, pkg: example.com/x). */
const CONTEXT_LINE = /^\s*([a-z][\w-]{1,20}):\s+(\S.*)$/i;
/** A machine's disk usage (`df -h`): its heading, or devices in the first column. */
const DF_HEADER = /^\s*Filesystem\s+(Size|1K-blocks|1M-blocks|Type)\b/i;
const DEVICE = /^(\/dev\/|tmpfs$|devtmpfs$|overlay$|udev$|shm$|none$|rootfs$|[\w.-]+:\/)/;
/** A histogram's bar ("####", "****", "█████") or bucket ("[0.1, 0.2)", "0.1 - 0.2"). */
const BAR = /(#{2,}|\*{3,}|[█▇▆▅▄▃▂▁■▪]{2,}|\|={2,})/;
const BUCKET = /^[[(]\s*[-+]?[\d.]+[^,]*,\s*[-+]?[\d.]+[^)\]]*[)\]]/;

/**
 * Why a table is not results, or undefined: a machine's `df -h` output, a histogram (bucket and
 * bar lines) or a request log. Such a block is left out whole, and said so at its line.
 */
function notResults(block, header, data, lines) {
  const above = lines[block.from - 2] ?? '';
  const first = data.map((d) => d.cells[0]?.text ?? '');
  if (DF_HEADER.test(above) || DF_HEADER.test(header.map((h) => h.text).join('  ')) || (first.length && first.filter((t) => DEVICE.test(t.trim())).length * 2 > first.length))
    return "a machine's disk usage (df -h output)";
  // A latency distribution: a bucket bound column ("<= msec", "≤ ms", "le", "bucket") beside a percent
  // or count column (memtier's "Request Latency Distribution": Type, <= msec, Percent).
  if (header.some((h) => /^\s*(<=|<|≤|>=|≥)|^\s*(le|bucket|buckets)\s*$/i.test(h.text)) && header.some((h) => /percent|%|cumulative|count/i.test(h.text)))
    return 'a latency distribution (buckets and their share)';
  // A server's or tool's request log, one request a line (gin's "[GIN] ... | 200 | 45.458µs | ... | GET /x").
  const blockLines = lines.slice(block.from - 1, block.to);
  if (blockLines.filter(isRequestLogLine).length * 2 > blockLines.length) return 'a request log (one request a line)';
  const rowsWith = (re) => data.filter((d) => d.cells.some((c) => re.test(c.text))).length;
  if (data.length && (rowsWith(BAR) * 2 > data.length || data.filter((d) => BUCKET.test(d.cells.map((c) => c.text).join('  '))).length * 2 > data.length))
    return 'a histogram (buckets and bars)';
  return undefined;
}

/** The table as header and data rows, group rows carried down. */
function shape(block) {
  const rows = block.rows.map((r) => r.map((c) => ({ ...c })));
  let header = block.header;
  if (!header.length) header = rows.shift() ?? [];
  const width = header.length;
  const data = [];
  let group;
  for (const r of rows) {
    while (r.length < width) r.push({ text: '', line: r[0]?.line ?? block.from });
    const filled = r.filter((c) => c.text.trim()).length;
    // A group row: at most two cells of a wide table, and the rows after it fill the rest; in a narrow
    // one, a row whose only cell is its first, set off as a title ("| **insert** | | |", e2-piece-tree's README).
    const titled = filled === 1 && r[0].title === true;
    if ((width >= 4 && filled > 0 && filled <= 2 && r.slice(2).every((c) => !c.text.trim())) || (width > 1 && titled)) {
      group = r;
      continue;
    }
    if (group) {
      const extra = [];
      group.forEach((g, i) => {
        if (!g.text.trim()) return;
        if (!r[i].text.trim()) r[i] = { ...g };
        else extra.push(g.text);
      });
      data.push({ cells: r.slice(0, width), group: extra.join(' ') });
    } else data.push({ cells: r.slice(0, width), group: '' });
  }
  return { header, data };
}

/**
 * Read one table: its measurements, the notes on the columns it could not read, and the table
 * itself as not read when it is no results.
 * @returns {{ rows: any[], notes: Array<{ text: string, line: number }>, measured: boolean, notRead?: { from: number, to: number, line: number, why: string } }}
 */
function readTable(block, lines = []) {
  if (block.cut) {
    const what = block.markup === 'html' ? 'the table closed by </table>' : 'the table closed by its bottom border (+----+)';
    throw new InputError(block.to + 1, what, 'the end of the file (the table is cut off)');
  }
  const { header, data } = shape(block);
  const notes = [];
  // Data is never a header: an aligned block whose first line is a label and its number ("min:  1.91ms")
  // is indented key-value lines, not a table (sysbench's "response time:" block).
  const first = header.map((h) => h.text.trim());
  if (block.markup === 'aligned' && first.some((t) => /:$/.test(t)) && first.some((t) => /^[-+]?\d/.test(t))) return { rows: [], notes, measured: false };
  // HTML in cells is rendered as a reader sees it (outline.mjs) and what was removed is said once a table.
  const removed = block.htmlRemoved ?? [];
  if (removed.length) {
    const first = removed[0].html.length > 40 ? `${removed[0].html.slice(0, 40)}…` : removed[0].html;
    notes.push({ text: `HTML removed from ${removed.length} cell${removed.length === 1 ? '' : 's'} (line ${removed[0].line}: ${first})`, line: removed[0].line });
  }
  if (header.length < 2 || data.length < 1) return { rows: [], notes, measured: false };
  const why = notResults(block, header, data, lines);
  if (why) {
    // The passage with df's header line, where the outline left it above the rows ("Mounted on" is two words).
    const from = DF_HEADER.test(lines[block.from - 2] ?? '') ? block.from - 1 : block.from;
    const notRead = { from, to: block.to, line: from, why: `expected results, found ${why}` };
    return { rows: [], notes, measured: false, notRead };
  }
  const byRun = runRows(block, header, data, lines);
  if (byRun) return toldApart(block, lines, byRun.rows, [...notes, ...byRun.notes]);
  const byStatistic = statisticColumnRows(block, header, data, lines);
  if (byStatistic) return { ...toldApart(block, lines, byStatistic.rows, notes), to: byStatistic.to };
  const byRow = rowUnitRows(block, header, data);
  if (byRow) return toldApart(block, lines, byRow.rows, [...notes, ...byRow.notes]);
  const columns = header.map((h, i) => {
    const texts = data.map((d) => d.cells[i].text);
    const present = texts.filter((t) => !isMissing(t));
    const columnUnit = headerUnit(h.text)?.unit;
    let read = present.map((t) => readCell(t, columnUnit));
    // A column of numbers in a unit with a word or two among them ("lots"): the numbers are read, the words
    // left out and said at their lines, instead of the whole column (and so the table) being text.
    // A sentence that opens with a number ("5 ms as a table; its refresh evaluates ...", an AsciiDoc
    // cell of graphitron's roadmap) is words too; a short token such as "1.16.3" keeps the column text.
    const prose = (t) => /^\S+(\s+\S+){3,}/.test(t.trim()) && /[;,.]\s|\b(as|at|about|of|the|and|to)\b/.test(t);
    const words = data.map((d) => d.cells[i]).filter((c) => !isMissing(c.text) && !readCell(c.text, columnUnit) && (!numbery(c.text) || prose(c.text)));
    const good = read.filter(Boolean).length;
    const withUnit = Boolean(headerUnit(h.text)) || read.some((r) => r?.unit);
    const unread = words.length && withUnit && good >= 2 && words.length < good && words.length === read.length - good ? new Set(words) : undefined;
    if (unread) read = read.filter(Boolean);
    const numeric = present.length > 0 && read.every(Boolean);
    // The present cells, kept: read once a column, a table of 100,000 rows is read in linear time.
    return { index: i, header: h.text, line: h.line, numeric, read, present, columnUnit, unread };
  });
  for (const c of columns.filter((x) => x.unread)) {
    const [first] = c.unread;
    const n = c.unread.size;
    notes.push({ text: `column "${c.header}" (line ${c.line}): ${n} cell${n === 1 ? '' : 's'} with no number (line ${first.line}: ${JSON.stringify(first.text.trim())}) not read; the rest of the column read`, line: first.line });
  }
  // A spread column of its own ("±", "+/-", "Error") belongs to the value column before it.
  const unitOf = (x) => x?.read.find((r) => r?.unit)?.unit ?? x?.columnUnit ?? headerUnit(x?.header ?? '')?.unit;
  for (const c of columns) {
    const prev = columns[c.index - 1];
    // "Error %" is an error rate of its own (JMeter's summary), and so is a bare "Error" of percentages beside
    // a rate of requests ("| RPS | Error |", "0%"): never the spread of the column before it.
    c.errorRate = c.numeric && c.read.every((r) => !r.bareSpread) && isErrorRateBeside(c.header, unitOf(c), unitOf(prev));
    if (c.numeric && prev?.numeric && !c.errorRate && (/^(±|\+\/-|\+-|err(or)?|error \(±\))$/i.test(c.header.trim()) || spreadKindOf(c.header) || c.read.every((r) => r.bareSpread))) c.spreadOf = prev.index;
    // A relative spread (nanobench's "err%" after "ns/op | op/s") is also the spread of the time before the
    // rate: one measurement, stated per operation and as its reciprocal rate.
    const before = columns[c.index - 2];
    const dimension = (x) => UNITS[x?.columnUnit ?? x?.read.find((r) => r?.unit)?.unit]?.dimension;
    if (c.spreadOf !== undefined && spreadKindOf(c.header) && before?.numeric && c.read.every((r) => r.unit === '%') && [dimension(before), dimension(prev)].sort().join() === 'rate,time') c.spreadAlso = before.index;
    // A deviation after the extremes ("Average | Min | Max | Std. Dev.", JMeter's summary) is the spread of the mean before them.
    const extreme = (x) => ['min', 'max'].includes(statisticOf(x.header));
    const mean = columns.slice(0, c.index).findLast((x) => x.numeric && statisticOf(x.header) === 'mean');
    if (c.spreadOf !== undefined && spreadKindOf(c.header) && extreme(prev) && mean && columns.slice(mean.index + 1, c.index).every(extreme)) c.spreadOf = mean.index;
  }
  for (const c of columns) {
    if (!c.numeric) {
      // Numbers with a suffix or unit this model does not know ("127.95k"): not read, and said so.
      const numbers = c.read.filter((r, k) => !r && numbery(c.present[k])).length;
      if (numbers && numbers * 2 >= c.read.length) {
        c.role = 'skipped';
        const sample = c.present.find((t) => !readCell(t, c.columnUnit));
        notes.push({ text: `column "${c.header}" (line ${c.line}): numbers with a suffix or unit it does not know (${JSON.stringify(sample)}); left out of data/`, line: c.line });
      } else c.role = c.header.trim() && !/[\p{L}\d]/u.test(c.header) ? 'skipped' : 'text';
      continue;
    }
    const key = c.header.toLowerCase().replace(/\s*[([].*$/, '').trim();
    const hu = headerUnit(c.header);
    const integers = c.read.every((r) => Number.isInteger(r.value) && r.unit === undefined && r.spread === undefined);
    // A setting of the run (threads, connections, VUs, size, ...) by the one vocabulary (read/vocabulary.mjs):
    // its shared name where it is one (Conns -> connections, VUs -> concurrency), else the header's own.
    const setting = settingOf(key);
    const size = setting ? undefined : sizeOf(key);
    // A header naming a setting among other words ("server thread number") is a condition by its own name.
    const settingWord = !setting && !size && integers && !hu && SETTING_WORD.some(([re]) => re.test(key));
    if (settingWord) {
      c.role = 'condition';
      c.name = snakeOf(key);
      continue;
    }
    if ((setting || size) && (integers || c.read.every((r) => r.spread === undefined))) {
      c.role = 'condition';
      const base = setting ?? snakeOf(key);
      c.name = hu ? `${base}_${snakeOf(UNITS[hu.unit].title)}` : base;
      continue;
    }
    if (c.spreadOf !== undefined) {
      c.role = 'spread';
      continue;
    }
    // A statistic only with no unit of its own ("Min | Max" after "Avg(ms)" or "Average", JMeter's summaries):
    // the extremes of the measure of the mean it follows, in that column's unit; never metrics of their own.
    const lead = !hu && c.read.every((r) => !r.unit) && namesStatisticOnly(c.header) && /^(min|max|median|p\d)/.test(statisticOf(c.header) ?? '') && leadOf(columns, c);
    if (lead) {
      Object.assign(c, { role: 'value', lead, columnUnit: lead.columnUnit, unstated: lead.unstated, headerUnit: lead.headerUnit && { unit: lead.headerUnit.unit, name: c.header } });
      // A mean named by its statistic only, in a unit not stated, names no measure: the group's is a value.
      if (lead.unstated && namesStatisticOnly(lead.header)) lead.metric = 'value';
      continue;
    }
    // Bare spreads with no value column before them are no value of their own.
    if (c.read.some((r) => r.bareSpread)) {
      c.role = 'skipped';
      notes.push({ text: `column "${c.header}" (line ${c.line}): spreads ("${c.present[0]}") with no value column before them; left out of data/`, line: c.line });
      continue;
    }
    // A column of counts with named parts ("Requests": "18671 (OK=18000 KO=671)"): the unit is a count.
    if (!hu && /^(#|count|requests|total|executions|number)\b/i.test(c.header.trim()) && c.read.some((r) => r.parts?.length)) c.countUnit = true;
    // A column of counts ("Samples", "# Samples", "Count", "Requests"): a count result, never a setting or an axis.
    if (!hu && integers && isCount(c.header)) c.countUnit = c.isCount = true;
    // A bare multiplier ("1.65 K", "251k") under a header that names a measure is no count: that many of a unit not stated.
    const multiplied = (r) => r.unit && r.unit !== 'count' && Object.values(COUNT_PREFIX).includes(r.unit);
    const known = c.read.every((r) => r.unit || hu || c.countUnit) && !(!hu && !c.countUnit && c.read.some(multiplied) && namesMeasure(c.header));
    // A header that names what it measures ("Avg time", "Max latency") and no unit: the numbers go in
    // with unit "not stated", never a guessed one.
    if (!known && c.read.every((r) => !r.unit || multiplied(r)) && namesMeasure(c.header)) {
      c.unstated = true;
      notes.push({ text: `column "${c.header}" (line ${c.line}): no unit stated; read with unit "not stated" (a recipe can state it)`, line: c.line });
    } else if (!known) {
      c.role = 'skipped';
      notes.push({ text: `column "${c.header}" (line ${c.line}): no unit in its header or cells; left out of data/`, line: c.line });
      continue;
    }
    c.role = 'value';
    c.headerUnit = hu;
  }
  // "pkg: .../json" lines right above an aligned table in its block (go test's and benchstat's preamble)
  // say what the table measures: conditions of its rows, so two "Results" of two packages stay apart.
  // In a fenced block the preamble holds for every table below it (benchstat's sec/op, B/op, allocs/op).
  const context = {};
  if (block.markup === 'aligned')
    for (const l of linesAbove(block, lines)) {
      const m = CONTEXT_LINE.exec(l);
      if (m && /^(pkg|package|module|suite|target)$/i.test(m[1])) context[m[1].toLowerCase() === 'pkg' ? 'package' : snakeOf(m[1])] ??= m[2].trim();
    }
  // With no column of words, a column of codes (distinct whole numbers with no unit under "Code": Tsung's
  // HTTP return codes 200, 502, 504) names the rows.
  const codes = !columns.some((c) => c.role === 'text') && columns.find((c) => c.role === 'skipped' && c.numeric && namesCodes(c.header) && c.read.every((r) => Number.isInteger(r.value) && !r.unit) && new Set(c.present).size === data.length);
  if (codes) {
    codes.role = 'text';
    const said = notes.findIndex((n) => n.line === codes.line && n.text.startsWith(`column "${codes.header}"`));
    if (said >= 0) notes.splice(said, 1);
  }
  const textColumns = columns.filter((c) => c.role === 'text');
  // Looked up once, not per cell: a table of 100,000 columns is read in time linear in its cells.
  const valueColumns = columns.filter((x) => x.role === 'value');
  const spreadColumnOf = new Map(columns.flatMap((x) => [x.spreadOf, x.spreadAlso].filter((i) => i !== undefined).map((i) => [i, x])));
  const labelColumn = textColumns.find((c) => !c.numeric) ?? textColumns[0];
  // A change column ("vs base", "delta") is the change of the metric before it; two value columns of
  // one metric and statistic (benchstat's old and new "sec/op") each keep their header as `column`.
  const seen = new Map();
  let before;
  for (const c of valueColumns) {
    const unit = c.unstated ? UNSTATED : (c.read.find((x) => x.unit)?.unit ?? c.headerUnit?.unit ?? 'count');
    const m = metricOf(c.headerUnit?.name ?? c.header, unit, c.header);
    c.own = m.metric;
    if (c.lead) c.metric = c.lead.metric ?? c.lead.own;
    else if (c.errorRate) c.metric = 'error_rate';
    else if (UNITS[unit]?.dimension === 'ratio' && before && CHANGE.test(c.header.trim())) c.metric = `${before}_change`;
    else if (UNITS[unit]?.dimension !== 'ratio') before = m.metric;
    c.key = `${c.metric ?? m.metric} ${m.statistic}`;
    seen.set(c.key, (seen.get(c.key) ?? 0) + 1);
  }
  const rows = [];
  const percentSpread = new Set();
  for (const d of data) {
    const conditions = { ...context };
    for (const c of columns) {
      const cell = d.cells[c.index];
      if (c === labelColumn || isMissing(cell.text) || c.unread?.has(cell)) continue;
      // A header with no Latin letter or digit ("错误") names its condition by its place, never "column".
      if (c.role === 'text') conditions[/[a-z0-9]/i.test(c.header) ? snakeOf(c.header) : `column_${c.index + 1}`] = cell.text;
      if (c.role === 'condition') conditions[c.name] = readCell(cell.text).value;
    }
    if (d.group) conditions.group = d.group;
    // A row label's trailing colon is punctuation, not its name (STREAM's "Copy:").
    const benchmark = labelColumn ? d.cells[labelColumn.index].text.replace(/(?<=\S)\s*:$/, '') : '';
    // A total row (never ranked with the rows it sums), a run's parameter or failed requests' figure
    // (never ranked as a result) is kept and marked (read/vocabulary.mjs, roleOf).
    const role = roleOf(plainText(benchmark));
    if (role) conditions.role = role;
    for (const c of valueColumns) {
      const cell = d.cells[c.index];
      if (isMissing(cell.text) || c.unread?.has(cell)) continue;
      const cellRead = readCell(cell.text, c.columnUnit);
      // In a unit not stated, a multiplier ("1.65 K") is applied exactly: 1650.
      const r = c.unstated && cellRead.unit ? { ...cellRead, value: convert(cellRead.value, cellRead.unit, 'count'), unit: undefined } : cellRead;
      const unit = c.unstated ? UNSTATED : (r.unit ?? c.headerUnit?.unit ?? 'count');
      const name = c.headerUnit?.name ?? c.header;
      const read = metricOf(name, unit, c.header);
      const metric = c.metric ?? read.metric;
      const statistic = c.isCount && read.statistic === 'value' ? 'total' : read.statistic;
      const m = { benchmark, section: block.heading, metric, statistic, value: r.value, unit, line: cell.line, conditions: { ...conditions } };
      if ((!read.named && !c.metric) || seen.get(c.key) > 1) m.conditions.column = c.header;
      const spreadColumn = spreadColumnOf.get(c.index);
      const spread = r.spread !== undefined ? r : spreadColumn && !isMissing(d.cells[spreadColumn.index].text) ? readCell(d.cells[spreadColumn.index].text) : undefined;
      if (spread) {
        const value = r.spread !== undefined ? r.spread : spread.value;
        const su = r.spread !== undefined ? (r.spreadUnit ?? unit) : (spread.unit ?? unit);
        if (su !== unit && UNITS[su]?.dimension !== 'ratio') throw new InputError(cell.line, `a spread in the value's unit (${unit})`, JSON.stringify(cell.text));
        // The kind the spread column's header names (nanobench's "err%": mdape), else as printed (±).
        const kind = (r.spread === undefined && spreadKindOf(spreadColumn.header)) || 'error';
        if (su === unit) {
          m.spread = value;
          m.spread_kind = kind;
        } else if (su === '%' && unit !== '%') {
          // "1.2 ms ±3%": a relative spread, made absolute in the value's unit (said in the column's note).
          m.spread = Number(((r.value * value) / 100).toPrecision(12));
          m.spread_kind = kind;
          percentSpread.add(c);
        }
      }
      if (r.runs !== undefined) m.runs = r.runs;
      if (r.p !== undefined) m.conditions.p_value = r.p;
      rows.push(measurement(m));
      // Named parts ("OK=18000 KO=671"): rows of their own metric, in the value's unit; the total stays the value.
      for (const part of r.parts ?? []) {
        const partUnit = part.unit ?? unit;
        rows.push(measurement({ ...m, metric: `${metric}_${snakeOf(part.key)}`, value: part.value, unit: partUnit, spread: undefined, spread_kind: undefined, conditions: { ...m.conditions } }));
      }
    }
  }
  for (const c of percentSpread)
    notes.push({ text: `column "${c.header}" (line ${c.line}): a spread given in percent ("±N%") is made absolute, in the value's unit (value × N / 100)`, line: c.line });
  return toldApart(block, lines, rows, notes);
}

/**
 * The table's reading, unless its rows are not told apart (no name or condition differs: a tool's
 * interval lines read with a data row for header): then no results this reader can give, so the table
 * is left out, said so at its line, and the rest of the file is read.
 */
function toldApart(block, lines, rows, notes) {
  const firstOf = new Map();
  for (const m of rows) {
    const key = JSON.stringify([m.benchmark, m.metric, m.statistic, m.unit, Object.entries(m.conditions).sort()]);
    if (!firstOf.has(key)) {
      firstOf.set(key, m);
      continue;
    }
    const why = `expected rows told apart by a name or condition, found rows that are not (line ${m.line} repeats line ${firstOf.get(key).line}: ${JSON.stringify(m.benchmark)}, ${m.metric})`;
    // The passage left out is the one a flaw leaves out (read/keep.mjs): the run of lines around it.
    // An AsciiDoc or LaTeX table is one passage whatever blank lines part its rows.
    const [from, to] = (/^(asciidoc|latex)$/.test(block.markup) ? null : passageAround(lines.join('\n'), m.line)) ?? [block.from, block.to];
    // Its columns' notes go with it: the table as a whole is what was not read.
    return { rows: [], notes: notes.filter((n) => /^HTML removed/.test(n.text)), measured: false, notRead: { from, to, line: m.line, why } };
  }
  return { rows, notes, measured: rows.length > 0 };
}

/**
 * The lines right above an aligned table in its block, nearest first: up to the code fence that opens
 * it (all of them), else up to a heading or the first blank line.
 */
function linesAbove(block, lines) {
  const above = [];
  for (let k = block.from - 2; k >= 0; k--) {
    const l = lines[k] ?? '';
    if (/^\s{0,3}(`{3,}|~{3,})/.test(l)) return above;
    if (/^\s{0,3}#/.test(l)) break;
    above.push(l);
  }
  const blank = above.findIndex((l) => !l.trim());
  return blank < 0 ? above : above.slice(0, blank);
}

/** A run's name from the URL it ran against: the last part of its path, else its host ("http://ya.ru" -> "ya.ru"). */
function urlName(url) {
  const m = /^https?:\/\/([^/\s?#]+)([^\s?#]*)/.exec(url);
  if (!m) return undefined;
  const parts = m[2].split('/').filter(Boolean);
  return parts.at(-1) ?? m[1];
}

/** The unit a table's title line states: "Context switching - times in microseconds - smaller is better", "bandwidths in MB/s". */
const TITLE_UNIT = /\bin\s+([^\s,;()]+)(?=\s*(?:[-–,;(]|$))/i;

/**
 * A tool's summary of a column per benchmark and a row per run on one machine (lmbench's `make see`:
 * "Host  OS  2p/0K ctxsw ..." over a rule of dash runs, every row "revyos-lp Linux 6.6.108 ..."): the
 * text columns name the machine, the same in every row, so each row is a run (`run` 1, 2, ...) and each
 * other column a benchmark, in the unit its title line above states ("times in microseconds"); the
 * metric from the title's words, else the unit. A column headed by a unit alone (Mhz: the machine's
 * clock) or holding a cell that is no number in that unit ("356.8K") is left out, and said so; a
 * table whose title states no unit reads nothing. lmbench's "645." is 645. Undefined when the table
 * is not of that shape.
 * @returns {{ rows: any[], notes: any[] } | undefined}
 */
function runRows(block, header, data, lines) {
  if (!block.ruled || !data.length) return undefined;
  const isText = header.map((_, i) => data.every((d) => isMissing(d.cells[i].text) || !numbery(d.cells[i].text)));
  if (!isText[0] || isText.every(Boolean)) return undefined;
  if (header.some((_, i) => isText[i] && new Set(data.map((d) => d.cells[i].text.trim())).size > 1)) return undefined;
  const notes = [];
  const rows = [];
  const title = linesAbove(block, lines)
    .map((l) => plainText(l))
    .find((l) => canonicalUnit(TITLE_UNIT.exec(l)?.[1] ?? ''));
  const unit = title && canonicalUnit(TITLE_UNIT.exec(title)[1]);
  if (!unit) {
    notes.push({ text: `table at line ${block.from}: no unit in its header, cells or title line; left out of data/`, line: block.from });
    return { rows, notes };
  }
  header.forEach((h, i) => {
    if (isText[i]) return;
    const name = h.text.trim();
    // Each row a run of one host, numbered by the reader (structure.mjs repeatNumbers, as every reader's).
    const runs = repeatNumbers(data.map(() => name));
    const cells = data.map((d, k) => ({ cell: d.cells[i], run: runs[k] })).filter(({ cell }) => !isMissing(cell.text));
    const read = cells.map(({ cell }) => readCell(cell.text.trim().replace(/^([-+]?\d+)\.$/, '$1'), unit));
    if (canonicalUnit(name)) {
      notes.push({ text: `column "${name}" (line ${h.line}): a quantity of the machine, no result; left out of data/`, line: h.line });
      return;
    }
    const bad = read.findIndex((r) => !r);
    if (bad >= 0) {
      notes.push({ text: `column "${name}" (line ${h.line}): ${JSON.stringify(cells[bad].cell.text.trim())} (line ${cells[bad].cell.line}) is no number in ${unit}; the column left out of data/`, line: cells[bad].cell.line });
      return;
    }
    const { metric } = metricOf(name, unit, `${name} ${title}`);
    cells.forEach(({ cell, run }, k) => {
      rows.push(measurement({ benchmark: name, section: block.heading, metric, statistic: 'value', value: read[k].value, unit: read[k].unit ?? unit, line: cell.line, conditions: run ? { ...run } : {} }));
    });
  });
  return { rows, notes };
}

/** A percentile line of a distribution: "     99%    48.00ms". */
const PERCENT_LINE = /^\s+(\d{1,2}(?:\.\d+)?|100)%\s+(\S+)\s*$/;

/**
 * A tool's summary of a row per metric and a column per statistic (bombardier's "Statistics  Avg
 * Stdev  Max", then "Reqs/sec" and "Latency" rows): each row's label names its metric (a metric word,
 * or a unit: "Reqs/sec"), each cell is a value in its own unit ("471.00us") or the label's; a stdev
 * column is the spread of the mean. The run is named by the lines above the table in its block (the
 * URL it ran against, the settings it states: "Bombarding http://ya.ru for 10s using 200 connections"),
 * and a distribution under a row's label below the table ("Latency Distribution", then "99%  48.00ms"
 * lines) gives that metric's percentiles. Undefined when the table is not of that shape.
 * @returns {{ rows: any[], notes: any[], to: number } | undefined}  `to`: the last line read
 */
function statisticColumnRows(block, header, data, lines) {
  if (header.length < 3 || data.length < 1) return undefined;
  const statistics = header.slice(1).map((h) => statisticOf(h.text));
  if (statistics.some((s) => !s || /^p\d/.test(s))) return undefined;
  const named = data.map((d) => {
    const label = plainText(d.cells[0].text).replace(/(?<=\S)\s*:$/, '');
    const unit = unitInHeader(label);
    const word = metricWordOf(label);
    return { d, label, unit, word };
  });
  if (named.some((x) => !x.unit && !x.word)) return undefined;
  const cells = named.map((x) => x.d.cells.slice(1).map((c) => (isMissing(c.text) ? null : readCell(c.text, x.unit?.unit))));
  if (cells.some((row, i) => row.some((r) => r === undefined || (r && !r.unit && !named[i].unit) || r?.spread !== undefined))) return undefined;
  // The run: its URL and the settings stated on the lines above (the nearest line's win).
  const above = block.markup === 'aligned' ? linesAbove(block, lines) : [];
  const conditions = {};
  for (const l of above) for (const [k, v] of Object.entries(headingConditions(plainText(l)).conditions)) conditions[k] ??= v;
  const url = above.map((l) => /https?:\/\/\S+/.exec(l)?.[0]).find(Boolean);
  const benchmark = (url && urlName(url)) ?? '';
  const mean = statistics.indexOf('mean');
  const rows = [];
  const metricOfRow = new Map();
  named.forEach((x, i) => {
    const first = cells[i].find(Boolean);
    if (!first) return;
    const { metric } = metricOf(x.unit?.name ?? x.label, first.unit ?? x.unit.unit, x.label);
    metricOfRow.set(x.label.toLowerCase(), metric);
    cells[i].forEach((r, k) => {
      const statistic = statistics[k];
      if (!r || (statistic === 'stdev' && mean >= 0)) return;
      const unit = r.unit ?? x.unit.unit;
      const m = { benchmark, section: block.heading, metric, statistic, value: r.value, unit, line: x.d.cells[k + 1].line, conditions: { ...conditions } };
      const sd = statistic === 'mean' ? cells[i][statistics.indexOf('stdev')] : undefined;
      if (sd) {
        const sdUnit = sd.unit ?? x.unit.unit;
        m.spread = sdUnit === unit ? sd.value : convert(sd.value, sdUnit, unit);
        m.spread_kind = 'stdev';
      }
      rows.push(measurement(m));
    });
  });
  // A distribution under a row's label, right below the table.
  let to = block.to;
  let metric;
  for (let k = block.to; k < lines.length; k++) {
    const l = lines[k];
    const p = PERCENT_LINE.exec(l);
    const r = p && metric && readCell(p[2]);
    if (r?.unit) {
      rows.push(measurement({ benchmark, section: block.heading, metric, statistic: statisticOf(`${p[1]}%`), value: r.value, unit: r.unit, line: k + 1, conditions: { ...conditions } }));
      to = k + 1;
      continue;
    }
    const label = [...metricOfRow.keys()].find((name) => l.trim().toLowerCase().startsWith(`${name} `) && !/\d/.test(l));
    if (!label || metric) break;
    metric = metricOfRow.get(label);
  }
  return { rows, notes: [], to };
}

/**
 * A table of a column per subject (a plan, a machine) whose row labels state the units ("Sysbench CPU
 * (seconds)", "DB R/W (request/second)") and whose column headers none: each row is a measurement in
 * its label's unit, each column a condition named by the first header ("Plan"). Undefined when the
 * table is not of that shape. Where no label states a unit and each names what it measures ("UnixBench
 * (index, 1 thread)"), the rows go in with unit "not stated"; else a row whose label states no unit
 * ("Cachefly CDN"), and a cell that holds no number ("Temp. unavailable"), are not read, and said so.
 */
function rowUnitRows(block, header, data) {
  if (header.length < 3 || data.length < 1) return undefined;
  if (header.slice(1).some((h) => headerUnit(h.text) || /^[-+]?\d/.test(h.text.trim()))) return undefined;
  // A bracket is a unit only where no other label's bracket holds a word that is none: "DigitalOcean
  // (GB)" beside "LeaseWeb (NL)" and "OVH (FR)" names a place, never gigabytes.
  const bracket = (t) => /[([]\s*([^()[\]]+?)\s*[)\]]\s*$/.exec(t.trim())?.[1];
  const places = data.some((d) => bracket(d.cells[0].text) && !unitInHeader(d.cells[0].text) && /^[A-Z]{2,3}$/.test(bracket(d.cells[0].text)));
  let labelled = data.map((d) => ({ d, unit: places && /^[A-Z]{2,3}$/.test(bracket(d.cells[0].text) ?? '') ? undefined : unitInHeader(d.cells[0].text) }));
  // Labels that each name what they measure and none a unit ("UnixBench (index, 1 thread)"): unit not stated.
  const measures = (label) => namesMeasure(label) || metricWordOf(label) !== undefined;
  if (!labelled.some((x) => x.unit) && labelled.every((x) => measures(x.d.cells[0].text))) labelled = labelled.map(({ d }) => ({ d, unit: { name: d.cells[0].text.trim(), unit: UNSTATED } }));
  if (!labelled.some((x) => x.unit)) return undefined;
  // Value columns: named ones whose cells are numbers with no unit of their own, where present.
  const valueColumns = header
    .map((h, i) => ({ h, i }))
    .filter(({ h, i }) => i > 0 && /[\p{L}\d]/u.test(h.text) && h.text.trim().length > 1 && data.some((d) => readCell(d.cells[i].text)?.unit === undefined && readCell(d.cells[i].text)));
  if (valueColumns.length < 2) return undefined;
  if (data.some((d) => valueColumns.some(({ i }) => readCell(d.cells[i].text)?.unit))) return undefined;
  const condition = snakeOf(header[0].text.trim()) || 'column';
  const rows = [];
  const notes = [];
  for (const { d, unit } of labelled) {
    const label = d.cells[0];
    if (!unit) {
      if (valueColumns.some(({ i }) => readCell(d.cells[i].text))) notes.push({ text: `row "${label.text.trim()}" (line ${label.line}): no unit in its label; left out of data/`, line: label.line });
      continue;
    }
    const { metric, statistic } = metricOf(unit.name, unit.unit, unit.name);
    for (const { h, i } of valueColumns) {
      const cell = d.cells[i];
      if (isMissing(cell.text)) continue;
      const r = readCell(cell.text);
      if (!r) {
        notes.push({ text: `line ${cell.line}: "${cell.text.trim()}" (${label.text.trim()}, ${h.text.trim()}) is no number; not read`, line: cell.line });
        continue;
      }
      rows.push(measurement({ benchmark: unit.name, section: block.heading, metric, statistic, value: r.value, unit: unit.unit, line: cell.line, conditions: { [condition]: h.text.trim() } }));
    }
  }
  return { rows, notes };
}

/** The value column a statistic-only column follows: the mean (or median) before it, past its spread and the statistics between. */
function leadOf(columns, c) {
  for (let k = c.index - 1; k >= 0; k--) {
    const x = columns[k];
    if (x.lead || x.role === 'spread') continue;
    return x.role === 'value' && ['mean', 'median'].includes(statisticOf(x.header)) ? x : undefined;
  }
  return undefined;
}

/** Whether the text holds a table with a numeric column whose unit can be told. */
export function detect(text) {
  try {
    const lines = splitLines(text);
    return outline(text).blocks.some((b) => b.type === 'table' && !b.cut && readTable(b, lines).measured);
  } catch {
    return false;
  }
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const blocks = outline(text).blocks;
  const tables = blocks.filter((b) => b.type === 'table');
  if (!tables.length) throw new InputError(0, 'a table whose columns hold numbers', 'none');
  const lines = splitLines(text);
  const all = tables.map((t) => ({ t, ...readTable(t, lines) }));
  // The same table stated again (nanobench's README: the output its executable prints, in a ```markdown
  // fence, then GitHub's rendering of it): one fact, read where it is stated last, the first noted.
  const fact = (m) => JSON.stringify([m.section, m.benchmark, m.metric, m.statistic, m.value, m.unit, m.spread, Object.entries(m.conditions).sort()]);
  const facts = all.map((r) => r.rows.map(fact).sort().join('\n'));
  const again = all.map((r, i) => (r.rows.length ? facts.findIndex((f, j) => j > i && f === facts[i]) : -1));
  const restated = [];
  all.forEach((r, i) => {
    // The same lines read as two tables (an org table and its aligned reading) are one, said nowhere.
    if (again[i] < 0 || (all[again[i]].t.from <= r.t.to && all[again[i]].t.to >= r.t.from)) return;
    const [first, later] = [r.rows[0].line, all[again[i]].rows[0].line];
    restated.push({ text: `line ${first}: the table of lines ${r.t.from}–${r.t.to} is stated again at line ${later}, where it is read`, line: first });
  });
  const read = all.filter((_, i) => again[i] < 0);
  // Tables of one section whose rows would be the same measurements (the same commands and columns
  // under "Without pipelining:" and "With pipelining:") are told apart by the condition `table`: the
  // line above each, else its lines; otherwise the second would be the first's rows twice.
  const keysOf = (rs) => new Set(rs.map((m) => JSON.stringify([m.section, m.benchmark, m.metric, m.statistic, m.unit, Object.entries(m.conditions).sort()])));
  const keys = read.map((r) => keysOf(r.rows));
  read.forEach((r, i) => {
    if (!keys.some((other, j) => j !== i && [...keys[i]].some((k) => other.has(k)))) return;
    const name = captionAbove(r.t, blocks, lines) || `lines ${r.t.from}–${r.t.to}`;
    for (const m of r.rows) m.conditions.table = name;
  });
  const rows = read.flatMap((r) => r.rows);
  const notes = [...restated, ...read.flatMap((r) => r.notes)];
  const spans = all.filter((r) => r.measured).map((r) => [r.t.from, r.to ?? r.t.to]);
  const notRead = read.flatMap((r) => (r.notRead ? [r.notRead] : []));
  return { ...measurementResult(rows, { notes, spans, tableTitle: 'Measurements read from tables' }), ...(notRead.length ? { not_read: notRead } : {}) };
}

/**
 * The short line of text just above a table, after its heading ("With pipelining:"), or '': never a
 * line that states a result ("Winner: UTF8View (35 ns/op, 28.5M ops/sec)": what the table found).
 */
function captionAbove(table, blocks, lines) {
  const before = blocks.filter((b) => b.to < table.from && b.type !== 'table').at(-1);
  if (!before || before.type !== 'paragraph' || before.to < table.from - 2) return '';
  const text = plainText(lines[before.to - 1] ?? '').replace(/:\s*$/, '').trim();
  return text.length > 0 && text.length <= 80 && !statesResult(text) ? text : '';
}
