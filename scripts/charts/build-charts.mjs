// CLI: data/ -> every chart of every report: a self-contained Vega-Lite spec, the compiled Vega
// spec, one SVG that follows the reader's light or dark theme (the dark theme is a <style> in it:
// shared/theme.mjs; no second, dark drawing or copy), a PNG 1,200 pixels wide (render.mjs PNG_WIDTH) and the CSV of the plotted rows, in
// <out>/static/charts/ (a chart no longer produced is removed), and the index <out>/data/charts.json
// for Hugo, with the claims of each chart's sentence beside it in <out>/claims.json (for the findings
// checker; Hugo never loads it). <out> is build/charts/. The comparisons across reports (data/atlas/comparisons/<id>.json) get
// one chart each (comparisons.mjs), indexed under `comparisons`; the subjects (data/atlas/subjects/<id>.json)
// one chart of their figures across reports each (subjects.mjs), indexed under `subjects`, or, with one
// figure, its sentence (a kept claim), under `singles` by subject id.
// Same input, same bytes. Each chart is drawn once per layout (wide and narrow; the standalone file
// is the wide drawing with its title set in), in a pool of worker threads (one per core, pool.mjs);
// renders are cached by content hash in .cache/charts/ (key: the spec and the code that draws it),
// as the files they publish: a chart from the cache is hard-linked into place, not rendered, read
// or written again. Each report's plan (specs, plotted rows, index entries) is cached as well, in
// <cache>-plans/ (key: the report's document, its CSVs and the chart code), and plans are made as
// the render loop asks for them. So is each comparison's and each subject's (key: its JSON and the
// chart code), planned in the worker threads (flat.mjs planAtlasItem) while this thread plans the
// reports': a build where one report changed plans only the comparisons and subjects it changed. Output is the same either way. After a build, both caches keep
// only the entries this build used (pruneCache): they never grow past one site's charts.
// PNGs are drawn only where they are needed: --svg-only (the local build and `npm start`) leaves them
// out, with their links and sizes in the index; a chart cached without its PNG is drawn again when
// a later build wants one.
// --shard i/N renders only the i-th of N shares of the charts (by cache key) into the cache and
// writes nothing else: N machines each render a share, their caches are put together, and one build
// then draws every chart from the cache (scripts/build.mjs --shard; tests/site/shards.test.mjs).
// Usage: node scripts/charts/build-charts.mjs [--data DIR] [--out DIR] [--cache DIR | --no-cache] [--svg-only]
//          [--shard i/N] [--quiet]
// With CHARTS_STATS=<file> in the environment, the charts planned, drawn and from the cache and the
// process's CPU time are written there as JSON (for the bench; not part of the output).
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { sha256 } from '../lib/hash.mjs';
import { linkFileAtomic, writeFileAtomic } from '../lib/fs.mjs';
import { jsonText, sortedJsonText } from '../lib/json.mjs';
import { loadFonts, rendererVersion, svgSize } from './render.mjs';
import { createPool, poolSize } from './pool.mjs';
import { planCharts } from './plan.mjs';
import { flatChart } from './flat.mjs';
import { embedSize } from './embed-height.mjs';
import { checkDrawing, notDrawn } from './not-drawn.mjs';
import { themeColorsInData, themedSvg } from './shared/theme.mjs';
import { NARROW_BELOW, NARROW_WIDTH, pageSvg } from './shared/layouts.mjs';
import { readComparisons, readSubjects } from '../lib/atlas.mjs';

