// The corpus of real result files (issue 31) as its SOURCES.md lists them, one row a file:
// `| \`kind/file\` | owner/repo | \`path\` | \`commit\` |`, each with its golden
// (<file>.expected.json: the date, title and slug it goes in under, and its headline numbers).
// One reading of it for the bench (`add`: add-report, one file) and the corpus test (the bench may
// not import from tests/).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';

export const CORPUS = path.join(ROOT, 'tests/fixtures/corpus');

/** @returns {Array<{ file: string, repository: string, path: string, commit: string }>} */
export function corpusFiles() {
  const text = fs.readFileSync(path.join(CORPUS, 'SOURCES.md'), 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` \| ([^ |]+) \| `([^`]+)` \| `([0-9a-f]{40})` \|$/gm)].map(
    ([, file, repository, p, commit]) => ({ file, repository, path: p, commit }),
  );
}

/** A corpus file's golden expectations. */
export const goldenOf = (file) => JSON.parse(fs.readFileSync(path.join(CORPUS, `${file}.expected.json`), 'utf8'));

/**
 * add-report's arguments for a corpus file, as a contributor adds it: the file, its golden's date,
 * title and slug, and (given the SOURCES.md entry) its source.
 * @param {string} file
 * @param {{ repository: string, path: string, commit: string }} [source]
 */
export function addReportArgs(file, source, input = path.join(CORPUS, file)) {
  const g = goldenOf(file);
  return [
    input,
    '--date',
    g.date,
    '--title',
    g.title,
    '--slug',
    g.slug,
    ...(source ? ['--source', `${source.repository}:${source.path}@${source.commit}`] : []),
  ];
}
