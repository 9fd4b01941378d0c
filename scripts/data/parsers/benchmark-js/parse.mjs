// Adapter for Benchmark.js's console lines, as suites print them on "cycle" and "complete":
// "<name> x 1,234,567 ops/sec ±0.52% (90 runs sampled)" and "Fastest is <name>[,<name>]". Names may
// hold " x " themselves (the last " x <number> ops/sec" splits them). Consecutive lines form a suite;
// a file with several suites (one per Node version, say) numbers them as the condition `run`.
// Rows: throughput (hz, the inverse of the mean time of a cycle) in ops/s with the runs sampled, and
// the relative margin of error as its own row in % (the model's spread is in the value's unit, and
// ±% of the mean converted to ops/s would be a number the report does not state).
import { repeatNumbers } from '../shared/structure.mjs';
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { sectionsOf } from '../shared/headings.mjs';

export const format = 'benchmark-js';
export const description = 'Benchmark.js console output: "<name> x <hz> ops/sec ±<rme>% (<n> runs sampled)" and "Fastest is ...".';

const LINE = /^\s*(.+?)\s+x\s+((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s+ops\/sec\s+±\s*(\d+(?:\.\d+)?)%\s+\((\d+) runs? sampled\)\s*$/;
const LOOSE = /^\s*(.+?)\s+x\s+[\d,.]+\s+(\S+)\s+±/;
const FASTEST = /^\s*Fastest is (.+?)\s*$/;
const DETECT = /\sx\s+[\d,.]+\s+ops\/sec\s+±\s*\d/;

export function detect(text) {
  return splitLines(text).some((l) => DETECT.test(stripAnsi(l)));
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text).map(stripAnsi);
  const sections = sectionsOf(lines);
  const suites = [];
  let suite = null;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const m = LINE.exec(lines[i]);
    if (m) {
      if (!suite) suites.push((suite = { from: n, to: n, rows: [], fastest: null, label: lines[i - 1]?.trim() ?? '' }));
      const value = toNumber(m[2].replace(/,/g, ''));
      suite.rows.push({ name: m[1], value, rme: toNumber(m[3]), runs: Number(m[4]), line: n, section: sections[i] });
      suite.to = n;
      continue;
    }
    if (DETECT.test(lines[i]) || (LOOSE.test(lines[i]) && /ops\b|\/sec\b|±/.test(lines[i]))) {
      const loose = LOOSE.exec(lines[i]);
      if (loose && loose[2] !== 'ops/sec') throw new InputError(n, 'a rate in ops/sec (Benchmark.js prints no other unit)', quote(loose[2]));
      throw new InputError(n, '"<name> x <hz> ops/sec ±<rme>% (<n> runs sampled)"', quote(lines[i]));
    }
    const f = FASTEST.exec(lines[i]);
    if (f && suite) {
      const names = suite.rows.map((r) => r.name);
      const fastest = f[1].split(',').map((s) => s.trim());
      // "Fastest is a,b" names benchmarks of this suite; a name with a comma of its own is taken whole.
      if (!names.includes(f[1]) && !fastest.every((s) => names.includes(s))) {
        throw new InputError(n, `"Fastest is" naming a benchmark of the suite above (${names.join(', ')})`, quote(lines[i]));
      }
      suite.fastest = { text: `Fastest is ${f[1]}`, line: n };
      suite.to = n;
      suite = null;
      continue;
    }
    suite = null;
  }
  if (!suites.length) throw new InputError(0, 'Benchmark.js output ("<name> x <hz> ops/sec ±<rme>% (<n> runs sampled)")', 'none');
  const rows = [];
  const notes = [];
  // Suites one after another are the reader's runs 1, 2 ... (the output does not call them runs).
  const runs = repeatNumbers(suites.map(() => 'suite'));
  suites.forEach((s, k) => {
    const conditions = runs[k] ?? {};
    for (const r of s.rows) {
      const base = { benchmark: r.name, section: r.section, conditions, runs: r.runs, line: r.line };
      rows.push(measurement({ ...base, metric: 'throughput', statistic: 'mean', value: r.value, unit: 'ops/s' }));
      rows.push(measurement({ ...base, metric: 'margin_of_error', statistic: 'value', value: r.rme, unit: '%', better: 'lower' }));
    }
    if (suites.length > 1 && s.label && !/^(`{3,}|~{3,})/.test(s.label)) notes.push({ text: `run ${k + 1}: ${s.label}`, line: s.from - 1 });
    if (s.fastest) notes.push(s.fastest);
  });
  return measurementResult(rows, { tableTitle: 'Benchmark.js suites', notes, spans: suites.map((s) => [s.from, s.to]) });
}
