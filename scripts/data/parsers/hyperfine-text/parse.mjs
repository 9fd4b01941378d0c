// Adapter for hyperfine's terminal output (sharkdp/hyperfine): per command "Benchmark 1: <cmd>"
// (older: "Benchmark #1: <cmd>", or none when one command was run), "Time (mean ± σ): 1.234 s ±
// 0.012 s [User: ..., System: ...]" (one run: "Time (abs ≡):"), "Range (min … max): ... <n> runs",
// warnings, and the "Summary" of how many times faster the fastest command ran than each other one.
// Every number is a measurement at its line, the command is the benchmark; values keep their units.
import { InputError, quote } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { cleanLines, number, withUnit, headingAbove } from '../shared/read.mjs';
import { TIME, RELATIVE } from '../shared/hyperfine.mjs';

export const format = 'hyperfine-text';
export const description = "hyperfine's terminal output: time mean ± σ, user and system, range and runs per command, and the Summary's speed-ups.";

const HEADER = /^\s*Benchmark #?(\d+): (.+?)\s*$/;
const TIME_LINE = /^\s*Time \((mean ± σ|abs ≡)\):\s+(\S+)\s+(\S+)(?:\s+±\s+(\S+)\s+(\S+))?\s+\[User: (\S+)\s+(\S+), System: (\S+)\s+(\S+)\]\s*$/;
const RANGE = /^\s*Range \(min … max\):\s+(\S+)\s+(\S+)\s+…\s+(\S+)\s+(\S+)\s+(\d+) runs\s*$/;
const WARNING = /^\s*Warning: /;
const SUMMARY = /^\s*Summary\s*$/;
const RAN = /^\s*(.+?) ran(?:\s+(.*))?$/;
const RATIO = /^\s*(\d+(?:\.\d+)?)(?:\s+±\s+(\d+(?:\.\d+)?))?\s+times (faster|slower) than (.+?)\s*$/;
const COMMAND = /(?:^|[\s$>❯])hyperfine\s+(.*?)\s*$/;

export function detect(text) {
  const lines = cleanLines(text);
  return lines.some((l, i) => TIME_LINE.test(l) && RANGE.test(lines[i + 1] ?? ''));
}

const unquote = (s) => s.trim().replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
const time = (n, u, line) => withUnit(`${n}${u}`, TIME, line, 'a time');

