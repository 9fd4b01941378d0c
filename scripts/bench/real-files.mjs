// The corpus of real result files (issue 31) as its SOURCES.md lists them, one row a file:
// `| \`kind/file\` | owner/repo | \`path\` | \`commit\` |`, each with its golden
// (<file>.expected.json: the date, title and slug it goes in under, and its headline numbers), and
// the recipe kept beside a file the generic readers misread (<file>.recipe.yaml), which a contributor
// who corrected the reading adds it with.
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

/** The path of the recipe kept beside a corpus file (<file>.recipe.yaml), or undefined. */
export function recipeOf(file) {
  const p = path.join(CORPUS, `${file}.recipe.yaml`);
  return fs.existsSync(p) ? p : undefined;
}

/**
 * Whether a corpus file goes into the site read right, so that the site checks take it: the generic
 * readers read it right (its golden marks no misread), or the recipe kept beside it corrects them.
 */
export const readsRight = (file) => !goldenOf(file).misread || recipeOf(file) !== undefined;

/** The formats add-report reads a corpus file with: `recipe` with its kept recipe, else its golden's. */
export const formatsOf = (file) => (recipeOf(file) ? 'recipe' : goldenOf(file).formats);

/**
 * add-report's arguments for a corpus file, as a contributor adds it: the file, its golden's date,
 * title and slug, the recipe kept beside it (--recipe, CONTRIBUTING.md), and (given the SOURCES.md
 * entry) its source.
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
    ...(recipeOf(file) ? ['--recipe', recipeOf(file)] : []),
    ...(source ? ['--source', `${source.repository}:${source.path}@${source.commit}`] : []),
  ];
}
