// The repository's lock: a second writer waits, then refuses with a line naming the first; the lock
// of a killed run (its process gone) is taken over; a run releases only its own lock.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { LOCK_FILE, LockError, lockRepository, staleLock } from './lock.mjs';

let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-lock-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a lock held by a running process: the second run waits, then refuses naming it, and writes nothing', () => {
  // pid 1 is always running.
  fs.writeFileSync(path.join(root, LOCK_FILE), '1 add-report first.md\n');
  const said = [];
  assert.throws(
    () => lockRepository(root, 'add-report second.md', { waitMs: 300, say: (l) => said.push(l) }),
    (e) =>
      e instanceof LockError &&
      /^\.atlas\.lock: another run is writing this repository \(add-report first\.md, pid 1\) and did not finish within 0 s/.test(
        e.message,
      ),
  );
  assert.deepEqual(said, ['waiting for add-report first.md (pid 1) to finish writing this repository...']);
  assert.equal(fs.readFileSync(path.join(root, LOCK_FILE), 'utf8'), '1 add-report first.md\n');
});

test('the lock of a killed run is taken over, and released by its new owner', () => {
  const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
  fs.writeFileSync(path.join(root, LOCK_FILE), `${gone} add-report killed.md\n`);
  assert.equal(staleLock(root), true);
  const release = lockRepository(root, 'npm run data', { waitMs: 300 });
  assert.equal(fs.readFileSync(path.join(root, LOCK_FILE), 'utf8'), `${process.pid} npm run data\n`);
  assert.equal(staleLock(root), false);
  release();
  assert.equal(fs.existsSync(path.join(root, LOCK_FILE)), false);
});
