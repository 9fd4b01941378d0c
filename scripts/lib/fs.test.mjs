// Unit tests of the atomic write of data/: a run either replaces the folder with exactly the new
// files, or fails and leaves the old folder byte for byte as it was, with no temporary folder left.
import { describe, test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeTreeAtomic, readTree } from './fs.mjs';

describe('writeTreeAtomic', () => {
  let parent;
  let dir;
  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-atomic-'));
    dir = path.join(parent, 'data');
    fs.mkdirSync(path.join(dir, 'tables'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'old.json'), '{}\n');
    fs.writeFileSync(path.join(dir, 'tables', 'a.csv'), 'x\n1\n');
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  test('replaces the folder with exactly the given files', () => {
    writeTreeAtomic(
      dir,
      new Map([
        ['tables/a.csv', 'x\n2\n'],
        ['reports/r.json', '[]\n'],
      ]),
    );
    assert.deepEqual(Object.fromEntries(readTree(dir)), { 'reports/r.json': '[]\n', 'tables/a.csv': 'x\n2\n' });
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });

  test('a failure while writing leaves the old folder as it was and no temporary folder', () => {
    const before = Object.fromEntries(readTree(dir));
    // "a" cannot be both a file and a folder: the second write fails half-way through.
    assert.throws(() =>
      writeTreeAtomic(
        dir,
        new Map([
          ['a', 'file\n'],
          ['a/b.csv', 'x\n'],
        ]),
      ),
    );
    assert.deepEqual(Object.fromEntries(readTree(dir)), before);
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });

  test('creates the folder when it does not exist yet', () => {
    const fresh = path.join(parent, 'out');
    writeTreeAtomic(fresh, new Map([['platforms.json', '{}\n']]));
    assert.deepEqual(Object.fromEntries(readTree(fresh)), { 'platforms.json': '{}\n' });
    assert.deepEqual(fs.readdirSync(parent).sort(), ['data', 'out']);
  });
});
