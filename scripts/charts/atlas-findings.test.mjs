// The findings test: every generated sentence of the atlas (subject charts, subject figures,
// comparison notes) and the report findings that issue 31's truth audit found false or misleading,
// recomputed from data/ alone. Each case names the sentence it guards; each failed before its fix.
// The subject charts give a structured claim (text, the rows it cites, statistic, unit): the claim
// is checked against the rows, and the text against the claim. Report findings are recomputed from
// their tables. Reads the committed data/ (no build needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { ROOT } from '../lib/paths.mjs';
import { readComparisons, readSubjects } from '../lib/atlas.mjs';
import { planCharts } from './plan.mjs';
import { planSubjectCharts } from './subjects.mjs';
import { planComparisonCharts } from './comparisons.mjs';
import { num } from './shared/format.mjs';

// # Load inputs.
const DATA = path.join(ROOT, 'data');
const readJson = (p) => JSON.parse(fs.readFileSync(path.join(DATA, p), 'utf8'));
const reports = fs
  .readdirSync(path.join(DATA, 'reports'))
  .sort()
  .map((f) => readJson(`reports/${f}`));
const bySlug = new Map(reports.map((r) => [r.slug, r]));
const csvTexts = Object.fromEntries(
  reports.flatMap((r) => r.tables.map((t) => [t.path, fs.readFileSync(path.join(DATA, t.path), 'utf8')])),
);
/** Rows of data/tables/<slug>/<table>.csv, numbers as numbers. */
const rows = (slug, table) =>
  parseCsv(csvTexts[`tables/${slug}/${table}.csv`], { columns: true, skip_empty_lines: true, cast: true });
const subjects = readSubjects(path.join(ROOT, 'data'));
const comparisons = readComparisons(path.join(ROOT, 'data'));
const platforms = readJson('platforms.json');
const subjectCharts = planSubjectCharts({ subjects }, platforms).index;
const reportCharts = planCharts(reports, csvTexts).index.charts;
const finding = (id) => {
  const c = reportCharts[id];
  assert.ok(c, `chart ${id} is planned`);
  return c.finding;
};
const subject = (id) => subjects.find((s) => s.id === id);

test('subject figures: "the highest of N rows" counts only the rows within the error budget the choice was made among (ibrowse, mint, Mojito)', () => {
  for (const id of ['ibrowse', 'mint', 'mojito']) {
    for (const r of subject(id).reports) {
      for (const f of r.figures) {
        if (!/ with /.test(f.rule)) continue;
        const all = rows(r.report, f.table).filter(
          (x) => x.client.toLowerCase() === subject(id).name.toLowerCase() && (!f.group.run || x.run === f.group.run),
        );
        const within = all.filter((x) => typeof x.error_pct === 'number' && x.error_pct <= 1);
        assert.equal(f.candidates, all.length, `${id} ${r.report} ${f.group.run}: rows in all`);
        assert.equal(f.qualified, within.length, `${id} ${r.report} ${f.group.run}: rows within the budget`);
        if (f.value !== null) assert.equal(f.value, Math.max(...within.map((x) => x.requests_per_second)));
      }
    }
  }
});

test('httpc_bench on EC2: the fastest client within 1 % errors at 16,384 processes is given at its own pool setup (57,690, not 56,690)', () => {
  const slug = 'httpc-bench-mojito-ec2-m5-4xlarge';
  const run = rows(slug, 'client-rate').filter((x) => x.run === '2019-05-15');
  const top = Math.max(...run.map((x) => x.concurrency));
  const best = run
    .filter((x) => x.concurrency === top && x.error_pct <= 1)
    .reduce((a, b) => (b.requests_per_second > a.requests_per_second ? b : a));
  const text = finding(`${slug}--rate-by-concurrency`);
  assert.match(text, new RegExp(`was ${best.client} at ${num(best.requests_per_second)} requests/s`));
  assert.match(text, new RegExp(`${best.pool_count} x ${best.pool_size}`));
});

