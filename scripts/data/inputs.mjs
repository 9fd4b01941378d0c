// The file-system side of the data stage's inputs: find every report under seeds/ (a seed, its
// <name>.meta.yaml, optional <name>.errata.yaml and other files beside it named by the metadata),
// the platform registry, the software entities, and (schemas.mjs) the table schemas. The CLIs
// (build-data, check, add-report) call this; the stage itself (pipeline.mjs) is pure.
import fs from 'node:fs';
import { nulLine, readReport } from '../lib/decode.mjs';
import path from 'node:path';
import { ROOT, relPath } from '../lib/paths.mjs';
import { notRegularFile, walk } from '../lib/fs.mjs';
import { CONTROL_CHARACTER, InputError, quote, showCharacter } from '../lib/errors.mjs';
import { parsers } from './parsers/index.mjs';
import { loadMetaSchema, loadSchemas } from './schemas.mjs';

/**
 * Where a repository path really leads, when that is outside `folder` (a symlink out of the
 * report's folder, or into a folder): a reason to refuse it, or undefined when it is a file inside.
 */
export function escapeOf(root, rel, folder) {
  let real;
  try {
    real = fs.realpathSync(path.join(root, rel));
  } catch {
    return 'a link to nothing';
  }
  const inside = fs.realpathSync(path.join(root, folder));
  if (real !== inside && !real.startsWith(inside + path.sep)) return `a link to ${real}, outside ${folder}/`;
  if (fs.statSync(real).isDirectory()) return 'a folder';
  return undefined;
}

/** Read a file the repository names (platforms, entities): a folder there is an InputError, not EISDIR. */
function readTextFile(root, rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return '';
  if (fs.statSync(full).isDirectory()) throw new InputError(0, 'a file', 'a folder', rel);
  return fs.readFileSync(full, 'utf8');
}

/** What the pure pipeline needs besides the inputs: the parser registry and the schemas. */
export function loadEnv() {
  return {
    parsers,
    schemas: loadSchemas(),
    metaSchema: loadMetaSchema(),
  };
}

/**
 * The environment with each parser reading a text once: its detect() and parse() remember their
 * last text and answer (an error is not remembered). add-report detects a file's formats, parses
 * it, then runs the pipeline on it: the file is parsed once, not three times. Parsers are pure, and
 * what they return is read, never changed, downstream.
 * @param {ReturnType<typeof loadEnv>} env
 */
export function parsingOnce(env) {
  const once = (fn) => {
    let last = null;
    return (text, ...more) => {
      // A declared reading (a recipe's metadata) is read each time: only the text alone is cached.
      if (more.length) return fn(text, ...more);
      if (last && last.text === text) return last.value;
      const value = fn(text);
      last = { text, value };
      return value;
    };
  };
  const wrapped = Object.fromEntries(
    Object.entries(env.parsers).map(([name, p]) => [name, { ...p, detect: once(p.detect), parse: once(p.parse) }]),
  );
  return { ...env, parsers: wrapped };
}

const MB = 1024 * 1024;
/** The most text read as one whole document (an outline of the whole file): 2 MB. */
export const WHOLE_DOCUMENT_MAX = 2 * MB;

/**
 * The largest seed accepted, in bytes, by its kind, known from its name before it is read. Kinds
 * read as one whole document (Markdown, HTML, reStructuredText, a JSON or YAML document: their
 * readers outline or parse the whole text at once) keep 2 MB: a Markdown table of 100,000 rows is about
 * 2 MB and took about 660 MB from seed to data/ (add-report; a 19 MB table of 730,000 rows ran out
 * of memory at 4.7 GB), and read/outline.mjs bounds their tables (MAX_TABLE_ROWS). Every other kind
 * (CSV/TSV, whitespace-aligned tables, logs, JSON lines, a tool's text output) is read line by line,
 * its memory the rows it keeps, not the file: 32 MB (the bench's 100,000-row CloudI results file is
 * about 6 MB). Over WHOLE_DOCUMENT_MAX such a seed is read by the tool that recognises it or a
 * line-oriented reader only, never outlined as a document (add-report/detect.mjs).
 */
