// CLI: check the built site in public/ as files, before any browser opens it.
//  1. every page is valid HTML: html-validate with .htmlvalidate.mjs (the recommended rules, a few
//     relaxed, each with its reason there);
//  2. every internal link and resource resolves to a file of public/: href and src of pages (and of
//     the inline SVG), srcset, url() in stylesheets, and #fragments: /seeds/<slug>/#L42 needs an
//     element with id "L42" in that page. An integrity attribute must match the file it names.
//     External links are not followed; a javascript: URL is always a problem;
//  3. under /reports/ only pages, citations and images whose bytes are the type their name says;
//  4. every file of the site's scripts and search index is whole: scripts parse, JSON parses, the
//     index's gzipped files (its WebAssembly too) decompress (whole.mjs);
//  5. _headers gives every page the policy of its <meta> tag plus frame-ancestors (lib/headers.mjs);
//  6. every chart's legends, in its published SVG and in the drawings pages inline: no two entries
//     of a legend drawn alike, none outside the drawing or cut short (legends.mjs);
//  7. no page but the seed pages (the reports as published) shows a raw field name of the table
//     schemas in its visible text: columns go by their titles in the data dictionary (raw-names.mjs).
// One line per problem, `<file>: <what is broken>`; exit 1 if there is any.
// Usage: node scripts/check/validate-site.mjs [--dir public] [--base /] [--no-html]
//   --base: the base URL the site was built for (a build with --publish: its publishURL).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { cliArgs } from '../lib/args.mjs';
import { HtmlValidate, FileSystemConfigLoader } from 'html-validate';
import { ROOT } from '../lib/paths.mjs';
import { walk } from '../lib/fs.mjs';
import { attrOf, elements, parseHtml } from './html.mjs';
import { IMAGE_WORDS, imageType, typeOfExtension } from '../lib/image.mjs';
import { wholeProblem } from './whole.mjs';
import { pageHeadersProblem, parseHeaders } from '../lib/headers.mjs';
import { legendProblems } from './legends.mjs';
import { rawNamesIn, rawNamesOf } from './raw-names.mjs';
import { loadSchemas } from '../data/schemas.mjs';

const { values } = cliArgs(import.meta.url, {
  options: { dir: { type: 'string' }, base: { type: 'string' }, 'no-html': { type: 'boolean' } },
});
const dir = path.resolve(values.dir ?? path.join(ROOT, 'public'));
const base = new URL(values.base ?? '/', 'http://site.invalid/');
const shown = (file) => path.relative(process.cwd(), file).split(path.sep).join('/') || file;

/** Attributes that hold one URL, and the elements they appear on (any element for href in SVG). */
const URL_ATTRS = { href: null, src: null, poster: ['video'], data: ['object'], action: ['form'] };

/** The URLs a page refers to: { url, tag, attr, integrity }. */
function referencesOf(html) {
  const refs = [];
  for (const el of elements(parseHtml(html))) {
    const attr = (name) => attrOf(el, name);
    for (const a of el.attrs) {
      const on = URL_ATTRS[a.name];
      if (on === undefined || (on && !on.includes(el.tagName))) continue;
      // <link rel=preconnect/dns-prefetch> names an origin, not a resource.
      if (el.tagName === 'link' && /\b(preconnect|dns-prefetch)\b/.test(attr('rel') ?? '')) continue;
      refs.push({
        url: a.value.trim(),
        tag: el.tagName,
        attr: a.prefix ? `${a.prefix}:${a.name}` : a.name,
        integrity: attr('integrity'),
      });
    }
    const srcset = attr('srcset');
    if (srcset)
      for (const part of srcset.split(','))
        refs.push({ url: part.trim().split(/\s+/)[0], tag: el.tagName, attr: 'srcset' });
  }
  return refs;
}

