// The file system, the way every stage uses it: walk a folder in name order (no file-system order
// leaks into output), read a tree, and write a file or a whole folder atomically (a temporary name
// beside the target, then a rename), so that a failed or killed run never leaves half a file or
// half a folder behind.
import fs from 'node:fs';
import path from 'node:path';
import { relPath } from './paths.mjs';

/** Every file under a folder, depth first, in name order; [] when the folder does not exist. */
export function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Every file under a folder as relative path (with /) -> text. */
export function readTree(dir) {
  const out = new Map();
  for (const p of walk(dir)) out.set(relPath(dir, p), fs.readFileSync(p, 'utf8'));
  return out;
}

/** Write one file through a temporary name beside it, so a reader never sees half a file. */
export function writeFileAtomic(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(tmp, content);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Replace a folder with exactly these files, atomically: write a sibling temporary folder, then
 * swap it in with renames. If anything fails before the swap, the old folder is untouched.
 * @param {string} dir
 * @param {Map<string, string | Buffer>} files relative path -> content
 */
export function writeTreeAtomic(dir, files) {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(parent, `.${path.basename(dir)}.tmp-`));
  try {
    for (const [p, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const full = path.join(tmp, p);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
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
