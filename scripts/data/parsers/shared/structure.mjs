// Conditions from a document's structure (issue 31): a heading that names a setting ("### 500
// connections", "protodb1, 2 threads", "1.2.0", "2021-03-04") gives the rows under it a named
// condition (connections, threads, version, date ...), not a "run"; and a run number only where
// the document repeats a run: several runs with the same benchmark, subject and conditions.
// Pure: text in, conditions out.
import { isConfigured, settingOf } from '../../read/vocabulary.mjs';

const COUNT = /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)\s*(connections?|conns?|threads?|clients?|concurrent(?:\s+(?:requests|users|connections))?|concurrency|vus|virtual\s+users|workers?|processes|procs|cores?)\b/gi;
/** "duration: 30", "arrivalRate=10": a setting written as a pair in a heading. */
const PAIR = /([A-Za-z][\w .-]{0,30}?)\s*[:=]\s*(\d+(?:\.\d+)?)(?=\s*(?:[,;]|$))/g;
const VERSION = /^(?:v(?:ersion)?\s*|release\s+)?(\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?)$/i;
const DATE = /^(\d{4}-\d{2}(?:-\d{2})?)$/;

/**
 * The conditions a heading names, and what is left of it once they are taken out ('' when the
 * heading names only conditions: it names no software).
 * @param {string} heading
 * @returns {{ conditions: Record<string, number | string>, rest: string }}
 */
export function headingConditions(heading) {
  const text = (heading ?? '').trim();
  const conditions = {};
  // "1.2.0", "v1.2.0 (2021-03-04)", "Release 1.2.0 - 2021-03-04": a version, with its date if given.
  const released = /^(.*?)\s*(?:[-–—,]\s*|\(\s*)(\d{4}-\d{2}(?:-\d{2})?)\s*\)?$/.exec(text);
  const versionOnly = VERSION.exec(released ? released[1] : text);
  if (versionOnly) return { conditions: { version: versionOnly[1], ...(released ? { date: released[2] } : {}) }, rest: '' };
  const date = DATE.exec(text);
  if (date) return { conditions: { date: date[1] }, rest: '' };
  // "duration: 30, arrivalRate: 10" (an Artillery run's phase as its heading): settings the report sets,
  // each a condition by the one vocabulary's name (duration, arrival_rate, concurrency, ...), else its own.
  const pairs = [...text.matchAll(PAIR)];
  if (pairs.length && !text.replace(PAIR, '').replace(/[\s,;]/g, '')) {
    for (const [, key, value] of pairs) {
      const k = key.trim();
      const name = isConfigured(k) ?? settingOf(k) ?? k.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_');
      conditions[name] = Number(value);
    }
    return { conditions, rest: '' };
  }
  let rest = text;
  for (const m of text.matchAll(COUNT)) {
    // The setting's one name (read/vocabulary.mjs): "50 VUs" and "50 virtual users" are both concurrency.
    const name = settingOf(m[2].replace(/\s+/g, ' '));
    if (!name || Object.hasOwn(conditions, name)) continue;
    conditions[name] = Number(m[1].replace(/,/g, ''));
    rest = rest.replace(m[0], '');
  }
  rest = rest.replace(/^[\s,;:/&+|-]+|[\s,;:/&+|-]+$/g, '').replace(/\s*\b(?:and|with|at|x)\s*$/i, '');
  // "Test with 500 connections" keeps its words; a heading of settings and joiners only is none.
  if (/^(?:with|at|and|x|[\s,;:/&+|-])*$/i.test(rest)) rest = '';
  return { conditions, rest };
}

/** The conditions of `more` that `base` does not set (a tool's own figures win over a heading's). */
export function withHeadingConditions(base, more) {
  const out = { ...base };
  for (const [k, v] of Object.entries(more)) if (out[k] === undefined) out[k] = v;
  return out;
}

/**
 * The run conditions of each run, only where runs repeat: runs with the same key (what tells them
 * apart: benchmark, subject, conditions) are numbered 1, 2 ... in order (`run`), and marked as
 * numbered by the reader (`run_by: 'reader'`): the document repeats a block, it does not say these
 * are runs of one thing (vegeta's example commands at two rates, two tables of one README); a run
 * alone with its key has none. Every reader that numbers repeats takes them from here.
 * @param {string[]} keys
 * @returns {Array<{ run: number, run_by: 'reader' } | undefined>}
 */
export function repeatNumbers(keys) {
  const count = new Map();
  for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  const seen = new Map();
  return keys.map((k) => {
    if (count.get(k) < 2) return undefined;
    seen.set(k, (seen.get(k) ?? 0) + 1);
    return { run: seen.get(k), run_by: READER };
  });
}

/** The mark of a run the reader numbered (`run_by`), not one the report states. */
export const READER = 'reader';

/**
 * Whether a row's run is known to be one thing run again: not numbered by the reader alone, or under
 * a heading of its own that names the run ("Run 2", "第二次"). Claims over runs take only these.
 * @param {{ run_by?: string, section?: string }} row a flat row (its conditions as fields)
 */
export const runStated = (row) => row.run_by !== READER || namesRun(row.section);

/**
 * Whether a heading or label states a change to what was measured ("We did some perfomance update",
 * "After the upgrade", "Patched build", "commit 1a2b3c4"): rows under it differ from the others in
 * more than their name, and no ratio joins them (scripts/charts/shared/measures.mjs).
 */
export function statesChange(heading) {
  const t = (heading ?? '').trim();
  return (
    /\b(?:update[ds]?|updating|upgrade[ds]?|upgrading|change[ds]?|patch(?:ed|es)?|optimi[sz](?:ed|ation)|fix(?:ed|es)?|rebuil[dt]|refactor(?:ed)?|tun(?:ed|ing))\b/i.test(t) ||
    /\b(?:after|before)\s+(?:the\s+)?\w+/i.test(t) ||
    /\b(?:commit|build|version)\s+[0-9a-f]{7,40}\b/i.test(t)
  );
}

/** Whether a heading names a repetition ("Run 2", "Second run", "Trial 3", "第一次"), not a setup. */
export function namesRun(heading) {
  const t = (heading ?? '').trim();
  return (
    /^(?:run|trial|attempt|pass|iteration|round|try)\s*#?\s*\d+$/i.test(t) ||
    /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+(?:run|time|try|trial|attempt|round|pass)$/i.test(t) ||
    /^第[一二三四五六七八九十\d]+次$/.test(t)
  );
}
