// The reports data/ already holds, as the data stage's report cache (buildData's `cache`,
// pipeline.mjs): add-report reads only the report it adds and takes every other report's tables,
// document and data package entries from data/ as committed (`npm run check` proves data/ is what
// the scripts make from seeds/). A report is taken from data/ only when data/ holds it for the same
// seed, metadata and errata paths and the same seed text (its SHA-256), its platforms keep their
// names, and no name it measured names another entity than when data/ was made (data/atlas/
// entities.json against seeds/entities.yaml now: add-report may add entities); otherwise the
// pipeline reads it again, as a full build does. File I/O only; nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fromCsv } from '../lib/csv.mjs';
import { ROOT } from '../lib/paths.mjs';
import { normaliseName } from './entities.mjs';

/** The normalised names whose entity differs between two maps of name -> entity id. */
export function namesChanged(before, after) {
  const changed = new Set();
  for (const k of new Set([...before.keys(), ...after.keys()])) if (before.get(k) !== after.get(k)) changed.add(k);
  return changed;
}

/** Every spelling of the entities data/atlas/entities.json lists (id, name, aliases) -> its entity id. */
export function entityNames(entities) {
  const names = new Map();
  for (const e of entities) for (const s of [e.id, e.name, ...e.aliases]) names.set(normaliseName(s), e.id);
  return names;
}

/**
 * A report cache over data/ (read-only: set() keeps nothing).
 * @param {string} dataDir the data/ folder
 * @param {{ platforms: Record<string, { name: string }>, registry: { names: Map<string, string> } }} registries
 *   the platform and entity registries of this run (pipeline.mjs readRegistries)
 * @returns {{ keyOf: (input: object) => object, get: (input: object) => any, set: () => void }}
 */
export function committedReports(dataDir, { platforms, registry }) {
  const read = (rel) => {
    const file = path.join(dataDir, rel);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };
  let resources;
  const resourcesByPath = () => {
    if (!resources) {
      const text = read('tables/datapackage.json');
      resources = new Map((text ? JSON.parse(text).resources : []).map((r) => [r.path, r]));
    }
    return resources;
  };
  // The names whose entity changed since data/ was made (all of them when data/ lists no entities).
  const entitiesText = read('atlas/entities.json');
  const changedNames = entitiesText
    ? namesChanged(entityNames(JSON.parse(entitiesText).entities), registry.names)
    : null;
  return {
    keyOf: (input) => input,
    set: () => {},
    get(input) {
      const slug = /^slug:\s*["']?([a-z0-9.-]+)["']?\s*(#.*)?$/m.exec(input.metaText)?.[1];
      const docText = changedNames && slug && read(`reports/${slug}.json`);
      if (!docText) return undefined;
      const doc = JSON.parse(docText);
      const seedText = input.seedText.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
      const same =
        doc.slug === slug &&
        doc.seed?.path === input.seedPath &&
        doc.seed.meta === input.metaPath &&
        doc.seed.errata === (input.errataPath ?? null) &&
        doc.seed.sha256 === createHash('sha256').update(seedText).digest('hex') &&
        doc.platforms.every((p) => platforms[p.id]?.name === p.name);
      if (!same) return undefined;
      const files = [];
      const own = [];
      for (const t of doc.tables) {
        const csv = read(t.path);
        const resource = resourcesByPath().get(t.path.replace(/^tables\//, ''));
        if (csv === undefined || !resource) return undefined;
        if (t.kind === 'measurement' && changedNames.size && measuresAny(csv, changedNames))
          return undefined;
        files.push([t.path, csv]);
        own.push(resource);
      }
      files.push([`reports/${slug}.json`, docText]);
      return { slug, files, resources: own, doc };
    },
  };
}

/** Whether a measurement table names (as its subject or benchmark) one of `names`. */
function measuresAny(csv, names) {
  const { header, records } = fromCsv(csv);
  const cols = ['subject', 'benchmark'].map((c) => header.indexOf(c)).filter((i) => i >= 0);
  return records.some((r) => cols.some((i) => r.cells[i] && names.has(normaliseName(r.cells[i]))));
}

/** The reports of a data/ directory and their tables' CSV texts. */
export function dataReports(dataDir = path.join(ROOT, 'data')) {
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

