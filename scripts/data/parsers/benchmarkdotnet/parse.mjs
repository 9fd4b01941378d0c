// Adapter for BenchmarkDotNet's summary: the Markdown/GitHub export (*-report-github.md) and the
// console summary, which print the same table ("| Method | Mean | Error | StdDev | Median | Allocated |",
// with or without the outer pipes), units in the cells ("1.234 ns", "12.3 μs", "1.2 KB"), a bold row
// where a parameter changes and an empty row between parameter groups. Above it, the environment
// block: "BenchmarkDotNet v0.13.12, Windows 11 (...)" (older: "BenchmarkDotNet=v0.13.3, OS=..."), the
// CPU line ("Intel Core i7 ... CPU 2.60GHz, 1 CPU, 8 logical and 4 physical cores"), ".NET SDK",
// "[Host]" and job lines, and the job settings ("Job=ShortRun  IterationCount=3").
//
// Rows: Mean (with Error, BenchmarkDotNet's half 99.9 % confidence interval, as spread ci99), StdDev,
// Median, Min, Max, Q1/Q3 and P-columns as percentiles, Op/s; Allocated as memory per operation; GC
// generation counts per 1000 operations; Ratio (Scaled before v0.11, with RatioSD, ScaledSD or
// Scaled-StdDev as its spread) as relative_time in x, the ratio of the mean to the baseline's that the
// report prints (a number, never a condition). Columns that are not statistics (Job, Runtime,
// parameters) are conditions.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, toNumber } from '../../../lib/text.mjs';
import { measurement, measurementResult, percentileStatistic } from '../../measure/model.mjs';
import { splitValueUnit, UNITS } from '../../measure/units.mjs';
import { stripAnsi } from '../shared/ansi.mjs';
import { sectionsOf } from '../shared/headings.mjs';
import { UNNAMED_MACHINE } from '../shared/machine-lines.mjs';

export const format = 'benchmarkdotnet';
export const description = 'BenchmarkDotNet summary (GitHub/Markdown export or console): environment header and the results table.';

const TITLE = /^\s*BenchmarkDotNet(?:=v|\s+v)(\d[\w.+-]*)(?:,\s*(?:OS=)?(.*?))?\s*$/;
const CPU = /^\s*(.+?),\s*(\d+)\s+CPUs?,\s*(\d+)\s+logical\s+(?:cores\s+)?and\s+(\d+)\s+physical\s+cores?\s*$/;
const SDK = /^\s*\.NET(?: Core)? SDK[= ]\s*(\S+)\s*$/;
const JOB = /^\s+(\[Host\]|[^:]+?)\s+:\s+(.+?)\s*$/;
const SETTINGS = /^\s*\w+=\S.*$/;

/** A table row split into trimmed cells (outer pipes optional). */
const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
const isSeparator = (line) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)+\|?\s*$/.test(line);
const isHeader = (line) => line.includes('|') && cells(line).includes('Method') && cells(line).some((c) => /^(Mean|Median|Min|Max|Allocated)$/.test(c));

export function detect(text) {
  const lines = splitLines(text).map(stripAnsi);
  return lines.some((l) => TITLE.test(l)) || lines.some((l, i) => isHeader(l) && isSeparator(lines[i + 1] ?? '') && cells(l).includes('Error'));
}

/** Columns that are statistics of the time of one operation. */
const TIME_COLUMNS = { Mean: 'mean', Median: 'median', Min: 'min', Max: 'max', StdDev: 'stdev', Q1: 'p25', Q3: 'p75' };
/** Columns left out: derived from other rows or not measurements of the benchmark. */
const IGNORED = /^(Error|Alloc Ratio|Rank|StdErr|Iterations|Kurtosis|Skewness|MValue|LogicalGroup|Baseline|Categories|Code Size|CI99\.9% Margin|Completed Work Items|Lock Contentions|Exceptions)$/;
/** The ratio to the baseline's mean (Scaled until v0.11) and the columns of its standard deviation. */
const RATIO = /^(Ratio|Scaled)$/;
const RATIO_SD = /^(RatioSD|ScaledSD|Scaled-StdDev)$/;
/** BenchmarkDotNet's SizeUnit is binary (1 KB = 1024 B): its sizes in this model's binary symbols. v0.10 spelt it kB. */
const BDN_SIZE = { B: 'B', kB: 'KiB', KB: 'KiB', MB: 'MiB', GB: 'GiB', TB: undefined };

