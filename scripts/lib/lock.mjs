// One writer at a time in a repository: add-report and the data stage (npm run data, the build's
// first stage) take `.atlas.lock` at the repository's root for their whole run, so two runs at once
// never compute data/ each without the other's report (the second would swap in a data/ that loses
// the first's). The lock is a file made with O_EXCL holding the owner's pid and command; a lock whose
// process is gone (killed) is stale and taken over. A second run waits for the first (bounded), then
// refuses with a line that names the owner. Synchronous: the CLIs that take it are.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = '.atlas.lock';

/** How long a second run waits for the first before it refuses. */
const WAIT_MS = 120_000;
const POLL_MS = 100;

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether a process with this pid is running. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** The owner a lock file names ({ pid, command }), or undefined when it is gone or unreadable. */
function owner(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  }
  const m = /^(\d+) (.*)\n?$/s.exec(text);
  return m ? { pid: Number(m[1]), command: m[2].trim(), text } : { pid: 0, command: 'unknown', text };
}

const held = new Set();
process.on('exit', () => {
  for (const file of held) releaseFile(file);
});

function releaseFile(file) {
  held.delete(file);
  // Only our own lock: a stale one taken over by another run is not ours to remove.
  if (owner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
}

/**
 * Take the repository's lock for this process, until it exits (or `release` is called). Waits while
 * another live process holds it, at most `waitMs`; a lock of a dead process is taken over.
 * @param {string} root the repository
 * @param {string} command what this run is, for the message another run prints
 * @param {{ waitMs?: number, say?: (line: string) => void }} [options]
 * @returns {() => void} release
 */
export function lockRepository(root, command, { waitMs = WAIT_MS, say = (l) => console.error(l) } = {}) {
  const file = path.join(root, LOCK_FILE);
  if (held.has(file)) return () => releaseFile(file);
  const start = Date.now();
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid} ${command}\n`, { flag: 'wx' });
      held.add(file);
      return () => releaseFile(file);
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    const who = owner(file);
    if (!who) continue;
    if (!who.pid || !alive(who.pid)) {
      // Stale: remove it unless another run took it over meanwhile (its content changed).
      if (owner(file)?.text === who.text) fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() - start >= waitMs)
      throw new LockError(
        `${LOCK_FILE}: another run is writing this repository (${who.command}, pid ${who.pid}) and did not finish within ${Math.round(waitMs / 1000)} s: run this again when it has finished, or remove ${LOCK_FILE} if no such run is going on (nothing was written)`,
      );
    if (!told) say(`waiting for ${who.command} (pid ${who.pid}) to finish writing this repository...`);
    told = true;
    sleep(POLL_MS);
  }
}

/** Whether a killed run left its lock (its process is gone). */
export function staleLock(root) {
  const who = owner(path.join(root, LOCK_FILE));
  return Boolean(who) && (!who.pid || !alive(who.pid));
}

/** The repository is locked by another run: a one-line message, nothing written. */
export class LockError extends Error {}