export const SEED_KINDS = [
  { kind: 'Markdown', extensions: ['md', 'markdown', 'mdown', 'mkd'], max: WHOLE_DOCUMENT_MAX },
  { kind: 'HTML', extensions: ['html', 'htm', 'xhtml'], max: WHOLE_DOCUMENT_MAX },
  { kind: 'reStructuredText', extensions: ['rst', 'rest'], max: WHOLE_DOCUMENT_MAX },
  { kind: 'JSON document', extensions: ['json'], max: WHOLE_DOCUMENT_MAX },
  { kind: 'YAML document', extensions: ['yaml', 'yml'], max: WHOLE_DOCUMENT_MAX },
];
/** Any other seed: text read line by line. */
export const LINE_ORIENTED = { kind: 'line-oriented text (CSV, TSV, a table, a log, JSON lines, a text output)', max: 32 * MB };

/** The kind of a seed by its name (its extension, case aside): one of SEED_KINDS, else LINE_ORIENTED. */
export function seedKind(file) {
  const ext = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  return SEED_KINDS.find((k) => k.extensions.includes(ext)) ?? LINE_ORIENTED;
}

/** A limit and a size in MB, or in bytes where the MB would read the same ("at most 2.0 MB, found 2.0 MB"). */
function sizes(max, bytes) {
  const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (mb(max) !== mb(bytes)) return [mb(max), mb(bytes)];
  const exact = (n) => `${n.toLocaleString('en')} bytes`;
  return [`${mb(max)} (${exact(max)})`, exact(bytes)];
}

/**
 * Refuse a seed over its kind's cap (seedKind) before it is read (add-report, and every command
 * through readInputs: build-data, check), with its kind, the cap, its size and what to do.
 * @param {string} file the path to name in the message
 * @param {number} bytes its size (fs.statSync(file).size)
 */
export function checkSeedSize(file, bytes) {
  const { kind, max } = seedKind(file);
  if (bytes > max) {
    const [most, found] = sizes(max, bytes);
    const whole = max < LINE_ORIENTED.max ? `, read as one whole document (line-oriented text, such as CSV, takes up to ${LINE_ORIENTED.max / MB} MB)` : '';
    throw new InputError(0, `a ${kind} seed of at most ${most}${whole} (split a bigger report into one seed per run or table)`, found, file);
  }
}

/** The largest file beside a seed that is not text (an original image): the site publishes it as it is. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * What is wrong with a file beside a seed by its size alone (checked before it is read): text
 * (a digitized CSV) as big as a seed of its kind at most, anything else (an image) MAX_IMAGE_BYTES.
 * @returns {string | undefined} the problem line
 */
export function besideSizeProblem(file, bytes) {
  const text = /\.(csv|txt|md|json|ya?ml)$/.test(file);
  const max = text ? seedKind(file).max : MAX_IMAGE_BYTES;
  if (bytes <= max) return undefined;
  const what = text ? 'a file' : 'an image (the site publishes it as it is: make it smaller)';
  const [most, found] = sizes(max, bytes);
  return `${file}: expected ${what} of at most ${most}, found ${found}`;
}

/** A repository path as one line of a message: control characters (a newline in a name) shown as \u000a. */
const shownPath = (p) => p.replace(new RegExp(`[\\n\\t\\r]|${CONTROL_CHARACTER.source}`, 'gu'), showCharacter);

/**
 * What is wrong with a path under seeds/ by its name and what it is, before anything is read: a
 * name with a control character (a newline would make multi-line `seed` cells and messages), a
 * hidden file (a dotfile is no report: .gitkeep aside), a symbolic link to a folder (a seed folder
 * replaced by a link) or to nothing. A link to a file is refused where it is known what the file
 * is: a file of a report when it leads out of the report's folder (at the metadata line that names
 * it), the registries and any other file when it leads out of seeds/ (linkOutProblem).
 * @returns {string | undefined} the problem line
 */
