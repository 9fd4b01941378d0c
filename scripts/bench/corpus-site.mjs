// The site with every file of the corpus in it (issues 31 and 40): each corpus file
// (tests/fixtures/corpus) added to a copy of the site with add-report, as a contributor adds it (with
// the recipe kept beside it, where the generic readers misread it: real-files.mjs addReportArgs), then
// the copy built once. One way to make it, for the corpus test (tests/site/corpus.test.mjs) and the
// truth audit (scripts/bench/truth-audit.mjs --corpus-site).
//
// addCorpusFile(root, source) -> { code, stdout, stderr }: one file added to the copy at root
// corpusSite() -> root: a new copy with every file added and built (the caller removes it)
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, addReportArgs, corpusFiles } from './real-files.mjs';
import { build, copySite, measure } from './workspace.mjs';

/**
 * add-report of one corpus file into the copy at root. It reads a copy of the file (under
 * `<root>-inputs/`), so that a refusal's draft recipe (written beside its input) never lands in
 * tests/fixtures/corpus, where a <file>.recipe.yaml is a recipe the corpus keeps.
 * @param {string} root
 * @param {{ file: string, repository: string, path: string, commit: string }} source a SOURCES.md row
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export async function addCorpusFile(root, source) {
  const input = path.join(`${root}-inputs`, source.file);
  fs.mkdirSync(path.dirname(input), { recursive: true });
  fs.copyFileSync(path.join(CORPUS, source.file), input);
  const script = path.join(root, 'scripts/add-report/add-report.mjs');
  const r = await measure(root, process.execPath, [
    script,
    '--root',
    root,
    ...addReportArgs(source.file, source, input),
  ]);
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A copy of the site (its seeds and data/ as the repository has them) with every corpus file
 * added and built. A file add-report refuses is said on stderr and left out.
 * @param {{ from: string, log?: (line: string) => void }} options
 * @returns {Promise<string>} the copy's root; remove it and `<root>-inputs` when done
 */
export async function corpusSite({ from, log = () => {} }) {
  const root = copySite(from, { label: 'corpus-site' });
  for (const source of corpusFiles()) {
    const r = await addCorpusFile(root, source);
    log(r.code === 0 ? `added ${source.file}` : `${source.file}: add-report refused it (left out): ${r.stderr.trim()}`);
  }
  const b = await build(root);
  log(`built in ${Math.round(b.total_ms / 1000)} s`);
  return root;
}
