// CLI: public/ -> public/pagefind/, the full-text search index of the site, built with Pagefind's
// Node API after Hugo. Only what a page marks with data-pagefind-body is indexed (report, platform,
// seed and chart pages); inside it, EXCLUDE is left out: breadcrumbs, share, embed and citation
// snippets, chart SVGs, seed line numbers and "line N" links. The data tables are left out too: on
// 2026-11-23 they were 22 % of the index (169 KB with them, 132 KB without) and only match numbers,
// while every name in them is also in the report's text. Same input, same bytes (checked twice).
// The search page reads the index with pagefind.js (assets/js/search.js).
// Usage: node scripts/search/build-search.mjs [--site public] [--keep-tables]
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as pagefind from 'pagefind';
import { ROOT } from '../lib/paths.mjs';
import { writeTreeAtomic } from '../lib/fs.mjs';

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

const { values } = parseArgs({ options: { site: { type: 'string' }, 'keep-tables': { type: 'boolean' } } });
const site = path.resolve(values.site ?? path.join(ROOT, 'public'));
const out = path.join(site, 'pagefind');

// # Load inputs.
const excludeSelectors = values['keep-tables'] ? EXCLUDE : [...EXCLUDE, ...TABLES];
const { index, errors } = await pagefind.createIndex({ excludeSelectors, forceLanguage: 'en' });
if (!index) throw new Error(`build-search: Pagefind did not start: ${errors.join('; ')}`);

// # Process data.
const added = await index.addDirectory({ path: site });
if (added.errors.length) throw new Error(`build-search: ${added.errors.join('; ')}`);
if (added.page_count === 0) throw new Error(`build-search: no page of ${site} is marked data-pagefind-body`);

// # Save outputs.
// The files are taken from Pagefind and written here, in one swap like every folder the build
// writes, not by its writeFiles: that answers before its service has flushed every file, and close()
// then ended the service with a file half-written (pagefind-worker.js cut at 40,960 bytes in a CI
// build of 2026-11-23). Its ready-made UIs are left out: the site uses its JS API only.
const got = await index.getFiles();
if (got.errors.length) throw new Error(`build-search: ${got.errors.join('; ')}`);
await pagefind.close();
const files = new Map(got.files.filter((f) => !UNUSED.test(f.path)).map((f) => [f.path, f.content]));
writeTreeAtomic(out, files);

// The index proper (what a search downloads from, besides pagefind.js and its WebAssembly).
const inIndex = [...files].filter(([p]) => /^(index|fragment|filter)\//.test(p));
const indexed = inIndex.filter(([p]) => p.startsWith('fragment/')).length;
const kb = (inIndex.reduce((n, [, content]) => n + content.length, 0) / 1024).toFixed(1);
console.log(`build-search: ${indexed} pages indexed -> ${path.relative(ROOT, out)}/ (index ${kb} KB)`);