const { values: args } = cliArgs(import.meta.url, {
  options: {
    data: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    'svg-only': { type: 'boolean' },
    shard: { type: 'string' },
    quiet: { type: 'boolean' },
  },
});
const dataDir = path.resolve(args.data ?? path.join(ROOT, 'data'));
const outDir = path.resolve(args.out ?? path.join(ROOT, 'build', 'charts'));
const cacheDir = args['no-cache'] ? null : path.resolve(args.cache ?? path.join(ROOT, '.cache', 'charts'));
const chartsDir = path.join(outDir, 'static', 'charts');
const inlineDir = path.join(outDir, 'inline');
const started = performance.now();
const withPng = !args['svg-only'];
const shard = args.shard === undefined ? null : parseShard(args.shard);
if (shard && !cacheDir) {
  console.error('build-charts: --shard renders into the cache: it cannot be used with --no-cache');
  process.exit(1);
}

/** "i/N" -> { i, n } (1 <= i <= N), or one line and exit 1. */
function parseShard(text) {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const [i, n] = m ? [Number(m[1]), Number(m[2])] : [];
  if (!m || n < 1 || i < 1 || i > n) {
    console.error(`build-charts: --shard: expected i/N with 1 <= i <= N (e.g. 2/4), found "${text}"`);
    process.exit(1);
  }
  return { i, n };
}

/** Whether a chart (by its cache key) is this shard's to render: its key's first 8 hex digits modulo N. */
const inShard = (key) => !shard || parseInt(key.slice(0, 8), 16) % shard.n === shard.i - 1;

// How a spec becomes the cached files (render.mjs's renderChart, then the themes and the page
// layouts below): part of the cache key.
const RECIPE =
  'wide vg + svg; standalone = wide svg + title text, themed (one file, light and dark) + png 1200 wide on white (optional); wide page svg; narrow vg + page svg (ids scoped); size without png';
/**
 * The code that turns a rendered drawing into the cached files (the dark rules, the page markup),
 * besides render.mjs's own (in rendererVersion): part of the cache key, so that a change there
 * redraws every chart, and a change to one builder only the charts whose specs it changes.
 */
const POSTPROCESS = sha256(
  ...['./shared/theme.mjs', './shared/layouts.mjs'].map((f) => fs.readFileSync(new URL(f, import.meta.url), 'utf8')),
);

/**
 * What a render publishes, by the name of its file in the cache (`<key><suffix>`) and where it goes:
 * static/charts/<id><ext> (published) or inline/<id><ext> (read by Hugo into pages). The cache holds
 * these files exactly, so a chart from the cache is linked into place (lib/fs.mjs linkFileAtomic),
 * never read or written again.
 */
const PRODUCTS = [
  ['.vg.json', 'static', '.vg.json'],
  ['.narrow.vg.json', 'static', '.narrow.vg.json'],
  ['.svg', 'static', '.svg'],
  ['.png', 'static', '.png'],
  ['.page.svg', 'inline', '.svg'],
  ['.page.narrow.svg', 'inline', '.narrow.svg'],
  ['.size.json', null, null],
];

/** The products this build publishes: all of them, or all but the PNG (--svg-only). */
const WANTED = PRODUCTS.filter(([suffix]) => withPng || suffix !== '.png');

/** A chart's wanted products from the cache (file name by suffix), or undefined when any file is missing. */
function fromCache(key) {
  if (!cacheDir) return undefined;
  const files = Object.fromEntries(WANTED.map(([suffix]) => [suffix, path.join(cacheDir, key + suffix)]));
  return Object.values(files).every((f) => fs.existsSync(f)) ? files : undefined;
}

/** A PNG's size, from its header. */
const pngSize = (head) => ({ width: head.readUInt32BE(16), height: head.readUInt32BE(20) });
function pngFileSize(file) {
  const head = Buffer.alloc(24);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 24, 0);
  } finally {
    fs.closeSync(fd);
  }
  return pngSize(head);
}

/**
 * The code a chart plan comes from (every module of scripts/charts/ and scripts/lib/, and the
 * renderer's version, whose fonts measure the titles): part of every plan's key.
 */
