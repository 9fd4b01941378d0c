// add-report killed at every file-system write (SIGKILL, no cleanup: tests/helpers/kill-at-write.mjs
// preloaded with node --import) never leaves a repository it cannot come back from: after the kill,
// either the addition is complete, or the next run rolls back what was half made, says so in one
// line, and the same add-report again succeeds. Either way the repository ends up exactly as one
// uninterrupted add-report makes it (seeds/ and data/ byte for byte), with nothing left at its root.
// In a throw-away copy with one report (data/ of ten files), so that every write is tried in a few
// minutes; a small report in a new family of seeds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempRepo, removeTempRepo, snapshot } from '../helpers/temp-repo.mjs';
import { readRepository } from '../../scripts/lib/transaction.mjs';

const KILLER = new URL('../helpers/kill-at-write.mjs', import.meta.url).pathname;
const REPORT =
  '# Queue throughput (2020-01-05)\n\n| Server | Throughput (req/s) |\n|---|---|\n| zorbqueue | 100 |\n| quuxqueue | 200 |\n';
const ARGS = ['--source', 'a/b:c.md@abcdef1', '--licence', 'MIT License', '--added', '2026-01-01'];

let base;
let input;
const copies = [];
before(() => {
  base = tempRepo('killed');
  for (const d of fs.readdirSync(path.join(base, 'seeds'), { withFileTypes: true }))
    if (d.isDirectory() && d.name !== 'nginz') fs.rmSync(path.join(base, 'seeds', d.name), { recursive: true });
  const data = node(base, ['scripts/data/build-data.mjs', '--quiet', '--no-cache']);
  assert.equal(data.status, 0, data.stderr);
  input = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-killed-in-')), 'queue.md');
  fs.writeFileSync(input, REPORT);
});
after(() => {
  if (process.env.KEEP_TEMP) return;
  for (const r of [base, ...copies]) if (r) removeTempRepo(r);
  if (input) fs.rmSync(path.dirname(input), { recursive: true, force: true });
});

function node(cwd, args, env = {}) {
  return spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
}

/** A fresh copy of the one-report repository. */
function copy() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-killed-'));
  fs.cpSync(base, root, { recursive: true, verbatimSymlinks: true });
  copies.push(root);
  return root;
}

const addReport = (root, env) =>
  node(root, [...(env ? ['--import', KILLER] : []), 'scripts/add-report/add-report.mjs', input, ...ARGS], env);
const state = (root) => ({ seeds: snapshot(path.join(root, 'seeds')), data: snapshot(path.join(root, 'data')) });
/** What runs leave at the root of a repository: staging folders, temporary trees, a lock. */
const leftovers = (root) => fs.readdirSync(root).filter((n) => /\.tmp-|^\.atlas\.lock$/.test(n));

test(
  'add-report killed at any write leaves a repository that the next run completes as one add-report makes it',
  { timeout: 1_800_000 },
  () => {
    // # One add-report without a kill: the repository every killed one must end up as.
    const ref = copy();
    const countFile = path.join(ref, '..', `${path.basename(ref)}.count`);
    const first = addReport(ref, { KILL_AT_WRITE: '0', KILL_AT_WRITE_COUNT: countFile });
    assert.equal(first.status, 0, first.stderr);
    const writes = Number(fs.readFileSync(countFile, 'utf8'));
    fs.rmSync(countFile);
    assert.ok(writes > 10, `add-report writes the seed, its metadata and data/ (${writes} writes)`);
    const expected = state(ref);
    assert.ok(expected.seeds['queue/2020-01-queue-throughput-2020-01-05.md'], 'the seed is in a new family');
    assert.ok(expected.data['reports/queue-throughput-2020-01-05.json'], 'the report is in data/');
    const checked = node(ref, ['scripts/check/check.mjs', '--no-csvclean']);
    assert.deepEqual(
      checked.stderr.split('\n').filter((l) => l && !/: fill in: |^check: \d+ problems$/.test(l)),
      [],
      'check finds only what the contributor has to fill in',
    );
    assert.deepEqual(leftovers(ref), []);
    removeTempRepo(ref);

    // # Kill at each write in turn.
    const seen = { rolledBack: 0, staged: 0, complete: 0 };
    for (let n = 1; n <= writes; n++) {
      const root = copy();
      const killed = addReport(root, { KILL_AT_WRITE: String(n) });
      const at = /write \d+: .*/.exec(killed.stderr)?.[0] ?? `write ${n}`;
      assert.equal(killed.signal, 'SIGKILL', `${at}: the run was killed there\n${killed.stderr}`);
      const pending = fs.readdirSync(root).filter((x) => x.startsWith('.transaction.tmp-') && !x.endsWith('.done'));
      const after = state(root);
      if (!pending.length && after.seeds['queue/2020-01-queue-throughput-2020-01-05.md']) {
        // Killed after the commit point: the addition is complete. What check runs first (here in
        // this process, to save a run a kill) removes the backups and the lock left behind.
        assert.deepEqual(after, expected, `${at}: killed after the commit, the addition is complete`);
        readRepository(root, 'the test');
        seen.complete++;
      } else {
        // Killed before: the same add-report again rolls back (saying so) and succeeds.
        const rerun = addReport(root);
        assert.equal(rerun.status, 0, `${at}: the rerun fails:\n${rerun.stderr}`);
        const said = rerun.stderr.split('\n').filter((l) => /interrupted/.test(l));
        if (pending.length) assert.equal(said.length, 1, `${at}: one line says what was rolled back:\n${rerun.stderr}`);
        if (said.some((l) => /rolled back, everything is as before it/.test(l))) seen.rolledBack++;
        else if (said.length) seen.staged++;
        assert.deepEqual(
          state(root),
          expected,
          `${at}: after the rerun, seeds/ and data/ are as one add-report makes them`,
        );
      }
      assert.deepEqual(leftovers(root), [], `${at}: nothing left at the root`);
      removeTempRepo(root);
      copies.pop();
    }
    // The kills landed in each phase: while staging, while committing (rolled back), after the commit.
    assert.ok(seen.staged > 0 && seen.rolledBack > 0 && seen.complete > 0, JSON.stringify(seen));
  },
);
