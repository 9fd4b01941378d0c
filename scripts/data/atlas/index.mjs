// The atlas as one pure function, the last step of the data stage (pipeline.mjs): report documents,
// table CSV texts and seeds/entities.yaml in; subjects, comparisons and their tidy rows out, which
// the pipeline writes to data/atlas/.
//
// Exports:
//   buildAtlas({ reports, csvTexts, entitiesText, entitiesPath?, chartKinds?, errorBudgetPct? })
//     -> { entities, kinds, subjects, comparisons, tidy }
import { readEntities } from '../entities.mjs';
import { toCsv } from '../../lib/csv.mjs';
import { sortedJsonText } from '../../lib/json.mjs';
import { INDEXED, SUBJECT_INDEXED, comparisonFile, indexEntries, subjectFile } from '../../lib/atlas.mjs';
import { readByAdapter, reportTables } from './tables.mjs';
import { buildSubjects } from './subjects.mjs';
import { buildComparisons, tidyRows } from './comparisons.mjs';

/**
 * @param {object} input
 * @param {object[]} input.reports          data/reports/*.json, parsed
 * @param {Record<string, string>} input.csvTexts  CSV text by table path (report.tables[].path)
 * @param {string} input.entitiesText       seeds/entities.yaml
 * @param {string} [input.entitiesPath]     its path, for messages
 * @param {string[]} [input.chartKinds]     table kinds with a chart builder
 * @param {number} [input.errorBudgetPct]   http-client-rate error budget (default 1)
 */
export function buildAtlas({
  reports,
  csvTexts,
  entitiesText,
  entitiesPath = 'seeds/entities.yaml',
  chartKinds = [],
  errorBudgetPct,
}) {
  // # Load inputs.
  const registry = readEntities(entitiesText, entitiesPath);
  // The measurement tables join the atlas only when a report was read by an adapter (measured.mjs):
  // otherwise they restate tables the atlas reads anyway, and would double its memory.
  const measurements = reports.some(readByAdapter);
  const tables = Object.fromEntries(reports.map((r) => [r.slug, reportTables(r, csvTexts, { measurements })]));
  // # Process data.
  const subjects = buildSubjects({ reports, tables, registry, chartKinds, errorBudgetPct });
  const comparisons = buildComparisons({ reports, tables, registry, errorBudgetPct });
  // # Save outputs (as values: the caller writes them).
  const tidy = Object.fromEntries(comparisons.map((c) => [c.id, tidyRows(c)]));
  const entities = Object.values(registry.entities).map(({ line, ...e }) => ({ ...e, seed: entitiesPath, line }));
  // The kinds in the order seeds/entities.yaml lists them (the subjects page lists them so).
  const kinds = Object.entries(registry.kinds).map(([id, description]) => ({ id, description }));
  return { entities, kinds, subjects, comparisons, tidy };
}

/**
 * The atlas as files of data/: atlas/entities.json, each subject in a file of its own,
 * atlas/subjects/<id>.json, listed by atlas/subjects.json, each comparison in a file of its own,
 * atlas/comparisons/<id>.json, listed by atlas/comparisons.json (lib/atlas.mjs reads them; keys sorted), and one tidy CSV per comparison, atlas/comparisons/<id>.csv, with the seed and
 * line of every value.
 * @param {object[]} reports the report documents of this run
 * @param {Map<string, string>} files the data/ files so far (the tables' CSV texts among them)
 * @param {{ entitiesText: string, entitiesPath?: string }} inputs
 * @returns {Map<string, string>}
 */
export function atlasOutputs(reports, files, { entitiesText, entitiesPath }) {
  const csvTexts = Object.fromEntries([...files].filter(([p]) => p.startsWith('tables/') && p.endsWith('.csv')));
  const { entities, kinds, subjects, comparisons, tidy } = buildAtlas({ reports, csvTexts, entitiesText, entitiesPath });
  const out = new Map([
    ['atlas/entities.json', sortedJsonText({ entities, kinds })],
    ['atlas/subjects.json', sortedJsonText({ subjects: indexEntries(subjects, SUBJECT_INDEXED, subjectFile) })],
    ['atlas/comparisons.json', sortedJsonText({ comparisons: indexEntries(comparisons, INDEXED, comparisonFile) })],
  ]);
  for (const s of subjects) out.set(subjectFile(s.id), sortedJsonText(s));
  for (const c of comparisons) out.set(comparisonFile(c.id), sortedJsonText(c));
  for (const [id, { columns, rows }] of Object.entries(tidy)) out.set(`atlas/comparisons/${id}.csv`, toCsv(rows, columns));
  return out;
}