const PLAN_CODE = sha256(
  rendererVersion,
  ...[
    ['charts', new URL('.', import.meta.url)],
    ['charts/shared', new URL('./shared/', import.meta.url)],
    ['lib', new URL('../lib/', import.meta.url)],
  ].flatMap(([name, dir]) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.mjs') && !f.endsWith('.test.mjs'))
      .sort()
      .map((f) => `${name}/${f}\0${fs.readFileSync(new URL(f, dir), 'utf8')}`),
  ),
);
/** The plans of reports, one JSON file each, beside the render cache; and the keys this build used. */
const planDir = cacheDir && `${cacheDir}-plans`;
const usedPlans = new Set();
/**
 * The charts' embed sizes (embed-height.mjs), one JSON file each, beside the render cache (key: the
 * chart's index entry, the documents of the reports it credits, the chart code): worked out again
 * only for a chart whose page text or drawing changed. And the keys this build used.
 */
const embedDir = cacheDir && `${cacheDir}-embeds`;
const usedEmbeds = new Set();

/**
 * The charts of one report (plan.mjs), from the plan cache when the report's document, its tables'
 * CSV text and the chart code are the ones it was planned from: a build where one report changed
 * plans that report only.
 */
function planReport(report, reportText, csvTexts, measure) {
  const texts = report.tables.map((t) => csvTexts[t.path] ?? '');
  const key = sha256('plan', PLAN_CODE, reportText, ...report.tables.map((t) => t.path), ...texts);
  usedPlans.add(key);
  const file = planDir && path.join(planDir, `${key}.json`);
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const { charts, index } = planCharts([report], csvTexts);
  const kept = [];
  for (const c of charts) {
    try {
      kept.push(flatChart(c, measure));
    } catch (e) {
      warn(notDrawn(index, c.entry, e.message));
    }
  }
  const planned = { charts: kept, index };
  if (file) writeFileAtomic(file, JSON.stringify(planned));
  return planned;
}

/**
 * Remove from the cache every entry this build did not use (a chart since changed or gone, a
 * renderer since changed) and what a killed run left half-written: the cache holds one site's
 * charts, not every version ever drawn. Files are `<64 hex key><suffix>`; anything else is left.
 * @returns {number} entries removed
 */
function pruneCache(dir, used) {
  const gone = new Set();
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const key = /^([0-9a-f]{64})\./.exec(f)?.[1];
    if (!key || (used.has(key) && !/\.tmp-\d+$/.test(f))) continue;
    fs.rmSync(path.join(dir, f), { force: true });
    if (!used.has(key)) gone.add(key);
  }
  return gone.size;
}

const warn = (text) => console.warn(`build-charts: warning: ${text}`);

// Charts in flight: two per worker, so that a worker never waits while the main thread writes.
const CONCURRENCY = 2 * poolSize();

/**
 * Run fn over what an iterator yields, at most `limit` at a time, in order of start. The iterator
 * is pulled as slots free up: the plan of the next report is made while the workers draw.
 */
