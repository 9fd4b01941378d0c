// Claims, then words (issue 40). A finding is a claim over one like-with-like group of rows; the
// builders ask for a claim here, and its preconditions are stated once, beside its kind. A group
// that fails them gets no claim (null): its chart and table still show, and the chart says nothing.
//
// best-of-group: the best row(s) of a group, and how the other end compares. Preconditions:
//   - the rows come from one table (never a ranking across two tables of one report);
//   - exactly one thing varies among them (their label has one part: concurrency, or software, ...;
//     a section that states a change may differ besides, and the sentence then says so, with no ratio);
//   - aggregate rows (Total, Totals, Waits, All, Overall, Sum, Average, Mean) are never ranked with
//     their parts: they are left out of the ranking (and the claim says nothing when only they remain);
//   - settings and invalid rows (a reader's or recipe's `role: setting` or `role: invalid`: what the
//     report configures, a value it marks invalid or failed requests' figures) are never ranked,
//     crowned or taken a ratio of: left out, as aggregates are (isUnranked);
//   - a row that lacks the condition the others are told apart by (hey's whole request beside its
//     phases, k6's all requests beside those tagged expected_response:true) is their whole, never
//     ranked with them;
//   - a part whose label joins others with "+" (hey's DNS+dialup) holds the part it names (DNS-lookup):
//     never ranked with it;
//   - rows told apart by their section alone, whose sections are heading paths ("<host> / reads"),
//     vary in one level of the path only (fio's hosts, or reads and writes; not both at once);
//   - rows told apart by their benchmark alone are different tests, ranked only when they are one
//     benchmark's variants (one family: "Ctx_Accepts/xml" and "Ctx_Accepts/json", "Class.a" and
//     "Class.b"; never its outcomes, parts of one whole: Gatling's ".ok" and ".ko" requests), a harness's alternatives run on one task (hyperfine's commands: ALTERNATIVES), or
//     software of one kind that the entities name (HTTP clients, languages: palette FAMILIES);
//   - ratios (unit x) to a row of the group itself (one row is 1, the baseline: hyperfine's Relative,
//     BenchmarkDotNet's Ratio) are never ranked nor taken a ratio of: the baseline is 1 by construction
//     ("the lowest mean relative time: 1 x") and a ratio of two ratios to it says nothing: no claim;
//   - at least two rows remain, and their values are not all equal (all equal: an `all-equal` claim,
//     which says nothing: no superlative);
//   - rows tied at the best value (as printed) are all named;
//   - a ratio only between two positive values that differ in one thing, and only 1.05 and up.
//
// range-over-runs: the widest spread of a series over its repeated runs. Preconditions:
//   - the series ran more than once, settings and invalid rows left out (none left: no claim);
//   - a block that a reader finds again in one document and numbers as runs (run_by: reader, by
//     parsers/shared/structure.mjs) is not known to be one thing run again (vegeta's example commands
//     at -rate=50 and -rate=100, pyperf's Python 3.6 and 3.8, two tables of a Swift README): no claim,
//     unless a heading of its own names each run ("Run 2");
//   - a ratio only between two positive values, 1.05 and up;
//   - runs that differ in more than their name (a section that states a change) get no ratio, and
//     the sentence quotes what the report says changed.
//
// comparison: the per-kind builders' two ends of a group of one value per line (the servers of
// Darner's charts at one percentile, one queue length, their peaks): the best, the one it is set
// against (the next, or the other end) and the ratio. Preconditions:
//   - one value per line, of one metric and unit, settings and invalid rows left out;
//   - a ratio only between two positive values, 1.05 and up (nearer: "within 5 %").
//
// tail-at-loads (CloudI's receivers, each at its own stable rate): the comparison at one percentile,
// and a ratio of latencies only when the two loads are known and within 10 % of each other; else
// the sentence says the loads differ and gives none.
//
// runs-compared: two runs of one table over the setups both measured (httpc_bench's runs), how many
// times the first was faster and the median ratio. Preconditions:
//   - pairs of one setup each (same client, pool and concurrency), positive rates for the ratio;
//   - runs that differ in a stated fact besides their name (a ulimit) get no ratio: the sentence says
//     what differs.
//
// best-within-budget: the fastest line among those whose error share is within a budget (httpc_bench's
// clients, at most 1 % errors), and the error shares of the lines whose higher rates are outside it.
// Preconditions: a rate counts successful requests only; rows tied at the best (as printed) are all
// named; none within the budget: the sentence says so, and names no fastest.
//
// head-to-head: two ways of one setup (lazy_closest against immediate_closest, threads against
// processes), counted over the setups measured both ways: in how many the first beat the second.
// Precondition: only setups measured both ways count, and the count names its scope.
//
// most-wins: over groups of two or more lines each (the languages at each configuration), the line
// fastest in the most groups; lines tied for the most are all named.
//
// factor-range: the factor one change gave each setup measured with and without it (duo_mode),
// lowest to highest with the median. Precondition: positive rates on both sides.
//
// change: each line's value at one point (the largest backlog) as a share of its own value at
// another (the empty queue): a line against itself, never against another line. Preconditions: both
// points measured for the line (a line without one is left out), a share only of a positive base.
//
// Words: the renders of SAY (renderBest, renderRange, renderTail, ..., renderPlateau, renderAcross,
// renderSubject, renderOneFigure), with ordinal(n) (lib/text.mjs) and a statistic's words (model.mjs); nothing else
// makes a finding. A builder says a claim with sayClaim(say, rows, [claim, words]), which keeps it on
// the chart entry (entry.claims) citing rows by their place in the chart's CSV; renderKept says it
// again from those rows, and keptProblems checks its preconditions against them (further below).
import {
  capital,
  capitalName,
  list,
  median,
  midSentence,
  num,
  pct,
  possessive,
  printAlike,
  quantity,
  range,
  times,
} from './shared/format.mjs';
import { figureOf, noise, noiseText, scaleFigure } from '../lib/noise.mjs';
import { FAMILIES, entityOf } from './shared/palette.mjs';
import { runStated, statesChange } from '../data/parsers/shared/structure.mjs';
import { isStated, quantityOf, UNSTATED, unitSymbol } from '../data/measure/units.mjs';
import { ordinal } from '../lib/text.mjs';
import { distinct } from './shared/spec.mjs';
import { statisticAdjective } from '../data/measure/model.mjs';
import { figureWords } from '../data/atlas/figure-words.mjs';

/** Labels that name an aggregate of other rows, not a part. */
export const AGGREGATE = /^(?:totals?|waits|all|overall|sum|average|avg|mean|combined|aggregate)$/i;

/** A variant that names an outcome of the requests (ok, ko, failed, ...), not an alternative. */
const OUTCOME = /^(?:ok|ko|success(?:ful)?|fail(?:ed|ure)?|errors?|total|all)$/i;

/** The formats whose rows are alternatives run on one task, so that ranking their benchmarks is like with like. */
export const ALTERNATIVES = /^hyperfine/;

/** A benchmark's family: its name before the first "/", else before the last "::" or ".", else none. */
export function familyOf(name) {
  const s = String(name ?? '');
  if (s.includes('/')) return s.slice(0, s.indexOf('/'));
  const at = Math.max(s.lastIndexOf('::'), s.lastIndexOf('.'));
  return at > 0 ? s.slice(0, at) : '';
}

/** Whether rows told apart by their benchmark alone are one benchmark's variants or alternatives. */
function oneFamily(rows) {
  if (rows.every((r) => ALTERNATIVES.test(r.source_table ?? ''))) return true;
  // Software of one kind (HTTP clients, languages, servers) run on one task: each row names an entity.
  if (Object.keys(FAMILIES).some((ns) => rows.every((r) => entityOf(ns, r.benchmark)))) return true;
  const families = new Set(rows.map((r) => familyOf(r.benchmark)));
  if (rows.every((r) => OUTCOME.test(String(r.benchmark ?? '').slice(familyOf(r.benchmark).length + 1)))) return false;
  return families.size === 1 && !families.has('');
}

/** How many levels of their heading paths ("<host> / reads") rows' sections differ in. */
export function sectionLevelsThatVary(rows) {
  const paths = rows.map((r) => String(r.section ?? '').split(' / '));
  const depth = Math.max(...paths.map((p) => p.length));
  let varying = 0;
  for (let i = 0; i < depth; i++) if (new Set(paths.map((p) => p[i] ?? '')).size > 1) varying++;
  return varying;
}

/** Whether a row is an aggregate of others: one of its labels (benchmark, section, a text condition) is. */
export function isAggregate(row, conditionNames = []) {
  if (row.role === 'aggregate') return true; // marked so by the reader (a Total/Totals row)
  return ['benchmark', 'section', ...conditionNames].some(
    (n) => typeof row[n] === 'string' && AGGREGATE.test(row[n].trim()),
  );
}

/** Whether rows are ratios (unit x) to one of themselves: a row at exactly 1, the baseline (see best-of-group). */
export const relativeToOwnRow = (rows) =>
  rows.length > 0 && rows.every((r) => r.unit === 'x') && rows.some((r) => r.value === 1);

/** Whether a row is no result to rank: a setting the report configures or a value it marks invalid. */
export const isUnranked = (row) => row.role === 'setting' || row.role === 'invalid';

const empty = (v) => v === null || v === undefined || v === '';
const LABELS = new Set(['benchmark', 'subject', 'section']);