/** The commands of "hyperfine [options] 'cmd a' 'cmd b'", for runs that print no "Benchmark" header. */
function commandsOf(text) {
  const out = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  const words = [];
  for (let m; (m = re.exec(text)); ) words.push({ word: m[1] ?? m[2] ?? m[3], quoted: m[3] === undefined });
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (!w.quoted && /^-/.test(w.word)) {
      if (/^(-[wrmMpcsnuLPS]|--(warmup|runs|min-runs|max-runs|prepare|cleanup|setup|style|command-name|time-unit|parameter-scan|parameter-list|parameter-step-size|shell|export-\w+|sort|output|input|reference))$/.test(w.word)) k++;
      if (/^(-L|--parameter-list|-P|--parameter-scan)$/.test(w.word)) k++;
      continue;
    }
    out.push(w.word);
  }
  return out;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'hyperfine output', 'an empty file');
  const at = (i) => lines[i] ?? '';
  const fail = (i, expected) => {
    throw new InputError(i + 1, expected, i < lines.length ? quote(at(i)) : 'the end of the file (the benchmark is cut off)');
  };
  const rows = [];
  const spans = [];
  let command;
  let unnamed = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = at(i);
    const cmd = COMMAND.exec(l);
    if (cmd && !HEADER.test(l)) {
      command = { names: commandsOf(cmd[1]), line: i + 1 };
      unnamed = 0;
      continue;
    }
    const header = HEADER.exec(l);
    if (header || TIME_LINE.test(l)) {
      const start = i;
      let name;
      if (header) {
        name = header[2];
        i++;
      } else {
        // hyperfine before 1.12 printed no header when it ran a single command.
        name = command?.names[unnamed++] ?? headingAbove(lines, i - 1)?.text ?? 'hyperfine';
      }
      const subject = headingAbove(lines, start - 1)?.text ?? '';
      const t = TIME_LINE.exec(at(i));
      if (!t) fail(i, '"Time (mean ± σ): <t> ± <σ> [User: <t>, System: <t>]"');
      const r = RANGE.exec(at(i + 1));
      if (!r) fail(i + 1, '"Range (min … max): <t> … <t> <n> runs"');
      const runs = number(r[5], i + 2);
      const tl = i + 1;
      const mean = time(t[2], t[3], tl);
      const base = { benchmark: name, subject, runs };
      if (t[4] !== undefined) {
        const sd = time(t[4], t[5], tl);
        if (sd.unit !== mean.unit) throw new InputError(tl, `σ in the unit of the mean (${t[3]})`, quote(`${t[4]} ${t[5]}`));
        rows.push(measurement({ ...base, metric: 'time', statistic: 'mean', ...mean, spread_kind: 'stdev', spread: sd.value, line: tl }));
      } else rows.push(measurement({ ...base, metric: 'time', statistic: 'value', ...mean, line: tl }));
      rows.push(measurement({ ...base, metric: 'user_time', statistic: 'mean', ...time(t[6], t[7], tl), line: tl }));
      rows.push(measurement({ ...base, metric: 'system_time', statistic: 'mean', ...time(t[8], t[9], tl), line: tl }));
      rows.push(measurement({ ...base, metric: 'time', statistic: 'min', ...time(r[1], r[2], i + 2), line: i + 2 }));
      rows.push(measurement({ ...base, metric: 'time', statistic: 'max', ...time(r[3], r[4], i + 2), line: i + 2 }));
      i += 2;
      let j = i;
      while (j < lines.length && (isBlank(at(j)) || WARNING.test(at(j)))) j++;
      const end = WARNING.test(at(i)) || WARNING.test(at(i + 1)) ? j : i;
      if (command && start > 0 && command.line >= (spans.at(-1)?.[1] ?? 0) && !spans.some(([a]) => a === command.line)) spans.push([command.line, command.line]);
      spans.push([start + 1, end]);
      i = end - 1;
      continue;
    }
    if (SUMMARY.test(l)) {
      const start = i;
      let fastest;
      for (i++; i < lines.length; i++) {
        const ran = RAN.exec(at(i));
        const ratio = RATIO.exec(at(i)) ?? (ran?.[2] ? RATIO.exec(ran[2]) : null);
        if (ran && !RATIO.test(at(i))) fastest = unquote(ran[1]);
        if (ratio) {
          if (!fastest) fail(i, '"<command> ran" above the speed-ups');
          const { metric, better } = RELATIVE[ratio[3]];
          rows.push(
            measurement({
              benchmark: fastest,
              subject: headingAbove(lines, start - 1)?.text ?? '',
              metric,
              statistic: 'mean',
              value: number(ratio[1], i + 1),
              unit: 'x',
              better,
              ...(ratio[2] !== undefined ? { spread_kind: 'stdev', spread: number(ratio[2], i + 1) } : {}),
              conditions: { baseline: unquote(ratio[4]) },
              line: i + 1,
            }),
          );
        }
        if (!ran && !ratio) break;
      }
      if (!rows.some((r) => r.line > start + 1 && r.line <= i)) fail(i, '"<command> ran" and "<x> ± <σ> times faster than <command>"');
      spans.push([start + 1, i]);
      i--;
    }
  }
  if (!rows.length) throw new InputError(0, 'a hyperfine benchmark ("Time (mean ± σ): ...")', 'none');
  return measurementResult(rows, { tableTitle: 'hyperfine benchmarks', spans });
}
