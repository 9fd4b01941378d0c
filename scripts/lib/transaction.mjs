// Several files and folders of a repository changed as one transaction (add-report: the seed, its
// metadata, the registries and data/), so that a run killed at any write, or failing at any step,
// leaves the repository as it was, never half of an addition:
//  1. stage: every new file and folder is written in full in a staging folder at the root,
//     `.transaction.tmp-<pid>-<random>/`, with a journal (journal.json) of the moves to make,
//     written last; until the journal is there, nothing outside the staging folder has changed;
//  2. check that every place to change can be written (a read-only or immutable data/ is found
//     here, before anything moves);
//  3. commit: each target in the journal's order is renamed aside into the staging folder (its
//     backup) and the staged one renamed into its place; then the staging folder is renamed to
//     `<name>.done` (the commit point) and removed with the backups.
// A run killed before the commit point leaves a staging folder; the next run that writes the
// repository (add-report, npm run data, npm run check, the build) rolls it back from its journal
// (every target put back as it was, new ones removed) and says so in one line. Roll back, not
// forward: the killed run never said "Added", so a rerun of the same command must find the
// repository as before and succeed. Run under the repository's lock (lock.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic } from './fs.mjs';
import { relPath } from './paths.mjs';
import { lockRepository, staleLock } from './lock.mjs';

const PREFIX = '.transaction.tmp-';
const JOURNAL = 'journal.json';
const DONE = '.done';

/**
 * Stage and commit: `files` (path relative to root -> content) and `trees` (a folder relative to
 * root -> its complete new content, relative path -> content) replace what is there, all or
 * nothing, in the order given (files first). On an error, everything is put back and it is thrown.
 * @param {string} root
 * @param {{ files?: Array<[string, string | Uint8Array]>, trees?: Array<[string, Map<string, string | Uint8Array>]>, label: string }} change
 */