/**
 * Whether a row is the whole of rows told apart by a condition it lacks: the one condition that
 * names the rows (`parts`), empty in this row and given in another.
 */
export function isWhole(row, rows, parts) {
  return parts.length === 1 && !LABELS.has(parts[0]) && empty(row[parts[0]]) && rows.some((r) => !empty(r[parts[0]]));
}

/**
 * Whether a row's part label joins others with "+" and one of them is another row's label, or the
 * start of one: hey's "DNS+dialup" holds "DNS-lookup".
 */
export function holdsAnother(row, rows, parts) {
  if (parts.length !== 1 || typeof row[parts[0]] !== 'string' || !row[parts[0]].includes('+')) return false;
  const pieces = row[parts[0]]
    .toLowerCase()
    .split(/\s*\+\s*/)
    .filter(Boolean);
  return rows.some((r) => {
    const other = typeof r[parts[0]] === 'string' && r !== row ? r[parts[0]].toLowerCase() : '';
    return (
      other && pieces.some((p) => other === p || (other.startsWith(p) && /^[^a-z0-9]/.test(other.slice(p.length))))
    );
  });
}

export { ordinal } from '../lib/text.mjs';
export { statisticAdjective } from '../data/measure/model.mjs';

/**
 * The best-of-group claim over rows of one metric, statistic and unit (see the preconditions above).
 * @param {object[]} rows each with `shown` (the value drawn), `series` (its label), `source_table`
 * @param {{ better: string, conditions?: string[], differ?: (a: object, b: object) => string[], parts?: string[] }} opts
 *   parts: the fields that vary among the rows (seriesLabeller)
 * @returns {null | { kind: 'best-of-group', best: object[], last: object|null, ratio: number|null, differ: string[], word: string, end: string, better: string }
 *   | { kind: 'all-equal', rows: object[], value: number }}
 */
export function bestOfGroup(rows, { better, conditions = [], differ = () => [], parts = [] }) {
  if (new Set(rows.map((r) => r.source_table ?? '')).size > 1) return null;
  if (parts.length > 1) return null;
  if (parts.length === 1 && parts[0] === 'benchmark' && !oneFamily(rows)) return null;
  if (parts.length === 1 && parts[0] === 'section' && sectionLevelsThatVary(rows) > 1) return null;
  const ranked = rows.filter(
    (r) => !isAggregate(r, conditions) && !isUnranked(r) && !isWhole(r, rows, parts) && !holdsAnother(r, rows, parts),
  );
  if (ranked.length < 2 || relativeToOwnRow(ranked)) return null;
  if (ranked.every((r) => printAlike(r.shown, ranked[0].shown, quantity)))
    return { kind: 'all-equal', rows: ranked, value: ranked[0].shown };
  const sorted = [...ranked].sort((a, b) => (better === 'lower' ? a.shown - b.shown : b.shown - a.shown));
  const best = sorted.filter((r) => printAlike(r.shown, sorted[0].shown, quantity));
  const last = sorted.at(-1);
  const d = differ(best[0], last);
  const ratio =
    d.length <= 1 && best[0].shown > 0 && last.shown > 0
      ? better === 'lower'
        ? last.shown / best[0].shown
        : best[0].shown / last.shown
      : null;
  return {
    kind: 'best-of-group',
    best,
    last,
    ratio,
    noise: ratio === null ? null : noiseOf(best[0], last),
    differ: d,
    better,
    varies: parts,
    conditions,
    word: better === 'lower' ? 'lowest' : better === 'higher' ? 'highest' : 'largest',
    end: better === 'lower' ? 'highest' : better === 'higher' ? 'lowest' : 'smallest',
  };
}

/** Whether two rows differ beyond the noise both state (scripts/lib/noise.mjs); null where one states no spread. */
function noiseOf(a, b) {
  if (!a.spread_kind || !b.spread_kind || !a.value || !b.value) return null;
  const shown = (r) => scaleFigure(figureOf(r), r.shown / r.value);
  return noise(shown(a), shown(b));
}

/**
 * A value with its unit in a sentence: "2.1 ms", "5,560" (a count needs no word), "0.0288 in a unit
 * not stated" (a number whose report states no unit: units.mjs UNSTATED, as written or as a symbol).
 */
export const withUnit = (v, unit) =>
  unit === 'count'
    ? quantity(v)
    : !isStated(unit) || unit === unitSymbol(UNSTATED)
      ? `${quantity(v)} in a unit not stated`
      : `${quantity(v)} ${unit}`;

/**
 * The words of a best-of-group claim: "X had the lowest median latency: 1.2 ms, 3.1x less than Y
 * (3.7 ms)", "X and Y tied for the highest ..."; none for an all-equal claim or none.
 * @param {{ what: string, unit: string }} words
 */
export function renderBest(claim, { what, unit }) {
  if (!claim || claim.kind === 'all-equal') return '';
  const { best, last, ratio, differ, word, end, better } = claim;
  const v = withUnit(best[0].shown, unit);
  const head =
    best.length > 1
      ? `${capitalName(list(best.map((r) => r.series)))} tied for the ${word} ${what}: ${v}`
      : `${capitalName(best[0].series)} had the ${word} ${what}: ${v}`;
  if (best.includes(last)) return head;
  const other = `${last.series} (${withUnit(last.shown, unit)})`;
  if (differ.length > 1) return `${head}; the ${end}: ${other}, which differs in ${list(differ)}`;
  if (ratio === null) return `${head}; the ${end}: ${other}`;
  if (ratio < 1.05) return `${head}, within 5 % of every other (${last.series}: ${withUnit(last.shown, unit)})`;
  const beyond = claim.noise ? `, ${noiseText(claim.noise, { p: false })}` : '';
  return `${head}, ${times(ratio)} ${better === 'lower' ? 'less than' : 'that of'} ${other}${beyond}`;
}

/**
 * The range-over-runs claim: the series (rows' `series`) whose runs spread widest, its ends, and
 * the changes its runs' sections state.
 * @param {object[]} rows each with `series`, `shown` and `section`
 * @returns {null | { kind: 'range-over-runs', series: string, n: number, lo: number, hi: number, ratio: number|null, changes: string[], rows: object[] }}
 */
export function rangeOverRuns(rows) {
  if (!rows.every(runStated)) return null;
  const bySeries = new Map();
  for (const r of rows.filter((x) => !isUnranked(x))) bySeries.set(r.series, [...(bySeries.get(r.series) ?? []), r]);
  const widest = [...bySeries]
    .filter(([, rs]) => rs.length > 1)
    .map(([s, rs]) => [s, rs, Math.max(...rs.map((r) => r.shown)) - Math.min(...rs.map((r) => r.shown))])
    .sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1))[0];
  if (!widest) return null;
  const [series, runs] = widest;
  const lo = Math.min(...runs.map((r) => r.shown));
  const hi = Math.max(...runs.map((r) => r.shown));
  const changes = [...new Set(runs.map((r) => r.section).filter(statesChange))];
  const ratio = !changes.length && lo > 0 && hi / lo >= 1.05 ? hi / lo : null;
  return { kind: 'range-over-runs', series, n: runs.length, lo, hi, ratio, changes, rows: runs };
}

/** "Over 5 runs, Solon's mean throughput ranged from 86,061.03 to 108,721.71 req/s (1.3x)". */
export function renderRange(claim, { whose, unit }) {
  if (!claim) return '';
  const { n, lo, hi, ratio, changes } = claim;
  const changed = changes.length
    ? `; the runs differ in more than their name (${changes.map((c) => `“${c}”`).join(', ')}, a stated change)`
    : '';
  if (quantity(lo) === quantity(hi)) return `Over ${n} runs, ${whose} was ${withUnit(hi, unit)} in each${changed}`;
  return `Over ${n} runs, ${whose} ranged from ${quantity(lo)} to ${withUnit(hi, unit)}${ratio ? ` (${times(ratio)})` : ''}${changed}`;
}

/**
 * The comparison claim over one value per line (see the preconditions above).
 * @param {object[]} rows
 * @param {{ value: (r: object) => number, better: 'lower'|'higher', against?: 'next'|'last' }} opts
 * @returns {null | { kind: 'comparison', best: object, other: object|null, ratio: number|null, within: boolean, rows: object[] }}
 */
export function comparison(rows, { value, better, against = 'last' }) {
  // Each row's value read once (a group of 100,000 rows), then sorted by it.
  const sorted = rows
    .filter((r) => !isUnranked(r))
    .map((r) => [r, value(r)])
    .sort(([, a], [, b]) => (better === 'lower' ? a - b : b - a))
    .map(([r]) => r);
  if (!sorted.length) return null;
  const best = sorted[0];
  const other = sorted.length > 1 ? (against === 'next' ? sorted[1] : sorted.at(-1)) : null;
  const [lo, hi] = other ? [value(best), value(other)].sort((a, b) => a - b) : [0, 0];
  const ratio = other && lo > 0 && hi > 0 ? hi / lo : null;
  return {
    kind: 'comparison',
    best,
    other,
    ratio: ratio && ratio >= 1.05 ? ratio : null,
    within: ratio !== null && ratio < 1.05,
    values: other ? [value(best), value(other)] : [value(best)],
    better,
    rows: sorted,
  };
}

/**
 * "At the 99th percentile Darner answered in 44.5 ms, Kestrel in 341 ms (7.7x longer)".
 * @param {{ p: number, name: (r: object) => string, show: (r: object) => string }} words
 */
