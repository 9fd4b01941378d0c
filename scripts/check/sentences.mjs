// Every sentence the site generates, with the page it is on, for the truth audit
// (docs/truth-audit.md): the charts' findings, headlines, descriptions and alt texts, the report
// pages' note on the measurement model, the subject pages' spellings and the comparisons' "what
// differs", each listed once so that a reader can check it against data/ and the seed.
//
//   node scripts/check/sentences.mjs [data-dir]      one sentence a line: page <TAB> kind <TAB> text
//
// committedPlan(dataDir) -> the chart plan of the reports data/ holds (as the build plans them)
// siteSentences(dataDir) -> { page, kind, text }[]
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { planCharts } from '../charts/plan.mjs';

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
