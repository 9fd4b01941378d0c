// The data stage's and check's CLIs on what a contributor's machine or pull request can do to them:
// a place to write under a file (as root, chmod does not stop writes, so this is how a read-only or
// impossible output is provoked), a registry that is a folder. Each is one line naming the file on
// stderr and exit 1, never a stack trace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempRepo, removeTempRepo, runScript, snapshot } from '../../tests/helpers/temp-repo.mjs';

let root;
before(() => {
  root = tempRepo('cli-errors');
});
after(() => root && removeTempRepo(root));

/** One line, naming `file`, no stack trace. */
function oneLine(r, file) {
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, found:\n${r.stderr}`);
  assert.ok(lines[0].startsWith(file), lines[0]);
  assert.doesNotMatch(r.stderr, /^\s+at /m);
}

test('build-data with an output folder under a file: one line naming it', { timeout: 60_000 }, async () => {
  fs.writeFileSync(path.join(root, 'a-file'), 'x');
  const r = await runScript(root, 'scripts/data/build-data.mjs', ['--out', path.join(root, 'a-file', 'data')]);
  oneLine(r, path.join(root, 'a-file'));
  assert.match(r.stderr, /a file is in the way|expected a folder/);
});

test('build-data and check with seeds/platforms.yaml as a folder: one line naming it', { timeout: 60_000 }, async () => {
  const p = path.join(root, 'seeds/platforms.yaml');
  const text = fs.readFileSync(p);
  fs.rmSync(p);
  fs.mkdirSync(p);
  try {
    oneLine(await runScript(root, 'scripts/data/build-data.mjs', ['--quiet']), 'seeds/platforms.yaml: expected a file');
    oneLine(await runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']), 'seeds/platforms.yaml: expected a file');
  } finally {
    fs.rmdirSync(p);
    fs.writeFileSync(p, text);
  }
});

test('npm run data with a metadata file deleted: exit 1 naming the seed and the metadata file, data/ unchanged', { timeout: 60_000 }, async () => {
  const seed = 'seeds/nginz/2016-nginz-ab-linux-laptop-10000-12000-connections.md';
  const meta = seed.replace(/\.md$/, '.meta.yaml');
  const text = fs.readFileSync(path.join(root, meta));
  const before = snapshot(path.join(root, 'data'));
  fs.rmSync(path.join(root, meta));
  try {
    const r = await runScript(root, 'scripts/data/build-data.mjs', ['--quiet']);
    oneLine(r, `${seed}: no metadata file ${meta}`);
    assert.deepEqual(snapshot(path.join(root, 'data')), before, 'data/ still has the report');
  } finally {
    fs.writeFileSync(path.join(root, meta), text);
  }
});