export function renderTail(claim, { p, name, show }) {
  if (!claim) return '';
  const { best, other, ratio, within } = claim;
  const head = `At the ${ordinal(p)} percentile ${name(best)} answered in ${show(best)}`;
  if (!other) return head;
  return `${head}, ${name(other)} in ${show(other)}${ratio ? ` (${times(ratio)} longer)` : within ? ' (within 5 %)' : ''}`;
}

/**
 * "Darner used 18x less memory than Kestrel with 1,048,576 requests queued (33,848 kB vs 611,612 kB)".
 * @param {{ name: (r: object) => string, show: (r: object) => string, what: string, where: string }} words
 */
export function renderLess(claim, { name, show, what, where }) {
  if (!claim?.other) return '';
  const { best, other, ratio } = claim;
  const amount = ratio ? `${times(ratio)} less ${what} than` : `${what} within 5 % of`;
  return `${name(best)} used ${amount} ${name(other)} ${where} (${show(best)} vs ${show(other)})`;
}

/**
 * "Darner peaked at 36,846 requests/s (50 connections), 3.1x Kestrel's best of 12,039; memcache, the
 * upper bound, reached 55,294": the best peak of the contenders, and a reference line's apart.
 * @param {{ name: (r: object) => string, value: (r: object) => number, unit: string, at: (r: object) => string, bound?: { row: object, name: string } | null }} words
 */
export function renderPeak(claim, { name, value, unit, at, bound }) {
  if (!claim) return '';
  const { best, other, ratio, within } = claim;
  let s = `${name(best)} peaked at ${num(value(best))} ${unit} (${at(best)})`;
  if (other)
    s += `, ${ratio ? times(ratio) : within ? 'within 5 % of' : 'against'} ${name(other)}'s best of ${num(value(other))}`;
  if (bound) s += `; ${bound.name}, the upper bound, reached ${num(value(bound.row))}`;
  return s;
}

/**
 * "At the 99.9th percentile, JavaScript processes answered within 1.13 s at 16,934.6 requests/s,
 * Python2 threads within 4.91 s at 3,391 requests/s; each receiver at its own stable request rate, so
 * the loads differ and the latencies are not a like-for-like ratio" (see tail-at-loads above).
 * @param {{ p: number, name: (r: object) => string, show: (r: object) => string, load: (r: object) => number|undefined, rate: (v: number) => string }} words
 */
export function renderTailAtLoads(claim, { p, name, show, load, rate }) {
  if (!claim) return '';
  const { best: lo, other: hi } = claim;
  const head = `At the ${ordinal(p)} percentile, ${name(lo)} answered within ${show(lo)}`;
  if (!hi) return head;
  const [loRate, hiRate] = [load(lo), load(hi)];
  const known = typeof loRate === 'number' && typeof hiRate === 'number';
  const loads = known
    ? ` at ${rate(loRate)}, ${name(hi)} within ${show(hi)} at ${rate(hiRate)}`
    : ` and ${name(hi)} within ${show(hi)}`;
  const alike = known && Math.min(loRate, hiRate) > 0 && Math.max(loRate, hiRate) / Math.min(loRate, hiRate) <= 1.1;
  const ratio = claim.ratio ? `${times(claim.ratio)} longer` : 'within 5 %';
  return `${head}${loads}${
    alike
      ? ` (${ratio}, at loads within 10 %)`
      : '; each receiver at its own stable request rate, so the loads differ and the latencies are not a like-for-like ratio'
  }`;
}

/**
 * Two bests of one group by two measures, each with the other's value: "The highest stable rate (mean
 * of the stable period) is Erlang internal's 108,774 requests/s (3.69 s at p99.9); the lowest tail
 * latency is JavaScript processes' 1.13 s (16,934.6 requests/s)".
 * @param {{ claim: object, what: string, show: (r: object) => string, aside: (r: object) => string }[]} parts
 * @param {(r: object) => string} whose the row's name, possessive
 */
export function renderBestTwo(parts, whose) {
  const said = parts.filter((x) => x.claim);
  return said
    .map(
      (x, i) =>
        `${i ? 'the' : 'The'} ${x.what} is ${whose(x.claim.best)} ${x.show(x.claim.best)} (${x.aside(x.claim.best)})`,
    )
    .join('; ');
}

/**
 * The runs-compared claim (see its preconditions above).
 * @param {object[]} pairs one per setup both runs measured
 * @param {{ a: (p: object) => number, b: (p: object) => number, differs?: { what: string, a: string, b: string } | null }} opts
 */
export function runsCompared(pairs, { a, b, differs = null }) {
  if (!pairs.length) return null;
  const positive = pairs.filter((p) => a(p) > 0 && b(p) > 0);
  return {
    kind: 'runs-compared',
    n: pairs.length,
    aFaster: pairs.filter((p) => a(p) > b(p)).length,
    ratio: differs || !positive.length ? null : median(positive.map((p) => a(p) / b(p))),
    differs,
    rows: pairs,
  };
}

/** "Run A was faster than run B in 40 of the 48 configurations both measured (median ratio 1.3x)". */
export function renderRunsCompared(claim, { nameA, nameB }) {
  if (!claim) return '';
  const { n, aFaster, ratio, differs } = claim;
  const tail = differs
    ? `; the runs differ in ${differs.what} (${differs.a} vs ${differs.b}), so no ratio is given`
    : ratio
      ? ` (median ratio ${times(ratio)})`
      : '';
  return `${capital(nameA)} was faster than ${midSentence(nameB)} in ${num(aFaster)} of the ${num(n)} configurations both measured${tail}`;
}

/**
 * The best-within-budget claim (see its preconditions above).
 * @param {object[]} rows
 * @param {{ value: (r: object) => number, error: (r: object) => number, name: (r: object) => string, budget: number }} opts
 */
export function bestWithinBudget(rows, { value, error, name, budget }) {
  const ranked = rows.filter((r) => !isUnranked(r));
  // Best first; among equal rates the fewer errors, then the earlier line (the setup a reader finds first).
  const within = ranked
    .filter((r) => error(r) <= budget)
    .sort((a, b) => value(b) - value(a) || error(a) - error(b) || (a.line ?? 0) - (b.line ?? 0));
  const top = within[0];
  const best = top ? within.filter((r) => printAlike(value(r), value(top))) : [];
  const names = [...new Set(best.map(name))];
  const faster = top ? ranked.filter((r) => value(r) > value(top)) : [];
  const outside = [...new Set(faster.map(name))].map((n) => {
    const e = faster.filter((r) => name(r) === n).map(error);
    return { name: n, lo: Math.min(...e), hi: Math.max(...e) };
  });
  return {
    kind: 'best-within-budget',
    best,
    names,
    outside,
    faster,
    within: within.length,
    n: ranked.length,
    budget,
    // The error share of each best and each faster row, in their order: the checker finds each in its row.
    errors: { best: best.map(error), faster: faster.map(error) },
    rows: [...best, ...faster],
  };
}

/**
 * "At 16,384 concurrent processes the fastest client within 1 % errors was Mojito at 57,690 requests/s
 * (pools x pool size 8 x 128, not the setup its curve draws)": a best-within-budget claim at one load.
 * @param {{ at: string, budget: string, who: string, value: (r: object) => number, unit: string, detail?: (r: object) => string }} words
 */
export function renderFastestAt(claim, { at, budget, who, value, unit, detail = () => '' }) {
  if (!claim.best.length) return `No ${who} stayed within ${budget} errors ${at}`;
  const verb = claim.names.length > 1 ? `${who}s within ${budget} errors were` : `${who} within ${budget} errors was`;
  return `${capital(at)} the fastest ${verb} ${list(claim.names)} at ${num(value(claim.best[0]))} ${unit}${claim.names.length > 1 ? '' : detail(claim.best[0])}`;
}

/**
 * "With at most 1 % errors, MachineGun was fastest at 72,950 requests/s; Buoy's higher rates came with
 * 80.2-99.4 % errors"; "No client stayed within 1 % errors".
 * @param {{ budget: string, value: (r: object) => number, unit: string, who: string }} words
 */
export function renderBestWithin(claim, { budget, value, unit, who }) {
  if (!claim.best.length) return `No ${who} stayed within ${budget} errors`;
  const head = `With at most ${budget} errors, ${list(claim.names)} ${claim.names.length > 1 ? 'tied as fastest' : 'was fastest'} at ${num(value(claim.best[0]))} ${unit}`;
  if (!claim.outside.length) return head;
  return `${head}; ${list(claim.outside.map((o) => `${possessive(o.name, 'higher rates')} came with ${range(o.lo, o.hi, 1)} % errors`))}`;
}

/**
 * The head-to-head claim over setups measured both ways (see above).
 * @param {object[][]} groups one per setup
 * @param {{ a: (g: object[]) => number|undefined, b: (g: object[]) => number|undefined }} opts
 */
export function headToHead(groups, { a, b }) {
  // Each setup's two values worked out once.
  const both = groups.map((g) => [g, a(g), b(g)]).filter(([, x, y]) => typeof x === 'number' && typeof y === 'number');
  if (!both.length) return null;
  return {
    kind: 'head-to-head',
    k: both.filter(([, x, y]) => x > y).length,
    n: both.length,
    rows: both.flatMap(([g]) => g),
  };
}

/** "lazy_closest beat immediate_closest in 5 of the 9 setups measured with both". */
export function renderHeadToHead(claim, { a, b, among }) {
  if (!claim) return '';
  return `${a} beat ${b} ${among.replace('{k}', num(claim.k)).replace('{n}', num(claim.n))}`;
}

