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
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { readComparisons, readSubjects } from '../lib/atlas.mjs';
import { planCharts } from '../charts/plan.mjs';
import { dataReports } from '../data/committed.mjs';
import { loadSchemas } from '../data/schemas.mjs';
import { readTableOrThrow } from '../lib/table.mjs';
import { modelNote, notModelled } from '../views/columns.mjs';

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
