// The data stage as a pure function: seed texts, their metadata and the platform registry in,
// every file of data/ out (a map of relative path -> text). No file system here: the CLIs
// (build-data.mjs, check, add-report) read the inputs (inputs.mjs) and write the outputs.
//
// # Load inputs:   metadata and platforms (meta.mjs), the seed through its parser and the datasets
//                  beside it (parse.mjs).
// # Process data:  corrections (correct.mjs), derived tables (derive/), natural-key checks, every
//                  name of the software measured resolved to an entity (entities.mjs).
// # Save outputs:  tidy CSV per table, a JSON document per report, platforms, the data package
//                  (document.mjs); then across reports, the atlas (atlas/): subjects and comparisons.
import { InputError, quote } from '../lib/errors.mjs';
import { jsonText } from '../lib/json.mjs';
import { declaredSoftware, readMeta, readPlatforms } from './meta.mjs';
import { parseSeed, readDatasets } from './parse.mjs';
import { correct, checkUnique } from './correct.mjs';
import { derive } from './derive/index.mjs';
import { compareValues, dataPackage, platformsDocument, reportDocument, tableOutputs } from './document.mjs';
import { checkEntities, readEntities, resolve } from './entities.mjs';
import { reportMeasurements } from './measure/project.mjs';
import { atlasOutputs } from './atlas/index.mjs';
import { linesText, notRead, readKeeping, withNotes } from './read/keep.mjs';

export { readPlatforms };

/**
 * @typedef {object} ReportInput
 * @property {string} metaPath     repository-relative path of <seed>.meta.yaml
 * @property {string} metaText
 * @property {string} seedPath     repository-relative path of the seed
 * @property {string} seedText
 * @property {string} [errataPath]
 * @property {string} [errataText]
 * @property {Record<string, string | Uint8Array>} files  other files beside the seed (path -> text; images as bytes)
 * @property {Record<string, string>} [outside]  files beside the seed that lead out of its folder (path -> why), never read
 */

/**
 * The platform and entity registries (seeds/platforms.yaml, seeds/entities.yaml), parsed and checked;
 * `registry` is null without entitiesText. A caller that builds reports one at a time (the check)
 * parses them once and passes them to buildData as `inputs.registries`: read-only, never changed.
 */
export function readRegistries(inputs) {
  return {
    platforms: readPlatforms(inputs.platformsText, inputs.platformsPath),
    registry: inputs.entitiesText === undefined ? null : readEntities(inputs.entitiesText, inputs.entitiesPath),
  };
}

/**
 * Build every file of data/ from the inputs. With a report cache (build-data.mjs: keyed by the
 * report's seed, metadata and files beside it, the registries and the data stage's code; add-report:
 * data/ as committed, committed.mjs), a report whose key is cached is not read again: its tables,
 * document and data package entries are the cached ones; what spans reports (platforms, the atlas,
 * the data package) is made from all of them.
 * @param {{ reports: ReportInput[], platformsText: string, platformsPath: string, entitiesText?: string, entitiesPath?: string, registries?: ReturnType<typeof readRegistries> }} inputs
 *   without entitiesText (tests of one report), names are not resolved and no atlas is made
 * @param {{ parsers: Record<string, any>, schemas: Record<string, any>, metaSchema: object }} env
 * @param {{ cache?: { keyOf: (input: ReportInput) => any, get: (key: any) => any, set: (key: any, value: any) => void } }} [options]
 * @returns {{ files: Map<string, string>, reports: any[], cached: number }}
 */