/**
 * The most-wins claim (see above).
 * @param {object[][]} groups each sorted best first, two or more lines each
 * @param {(r: object) => string} name
 */
export function mostWins(groups, name) {
  const counted = groups.filter((g) => g.length > 1);
  if (!counted.length) return null;
  const wins = new Map();
  for (const g of counted) wins.set(name(g[0]), (wins.get(name(g[0])) ?? 0) + 1);
  const k = Math.max(...wins.values());
  return {
    kind: 'most-wins',
    names: [...wins].filter(([, v]) => v === k).map(([n]) => n),
    k,
    n: counted.length,
    rows: counted.map((g) => g[0]),
  };
}

/** "Erlang was fastest in 6 of the 6 configurations with more than one language measured". */
export function renderMostWins(claim, { scope, of }) {
  if (!claim) return '';
  const who = claim.names.length > 1 ? `${list(claim.names)} were each fastest` : `${claim.names[0]} was fastest`;
  return `${scope}${who} in ${num(claim.k)} of the ${num(claim.n)} ${of}`;
}

/**
 * The factor-range claim (see above).
 * @param {object[]} pairs
 * @param {{ before: (p: object) => number, after: (p: object) => number }} opts
 */
export function factorRange(pairs, { before, after }) {
  const factors = pairs.filter((p) => before(p) > 0 && after(p) > 0).map((p) => after(p) / before(p));
  if (!factors.length) return null;
  return {
    kind: 'factor-range',
    lo: Math.min(...factors),
    hi: Math.max(...factors),
    median: median(factors),
    n: factors.length,
    rows: pairs,
  };
}

/** "duo_mode raised the rate at 1 sender x 1 receiver 8.8x to 15x (median 11x)". */
export function renderFactors(claim, { change, where }) {
  if (!claim) return '';
  const span =
    times(claim.lo) === times(claim.hi)
      ? times(claim.lo)
      : `${times(claim.lo)} to ${times(claim.hi)} (median ${times(claim.median)})`;
  return `${change} ${where} ${span}`;
}

/**
 * The change claim (see above).
 * @param {{ name: string, from: object|undefined, to: object|undefined }[]} lines
 * @param {(r: object) => number} value
 */
export function change(lines, value) {
  const said = lines.filter((l) => l.from && l.to && !isUnranked(l.from) && !isUnranked(l.to));
  if (!said.length) return null;
  return {
    kind: 'change',
    lines: said.map((l) => ({
      ...l,
      share: value(l.from) > 0 ? value(l.to) / value(l.from) : null,
      values: [value(l.from), value(l.to)],
    })),
    rows: said.flatMap((l) => [l.from, l.to]),
  };
}

/**
 * "With 22,368,256 items queued (21.3 GiB), Darner served 12,787 requests/s (50 % of its rate at a
 * backlog of 0) and Kestrel served 7,991 requests/s (77 % of its rate at a backlog of 0)".
 * @param {{ at: string, verb: string, show: (r: object) => string, base: (r: object) => string }} words
 */
export function renderChange(claim, { at, verb, show, base }) {
  if (!claim) return '';
  const each = claim.lines.map(
    (l) =>
      `${l.name} ${verb} ${show(l.to)}${l.share === null ? '' : ` (${Math.round(100 * l.share)} % of its rate at ${base(l.from)})`}`,
  );
  return `${at}, ${list(each)}`;
}

/**
 * The two ends of a comparison claim over every line (against: 'last'), lines tied at either end all
 * named, and the best of a subset beside them: "Erlang was fastest at 31,081 requests/s; the fastest
 * external receiver was OCaml (processes) at 22,585, the slowest Python v3 (threads) at 10,452".
 * @param {{ name: (r: object) => string, value: (r: object) => number, unit: string, also?: { claim: object|null, what: string } }} words
 */
export function renderEnds(claim, { name, value, unit, also }) {
  if (!claim) return '';
  const at = (r) => claim.rows.filter((x) => printAlike(value(x), value(r)));
  const top = at(claim.best);
  let s = `${list(top.map(name))} ${top.length > 1 ? 'tied as fastest' : 'was fastest'} at ${num(value(claim.best))} ${unit}`;
  if (also?.claim && !top.includes(also.claim.best))
    s += `; the fastest ${also.what} was ${name(also.claim.best)} at ${num(value(also.claim.best))}`;
  if (claim.other && !top.includes(claim.other)) {
    const low = at(claim.other);
    s += `, the slowest ${list(low.map(name))} at ${num(value(claim.other))}`;
  }
  return s;
}

/**
 * "Erlang reached the highest maximum stable rate, 101,457 requests/s at 16x16 (lazy_closest, duo_mode
 * on)": the best of a comparison claim with where it was measured; lines tied at the best all named.
 * @param {{ name: (r: object) => string, value: (r: object) => number, unit: string, what: string, where: (r: object) => string }} words
 */
export function renderHighest(claim, { name, value, unit, what, where }) {
  if (!claim) return '';
  const top = claim.rows.filter((r) => printAlike(value(r), value(claim.best)));
  if (top.length === 1)
    return `${name(claim.best)} reached the ${what}, ${num(value(claim.best))} ${unit} at ${where(claim.best)}`;
  return `${list(top.map((r) => `${name(r)} at ${where(r)}`))} tied for the ${what}, ${num(value(claim.best))} ${unit}`;
}

/**
 * A factor-range claim as shares: "Through cloudi_service_queue the best rate was 4 % to 11 % of the
 * direct rate (median 7 %, lazy_closest, duo_mode on)".
 * @param {{ head: string, of: string, scope: string, none: string }} words
 */
export function renderShares(claim, { head, of, scope, none }) {
  if (!claim) return none;
  const pct = (x) => `${Math.round(100 * x)} %`;
  const span = pct(claim.lo) === pct(claim.hi) ? pct(claim.lo) : `${pct(claim.lo)} to ${pct(claim.hi)}`;
  return `${head} ${span} of ${of} (median ${pct(claim.median)}, ${scope})`;
}

/**
 * "209 of 335 configurations (run 2019-05-15) had at most 1 % errors; every configuration faster than
 * MachineGun's 72,950 requests/s had at least 79.5 % errors": a best-within-budget claim counted.
 * @param {{ budget: string, of: string, value: (r: object) => number, error: (r: object) => number, unit: string }} words
 */
export function renderBudgetCount(claim, { budget, of, value, error, unit }) {
  const head = `${num(claim.within)} of ${num(claim.n)} ${of} had at most ${budget} errors`;
  if (!claim.best.length || !claim.faster.length) return head;
  const least = Math.min(...claim.faster.map(error));
  return `${head}; every configuration faster than ${possessive(list(claim.names))} ${num(value(claim.best[0]))} ${unit} had at least ${pct(least)} errors`;
}

// ---------------------------------------------------------------------------------------------
// The measurement model's own claims (measurement.mjs asks for these; their words are here too).
//
// one-value: one row alone, with its spread. Preconditions: one row, not a setting or invalid row,
// a spread with both ends.
//
// best-at: the best point of a sweep (lines over a numeric condition): a best-of-group claim whose
// best is one row (a tie names no point), said with where on the sweep it was measured.
//
// tail-over-lines: at the highest percentile the lines give, their range (or their one value), the
// changes their sections state, and each line's tail against its own median; one line of a report that
// measures the metric of other runs too is named (`of`). Preconditions: settings and invalid rows left
// out; a tail over a median only of one line against itself, two positive values, and only above the
// 50th percentile; a name only for one line.

/** The one-value claim (see above). */
export function oneValue(row) {
  if (!row || isUnranked(row) || row.lo === null || row.lo === undefined || row.hi === null || row.hi === undefined)
    return null;
  return { kind: 'one-value', row };
}

/** "Solon's mean throughput was 98,000 req/s (standard deviation: 97,000 to 99,000 req/s)". */
export function renderOne(claim, { what, unit }) {
  if (!claim) return '';
  const { row } = claim;
  const who = row.series === '(all)' ? `the ${what}` : possessive(row.series, what);
  return `${capitalName(who, row.series)} was ${withUnit(row.shown, unit)} (${row.spread_words}: ${quantity(row.lo)} to ${withUnit(row.hi, unit)})`;
}

/**
 * "The highest mean throughput, 12,000 req/s, was nginx's at concurrency 64": the best point of a
 * sweep (a best-of-group claim with one best row).
 * @param {{ what: string, unit: string, field: string, title: string }} words field: the sweep's condition
 */
export function renderBestAt(claim, { what, unit, field, title }) {
  if (claim?.kind !== 'best-of-group' || claim.best.length !== 1) return '';
  const best = claim.best[0];
  const at = `${title} ${num(best[field])}`;
  return best.series === '(all)'
    ? `The ${claim.word} ${what} was ${withUnit(best.shown, unit)}, at ${at}`
    : `The ${claim.word} ${what}, ${withUnit(best.shown, unit)}, was ${possessive(best.series)} at ${at}`;
}

/**
 * The tail-over-lines claim (see above).
 * @param {object[]} rows each with `series`, `percentile`, `shown` and `section`
 * @param {number} p the highest percentile the rows give
 */
