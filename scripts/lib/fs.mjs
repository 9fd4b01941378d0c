// The file system, the way every stage uses it: walk a folder in name order (no file-system order
// leaks into output), read a tree, and write a file or a whole folder atomically (a temporary name
// beside the target, then a rename), so that a failed or killed run never leaves half a file or
// half a folder behind.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { relPath } from './paths.mjs';

/** Every file under a folder, depth first, in name order; [] when the folder does not exist. */
export function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * What a path is, in words, when it is not a regular file (a folder, a device such as /dev/zero, a
 * named pipe, a socket): reading one would block or never end. undefined for a regular file.
 * Links are followed.
 * @returns {string | undefined}
 */
export function notRegularFile(file) {
  let st;
  try {
    st = fs.statSync(file);
  } catch (e) {
    if (e.code === 'ENOENT') return 'no such file';
    if (e.code === 'ENOTDIR') return 'no such file';
    throw e;
  }
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'something that is not a file';
}

/** Every file under a folder as relative path (with /) -> text. */
export function readTree(dir) {
  const out = new Map();
  for (const p of walk(dir)) out.set(relPath(dir, p), fs.readFileSync(p, 'utf8'));
  return out;
}

/**
 * Replace `file` in one rename: `fill(tmp)` makes the new file at a temporary name beside it, so a
 * reader never sees half a file, and a failure leaves the old one and no temporary name.
 */
function replaceFile(file, fill) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    fs.rmSync(tmp, { force: true });
    fill(tmp);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Write one file through a temporary name beside it, so a reader never sees half a file. */
export function writeFileAtomic(file, content) {
  replaceFile(file, (tmp) => fs.writeFileSync(tmp, content));
}

/** A hard link `to` of `src`; a copy where the file system cannot link them (another device, say). */
function linkOrCopy(src, to) {
  try {
    fs.linkSync(src, to);
  } catch (e) {
    if (!['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP'].includes(e.code)) throw e;
    fs.copyFileSync(src, to, fs.constants.COPYFILE_EXCL);
  }
}

/**
 * Make `file` the same file as `src` (linkOrCopy), through a temporary name beside it like
 * writeFileAtomic. For files that are never written in place, only replaced (what writeFileAtomic
 * writes): a link shares the bytes, so writing a big file twice (a cache and the folder it feeds)
 * becomes writing it once.
 */
export function linkFileAtomic(src, file) {
  const a = fs.statSync(src);
  const b = fs.statSync(file, { throwIfNoEntry: false });
  // rename() of two links to one file does nothing and would leave the temporary name behind.
  if (b && b.ino === a.ino && b.dev === a.dev) return;
  replaceFile(file, (tmp) => linkOrCopy(src, tmp));
}

/**
 * Put every file under `src` at the same place under `dest` as a hard link (a copy across file
 * systems): publishing a folder of thousands of generated files without copying their bytes.
 * A file that is already in `dest` is an error (two stages publish one path).
 * @param {string} src
 * @param {string} dest
 * @param {{ skip?: (rel: string) => boolean }} [options] skip: leave out the file or folder at this
 *   path relative to `src` (with /)
 * @returns {number} files linked
 */
export function linkTree(src, dest, { skip = () => false } = {}) {
  let n = 0;
  const visit = (from, to, rel) => {
    let made = false;
    const entries = fs.readdirSync(from, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) {
        visit(path.join(from, e.name), path.join(to, e.name), r);
        continue;
      }
      if (!made) fs.mkdirSync(to, { recursive: true });
      made = true;
      const target = path.join(to, e.name);
      try {
        linkOrCopy(path.join(from, e.name), target);
      } catch (err) {
        if (err.code === 'EEXIST') throw new Error(`${target}: already written (two stages publish this path)`);
        throw err;
      }
      n++;
    }
  };
  if (fs.existsSync(src)) visit(src, dest, '');
  return n;
}

/** Temporary folders beside `dir` are named `.<name>.tmp-<pid>-<random>`, the old tree during a swap `<that>.old`. */
const tmpPrefix = (dir) => `.${path.basename(dir)}.tmp-`;

/** Whether the process that made a temporary folder may still be writing it (not this one: its calls are synchronous). */
function running(name) {
  const pid = Number(/\.tmp-(\d+)-/.exec(name)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Undo what a run killed in the middle of a swap left behind, and remove the temporary folders of
 * earlier runs: when `dir` is missing and a `.old` tree of a dead run is there (killed between the
 * two renames), that last good tree is put back; every other leftover of a dead run is deleted.
 * Runs before every swap, so the next run repairs what a crash left.
 */
export function recoverTree(dir) {
  const parent = path.dirname(dir);
  if (!fs.existsSync(parent)) return;
  const dead = fs
    .readdirSync(parent)
    .filter((n) => n.startsWith(tmpPrefix(dir)) && !running(n))
    .map((n) => path.join(parent, n));
  if (!fs.existsSync(dir)) {
    const olds = dead.filter((p) => p.endsWith('.old')).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    if (olds.length) fs.renameSync(olds[0], dir);
  }
  for (const p of dead) fs.rmSync(p, { recursive: true, force: true });
}

/**
 * A new empty temporary folder beside `dir`, for its next content (after recovering from earlier
 * runs). Made by mkdir, not mkdtemp: mkdtemp's folder is 0700 whatever the umask, and swapped in
 * as data/ or public/ it would keep a web server running as another user out (403 on every page).
 */
export function tempBeside(dir) {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  recoverTree(dir);
  for (;;) {
    const tmp = path.join(path.dirname(dir), `${tmpPrefix(dir)}${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      fs.mkdirSync(tmp);
      return tmp;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
  }
}

/**
 * Swap a complete temporary folder (from tempBeside) in as `dir`: `dir` -> `<tmp>.old`, `tmp` ->
 * `dir`, then the old tree is deleted. On an error the old tree is put back and `tmp` removed; if
 * the process dies between the renames, the next recoverTree puts the old tree back.
 * @param {{ rename?: (from: string, to: string) => void }} [hooks] for tests: a rename that fails or kills
 */
export function swapIn(dir, tmp, { rename = fs.renameSync } = {}) {
  const old = `${tmp}.old`;
  let moved = false;
  try {
    if (fs.existsSync(dir)) {
      rename(dir, old);
      moved = true;
    }
    rename(tmp, dir);
  } catch (e) {
    if (moved && !fs.existsSync(dir)) fs.renameSync(old, dir);
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Replace a folder with exactly these files, atomically: write a sibling temporary folder, then
 * swap it in with renames (swapIn). If anything fails before the swap, the old folder is untouched;
 * leftovers of an earlier run that was killed are repaired or removed first (recoverTree).
 * @param {string} dir
 * @param {Map<string, string | Buffer>} files relative path -> content
 * @param {{ rename?: (from: string, to: string) => void, writeFile?: typeof fs.writeFileSync }} [hooks]
 *   for tests: faults to inject (a full disk, a crash between the renames)
 */
export function writeTreeAtomic(dir, files, { rename, writeFile = fs.writeFileSync } = {}) {
  const tmp = tempBeside(dir);
  try {
    for (const [p, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const full = path.join(tmp, p);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      writeFile(full, content);
    }
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  swapIn(dir, tmp, { rename });
}
