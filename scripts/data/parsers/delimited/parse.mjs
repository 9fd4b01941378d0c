// The delimited reader, a generic fallback: a file whose first non-blank line is a header of two or
// more fields split by commas, tabs or semicolons, and whose following lines have as many fields with
// numbers among them (CSV, TSV, a results export of any tool). No tool is named. Per column: the unit
// from the header ("latency_ms", "Latency (ms)", "ops/sec", "QPS") or from the values ("1.2 ms"), or a
// column named "unit" for its row; the statistic from the header's words (mean/avg, median/p50, p99,
// min, max, stdev), else "value" (as stated); the metric from the header's words (throughput, latency,
// time, memory, ...) or the unit's dimension, else the column's own snake_case name. Text columns
// (name, benchmark, command, library, commit, ...) name the benchmark and subject; numeric settings
// (threads, connections, concurrency, size, batch, n, ...) are conditions, not results. Each value is
// one row at its own line. A numeric column with no unit anywhere is never given a guessed one: where
// its header names what it measures ("mean", "Throughput": read/vocabulary.mjs namesMeasure) it goes in
// with unit "not stated", else it is not read; either way a note says so.
import { InputError } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { canonicalUnit, splitValueUnit, unitInHeader, UNSTATED } from '../../measure/units.mjs';
import { betterOf, measurement, measurementResult } from '../../measure/model.mjs';
import { cpuTimeOf, isCount, isErrorRate, METRIC_WORDS, metricOf as vocabularyMetric, namesMeasure, roleOf, settingOf, sizeOf, STATISTIC_WORDS, statisticOf as wordsStatistic } from '../../read/vocabulary.mjs';

export const format = 'delimited';
export const description = 'Delimited files with a header row (CSV, TSV, semicolons), with or without units (a generic reader).';
/** Tried only where no tool's format reads the text. */
export const fallback = true;
/** Read line by line (no whole-document outline): tried on a seed too big for one (add-report/detect.mjs). */
export const lineOriented = true;
/** A generic reader the document reader runs on the lines nothing else read. */
export const generic = true;

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const SUBJECT = /^(library|lib|impl(ementation)?|engine|database|db|system|server|framework|tool|allocator|language|lang)$/i;
const NAME = /\b(name|bench|benchmark|test|command|case|scenario|operation|op|workload|queue|algorithm|function|query)\b/;
const DATE = /^\d{4}-\d\d-\d\d|^\d\d?:\d\d(:\d\d)?$/;
const SPREAD = /\b(error|err|ci|confidence|mad|iqr)\b/i;
const WORDS_UNIT = /(?:^|[_\s-])(ns|us|µs|ms|s|sec|secs|seconds|kb|mb|gb|kib|mib|gib|bytes|b|pct|percent|qps|tps|iops|rps)$/i;

/** The fields of one line split by the delimiter, quotes ("a,b", "say ""x""") honoured. */
function fields(line, d) {
  const out = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === d) out.push(cur.trim()), (cur = '');
    else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const words = (h) =>
  h
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9%/.]+/g, ' ')
    .trim();
const slug = (s) => words(s).replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(?=\d)/, 'n_');

/** The statistic a header names (the one vocabulary, read/vocabulary.mjs), or undefined. */
const statisticOf = (header, better) => wordsStatistic(header.replace(/\(.*\)|\[.*\]/g, ' '), better);