export function tailOverLines(rows, p, of) {
  const tails = rows.filter((r) => r.percentile === p && !isUnranked(r)).sort((a, b) => a.shown - b.shown);
  if (!tails.length) return null;
  const series = distinct(rows.filter((r) => !isUnranked(r)).map((r) => r.series));
  // A change the line's own name already says (cyf's lines named "go / after rate limit") is no more than its name.
  const changes = distinct(
    tails
      .filter((r) => !String(r.series ?? '').includes(r.section ?? ''))
      .map((r) => r.section)
      .filter(statesChange),
  );
  const at = (s, q) => rows.find((r) => r.series === s && r.percentile === q);
  const own =
    p <= 50
      ? []
      : series
          .map((s) => ({ series: s, median: at(s, 50), tail: at(s, p) }))
          .filter((x) => x.median?.shown > 0 && x.tail?.shown > 0)
          .map((x) => ({ ...x, ratio: x.tail.shown / x.median.shown }))
          .sort((a, b) => a.ratio - b.ratio || (a.series < b.series ? -1 : a.series > b.series ? 1 : 0));
  return {
    kind: 'tail-over-lines',
    p,
    tails,
    lines: series.length,
    ...(of && series.length === 1 ? { of } : {}),
    changes: changes.length && distinct(tails.map((r) => r.section ?? '')).length > 1 ? changes : [],
    own,
  };
}

/**
 * "At the 99th percentile, latency ranged from 2.1 ms (a) to 9 ms (b); each line's 99th percentile
 * is 3.2x (a) to 4.1x (b) its own median": what the lines' sections say changed between them (nginz's
 * second run follows "We did some perfomance update"), and each line's tail against its own median
 * (never one line's tail against another line's median).
 * @param {{ what: string, unit: string }} words
 */
export function renderTailLines(claim, { what, unit }) {
  if (!claim) return '';
  const { p, tails, changes, own, lines, of } = claim;
  const [lo, hi] = [tails[0], tails.at(-1)];
  const head =
    tails.length > 1 && quantity(lo.shown) !== quantity(hi.shown)
      ? `At the ${ordinal(p)} percentile, ${what} ranged from ${withUnit(lo.shown, unit)} (${lo.series}) to ${withUnit(hi.shown, unit)} (${hi.series})`
      : `At the ${ordinal(p)} percentile, ${of ? `${possessive(of)} ` : ''}${what} was ${withUnit(lo.shown, unit)}`;
  const changed = changes.length
    ? `; the lines differ in more than their name (${changes.map((c) => `“${c}”`).join(', ')}, a stated change)`
    : '';
  // A tail within 5 % of its median is said so, never "1x the median" (JMH's throughput percentiles).
  const near = (r) => r < 1.05 && r > 1 / 1.05;
  const toMedian = (r) => (near(r) ? 'within 5 % of' : times(r));
  let median = '';
  if (own.length && lines === 1) median = `, ${toMedian(own[0].ratio)} the median`;
  else if (own.length === 1) median = `; ${possessive(own[0].series)} is ${toMedian(own[0].ratio)} its own median`;
  else if (own.length) {
    const [a, b] = [own[0], own.at(-1)];
    median =
      toMedian(a.ratio) === toMedian(b.ratio)
        ? `; each line's ${ordinal(p)} percentile is ${toMedian(a.ratio)} its own median`
        : near(a.ratio)
          ? `; each line's ${ordinal(p)} percentile is at most ${times(b.ratio)} its own median (${b.series}), the least within 5 % of it (${a.series})`
          : `; each line's ${ordinal(p)} percentile is ${times(a.ratio)} (${a.series}) to ${times(b.ratio)} (${b.series}) its own median`;
  }
  return `${head}${changed}${median}`;
}

// ---------------------------------------------------------------------------------------------
// Kept claims: a chart entry keeps each claim its sentence says (entry.claims), as data: the claim's
// kind, the render that says it (`say`), its words, and the rows it cites as `{ $row: i }`, their
// place in the chart's CSV, never the rows themselves. A word given as a function (a row's name, a
// value as shown) is kept as the calls the render made of it, in order. renderKept(kept, rows) is
// the one way a kept claim becomes words: the builder says its finding with it, and the findings
// checker (tests/helpers/findings.mjs) says it again from the rows of the chart's CSV.

/** The renders a claim can be said with, by name. */
export const SAY = {
  renderBest,
  renderBestAt,
  renderOne,
  renderTailLines,
  renderRange,
  renderTail,
  renderLess,
  renderPeak,
  renderTailAtLoads,
  renderBestTwo,
  renderRunsCompared,
  renderFastestAt,
  renderBestWithin,
  renderHeadToHead,
  renderMostWins,
  renderFactors,
  renderChange,
  renderEnds,
  renderHighest,
  renderShares,
  renderBudgetCount,
  renderPlateau,
  renderAcross,
  renderSubject,
  renderOneFigure,
};

const isPlain = (v) => v !== null && typeof v === 'object';

/**
 * Whether a value holds a function anywhere (a word to record); claims are data and are never copied.
 * The chart's rows (`rows`: a Map or Set of them) are data, kept as they are: never looked into.
 */
function holdsFunction(v, rows, seen = new Set()) {
  if (typeof v === 'function') return true;
  if (!isPlain(v) || seen.has(v) || rows.has(v)) return false;
  seen.add(v);
  return Object.values(v).some((x) => holdsFunction(x, rows, seen));
}

/** Whether an object is a row of a table (it cites its seed line). */
const isRow = (v) => isPlain(v) && !Array.isArray(v) && 'line' in v && 'seed' in v;

/**
 * Says a claim with one of the renders (SAY) and keeps it: `{ text, kept }`; kept is null when the
 * render says nothing.
 * @param {string} say the render's name
 * @param {object[]} rows the chart's rows, in the order of its CSV
 * @param {unknown[]} args what the render takes (the claim, its words)
 * @param {string} [lead] the words that join it to the claim before it in one sentence ("; with ..., ")
 */
export function sayClaim(say, rows, args, lead = '') {
  const at = new Map(rows.map((r, i) => [r, i]));
  const calls = {};
  const seen = new Map();
  const live = (v, path) => {
    if (typeof v === 'function') {
      const made = (calls[path] = []);
      const readsValue = /(?:^|\.)value$/.test(path);
      return (...a) => {
        const out = v(...a);
        // The row a value was read from is kept (the checker finds the number in it); other words keep their output.
        const place = readsValue ? at.get(a[0]) : undefined;
        made.push(place !== undefined ? { args: [{ $row: place }], out } : { out });
        return out;
      };
    }
    if (!isPlain(v) || at.has(v) || !holdsFunction(v, at)) return v;
    if (seen.has(v)) return seen.get(v);
    const copy = Array.isArray(v) ? [] : {};
    seen.set(v, copy);
    for (const [k, x] of Object.entries(v)) copy[k] = live(x, `${path}.${k}`);
    return copy;
  };
  const text = SAY[say](...args.map((a, i) => live(a, `arg${i}`)));
  if (!text) return { text: '', kept: null };
  // A row the chart does not draw (the claim weighs every setup at a load, the curves draw one each)
  // is kept once with the claim, in `extra`, and cited as { $extra: k }.
  const extra = [];
  const extraAt = new Map();
  const keep = (v, path) =>
    typeof v === 'function'
      ? { $said: path }
      : at.has(v)
        ? { $row: at.get(v) }
        : isRow(v)
          ? { $extra: extraAt.get(v) ?? (extraAt.set(v, extra.length), extra.push(v), extra.length - 1) }
          : Array.isArray(v)
            ? v.map((x, i) => keep(x, `${path}.${i}`))
            : isPlain(v)
              ? Object.fromEntries(
                  Object.entries(v)
                    .filter(([, x]) => x !== undefined)
                    .map(([k, x]) => [k, keep(x, `${path}.${k}`)]),
                )
              : v;
  const claim = args[0];
  // A render that says no claim holds ("No setup was measured both ways") cites none: kind none.
  const kind = Array.isArray(claim) ? 'best-two' : (claim?.kind ?? 'none');
  const kept = args.map((a, i) => keep(a, `arg${i}`));
  return {
    text: `${lead}${text}`,
    kept: { kind, say, ...(lead ? { lead } : {}), args: kept, calls, ...(extra.length ? { extra } : {}) },
  };
}

/**
 * Says several claims as one sentence, each after its lead: `{ text, claims }` (the kept claims of
 * those said). A part is `[say, args, lead]`; a false part is left out.
 */
export function sayClaims(rows, parts) {
  const said = parts.filter(Boolean).map(([say, args, lead]) => sayClaim(say, rows, args, lead));
  return { text: said.map((s) => s.text).join(''), claims: said.map((s) => s.kept).filter(Boolean) };
}

/** Says a kept claim again from the chart's rows (see sayClaim): its words, with its lead. */
export function renderKept(kept, rows) {
  const replay = (made = []) => {
    let i = 0;
    return () => made[i++]?.out;
  };
  const live = (v) =>
    Array.isArray(v)
      ? v.map(live)
      : isPlain(v)
        ? '$row' in v
          ? rows[v.$row]
          : '$extra' in v
            ? kept.extra?.[v.$extra]
            : '$said' in v
              ? replay(kept.calls[v.$said])
              : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, live(x)]))
        : v;
  const render = SAY[kept.say];
  if (!render) return '';
  return `${kept.lead ?? ''}${render(...live(kept.args))}`;
}

/** A chart's sentence from its kept claims, in order. */
export const renderClaims = (claims, rows) => claims.map((k) => renderKept(k, rows)).join('');