export function pathProblem(root, rel) {
  const name = path.posix.basename(rel);
  const shown = shownPath(rel);
  if (/[\n\t\r]/.test(rel) || CONTROL_CHARACTER.test(rel)) return `${shown}: expected a file name without control characters, found ${quote(name)}`;
  const hidden = rel.split('/').find((part) => part.startsWith('.') && part !== '.gitkeep');
  if (hidden) return `${shown}: expected a name that does not start with "." (a hidden file or folder is never a report), found ${quote(hidden)}`;
  const full = path.join(root, rel);
  // A named pipe or a device under seeds/ would block every command that reads it.
  const what = fs.existsSync(full) ? notRegularFile(full) : undefined;
  if (what && what !== 'a folder') return `${shown}: expected a file, found ${what}`;
  if (!fs.lstatSync(full).isSymbolicLink()) return undefined;
  let real;
  try {
    real = fs.realpathSync(full);
  } catch {
    return `${shown}: expected a file, found a link to nothing`;
  }
  if (fs.statSync(real).isDirectory()) return `${shown}: expected a file or a folder, found a link to a folder (${real})`;
  return undefined;
}

/** A symbolic link under seeds/ that leads out of seeds/: the problem line, or undefined. */
function linkOutProblem(root, rel) {
  const why = escapeOf(root, rel, 'seeds');
  return why ? `${rel}: expected a file inside seeds/, found ${why}` : undefined;
}

const META = '.meta.yaml';
const ERRATA = '.errata.yaml';
export const PLATFORMS = 'seeds/platforms.yaml';
export const ENTITIES = 'seeds/entities.yaml';

/**
 * The problem of a file under seeds/ that no metadata file claims (readInputs' orphans): the
 * metadata file it needs, <name>.meta.yaml (for a file beside a seed, such as <name>.errata.yaml,
 * the seed's).
 */
export function orphanLine(p) {
  const role = /\.(errata\.ya?ml|digitized\.csv|original\.[^./]+)$/.exec(p);
  const meta = `${p.slice(0, role ? role.index : p.lastIndexOf('.'))}.meta.yaml`;
  return role
    ? `${p}: no metadata file ${meta} for the seed this file belongs to`
    : `${p}: no metadata file ${meta}: add it beside this file (npm run add-report -- ${p} writes one)`;
}

/**
 * Find every report under seeds/: a <name>.meta.yaml beside the seed <name>.<ext>.
 * Files that belong to no report are returned as `orphans` for `check` to report.
 */