test('CloudI subjects: every report that measured the language is charted, 2.0.6 included, with one statistic, and the highest figure is the highest of them all', () => {
  for (const id of ['erlang', 'c', 'cloudi', 'java', 'python']) {
    const s = subject(id);
    const chart = subjectCharts[`subject--${id}`];
    const measured = s.reports.filter((r) => r.figures.some((f) => typeof f.value === 'number'));
    assert.ok(
      measured.some((r) => r.report.startsWith('cloudi-2.0.6')),
      `${id}: 2.0.6 has a figure`,
    );
    assert.deepEqual(
      [...new Set(chart.claim.cites.map((c) => c.seed))].sort(),
      [...new Set(measured.flatMap((r) => r.figures.map((f) => f.seed)))].sort(),
      `${id}: the chart cites a figure of every report`,
    );
    assert.equal(
      new Set(measured.flatMap((r) => r.figures.map((f) => f.join_statistic))).size,
      1,
      `${id}: one statistic`,
    );
    const highest = Math.max(...measured.flatMap((r) => r.figures.map((f) => f.value)));
    assert.equal(chart.claim.value, highest, `${id}: the claim's highest`);
    assert.match(
      chart.finding,
      new RegExp(`[Tt]he highest is ${num(highest)} requests/s \\((mean|as stated, read as the mean);`),
    );
    assert.match(chart.title, /best figure in each report/);
  }
  // The figures come from the rows: Erlang's 108,774 from 2.0.6's request-rate table.
  const erl = rows('cloudi-2.0.6-request-rate-language-dell-poweredge-r710', 'request-rate').find(
    (x) => x.language === 'Erlang',
  );
  assert.equal(subjectCharts['subject--erlang'].claim.value, erl.requests_per_second);
  assert.match(subjectCharts['subject--cloudi'].finding, /108,774 requests\/s/);
});

test('an "as stated" value joins another statistic only with the reason, recorded in data', () => {
  for (const s of subjects)
    for (const r of s.reports)
      for (const f of r.figures) {
        assert.ok(f.statistic, `${s.id} ${r.report}: a statistic`);
        if (f.statistic !== f.join_statistic)
          assert.match(f.statistic_reason ?? '', /\w{20}/, `${s.id} ${r.report}: why`);
      }
});

test('subjects measured by rows are never "named, not measured" (nginz, Solon)', () => {
  for (const s of subjects)
    for (const r of s.reports) {
      const m = bySlug.get(r.report).tables.find((t) => t.kind === 'measurement');
      const measuredRows = m ? rows(r.report, m.id).filter((x) => x.entity === s.id).length : 0;
      if (measuredRows) assert.equal(r.measured, true, `${s.id} in ${r.report}: ${measuredRows} rows measure it`);
    }
  assert.equal(subject('nginz').reports[0].measured, true);
  assert.equal(subject('solon').reports[0].measured, true);
});

test('comparisons: "the report states no core count" only where no stated fact names cores ("2 x 48 Xeon cores")', () => {
  for (const c of comparisons)
    for (const col of c.columns) {
      const rep = bySlug.get(col.report);
      const facts = Object.values(rep.machines ?? {}).flatMap((m) => m.facts);
      const said = facts.some((f) => typeof f.value === 'string' && /\bcores?\b/i.test(f.value));
      const hasPerCore = c.rows.some((r) => r.values.some((v) => v.column === col.key && v.per_core));
      if (hasPerCore) continue;
      assert.ok(col.no_per_core, `${c.id} ${col.key}: a reason`);
      if (said) assert.doesNotMatch(col.no_per_core, /states no core count/, `${c.id} ${col.key}`);
    }
});

test("wrk latency: each run's tail is set against that run's own median, not another run's (Solon)", () => {
  const slug = 'solon-jetty-hello-world-app-wrk-five-runs';
  const dist = rows(slug, 'latency-distribution');
  const top = Math.max(...dist.map((x) => x.percentile));
  const ratios = [...new Set(dist.map((x) => x.run))].map((run) => {
    const at = (p) => dist.find((x) => x.run === run && x.percentile === p).latency_us;
    return at(top) / at(50);
  });
  // The measurement model's percentile chart of the report (wrk's latency distribution, projected).
  const id = Object.keys(reportCharts).find((k) => k.startsWith(`${slug}--latency-percentiles-`));
  const text = finding(id);
  const [lo, hi] = [Math.min(...ratios), Math.max(...ratios)];
  const t = (x) => (x >= 10 ? `${Math.round(x)}x` : `${num(x, 1)}x`);
  assert.match(text, new RegExp(`is ${t(lo)} \\(run \\d+\\) to ${t(hi)} \\(run \\d+\\) its own median`));
  assert.doesNotMatch(text, /or more their median/);
});

test('CloudI 2.0.6 latency: tails taken at loads that differ are not set as a ratio, and both loads are named', () => {
  const slug = 'cloudi-2.0.6-request-rate-language-dell-poweredge-r710';
  const text = finding(`${slug}--latency-distribution`);
  const rate = rows(slug, 'request-rate');
  const rates = [...text.matchAll(/at ([\d,.]+) requests\/s/g)].map((m) => Number(m[1].replaceAll(',', '')));
  assert.equal(rates.length, 2, text);
  for (const r of rates)
    assert.ok(
      rate.some((x) => x.requests_per_second === r),
      `${r} is a stated rate`,
    );
  if (Math.max(...rates) / Math.min(...rates) > 1.1) assert.doesNotMatch(text, /x longer/);
});