/** The rows a kept claim cites (their places in the chart's CSV), in the order it names them. */
export function citedRows(kept) {
  const out = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isPlain(v)) {
      if ('$row' in v) out.add(v.$row);
      else Object.values(v).forEach(walk);
    }
  };
  walk(kept.args);
  walk(kept.calls);
  return [...out];
}

/** A cited row's field as the CSV holds it: the value drawn (`shown`, else `value`). */
const drawn = (r) => (typeof r?.shown === 'number' ? r.shown : r?.value);

/** Whether `v` is one of a row's numbers (a cell of its CSV row), as printed or exactly. */
const holds = (row, v) => {
  if (typeof v !== 'number') return true;
  const cells = Object.values(row ?? {});
  return cells.includes(v) || cells.some((x) => typeof x === 'number' && printAlike(x, v, quantity));
};

/**
 * The preconditions of a kept claim (see each kind above), checked against the rows of the chart's
 * CSV it cites, and not taken from the claim: the reasons it fails (empty: it holds). For the
 * findings checker (tests/helpers/findings.mjs) and the report's headline (plan.mjs: only a finding
 * whose claims hold is a headline).
 * @param {object} kept a kept claim (sayClaim)
 * @param {object[]} rows the chart's rows, in the order of its CSV
 */
export function keptProblems(kept, rows) {
  const why = [];
  const cited = citedRows(kept);
  const missing = cited.filter((i) => !Number.isInteger(i) || i < 0 || i >= rows.length);
  if (missing.length) return [`cites rows the chart's CSV does not hold (${missing.join(', ')})`];
  const extras = kept.extra ?? [];
  if (!cited.length && !extras.length && kept.kind !== 'none') why.push('cites no row');
  if (!SAY[kept.say]) why.push(`no render named ${kept.say}`);
  const claim = isPlain(kept.args[0]) ? kept.args[0] : {};
  const row = (v) =>
    isPlain(v) && '$row' in v ? rows[v.$row] : isPlain(v) && '$extra' in v ? extras[v.$extra] : undefined;
  const citedOf = [...cited.map((i) => rows[i]), ...extras];
  // One metric, statistic (a distribution's percentiles together) and unit (one quantity: ms and µs
  // are drawn in one display unit, `shown`).
  // Each field's distinct values read in one pass, and a unit's quantity looked up once per unit, not per row.
  const fields = { metric: new Set(), unit: new Set(), statistic: new Set() };
  for (const r of citedOf) {
    fields.metric.add(r.metric);
    fields.unit.add(r.unit);
    fields.statistic.add(r.statistic);
  }
  for (const field of ['metric', 'unit', 'statistic']) {
    const of = field === 'unit' ? (u) => (u ? quantityOf(u) : u) : (v) => v;
    const values = distinct([...fields[field]].map(of).filter((v) => v !== null && v !== undefined && v !== ''));
    const percentiles = field === 'statistic' && values.every((v) => /^p\d/.test(v));
    if (values.length > 1 && !percentiles) why.push(`cites rows of ${values.length} ${field}s: ${values.join(', ')}`);
  }
  // The statistic its words name is the cited rows' (model.mjs's one word for it).
  const stats = [...fields.statistic].filter((v) => typeof v === 'string' && v);
  const what = isPlain(kept.args[1]) ? kept.args[1].what : undefined;
  if (typeof what === 'string' && stats.length === 1) {
    const named = statisticAdjective(stats[0]);
    // A percentile's rows: no other percentile named before the metric ("p99 latency" of p50 rows).
    const percentile = /^p\d/.test(stats[0]) ? /^p\d\S*(?= )/.exec(what)?.[0] : undefined;
    if (percentile ? percentile !== named : !/^p\d/.test(stats[0]) && named && !what.startsWith(`${named} `))
      why.push(`names "${what}" for rows of statistic ${stats[0]}`);
  }
  // A quoted value (a word that gives a row's value) is a number that row holds.
  for (const [path, made] of Object.entries(kept.calls ?? {}))
    if (/(?:^|\.)value$/.test(path))
      for (const c of made) {
        const r = row(c.args?.[0]);
        if (r && !holds(r, c.out)) why.push(`quotes ${c.out} for row ${c.args[0].$row}, which does not hold it`);
      }
  const ratioOf = (a, b) => (a > 0 && b > 0 ? Math.max(a, b) / Math.min(a, b) : null);
  // within: a ratio under 1.05 is said as "within 5 %" (renderBest), never as a ratio.
  const ratioProblems = (ratio, a, b, what, { within = false } = {}) => {
    if (ratio === null || ratio === undefined) return [];
    const r = ratioOf(a, b);
    if (r === null) return [`a ratio ${what} with a value that is not positive (${a}, ${b})`];
    if (times(r) !== times(ratio)) return [`a ratio of ${times(ratio)} ${what}, whose values give ${times(r)}`];
    if (ratio < 1.05 && !within) return [`a ratio of ${times(ratio)}, under 1.05`];
    return [];
  };
  const unranked = (r, what) => (isUnranked(r) ? [`${what} a ${r.role} row (${r.series ?? r.benchmark})`] : []);

  if (kept.kind === 'best-of-group') {
    const best = (claim.best ?? []).map(row);
    const last = row(claim.last);
    const varies = claim.varies ?? [];
    if (varies.length > 1) why.push(`${varies.length} things vary (${varies.join(', ')}), not one`);
    const group = rows;
    if (new Set(group.map((r) => r.source_table ?? '')).size > 1) why.push('ranks rows of more than one table');
    const ranked = group.filter(
      (r) =>
        !isAggregate(r, claim.conditions ?? []) &&
        !isUnranked(r) &&
        !isWhole(r, group, varies) &&
        !holdsAnother(r, group, varies),
    );
    // Exactly one thing varies among the ranked rows, read from them: the labels and conditions that
    // take more than one value, two that name the same split (one value of each always together) as one.
    const count = (f) => new Set(ranked.map(f)).size;
    const counts = new Map(
      ['benchmark', 'section', ...(claim.conditions ?? [])].map((c) => [c, count((r) => r[c] ?? '')]),
    );
    const varying = [...counts].filter(([, n]) => n > 1).map(([c]) => c);
    // Two columns split the rows alike when each value of one goes with one value of the other.
    const splits = [];
    for (const c of varying)
      if (
        !splits.some(
          (d) => counts.get(d) === counts.get(c) && count((r) => `${r[c] ?? ''}\u0000${r[d] ?? ''}`) === counts.get(c),
        )
      )
        splits.push(c);
    if (varies.length === 1 && varies[0] === 'section' && sectionLevelsThatVary(ranked) > 1)
      why.push('ranks sections that differ in more than one level of their heading path');
    if (relativeToOwnRow(ranked))
      why.push('ranks ratios to a row of their own group (its baseline, 1 by construction)');
    if (splits.length > 1 && claim.ratio !== null)
      why.push(`${varying.length} things vary among the rows ranked (${varying.join(', ')}), and a ratio is given`);
    for (const r of best) {
      why.push(...unranked(r, 'crowns'));
      if (isAggregate(r, claim.conditions ?? [])) why.push(`crowns an aggregate row (${r.series})`);
    }
    const values = ranked.map(drawn);
    const top = claim.better === 'lower' ? Math.min(...values) : Math.max(...values);
    const bottom = claim.better === 'lower' ? Math.max(...values) : Math.min(...values);
    if (values.every((v) => printAlike(v, values[0], quantity))) why.push('a superlative where every value is equal');
    if (best.some((r) => quantity(drawn(r)) !== quantity(top)))
      why.push(`crowns ${quantity(drawn(best[0]))}, the rows' ${claim.word ?? 'best'} is ${quantity(top)}`);
    // Tied as printed (quantity: two decimals from 1 up, three significant digits below): only values
    // that near can print alike, so the others are never formatted (a 100,000-row chart).
    const near = Math.max(0.01, Math.abs(top) * 0.02);
    const tied = ranked.filter((r) => Math.abs(drawn(r) - top) <= near && quantity(drawn(r)) === quantity(top));
    if (tied.some((r) => !best.includes(r)))
      why.push(`names ${best.length} of ${tied.length} rows tied at ${quantity(top)}`);
    if (last && quantity(drawn(last)) !== quantity(bottom))
      why.push(`the other end is ${quantity(bottom)}, not ${quantity(drawn(last))}`);
    if (claim.ratio !== null && (claim.differ ?? []).length > 1)
      why.push('a ratio between rows that differ in more than one thing');
    if (best[0] && last)
      why.push(
        ...ratioProblems(claim.ratio, drawn(best[0]), drawn(last), 'between its ends', {
          within: kept.say === 'renderBest',
        }),
      );
    if (claim.noise && !(best[0]?.spread_kind && last?.spread_kind))
      why.push('says beyond or within noise where a row states no spread');
  } else if (kept.kind === 'range-over-runs') {
    const runs = (claim.rows ?? []).map(row);
    for (const r of runs) why.push(...unranked(r, 'ranges over'));
    if (distinct(runs.map((r) => r.series)).length > 1) why.push('a range over runs of more than one series');
    if (runs.length < 2) why.push('a range over fewer than two runs');
    if (!runs.every(runStated))
      why.push('a range over blocks a reader found again and numbered, not stated by the report as runs of one thing');
    const vs = runs.map(drawn);
    const [lo, hi] = [Math.min(...vs), Math.max(...vs)];
    if (quantity(lo) !== quantity(claim.lo) || quantity(hi) !== quantity(claim.hi))
      why.push(
        `a range of ${quantity(claim.lo)} to ${quantity(claim.hi)}, the runs' is ${quantity(lo)} to ${quantity(hi)}`,
      );
    if (claim.n !== runs.length) why.push(`says ${claim.n} runs of ${runs.length}`);
    const changes = distinct(runs.map((r) => r.section).filter(statesChange));
    if (changes.length && claim.ratio !== null) why.push('a ratio between runs that differ in more than their name');
    why.push(...ratioProblems(claim.ratio, lo, hi, 'over the runs'));
  } else if (kept.kind === 'tail-over-lines') {
    const tails = (claim.tails ?? []).map(row);
    const all = rows.filter((r) => r.percentile === claim.p && !isUnranked(r));
    for (const r of tails) why.push(...unranked(r, 'says the tail of'));
    if (all.some((r) => !tails.includes(r))) why.push(`leaves out lines at the ${ordinal(claim.p)} percentile`);
    if (claim.of !== undefined && distinct(rows.map((r) => r.series)).length !== 1)
      why.push('names one line of several');
    if (Math.max(...rows.map((r) => r.percentile ?? -Infinity)) !== claim.p)
      why.push(`the ${ordinal(claim.p)} percentile is not the highest the rows give`);
    for (const o of claim.own ?? []) {
      const [m, t] = [row(o.median), row(o.tail)];
      if (!m || !t || m.series !== t.series || m.series !== o.series) why.push("a tail over another line's median");
      else if (m.percentile !== 50 || t.percentile !== claim.p) why.push('a tail over a median of other percentiles');
      else if (!(drawn(m) > 0 && drawn(t) > 0) || times(drawn(t) / drawn(m)) !== times(o.ratio))
        why.push(`${o.series}'s tail over its median is not ${times(o.ratio)}`);
    }
  } else if (kept.kind === 'one-value') {
    const r = row(claim.row);
    why.push(...unranked(r, 'says'));
    if (rows.length !== 1) why.push(`one value said of a chart of ${rows.length} rows`);
  } else if (kept.kind === 'comparison') {
    const [best, other] = [row(claim.best), row(claim.other)];
    why.push(...unranked(best, 'crowns'), ...(other ? unranked(other, 'compares') : []));
    const [a, b] = claim.values ?? [];
    if (!holds(best, a)) why.push(`quotes ${a} for a row that does not hold it`);
    if (other && !holds(other, b)) why.push(`quotes ${b} for a row that does not hold it`);
    if (other) why.push(...ratioProblems(claim.ratio, a, b, 'between the two'));
    // The best is the best: of the two it names, and of every row of its group whose value its words
    // read (not a reference line beside them: Darner's memcache upper bound).
    const group = new Set((claim.rows ?? []).map((v) => v?.$row));
    const read = Object.entries(kept.calls ?? {})
      .filter(([path]) => /(?:^|\.)value$/.test(path))
      .flatMap(([, made]) => made.filter((c) => group.has(c.args?.[0]?.$row)).map((c) => c.out))
      .filter((v) => typeof v === 'number');
    const beats = (x, y) => (claim.better === 'lower' ? x <= y : x >= y);
    if (claim.better && (read.some((v) => !beats(a, v)) || (other && !beats(a, b))))
      why.push(`names ${a} as the ${claim.better === 'lower' ? 'lowest' : 'highest'}, and a row it cites beats it`);
  } else if (kept.kind === 'across-reports') {
    const best = row(claim.best);
    const vs = rows.map((r) => r.value).filter((v) => typeof v === 'number');
    const top = claim.better === 'lower' ? Math.min(...vs) : Math.max(...vs);
    if (best?.value !== top)
      why.push(`crowns ${best?.value}, the figures' ${claim.better === 'lower' ? 'lowest' : 'highest'} is ${top}`);
    const ratios = rows.map((r) => r.ratio_to_base).filter((v) => typeof v === 'number');
    const [lo, hi] = [row(claim.lo), row(claim.hi)];
    if (lo && (lo.ratio_to_base !== Math.min(...ratios) || hi?.ratio_to_base !== Math.max(...ratios)))
      why.push("the ratios to the base are not the figures' lowest and highest");
    if (ratios.some((r) => !(r > 0))) why.push('a ratio to the base that is not positive');
  } else if (kept.kind === 'one-figure') {
    const f = row(claim.figure);
    const others = claim.others ?? [];
    if (typeof f?.value !== 'number') why.push('names a figure with no value');
    else if (f.chosen !== figureWords(f).chosen)
      why.push(`says "${f.chosen}" of a figure chosen among ${f.qualified ?? f.candidates} rows of ${f.candidates}`);
    if (others.some((o) => typeof o.value === 'number'))
      why.push('another figure has a value: two figures make a chart');
    if (others.some((o) => o.qualified !== 0)) why.push('says a figure with rows within the budget is outside it');
  } else if (kept.kind === 'subject-best') {
    if (new Set(rows.map((r) => r.series)).size > 1) why.push('ranks figures of different measures');
    const within = rows.filter((r) => !r.outside);
    const pool = within.length ? within : rows;
    const best = row(claim.best);
    const top = Math.max(...pool.map((r) => r.value));
    if (best?.value !== top) why.push(`crowns ${best?.value}, the highest figure within the budget is ${top}`);
    if (within.length && best?.outside) why.push('rests on a figure outside the error budget');
    const [from, to] = [row(claim.from), row(claim.to)];
    if (from && (!to || from.like !== to.like)) why.push('a change between figures no line joins');
    if ((claim.outside ?? []).length !== rows.length - within.length)
      why.push('names not every figure outside the budget');
  } else if (kept.kind === 'plateau') {
    const { x, y } = claim;
    const [first, level, peak, at] = [row(claim.first), row(claim.level), row(claim.peak), row(claim.at)];
    const ys = rows.map((r) => r[y]);
    const top = Math.max(...ys);
    if (first !== rows.find((r) => r[x] > 0 && r[y] > 0))
      why.push('starts at another point than the first positive one');
    if (peak?.[y] !== top) why.push(`a peak of ${peak?.[y]}, the rows' highest is ${top}`);
    if (level !== rows.find((r) => r[y] >= 0.98 * top))
      why.push('levels off at another point than the first within 2 % of the peak');
    if (at && Math.round(100 * claim.share) !== Math.round((100 * at[y]) / ((first[y] / first[x]) * at[x])))
      why.push("a share of ideal scaling that is not the rows'");
  } else if (kept.kind === 'best-within-budget' && claim.errors) {
    const check = (list, errors, within) =>
      (list ?? []).map(row).forEach((r, i) => {
        const e = errors[i];
        if (!holds(r, e)) why.push(`an error share of ${e} for a row that does not hold it`);
        else if (within !== e <= claim.budget)
          why.push(`a row ${within ? 'named within' : 'said outside'} the budget of ${claim.budget} with ${e}`);
      });
    check(claim.best, claim.errors.best, true);
    check(claim.faster, claim.errors.faster, false);
  } else if (kept.kind === 'change') {
    for (const l of claim.lines ?? []) {
      const [from, to] = [row(l.from), row(l.to)];
      const [a, b] = l.values ?? [];
      if (!holds(from, a) || !holds(to, b)) why.push(`${l.name}'s values are not its rows'`);
      if (from === to) why.push(`${l.name} set against itself at one point`);
      if (l.share !== null && !(a > 0 && Math.round(100 * l.share) === Math.round((100 * b) / a)))
        why.push(`${l.name}'s share is not its two values'`);
    }
  } else if (kept.kind === 'factor-range') {
    if (!(claim.lo > 0 && claim.lo <= claim.median && claim.median <= claim.hi))
      why.push('factors out of order or not positive');
  } else if (['head-to-head', 'most-wins', 'runs-compared'].includes(kept.kind)) {
    const k = claim.k ?? claim.aFaster;
    if (!(Number.isInteger(k) && k >= 0 && k <= claim.n)) why.push(`counts ${k} of ${claim.n}`);
    if (kept.kind === 'runs-compared' && claim.differs && claim.ratio !== null)
      why.push('a ratio between runs that differ in a stated fact');
  }
  // No claim cites a setting or an invalid row: they are drawn, never said.
  for (const r of citedOf) if (isUnranked(r)) why.push(...unranked(r, 'cites'));
  return distinct(why);
}

