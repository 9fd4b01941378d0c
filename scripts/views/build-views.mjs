// CLI: data/ -> what the site needs beside the charts, in build/views/ (replaced in one swap, so a
// file no longer produced is gone):
//  - static/data/<slug>/<table>.json: each table as JSON (the CSV's rows, typed), for download;
//  - data/views/<slug>.json: each table's heading, columns (labels with units) and downloads, and
//    the original images; html/tables/<slug>/<table>.html: its rows as the page shows them (numbers
//    formatted for reading, the raw value kept for sorting, the seed line of every row), and
//    html/seeds/<slug>.html: the seed's numbered lines, those that produced data marked
//    (fragments.mjs: HTML for Hugo to include as it is, with the site's base path in its links);
//  - data/comparisons.json: the comparisons across reports (data/atlas/comparisons/<id>.json) without
//    their rows, html/compare/<id>.html: the rows of each one's values table, and
//    static/data/comparisons/<id>.json: each one whole, for the compare view;
//  - static/data/compare-index.json: per measure, entity and report the best value with its seed
//    line, spread and conditions, and each report's per-core and per-GHz divisors, for the compare
//    view (compare-index.mjs);
//  - static/reports/<slug>/<table>-original.<png|jpg|gif|webp>: the images digitized tables were read
//    from, the extension chosen from the bytes (lib/image.mjs);
//  - data/schemas.json: the table kinds (the data dictionary) for the methodology page;
//  - data/formats.json: each format a report is read as, with its parser's description;
//  - static/reports/<slug>/citation.bib and citation.csl.json, and data/citations.json (the plain
//    text, BibTeX and CSL-JSON the pages show): how to cite each report (citation.mjs), with the
//    published URLs of config.toml;
//  - static/vendor/: Vega, Vega-Lite and vega-embed, served by the site for embedders.
// It reads data/ and, for the seed text and the original images that data/ names, the files at
// those repository paths (the build declares seeds/ as this stage's input).
// What a report or a comparison gives is cached in .cache/views/<sha256>.json, keyed by everything
// it is made from (its document, its tables' CSV text and schema, its seed and images, the base
// path and site URL, and the code of this stage): a build where one report changed works out that
// report's views only, and the others come from the cache as they were. After a build the cache
// keeps only the entries that build used. --no-cache: work everything out.
// Usage: node scripts/views/build-views.mjs [--root DIR] [--data DIR] [--out DIR] [--base-path /PATH/]
//          [--cache DIR | --no-cache]
// --base-path: the path the site is published under (the path of --baseURL: the build passes it
// with --publish), which the links in the HTML fragments start with; "/" by default.
import fs from 'node:fs';
import { decodeText } from '../lib/decode.mjs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { writeFileAtomic, writeTreeAtomic } from '../lib/fs.mjs';
import { sha256 } from '../lib/hash.mjs';
import { jsonText } from '../lib/json.mjs';
import { readTableOrThrow } from '../lib/table.mjs';
import { loadSchemas } from '../data/schemas.mjs';
import { publishURL } from '../lib/config.mjs';
import { formatNumber } from './format.mjs';
import { comparisonRows, comparisonSummary, seedLines, tableRows } from './fragments.mjs';
import { citation } from './citation.mjs';
import { compareIndex } from './compare-index.mjs';
import { IMAGE_WORDS, extensionOf, imageSize, imageType } from '../lib/image.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { keyColumns, modelNote, notModelled } from './columns.mjs';
import { readComparisons } from '../lib/atlas.mjs';