export function commit(root, { files = [], trees = [], label }) {
  const stage = path.join(root, `${PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(stage);
  try {
    // # Stage: every file in full, then the journal (until it exists, nothing else has changed).
    const steps = [];
    files.forEach(([target, content], i) => {
      fs.writeFileSync(path.join(stage, `f${i}`), content);
      steps.push({ target, staged: `f${i}` });
    });
    trees.forEach(([target, tree], i) => {
      const dir = path.join(stage, `t${i}`);
      const made = new Set([dir]);
      fs.mkdirSync(dir);
      for (const [p, content] of [...tree].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const full = path.join(dir, p);
        if (!made.has(path.dirname(full))) fs.mkdirSync(path.dirname(full), { recursive: true });
        made.add(path.dirname(full));
        fs.writeFileSync(full, content);
      }
      steps.push({ target, staged: `t${i}` });
    });
    for (const s of steps) s.existed = fs.existsSync(path.join(root, s.target));
    // Folders to make for new files (a new family of seeds), outermost first; removed on a rollback.
    const dirs = [];
    for (const s of steps) {
      for (
        let d = path.posix.dirname(s.target);
        d !== '.' && !fs.existsSync(path.join(root, d));
        d = path.posix.dirname(d)
      )
        if (!dirs.includes(d)) dirs.push(d);
    }
    dirs.sort((a, b) => a.length - b.length);
    checkWritable(root, steps, dirs);
    writeFileAtomic(path.join(stage, JOURNAL), JSON.stringify({ label, pid: process.pid, dirs, steps }, null, 1));

    // # Commit: make the folders, then each target aside and the staged one in its place.
    for (const d of dirs) fs.mkdirSync(path.join(root, d), { recursive: true });
    for (const s of steps) {
      const target = path.join(root, s.target);
      if (s.existed) fs.renameSync(target, path.join(stage, `${s.staged}.old`));
      fs.renameSync(path.join(stage, s.staged), target);
    }
  } catch (e) {
    rollBack(root, stage);
    e.rolledBack = true;
    throw e;
  }
  // The commit point, one rename: a staging folder named .done holds only backups to delete.
  fs.renameSync(stage, `${stage}${DONE}`);
  removeStage(`${stage}${DONE}`);
}

/**
 * Every place a commit changes can be written: the folder each target is in (or the nearest one
 * there is), and each folder replaced, with every folder inside it (deleted after the commit). As
 * root, permissions do not stop a write but an immutable folder (chattr +i) does: access() tells both.
 */
function checkWritable(root, steps, dirs) {
  const check = (full) => {
    try {
      fs.accessSync(full, fs.constants.W_OK);
    } catch (e) {
      e.path = relPath(root, full) || '.';
      throw e;
    }
  };
  const places = new Set();
  for (const s of steps) {
    let d = path.posix.dirname(s.target);
    while (dirs.includes(d)) d = path.posix.dirname(d);
    places.add(path.join(root, d));
    const full = path.join(root, s.target);
    if (s.existed && fs.statSync(full).isDirectory()) {
      places.add(full);
      for (const sub of subfolders(full)) places.add(sub);
    }
  }
  [...places].forEach(check);
}

function subfolders(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [path.join(dir, e.name), ...subfolders(path.join(dir, e.name))]);
}

/**
 * Put back what a staging folder's journal says was being changed, in reverse order, then remove
 * the staging folder. Safe to repeat after a kill in the middle of it: each step looks at what is
 * there (the staged file, the target, its backup) and does only what is left.
 */
function rollBack(root, stage) {
  const journal = path.join(stage, JOURNAL);
  if (fs.existsSync(journal)) {
    const { dirs, steps } = JSON.parse(fs.readFileSync(journal, 'utf8'));
    for (const s of [...steps].reverse()) {
      const target = path.join(root, s.target);
      const staged = path.join(stage, s.staged);
      const backup = `${staged}.old`;
      const undone = `${staged}.undo`;
      const moved = !fs.existsSync(staged); // the new one is (or was) in place
      if (!s.existed) {
        if (moved) fs.rmSync(target, { recursive: true, force: true });
        continue;
      }
      if (!fs.existsSync(backup)) continue; // never moved aside, or already put back
      if (moved && fs.existsSync(target)) fs.renameSync(target, undone);
      fs.renameSync(backup, target);
    }
    for (const d of [...dirs].reverse()) {
      const full = path.join(root, d);
      if (fs.existsSync(full) && !fs.readdirSync(full).length) fs.rmdirSync(full);
    }
    fs.rmSync(journal);
  }
  removeStage(stage);
}

function removeStage(stage) {
  fs.rmSync(stage, { recursive: true, force: true });
}

/**
 * Roll back every transaction a killed run left at the root (under the repository's lock, so none
 * is running), and say so, one line each.
 * @param {string} root
 * @param {(line: string) => void} [say]
 * @returns {number} how many were rolled back
 */
export function recover(root, say = (l) => console.error(l)) {
  const left = interrupted(root);
  for (const stage of left) {
    if (stage.endsWith(DONE)) {
      removeStage(stage);
      say(`${relPath(root, stage)}: removed the backups a run left after its change was complete`);
      continue;
    }
    const journal = path.join(stage, JOURNAL);
    let label;
    try {
      label = JSON.parse(fs.readFileSync(journal, 'utf8')).label;
    } catch {
      label = undefined; // killed while staging: nothing outside the staging folder had changed
    }
    rollBack(root, stage);
    say(
      label
        ? `${label}: interrupted (killed) while it wrote the repository: rolled back, everything is as before it; run it again`
        : `${relPath(root, stage)}: removed what an interrupted run had staged (nothing outside it had changed)`,
    );
  }
  return left.length;
}

/** The staging folders of transactions at the root. */
export function interrupted(root) {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((n) => n.startsWith(PREFIX))
    .sort()
    .map((n) => path.join(root, n));
}

/**
 * Before a run writes the repository: take its lock (waiting for another writer, lock.mjs) for the
 * rest of the run, and roll back what a killed run left.
 * @param {string} root
 * @param {string} command what this run is, for the message another run prints while it waits
 */
export function writeRepository(root, command) {
  lockRepository(root, command);
  recover(root);
}

/**
 * Before a run reads the repository (npm run check): when a killed run left a change half made (or
 * its lock), roll it back under the lock (released again), so what is read is a whole repository.
 */
export function readRepository(root, command) {
  if (!interrupted(root).length && !staleLock(root)) return;
  const release = lockRepository(root, command);
  recover(root);
  release();
}
