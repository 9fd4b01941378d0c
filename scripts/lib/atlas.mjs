// The atlas's comparisons across reports as data/ holds them: one file each,
// data/atlas/comparisons/<id>.json (the whole comparison, beside its tidy <id>.csv), listed by
// data/atlas/comparisons.json (id, slug, kind, title, date and file of each), so that the atlas's
// data grows with its comparisons, one file each, and a changed report rewrites only its own.
// Written by scripts/data/atlas/index.mjs (atlasOutputs); read here, by every stage and test.
import fs from 'node:fs';
import path from 'node:path';

/** What the index says of each comparison, besides where its file is. */
export const INDEXED = ['id', 'slug', 'kind', 'title', 'date'];

/** data/-relative path of a comparison's file. */
export const comparisonFile = (id) => `atlas/comparisons/${id}.json`;

/**
 * Every comparison of data/, whole, in the index's order (by id); none when the index is absent.
 * @param {string} dataDir the data/ folder
 * @returns {object[]}
 */
export function readComparisons(dataDir) {
  const index = path.join(dataDir, 'atlas', 'comparisons.json');
  if (!fs.existsSync(index)) return [];
  return JSON.parse(fs.readFileSync(index, 'utf8')).comparisons.map((c) => {
    const file = path.join(dataDir, c.file);
    if (!fs.existsSync(file))
      throw new Error(
        `${path.relative(process.cwd(), index)}: comparison ${c.id}: ${c.file} not found (run npm run data)`,
      );
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  });
}
