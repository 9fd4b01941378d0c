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
// committedReports(dataDir), committedPlan(dataDir): the reports data/ holds and their chart plan
// filePlan(format, file): one result file through the data stage in memory, and its chart plan
// siteSentences(dataDir, plans) -> { page, kind, text }[]
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { planCharts } from '../charts/plan.mjs';
import { loadEnv, readInputs } from '../data/inputs.mjs';
import { buildData } from '../data/pipeline.mjs';
import { loadSchemas } from '../data/schemas.mjs';
import { readTableOrThrow } from '../lib/table.mjs';
import { modelNote, notModelled } from '../views/columns.mjs';

/** The reports of a data/ directory and their tables' CSV texts. */
export function committedReports(dataDir = path.join(ROOT, 'data')) {
  const reports = fs
    .readdirSync(path.join(dataDir, 'reports'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dataDir, 'reports', f), 'utf8')));
  const texts = {};
  for (const r of reports)
    for (const t of r.tables) texts[t.path] = fs.readFileSync(path.join(dataDir, t.path), 'utf8');
  return { reports, texts };
}

/** The chart plan of the reports data/ holds, as the build plans it. */
export function committedPlan(dataDir) {
  const { reports, texts } = committedReports(dataDir);
  return planCharts(reports, texts);
}

let registries;
/**
 * One result file through the data stage (in memory, beside the real reports' registries) and the
 * chart plan, as a contributor's file would be added.
 * @param {string|string[]} format the format(s) that read it
 * @param {string} file its path
 */
export function filePlan(format, file) {
  registries ??= { env: loadEnv(), inputs: readInputs() };
  const base = path.basename(file).replace(/\.[a-z]+$/, '');
  const seedPath = `seeds/corpus/${path.basename(file)}`;
  const formats = [format].flat();
  const metaText = [
    `slug: corpus-${base.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    'title: "A result file of the chart corpus"',
    'date: "2020"',
    'added: "2026-11-25"',
    formats.length === 1 ? `format: ${formats[0]}` : `format: [${formats.join(', ')}]`,
    'summary: "A real result file, added as a contributor would."',
    'system_under_test: "As the file states it."',
    'load_generator: "As the file states it."',
    'platforms: []',
    'software: []',
    'source:',
    '  repository: "corpus/fixture"',
    `  path: "${path.relative(ROOT, file)}"`,
    '  commit: "0000000000000000000000000000000000000000"',
    'licence: "see the fixture\'s README"',
    '',
  ].join('\n');
  const seedText = fs.readFileSync(file, 'utf8');
  const input = { metaPath: `seeds/corpus/${base}.meta.yaml`, metaText, seedPath, seedText, files: {} };
  const { files, reports } = buildData({ ...registries.inputs, reports: [input] }, registries.env);
  const texts = {};
  for (const [p, t] of files) texts[p.replace(/^data\//, '')] = t;
  return { ...planCharts(reports, texts), reports, texts };
}

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
  const read = (f) => JSON.parse(fs.readFileSync(path.join(dataDir, 'atlas', f), 'utf8'));
  for (const s of read('subjects.json').subjects) {
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
  for (const c of read('comparisons.json').comparisons) {
    out.push({ page: `/compare/${c.id}/`, kind: 'question', text: c.question });
    out.push({ page: `/compare/${c.id}/`, kind: 'what differs', text: c.what_differs.summary });
  }
  return out;
}

/** Every generated sentence of the site built from data/ (and, given, of other plans). */
export function siteSentences(dataDir = path.join(ROOT, 'data')) {
  const { reports, texts } = committedReports(dataDir);
  return [...planSentences(planCharts(reports, texts), reports, texts), ...atlasSentences(dataDir)];
}

/** The corpus of real result files as their pages would say it (each file's formats detected). */
export async function corpusSentences() {
  const { corpusFiles, CORPUS } = await import('../bench/real-files.mjs');
  const { detectFormats } = await import('../add-report/detect.mjs');
  const { parsers } = await import('../data/parsers/index.mjs');
  const out = [];
  for (const { file } of corpusFiles()) {
    const full = path.join(CORPUS, file);
    try {
      const plan = filePlan(detectFormats(fs.readFileSync(full, 'utf8'), parsers, file), full);
      out.push(...planSentences(plan, plan.reports, plan.texts).map((s) => ({ ...s, file })));
    } catch (e) {
      out.push({ page: file, kind: 'not planned in memory', text: String(e.message).split('\n')[0], file });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = [...siteSentences(), ...(process.argv.includes('--corpus') ? await corpusSentences() : [])];
  for (const s of all) console.log(`${s.page}\t${s.kind}\t${s.text}`);
  console.error(`${all.length} sentences`);
}
