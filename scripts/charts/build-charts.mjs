// CLI: data/ -> every chart of every report: a self-contained Vega-Lite spec, the compiled Vega
// spec, one SVG that follows the reader's light or dark theme (and a copy forced dark, for
// <picture> snippets), a PNG at twice the size and the CSV of the plotted rows, in
// <out>/static/charts/ (a chart no longer produced is removed), and the index <out>/data/charts.json
// for Hugo. <out> is build/charts/. The comparisons across reports (data/atlas/comparisons.json) get
// one chart each (comparisons.mjs), indexed under `comparisons`; the subjects (data/atlas/subjects.json)
// one chart of their figures across reports each (subjects.mjs), indexed under `subjects`.
// Same input, same bytes. Each chart is compiled and drawn once, in a pool of worker threads (one
// per core, pool.mjs); renders are cached by content hash in .cache/charts/ (key: the spec and the
// renderer version), as the files they publish: a chart from the cache is hard-linked into place,
// not rendered, read or written again. Output is the same either way.
// Usage: node scripts/charts/build-charts.mjs [--data DIR] [--out DIR] [--cache DIR | --no-cache] [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/paths.mjs';
import { sha256 } from '../lib/hash.mjs';
import { toCsv } from '../lib/csv.mjs';
import { linkFileAtomic, writeFileAtomic } from '../lib/fs.mjs';
import { jsonText, sortedJsonText } from '../lib/json.mjs';
import { countMarks, loadFonts, rendererVersion, svgSize } from './render.mjs';
import { createPool, poolSize } from './pool.mjs';
import { planCharts } from './plan.mjs';
import { planComparisonCharts } from './comparisons.mjs';
import { planSubjectCharts } from './subjects.mjs';
import { embedHeight } from './embed-height.mjs';
import { forcedDarkSvg, themeColorsInData, themedSvg } from './shared/theme.mjs';
import { NARROW_BELOW, NARROW_MIN_FONT, NARROW_WIDTH, fontSizes, pageSvg } from './shared/layouts.mjs';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    quiet: { type: 'boolean' },
  },
});
const dataDir = path.resolve(args.data ?? path.join(ROOT, 'data'));
const outDir = path.resolve(args.out ?? path.join(ROOT, 'build', 'charts'));
const cacheDir = args['no-cache'] ? null : path.resolve(args.cache ?? path.join(ROOT, '.cache', 'charts'));
const chartsDir = path.join(outDir, 'static', 'charts');
const inlineDir = path.join(outDir, 'inline');
const started = performance.now();

// How a spec becomes the cached files (render.mjs's renderChart, then the themes and the page
// layouts below): part of the cache key.
const RECIPE = 'standalone svg themed + dark + png x2 on white; wide vg + page svg; narrow vg + page svg (ids scoped)';

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
  ['.dark.svg', 'static', '.dark.svg'],
  ['.png', 'static', '.png'],
  ['.page.svg', 'inline', '.svg'],
  ['.page.narrow.svg', 'inline', '.narrow.svg'],
  ['.size.json', null, null],
];

/** A chart's products from the cache (file name by suffix), or undefined when any file is missing. */
function fromCache(key) {
  if (!cacheDir) return undefined;
  const files = Object.fromEntries(PRODUCTS.map(([suffix]) => [suffix, path.join(cacheDir, key + suffix)]));
  return Object.values(files).every((f) => fs.existsSync(f)) ? files : undefined;
}

// Charts in flight: two per worker, so that a worker never waits while the main thread writes.
const CONCURRENCY = 2 * poolSize();

