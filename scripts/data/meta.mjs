// Load inputs, part one: a report's metadata (<seed>.meta.yaml) and the platform registry
// (seeds/platforms.yaml), validated with the line of every problem.
import { InputError, quote } from '../lib/errors.mjs';
import { readYaml, validateWithLines } from './yaml-input.mjs';
import { IMAGE_WORDS, imageType, typeOfExtension } from '../lib/image.mjs';
import { recipeProblems } from './parsers/recipe/parse.mjs';

/** Attach a file path to an InputError that has none. */
export function withFile(e, file) {
  if (e instanceof InputError && !e.file) e.file = file;
  return e;
}

const dirOf = (p) => p.slice(0, p.lastIndexOf('/') + 1);
/** A file named in a report's metadata, as a repository path (it lives beside the seed). */
export const besideSeed = (seedPath, name) => dirOf(seedPath) + name;

/** The image type a file's name says (png, jpeg, gif, webp), or undefined. */
const imageNamed = (name) => (name.includes('.') ? typeOfExtension(name.slice(name.lastIndexOf('.'))) : undefined);

/** YYYY, YYYY-MM or YYYY-MM-DD (the schema checks the shape) naming a day that exists, in 1970..2100. */
export function isRealDate(text) {
  const [y, m, d] = String(text).split('-').map(Number);
  if (!(y >= 1970 && y <= 2100)) return false;
  if (m === undefined) return true;
  if (!(m >= 1 && m <= 12)) return false;
  return d === undefined || (d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate());
}

/**
 * What is wrong with source.path (the file's path in its repository), or null: each segment a plain
 * name, so a link built from it stays under the repository and commit. "." and ".." segments, an
 * empty one (a leading "/" or "//"), a backslash and an encoded character (%2e%2e is ".." to a
 * browser) are refused, and so are "?" and "#", which would end the path of a URL.
 */
