// Which number is "the figure" of a table kind, and how the best one is chosen: the metric column,
// whether higher or lower is better, an error budget where the kind has one (httpc_bench counts
// only successful requests, so a fast client may fail 99 % of them), how rows group into runs, and
// which machine ran the software under test. Shared by subjects.mjs and comparisons.mjs.
//
// Exports:
//   FIGURES: Record<tableKind, FigureRule>       a kind without an entry has no single best figure
//   figureRule(kind, options?) -> FigureRule|null  with options.errorBudgetPct applied
//   ruleText(rule, titleOf?) -> string             "highest requests_per_second with error_pct <= 1", or with
//                                                  the columns' titles: "highest successful requests/s with error % at most 1"
//   conditionsOf(row, columns, rule, exclude) -> Record<string, any>   the row's conditions, non-null
//   passes(row, rule) -> boolean                   within the error budget (true when none)
//   bestRow(rows, rule) -> row|null                best value, ties to the lowest seed line
//   tiesOf(rows, rule, best) -> number             the other candidate rows of the best row's value
//   joinStatistic(rule) -> string                  the statistic figures of the rule join by
//   spreadOf(row) -> { spread_kind, spread?, lower?, upper?, runs? } | {}   the spread a measurement row states
import { CONDITION_EXCLUDED } from './tables.mjs';

/**
 * @typedef {object} FigureRule
 * @property {string} metric                 the measured column
 * @property {'higher'|'lower'} better
 * @property {{ column: string, max: number }} [budget]  rows over it are not candidates
 * @property {string[]} [groupBy]            one best figure per value of these columns (runs)
 * @property {string[]} [conditions]         the condition columns, when not "every other column"
 * @property {string} [machine]              the report machine that ran the measured software
 * @property {'matched'|'best'|false} compare how comparisons.mjs compares reports of this kind
 * @property {string} statistic              the statistic of the metric (STATISTICS of measure/model.mjs)
 * @property {string} [measure]              what the figure measures, the same words for kinds that join
 *                                           (else the table's title)
 * @property {{ statistic: string, family: string, reason: string }} [joins]
 *   for an "as stated" statistic: the statistic its report family implies, so that figures of
 *   this kind join that statistic's figures (subjects, comparisons), and why
 */

/** Memory and latency percentiles are curves with no single best point: no entry, no figure. */
export const FIGURES = {
  // CloudI 1.5.1, 1.5.4 and 1.7.1 give one "Max Stable (Total) Request Rate" per setup, with no
  // statistic; 2.0.6 gives the same tool's log line, "stable at <mean> [<min> .. <max>]".
  'cloudi-request-rate': {
    metric: 'requests_per_second',
    better: 'higher',
    compare: 'matched',
    statistic: 'value',
    measure: 'Stable request rate',
    joins: {
      statistic: 'mean',
      family: 'cloudi_service_request_rate',
      reason:
        'Each CloudI report measures with cloudi_service_request_rate the rate sustained for at least 2 minutes ' +
        'without errors or timeouts (its Test section); 2.0.6 prints that stable rate as a mean with its ' +
        'range ("stable at 108774 [108744.7 .. 108789.1] requests/second"), the 1.x reports print the ' +
        'stable rate alone, so it is read as the same mean.',
    },
  },
  'cloudi-stable-request-rate': {
    metric: 'requests_per_second',
    better: 'higher',
    // The other columns are the latency moments of the same line, results rather than conditions.
    conditions: ['receiver_kind'],
    compare: false,
    statistic: 'mean',
    measure: 'Stable request rate',
  },
  'http-client-rate': {
    metric: 'requests_per_second',
    better: 'higher',
    budget: { column: 'error_pct', max: 1 },
    groupBy: ['run'],
    machine: 'client',
    compare: 'best',
    statistic: 'value',
  },
  'darner-queue-flood': {
    metric: 'requests_per_second',
    better: 'higher',
    conditions: ['connections'],
    compare: 'matched',
    statistic: 'value',
  },
  'darner-queue-packing': {
    metric: 'requests_per_second',
    better: 'higher',
    conditions: ['sets_added'],
    compare: 'matched',
    statistic: 'value',
  },
  'darner-fairness-summary': {
    metric: 'requests_per_second',
    better: 'higher',
    conditions: ['concurrency', 'gets', 'sets'],
    compare: 'matched',
    statistic: 'value',
  },
  // Digitized values read off a chart: a figure on the subject page, never compared with measured values.
  'astore-throughput-digitized': {
    metric: 'requests_per_second',
    better: 'higher',
    conditions: ['parallelism_max'],
    compare: false,
    statistic: 'value',
  },
};