async function mapLimit(iterator, limit, fn) {
  const worker = async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) await fn(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const pool = createPool();

try {
  // # Load inputs.
  const reportsDir = path.join(dataDir, 'reports');
  const reportTexts = fs
    .readdirSync(reportsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => fs.readFileSync(path.join(reportsDir, f), 'utf8'));
  const reports = reportTexts.map((text) => JSON.parse(text));
  // planCharts orders reports by slug: so does the plan here, report by report.
  const order = reports.map((r, i) => [r.slug, i]).sort(([a], [b]) => a.localeCompare(b));
  reportTexts.splice(0, reportTexts.length, ...order.map(([, i]) => reportTexts[i]));
  reports.splice(0, reports.length, ...order.map(([, i]) => reports[i]));
  const csvTexts = {};
  for (const r of reports)
    for (const t of r.tables) csvTexts[t.path] = fs.readFileSync(path.join(dataDir, t.path), 'utf8');

  const atlas = { comparisons: readComparisons(dataDir) };
  const readJson = (file, empty) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : empty);
  const subjects = { subjects: readSubjects(dataDir) };
  const platforms = readJson(path.join(dataDir, 'platforms.json'), {});

  // # Process data: the charts of each report (from the plan cache when the report, its tables and
  // the chart code are unchanged), then one chart per comparison across reports.
  const { measure } = loadFonts();
  const index = { charts: {}, findings: {}, reports: {}, by_table: {}, not_drawn: {} };
  let planned = 0;
  /** Comparisons and subjects planned afresh (not from the plan cache). */
  let atlasPlanned = 0;
  /** Chart ids so far: one file name each, whichever group a chart is in. */
  const ids = new Set();
  const claim = (id) => {
    if (ids.has(id))
      throw new Error(
        `${id}: two charts have this id (a report slugged "compare" or "subject" clashes with the atlas's charts of that name)`,
      );
    ids.add(id);
  };
  // The atlas's charts, one comparison or subject at a time: from the plan cache when it and the chart
  // code are unchanged, else planned in a worker, started now (the workers plan them while this
  // thread plans the reports' charts).
  const platformsKey = sha256(jsonText(platforms));
  const atlasPlans = [
    ...atlas.comparisons.map((item) => ['comparison', item]),
    ...subjects.subjects.map((item) => ['subject', item]),
  ].map(([what, item]) => {
    const key = sha256('atlas-plan', PLAN_CODE, what, jsonText(item), what === 'subject' ? platformsKey : '');
    usedPlans.add(key);
    const file = planDir && path.join(planDir, `${key}.json`);
    if (file && fs.existsSync(file)) return { what, planned: () => JSON.parse(fs.readFileSync(file, 'utf8')) };
    atlasPlanned++;
    const planned = pool.plan(what, item, platforms).then((p) => {
      if (file) writeFileAtomic(file, JSON.stringify(p));
      return p;
    });
    planned.catch(() => {}); // awaited in order below, where a failure stops the build
    return { what, planned: () => planned };
  });
  /** The charts to draw, planned as the render loop asks for them (the index filled on the way). */
  async function* plan() {
    for (const [i, report] of reports.entries()) {
      const p = planReport(report, reportTexts[i], csvTexts, measure);
      for (const part of ['findings', 'reports', 'by_table', 'not_drawn'])
        if (p.index[part][report.slug] !== undefined) index[part][report.slug] = p.index[part][report.slug];
      for (const chart of p.charts) {
        claim(chart.id);
        index.charts[chart.id] = chart.entry;
        planned++;
        yield chart;
      }
    }
    index.comparisons = {};
    index.subjects = {};
    index.singles = {};
    for (const { what, planned: atlasPlan } of atlasPlans) {
      const item = await atlasPlan();
      // A subject with one figure and no chart: its sentence, by subject id (subjects.mjs singles).
      Object.assign(index.singles, item.singles ?? {});
      for (const chart of item.charts) {
        // Indexed by comparison id, subjects' by chart id (as comparisons.mjs and subjects.mjs do).
        if (what === 'comparison') index.comparisons[chart.entry.comparison] = chart.entry;
        else index.subjects[chart.id] = chart.entry;
        claim(chart.id);
        planned++;
        yield chart;
      }
    }
  }
  // The frame width below which pages show the narrow drawings (assets/js/atlas.js reads it from here).
  index.layout = { narrow_below: NARROW_BELOW, narrow_width: NARROW_WIDTH };
  let rendered = 0;
  let cached = 0;
  // The size of each chart's embed page at every width, for its iframe snippets (embed-height.mjs),
  // worked out on this thread as each chart is drawn, while the workers draw the next ones.
  const bySlug = new Map(reports.map((r) => [r.slug, r]));
  const reportKey = new Map(reports.map((r, i) => [r.slug, sha256(reportTexts[i])]));
  const fonts = loadFonts();
  let embedSizes = 0;
  const sizeEmbed = (entry) => {
    const from = entry.sources.map((slug) => {
      if (!bySlug.has(slug))
        throw new Error(`${entry.id}: draws from report ${slug}, which data/reports/ does not hold (run npm run data)`);
      return bySlug.get(slug);
    });
    const key = sha256('embed', PLAN_CODE, jsonText(entry), ...entry.sources.map((slug) => reportKey.get(slug)));
    usedEmbeds.add(key);
    const file = embedDir && path.join(embedDir, `${key}.json`);
    if (file && fs.existsSync(file)) entry.embed_size = JSON.parse(fs.readFileSync(file, 'utf8'));
    else {
      entry.embed_size = {
        full: embedSize(entry, from, { measure: fonts.measure }),
        plain: embedSize(entry, from, { plain: true, measure: fonts.measure }),
      };
      embedSizes++;
      if (file) writeFileAtomic(file, jsonText(entry.embed_size));
    }
  };
  if (!shard)
    for (const dir of [chartsDir, inlineDir, path.join(outDir, 'data')]) fs.mkdirSync(dir, { recursive: true });
  const written = new Set();
  const inlined = new Set();
  /** Cache keys this build used (the rest is pruned at the end). */
  const used = new Set();
  // A few charts at a time (resvg and zlib work on libuv's threads meanwhile), each written out as
  // soon as it is done: memory stays flat and the cost grows linearly with the number of charts.
  await mapLimit(plan(), CONCURRENCY, async (chart) => {
    const { specJson } = chart;
    const narrow = chart.narrow ?? {};
    const key = sha256(specJson, jsonText(narrow), RECIPE, rendererVersion, POSTPROCESS);
    used.add(key);
    if (!inShard(key)) return;
    let files = fromCache(key);
    let size;
    if (files) {
      cached++;
      size = JSON.parse(fs.readFileSync(files['.size.json'], 'utf8'));
      if (withPng) size.png = pngFileSize(files['.png']);
    } else {
      const spec = JSON.parse(specJson);
      const clash = themeColorsInData(spec);
      if (clash.length) throw new Error(`${chart.id}: data colours ${clash.join(', ')} are theme colours; pick others`);
      let r;
      try {
        r = await pool.render(spec, chart.id, narrow, { png: withPng });
        checkDrawing(chart, r);
      } catch (e) {
        // A report's chart falls back to its table; the atlas's own charts (comparisons, subjects) fail the build.
        if (!chart.entry.report || !index.charts[chart.id]) throw e;
        warn(notDrawn(index, chart.entry, e.message));
        return;
      }
      rendered++;
      size = {
        ...svgSize(r.svg),
        inline: svgSize(r.svgWide),
        narrow: svgSize(r.svgNarrow),
      };
      const contents = {
        '.vg.json': r.vg,
        '.narrow.vg.json': r.vgNarrow,
        '.svg': themedSvg(r.svg),
        ...(r.png ? { '.png': r.png } : {}),
        // The layouts pages inline, ready to (layouts/_partials/helpers/chart-layouts.html).
        '.page.svg': pageSvg(r.svgWide, chart.id, 'wide'),
        '.page.narrow.svg': pageSvg(r.svgNarrow, chart.id, 'narrow'),
        '.size.json': jsonText(size),
      };
      if (r.png) size.png = pngSize(r.png);
      if (cacheDir) {
        fs.mkdirSync(cacheDir, { recursive: true });
        files = {};
        for (const [suffix, content] of Object.entries(contents)) {
          files[suffix] = path.join(cacheDir, key + suffix);
          writeFileAtomic(files[suffix], content);
        }
      } else files = contents;
    }
    if (shard) return; // a shard only fills the cache
    Object.assign(chart.entry, size);
    // No PNG drawn: none linked, none named in the index (pages then offer none).
    if (!withPng) delete chart.entry.files.png;
    sizeEmbed(chart.entry);
    // # Save outputs: the spec and the plotted rows; the products linked from the cache (or written).
    for (const [ext, content] of [
      ['.vl.json', specJson],
      ['.csv', chart.csv],
    ]) {
      writeFileAtomic(path.join(chartsDir, chart.id + ext), content);
      written.add(chart.id + ext);
    }
    for (const [suffix, where, ext] of WANTED) {
      if (!where) continue;
      const [dir, names] = where === 'static' ? [chartsDir, written] : [inlineDir, inlined];
      const to = path.join(dir, chart.id + ext);
      if (cacheDir) linkFileAtomic(files[suffix], to);
      else writeFileAtomic(to, files[suffix]);
      names.add(chart.id + ext);
    }
  });
  await pool.close();
  if (shard) {
    if (!args.quiet)
      console.log(
        `charts: shard ${shard.i}/${shard.n}: ${rendered} rendered, ${cached} from cache, ${Math.round(performance.now() - started)} ms -> ${path.relative(process.cwd(), cacheDir) || '.'}/`,
      );
    process.exit(0);
  }
  // Every chart has one (a report's, a comparison's and a subject's: each credits its sources),
  // sized above as soon as it was drawn or taken from the cache; any other would be sized here.
  for (const entry of [index.charts, index.comparisons, index.subjects].flatMap((g) => Object.values(g ?? {})))
    if (!entry.embed_size) sizeEmbed(entry);
  for (const f of fs.readdirSync(chartsDir)) if (!written.has(f)) fs.rmSync(path.join(chartsDir, f), { force: true });
  for (const f of fs.readdirSync(inlineDir)) if (!inlined.has(f)) fs.rmSync(path.join(inlineDir, f), { force: true });
  // The claims each chart's sentence says (claims.mjs) are written beside the index, not in it: the
  // findings checker reads them with each chart's CSV (tests/helpers/findings.mjs); Hugo, which loads
  // every file of data/, never does, so the site's build reads no more than it did.
  const claims = {};
  for (const entry of [index.charts, index.comparisons, index.subjects, index.singles].flatMap((g) =>
    Object.values(g ?? {}),
  )) {
    if (entry.claims?.length) claims[entry.id] = entry.claims;
    if (entry.headline_claims?.length) claims[`${entry.id}#headline`] = entry.headline_claims;
    delete entry.claims;
    delete entry.headline_claims;
  }
  writeFileAtomic(path.join(outDir, 'claims.json'), sortedJsonText(claims));
  writeFileAtomic(path.join(outDir, 'data', 'charts.json'), sortedJsonText(index));
  const pruned = cacheDir ? pruneCache(cacheDir, used) : 0;
  if (planDir) pruneCache(planDir, usedPlans);
  if (embedDir) pruneCache(embedDir, usedEmbeds);

  // For the bench (scripts/bench/workspace.mjs): what this stage did, and its CPU time, every
  // thread of the process (the render workers, resvg's and zlib's) counted; wall time is shared.
  if (process.env.CHARTS_STATS) {
    const { user, system } = process.cpuUsage();
    const stats = {
      planned,
      atlas_planned: atlasPlanned,
      rendered,
      cached,
      embed_sizes: embedSizes,
      cpu_ms: Math.round((user + system) / 1000),
    };
    writeFileAtomic(process.env.CHARTS_STATS, jsonText(stats));
  }
  if (!args.quiet) {
    const ms = Math.round(performance.now() - started);
    console.log(
      `charts: ${planned} charts, ${rendered} rendered, ${cached} from cache, ${pruned} cache entries pruned, ${ms} ms -> ${path.relative(process.cwd(), chartsDir) || '.'}/`,
    );
  }
} catch (e) {
  await pool.close();
  console.error(`build-charts: ${e.message}`);
  if (process.env.DEBUG) console.error(e.stack);
  process.exit(1);
}