/** The unit a header names: "Latency (ms)", "ops/sec", "QPS", "latency_ms", "mean_us". */
function unitOfHeader(header) {
  const h = unitInHeader(header);
  if (h) return h.unit;
  if (statisticOf(header)) {
    // "min", "max": a statistic, not minutes; "p99_ms", "mean_us": the unit after it.
    const m = WORDS_UNIT.exec(words(header));
    return m && words(header).includes(' ') ? canonicalUnit(m[1].toLowerCase() === 'pct' ? '%' : m[1]) : undefined;
  }
  const whole = canonicalUnit(header);
  if (whole && !/^(n|count|#|x|b|s|j|w)$/i.test(header)) return whole;
  const m = WORDS_UNIT.exec(words(header));
  return m ? canonicalUnit(m[1].toLowerCase() === 'pct' ? '%' : m[1]) : undefined;
}

/**
 * The metric of a column, by the one vocabulary (read/vocabulary.mjs): where the header, its statistic
 * and unit aside, names a metric alone ("Avg Latency(ms)", "QPS", "peak", "Best Rate MB/s",
 * "Duration(s)") or nothing ("mean"), the vocabulary's reading; a thing of its own beside a metric word
 * ("keyGenTimeMs", "cpu_pct") keeps its own name, so two such columns never collide.
 */
function metricOf(header, unit) {
  const bare = unitInHeader(header)?.name || header.replace(/\(.*\)|\[.*\]/g, ' ').trim() || header;
  const core = words(bare).replace(STATISTIC_WORDS, ' ').replace(WORDS_UNIT, ' ').replace(/\s+/g, ' ').trim();
  const rest = METRIC_WORDS.reduce((t, [re]) => t.replace(new RegExp(re.source, 'gi'), ' '), core).trim();
  if (!rest) return vocabularyMetric(bare, unit, header).metric;
  return slug(core);
}

/**
 * The delimiter, header and rows of a text, or undefined when its first non-blank line is no header.
 * Rows are the lines after it with as many fields and a number among them; a line between them with
 * no number (a comment, prose) is no row and not read.
 */
function headerOf(lines) {
  const first = lines.findIndex((l) => l.trim());
  if (first < 0 || /^\s*[#|<{[>*-]/.test(lines[first])) return undefined;
  for (const d of ['\t', ',', ';']) {
    const head = fields(lines[first], d);
    if (head.length < 2 || head.some((h) => !h || NUMBER.test(h) || splitValueUnit(h))) continue;
    const body = [];
    let other = false;
    for (let k = first + 1; k < lines.length; k++) {
      if (!lines[k].trim()) continue;
      const cells = fields(lines[k], d);
      const numbers = cells.some((c) => NUMBER.test(c) || splitValueUnit(c));
      if (cells.length === head.length && numbers) body.push(k);
      else if (/\d/.test(lines[k]) && cells.length > 1) other = true;
    }
    if (!body.length || other) continue;
    return { d, head, first, body };
  }
  return undefined;
}

/**
 * The file as a table of cells with their lines (a recipe's column mapping reads it), or undefined
 * when it is not a delimited file with a header row.
 * @param {string} text
 * @returns {{ header: Array<{ text: string, line: number }>, rows: Array<Array<{ text: string, line: number }>>, heading: string } | undefined}
 */
export function delimitedTable(text) {
  const lines = splitLines(text);
  const h = headerOf(lines);
  if (!h) return undefined;
  return {
    header: h.head.map((t) => ({ text: t, line: h.first + 1 })),
    rows: h.body.map((k) => fields(lines[k], h.d).map((t) => ({ text: t, line: k + 1 }))),
    heading: '',
  };
}

/** Whether the text is a delimited file with a header row and a unit in at least one numeric column. */
export function detect(text) {
  if (!headerOf(splitLines(text))) return false;
  try {
    return parse(text).tables.measurements.rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  const h = headerOf(lines);
  if (!h) throw new InputError(1, 'a header row of 2 or more fields split by commas, tabs or semicolons, then lines with as many fields', 'no such header');
  const { d, head, first, body } = h;
  const grid = body.map((k) => ({ line: k + 1, cells: fields(lines[k], d) }));
  const numeric = (c) => NUMBER.test(c) || Boolean(splitValueUnit(c));
  const unitCol = head.findIndex((x) => /^unit$/i.test(x));
  const notes = [];
  const cols = head.map((name, i) => {
    const cells = grid.map((g) => g.cells[i]).filter((c) => c !== '');
    const isNumeric = cells.length > 0 && cells.every(numeric);
    if (i === unitCol) return { name, role: 'unit' };
    if (!isNumeric) return { name, role: SUBJECT.test(name) ? 'subject' : 'text' };
    // Settings of the run by the one vocabulary (read/vocabulary.mjs): "VUs", "users" -> concurrency; "param: x" is a setting by its own name.
    const setting = name.replace(/^param:\s*/i, '');
    const named = settingOf(setting) ?? (sizeOf(setting) || /^param:/i.test(name) || /^warmup$/i.test(setting) ? slug(setting) : undefined);
    if (named) return { name, role: 'condition', key: named };
    // "user" and "system" (hyperfine's CSV): CPU times, in the unit the header states, else not stated.
    const cpu = cpuTimeOf(name);
    if (cpu) return { name, role: 'value', metric: cpu, statistic: 'value', unit: unitOfHeader(name) ?? UNSTATED, unstated: !unitOfHeader(name) };
    // A count ("samples", "# Samples", "count"): a result in counts, never a setting or an axis.
    if (isCount(name) && cells.every((c) => /^\d+$/.test(c))) return { name, role: 'value', unit: 'count', statistic: 'total' };
    // An error percentage ("Error %") is an error rate, never a spread.
    if (isErrorRate(name)) return { name, role: 'value', unit: cells.every((c) => /%$/.test(c)) ? '*' : '%', statistic: 'value', metric: 'error_rate' };
    if (SPREAD.test(words(name))) return { name, role: 'skip', why: 'a spread of another column, not a result of its own' };
    const unit = unitOfHeader(name) ?? (cells.every((c) => splitValueUnit(c)) ? '*' : undefined) ?? (unitCol >= 0 ? 'row' : undefined);
    // A header that names what it measures ("mean", "Latency") and no unit: unit not stated, never a guessed one.
    if (!unit && namesMeasure(name)) return { name, role: 'value', unit: UNSTATED, statistic: statisticOf(name) ?? 'value', unstated: true };
    if (!unit) return { name, role: 'skip', why: 'it states no unit (neither its header nor its values)' };
    return { name, role: 'value', unit, statistic: statisticOf(name, betterOf(metricOf(name, unit), unit)) ?? 'value' };
  });
  for (const c of cols) {
    if (c.role === 'skip') notes.push({ text: `column "${c.name}" (line ${first + 1}) not read: ${c.why}`, line: first + 1 });
    if (c.unstated) notes.push({ text: `column "${c.name}" (line ${first + 1}): no unit stated; read with unit "not stated" (a recipe can state it)`, line: first + 1 });
  }
  // A column of dates or times says when, not what: it is left out.
  for (const [i, c] of cols.entries()) if (c.role === 'text' && grid.every((g) => DATE.test(g.cells[i]) || !g.cells[i])) c.role = 'date';
  // The benchmark is the column that names one (name, test, command, ...), else the first text column.
  const texts = cols
    .map((c, i) => [c, i])
    .filter(([c]) => c.role === 'text')
    .sort(([a], [b]) => Number(NAME.test(words(b.name))) - Number(NAME.test(words(a.name))));
  const subject = cols.findIndex((c) => c.role === 'subject');
  const rows = [];
  for (const { line, cells } of grid) {
    const conditions = {};
    cols.forEach((c, i) => {
      if (c.role === 'condition' && cells[i] !== '') conditions[c.key] = Number(cells[i]);
    });
    texts.slice(1).forEach(([c, i]) => {
      if (cells[i] !== '') conditions[slug(c.name)] = cells[i];
    });
    const benchmark = texts.length ? cells[texts[0][1]] : subject >= 0 ? cells[subject] : `line ${line}`;
    // A TOTAL row, a run's parameter or failed requests' figure is kept and marked (roleOf), never ranked.
    const role = roleOf(benchmark);
    if (role) conditions.role = role;
    cols.forEach((c, i) => {
      if (c.role !== 'value' || cells[i] === '') return;
      const split = splitValueUnit(cells[i]);
      const unit = c.unit === '*' ? split?.unit : c.unit === 'row' ? canonicalUnit(cells[unitCol]) ?? cells[unitCol] : c.unit;
      const value = Number(split && c.unit === '*' ? split.number : cells[i]);
      if (!unit || !Number.isFinite(value)) return;
      rows.push(
        measurement({
          benchmark: benchmark || `line ${line}`,
          ...(subject >= 0 && cells[subject] ? { subject: cells[subject] } : {}),
          metric: c.metric ?? metricOf(c.name, unit),
          statistic: c.statistic,
          value,
          unit,
          conditions: { ...conditions },
          line,
        }),
      );
    });
  }
  if (!rows.length) throw new InputError(first + 1, 'a numeric column whose header or values state a unit', `none (${notes.map((n) => n.text).join('; ') || 'no numeric column'})`);
  return measurementResult(rows, { tableTitle: 'Delimited results', notes, spans: [[first + 1, grid.at(-1).line]] });
}