test('CloudI 1.5.1 and 1.5.4: "lazy_closest beat immediate_closest in n of m setups" names duo_mode on, and the counts hold under it', () => {
  for (const [slug, n, m] of [
    ['cloudi-1.5.1-power8', 8, 18],
    ['cloudi-1.5.4-core-i7', 5, 9],
  ]) {
    const all = rows(slug, 'request-rate').filter((x) => String(x.queue_service) !== 'true');
    const count = (duo) => {
      const key = (x) => [x.language, x.variant, x.receiver_kind, x.senders, x.receivers, x.duo_mode].join('|');
      const on = all.filter((x) => duo === null || String(x.duo_mode) === String(duo));
      const groups = new Map();
      for (const x of on) (groups.get(key(x)) ?? groups.set(key(x), []).get(key(x))).push(x);
      const both = [...groups.values()].filter(
        (g) =>
          g.some((x) => x.dest_refresh_method === 'lazy_closest') &&
          g.some((x) => x.dest_refresh_method !== 'lazy_closest'),
      );
      const best = (g, lazy) =>
        Math.max(
          ...g.filter((x) => (x.dest_refresh_method === 'lazy_closest') === lazy).map((x) => x.requests_per_second),
        );
      return [both.filter((g) => best(g, true) > best(g, false)).length, both.length];
    };
    assert.deepEqual(count(true), [n, m], `${slug}: with duo_mode on`);
    assert.notDeepEqual(
      count(null),
      [n, m],
      `${slug}: over all setups the count differs, so the condition must be named`,
    );
    assert.match(
      finding(`${slug}--max-rate-by-configuration`),
      new RegExp(`with duo_mode on[^;]*, lazy_closest beat immediate_closest in ${n} of the ${m} setups`),
    );
  }
});

test('subject charts: a "from ... to" and a line join only figures of the same machine, conditions and statistic (C, Java, Python)', () => {
  for (const [id, c] of Object.entries(subjectCharts)) {
    const chart = planSubjectCharts({ subjects: [subject(id.replace(/^subject--/, ''))] }, platforms).charts[0];
    for (const like of c.claim.cites.length ? chart.claim.lines : []) {
      const joined = chart.rows.filter((r) => r.like === like);
      assert.equal(new Set(joined.map((r) => r.platform)).size, 1, `${id}: one machine per line`);
      assert.equal(new Set(joined.map((r) => r.conditions)).size, 1, `${id}: one setup per line`);
    }
    const from = /from ([\d,]+) .*? to ([\d,]+) /i.exec(c.finding);
    if (from) {
      assert.equal(chart.claim.lines.length, 1, `${id}: "from ... to" only along one line`);
      const joined = chart.rows.filter((r) => r.like === chart.claim.lines[0]);
      assert.equal(from[1], num(joined[0].value));
      assert.equal(from[2], num(joined.at(-1).value));
    }
    // Figures of several measures (Darner's, Kestrel's) are ranked by no sentence (claims.mjs subject-best).
    if (new Set(chart.rows.map((r) => r.series)).size > 1) {
      assert.equal(c.finding, '', `${id}: no highest over several measures`);
      continue;
    }
    // The text names the statistic and unit of its claim, and its number is among the cited rows.
    assert.ok(c.finding.includes(c.claim.unit), `${id}: unit`);
    assert.match(c.finding, /\((mean|as stated|median|max|min|p\d+)/, `${id}: statistic`);
    assert.ok(
      c.claim.cites.some((x) => x.value === c.claim.value),
      `${id}: the highest is a cited row`,
    );
  }
  for (const id of ['c', 'java', 'python']) assert.doesNotMatch(subjectCharts[`subject--${id}`].finding, /^From /);
});

test('subject charts run in date order, an undated run of a report before the run named by its date (hackney)', () => {
  for (const s of subjects) {
    const chart = planSubjectCharts({ subjects: [s] }, platforms).charts[0];
    if (!chart) continue;
    const dates = chart.rows.map((r) => r.date);
    assert.deepEqual(dates, [...dates].sort(), `${s.id}: by date`);
  }
  const hackney = planSubjectCharts({ subjects: [subject('hackney')] }, platforms).charts[0];
  assert.deepEqual(
    hackney.rows.map((r) => r.column),
    ['2017', '2019-05-15 (original)', '2019-05-15'],
  );
});

test('comparison charts: a ratio across different machines says so and names both, and every finding names its statistic', () => {
  const { index } = planComparisonCharts({ comparisons });
  for (const c of comparisons) {
    const entry = index[c.id];
    if (!entry) continue;
    assert.match(entry.finding, /value \((as stated|mean|median|min|max|p\d+)\) is/, c.id);
    const ratios = c.rows.some((r) => r.values.some((v) => typeof v.ratio_to_base === 'number'));
    if (ratios && !c.what_differs.hardware_same) {
      assert.match(entry.finding, /across different machines \(/, c.id);
      for (const p of c.what_differs.platforms.values)
        if (p.name) assert.ok(entry.finding.includes(p.name), `${c.id}: ${p.name}`);
    }
  }
  assert.ok(Object.keys(index).length > 0);
});