/** Run fn over items, at most `limit` at a time, in order of start. */
async function mapLimit(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const pool = createPool();

try {
  // # Load inputs.
  const reportsDir = path.join(dataDir, 'reports');
  const reports = fs
    .readdirSync(reportsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(reportsDir, f), 'utf8')));
  const csvTexts = {};
  for (const r of reports)
    for (const t of r.tables) csvTexts[t.path] = fs.readFileSync(path.join(dataDir, t.path), 'utf8');

  const atlasFile = path.join(dataDir, 'atlas', 'comparisons.json');
  const atlas = fs.existsSync(atlasFile) ? JSON.parse(fs.readFileSync(atlasFile, 'utf8')) : { comparisons: [] };
  const readJson = (file, empty) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : empty);
  const subjects = readJson(path.join(dataDir, 'atlas', 'subjects.json'), { subjects: [] });
  const platforms = readJson(path.join(dataDir, 'platforms.json'), {});

  // # Process data: the charts of each report, then one chart per comparison across reports.
  const { charts, index } = planCharts(reports, csvTexts);
  const compared = planComparisonCharts(atlas);
  charts.push(...compared.charts);
  index.comparisons = compared.index;
  const subjectCharts = planSubjectCharts(subjects, platforms);
  charts.push(...subjectCharts.charts);
  index.subjects = subjectCharts.index;
  // The frame width below which pages show the narrow drawings (assets/js/atlas.js reads it from here).
  index.layout = { narrow_below: NARROW_BELOW, narrow_width: NARROW_WIDTH };
  const { measure } = loadFonts();
  for (const { id, spec } of charts) {
    // A title wider than the chart would be cut off at the edge: fail instead.
    const room = spec.width - 2 * spec.config.padding;
    const { title } = spec.config;
    const subtitles = [spec.title.subtitle ?? []].flat();
    for (const [text, size, weight] of [
      [spec.title.text, title.fontSize, 'bold'],
      ...subtitles.map((t) => [t, title.subtitleFontSize, 'normal']),
    ]) {
      if (measure(text, size, weight) > room)
        throw new Error(`${id}: title too wide for ${spec.width} pixels: ${JSON.stringify(text)}`);
    }
  }
  let rendered = 0;
  let cached = 0;
  fs.mkdirSync(chartsDir, { recursive: true });
  fs.mkdirSync(inlineDir, { recursive: true });
  fs.mkdirSync(path.join(outDir, 'data'), { recursive: true });
  const written = new Set();
  const inlined = new Set();
  // A few charts at a time (resvg and zlib work on libuv's threads meanwhile), each written out as
  // soon as it is done: memory stays flat and the cost grows linearly with the number of charts.
  await mapLimit(charts, CONCURRENCY, async (chart) => {
    const specJson = jsonText(chart.spec);
    const narrow = chart.narrow ?? {};
    const key = sha256(specJson, jsonText(narrow), RECIPE, rendererVersion);
    let files = fromCache(key);
    let size;
    if (files) {
      cached++;
      size = JSON.parse(fs.readFileSync(files['.size.json'], 'utf8'));
    } else {
      const clash = themeColorsInData(chart.spec);
      if (clash.length) throw new Error(`${chart.id}: data colours ${clash.join(', ')} are theme colours; pick others`);
      const r = await pool.render(chart.spec, chart.id, narrow);
      rendered++;
      for (const [layout, svg] of [
        ['standalone', r.svg],
        ['wide', r.svgWide],
        ['narrow', r.svgNarrow],
      ]) {
        const marks = countMarks(svg, chart.markClass);
        if (marks !== chart.rows.length) {
          throw new Error(
            `${chart.id}: the ${layout} SVG has ${marks} ${chart.markClass} items for ${chart.rows.length} plotted rows`,
          );
        }
      }
      const small = Math.min(...fontSizes(r.svgNarrow));
      if (small < NARROW_MIN_FONT) throw new Error(`${chart.id}: the narrow layout has text of ${small} px`);
      size = { ...svgSize(r.svg), inline: svgSize(r.svgWide), narrow: svgSize(r.svgNarrow) };
      const contents = {
        '.vg.json': r.vg,
        '.narrow.vg.json': r.vgNarrow,
        '.svg': themedSvg(r.svg),
        '.dark.svg': forcedDarkSvg(r.svg),
        '.png': r.png,
        // The layouts pages inline, ready to (layouts/_partials/helpers/chart-layouts.html).
        '.page.svg': pageSvg(r.svgWide, chart.id, 'wide'),
        '.page.narrow.svg': pageSvg(r.svgNarrow, chart.id, 'narrow'),
        '.size.json': jsonText(size),
      };
      if (cacheDir) {
        fs.mkdirSync(cacheDir, { recursive: true });
        files = {};
        for (const [suffix, content] of Object.entries(contents)) {
          files[suffix] = path.join(cacheDir, key + suffix);
          writeFileAtomic(files[suffix], content);
        }
      } else files = contents;
    }
    Object.assign(chart.entry, size);
    // # Save outputs: the spec and the plotted rows; the products linked from the cache (or written).
    for (const [ext, content] of [
      ['.vl.json', specJson],
      [
        '.csv',
        toCsv(
          chart.rows,
          chart.fields.map((f) => f.name),
        ),
      ],
    ]) {
      writeFileAtomic(path.join(chartsDir, chart.id + ext), content);
      written.add(chart.id + ext);
    }
    for (const [suffix, where, ext] of PRODUCTS) {
      if (!where) continue;
      const [dir, names] = where === 'static' ? [chartsDir, written] : [inlineDir, inlined];
      const to = path.join(dir, chart.id + ext);
      if (cacheDir) linkFileAtomic(files[suffix], to);
      else writeFileAtomic(to, files[suffix]);
      names.add(chart.id + ext);
    }
  });
  await pool.close();
  // The height of each chart's embed page, for its iframe snippets (embed-height.mjs).
  const bySlug = new Map(reports.map((r) => [r.slug, r]));
  for (const entry of Object.values(index.charts)) {
    const report = bySlug.get(entry.report);
    entry.embed_height = { full: embedHeight(entry, report), plain: embedHeight(entry, report, { plain: true }) };
  }
  for (const f of fs.readdirSync(chartsDir)) if (!written.has(f)) fs.rmSync(path.join(chartsDir, f), { force: true });
  for (const f of fs.readdirSync(inlineDir)) if (!inlined.has(f)) fs.rmSync(path.join(inlineDir, f), { force: true });
  writeFileAtomic(path.join(outDir, 'data', 'charts.json'), sortedJsonText(index));

  if (!args.quiet) {
    const ms = Math.round(performance.now() - started);
    console.log(
      `charts: ${charts.length} charts, ${rendered} rendered, ${cached} from cache, ${ms} ms -> ${path.relative(process.cwd(), chartsDir) || '.'}/`,
    );
  }
} catch (e) {
  await pool.close();
  console.error(`build-charts: ${e.message}`);
  if (process.env.DEBUG) console.error(e.stack);
  process.exit(1);
}