// plateau (AStore's digitized curve): where a rising curve levels off. Preconditions: the rows in
// order of x; the first point with positive x and y is where it starts; the plateau is the first
// point within 2 % of the highest y, the peak the highest; the share of ideal linear scaling (the
// first point's y per unit of x, times x) only at a point the rows hold (a physical core count).
// Values read off a chart image are said as digitized (the lead), never as measured.

/**
 * The plateau claim (see above).
 * @param {object[]} rows sorted by x
 * @param {{ x: string, y: string, at?: number|null }} opts at: the x where the share of ideal scaling is said
 */
export function plateau(rows, { x, y, at = null }) {
  const first = rows.find((r) => r[x] > 0 && r[y] > 0);
  if (!first) return null;
  const maxY = Math.max(...rows.map((r) => r[y]));
  const atRow = at === null ? null : (rows.find((r) => r[x] === at) ?? null);
  return {
    kind: 'plateau',
    x,
    y,
    first,
    level: rows.find((r) => r[y] >= 0.98 * maxY),
    peak: rows.find((r) => r[y] === maxY),
    at: atRow,
    share: atRow ? atRow[y] / ((first[y] / first[x]) * at) : null,
  };
}

/**
 * "throughput rose from 9,000 requests/s at parallelism-max 1 and levelled off at about 70,000 from
 * parallelism-max 8 (peak 72,000 at 12); at 8, the physical core count, it reached 81 % of ideal
 * linear scaling"; the headline: "AStore's throughput levelled off at about 70,000 requests/s from
 * parallelism-max 8, on a server with 8 physical cores".
 * @param {{ headline?: string, cores?: number|null }} words headline: whose throughput (the short form)
 */