/** Ids (and <a name>s) a page defines, parsed once per page. */
const idCache = new Map();
function idsOf(file) {
  if (!idCache.has(file)) {
    const ids = new Set();
    for (const el of elements(parseHtml(fs.readFileSync(file, 'utf8')))) {
      for (const a of el.attrs) if (a.name === 'id' || (a.name === 'name' && el.tagName === 'a')) ids.add(a.value);
    }
    idCache.set(file, ids);
  }
  return idCache.get(file);
}

/** The file public/ serves for a URL on the site, or null. */
function fileFor(u) {
  const rel = decodeURIComponent(u.pathname.slice(base.pathname.length));
  const p = path.join(dir, rel);
  if (!p.startsWith(dir)) return null;
  if (fs.existsSync(p) && fs.statSync(p).isDirectory()) {
    const index = path.join(p, 'index.html');
    return fs.existsSync(index) ? index : null;
  }
  return fs.existsSync(p) ? p : null;
}

/** What is wrong with one reference from a page at pageUrl, or null. */
function checkReference(ref, pageUrl, pageFile) {
  const label = `${ref.tag} ${ref.attr}="${ref.url.length > 100 ? ref.url.slice(0, 97) + '...' : ref.url}"`;
  if (/^\s*javascript:/i.test(ref.url)) return `${label}: a javascript: URL`;
  let u;
  try {
    u = new URL(ref.url, pageUrl);
  } catch {
    return `${label}: not a URL`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null; // mailto:, data:, ...
  if (u.origin !== base.origin) return null; // external: not followed
  if (!u.pathname.startsWith(base.pathname)) return `${label}: outside the site's base path ${base.pathname}`;
  const target = fileFor(u);
  if (!target) return `${label}: no such file in ${shown(dir)}/`;
  if (ref.integrity) {
    const [algo, digest] = ref.integrity.split('-');
    const actual = createHash(algo).update(fs.readFileSync(target)).digest('base64');
    if (actual !== digest) return `${label}: integrity ${ref.integrity} does not match ${shown(target)}`;
  }
  if (u.hash.length > 1 && target.endsWith('.html')) {
    const id = decodeURIComponent(u.hash.slice(1));
    if (!idsOf(target).has(id))
      return `${label}: no element with id "${id}" in ${target === pageFile ? 'this page' : shown(target)}`;
  }
  return null;
}

const problems = [];
const files = walk(dir);
const pages = files.filter((f) => f.endsWith('.html'));
if (!pages.length) {
  console.error(`${shown(dir)}: no HTML pages (run npm run build first)`);
  process.exit(1);
}

// 1. Valid HTML.
if (!values['no-html']) {
  const validator = new HtmlValidate(new FileSystemConfigLoader({ extends: [] }));
  for (const file of pages) {
    const report = await validator.validateFile(file);
    for (const r of report.results) {
      for (const m of r.messages)
        problems.push(
          `${shown(file)}:${m.line}:${m.column}: ${m.message} [${m.ruleId}]${m.selector ? ` at ${m.selector}` : ''}`,
        );
    }
  }
}

// 2. Links and resources.
for (const file of pages) {
  const pageUrl = new URL(path.relative(dir, file).split(path.sep).join('/'), base);
  const seen = new Set();
  for (const ref of referencesOf(fs.readFileSync(file, 'utf8'))) {
    const key = `${ref.tag} ${ref.attr} ${ref.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const problem = checkReference(ref, pageUrl, file);
    if (problem) problems.push(`${shown(file)}: ${problem}`);
  }
}
for (const file of files.filter((f) => f.endsWith('.css'))) {
  const cssUrl = new URL(path.relative(dir, file).split(path.sep).join('/'), base);
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)) {
    const problem = checkReference({ url: m[2], tag: 'css', attr: 'url' }, cssUrl, file);
    if (problem) problems.push(`${shown(file)}: ${problem}`);
  }
}

// 3. Nothing under /reports/ but pages, citations and images whose bytes are the type their name
// says (lib/image.mjs): a file named .html, .svg or .js there would run on the site's origin.
for (const file of files) {
  const rel = path.relative(dir, file).split(path.sep).join('/');
  if (!rel.startsWith('reports/')) continue;
  const name = path.posix.basename(rel);
  if (['index.html', 'citation.bib', 'citation.csl.json'].includes(name)) continue;
  const named = typeOfExtension(path.posix.extname(name));
  const found = imageType(fs.readFileSync(file));
  if (!named)
    problems.push(
      `${shown(file)}: expected only pages, citations and ${IMAGE_WORDS} under reports/, found a ${path.posix.extname(name) || 'file without extension'} file`,
    );
  else if (found !== named)
    problems.push(
      `${shown(file)}: expected ${IMAGE_WORDS} whose bytes match its name, found ${found ? `a ${found.toUpperCase()} image` : 'other bytes'}`,
    );
}

// 4. Whole files: a script or index file cut short (a writer ended before it flushed) fails here,
// not in a reader's browser.
for (const file of files) {
  const rel = path.relative(dir, file).split(path.sep).join('/');
  if (!rel.endsWith('.js') && !rel.startsWith('pagefind/')) continue;
  const problem = wholeProblem(rel, fs.readFileSync(file));
  if (problem) problems.push(`${shown(file)}: ${problem}`);
}

// 5. The headers a host that reads _headers sends with each page: the same policy as the page's
// <meta> tag, and the directives only a header can carry.
const headersFile = path.join(dir, '_headers');
if (!fs.existsSync(headersFile)) problems.push(`${shown(headersFile)}: missing (layouts/home.headers makes it)`);
else {
  const rules = parseHeaders(fs.readFileSync(headersFile, 'utf8'));
  for (const file of pages) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    const pathname = `${base.pathname}${rel.replace(/(^|\/)index\.html$/, '$1')}`;
    // The tag as Hugo writes it (a regular expression: parsing every page again costs seconds at scale).
    const meta = /<meta http-equiv="?Content-Security-Policy"? content="([^"]*)"/i.exec(fs.readFileSync(file, 'utf8'));
    const policy = meta?.[1].replace(/&#(\d+);|&(quot|amp|lt|gt);/g, (_, n, e) =>
      n ? String.fromCharCode(Number(n)) : { quot: '"', amp: '&', lt: '<', gt: '>' }[e],
    );
    const problem = pageHeadersProblem(rules, pathname, policy, base.pathname);
    if (problem) problems.push(`${shown(file)}: ${problem}`);
  }
}

// 6. Legends a reader can read: each category its own look, every entry whole and in the drawing.
const drawings = new Set();
for (const file of files) {
  const rel = path.relative(dir, file).split(path.sep).join('/');
  let svgs = [];
  if (rel.startsWith('charts/') && rel.endsWith('.svg')) svgs = [fs.readFileSync(file, 'utf8')];
  else if (rel.endsWith('.html')) {
    const html = fs.readFileSync(file, 'utf8');
    if (html.includes('chart-wide') || html.includes('chart-narrow'))
      svgs = [...html.matchAll(/<svg [^>]*class="marks chart-(?:wide|narrow)"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
  }
  for (const svg of svgs) {
    if (drawings.has(svg)) continue;
    drawings.add(svg);
    const id = /aria-labelledby="([^"]*)-title"/.exec(svg)?.[1];
    for (const problem of legendProblems(svg)) problems.push(`${shown(file)}${id ? ` (${id})` : ''}: ${problem}`);
  }
}

// 7. Columns by their titles, never their raw names, in what a reader sees.
const rawNames = rawNamesOf(loadSchemas());
for (const file of pages) {
  const rel = path.relative(dir, file).split(path.sep).join('/');
  if (rel.startsWith('seeds/') || rel.startsWith('pagefind/')) continue;
  for (const { name, context } of rawNamesIn(fs.readFileSync(file, 'utf8'), rawNames))
    problems.push(
      `${shown(file)}: expected column titles in the text a reader sees, found the field name ${name} ("…${context}…")`,
    );
}

for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`validate-site: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${shown(dir)}/`);
  process.exit(1);
}
console.log(`validate-site: ${pages.length} pages valid, every internal link and resource resolves`);
