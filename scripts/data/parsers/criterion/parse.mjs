// Adapter for Rust Criterion's console output (cargo bench): per benchmark a `time:` line
// "[lower estimate upper]" (the confidence interval of the time of one iteration), an optional
// `thrpt:` line in the same form, optional `change:` lines against a saved baseline with their verdict
// ("Performance has regressed."), and "Found N outliers among M measurements" with its breakdown.
// The name stands before `time:` or, when it is too long, alone on the line above. Text around the
// blocks (a README, a shell session) is allowed; ANSI colours are stripped.
//
// Rows: time (statistic mean, lower/upper as spread 'range') and throughput or bandwidth from
// `thrpt:`. `change:` lines are relative to a baseline the file does not hold, so they are kept as
// notes, not as measurements; the outlier count gives `runs` (the samples) and a note.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { canonicalUnit, convert, UNITS } from '../../measure/units.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { sectionsOf } from '../shared/headings.mjs';

export const format = 'criterion';
export const description = 'Rust Criterion console output: time and thrpt intervals per benchmark, change against a baseline, outliers.';

const TIME = /^(.*?)\btime:\s+\[(.*)$/;
const TRIPLE = /^\s*(\S+)\s*(\S+)\s+(\S+)\s*(\S+)\s+(\S+)\s*(\S+)\s*\]/;
const THRPT = /^\s+thrpt:\s+\[(.*)$/;
const CHANGE = /^\s+change:\s*(.*)$/;
const PERCENTS = /^\[\s*([-+]?[\d.]+)%\s+([-+]?[\d.]+)%\s+([-+]?[\d.]+)%\s*\](.*)$/;
const VERDICT = /^\s+(Performance has (improved|regressed)\.|No change in performance detected\.|Change within noise threshold\.)\s*$/;
const OUTLIERS = /^\s*Found (\d+) outliers among (\d+) measurements \(([\d.]+)%\)\s*$/;
const OUTLIER_KIND = /^\s+(\d+) \(([\d.]+)%\) (low|high) (mild|severe)\s*$/;
const DETECT = /\btime:\s+\[\s*[\d.]+\s*(ps|ns|us|µs|μs|ms|s)\s+[\d.]+\s*\S+\s+[\d.]+\s*\S+\s*\]/;

export function detect(text) {
  return splitLines(text).some((l) => DETECT.test(stripAnsi(l)));
}

/** Three "<number> <unit>" values in brackets: the estimate, with lower and upper in its unit. */
function interval(rest, n, line, dimensions, what) {
  const m = TRIPLE.exec(rest);
  if (!m) throw new InputError(n, `${what} "[<lower> <unit> <estimate> <unit> <upper> <unit>]"`, quote(line));
  const values = [];
  for (let k = 1; k < 7; k += 2) {
    const value = toNumber(m[k]);
    if (value === undefined) throw new InputError(n, `a number in ${what}`, quote(m[k]));
    const unit = canonicalUnit(m[k + 1]);
    if (!unit || !dimensions.includes(UNITS[unit].dimension)) {
      throw new InputError(n, `a unit Criterion prints in ${what} (${dimensions.join(' or ')})`, quote(m[k + 1]));
    }
    values.push({ value, unit });
  }
  const [lower, estimate, upper] = values;
  // Criterion formats each bound on its own ("[999.12 ns 1.0012 µs 1.0034 µs]"): bounds go to the estimate's unit.
  return { value: estimate.value, unit: estimate.unit, lower: convert(lower.value, lower.unit, estimate.unit), upper: convert(upper.value, upper.unit, estimate.unit) };
}

/** The benchmark's name: before `time:`, else the line above (Criterion puts a long name alone on its line). */
function nameOf(lines, i, before) {
  if (before.trim()) return before.trim();
  const line = lines[i - 1] ?? '';
  const above = line.trim().replace(/^Benchmarking\s+/, '').replace(/:$/, '');
  if (!above || /^\s/.test(line)) throw new InputError(i + 1, 'a benchmark name before "time:" or alone on the line above', i ? quote(line) : 'the start of the file');
  return above;
}

/** A numeric last segment of a Criterion id ("group/function/4194304") is its parameter. */
function split(name) {
  const m = /^(.+)\/(\d+)$/.exec(name);
  return m ? { benchmark: m[1], conditions: { parameter: Number(m[2]) } } : { benchmark: name, conditions: {} };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text).map(stripAnsi);
  const rows = [];
  const notes = [];
  const spans = [];
  const sections = sectionsOf(lines);
  for (let i = 0; i < lines.length; i++) {
    const t = TIME.exec(lines[i]);
    if (!t) continue;
    const name = nameOf(lines, i, t[1]);
    const from = t[1].trim() ? i + 1 : i;
    const { benchmark, conditions } = split(name);
    const section = sections[i];
    const block = [];
    const time = interval(t[2], i + 1, lines[i], ['time'], 'the time interval');
    block.push(measurement({ benchmark, section, metric: 'time', statistic: 'mean', ...time, spread_kind: 'range', conditions, line: i + 1 }));
    let j = i + 1;
    const th = THRPT.exec(lines[j] ?? '');
    if (th) {
      const r = interval(th[1], j + 1, lines[j], ['rate', 'bandwidth'], 'the throughput interval');
      const metric = UNITS[r.unit].dimension === 'bandwidth' ? 'bandwidth' : 'throughput';
      block.push(measurement({ benchmark, section, metric, statistic: 'mean', ...r, spread_kind: 'range', conditions, line: j + 1 }));
      j++;
    }
    const ch = CHANGE.exec(lines[j] ?? '');
    if (ch) {
      // "change: [-5.2% -4.8% -4.5%] (p = 0.00 < 0.05)", or with a throughput "change:" then "time: [...]" and "thrpt: [...]".
      const parts = [];
      const start = j;
      const read = (s, n, label) => {
        const m = PERCENTS.exec(s.trim());
        if (!m) throw new InputError(n, 'a change "[<lower>% <estimate>% <upper>%]"', quote(lines[n - 1]));
        for (const k of [1, 2, 3]) if (toNumber(m[k]) === undefined) throw new InputError(n, 'a percentage', quote(`${m[k]}%`));
        parts.push(`${label}[${m[1]}% ${m[2]}% ${m[3]}%]${m[4].trimEnd()}`);
      };
      if (ch[1].trim()) read(ch[1], j + 1, '');
      else {
        for (const label of ['time', 'thrpt']) {
          const m = new RegExp(`^\\s+${label}:\\s*(.*)$`).exec(lines[j + 1] ?? '');
          if (!m) throw new InputError(j + 2, `the ${label} change "${label}: [<lower>% <estimate>% <upper>%]"`, j + 1 < lines.length ? quote(lines[j + 1]) : 'the end of the file (the block is cut off)');
          read(m[1], j + 2, `${label} `);
          j++;
        }
      }
      j++;
      const verdict = VERDICT.exec(lines[j] ?? '');
      if (verdict) j++;
      notes.push({ text: `${name}: change ${parts.join(', ')}${verdict ? ` ${verdict[1]}` : ''}`, line: start + 1 });
    }
    const out = OUTLIERS.exec(lines[j] ?? '');
    if (out) {
      const kinds = [];
      const start = j;
      let count = 0;
      for (j++; OUTLIER_KIND.test(lines[j] ?? ''); j++) {
        const k = OUTLIER_KIND.exec(lines[j]);
        count += Number(k[1]);
        kinds.push(`${k[1]} ${k[3]} ${k[4]}`);
      }
      if (count !== Number(out[1])) {
        throw new InputError(j + 1, `outliers by kind ("<n> (<p>%) low|high mild|severe") adding up to ${out[1]}`, j < lines.length ? quote(lines[j]) : 'the end of the file (the block is cut off)');
      }
      for (const r of block) r.runs = Number(out[2]);
      notes.push({ text: `${name}: ${out[1]} outliers among ${out[2]} measurements (${out[3]}%): ${kinds.join(', ')}`, line: start + 1 });
    }
    rows.push(...block);
    spans.push([from, j]);
    i = j - 1;
  }
  if (!rows.length) throw new InputError(0, 'Criterion output ("<name>   time:   [<lower> <estimate> <upper>]")', 'none');
  return measurementResult(rows, { tableTitle: 'Criterion benchmarks', notes, spans });
}