export function sourcePathProblem(p) {
  if (/^TODO: /.test(p) || p === '') return null; // a placeholder (the raw metadata's, or emptied by markDraft)
  const segment = String(p)
    .split('/')
    .find((s) => s === '' || s === '.' || s === '..' || /[\\%?#]/.test(s));
  if (segment === undefined) return null;
  return segment === '' ? 'an empty segment (a leading, trailing or doubled "/")' : `the segment ${quote(segment)}`;
}

/** A segment a browser reads as "." or "..", written plainly or encoded (%2e). */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/**
 * Whether a URL leads into source.repository (any case) at source.commit: https://github.com/<repository>/
 * <blob|tree|raw|commit>/<commit>/... or https://raw.githubusercontent.com/<repository>/<commit>/...,
 * with no "." or ".." segment (plain or encoded) and no backslash that would lead a browser elsewhere.
 */
export function urlMatchesSource({ url, repository, commit }) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || !['github.com', 'raw.githubusercontent.com'].includes(u.hostname) || u.username || u.password || u.port) return false;
  const written = String(url).replace(/^https:\/\/[^/\\]*/i, '').replace(/[?#].*$/s, '');
  if (written.includes('\\') || written.split('/').some((s) => DOT_SEGMENT.test(s))) return false;
  const parts = u.pathname.split('/');
  if (`${parts[1]}/${parts[2]}`.toLowerCase() !== repository.toLowerCase()) return false;
  return u.hostname === 'github.com' ? ['blob', 'tree', 'raw', 'commit'].includes(parts[3]) && parts[4] === commit : parts[3] === commit;
}

/**
 * The link to a report's source file, https://github.com/<repository>/blob/<commit>/<path> (or the
 * source.url the metadata gives): '' while repository or commit is still a TODO placeholder (a
 * draft's URL too). Throws
 * when the link would lead outside its repository and commit (readMeta refuses such metadata at its
 * line first; this guards every page, embed credit and citation built from it).
 */
export function sourceUrl(source) {
  // A draft's link is none: its URL cannot be checked against a repository, commit or path still to
  // state (markDraft empties a placeholder).
  if (!source.repository || !source.commit || (source.url === undefined && !source.path)) return '';
  const url = source.url ?? `https://github.com/${source.repository}/blob/${source.commit}/${source.path}`;
  if (!urlMatchesSource({ ...source, url }) || (source.url === undefined && sourcePathProblem(source.path))) {
    throw new Error(`source link ${url} leads outside ${source.repository} at commit ${source.commit}`);
  }
  return url;
}

/**
 * Read and validate one report's metadata.
 * @param {import('./pipeline.mjs').ReportInput} input
 * @param {{ parsers: object, platforms: object, schemas: object, metaSchema: object }} ctx
 */
export function readMeta(input, ctx) {
  let meta;
  try {
    const { value, lineOf } = readYaml(input.metaText);
    if (value && typeof value === 'object') {
      // YAML reads 2012 as a number and 2019-05-15 as a string: dates are always text here.
      for (const k of ['date', 'added']) if (typeof value[k] === 'number') value[k] = String(value[k]);
      // (Not a list: the schema says so below, with the line.)
      if (Array.isArray(value.software)) for (const s of value.software) if (s && typeof s.version === 'number') s.version = String(s.version);
    }
    validateWithLines(ctx.metaSchema, value, lineOf);
    meta = value;
    meta.lineOf = lineOf;
  } catch (e) {
    throw withFile(e, input.metaPath);
  }
  const fail = (path, expected, found) => {
    throw new InputError(meta.lineOf(path), expected, found, input.metaPath);
  };
  markDraft(meta);
  for (const k of ['date', 'added']) {
    if (!isRealDate(meta[k])) fail([k], `a real calendar date for "${k}" (year 1970 to 2100, month 01 to 12, a day the month has)`, quote(meta[k]));
  }
  // A source URL leads to the repository and commit the metadata claims (the page's link text names
  // them): https://github.com/<repository>/.../<commit>/... or raw.githubusercontent.com likewise.
  const src = meta.source;
  const badPath = sourcePathProblem(src.path);
  if (badPath) fail(['source', 'path'], 'a path in the repository of plain names joined by "/" (no ".", "..", "\\", "%", "?" or "#")', `${quote(src.path)}, with ${badPath}`);
  if (src.url !== undefined && src.repository && src.commit && !urlMatchesSource(src)) {
    fail(['source', 'url'], `a URL of ${src.repository} at commit ${src.commit} (https://github.com/${src.repository}/blob/${src.commit}/...), as "repository" and "commit" say`, quote(src.url));
  }
  // One format or a list (a report that pastes the output of several tools). Names are looked up as
  // own keys only: "constructor" or "__proto__" is no format, platform or table kind.
  meta.formats = Array.isArray(meta.format) ? meta.format : [meta.format];
  meta.formats.forEach((f, i) => {
    const at = Array.isArray(meta.format) ? ['format', i] : ['format'];
    if (!Object.hasOwn(ctx.parsers, f)) fail(at, `a known format (${Object.keys(ctx.parsers).join(', ')})`, quote(f));
    if (meta.formats.indexOf(f) !== i) fail(at, 'each format once', `${quote(f)} twice`);
  });
  // A recipe (format: recipe) declares how the seed reads: each item checked at its line.
  if (meta.formats.includes('recipe') && !meta.recipe) fail(['format'], 'a "recipe:" list beside format: recipe (CONTRIBUTING.md, "Recipes")', 'none');
  if (meta.recipe && !meta.formats.includes('recipe')) fail(['recipe'], 'format: recipe where the metadata gives a recipe', quote(meta.formats.join(', ')));
  for (const [at, expected, found] of recipeProblems(meta.recipe ?? [])) fail(['recipe', ...at], expected, found);
  meta.platforms.forEach((p, i) => {
    if (!Object.hasOwn(ctx.platforms, p.id)) fail(['platforms', i, 'id'], `a platform id from seeds/platforms.yaml (${Object.keys(ctx.platforms).join(', ')}), or a new entry there`, quote(p.id));
  });
  (meta.datasets ?? []).forEach((d, i) => {
    // One id, one table: a second dataset with an id would silently replace the first.
    const first = meta.datasets.findIndex((x) => x.id === d.id);
    if (first !== i) fail(['datasets', i, 'id'], 'an id no other dataset of the report has', `${quote(d.id)}, the id of the dataset at line ${meta.lineOf(['datasets', first, 'id'])}`);
    // Names of tables the data stage makes itself (pipeline.mjs): corrections, the measurement model.
    if (['errata', 'measurements'].includes(d.id)) fail(['datasets', i, 'id'], 'a dataset id other than "errata" and "measurements" (tables the data stage makes)', quote(d.id));
    if (!Object.hasOwn(ctx.schemas, d.kind)) fail(['datasets', i, 'kind'], `a table kind from scripts/data/schemas/tables/ (${Object.keys(ctx.schemas).join(', ')})`, quote(d.kind));
    for (const key of ['file', 'image']) {
      if (d[key] === undefined) continue;
      const at = ['datasets', i, key];
      const p = besideSeed(input.seedPath, d[key]);
      // Every path a contributor writes stays inside the report's folder: no "..", no absolute path,
      // no symlink leading out (inputs.mjs finds those: input.outside).
      if (!/^[\w.-]+$/.test(d[key]) || /^\.\.?$/.test(d[key])) fail(at, 'the name of a file beside the seed (no folder, "..", "/" or "\\")', quote(d[key]));
      if (input.outside?.[p]) fail(at, `a file inside the report's folder`, `${quote(d[key])}, ${input.outside[p]}`);
      // An image's name is checked first: an SVG beside the seed is refused for what it is, not as missing.
      if (key === 'image' && !imageNamed(d.image)) fail(at, `${IMAGE_WORDS} named .png, .jpg, .jpeg, .gif or .webp`, quote(d.image));
      // Only files named after the seed are a report's (inputs.mjs reads those): say so, as one that is there may not be.
      const base = input.seedPath.slice(dirOf(input.seedPath).length).replace(/\.[^.]*$/, '');
      if (!(p in input.files)) fail(at, `a file beside the seed named after it (${quote(`${base}.<name>`)})`, quote(d[key]));
    }
    if (d.image !== undefined) {
      const at = ['datasets', i, 'image'];
      const named = imageNamed(d.image);
      const bytes = input.files[besideSeed(input.seedPath, d.image)];
      const found = typeof bytes === 'string' ? undefined : imageType(bytes);
      if (found !== named) fail(at, `${IMAGE_WORDS} whose content is the type its name says (${named.toUpperCase()})`, `${quote(d.image)}, whose bytes are ${found ? `a ${found.toUpperCase()} image` : `not ${IMAGE_WORDS}`}`);
    }
  });
  return meta;
}

/**
 * A YAML line holding one of add-report's placeholders: a value (or list item) that begins "TODO: ",
 * quoted or not. A title that only contains the word ("TODO app benchmark") is no placeholder.
 */
export const isPlaceholderLine = (line) => /(?:^\s*-|:)\s+["']?TODO: /.test(line) && !/^\s*#/.test(line);

/**
 * The software the metadata names: an entry still add-report's placeholder ("TODO: ...", emptied by
 * markDraft) names none.
 */
export const declaredSoftware = (meta) => (meta.software ?? []).filter((s) => s?.name && !/^TODO:/.test(s.name));

/**
 * A report whose metadata still holds add-report's `TODO:` placeholders is a draft: meta.draft lists
 * the fields left to fill in (npm run check refuses them), and each is emptied: the one place a
 * placeholder becomes "not stated", so a draft built locally publishes no placeholder text (no
 * software named "TODO: …" in a series label, sentence or CSV, no source "TODO: …") and is never the
 * home page's latest report. Every later step reads an empty field as absent.
 * @param {Record<string, any>} meta
 */
export function markDraft(meta) {
  const todo = [];
  const walk = (v, path) => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && /^TODO:/.test(x)) {
        todo.push([...path, k].join('.'));
        v[k] = '';
      } else walk(x, [...path, k]);
    }
  };
  walk(meta, []);
  meta.draft = todo;
  return meta;
}

/** Parse the platform registry (seeds/platforms.yaml). */
export function readPlatforms(text, path) {
  try {
    const { value, lineOf } = readYaml(text);
    const out = {};
    for (const [id, p] of Object.entries(value ?? {})) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new InputError(lineOf([id]), 'a platform id of lower-case words joined by hyphens', quote(id));
      if (!p || typeof p.name !== 'string' || !p.name.trim()) throw new InputError(lineOf([id]), `a "name" for platform ${id}`, 'none');
      if (typeof p.kind !== 'string') throw new InputError(lineOf([id]), `a "kind" for platform ${id} (physical server, cloud instance, ...)`, 'none');
      // add-report's "TODO: physical server, ..." is a kind not yet stated: never published as one (npm run check asks for it).
      out[id] = { id, name: p.name, kind: /^TODO:/.test(p.kind) ? '' : p.kind, line: lineOf([id]) };
    }
    return out;
  } catch (e) {
    throw withFile(e, path);
  }
}