const conditionName = (h) => {
  const s = h.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if (s === 'thread_count' || s === 'threads') return 'threads';
  return /^[a-z]/.test(s) ? s : `param_${s}`;
};
const unbold = (c) => c.replace(/^\*\*(.*)\*\*$/, '$1').trim();

function machineFacts(lines, from, to) {
  const facts = [];
  const software = [];
  const notes = [];
  let version = '';
  for (let i = from; i < to; i++) {
    const line = lines[i];
    const n = i + 1;
    const t = TITLE.exec(line);
    if (t) {
      version = t[1];
      software.push({ text: `BenchmarkDotNet v${t[1]}`, name: 'BenchmarkDotNet', version: t[1], line: n });
      const os = t[2]?.replace(/,\s*VM=.*$/, '').trim();
      if (os) facts.push({ field: 'os', value: os, line: n });
      continue;
    }
    const c = CPU.exec(line);
    if (c) {
      facts.push({ field: 'cpu_model', value: c[1], line: n });
      const ghz = /([\d.]+)\s*GHz/.exec(c[1]);
      if (ghz && toNumber(ghz[1]) !== undefined) facts.push({ field: 'clock_ghz', value: toNumber(ghz[1]), unit: 'GHz', line: n });
      facts.push({ field: 'sockets', value: Number(c[2]), line: n });
      facts.push({ field: 'threads', value: Number(c[3]), line: n });
      facts.push({ field: 'cores', value: Number(c[4]), line: n });
      continue;
    }
    const s = SDK.exec(line);
    if (s) {
      facts.push({ field: 'dotnet_sdk', value: s[1], line: n });
      software.push({ text: line.trim(), name: '.NET SDK', version: s[1].replace(/^=/, ''), line: n });
      continue;
    }
    const j = JOB.exec(line);
    if (j && version) {
      facts.push({ field: j[1] === '[Host]' ? 'runtime' : 'job', value: `${j[1]}: ${j[2]}`, line: n });
      continue;
    }
    if (SETTINGS.test(line) && version && !line.includes('|')) notes.push({ text: line.trim(), line: n });
  }
  return { facts, software, notes };
}