export function buildData(inputs, env, { cache } = {}) {
  const { platforms, registry } = inputs.registries ?? readRegistries(inputs);
  const ctx = { ...env, platforms };
  const files = new Map();
  const resources = [];
  const reports = [];
  const slugs = new Map();
  let cached = 0;

  for (const input of [...inputs.reports].sort((a, b) => compareValues(a.seedPath, b.seedPath))) {
    // A report as it was built before (a clashing slug is read again, for its error at its line).
    const key = cache?.keyOf(input);
    const hit = key && cache.get(key);
    if (hit && !slugs.has(hit.slug)) {
      slugs.set(hit.slug, input.metaPath);
      for (const [p, text] of hit.files) files.set(p, text);
      resources.push(...hit.resources);
      reports.push(hit.doc);
      cached++;
      continue;
    }
    // # Load inputs.
    const meta = readMeta(input, ctx);
    if (slugs.has(meta.slug)) {
      throw new InputError(meta.lineOf(['slug']), 'a slug no other report uses', `${quote(meta.slug)}, already used by ${slugs.get(meta.slug)}`, input.metaPath);
    }
    slugs.set(meta.slug, input.metaPath);
    // # Process data (readReport), keeping what reads: a passage of the seed that stops the reading is left out and listed (read/keep.mjs).
    const { result, left } = readKeeping(
      input.seedText,
      (seedText) => readReport({ ...input, seedText }, meta, ctx, registry),
      (e) => e.file === input.seedPath,
    );
    const { parsed, tables, errata, measured } = result;
    // A name no entity knows is refused, never left out: the contributor adds it (with a suggestion).
    if (registry) checkEntities(registry, tables, meta, input.metaPath);
    for (const [id, t] of Object.entries(tables)) if (t.kind === 'measurement') delete tables[id];
    if (measured) tables.measurements = measured;
    if (errata.length) {
      tables.errata = { id: 'errata', kind: 'errata', title: 'Errata', notes: [], rows: errata, schema: ctx.schemas.errata, source: input.errataPath };
    }

    // # Save outputs.
    const tableDocs = [];
    const csvTexts = [];
    const own = { slug: meta.slug, files: [], resources: [] };
    for (const t of Object.values(tables).sort((a, b) => compareValues(a.id, b.id))) {
      const out = tableOutputs(meta, t);
      own.files.push([out.path, out.csv]);
      csvTexts.push(out.csv);
      own.resources.push(out.resource);
      tableDocs.push(out.doc);
    }
    // What was not read, each passage with the contributor's note on why (.meta.yaml not_read:); a note on a line that is read is refused.
    const { passages, stray } = withNotes(notRead(left, parsed.not_read), meta.not_read);
    if (stray.length) {
      const i = stray[0];
      throw new InputError(meta.lineOf(['not_read', i, 'line']), `the line of a passage left out of the reading (${passages.map(linesText).join(', ') || 'none: every passage is read'})`, `line ${meta.not_read[i].line}, which is read`, input.metaPath);
    }
    const doc = reportDocument({ input, meta, parsed, platforms, tables, tableDocs, csvTexts, errata: errata.map(({ seed, ...e }) => e), notRead: passages });
    own.files.push([`reports/${meta.slug}.json`, jsonText(doc)]);
    own.doc = doc;
    for (const [p, text] of own.files) files.set(p, text);
    resources.push(...own.resources);
    reports.push(doc);
    if (key) cache.set(key, own);
  }

  files.set('platforms.json', jsonText(platformsDocument(platforms, reports)));
  if (registry) for (const [p, text] of atlasOutputs(reports, files, inputs)) files.set(p, text);
  files.set('tables/datapackage.json', jsonText(dataPackage(resources)));
  return { files, reports, cached };
}

/**
 * One report's seed through its parser, corrections, derived tables and datasets, into
 * its tables and the measurement model's table: everything that reads the seed's text, so that
 * a passage that stops it can be left out and the whole read again (read/keep.mjs).
 */
function readReport(input, meta, ctx, registry) {
  const { parsed, tables } = parseSeed(input, meta, ctx);
  const errata = correct(input, tables);
  Object.assign(tables, derive(tables, ctx.schemas, input.seedPath));
  for (const [id, t] of Object.entries(readDatasets(input, meta, ctx))) {
    if (Object.hasOwn(tables, id)) {
      const at = meta.lineOf(['datasets', meta.datasets.findIndex((d) => d.id === id), 'id']);
      throw new InputError(at, 'a dataset id that no table of the seed has', `${quote(id)}, a table the ${meta.formats.join(', ')} parser reads from the seed`, input.metaPath);
    }
    checkUnique(t.rows, t.schema, t.source, id);
    tables[id] = t;
  }
  // Every report also yields the one long table of the measurement model (measure/).
  const measured = reportMeasurements(tables, {
    schemas: ctx.schemas,
    // A placeholder ("TODO: the software under test") names no software: rows keep no subject.
    software: declaredSoftware(meta),
    resolveEntity: registry ? (name) => resolve(registry, name)?.id ?? '' : undefined,
    seedPath: input.seedPath,
    // Read by generic readers or a recipe: rows that name no software take the report's own (meta software:).
    generic: (meta.formats ?? [meta.format]).every((f) => ctx.parsers?.[f]?.fallback),
  });
  return { parsed, tables, errata, measured };
}
