// Every sentence the site generates, with the page it is on, for the truth audit
// (docs/truth-audit.md): each chart's finding, description and alt text, each report's headline,
// the report pages' note on the numbers the measurement model does not hold, the subject pages'
// "Written as" and "Also known as", and each comparison's "what differs". A reader checks each one
// against data/ and the seed line it cites; the findings checker (tests/helpers/findings.mjs)
// recomputes the chart sentences from their rows.
//
//   node scripts/check/sentences.mjs [--corpus]     one sentence a line: page <TAB> kind <TAB> text
//     --corpus  also the pages the corpus of real result files (tests/fixtures/corpus) would get
//
// dataReports(dataDir), committedPlan(dataDir): the reports data/ holds and their chart plan
// filePlan(format, file): one result file through the data stage in memory, and its chart plan
// siteSentences(dataDir, plans) -> { page, kind, text }[]
// pageSentences(publicDir) -> { page, kind, text }[]: what the built pages print, templates' words too
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { readComparisons, readSubjects } from '../lib/atlas.mjs';
import { planCharts } from '../charts/plan.mjs';
import { dataReports } from '../data/committed.mjs';
import { loadSchemas } from '../data/schemas.mjs';
import { readTableOrThrow } from '../lib/table.mjs';
import { modelNote, notModelled } from '../views/columns.mjs';
import { walk } from '../lib/fs.mjs';
import { attrOf, elements, parseHtml } from './html.mjs';

/** The sentences of a chart plan's pages: findings, headlines, descriptions, alt texts, the model note. */
export function planSentences({ charts, index }, reports = [], texts = {}) {
  const out = [];
  const schemas = loadSchemas();
  for (const [slug, f] of Object.entries(index.findings)) {
    out.push({ page: `/reports/${slug}/`, kind: 'headline', text: f.headline });
    for (const item of f.items) out.push({ page: `/reports/${slug}/`, kind: 'finding', text: item });
  }
  for (const c of charts) {
    out.push({ page: `/charts/${c.id}/`, kind: 'chart description', text: c.entry.description });
    out.push({ page: `/charts/${c.id}/`, kind: 'chart alt text', text: c.entry.alt });
  }
  // The report page's note under its tables (layouts/reports/page.html, from views/columns.mjs).
  for (const r of reports) {
    const notInModel = r.tables
      .filter((t) => t.kind !== 'measurement' && texts[t.path] !== undefined)
      .map((t) => ({
        table: t.title,
        columns: notModelled(schemas[t.kind] ?? {}, t.columns, readTableOrThrow(texts[t.path], t.columns)),
      }))
      .filter((x) => x.columns.length);
    if (r.tables.some((t) => t.kind === 'measurement'))
      out.push({ page: `/reports/${r.slug}/`, kind: 'model note', text: `${modelNote(notInModel)}.` });
  }
  return out;
}

/** The sentences of the atlas pages: subjects' spellings, comparisons' "what differs". */
export function atlasSentences(dataDir = path.join(ROOT, 'data')) {
  const out = [];
  for (const s of readSubjects(dataDir)) {
    const q = (xs) => xs.map((x) => `“${x}”`).join(', ');
    if (s.written_as?.length)
      out.push({
        page: `/subjects/${s.id}/`,
        kind: 'spellings',
        text: `Written as ${q(s.written_as)} in the reports.`,
      });
    if (s.also_known_as?.length)
      out.push({ page: `/subjects/${s.id}/`, kind: 'spellings', text: `Also known as ${q(s.also_known_as)}.` });
  }
  for (const c of readComparisons(dataDir)) {
    out.push({ page: `/compare/${c.id}/`, kind: 'question', text: c.question });
    out.push({ page: `/compare/${c.id}/`, kind: 'what differs', text: c.what_differs.summary });
  }
  return out;
}

/** Every generated sentence of the site built from data/ (and, given, of other plans). */
export function siteSentences(dataDir = path.join(ROOT, 'data')) {
  const { reports, texts } = dataReports(dataDir);
  return [...planSentences(planCharts(reports, texts), reports, texts), ...atlasSentences(dataDir)];
}

/** The page kinds the truth audit reads in a built site, by address. */
export const PAGE_KINDS = [
  ['home', /^\/$/],
  ['reports list', /^\/reports\/$/],
  ['report', /^\/reports\/[^/]+\/$/],
  ['platforms list', /^\/platforms\/$/],
  ['platform', /^\/platforms\/[^/]+\/$/],
  ['subjects list', /^\/subjects\/$/],
  ['subject', /^\/subjects\/[^/]+\/$/],
  ['comparisons list', /^\/compare\/$/],
  ['comparison', /^\/compare\/[^/]+\/$/],
];
/** Elements that hold a sentence; a table's cells and a drawing's marks are data, not sentences. */
const BLOCKS = new Set(['p', 'li', 'figcaption', 'dt', 'dd', 'caption', 'summary', 'h1', 'h2', 'h3', 'h4']);
const SKIP = new Set(['table', 'svg', 'script', 'style', 'template', 'nav', 'header', 'footer', 'form']);

/** An element's own text: its descendants' too, but not those of blocks inside it (read on their own). */
function ownText(node) {
  if (node.nodeName === '#text') return node.value;
  if (node.tagName && (BLOCKS.has(node.tagName) || SKIP.has(node.tagName))) return '';
  return (node.childNodes ?? []).map(ownText).join('');
}

/**
 * Every sentence the built pages of each kind (PAGE_KINDS) print in their main region: the text of
 * each paragraph, list item, caption, heading and term, and each image's alt text, as a reader meets
 * them (templates' words included). Chart pages are listed from the plan (planSentences).
 * @param {string} publicDir the built site (public/)
 */
export function pageSentences(publicDir) {
  const out = [];
  for (const file of walk(publicDir)
    .filter((f) => f.endsWith('/index.html'))
    .sort()) {
    const page = `/${path.relative(publicDir, path.dirname(file)).split(path.sep).join('/')}/`.replace(/^\/\/$/, '/');
    const kind = PAGE_KINDS.find(([, re]) => re.test(page))?.[0];
    if (!kind) continue;
    const main = [...elements(parseHtml(fs.readFileSync(file, 'utf8')))].find((e) => e.tagName === 'main');
    if (!main) continue;
    const skipped = new Set();
    for (const el of elements(main)) {
      if (SKIP.has(el.tagName) || skipped.has(el)) {
        for (const d of elements(el)) skipped.add(d);
        continue;
      }
      const text =
        el.tagName === 'img'
          ? (attrOf(el, 'alt') ?? '')
          : BLOCKS.has(el.tagName)
            ? (el.childNodes ?? []).map(ownText).join('')
            : '';
      const clean = text.replace(/\s+/g, ' ').trim();
      if (clean) out.push({ page, kind: `${kind}: ${el.tagName === 'img' ? 'alt text' : el.tagName}`, text: clean });
    }
  }
  return out;
}
