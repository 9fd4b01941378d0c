// CLI behind `npm run bench`: how long the build takes and how heavy the pages are, printed as
// tables next to their budgets and written as JSON to bench/results/ (see bench/README.md).
//  - machine: cores, CPU, memory, Node, Hugo, load average, date;
//  - build: the real site in a temporary copy, cold / warm / after touching one seed / after
//    editing one value of it; each stage's time, the median of --runs runs;
//  - scale: synthetic corpora (--sizes) made from the real seeds, each built cold in a copy;
//  - rows: one synthetic report of N rows (--rows) through add-report, data, check and a cold build;
//  - add: add-report of one real result file (tests/fixtures/corpus) on the present atlas, file by file;
//  - weight: bytes of a first visit per kind of page, before and after scrolling (Playwright);
//  - lighthouse: mobile scores, LCP, CLS and TBT for home, the heaviest report, the largest platform
//    and seed pages, and an embed page.
// The repository's own data/, build/, public/ and caches are never touched. Budgets are marked
// met or missed; the run does not fail on them. Timings are measured here, never asserted in tests.
// Usage: node scripts/bench/bench.mjs [--only build,scale,rows,add,weight,lighthouse] [--quick] [--runs N]
//          [--sizes 10,100,1000] [--rows 1000,10000,100000] [--limit SECONDS] [--public DIR] [--viewport 1280x800]
//          [--out FILE] [--tmp DIR] [--keep] [--raw] [--seed N] [--shards N]
//  - shards (in scale): each corpus's publish build as N shards (build.mjs --publish --shard i/N),
//    each in a fresh copy as on a machine of its own, one after another, then the assembly build
//    from their caches put together (--shards 0: not measured; default 4).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { argError, cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { readInputs } from '../data/inputs.mjs';
import { serve } from '../serve.mjs';
import {
  copySite,
  removeSite,
  stopAll,
  clean,
  build,
  validate,
  csvclean,
  census,
  busiestSeed,
  hugoVersion,
  measure,
  liveAddOne,
} from './workspace.mjs';
import { walk } from '../lib/fs.mjs';
import { NO_BROWSER, chromePath } from '../lib/tools.mjs';
import { chromium } from '@playwright/test';
import { addedReport, synthesize, synthesizeBigReport, writeCorpus, writeReport, editOneValue } from './corpus.mjs';
import { measureSite, findPages, TYPES } from './weight.mjs';
import { gzipProxy } from './gzip-proxy.mjs';
import { isNoindex, runLighthouse, lighthouseVersion, stopLighthouse } from './lighthouse.mjs';
import { BUDGETS, TABLE, failing, median, round, judge, verdict, fmt, kb, sec, table, resultsFile } from './report.mjs';
import { CORPUS, addReportArgs, corpusFiles, goldenOf } from './real-files.mjs';

const PARTS = ['build', 'scale', 'rows', 'add', 'weight', 'lighthouse'];
/** Real result files of several kinds (a document, JSON, a load tool's text, a person's table, a harness's JSON). */
const ADD_FILES = [
  'vegeta/vegeta-readme.md',
  'asv/empymod-0f8f3dfc-conda-py3.8.json',
  'wrk2/jit-php-async-1000-jit-20k.txt',
  'table/http-benchmarks-file-server.md',
  'jmh-json/bencher-jmh-six.json',
];
const { values: args } = cliArgs(import.meta.url, {
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean' },
    runs: { type: 'string' },
    sizes: { type: 'string' },
    rows: { type: 'string' },
    limit: { type: 'string' },
    public: { type: 'string' },
    viewport: { type: 'string' },
    out: { type: 'string' },
    tmp: { type: 'string' },
    keep: { type: 'boolean' },
    seed: { type: 'string' },
    shards: { type: 'string' },
    raw: { type: 'boolean' },
  },
});
const only = args.only ? args.only.split(',').map((s) => s.trim()) : PARTS;
for (const p of only)
  if (!PARTS.includes(p)) argError(import.meta.url, `--only takes ${PARTS.join(', ')}; found "${p}"`);
const opts = {
  only,
  quick: Boolean(args.quick),
  runs: Number(args.runs ?? (args.quick ? 1 : 3)),
  sizes: (args.sizes ?? (args.quick ? '10,100' : '10,100,1000')).split(',').map(Number),
  rows: (args.rows ?? (args.quick ? '1000,10000' : '1000,10000,100000')).split(',').map(Number),
  limit_s: Number(args.limit ?? 600),
  viewport: args.viewport ?? '1280x800',
  seed: Number(args.seed ?? 1),
  shards: Number(args.shards ?? 4),
  lighthouse_gzip: !args.raw,
};
// The page measurements need a browser: say so before the builds, not after a quarter of an hour.
if (
  (only.includes('weight') || only.includes('lighthouse')) &&
  !chromePath() &&
  !fs.existsSync(chromium.executablePath())
) {
  console.error(`bench: ${NO_BROWSER} (or leave out weight and lighthouse: --only build,scale,rows,add)`);
  process.exit(1);
}
const full = !args.only && !args.quick && !args.runs && !args.sizes && !args.rows;
// The record (latest.json) only from a full run on a quiet machine: 1-minute load below 1.5 at its start.
const loadAtStart = os.loadavg()[0];
const where = resultsFile({ out: args.out, full, load: round(loadAtStart, 2) });
const out = path.resolve(args.out ? where.file : path.join(ROOT, 'bench/results', where.file));
const tmp = args.tmp ? path.resolve(args.tmp) : os.tmpdir();
// A --tmp folder that does not exist yet is made (with its parents); one that cannot be is said in a line.
try {
  fs.mkdirSync(tmp, { recursive: true });
  if (!fs.statSync(tmp).isDirectory()) throw new Error('not a folder');
} catch (e) {
  console.error(`bench: --tmp ${tmp}: cannot make or use this folder for the copies (${e.code ?? e.message})`);
  process.exit(1);
}
const [vw, vh] = opts.viewport.split('x').map(Number);
const log = (...a) => console.error('bench:', ...a);
const copies = [];
const copy = (label, o = {}) => {
  const root = copySite(ROOT, { label, tmp, ...o });
  copies.push(root);
  return root;
};

