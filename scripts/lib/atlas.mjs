// The atlas's comparisons across reports and its subjects as data/ holds them: one file each,
// data/atlas/comparisons/<id>.json (the whole comparison, beside its tidy <id>.csv) and
// data/atlas/subjects/<id>.json (the whole subject: its figures in every report), each listed by a
// small index, data/atlas/comparisons.json (id, slug, kind, title, date and file of each) and
// data/atlas/subjects.json (id, name, kind and file of each), so that the atlas's data grows with
// its comparisons and subjects, one file each, and a changed report rewrites only its own.
// Written by scripts/data/atlas/index.mjs (atlasOutputs); read here, by every stage and test.
import fs from 'node:fs';
import path from 'node:path';

/** What each index says of an item, besides where its file is. */
export const INDEXED = ['id', 'slug', 'kind', 'title', 'date'];
export const SUBJECT_INDEXED = ['id', 'name', 'kind'];

/** data/-relative path of a comparison's file. */
export const comparisonFile = (id) => `atlas/comparisons/${id}.json`;
/** data/-relative path of a subject's file. */
export const subjectFile = (id) => `atlas/subjects/${id}.json`;

/**
 * The index of one group (atlas/<group>.json) and the file of each of its items.
 * @param {object[]} items the whole items, each with its id
 * @param {string[]} keys what the index says of each
 * @param {(id: string) => string} fileOf
 * @returns {object[]} the index's entries
 */
export const indexEntries = (items, keys, fileOf) =>
  items.map((x) => ({ ...Object.fromEntries(keys.map((k) => [k, x[k]])), file: fileOf(x.id) }));

/** Every item of one group of data/atlas, whole, in its index's order; none when the index is absent. */
function readGroup(dataDir, group) {
  const index = path.join(dataDir, 'atlas', `${group}.json`);
  if (!fs.existsSync(index)) return [];
  const what = group.replace(/s$/, '');
  return JSON.parse(fs.readFileSync(index, 'utf8'))[group].map((c) => {
    const file = path.join(dataDir, c.file);
    if (!fs.existsSync(file))
      throw new Error(
        `${path.relative(process.cwd(), index)}: ${what} ${c.id}: ${c.file} not found (run npm run data)`,
      );
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  });
}

/**
 * Every comparison of data/, whole, in the index's order (by id); none when the index is absent.
 * @param {string} dataDir the data/ folder
 * @returns {object[]}
 */
export const readComparisons = (dataDir) => readGroup(dataDir, 'comparisons');

/**
 * Every subject of data/, whole, in the index's order; none when the index is absent.
 * @param {string} dataDir the data/ folder
 * @returns {object[]}
 */
export const readSubjects = (dataDir) => readGroup(dataDir, 'subjects');
