// CLI: public/ -> public/pagefind/, the full-text search index of the site, built with Pagefind's
// Node API after Hugo. Only what a page marks with data-pagefind-body is indexed (report, platform,
// seed, subject, comparison and chart pages); inside it, EXCLUDE is left out: breadcrumbs, share, embed and citation
// snippets, chart SVGs, seed line numbers and "line N" links. The data tables are left out too: on
// 2026-11-23 they were 22 % of the index (169 KB with them, 132 KB without) and only match numbers,
// while every name in them is also in the report's text. Same input, same bytes (checked twice).
// A chart is indexed from its embed page (/charts/<id>/: the chart alone, its title and words) under
// the address of the chart in its report (/reports/<slug>/#<name>, the page's data-search-url), so
// a result opens the chart where a reader reads it, never the bare embed page.
// Beside the index, kinds.json lists the result ids (fragment hashes) of each page kind (the
// data-pagefind-meta "kind" of layouts/_partials/search/meta.html): the search page orders results
// by kind (reports and subjects first, report texts last) and filters on it without loading every
// result's fragment. Not a Pagefind filter: 1.5 writes its filter files differently on each run.
// The search page reads the index with pagefind.js (assets/js/search.js).
// Usage: node scripts/search/build-search.mjs [--site public] [--keep-tables]
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import * as pagefind from 'pagefind';
import { ROOT } from '../lib/paths.mjs';
import { walk, writeTreeAtomic } from '../lib/fs.mjs';
import { chartUrl, kindsJson, namesJson, spaced, termsJson } from './kinds.mjs';

/** What is never indexed, though it sits inside an indexed page body. */
export const EXCLUDE = [
  'nav',
  '.share',
  '.cite-snippets',
  '.lnum',
  '.seed-link',
  '.src',
  '.chart-frame',
  '.chart-links',
];
/** The data tables: left out unless --keep-tables (to measure what they cost). */
export const TABLES = ['.table-scroll'];

/** Pagefind's UI bundles, which the site does not load (their styles would need 'unsafe-inline'). */
const UNUSED = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/;

const { values } = cliArgs(import.meta.url, {
  options: { site: { type: 'string' }, 'keep-tables': { type: 'boolean' } },
});
const site = path.resolve(values.site ?? path.join(ROOT, 'public'));
const out = path.join(site, 'pagefind');

// # Load inputs.
const excludeSelectors = values['keep-tables'] ? EXCLUDE : [...EXCLUDE, ...TABLES];
const { index, errors } = await pagefind.createIndex({ excludeSelectors, forceLanguage: 'en' });
if (!index) throw new Error(`build-search: Pagefind did not start: ${errors.join('; ')}`);

// # Process data.
// Every page but the chart embed pages (the folders by name), read here and given to Pagefind with a
// space after each block's end (kinds.mjs, spaced); then each chart embed page under the chart's
// address in its report.
const folders = fs
  .readdirSync(site, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['charts', 'pagefind'].includes(d.name))
  .map((d) => d.name)
  .sort();
const htmlFiles = [
  ...fs.readdirSync(site).filter((f) => f.endsWith('.html')),
  ...folders.flatMap((d) =>
    walk(path.join(site, d))
      .filter((f) => f.endsWith('.html'))
      .map((f) => path.relative(site, f).split(path.sep).join('/')),
  ),
].sort();
let pages = 0;
for (const rel of htmlFiles) {
  const content = fs.readFileSync(path.join(site, rel), 'utf8');
  if (!content.includes('data-pagefind-body')) continue;
  const url = `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
  const added = await index.addHTMLFile({ url, content: spaced(content) });
  if (added.errors.length) throw new Error(`build-search: ${rel}: ${added.errors.join('; ')}`);
  pages++;
}
const chartsDir = path.join(site, 'charts');
const chartPages = fs.existsSync(chartsDir)
  ? fs
      .readdirSync(chartsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(chartsDir, d.name, 'index.html')))
      .map((d) => d.name)
      .sort()
  : [];
for (const id of chartPages) {
  const content = fs.readFileSync(path.join(chartsDir, id, 'index.html'), 'utf8');
  // A comparison's or a subject's chart is found through its page, not its embed page.
  if (!content.includes('data-pagefind-body')) continue;
  const url = chartUrl(content);
  if (!url) throw new Error(`build-search: charts/${id}/index.html has no data-search-url (layouts/charts/page.html)`);
  const added = await index.addHTMLFile({ url, content: spaced(content) });
  if (added.errors.length) throw new Error(`build-search: charts/${id}: ${added.errors.join('; ')}`);
  pages++;
}
if (pages === 0) throw new Error(`build-search: no page of ${site} is marked data-pagefind-body`);

// # Save outputs.
// The files are taken from Pagefind and written here, in one swap like every folder the build
// writes, not by its writeFiles: that answers before its service has flushed every file, and close()
// then ended the service with a file half-written (pagefind-worker.js cut at 40,960 bytes in a CI
// build of 2026-11-23). Its ready-made UIs are left out: the site uses its JS API only.
const got = await index.getFiles();
if (got.errors.length) throw new Error(`build-search: ${got.errors.join('; ')}`);
await pagefind.close();
const files = new Map(got.files.filter((f) => !UNUSED.test(f.path)).map((f) => [f.path, f.content]));
files.set('kinds.json', kindsJson(files));
files.set('names.json', namesJson(files));
files.set('terms.json', termsJson(files));
writeTreeAtomic(out, files);

// The index proper (what a search downloads from, besides pagefind.js and its WebAssembly).
const inIndex = [...files].filter(([p]) => /^(index|fragment|filter)\//.test(p));
const indexed = inIndex.filter(([p]) => p.startsWith('fragment/')).length;
const kb = (inIndex.reduce((n, [, content]) => n + content.length, 0) / 1024).toFixed(1);
console.log(`build-search: ${indexed} pages indexed -> ${path.relative(ROOT, out)}/ (index ${kb} KB)`);