export function renderPlateau(claim, { headline, cores = null }) {
  if (!claim) return '';
  const { x, y, first, level, peak, at, share } = claim;
  const name = x.replace(/_/g, '-');
  if (headline)
    return `${headline} levelled off at about ${num(level[y])} requests/s from ${name} ${level[x]}${cores ? `, on a server with ${cores} physical cores` : ''}`;
  return (
    `throughput rose from ${num(first[y])} requests/s at ${name} ${first[x]} ` +
    `and levelled off at about ${num(level[y])} from ${name} ${level[x]} (peak ${num(peak[y])} at ${peak[x]})` +
    (at
      ? `; at ${at[x]}, the physical core count, it reached ${Math.round(100 * share)} % of ideal linear scaling`
      : '')
  );
}

// across-reports (a comparison page's chart): the best value among the figures of reports the
// atlas joined (comparisons.mjs), and the range of their ratios to the base report. Preconditions:
// the figures are of one metric, statistic and unit (the atlas joins them so); the best by the
// metric's better direction, the first such row named; ratios only as the atlas computed them
// against its base (positive), said as a reader expects ("1.7x to 5x lower", never "0.2x to 0.6x"); where the machines differ, the sentence names them and says that
// each ratio mixes hardware and software changes.

/**
 * The across-reports claim (see above).
 * @param {object[]} rows each with `value`, `entity_name`, `column` and, but for the base, `ratio_to_base`
 * @param {{ better: string, hardwareSame: boolean, machines: string[] }} opts
 */
export function acrossReports(rows, { better, hardwareSame, machines }) {
  if (!rows.length) return null;
  const best = rows.reduce((a, b) => ((better === 'lower' ? b.value < a.value : b.value > a.value) ? b : a));
  const ratios = rows.filter((r) => typeof r.ratio_to_base === 'number');
  const lo = ratios.length ? ratios.reduce((a, b) => (b.ratio_to_base < a.ratio_to_base ? b : a)) : null;
  const hi = ratios.length ? ratios.reduce((a, b) => (b.ratio_to_base > a.ratio_to_base ? b : a)) : null;
  return { kind: 'across-reports', best, better, lo, hi, hardwareSame, machines };
}

/** A ratio to the base as a reader says it: "2x lower" (never "0.5x"), "1.5x higher", or "within 5 % of it". */
const sayAgainst = (r) =>
  r >= 1.05 ? `${times(r)} higher` : r <= 1 / 1.05 ? `${times(1 / r)} lower` : 'within 5 % of it';

/** The ratios to the base, lowest to highest: "the values are 1.7x to 5x lower", "... run from 2x lower to 1.5x higher". */
function againstBase(lo, hi) {
  if (times(lo) === times(hi)) return `the value${lo === hi ? ' is' : 's are'} ${sayAgainst(lo)}`;
  if (hi <= 1 / 1.05) return `the values are ${times(1 / hi)} to ${times(1 / lo)} lower`;
  if (lo >= 1.05) return `the values are ${times(lo)} to ${times(hi)} higher`;
  return `the values run from ${sayAgainst(lo)} to ${sayAgainst(hi)}`;
}

/**
 * "The lowest value (mean) is Solon's 1.2 ms (2019 run); against the base report the values are 1.1x
 * to 1.8x higher, across different machines (a vs b), so each ratio mixes hardware and software changes",
 * and what else differs between the values a ratio joins (`also`: each value's own best setup, what
 * the reports state of each run).
 * @param {{ statistic: string, unit: string, also?: string[] }} words
 */
export function renderAcross(claim, { statistic, unit, also = [] }) {
  if (!claim) return '';
  const { best, better, lo, hi, hardwareSame, machines } = claim;
  return (
    `The ${better === 'lower' ? 'lowest' : 'highest'} value (${statistic}) is ${possessive(best.entity_name)} ${num(best.value)} ${unit} (${best.column})` +
    (lo
      ? `; against the base report ${againstBase(lo.ratio_to_base, hi.ratio_to_base)}` +
        (hardwareSame
          ? ''
          : `, across different machines (${machines.join(' vs ')}), so each ratio mixes hardware and software changes`) +
        also.map((w) => `; ${w}`).join('')
      : '')
  );
}

// subject-best (a subject page's chart, subjects.mjs): the highest of a subject's best figures, a
// change "from ... to ..." only between figures a line joins (one measure, machine and conditions),
// and the figures outside the error budget named apart. Preconditions: the figures are of one
// measure (`series`: Darner's queue flood, queue packing and fairness rates, or a wall time beside
// its user and system times, are not ranked against each other: no claim); no claim rests on a
// figure outside the error budget (drawn pale and starred) unless every figure is; a change only
// along the one line there is; where no two figures share machine and conditions, the sentence says so.

/** The subject-best claim (see above), or null. @param {object[]} all the subject's figures, `like` naming its line */
export function subjectBest(all) {
  if (new Set(all.map((r) => r.series)).size > 1) return null;
  const within = all.filter((r) => !r.outside);
  const rows = within.length ? within : all;
  const best = rows.reduce((a, b) => (b.value > a.value ? b : a));
  const lines = [...new Set(rows.map((r) => r.like))].filter((k) => rows.filter((r) => r.like === k).length > 1);
  const joined = lines.length === 1 ? rows.filter((r) => r.like === lines[0]) : [];
  return {
    kind: 'subject-best',
    best,
    from: joined[0] ?? null,
    to: joined.at(-1) ?? null,
    lines,
    apart: lines.length === 0 && rows.length > 1 ? [...new Set(rows.map((r) => r.platform))].length : 0,
    outside: all.filter((r) => r.outside),
  };
}

/**
 * "On Intel Core i7 at 8 threads, from 12 requests/s (2016) to 20 requests/s (2019); the highest is
 * 20 requests/s (as stated; 2019, Intel Core i7, 8 threads)".
 * @param {{ unit: string }} words
 */
export function renderSubject(claim, { unit }) {
  if (!claim) return '';
  const { best, from, to, apart, outside } = claim;
  const at = (r) => `${r.column}, ${r.platform}${r.conditions !== 'none stated' ? `, ${r.conditions}` : ''}`;
  const highest = `the highest is ${num(best.value)} ${unit} (${best.statistic}; ${at(best)})`;
  const change = from
    ? `On ${from.platform}${from.conditions !== 'none stated' ? ` at ${from.conditions}` : ''}, from ${num(from.value)} ${unit} (${from.column}) to ${num(to.value)} ${unit} (${to.column}); `
    : '';
  const apartWords = apart
    ? `; no two figures share machine and conditions (${apart} platform${apart === 1 ? '' : 's'}), so no line joins them`
    : '';
  const outsideWords = outside.length
    ? `; ${outside.length === 1 ? 'one figure is' : `${outside.length} figures are`} outside the error budget, drawn pale and starred: ${list(
        outside.map((r) => `${num(r.value)} ${unit} (${r.column}, ${r.outside.replace(/ \(.*$/, '')})`),
      )}`
    : '';
  return capital(`${change}${highest}${apartWords}${outsideWords}`);
}

// one-figure (a subject page with no chart, subjects.mjs): a subject's one figure with a value, how
// its row was chosen, and the figures with none, each with its reason. Preconditions: exactly one
// figure has a value (two make a chart); how the row was chosen is said from its own counts
// (figureWords, data/atlas/figure-words.mjs): where the rule's error budget leaves fewer rows than the
// entity has, the figure is said to be the best (or the only one) within the budget, "the only row
// with error % at most 1 (of 5 rows)", never the best "among 5 rows"; the others are said to be
// outside the budget only when none of their rows is within it.

/**
 * The one-figure claim (see above).
 * @param {object[]} figures the subject's figures, each with its report's `report_title` and `date`
 */
export function oneFigure(figures) {
  const valued = figures.filter((f) => typeof f.value === 'number');
  if (valued.length !== 1) return null;
  return { kind: 'one-figure', figure: valued[0], others: figures.filter((f) => typeof f.value !== 'number') };
}

/**
 * "One figure only, so no chart: 1,658 requests/s (Successful requests/s, as stated), the only row
 * with error % at most 1 (of 5 rows), in <report>, 2019-05 (run 2019-05-15). The other figures are
 * outside the error budget: run original of <report> has no row of 3 within error % at most 1".
 */
export function renderOneFigure(claim) {
  if (!claim) return '';
  const { figure: f, others } = claim;
  const run = (x) => x.group?.run;
  return (
    `One figure only, so no chart: ${withUnit(f.value, f.unit)} (${f.metric_title}, ${f.statistic_words}), ${f.chosen}, in ${f.report_title}, ${f.date}${run(f) ? ` (run ${run(f)})` : ''}` +
    (others.length
      ? `. The other figures are outside the error budget: ${others.map((o) => `${run(o) ? `run ${run(o)} of ` : ''}${o.report_title} has ${o.reason}`).join('; ')}`
      : '')
  );
}