// # Load inputs: the machine.
const cpus = os.cpus();
const results = {
  version: 1,
  date: new Date().toISOString(),
  options: opts,
  machine: {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    hugo: hugoVersion(ROOT),
    lighthouse: lighthouseVersion(),
    load_average_at_start: os.loadavg().map((v) => round(v, 2)),
  },
  // Why this full run is not latest.json (null: it is, or it was not a full run).
  not_the_record: where.reason,
};
if (where.reason) log(`figures go to ${path.relative(process.cwd(), out)}, not latest.json: ${where.reason}`);
let site = null; // a built copy of the real site, for weight and Lighthouse
// Interrupted: end the builds this run started and remove its copies.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopAll();
    stopLighthouse();
    if (!args.keep) copies.forEach(removeSite);
    process.exit(130);
  });
}

try {
  // # Process data: each part in turn.
  if (only.includes('build')) results.build = await benchBuild();
  if (only.includes('scale')) results.scale = await benchScale();
  if (only.includes('rows')) results.rows = await benchRows();
  if (only.includes('add')) results.add = await benchAdd();
  if (only.includes('weight') || only.includes('lighthouse')) {
    let publicDir = args.public && path.resolve(args.public);
    if (!publicDir) {
      if (!site) {
        log('building the real site once for weight and Lighthouse');
        site = copy('site');
        await build(site);
      }
      publicDir = path.join(site, 'public');
    }
    const server = await serve({ dir: publicDir, port: 0 });
    const base = `http://127.0.0.1:${server.address().port}`;
    try {
      if (only.includes('weight')) {
        log('page weight in Chromium');
        results.weight = await measureSite(base, publicDir, { viewport: { width: vw, height: vh } });
      }
      if (only.includes('lighthouse')) {
        save(); // the figures so far, should Lighthouse end the process
        results.lighthouse = await benchLighthouse(base, publicDir);
      }
    } finally {
      server.close();
    }
  }
  results.machine.load_average_at_end = os.loadavg().map((v) => round(v, 2));
  results.budgets = judge(budgetValues(results));
  // The figures of issue 33's table, measured in this one run (null: not measured by this run).
  results.table = TABLE.map((id) => results.budgets.find((b) => b.id === id) ?? { id, value: null });

  // # Save outputs.
  print(results);
  save();
  console.log(`\nbench: figures written to ${path.relative(process.cwd(), out) || out}`);
  if (where.reason) console.log(`bench: not latest.json: ${where.reason}`);
} finally {
  if (args.keep) log(`kept: ${copies.join(', ')}`);
  else copies.forEach(removeSite);
}