export function readInputs(root = ROOT) {
  const found = walk(path.join(root, 'seeds')).map((p) => relPath(root, p));
  // Paths refused by their name or what they lead to are never read, and belong to no report.
  const problems = [];
  const refused = new Set();
  for (const p of found) {
    const problem = pathProblem(root, p);
    if (problem) {
      problems.push(problem);
      refused.add(p);
    }
  }
  // The registries every report reads: a link out of seeds/ is never read.
  for (const p of [PLATFORMS, ENTITIES]) {
    const problem = found.includes(p) && !refused.has(p) ? linkOutProblem(root, p) : undefined;
    if (problem) {
      problems.push(problem);
      refused.add(p);
    }
  }
  const all = found.filter((p) => !refused.has(p));
  const metas = all.filter((p) => p.endsWith(META));
  const claimed = new Set([PLATFORMS, ENTITIES, ...metas]);
  const reports = [];
  for (const metaPath of metas) {
    const base = metaPath.slice(0, -META.length);
    const candidates = all.filter((p) => !p.endsWith(META) && !p.endsWith(ERRATA) && p.slice(0, p.lastIndexOf('.')) === base);
    // A report whose seed was refused above is reported there, not again as one without a seed.
    if (!candidates.length && found.some((p) => refused.has(p) && p.slice(0, p.lastIndexOf('.')) === base)) {
      for (const p of all) if (p.startsWith(base + '.')) claimed.add(p);
      continue;
    }
    if (candidates.length !== 1) {
      problems.push(`${metaPath}: expected one seed named ${path.posix.basename(base)}.<ext> beside it, found ${candidates.length ? candidates.join(', ') : 'none'}`);
      continue;
    }
    const seedPath = candidates[0];
    try {
      checkSeedSize(seedPath, fs.statSync(path.join(root, seedPath)).size);
    } catch (e) {
      problems.push(e.format());
      continue;
    }
    const errataPath = all.includes(base + ERRATA) ? base + ERRATA : undefined;
    const dir = seedPath.slice(0, seedPath.lastIndexOf('/') + 1);
    // Every file of a report must be a file inside its folder: a symlink that leads out (or to a
    // folder) is never read. The seed, metadata and errata are refused here; a file the metadata
    // names is refused by the data stage at the metadata's line (input.outside).
    const folder = dir.replace(/\/$/, '');
    const bad = [seedPath, metaPath, errataPath].filter(Boolean).map((p) => [p, escapeOf(root, p, folder)]).filter(([, why]) => why);
    if (bad.length) {
      claimed.add(seedPath).add(metaPath).add(errataPath);
      for (const [p, why] of bad) problems.push(`${p}: expected a file inside ${folder}/, found ${why}`);
      continue;
    }
    const files = {};
    const outside = {};
    let tooBig = false;
    for (const p of all) {
      if (p.startsWith(dir) && p.startsWith(base + '.') && p !== seedPath && p !== metaPath && p !== errataPath) {
        const why = escapeOf(root, p, folder);
        const size = why ? undefined : besideSizeProblem(p, fs.statSync(path.join(root, p)).size);
        if (why) outside[p] = why;
        else if (size) {
          problems.push(size);
          claimed.add(p);
          tooBig = true;
        }
        // Text files as text; anything else (the original images) as bytes, for the data stage to check.
        else files[p] = /\.(csv|txt|md|json|ya?ml)$/.test(p) ? fs.readFileSync(path.join(root, p), 'utf8') : fs.readFileSync(path.join(root, p));
      }
    }
    [seedPath, metaPath, errataPath, ...Object.keys(files), ...Object.keys(outside)].forEach((p) => p && claimed.add(p));
    if (tooBig) continue;
    const seedText = readReport(fs.readFileSync(path.join(root, seedPath))).text;
    if (nulLine(seedText)) {
      problems.push(new InputError(nulLine(seedText), 'text without NUL bytes', 'a NUL byte (\\0)', seedPath).format());
      continue;
    }
    reports.push({
      metaPath,
      metaText: fs.readFileSync(path.join(root, metaPath), 'utf8'),
      seedPath,
      // UTF-8, UTF-16 or Latin-1 (a JMH log with ± as the byte 0xB1): as the report's author saw it.
      seedText,
      errataPath,
      errataText: errataPath ? fs.readFileSync(path.join(root, errataPath), 'utf8') : undefined,
      files,
      outside,
    });
  }
  // A file of no report that links out of seeds/ is refused as such, not only as one without metadata.
  const unclaimed = all.filter((p) => !claimed.has(p) && !/(^|\/)(README\.md|\.gitkeep)$/.test(p));
  const orphans = [];
  for (const p of unclaimed) {
    const problem = linkOutProblem(root, p);
    if (problem) problems.push(problem);
    else orphans.push(p);
  }
  return {
    reports,
    platformsPath: PLATFORMS,
    platformsText: refused.has(PLATFORMS) ? '' : readTextFile(root, PLATFORMS),
    entitiesPath: ENTITIES,
    entitiesText: refused.has(ENTITIES) ? '' : readTextFile(root, ENTITIES),
    orphans,
    problems,
  };
}