/**
 * The statistic a figure of a rule joins others by: the rule's own, or for "as stated" the one its
 * report family implies (rule.joins), else "as stated" (it joins only "as stated" of its own kind).
 * @param {FigureRule} rule
 */
export const joinStatistic = (rule) => rule.joins?.statistic ?? rule.statistic ?? 'value';

/**
 * The figure rule of a table kind, or null.
 * @param {string} kind
 * @param {{ errorBudgetPct?: number }} [options] replaces the budget's maximum (percent)
 */
export function figureRule(kind, options = {}) {
  const rule = FIGURES[kind];
  if (!rule) return null;
  if (rule.budget && options.errorBudgetPct !== undefined)
    return { ...rule, budget: { ...rule.budget, max: options.errorBudgetPct } };
  return rule;
}

/**
 * Why no row of `n` qualifies: "no row of 30 within error % at most 1", "its one row is not within ..."
 * (columns by title with titleOf).
 * @param {FigureRule} rule a rule with a budget
 * @param {number} n
 * @param {(name: string) => string|undefined} [titleOf]
 */
export function noRowText(rule, n, titleOf) {
  const budget = ruleText({ ...rule, metric: '' }, titleOf).replace(/^\S+ +with /, '');
  return n === 1 ? `its one row is not within ${budget}` : `no row of ${n} within ${budget}`;
}

/** The rule in words, for titles and for the `rule` field of a figure. */
export function ruleText(rule, titleOf) {
  if (!titleOf) {
    const best = `${rule.better === 'higher' ? 'highest' : 'lowest'} ${rule.metric}`;
    return rule.budget ? `${best} with ${rule.budget.column} <= ${rule.budget.max}` : best;
  }
  // For readers: each column by its title, lower-cased as a word inside the sentence.
  const words = (name) => {
    const t = titleOf(name) ?? name.replaceAll('_', ' ');
    return /^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t;
  };
  const best = `${rule.better === 'higher' ? 'highest' : 'lowest'} ${words(rule.metric)}`;
  return rule.budget ? `${best} with ${words(rule.budget.column)} at most ${rule.budget.max}` : best;
}

/**
 * The conditions of a row: the rule's condition columns, or every column that is not the metric,
 * the budget column, provenance, free text or in `exclude` (the entity column). Empty cells are
 * left out (not applicable), so rows of tables with and without a column compare alike.
 * @param {object} row
 * @param {{ name: string }[]} columns the table's columns
 * @param {FigureRule} rule
 * @param {Iterable<string>} exclude
 */
export function conditionsOf(row, columns, rule, exclude = []) {
  const skip = new Set([
    ...CONDITION_EXCLUDED,
    ...exclude,
    rule.metric,
    ...(rule.budget ? [rule.budget.column] : []),
  ]);
  const names = rule.conditions ?? columns.map((c) => c.name).filter((n) => !skip.has(n));
  const out = {};
  for (const n of names) if (row[n] !== null && row[n] !== undefined) out[n] = row[n];
  return out;
}

/** Whether a row is within the rule's error budget (always, when the rule has none). */
export const passes = (row, rule) =>
  !rule.budget || (typeof row[rule.budget.column] === 'number' && row[rule.budget.column] <= rule.budget.max);

/** The best candidate row (within the budget, with a numeric metric), ties to the lowest line. */
export function bestRow(rows, rule) {
  let best = null;
  for (const r of rows) {
    const v = r[rule.metric];
    if (typeof v !== 'number' || !passes(r, rule)) continue;
    if (!best) best = r;
    else {
      const b = best[rule.metric];
      const better = rule.better === 'higher' ? v > b : v < b;
      if (better || (v === b && r.line < best.line)) best = r;
    }
  }
  return best;
}

/** How many other candidate rows (within the budget, with a numeric metric) tie the best row's value. */
export function tiesOf(rows, rule, best) {
  return rows.filter((r) => r !== best && passes(r, rule) && r[rule.metric] === best[rule.metric]).length;
}

/**
 * The spread a measurement row states (its kind, half-width or bounds, runs), kept beside the value
 * so that each difference can say whether it is beyond noise (scripts/lib/noise.mjs); {} when none.
 */
export function spreadOf(row) {
  if (!row.spread_kind) return {};
  const out = { spread_kind: row.spread_kind };
  for (const k of ['spread', 'lower', 'upper', 'runs']) if (typeof row[k] === 'number') out[k] = row[k];
  return out;
}