/** The figures measured so far, written to `out` (a temporary file, then moved). */
function save() {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(`${out}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
  fs.renameSync(`${out}.tmp`, out);
}

/** One measured build: the build, then validation and csvclean (not part of `npm run build`). */
async function measuredBuild(root) {
  const b = await build(root);
  const v = await validate(root);
  const c = await csvclean(root);
  return {
    build_ms: round(b.total_ms),
    build_cpu_ms: b.cpu_ms,
    load_1m: b.load,
    ...chartCpu(b.charts),
    stages_ms: b.stages,
    validate_ms: round(v.ms),
    csvclean_ms: round(c.ms),
  };
}

/**
 * The chart stage's CPU time, and per chart drawn (every thread of its process: Vega in the
 * workers, resvg, zlib, the main thread's planning): a figure that holds on a shared machine.
 * Not per chart for a build that drew few (perChart false: its CPU is mostly planning).
 */
function chartCpu(stats, { perChart = true } = {}) {
  if (!stats) return {};
  return {
    charts_drawn: stats.rendered,
    charts_cpu_ms: stats.cpu_ms,
    ...(perChart && stats.rendered ? { cpu_ms_per_chart: round(stats.cpu_ms / stats.rendered, 1) } : {}),
  };
}

/** The real site: cold, warm, after touching one seed, after editing one value; median of the runs. */
async function benchBuild() {
  const root = copy('site');
  site = root;
  const scenarios = { cold: [], warm: [], touch: [], edit: [] };
  let target = null;
  let original = null;
  for (let i = 1; i <= opts.runs; i++) {
    log(`real site, run ${i} of ${opts.runs}: cold`);
    clean(root);
    scenarios.cold.push(await measuredBuild(root));
    if (!target) {
      // The busiest seed whose numbers the bench can rewrite (nginz's wrk text it cannot: its edit
      // found no value, and the scenario measured a touch).
      const text = (t) => fs.readFileSync(path.join(root, t.seed), 'utf8');
      target = busiestSeed(root, (t) => editOneValue(t.format, text(t), opts.seed + 1).line !== null);
      original = text(target);
    }
    log(`real site, run ${i} of ${opts.runs}: warm`);
    scenarios.warm.push(await measuredBuild(root));
    log(`real site, run ${i} of ${opts.runs}: touch ${target.seed}`);
    const now = new Date();
    fs.utimesSync(path.join(root, target.seed), now, now);
    scenarios.touch.push(await measuredBuild(root));
    const edited = editOneValue(target.format, original, opts.seed + i);
    log(`real site, run ${i} of ${opts.runs}: edit ${target.seed}:${edited.line}`);
    fs.writeFileSync(path.join(root, target.seed), edited.text);
    scenarios.edit.push({ ...(await measuredBuild(root)), line: edited.line });
    fs.writeFileSync(path.join(root, target.seed), original);
  }
  log('real site: rebuilding from the unedited seeds for the page measurements');
  await build(root);
  const summary = {};
  for (const [name, samples] of Object.entries(scenarios)) {
    const stageNames = Object.keys(samples[0]?.stages_ms ?? {});
    summary[name] = {
      build_ms: round(median(samples.map((s) => s.build_ms))),
      build_cpu_ms: round(median(samples.map((s) => s.build_cpu_ms))),
      cpu_ms_per_chart: round(median(samples.map((s) => s.cpu_ms_per_chart)), 1),
      stages_ms: Object.fromEntries(stageNames.map((st) => [st, round(median(samples.map((s) => s.stages_ms[st])))])),
      validate_ms: round(median(samples.map((s) => s.validate_ms))),
      csvclean_ms: round(median(samples.map((s) => s.csvclean_ms))),
      samples,
    };
  }
  return { runs: opts.runs, ...census(root), seed: target.seed, scenarios: summary };
}

/** Synthetic corpora, each built cold in its own copy, within the time limit. */
async function benchScale() {
  const templates = readInputs(ROOT).reports;
  const sizes = [];
  for (const n of opts.sizes) {
    log(`scale: ${n} synthetic reports`);
    const root = copy(`scale-${n}`, { seeds: false });
    const t0 = performance.now();
    writeCorpus(root, ROOT, synthesize(templates, n, opts.seed));
    const generate_ms = round(performance.now() - t0);
    clean(root);
    fs.rmSync(path.join(root, 'data'), { recursive: true, force: true });
    const limitMs = opts.limit_s * 1000;
    const b = await build(root, { limitMs });
    const row = {
      reports: n,
      ...census(root),
      seconds: round(b.total_ms / 1000, 2),
      cpu_seconds: b.cpu_ms == null ? null : round(b.cpu_ms / 1000, 2),
      load_1m: b.load,
      ...chartCpu(b.charts),
      ms_per_report: round(b.total_ms / n, 1),
      generate_ms,
      stages_ms: b.stages,
    };
    // Figures that hold on a busy machine: Hugo's time per page, and the build's cost per report in
    // units of it (both slow down together when the machine is shared).
    if (b.stages.hugo != null && row.pages) {
      row.hugo_ms_per_page = round(b.stages.hugo / row.pages, 2);
      row.report_in_pages = round(row.ms_per_report / row.hugo_ms_per_page, 1);
    }
    if (b.timed_out) {
      row.timed_out = { stage: b.timed_out.stage, after_ms: round(b.timed_out.after_ms), limit_s: opts.limit_s };
      log(`scale: ${n} reports stopped after ${opts.limit_s} s, in stage "${b.timed_out.stage}"`);
    }
    // The publish build in shards, then their assembly (before the report below is added).
    if (!b.timed_out && opts.shards > 0) row.shards = await benchShards(root, n, limitMs);
    // A contributor adds one report to that atlas: its files in seeds/, then the build, with the
    // caches of the cold build warm. Every page that mentions it must be rebuilt: counted below.
    if (!b.timed_out) {
      const extra = addedReport(templates, n, opts.seed);
      log(`scale: ${n} reports: one more (${extra.slug}), rebuilt with warm caches`);
      writeReport(root, ROOT, extra);
      const a = await build(root, { limitMs });
      row.add_one = {
        slug: extra.slug,
        seconds: round(a.total_ms / 1000, 2),
        cpu_seconds: a.cpu_ms == null ? null : round(a.cpu_ms / 1000, 2),
        load_1m: a.load,
        ...chartCpu(a.charts, { perChart: false }),
        stages_ms: a.stages,
        ...(a.timed_out ? { timed_out: { stage: a.timed_out.stage, after_ms: round(a.timed_out.after_ms) } } : {}),
        ...(a.timed_out ? {} : { pages_linking: pagesLinking(root, extra.slug) }),
      };
    }
    // Validation reads seeds/ and data/ only: it can run whenever the data stage finished.
    if (b.stages.data != null) {
      log(`scale: ${n} reports: validate and csvclean`);
      const v = await validate(root, { limitMs });
      row.validate_ms = v.timedOut ? null : round(v.ms);
      // csvclean over every CSV in one process, as check.mjs runs it.
      const c = await csvclean(root, 20);
      row.csvclean_ms = round(c.ms);
      row.csvclean_estimated = c.estimated;
    }
    // Last (its draft metadata would fail the validation above): in `npm start` (serve.mjs --live),
    // one real file added with add-report, and the time from add-report's return until its page is served.
    if (row.add_one && !row.add_one.timed_out) {
      const file = ADD_FILES[0];
      const source = corpusFiles().find((f) => f.file === file);
      const { slug } = goldenOf(file);
      log(`scale: ${n} reports: npm start, add-report ${file}, until /reports/${slug}/ is served`);
      const l = await liveAddOne(root, addReportArgs(file, source), slug, { limitMs });
      row.live_add_one = {
        file,
        slug,
        add_report_s: round(l.add_report_ms / 1000, 2),
        seconds: l.timed_out ? opts.limit_s : round(l.visible_ms / 1000, 2),
        timed_out: l.timed_out,
        stages_ms: l.stages,
        load_1m: l.load,
      };
    }
    sizes.push(row);
    if (!args.keep) {
      removeSite(root);
      copies.splice(copies.indexOf(root), 1);
    }
  }
  // Growth from 100 to 1,000 (or between the two largest sizes that finished).
  const done = sizes.filter((s) => !s.timed_out);
  const a = done.find((s) => s.reports === 100) ?? done[done.length - 2];
  const b = done.find((s) => s.reports === 1000) ?? done[done.length - 1];
  const growth =
    a && b && a !== b
      ? {
          from: a.reports,
          to: b.reports,
          factor: round(b.seconds / a.seconds, 2),
          linear: round(b.reports / a.reports, 2),
        }
      : null;
  return { seed: opts.seed, sizes, growth, dominant: dominant(sizes) };
}

/**
 * One big report (the rows dimension): a CloudI results file of N rows (corpus.mjs,
 * synthesizeBigReport) taken through the contributor's path, each step timed with its peak memory:
 * add-report (detect, parse, metadata; in a copy without the report), then with the report's full
 * metadata: data, check (everything but csvclean, then csvclean) and a cold build.
 */
async function benchRows() {
  const templates = readInputs(ROOT).reports;
  const sizes = [];
  for (const n of opts.rows) {
    log(`rows: one report of ${n} rows`);
    const root = copy(`rows-${n}`, { seeds: false });
    const big = synthesizeBigReport(templates, n, opts.seed);
    writeCorpus(root, ROOT, [big]);
    const [seed, meta] = big.files;
    const row = { rows: big.rows, seed_mb: round(Buffer.byteLength(seed.text) / 2 ** 20, 2), steps: {} };
    const step = async (name, cmd, args) => {
      const r = await measure(root, cmd, args);
      row.steps[name] = { ms: round(r.ms), cpu_ms: r.cpu_ms, peak_mb: r.peak_mb, load_1m: r.load, ok: r.code === 0 };
      if (r.code !== 0)
        log(`rows: ${n}: ${name} exited ${r.code}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      return r;
    };
    // add-report on the seed as a contributor has it: outside seeds/, no metadata yet.
    fs.mkdirSync(path.join(root, 'incoming'), { recursive: true });
    const incoming = path.join('incoming', path.basename(seed.path));
    fs.renameSync(path.join(root, seed.path), path.join(root, incoming));
    fs.rmSync(path.join(root, meta.path));
    const platform = /^\s*- id:\s*(\S+)/m.exec(meta.text)[1];
    await step('add_report', process.execPath, [
      'scripts/add-report/add-report.mjs',
      incoming,
      '--platform',
      platform,
      '--title',
      `Synthetic ${n} rows`,
      '--date',
      '2015-12',
      '--source',
      'CloudI/CloudI:src/results.txt@71e59e19b5a39eb944237ab2e2aad3a921a9b859',
      '--slug',
      `synthetic-rows-${n}`,
    ]);
    // Back to the synthetic report with its complete metadata (add-report leaves TODOs to fill in).
    for (const f of walk(path.join(root, 'seeds'))) if (/synthetic-rows-/.test(f)) fs.rmSync(f);
    writeCorpus(root, ROOT, [big]);
    clean(root);
    await step('data', process.execPath, ['scripts/data/build-data.mjs', '--quiet']);
    await step('check', process.execPath, ['scripts/check/check.mjs', '--no-csvclean']);
    const c = await csvclean(root);
    row.steps.csvclean = { ms: round(c.ms), peak_mb: null, ok: true };
    clean(root);
    fs.rmSync(path.join(root, 'data'), { recursive: true, force: true });
    const b = await step('build', process.execPath, ['scripts/build.mjs']);
    row.build_stages_ms = Object.fromEntries(
      [...b.stderr.matchAll(/build: (\w+) (\d+) ms/g), ...(b.stdout ?? '').matchAll(/build: (\w+) (\d+) ms/g)].map(
        (m) => [m[1], +m[2]],
      ),
    );
    row.total_s = round(Object.values(row.steps).reduce((a, x) => a + x.ms, 0) / 1000, 2);
    row.ms_per_1k_rows = round((row.total_s * 1000) / (big.rows / 1000), 1);
    sizes.push(row);
    if (!args.keep) {
      removeSite(root);
      copies.splice(copies.indexOf(root), 1);
    }
  }
  const a = sizes.find((s) => s.rows === 10000) ?? sizes[sizes.length - 2];
  const b = sizes.find((s) => s.rows === 100000) ?? sizes[sizes.length - 1];
  const growth =
    a && b && a !== b
      ? {
          from: a.rows,
          to: b.rows,
          time: round(b.total_s / a.total_s, 2),
          memory: round(maxPeak(b) / maxPeak(a), 2),
          linear: round(b.rows / a.rows, 2),
        }
      : null;
  return { sizes, growth };
}

