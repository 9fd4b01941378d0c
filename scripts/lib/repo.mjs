// File-system side of the data step: find the seeds and their metadata, load schemas, and write
// data/ atomically (into a temporary folder beside it, then one rename), so that a failed run
// never leaves a half-written data/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsers } from '../parsers/index.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const rel = (root, p) => path.relative(root, p).split(path.sep).join('/');

/** Every file under a folder, depth first, in name order (no file system order leaks out). */
export function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Table schemas from scripts/schemas/tables/, by kind. */
export function loadSchemas(root = ROOT) {
  const dir = path.join(root, 'scripts/schemas/tables');
  const out = {};
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    const s = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    out[s.kind] = s;
  }
  return out;
}

export function loadEnv(root = ROOT) {
  return {
    parsers,
    schemas: loadSchemas(root),
    metaSchema: JSON.parse(fs.readFileSync(path.join(root, 'scripts/schemas/report-meta.schema.json'), 'utf8')),
  };
}

const META = '.meta.yaml';
const ERRATA = '.errata.yaml';

/**
 * Find every report under seeds/: a <name>.meta.yaml beside the seed <name>.<ext>.
 * Files that belong to no report are returned as `orphans` for `check` to report.
 */
export function readInputs(root = ROOT) {
  const seedsDir = path.join(root, 'seeds');
  const all = walk(seedsDir).map((p) => rel(root, p));
  const platformsPath = 'seeds/platforms.yaml';
  const metas = all.filter((p) => p.endsWith(META));
  const claimed = new Set([platformsPath, ...metas]);
  const reports = [];
  const problems = [];
  for (const metaPath of metas) {
    const base = metaPath.slice(0, -META.length);
    const candidates = all.filter((p) => !p.endsWith(META) && !p.endsWith(ERRATA) && p.slice(0, p.lastIndexOf('.')) === base);
    if (candidates.length !== 1) {
      problems.push(`${metaPath}: expected one seed named ${path.posix.basename(base)}.<ext> beside it, found ${candidates.length ? candidates.join(', ') : 'none'}`);
      continue;
    }
    const seedPath = candidates[0];
    const errataPath = all.includes(base + ERRATA) ? base + ERRATA : undefined;
    const dir = seedPath.slice(0, seedPath.lastIndexOf('/') + 1);
    const files = {};
    for (const p of all) {
      if (p.startsWith(dir) && p.startsWith(base + '.') && p !== seedPath && p !== metaPath && p !== errataPath) {
        files[p] = /\.(csv|txt|md|json|ya?ml)$/.test(p) ? fs.readFileSync(path.join(root, p), 'utf8') : '';
      }
    }
    [seedPath, metaPath, errataPath, ...Object.keys(files)].forEach((p) => p && claimed.add(p));
    reports.push({
      metaPath,
      metaText: fs.readFileSync(path.join(root, metaPath), 'utf8'),
      seedPath,
      seedText: fs.readFileSync(path.join(root, seedPath), 'utf8'),
      errataPath,
      errataText: errataPath ? fs.readFileSync(path.join(root, errataPath), 'utf8') : undefined,
      files,
    });
  }
  const orphans = all.filter((p) => !claimed.has(p) && !/(^|\/)(README\.md|\.gitkeep)$/.test(p));
  return {
    reports,
    platformsPath,
    platformsText: fs.existsSync(path.join(root, platformsPath)) ? fs.readFileSync(path.join(root, platformsPath), 'utf8') : '',
    orphans,
    problems,
  };
}

/** Read every file under a folder into a map of relative path -> text. */
export function readTree(dir) {
  const out = new Map();
  for (const p of walk(dir)) out.set(rel(dir, p), fs.readFileSync(p, 'utf8'));
  return out;
}

/**
 * Replace a folder with exactly these files, atomically: write a sibling temporary folder, then
 * swap it in with renames. If anything fails before the swap, the old folder is untouched.
 * @param {string} dir
 * @param {Map<string, string>} files
 */
export function writeTreeAtomic(dir, files) {
  const parent = path.dirname(dir);
  const tmp = fs.mkdtempSync(path.join(parent, `.${path.basename(dir)}.tmp-`));
  try {
    for (const [p, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const full = path.join(tmp, p);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, text);
    }
    const old = `${tmp}.old`;
    if (fs.existsSync(dir)) fs.renameSync(dir, old);
    fs.renameSync(tmp, dir);
    fs.rmSync(old, { recursive: true, force: true });
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}