function readTable(lines, start, section) {
  const header = cells(lines[start]);
  const rows = [];
  let i = start + 2;
  for (; i < lines.length && lines[i].includes('|') && !isSeparator(lines[i]); i++) {
    const n = i + 1;
    const row = cells(lines[i]).map(unbold);
    if (row.every((c) => c === '')) continue; // the empty row between parameter groups
    if (row.length !== header.length) throw new InputError(n, `a row of ${header.length} cells (${header.join(', ')})`, quote(lines[i]));
    const benchmark = row[header.indexOf('Method')];
    if (!benchmark) throw new InputError(n, 'a Method name', quote(lines[i]));
    const conditions = {};
    const stats = [];
    let error;
    let ratioSd;
    header.forEach((h, k) => {
      const cell = row[k];
      if (h === 'Method') return;
      if (h === 'Error') {
        error = cell;
        return;
      }
      if (RATIO_SD.test(h)) {
        ratioSd = { h, cell };
        return;
      }
      if (IGNORED.test(h)) return;
      const percentile = /^P(\d{1,2}|100)$/.exec(h);
      const gc = /^Gen\s?(\d)$/.exec(h);
      if (TIME_COLUMNS[h] || percentile) stats.push({ h, kind: 'time', statistic: TIME_COLUMNS[h] ?? percentileStatistic(percentile[1]), cell });
      else if (h === 'Allocated' || h === 'Alloc') stats.push({ h, kind: 'size', cell });
      else if (gc) stats.push({ h, kind: 'gc', metric: `gc_gen${gc[1]}_collections`, cell });
      else if (h === 'Op/s') stats.push({ h, kind: 'rate', cell });
      else if (RATIO.test(h)) stats.push({ h, kind: 'ratio', cell });
      else {
        const v = toNumber(cell);
        conditions[conditionName(h)] = v === undefined ? cell : v;
      }
    });
    const timeCell = (s) => {
      const vu = splitValueUnit(s.cell);
      if (!vu || UNITS[vu.unit].dimension !== 'time') throw new InputError(n, `a time with a unit BenchmarkDotNet prints in the ${s.h} column (ns, μs, ms, s)`, quote(s.cell));
      return { value: toNumber(vu.number), unit: vu.unit };
    };
    const plain = (s) => {
      const value = toNumber(s.cell.replace(/,(?=\d{3}(\D|$))/g, ''));
      if (value === undefined) throw new InputError(n, `a number in the ${s.h} column`, quote(s.cell));
      return value;
    };
    const absent = (c) => c === '' || c === '-' || c === 'NA' || c === '?' || c === 'N/A';
    for (const s of stats) {
      if (absent(s.cell)) continue;
      const base = { benchmark, section, conditions, line: n };
      if (s.kind === 'time') {
        const { value, unit } = timeCell(s);
        let spread = {};
        if (s.statistic === 'mean' && error !== undefined && !absent(error)) {
          const e = timeCell({ h: 'Error', cell: error });
          if (e.unit !== unit) throw new InputError(n, `an Error in the unit of the Mean (${unit})`, quote(error));
          spread = { spread_kind: 'ci99', spread: e.value };
        }
        rows.push(measurement({ ...base, metric: 'time', statistic: s.statistic, value, unit, ...spread }));
      } else if (s.kind === 'size') {
        const m = /^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*([kKMGT]?B)$/.exec(s.cell);
        const unit = m && BDN_SIZE[m[2]];
        if (!unit) throw new InputError(n, `a size with a unit BenchmarkDotNet prints in the ${s.h} column (B, KB, MB, GB)`, quote(s.cell));
        rows.push(measurement({ ...base, metric: 'memory', statistic: 'value', value: toNumber(m[1].replace(/,/g, '')), unit }));
      } else if (s.kind === 'ratio') {
        // RatioStyle.Trend's "baseline" and "1.23x faster" are words about the ratio, not the ratio: no row.
        if (s.cell === 'baseline' || /^[\d.,]+x (faster|slower)$/.test(s.cell)) continue;
        const value = plain(s);
        const sd = ratioSd && !absent(ratioSd.cell) ? { spread_kind: 'stdev', spread: plain(ratioSd) } : {};
        rows.push(measurement({ ...base, metric: 'relative_time', statistic: 'mean', value, unit: 'x', better: 'lower', ...sd }));
      } else {
        const value = plain(s);
        if (s.kind === 'gc') rows.push(measurement({ ...base, metric: s.metric, statistic: 'value', value, unit: 'count' }));
        else rows.push(measurement({ ...base, metric: 'throughput', statistic: 'mean', value, unit: 'ops/s' }));
      }
    }
  }
  return { rows, end: i };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text).map(stripAnsi);
  const sections = sectionsOf(lines);
  const rows = [];
  const spans = [];
  const facts = [];
  const software = [];
  const notes = [];
  let headerFrom = -1;
  for (let i = 0; i < lines.length; i++) {
    if (TITLE.test(lines[i]) && headerFrom < 0) headerFrom = i;
    if (!isHeader(lines[i])) continue;
    if (!isSeparator(lines[i + 1] ?? '')) {
      throw new InputError(i + 2, 'the separator row under the table header (|---|---:|)', i + 1 < lines.length ? quote(lines[i + 1]) : 'the end of the file (the table is cut off)');
    }
    const from = headerFrom >= 0 ? headerFrom : i;
    const env = machineFacts(lines, from, i);
    facts.push(...env.facts);
    software.push(...env.software);
    notes.push(...env.notes);
    const t = readTable(lines, i, sections[i]);
    if (!t.rows.length) throw new InputError(i + 3, 'a row of results under the header', t.end < lines.length ? quote(lines[t.end]) : 'the end of the file (the table is cut off)');
    for (const r of t.rows) rows.push(r);
    spans.push([from + 1, t.end]);
    headerFrom = -1;
    i = t.end - 1;
  }
  if (headerFrom >= 0) throw new InputError(headerFrom + 1, 'a results table ("| Method | ... | Mean | ...") after the BenchmarkDotNet header', 'the end of the file (the summary is cut off)');
  if (!rows.length) throw new InputError(0, 'a BenchmarkDotNet summary', 'none');
  return measurementResult(rows, {
    tableTitle: 'BenchmarkDotNet summary',
    machines: facts.length ? { system: { label: UNNAMED_MACHINE, facts } } : {},
    software,
    notes,
    spans,
  });
}