/**
 * add-report, one file (issue 32): real result files of the corpus (tests/fixtures/corpus, each
 * one's repository, path and commit in its SOURCES.md), each added with add-report to a fresh copy
 * of the site with its present atlas (the real seeds and data/), as a contributor runs it: the
 * file's own date, title and slug, its source; wall time and peak memory of each.
 */
async function benchAdd() {
  const sources = corpusFiles();
  const files = [];
  for (const file of opts.quick ? ADD_FILES.slice(0, 3) : ADD_FILES) {
    log(`add: add-report ${file}`);
    const root = copy('add');
    const r = await measure(root, process.execPath, [
      'scripts/add-report/add-report.mjs',
      ...addReportArgs(
        file,
        sources.find((f) => f.file === file),
      ),
    ]);
    if (r.code !== 0)
      log(`add: ${file}: add-report exited ${r.code}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    files.push({
      file,
      bytes: fs.statSync(path.join(CORPUS, file)).size,
      ms: round(r.ms),
      cpu_ms: r.cpu_ms,
      peak_mb: r.peak_mb,
      load_1m: r.load,
      ok: r.code === 0,
    });
    if (!args.keep) {
      removeSite(root);
      copies.splice(copies.indexOf(root), 1);
    }
  }
  return { reports: readInputs(ROOT).reports.length, files };
}

/**
 * The publish build of a corpus in N shards: each `build.mjs --publish --shard i/N` in a fresh copy
 * (its sources and committed data/, no cache: a machine of its own), one after another, then the
 * assembly: a fresh copy with the shards' chart caches put together, `build.mjs --publish`.
 */
async function benchShards(root, n, limitMs) {
  const N = opts.shards;
  const shardCopies = [];
  const runs = [];
  try {
    for (let i = 1; i <= N; i++) {
      log(`scale: ${n} reports: shard ${i} of ${N} (--publish --shard ${i}/${N})`);
      const c = copySite(root, { label: `shard-${i}`, tmp });
      shardCopies.push(c);
      clean(c);
      const r = await build(c, { limitMs, args: ['--publish', '--shard', `${i}/${N}`] });
      runs.push({
        shard: `${i}/${N}`,
        seconds: round(r.total_ms / 1000, 2),
        cpu_seconds: r.cpu_ms == null ? null : round(r.cpu_ms / 1000, 2),
        load_1m: r.load,
        stages_ms: r.stages,
        timed_out: !!r.timed_out,
      });
    }
    log(`scale: ${n} reports: assembly of ${N} shards (--publish, charts from their caches)`);
    const a = copySite(root, { label: 'assembly', tmp });
    shardCopies.push(a);
    clean(a);
    for (const c of shardCopies.slice(0, N)) {
      const from = path.join(c, '.cache/charts');
      if (fs.existsSync(from)) fs.cpSync(from, path.join(a, '.cache/charts'), { recursive: true, force: false });
    }
    const r = await build(a, { limitMs, args: ['--publish'] });
    const slowest = runs.reduce((x, y) => (y.seconds > x.seconds ? y : x));
    return {
      n: N,
      runs,
      slowest_s: slowest.seconds,
      slowest_at_least: slowest.timed_out,
      assembly: {
        seconds: round(r.total_ms / 1000, 2),
        cpu_seconds: r.cpu_ms == null ? null : round(r.cpu_ms / 1000, 2),
        load_1m: r.load,
        stages_ms: r.stages,
        timed_out: !!r.timed_out,
      },
    };
  } finally {
    if (!args.keep) shardCopies.forEach(removeSite);
    else copies.push(...shardCopies);
  }
}

/** Pages of the built site that link to a report's page (its own pages included): what adding it changed. */
function pagesLinking(root, slug) {
  const href = `/reports/${slug}/`;
  return walk(path.join(root, 'public')).filter((f) => f.endsWith('.html') && fs.readFileSync(f, 'utf8').includes(href))
    .length;
}

/** The largest peak memory of a row's steps, in MB. */
function maxPeak(row) {
  return Math.max(...Object.values(row.steps).map((x) => x.peak_mb ?? 0));
}

/**
 * Which stage dominates at the largest size: its share of the build, or, when the build ran out of
 * time in it, its time so far and an estimate scaled from the largest size where it finished.
 */
function dominant(sizes) {
  const last = sizes[sizes.length - 1];
  if (!last) return null;
  if (last.timed_out) {
    // The stage (or stages running side by side, "charts+views") the build was stopped in; the
    // estimate is for the one that would take longest if it grew linearly from a smaller size.
    const { stage, after_ms } = last.timed_out;
    let best = { stage, estimate: null, from: null };
    for (const st of stage.split('+')) {
      const ref = [...sizes].reverse().find((s) => s.stages_ms[st] != null && s !== last);
      const estimate = ref ? round((ref.stages_ms[st] / ref.reports) * last.reports) : null;
      if (estimate != null && (best.estimate == null || estimate > best.estimate))
        best = { stage: st, estimate, from: ref.reports };
    }
    return {
      reports: last.reports,
      stage: best.stage,
      running: stage,
      ms: after_ms,
      share: null,
      at_least: true,
      estimate_ms: best.estimate,
      estimated_from: best.from,
    };
  }
  const [stage, ms] = Object.entries(last.stages_ms).sort((x, y) => y[1] - x[1])[0] ?? [];
  return { reports: last.reports, stage, ms, share: round(ms / (last.seconds * 1000), 3), at_least: false };
}

/**
 * Lighthouse on home, the heaviest report page, the platform page and the seed page with the
 * largest HTML, and an embed page (the report and embed of the weight part, else the report page
 * with the largest HTML and its first chart), through a gzip proxy unless --raw.
 */
async function benchLighthouse(base, publicDir) {
  const measured = (k) => results.weight?.pages.find((p) => p.kind === k)?.url;
  const found = findPages(publicDir);
  const html = (u) => fs.statSync(path.join(publicDir, u, 'index.html')).size;
  const report = measured('report') ?? [...found.reports].sort((a, b) => html(b) - html(a) || (a < b ? -1 : 1))[0];
  const slug = report?.split('/')[2];
  const embed = measured('embed') ?? found.embeds.find((e) => e.startsWith(`/charts/${slug}--`)) ?? found.embeds[0];
  const pages = [
    ['home', '/'],
    ['report', report],
    ['platform', found.platform],
    ['seed', found.seed],
    ['embed', embed],
  ].filter(([, u]) => u);
  const proxy = opts.lighthouse_gzip ? await gzipProxy(base) : null;
  const origin = proxy ? `http://127.0.0.1:${proxy.address().port}` : base;
  const outDir = path.join(path.dirname(out), 'lighthouse');
  const list = [];
  try {
    for (const [kind, url] of pages) {
      log(`Lighthouse (mobile) on ${url}`);
      // A page that asks not to be indexed fails Lighthouse's SEO on purpose: its SEO is not judged.
      const noindex = isNoindex(fs.readFileSync(path.join(publicDir, url, 'index.html'), 'utf8'));
      // A Lighthouse run can fail on its own (a trace without NO_NAVSTART): tried once more, and a
      // second failure is said for that page, never the end of the run.
      const once = () => runLighthouse(new URL(url, origin).href, { saveTo: path.join(outDir, `${kind}.report.json`) });
      const measured = await once().catch((e) => {
        log(`Lighthouse on ${url} failed, trying once more: ${e.message.split('\n')[0]}`);
        return once().catch((e2) => ({ url, error: e2.message.split('\n')[0], scores: {}, failing: {} }));
      });
      list.push({ kind, ...measured, ...(noindex ? { noindex: true } : {}) });
    }
  } finally {
    proxy?.close();
  }
  return {
    form_factor: 'mobile',
    server: proxy
      ? 'scripts/serve.mjs behind a gzip proxy (level 6), as the published host compresses'
      : 'scripts/serve.mjs (no compression)',
    pages: list,
  };
}

/** The measured value of each budget. */
function budgetValues(r) {
  const reportPage = r.weight?.pages.find((p) => p.kind === 'report');
  const lh = r.lighthouse?.pages ?? [];
  const lowest = (k) => {
    // SEO is judged on the pages that ask to be indexed only (noindex pages fail it on purpose).
    const judged = k === 'seo' ? lh.filter((p) => !p.noindex) : lh;
    return judged.length && judged.every((p) => p.scores[k] != null)
      ? Math.min(...judged.map((p) => p.scores[k]))
      : null;
  };
  const s1000 = r.scale?.sizes.find((s) => s.reports === 1000);
  return {
    report_first_visit_gzip: reportPage ? reportPage.load.gzip / 1024 : null,
    lighthouse_performance: lowest('performance'),
    lighthouse_accessibility: lowest('accessibility'),
    lighthouse_best_practices: lowest('best_practices'),
    lighthouse_seo: lowest('seo'),
    lighthouse_cls: lh.length ? Math.max(...lh.map((p) => p.cls ?? 0)) : null,
    build_cold: r.build ? r.build.scenarios.cold.build_ms / 1000 : null,
    build_touch: r.build ? r.build.scenarios.touch.build_ms / 1000 : null,
    // A build stopped at the time limit took at least that long: judged at the limit.
    scale_1000_cold: s1000 ? { value: s1000.seconds, at_least: Boolean(s1000.timed_out) } : null,
    scale_1000_add_one: s1000?.add_one
      ? { value: s1000.add_one.seconds, at_least: Boolean(s1000.add_one.timed_out) }
      : null,
    scale_1000_live_add_one: s1000?.live_add_one
      ? { value: s1000.live_add_one.seconds, at_least: s1000.live_add_one.timed_out }
      : null,
    scale_1000_shard_slowest: s1000?.shards
      ? { value: s1000.shards.slowest_s, at_least: s1000.shards.slowest_at_least }
      : null,
    scale_1000_assembly: s1000?.shards
      ? { value: s1000.shards.assembly.seconds, at_least: s1000.shards.assembly.timed_out }
      : null,
    scale_growth: r.scale?.growth?.from === 100 && r.scale?.growth?.to === 1000 ? r.scale.growth.factor : null,
    hugo_ms_per_page: r.scale?.sizes.filter((s) => s.hugo_ms_per_page != null).at(-1)?.hugo_ms_per_page ?? null,
    // A report that a step refused (the seed cap, an error) was not measured: no figure, not a "met".
    rows_100k: completedRows(r, 100000)?.total_s ?? null,
    rows_100k_peak: completedRows(r, 100000) ? maxPeak(completedRows(r, 100000)) : null,
    rows_growth_time: r.rows?.growth?.from === 10000 && r.rows.growth.to === 100000 ? r.rows.growth.time : null,
    rows_growth_memory: r.rows?.growth?.from === 10000 && r.rows.growth.to === 100000 ? r.rows.growth.memory : null,
    // The slowest file, when add-report took every one (a file it refused was not measured).
    add_report_one_file:
      r.add?.files.length && r.add.files.every((f) => f.ok) ? Math.max(...r.add.files.map((f) => f.ms)) / 1000 : null,
  };
}

/** The rows dimension's report of n rows, when every step took it (else undefined: refused, or failed). */
function completedRows(r, n) {
  const s = r.rows?.sizes.find((x) => x.rows === n);
  return s && Object.values(s.steps).every((x) => x.ok) ? s : undefined;
}

/** The 1-minute load before and after the runs of a figure: "0.4>1.9" (several runs: the highest of each). */
function loads(runs) {
  const l = runs.map((x) => x.load_1m).filter(Boolean);
  if (!l.length) return '-';
  const hi = (i) => fmt(Math.max(...l.map((x) => x[i])), 1);
  return `${hi(0)}>${hi(1)}`;
}

function print(r) {
  const m = r.machine;
  const say = (s = '') => console.log(s);
  say(`Bench Atlas benchmark, ${r.date}`);
  say(
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memory_gb} GB, ${m.os}; Node ${m.node}, Hugo ${m.hugo}${m.lighthouse ? `, Lighthouse ${m.lighthouse}` : ''}`,
  );
  say(
    `Load average at start ${m.load_average_at_start.join(' ')}, at end ${m.load_average_at_end.join(' ')} (other work on the machine slows every figure)`,
  );
  const budgetOf = (id) => r.budgets.find((b) => b.id === id);
  const mark = (id) =>
    budgetOf(id)
      ? `  [budget ${budgetOf(id).op} ${budgetOf(id).limit}${budgetOf(id).unit ? ` ${budgetOf(id).unit}` : ''}: ${verdict(budgetOf(id))}]`
      : '';

  if (r.build) {
    const b = r.build;
    say(
      `\n## Build: the real site (${b.reports} reports, ${fmt(b.data_rows)} data rows, ${b.pages} pages, ${b.charts} charts), median of ${b.runs} run${b.runs > 1 ? 's' : ''}, seconds`,
    );
    say(`Touched and edited: ${b.seed}`);
    const stages = Object.keys(b.scenarios.cold.stages_ms);
    const rows = [
      ['scenario', ...stages, 'build', 'build cpu', 'CPU ms/chart', 'load 1m', 'validate', 'csvclean', 'with checks'],
    ];
    for (const [name, s] of Object.entries(b.scenarios)) {
      rows.push([
        name,
        ...stages.map((st) => sec(s.stages_ms[st])),
        sec(s.build_ms),
        sec(s.build_cpu_ms),
        s.cpu_ms_per_chart == null ? '-' : fmt(s.cpu_ms_per_chart, 1),
        loads(s.samples),
        sec(s.validate_ms),
        sec(s.csvclean_ms),
        sec(s.build_ms + s.validate_ms + s.csvclean_ms),
      ]);
    }
    say(table(rows));
    say(
      `build = node scripts/build.mjs, wall time (its stages as it prints them); build cpu = CPU time of the build and`,
    );
    say(`everything it ran (user + system; above the wall time when Hugo uses several cores, below it when others`);
    say(
      `compete for the CPU); validate = check.mjs --no-csvclean; csvclean = csvclean -a over every CSV (one process)`,
    );
    say(`Cold build: ${sec(b.scenarios.cold.build_ms)} s${mark('build_cold')}`);
    say(`Rebuild after touching one seed: ${sec(b.scenarios.touch.build_ms)} s${mark('build_touch')}`);
  }

  if (r.scale) {
    const sc = r.scale;
    say(`\n## Scale: synthetic corpora built cold (time limit ${opts.limit_s} s a build)`);
    const stages = [...new Set(sc.sizes.flatMap((s) => Object.keys(s.stages_ms)))];
    const rows = [
      [
        'reports',
        'data rows',
        'pages',
        'charts',
        ...stages.map((s) => `${s} s`),
        'build s',
        'cpu s',
        'CPU ms/chart',
        'load 1m',
        'ms/report',
        'validate s',
        'csvclean s',
      ],
    ];
    for (const s of sc.sizes) {
      const stageCells = stages.map((st) =>
        s.stages_ms[st] != null
          ? sec(s.stages_ms[st])
          : s.timed_out?.stage.split('+').includes(st)
            ? `>${sec(s.timed_out.after_ms)}`
            : '-',
      );
      rows.push([
        fmt(s.reports),
        fmt(s.data_rows),
        s.timed_out ? '-' : fmt(s.pages),
        s.charts == null ? '-' : fmt(s.charts),
        ...stageCells,
        s.timed_out ? `>${fmt(s.seconds)}` : fmt(s.seconds),
        fmt(s.cpu_seconds),
        s.cpu_ms_per_chart == null ? '-' : fmt(s.cpu_ms_per_chart, 1),
        loads([s]),
        fmt(s.ms_per_report, 0),
        sec(s.validate_ms),
        s.csvclean_ms == null ? '-' : `${s.csvclean_estimated ? '~' : ''}${sec(s.csvclean_ms)}`,
      ]);
    }
    say(table(rows));
    if (sc.sizes.some((s) => s.csvclean_estimated))
      say('~ csvclean measured on the first 20 CSVs and extrapolated to all');
    say('\nMilliseconds per report, by stage (flat = linear):');
    const per = (ms, n) => (ms == null ? '-' : fmt(ms / n, 0));
    say(
      table([
        ['reports', ...stages, 'build', 'validate'],
        ...sc.sizes.map((s) => [
          fmt(s.reports),
          ...stages.map((st) => per(s.stages_ms[st], s.reports)),
          s.timed_out ? '-' : per(s.seconds * 1000, s.reports),
          per(s.validate_ms, s.reports),
        ]),
      ]),
    );
    for (const s of sc.sizes.filter((x) => x.timed_out))
      say(
        `${fmt(s.reports)} reports: stopped at the ${s.timed_out.limit_s} s limit in stage "${s.timed_out.stage}" (${sec(s.timed_out.after_ms)} s into it)`,
      );
    if (sc.growth)
      say(
        `Growth ${fmt(sc.growth.from)} -> ${fmt(sc.growth.to)} reports: x${fmt(sc.growth.factor)} (linear x${fmt(sc.growth.linear)})${mark('scale_growth')}`,
      );
    say('\nHugo per page, and a report in units of it (steady when the whole machine slows down):');
    say(
      table([
        ['reports', 'pages', 'hugo ms/page', 'build ms/report', 'report = pages of Hugo'],
        ...sc.sizes
          .filter((s) => s.hugo_ms_per_page != null)
          .map((s) => [
            fmt(s.reports),
            fmt(s.pages),
            fmt(s.hugo_ms_per_page),
            fmt(s.ms_per_report, 0),
            fmt(s.report_in_pages),
          ]),
      ]),
    );
    const largest = sc.sizes.filter((s) => s.hugo_ms_per_page != null).at(-1);
    if (largest)
      say(
        `Hugo at ${fmt(largest.reports)} reports: ${fmt(largest.hugo_ms_per_page)} ms a page${mark('hugo_ms_per_page')}`,
      );
    // The chart stage's cost per chart: its CPU time (every thread of its process) over the charts
    // it drew, a figure that holds on a shared machine; and its wall time over them.
    for (const s of sc.sizes.filter((x) => x.stages_ms?.charts && x.charts)) {
      const drawn = s.charts + (s.comparison_charts ?? 0);
      say(
        `Charts at ${fmt(s.reports)} reports: ${fmt(drawn)} charts (${fmt(s.comparison_charts ?? 0)} of comparisons), ${fmt(s.stages_ms.charts / drawn, 1)} ms a chart of wall time${s.cpu_ms_per_chart == null ? '' : `; CPU ms per chart: ${fmt(s.cpu_ms_per_chart, 1)} (${fmt(s.charts_drawn)} drawn, ${sec(s.charts_cpu_ms)} s of CPU)`}`,
      );
    }
    const sharded = sc.sizes.filter((s) => s.shards);
    if (sharded.length) {
      say(
        `\nThe publish build in shards (--publish --shard i/N, each in a fresh copy, one after another), and the assembly:`,
      );
      say(
        table([
          ['reports', 'shards', 'each shard s', 'slowest s', 'assembly s', 'assembly charts s'],
          ...sharded.map((s) => [
            fmt(s.reports),
            s.shards.n,
            s.shards.runs.map((x) => fmt(x.seconds)).join(' / '),
            fmt(s.shards.slowest_s),
            fmt(s.shards.assembly.seconds),
            sec(s.shards.assembly.stages_ms.charts),
          ]),
        ]),
      );
    }
    say('\nOne report added to each corpus, rebuilt with the caches of its cold build warm:');
    say(
      table([
        ['reports', 'report added', 'pages linking to it', ...stages.map((st) => `${st} s`), 'build s', 'cpu s'],
        ...sc.sizes
          .filter((s) => s.add_one)
          .map((s) => [
            fmt(s.reports),
            s.add_one.slug,
            fmt(s.add_one.pages_linking),
            ...stages.map((st) => sec(s.add_one.stages_ms[st])),
            `${s.add_one.timed_out ? '>' : ''}${fmt(s.add_one.seconds)}`,
            fmt(s.add_one.cpu_seconds),
          ]),
      ]),
    );
    if (sc.sizes.some((s) => s.live_add_one)) {
      say('\nThen in npm start (serve.mjs --live): one real file added with add-report, until its page is served:');
      say(
        table([
          ['reports', 'file', 'add-report s', 'served s after it', 'stages run (s)', 'load 1m'],
          ...sc.sizes
            .filter((s) => s.live_add_one)
            .map((s) => [
              fmt(s.reports),
              s.live_add_one.file,
              fmt(s.live_add_one.add_report_s),
              `${s.live_add_one.timed_out ? '>' : ''}${fmt(s.live_add_one.seconds)}`,
              Object.entries(s.live_add_one.stages_ms)
                .map(([st, ms]) => `${st} ${sec(ms)}`)
                .join(', '),
              s.live_add_one.load_1m.map((v) => fmt(v)).join(' -> '),
            ]),
        ]),
      );
    }
    const s1000 = sc.sizes.find((s) => s.reports === 1000);
    if (s1000)
      say(
        `1,000 reports cold: ${s1000.timed_out ? 'more than ' : ''}${fmt(s1000.seconds)} s${mark('scale_1000_cold')}`,
      );
    if (s1000?.add_one) say(`1,000 reports, one added: ${fmt(s1000.add_one.seconds)} s${mark('scale_1000_add_one')}`);
    if (s1000?.live_add_one)
      say(
        `1,000 reports, one added in npm start: served ${s1000.live_add_one.timed_out ? 'not within ' : ''}${fmt(s1000.live_add_one.seconds)} s after add-report returned${mark('scale_1000_live_add_one')}`,
      );
    const d = sc.dominant;
    if (d) {
      say(
        d.at_least
          ? `Dominant stage at ${fmt(d.reports)} reports: ${d.stage}${d.running !== d.stage ? ` (running: ${d.running})` : ''}, more than ${sec(d.ms)} s when stopped${d.estimate_ms ? `; about ${sec(d.estimate_ms)} s if it grows linearly from ${fmt(d.estimated_from)} reports` : ''}`
          : `Dominant stage at ${fmt(d.reports)} reports: ${d.stage}, ${sec(d.ms)} s (${fmt(d.share * 100, 0)}% of the build)`,
      );
    }
  }

  if (r.rows) {
    say('\n## Rows: one report of N rows, through add-report, data, check and a cold build');
    const steps = [...new Set(r.rows.sizes.flatMap((s) => Object.keys(s.steps)))];
    say(
      table([
        ['rows', 'seed MB', ...steps.map((st) => `${st} s`), 'total s', 'ms/1k rows', 'peak MB (step)'],
        ...r.rows.sizes.map((s) => {
          const peak = Object.entries(s.steps).sort((x, y) => (y[1].peak_mb ?? 0) - (x[1].peak_mb ?? 0))[0];
          return [
            fmt(s.rows),
            fmt(s.seed_mb),
            ...steps.map((st) => (s.steps[st] ? `${sec(s.steps[st].ms)}${s.steps[st].ok ? '' : ' (failed)'}` : '-')),
            fmt(s.total_s),
            fmt(s.ms_per_1k_rows, 0),
            peak ? `${fmt(peak[1].peak_mb)} (${peak[0]})` : '-',
          ];
        }),
      ]),
    );
    const s100k = r.rows.sizes.find((s) => s.rows === 100000);
    const failed = s100k ? Object.entries(s100k.steps).filter(([, x]) => !x.ok) : [];
    if (failed.length)
      say(`100,000 rows: not measured: ${failed.map(([name]) => name).join(', ')} refused the report (see the log)`);
    else if (s100k) say(`100,000 rows, every step: ${fmt(s100k.total_s)} s${mark('rows_100k')}`);
    const g = r.rows.growth;
    if (g) {
      say(
        `Growth ${fmt(g.from)} -> ${fmt(g.to)} rows: time x${fmt(g.time)}${mark('rows_growth_time')}, peak memory x${fmt(g.memory)}${mark('rows_growth_memory')} (linear x${fmt(g.linear)})`,
      );
    }
  }

  if (r.weight) {
    const w = r.weight;
    say(
      `\n## Page weight: first visit, KB (raw / gzip -9), ${w.browser}, viewport ${w.viewport.width}x${w.viewport.height}`,
    );
    const rows = [['page', 'moment', 'requests', ...TYPES.map((t) => `${t} gz`), 'total raw', 'total gz']];
    for (const p of w.pages) {
      for (const [moment, s] of [
        ['load', p.load],
        ['scrolled', p.scrolled],
      ]) {
        rows.push([
          moment === 'load' ? `${p.kind} ${p.url}` : '',
          moment,
          s.requests,
          ...TYPES.map((t) => kb(s.by_type[t].gzip)),
          kb(s.raw),
          kb(s.gzip),
        ]);
      }
    }
    say(table(rows));
    const rp = w.pages.find((p) => p.kind === 'report');
    if (rp)
      say(`Heaviest report page before interaction: ${kb(rp.load.gzip)} KB gzip${mark('report_first_visit_gzip')}`);
  }

  if (r.lighthouse) {
    say(`\n## Lighthouse (${r.lighthouse.form_factor}), served by ${r.lighthouse.server}`);
    const rows = [['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'CLS', 'TBT ms']];
    for (const p of r.lighthouse.pages.filter((q) => !q.error))
      rows.push([
        `${p.kind} ${p.url}`,
        p.scores.performance,
        p.scores.accessibility,
        p.scores.best_practices,
        p.noindex ? `${p.scores.seo} (noindex: not judged)` : p.scores.seo,
        fmt(p.lcp_ms, 0),
        fmt(p.cls, 3),
        fmt(p.tbt_ms, 0),
      ]);
    say(table(rows));
    for (const p of r.lighthouse.pages.filter((q) => q.error)) say(`${p.kind} ${p.url}: not measured: ${p.error}`);
    for (const p of r.lighthouse.pages) {
      const lost = Object.entries(p.failing).filter(([c, ids]) => ids.length && !(p.noindex && c === 'seo'));
      if (lost.length)
        say(`${p.kind}: points lost in ${lost.map(([c, ids]) => `${c} (${ids.join(', ')})`).join('; ')}`);
    }
  }

  if (r.add) {
    const limit = BUDGETS.find((b) => b.id === 'add_report_one_file').limit;
    say(`\n## add-report, one file, on the present atlas (${fmt(r.add.reports)} reports), each in a fresh copy`);
    say(
      table([
        ['file', 'bytes', 's', 'CPU s', 'peak MB', 'verdict'],
        ...r.add.files.map((f) => [
          f.file,
          fmt(f.bytes),
          f.ok ? sec(f.ms) : `${sec(f.ms)} (failed)`,
          sec(f.cpu_ms),
          fmt(f.peak_mb),
          f.ok ? (f.ms <= limit * 1000 ? 'met' : 'MISSED') : 'not measured (refused)',
        ]),
      ]),
    );
    const slowest = budgetOf('add_report_one_file');
    say(
      slowest
        ? `add-report, one file (the slowest): ${fmt(slowest.value, 2)} s${mark('add_report_one_file')}`
        : 'add-report, one file: not measured (a file was refused, see the log)',
    );
  }

  // What a user waits for, side by side: the figures of issue 33's table against their budgets.
  say(`\n## The budget table (issue 33), measured side by side in this run, on ${m.cores} cores`);
  say(
    table([
      ['figure', 'budget', 'measured', 'verdict'],
      ...TABLE.map((id) => {
        const b = r.budgets.find((x) => x.id === id);
        const def = BUDGETS.find((x) => x.id === id);
        return [
          def.title,
          `${def.op} ${def.limit} ${def.unit}`,
          b ? `${b.at_least ? '>' : ''}${fmt(b.value, 2)} ${b.unit}` : '-',
          b ? verdict(b) : 'not measured in this run',
        ];
      }),
    ]),
  );

  if (r.budgets.length) {
    say('\n## Budgets');
    say(
      table([
        ['budget', 'limit', 'value', 'verdict'],
        ...r.budgets.map((b) => [
          b.title,
          `${b.op} ${b.limit}${b.unit ? ` ${b.unit}` : ''}`,
          `${b.at_least ? '>' : ''}${fmt(b.value, 3)}${b.unit ? ` ${b.unit}` : ''}`,
          verdict(b),
        ]),
      ]),
    );
  }
  // Last, where a reader of the output looks: which budgets of the table fail, on how many cores.
  const fails = failing(r.budgets, TABLE, m.cores);
  if (fails) say(`\n${fails}`);
}
