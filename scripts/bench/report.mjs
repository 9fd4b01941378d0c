// The benchmark's figures as text: the budgets (a table of name, limit and how a value is read),
// medians, and the plain-text tables that bench.mjs prints. Pure: figures in, text out.

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export const round = (v, digits = 0) => (v == null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/**
 * The budgets. Each: id, what it is, the unit, `at most` or `at least`, and the limit. A budget is
 * printed next to its figure and marked met or missed with the margin; it never fails the run.
 */
export const BUDGETS = [
  {
    id: 'report_first_visit_gzip',
    title: 'Report page, first visit before interaction (heaviest report, gzip)',
    unit: 'KB',
    op: '<=',
    limit: 100,
  },
  {
    id: 'lighthouse_performance',
    title: 'Lighthouse mobile performance (lowest of the pages)',
    unit: '',
    op: '>=',
    limit: 95,
  },
  { id: 'lighthouse_accessibility', title: 'Lighthouse accessibility (lowest)', unit: '', op: '>=', limit: 100 },
  { id: 'lighthouse_best_practices', title: 'Lighthouse best practices (lowest)', unit: '', op: '>=', limit: 100 },
  { id: 'lighthouse_seo', title: 'Lighthouse SEO (lowest)', unit: '', op: '>=', limit: 100 },
  { id: 'lighthouse_cls', title: 'Cumulative layout shift (highest of the pages)', unit: '', op: '<=', limit: 0 },
  { id: 'build_cold', title: 'Real site, cold build (median)', unit: 's', op: '<=', limit: 5 },
  { id: 'build_touch', title: 'Real site, rebuild after touching one seed (median)', unit: 's', op: '<=', limit: 2 },
  // Issue 26: a fresh clone, or a change to a chart builder, rebuilds 1,000 reports in 2 minutes on
  // 2 cores; a contributor who adds one report to them waits 20 s for every page that mentions it.
  {
    id: 'scale_1000_cold',
    title: '1,000 synthetic reports, cold build (2 cores)',
    unit: 's',
    op: '<=',
    limit: 120,
  },
  {
    id: 'scale_1000_add_one',
    title: '1,000 synthetic reports: one report added, cold-process rebuild with warm caches',
    unit: 's',
    op: '<=',
    limit: 60,
  },
  // Issue 42: in `npm start`, a contributor who adds one report sees its page within 20 s of add-report.
  {
    id: 'scale_1000_live_add_one',
    title: '1,000 synthetic reports: one report added, served by npm start after add-report returns',
    unit: 's',
    op: '<=',
    limit: 20,
  },
  // Issue 33: the publish build in N shards (one machine each) and the build that assembles them;
  // issue 42 set them at 60 s and 45 s (and the cold-process rebuild after one report at 60 s).
  {
    id: 'scale_1000_shard_slowest',
    title: '1,000 synthetic reports: slowest of the chart shards (--shard i/N)',
    unit: 's',
    op: '<=',
    limit: 60,
  },
  {
    id: 'scale_1000_assembly',
    title: "1,000 synthetic reports: assembly build from the shards' caches",
    unit: 's',
    op: '<=',
    limit: 45,
  },
  {
    id: 'scale_growth',
    title: 'Growth of build time from 100 to 1,000 reports (linear = 10)',
    unit: 'x',
    op: '<=',
    limit: 11,
  },
  // Judged at the largest corpus built (1,000 reports in a full run): Hugo's start-up (bundling the
  // Vega runtime, the stylesheet) is spread over that many pages, as it is on a site that size.
  {
    id: 'hugo_ms_per_page',
    title: 'Hugo, time per page at the largest synthetic corpus',
    unit: 'ms',
    op: '<=',
    limit: 2,
  },
  {
    id: 'rows_100k',
    title: 'One report of 100,000 rows: add-report, data, check, build',
    unit: 's',
    op: '<=',
    limit: 30,
  },
  {
    id: 'rows_100k_peak',
    title: 'One report of 100,000 rows: peak memory of any step',
    unit: 'MB',
    op: '<=',
    limit: 700,
  },
  {
    id: 'rows_growth_time',
    title: 'Growth of that time from 10,000 to 100,000 rows (linear = 10)',
    unit: 'x',
    op: '<=',
    limit: 11,
  },
  {
    id: 'rows_growth_memory',
    title: 'Growth of peak memory from 10,000 to 100,000 rows (linear = 10)',
    unit: 'x',
    op: '<=',
    limit: 11,
  },
  // Issue 32: a contributor adds one real result file to the present atlas in at most 5 s.
  {
    id: 'add_report_one_file',
    title: 'add-report, one real file on the present atlas (slowest of the files)',
    unit: 's',
    op: '<=',
    limit: 5,
  },
];

/**
 * The figures of issue 33's budget table, in its order: what a contributor and a publisher wait for.
 * Printed first, side by side, with the machine's core count, and each failing one named.
 */
export const TABLE = [
  'scale_1000_live_add_one',
  'scale_1000_add_one',
  'scale_1000_cold',
  'scale_1000_shard_slowest',
  'scale_1000_assembly',
  'rows_100k',
  'rows_100k_peak',
  'build_cold',
  'lighthouse_performance',
];

/**
 * The lines that say which budgets of `ids` fail, on how many cores: "" when none was measured.
 * @param {ReturnType<typeof judge>} judged
 * @param {string[]} ids
 * @param {number} cores
 */
export function failing(judged, ids, cores) {
  const measured = ids.map((id) => judged.find((b) => b.id === id)).filter(Boolean);
  if (!measured.length) return '';
  const missed = measured.filter((b) => !b.met);
  if (!missed.length) return `None of the ${measured.length} measured budgets fails on ${cores} cores.`;
  return [
    `${missed.length} of ${measured.length} measured budgets fail on ${cores} cores:`,
    ...missed.map(
      (b) => `  FAIL ${b.title}: ${fmt(b.value, 3)}${b.unit ? ` ${b.unit}` : ''} (budget ${b.op} ${b.limit})`,
    ),
  ].join('\n');
}

/**
 * Judge the measured values against the budgets. Values that were not measured are left out.
 * A value given as { value, at_least: true } is a lower bound (a build stopped at its time limit).
 * @param {Record<string, number | { value: number, at_least: boolean } | null | undefined>} values by budget id
 */
export function judge(values) {
  const out = [];
  for (const b of BUDGETS) {
    const given = values[b.id];
    if (given == null) continue;
    const value = typeof given === 'number' ? given : given.value;
    const atLeast = typeof given === 'object' && Boolean(given.at_least);
    const margin = b.op === '<=' ? b.limit - value : value - b.limit;
    out.push({
      id: b.id,
      title: b.title,
      op: b.op,
      limit: b.limit,
      value: round(value, 3),
      ...(atLeast ? { at_least: true } : {}),
      unit: b.unit,
      met: margin >= 0,
      margin: round(Math.abs(margin), 3),
    });
  }
  return out;
}

/** A budget as one phrase: "met (2.1 s to spare)" or "MISSED by 0.4 s". */
export function verdict(b) {
  const m = `${fmt(b.margin, 3)}${b.unit ? ` ${b.unit}` : ''}`;
  return b.met ? `met (${m} to spare)` : `MISSED by ${b.at_least ? 'at least ' : ''}${m}`;
}

/** Numbers as people read them: thousands separated, at most the given decimals. */
export function fmt(v, digits = 2) {
  if (v == null) return '-';
  if (typeof v !== 'number') return String(v);
  return v.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export const kb = (bytes) => (bytes == null ? '-' : fmt(bytes / 1024, 1));
export const sec = (ms) => (ms == null ? '-' : fmt(ms / 1000, 2));

/**
 * A plain-text table: the first row is the header; numbers align right, text left.
 * @param {Array<Array<string | number | null>>} rows
 */
export function table(rows) {
  const cells = rows.map((r) => r.map((c) => (c == null ? '-' : String(c))));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const right = cells[0].map((_, i) =>
    cells.slice(1).every((r) => /^[-+~>]?[\d,.]+( ?(%|x|s|KB))?$|^-$/.test(r[i] ?? '')),
  );
  const line = (r) =>
    r
      .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** A run is the record (bench/results/latest.json) only if its 1-minute load at the start was below this. */
export const QUIET_LOAD = 1.5;

/**
 * Where a run's figures are written, in bench/results/ (unless `out` names a file), and why not
 * latest.json when a full run may not be the record: its 1-minute load at the start was QUIET_LOAD
 * or more, so other work shared the machine and its times are not the site's.
 * @param {{ out?: string, full: boolean, load: number }} run load: the 1-minute load average at the start
 * @returns {{ file: string, reason: string | null }}
 */
export function resultsFile({ out, full, load }) {
  if (out) return { file: out, reason: null };
  if (!full) return { file: 'partial.json', reason: null };
  if (load < QUIET_LOAD) return { file: 'latest.json', reason: null };
  return {
    file: 'loaded.json',
    reason: `the 1-minute load average was ${load} at the start (latest.json takes only a run that starts below ${QUIET_LOAD}, with nothing else on the machine)`,
  };
}