const { values } = cliArgs(import.meta.url, {
  options: {
    root: { type: 'string' },
    data: { type: 'string' },
    out: { type: 'string' },
    'base-path': { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
  },
});
const basePath = values['base-path'] ?? '/';
if (!/^\/([^/?#\s]+\/)*$/.test(basePath))
  throw new Error(
    `build-views: --base-path: expected a path such as / or /bench-atlas/, found ${JSON.stringify(basePath)}`,
  );
const root = path.resolve(values.root ?? ROOT);
const dataDir = path.resolve(values.data ?? path.join(root, 'data'));
const outDir = path.resolve(values.out ?? path.join(root, 'build', 'views'));
const cacheDir = values['no-cache'] ? null : path.resolve(values.cache ?? path.join(root, '.cache', 'views'));

/**
 * The code whose output is cached: every module of scripts/views/ and scripts/lib/ (what this
 * stage imports), part of every key: a change there works every view out again.
 */
const CODE = sha256(
  ...['views', 'lib'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, 'scripts', dir))
      .filter((f) => f.endsWith('.mjs') && !f.endsWith('.test.mjs'))
      .sort()
      .map((f) => `${dir}/${f}\0${fs.readFileSync(path.join(ROOT, 'scripts', dir, f), 'utf8')}`),
  ),
);
/** Cache keys this build used (the others are pruned after it). */
const used = new Set();

/**
 * The files (and the value) a part of the views gives, from the cache when its key is there, else
 * made by `make()` (which adds its files to a Map and returns a JSON value) and cached.
 * @param {string} key
 * @param {(files: Map<string, string | Buffer>) => any} make
 */
function cached(key, make) {
  used.add(key);
  const file = cacheDir && path.join(cacheDir, `${key}.json`);
  if (file && fs.existsSync(file)) {
    const { entries, value } = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [p, text, base64] of entries) files.set(p, base64 ? Buffer.from(base64, 'base64') : text);
    return value;
  }
  const own = new Map();
  const value = make(own);
  for (const [p, content] of own) files.set(p, content);
  if (file) {
    const entries = [...own].map(([p, c]) => (typeof c === 'string' ? [p, c] : [p, '', c.toString('base64')]));
    writeFileAtomic(file, JSON.stringify({ entries, value }));
  }
  return value;
}

/** @type {Map<string, string | Buffer>} every file of the output folder */
const files = new Map();

/**
 * The most rows of a table a report page holds: past it (100,000 synthetic rows make a 40 MB page),
 * the page shows the first ones and says so, and the downloads keep every row.
 */
const MAX_PAGE_ROWS = 2000;

// # Load inputs.
const pkg = JSON.parse(fs.readFileSync(path.join(dataDir, 'tables/datapackage.json'), 'utf8'));
const byPath = new Map(pkg.resources.map((r) => [r.path, r]));
/** The table kinds (the data dictionary, with each kind's recipe: which columns a phone keeps). */
const schemas = loadSchemas();
const reportFiles = fs
  .readdirSync(path.join(dataDir, 'reports'))
  .filter((f) => f.endsWith('.json'))
  .sort();

const siteURL = publishURL(root);
const citations = {};
const reports = [];
/** @type {Map<string, object[]>} typed measurement rows by report slug, for the compare index */
const measured = new Map();

// # Process data, # Save outputs.
for (const f of reportFiles) {
  const reportText = fs.readFileSync(path.join(dataDir, 'reports', f), 'utf8');
  const report = JSON.parse(reportText);
  // The key: everything this report's views are made from (read here, parsed only on a miss).
  const csvTexts = report.tables.map((t) => fs.readFileSync(path.join(dataDir, t.path), 'utf8'));
  const seedBytes = fs.readFileSync(path.join(root, report.seed.path));
  const imageBytes = report.tables.filter((x) => x.image).map((t) => readImage(t.image, f));
  const key = sha256(
    'report',
    CODE,
    basePath,
    siteURL ?? '',
    reportText,
    ...report.tables.map((t) => JSON.stringify(byPath.get(t.path.replace(/^tables\//, '')) ?? null)),
    ...report.tables.map((t) => JSON.stringify(schemas[t.kind] ?? null)),
    ...csvTexts,
    seedBytes,
    ...imageBytes,
  );
  citations[report.slug] = cached(key, (files) => viewsOf(report, csvTexts, seedBytes, imageBytes, files));
  reports.push(report);
  // The compare view's index reads every report's measurements (cached views or not).
  for (const [i, t] of report.tables.entries()) {
    if (t.kind !== 'measurement') continue;
    const fields = byPath.get(t.path.replace(/^tables\//, '')).schema.fields;
    measured.set(report.slug, [
      ...(measured.get(report.slug) ?? []),
      ...readTableOrThrow(csvTexts[i], fields, { file: `data/${t.path}` }),
    ]);
  }
}

/**
 * An original image named by data/ (the data stage checked its path and type; data/ is a
 * contributor's too, so again here): a file under seeds/, never a path out of it.
 */
function readImage(image, f) {
  const seeds = path.join(root, 'seeds') + path.sep;
  const file = path.resolve(root, image);
  if (!file.startsWith(seeds) || !fs.realpathSync(file).startsWith(fs.realpathSync(seeds)))
    throw new Error(`data/${f}: expected an image under seeds/, found ${JSON.stringify(image)}`);
  return fs.readFileSync(file);
}

/** The views of one report, into `files`; returns its citation. */
function viewsOf(report, csvTexts, seedBytes, imageBytes, files) {
  const cite = citation(report, siteURL);
  files.set(`static/reports/${report.slug}/citation.bib`, cite.bibtex);
  files.set(`static/reports/${report.slug}/citation.csl.json`, cite.csl);
  const tables = [];
  const usedLines = new Set();
  const notInModel = [];
  for (const [i, t] of report.tables.entries()) {
    const resource = byPath.get(t.path.replace(/^tables\//, ''));
    const fields = resource.schema.fields;
    const typed = readTableOrThrow(csvTexts[i], fields, {
      file: `data/${t.path}`,
    });
    files.set(
      `static/data/${report.slug}/${t.id}.json`,
      jsonText({ table: `${report.slug}/${t.id}`, title: t.title, description: t.description, fields, rows: typed }, 1),
    );
    const shown = fields.filter((x) => x.name !== 'seed' && x.name !== 'line' && x.name !== 'line_end');
    const keys = keyColumns({ ...(schemas[t.kind] ?? {}), kind: t.kind, fields });
    for (const r of typed) if (r.seed === report.seed.path) usedLines.add(r.line);
    // The measurement model's table restates a report's own tables: a download, not a second copy on
    // the page, unless some of its rows were read by an adapter or the table fallback (their charts
    // link to it).
    const onPage = t.kind !== 'measurement' || (t.from ?? []).some((f) => !report.tables.some((x) => x.id === f));
    tables.push({
      id: t.id,
      kind: t.kind,
      on_page: onPage,
      title: t.title,
      description: t.description,
      derived: t.derived,
      digitized: t.digitized,
      method: t.method,
      rows_count: typed.length,
      // A page shows the first MAX_PAGE_ROWS rows (in the report's order); the CSV and JSON have all.
      rows_shown: Math.min(typed.length, MAX_PAGE_ROWS),
      csv: `/data/${report.slug}/${t.id}.csv`,
      json: `/data/${report.slug}/${t.id}.json`,
      source_is_seed: t.source === report.seed.path,
      source: t.source,
      columns: shown.map((x) => ({
        name: x.name,
        label: x.title,
        unit: x.unit ?? '',
        numeric: x.type === 'integer' || x.type === 'number',
        // Which columns a reader can filter on in a big table: the schema says (x-filter).
        filter: x['x-filter'] ?? '',
        // The columns a phone keeps (the others behind "Show all columns"): columns.mjs.
        key: keys.has(x.name),
      })),
    });
    const view = tables.at(-1);
    // The numbers a reader sees in this table that the measurement model does not hold (the page says so).
    if (onPage && t.kind !== 'measurement') {
      const columns = notModelled(schemas[t.kind] ?? {}, fields, typed);
      if (columns.length) notInModel.push({ table: t.title, columns });
    }
    const rows = typed.slice(0, MAX_PAGE_ROWS).map((r) => ({
      line: r.line,
      seed: r.seed,
      cells: shown.map((x) => {
        const v = r[x.name];
        const numeric = x.type === 'integer' || x.type === 'number';
        return { v: v === null ? '' : v, t: v === null ? '' : numeric ? formatNumber(v) : String(v) };
      }),
    }));
    if (onPage)
      files.set(`html/tables/${report.slug}/${t.id}.html`, tableRows(view, rows, { slug: report.slug, basePath }));
  }
  for (const view of tables) if (!view.on_page) view.model_note = modelNote(notInModel);
  // Original images that digitized tables were read from, published beside the report.
  const images = {};
  for (const [i, t] of report.tables.filter((x) => x.image).entries()) {
    // Published under a name whose extension the build chooses from its bytes.
    const bytes = imageBytes[i];
    const type = imageType(bytes);
    if (!type) throw new Error(`${t.image}: expected ${IMAGE_WORDS}, found other bytes`);
    const url = `/reports/${report.slug}/${t.id}-original${extensionOf(type)}`;
    files.set(`static${url}`, bytes);
    images[t.id] = { url, ...imageSize(bytes, type), source: t.image };
  }
  // The seed page's lines, each marked when it produced data (one pass in the template).
  const seedText = decodeText(seedBytes)
    .text.replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '');
  const seed = seedText.split('\n').map((text, i) => ({ text, used: usedLines.has(i + 1) }));
  files.set(`html/seeds/${report.slug}.html`, seedLines(seed));
  files.set(`data/views/${report.slug}.json`, jsonText({ slug: report.slug, tables, images }, 0));
  return cite;
}

// The comparisons across reports: what pages read of them, and the rows of their values tables.
const comparisons = readComparisons(dataDir);
for (const c of comparisons) {
  // Conditions by their titles in the data dictionary (the schema of the compared table kind).
  const titles = Object.fromEntries((schemas[c.kind]?.fields ?? []).map((f) => [f.name, f.title]));
  cached(sha256('comparison', CODE, basePath, JSON.stringify(c), JSON.stringify(titles)), (files) => {
    files.set(`html/compare/${c.id}.html`, comparisonRows(c, { basePath, titles }));
    // The compare view (assets/js/compare.js) fetches the one comparison a reader picks.
    files.set(`static/data/comparisons/${c.id}.json`, jsonText(c, 0));
    return null;
  });
}
files.set('data/comparisons.json', jsonText({ comparisons: comparisons.map(comparisonSummary) }, 0));

// The compare view's index: what it needs of every report's measurements, and nothing more.
const entitiesFile = path.join(dataDir, 'atlas', 'entities.json');
const names = fs.existsSync(entitiesFile)
  ? Object.fromEntries(JSON.parse(fs.readFileSync(entitiesFile, 'utf8')).entities.map((e) => [e.id, e.name]))
  : {};
files.set('static/data/compare-index.json', jsonText(compareIndex({ reports, measured, names }), 0));

files.set('data/citations.json', jsonText(citations, 1));

// Each format a report can be read as, with the parser's own description (a report page names its
// tool and format in words, so that a search for "JMH" finds a JMH report).
files.set(
  'data/formats.json',
  jsonText(
    Object.fromEntries(
      Object.keys(parsers)
        .sort()
        .map((name) => [name, { description: parsers[name].description }]),
    ),
    0,
  ),
);

files.set(
  'data/schemas.json',
  jsonText({ kinds: Object.values(schemas).sort((a, b) => (a.kind < b.kind ? -1 : 1)) }, 0),
);

// Vendor scripts for embedders (vega-embed needs Vega and Vega-Lite), with their licences.
const VENDOR = [
  ['vega', 'build/vega.min.js'],
  ['vega-lite', 'build/vega-lite.min.js'],
  ['vega-embed', 'build/vega-embed.min.js'],
];
const versions = {};
for (const [name, file] of VENDOR) {
  const dir = path.join(ROOT, 'node_modules', name);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  files.set(`static/vendor/${name}@${version}.min.js`, fs.readFileSync(path.join(dir, file), 'utf8'));
  files.set(`static/vendor/${name}.LICENSE.txt`, fs.readFileSync(path.join(dir, 'LICENSE'), 'utf8'));
  versions[name.replace('-', '_')] = version;
}
files.set('data/vendor.json', jsonText(versions, 0));

writeTreeAtomic(outDir, files);

// The cache keeps what this build used, and nothing a killed run left half-written.
if (cacheDir && fs.existsSync(cacheDir))
  for (const f of fs.readdirSync(cacheDir)) {
    const key = /^([0-9a-f]{64})\.json$/.exec(f)?.[1];
    if (!key || !used.has(key)) fs.rmSync(path.join(cacheDir, f), { force: true });
  }
