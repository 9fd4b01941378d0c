// Adapter for hyperfine's Markdown export (`hyperfine --export-markdown`): the table
// "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |" with one row per command ("2.275 ±
// 0.046"), and any further columns (parameters of a scan, User, System). One or more tables pasted
// into a report, each under its heading. The unit is the one the header states.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { cleanLines, number, headingAbove, headingPath } from '../shared/read.mjs';
import { TIME, parameterName, parameterValue } from '../shared/hyperfine.mjs';

export const format = 'hyperfine-markdown';
export const description = "hyperfine's Markdown export: Command, Mean ± σ, Min, Max [unit] and Relative per command; one or more tables.";

const HEADER = /^\s*\|\s*Command\s*\|\s*Mean \[([^\]]+)\]\s*\|\s*Min \[([^\]]+)\]\s*\|\s*Max \[([^\]]+)\]\s*\|\s*Relative\s*\|(.*)$/;
const RULE = /^\s*\|(\s*:?-+:?\s*\|)+\s*$/;

export function detect(text) {
  const lines = cleanLines(text);
  return lines.some((l, i) => HEADER.test(l) && RULE.test(lines[i + 1] ?? ''));
}

/** The cells of a Markdown table row (a "|" inside backquotes, as in a command, does not split). */
function cells(line) {
  const s = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out = [];
  let cell = '';
  let code = false;
  for (let k = 0; k < s.length; k++) {
    const c = s[k];
    if (c === '`') code = !code;
    if (c === '\\' && s[k + 1] === '|') {
      cell += '|';
      k++;
    } else if (c === '|' && !code) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

const unit = (u, line) => {
  if (!Object.hasOwn(TIME, u)) throw new InputError(line, `a time unit hyperfine prints (${Object.keys(TIME).join(', ')})`, quote(u));
  return TIME[u];
};

/** "2.275 ± 0.046" or "1.00": { value, spread? } */
function withError(cell, line, what) {
  const m = /^(\d+(?:\.\d+)?)(?:\s*±\s*(\d+(?:\.\d+)?))?$/.exec(cell);
  if (!m) throw new InputError(line, `${what} such as "2.275 ± 0.046"`, quote(cell));
  return { value: number(m[1], line), ...(m[2] !== undefined ? { spread_kind: 'stdev', spread: number(m[2], line) } : {}) };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, "hyperfine's Markdown table", 'an empty file');
  const rows = [];
  const spans = [];
  for (let i = 0; i < lines.length; i++) {
    const h = HEADER.exec(lines[i]);
    if (!h) continue;
    const start = i;
    const line = i + 1;
    const units = [unit(h[1], line), unit(h[2], line), unit(h[3], line)];
    const extra = cells(`|${h[4]}`).filter(Boolean);
    const columns = 5 + extra.length;
    if (!RULE.test(lines[i + 1] ?? '')) throw new InputError(i + 2, 'the rule under the header ("|:---|---:|...")', quote(lines[i + 1] ?? ''));
    // The heading above names the table (a machine, a variant); the one it sits under, the section.
    const subject = headingAbove(lines, i - 1)?.text ?? '';
    const path = headingPath(lines, i - 1);
    const section = path.length > 1 && path.at(-1).text === subject ? path.at(-2).text : '';
    let n = 0;
    for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]); i++, n++) {
      const c = cells(lines[i]);
      const ln = i + 1;
      if (c.length !== columns) throw new InputError(ln, `${columns} cells (Command, Mean, Min, Max, Relative${extra.map((e) => `, ${e}`).join('')})`, quote(lines[i]));
      const benchmark = c[0].replace(/^`(.*)`$/, '$1');
      const conditions = {};
      extra.forEach((name, k) => {
        const v = c[5 + k];
        const time = /^(User|System) \[([^\]]+)\]$/.exec(name);
        if (time) {
          rows.push(measurement({ benchmark, subject, section, metric: `${time[1].toLowerCase()}_time`, statistic: 'mean', ...withError(v, ln, 'a time'), unit: unit(time[2], line), line: ln }));
        } else conditions[parameterName(name)] = parameterValue(v.replace(/^`(.*)`$/, '$1'));
      });
      rows.push(measurement({ benchmark, subject, section, metric: 'time', statistic: 'mean', ...withError(c[1], ln, 'a mean'), unit: units[0], conditions, line: ln }));
      rows.push(measurement({ benchmark, subject, section, metric: 'time', statistic: 'min', value: number(c[2], ln, 'a time'), unit: units[1], conditions, line: ln }));
      rows.push(measurement({ benchmark, subject, section, metric: 'time', statistic: 'max', value: number(c[3], ln, 'a time'), unit: units[2], conditions, line: ln }));
      // Relative: this command's mean over the fastest one's (1.00 for the fastest), a ratio of times.
      rows.push(measurement({ benchmark, subject, section, metric: 'relative_time', statistic: 'mean', ...withError(c[4], ln, 'a ratio'), unit: 'x', better: 'lower', conditions, line: ln }));
    }
    if (!n) throw new InputError(i + 1, 'a row "| `<command>` | <mean> ± <σ> | <min> | <max> | <relative> |"', i < lines.length ? quote(lines[i]) : 'the end of the file (the table is cut off)');
    spans.push([start + 1, i]);
    i--;
  }
  if (!rows.length) throw new InputError(0, 'a hyperfine table ("| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |")', 'none');
  return measurementResult(rows, { tableTitle: 'hyperfine benchmarks (Markdown export)', spans });
}
