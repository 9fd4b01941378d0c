// Adapter for Rust's built-in bench harness (libtest, `cargo +nightly bench` with #[bench], and
// Criterion's `--output-format bencher`): "test <name> ... bench: <median> ns/iter (+/- <spread>)",
// with " = <rate> MB/s" when the bench set `b.bytes`. Older Rust prints whole nanoseconds
// ("4,509,915"), newer ones two decimals ("199,036.20"). "running N tests" and "test result: ...
// N measured" around the lines are read too: a result that counts other than the lines above it is
// an error (a block cut short). Text around the output is allowed; ANSI colours are stripped. A line
// copied into a README with its number in Markdown emphasis ("bench: __866,888 ns__/iter", brotli-rs)
// is read as its plain text (read/outline.mjs plainText).
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { canonicalUnit, UNITS } from '../../measure/units.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { sectionsOf } from '../shared/headings.mjs';
import { plainText } from '../../read/outline.mjs';

export const format = 'rust-libtest-bench';
export const description = "Rust libtest bench output (cargo bench, #[bench]): median ns/iter with its +/- spread, optional MB/s.";

const BENCH = /^\s*test\s+(\S.*?)\s+\.\.\.\s+bench:\s*(.*?)\s*$/;
const VALUE = /^(\S+)\s+(\S+?)\/iter\s+\(\+\/-\s+(\S+)\)(?:\s+=\s+(\S+)\s+(\S+))?$/;
const RUNNING = /^\s*running (\d+) tests?\s*$/;
const RESULT = /^\s*test result: \w+\. \d+ passed; \d+ failed; \d+ ignored; (\d+) measured\b/;

export function detect(text) {
  return splitLines(text).some((l) => /^\s*test\s+\S.*\s\.\.\.\s+bench:\s+[\d,.]+\s+(ns|us|µs|μs|ms|s)\/iter\b/.test(benchLine(stripAnsi(l))));
}

/** A bench line's figures without the Markdown emphasis a README may put on them ("__866,888 ns__/iter"). */
const benchLine = (line) => line.replace(/(bench:\s*)(.*)$/, (all, head, rest) => (/\*\*|__/.test(rest) ? head + plainText(rest) : all));

/** A number as libtest prints it: thousands grouped with commas, two decimals in newer Rust. */
function number(token, n, line, what) {
  const plain = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(token ?? '') ? token.replace(/,/g, '') : undefined;
  const value = toNumber(plain);
  if (value === undefined) throw new InputError(n, what, quote(token ?? line));
  return value;
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text).map((l) => benchLine(stripAnsi(l)));
  const sections = sectionsOf(lines);
  const rows = [];
  const claimed = [];
  let counted = 0; // bench lines since the last "running N tests"
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    if (RUNNING.test(lines[i])) {
      counted = 0;
      continue;
    }
    const result = RESULT.exec(lines[i]);
    if (result && (counted || Number(result[1]))) {
      if (Number(result[1]) !== counted) {
        throw new InputError(n, `a result of ${counted} measured (the bench lines above it)`, quote(lines[i]));
      }
      claimed.push(n);
      continue;
    }
    const b = BENCH.exec(lines[i]);
    if (!b) continue;
    const v = VALUE.exec(b[2]);
    if (!v) throw new InputError(n, '"bench: <n> ns/iter (+/- <n>)", optionally " = <n> MB/s"', quote(lines[i]));
    // libtest prints ns/iter; harnesses that copy its format print other time units (Bencher reads them too).
    const unit = canonicalUnit(v[2]);
    if (!unit || UNITS[unit].dimension !== 'time') throw new InputError(n, 'a time per iteration (ns/iter, or us, ms, s)', quote(`${v[2]}/iter`));
    const base = { benchmark: b[1], section: sections[i], line: n };
    rows.push(
      measurement({
        ...base,
        metric: 'time',
        statistic: 'median',
        value: number(v[1], n, lines[i], `a number of ${v[2]}/iter`),
        unit,
        spread_kind: 'error',
        spread: number(v[3], n, lines[i], 'a number after "+/-"'),
      }),
    );
    if (v[4] !== undefined) {
      if (v[5] !== 'MB/s') throw new InputError(n, 'a rate in MB/s (libtest prints no other unit)', quote(v[5]));
      rows.push(measurement({ ...base, metric: 'bandwidth', statistic: 'median', value: number(v[4], n, lines[i], 'a number of MB/s'), unit: 'MB/s' }));
    }
    counted++;
    claimed.push(n);
  }
  if (!rows.length) throw new InputError(0, 'libtest bench output ("test <name> ... bench: <n> ns/iter (+/- <n>)")', 'none');
  // Each claimed line, with the "running N tests" line just above a group; adjacent lines make one span.
  const spans = [];
  for (const n of claimed) {
    const from = RUNNING.test(lines[n - 2] ?? '') ? n - 1 : n;
    const last = spans[spans.length - 1];
    if (last && from <= last[1] + 2 && lines.slice(last[1], from - 1).every((l) => !l.trim())) last[1] = n;
    else spans.push([from, n]);
  }
  return measurementResult(rows, { tableTitle: 'Rust libtest benchmarks', spans });
}
