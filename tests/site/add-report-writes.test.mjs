// How add-report writes the repository, in a throw-away copy: into a data/ it cannot write it
// writes nothing at all (made immutable with chattr +i: as root, chmod does not stop a write);
// two add-reports at once both land, one after the other (the repository's lock); and what it
// writes has the modes a web server running as another user can read (folders as mkdir makes
// them, files as a write makes them: 0755 and 0644 with the usual umask), not mkdtemp's 0700.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempRepo, removeTempRepo, snapshot } from '../helpers/temp-repo.mjs';
import { walk } from '../../scripts/lib/fs.mjs';

const ARGS = ['--source', 'a/b:c.md@abcdef1', '--licence', 'MIT License', '--added', '2026-01-01'];
const report = (title, a, b) =>
  `# ${title} (2020-01-05)\n\n| Server | Throughput (req/s) |\n|---|---|\n| zorbqueue | ${a} |\n| quuxqueue | ${b} |\n`;

let root;
let inputs;
before(() => {
  root = tempRepo('writes');
  inputs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-writes-in-'));
  fs.writeFileSync(path.join(inputs, 'one.md'), report('Queue throughput one', 100, 200));
  fs.writeFileSync(path.join(inputs, 'two.md'), report('Queue throughput two', 300, 400));
});
after(() => {
  if (process.env.KEEP_TEMP) return;
  if (root) removeTempRepo(root);
  if (inputs) fs.rmSync(inputs, { recursive: true, force: true });
});

/** add-report of one of the inputs, as a child process (several can run at once). */
function addReport(name) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/add-report/add-report.mjs', path.join(inputs, name), ...ARGS],
      { cwd: root, encoding: 'utf8', timeout: 180_000 },
      (err, stdout, stderr) => resolve({ code: err ? (err.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

/** Everything add-report can change: seeds/, data/ and what is at the root. */
const everything = () => ({
  seeds: snapshot(path.join(root, 'seeds')),
  data: snapshot(path.join(root, 'data')),
  root: fs.readdirSync(root).sort(),
});

/** Make a folder immutable (chattr +i) for the length of `fn`; false when chattr cannot. */
async function immutable(dir, fn) {
  if (spawnSync('chattr', ['+i', dir]).status !== 0) return false;
  try {
    await fn();
  } finally {
    spawnSync('chattr', ['-i', dir]);
  }
  return true;
}

for (const place of ['data', 'data/reports']) {
  test(
    `add-report into an immutable ${place}/ exits 1 naming it, and the repository is as before`,
    { timeout: 180_000 },
    async (t) => {
      const before = everything();
      const done = await immutable(path.join(root, place), async () => {
        const r = await addReport('one.md');
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stderr, new RegExp(`^${place}: operation not permitted.*nothing was written`, 'm'));
        assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
        assert.deepEqual(everything(), before, 'seeds/, data/ and the root are as before');
      });
      if (!done) t.skip('chattr +i is not available here');
    },
  );
}

test(
  'two add-reports at once on different files: both exit 0, and data/ has both reports as check wants it',
  { timeout: 400_000 },
  async () => {
    const [one, two] = await Promise.all([addReport('one.md'), addReport('two.md')]);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.code, 0, two.stderr);
    const reports = fs.readdirSync(path.join(root, 'data/reports'));
    assert.ok(reports.includes('queue-throughput-one-2020-01-05.json'), reports.join(', '));
    assert.ok(reports.includes('queue-throughput-two-2020-01-05.json'), reports.join(', '));
    const check = spawnSync(process.execPath, ['scripts/check/check.mjs', '--no-csvclean'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.deepEqual(
      check.stderr.split('\n').filter((l) => l && !/: fill in: |^check: \d+ problems$/.test(l)),
      [],
      'check finds only what the contributors have to fill in',
    );
  },
);

test('after add-report, data/ and its folders are readable by all (0755 with umask 022) and its files 0644', () => {
  const mask = process.umask();
  const modes = {};
  const mode = (p) => (fs.statSync(p).mode & 0o777).toString(8);
  modes.data = mode(path.join(root, 'data'));
  for (const f of walk(path.join(root, 'data'))) {
    modes[path.dirname(f)] = mode(path.dirname(f));
    modes[f] = mode(f);
  }
  const dir = (0o777 & ~mask).toString(8);
  const file = (0o666 & ~mask).toString(8);
  for (const [p, m] of Object.entries(modes))
    assert.equal(m, fs.statSync(p).isDirectory() ? dir : file, `${path.relative(root, p) || p}: mode ${m}`);
});
