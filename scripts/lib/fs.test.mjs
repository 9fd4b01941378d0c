// Unit tests of the atomic write of data/: a run either replaces the folder with exactly the new
// files, or fails and leaves the old folder byte for byte as it was, with no temporary folder left;
// a run killed between the two renames of the swap is repaired by the next one.
import { describe, test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { linkFileAtomic, linkTree, writeFileAtomic, writeTreeAtomic, readTree, recoverTree } from './fs.mjs';

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

  test('the folder it swaps in is readable by all, as mkdir makes it (0755 with umask 022), not 0700', () => {
    writeTreeAtomic(dir, new Map([['tables/a.csv', 'x\n2\n']]));
    const mask = process.umask();
    assert.equal((fs.statSync(dir).mode & 0o777).toString(8), (0o777 & ~mask).toString(8));
    assert.equal((fs.statSync(path.join(dir, 'tables/a.csv')).mode & 0o777).toString(8), (0o666 & ~mask).toString(8));
  });

  test('creates the folder when it does not exist yet', () => {
    const fresh = path.join(parent, 'out');
    writeTreeAtomic(fresh, new Map([['platforms.json', '{}\n']]));
    assert.deepEqual(Object.fromEntries(readTree(fresh)), { 'platforms.json': '{}\n' });
    assert.deepEqual(fs.readdirSync(parent).sort(), ['data', 'out']);
  });

  test('a failure in the second rename puts the old folder back, with no temporary folder left', () => {
    const before = Object.fromEntries(readTree(dir));
    let calls = 0;
    const rename = (a, b) => {
      if (++calls === 2) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      fs.renameSync(a, b);
    };
    assert.throws(() => writeTreeAtomic(dir, new Map([['new.json', '1\n']]), { rename }), /EIO/);
    assert.deepEqual(Object.fromEntries(readTree(dir)), before);
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });

  test('a full disk while writing leaves the old folder as it was and no temporary folder', () => {
    const before = Object.fromEntries(readTree(dir));
    const writeFile = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    };
    assert.throws(() => writeTreeAtomic(dir, new Map([['new.json', '1\n']]), { writeFile }), { code: 'ENOSPC' });
    assert.deepEqual(Object.fromEntries(readTree(dir)), before);
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });

  test('a process killed between the two renames: the next run restores the old folder and cleans up', () => {
    const before = Object.fromEntries(readTree(dir));
    // A child that dies (SIGKILL, no catch, no finally) in the second rename of the swap.
    const script = `
      import fs from 'node:fs';
      import { writeTreeAtomic } from ${JSON.stringify(new URL('./fs.mjs', import.meta.url).href)};
      let calls = 0;
      const rename = (a, b) => {
        if (++calls === 2) process.kill(process.pid, 'SIGKILL');
        fs.renameSync(a, b);
      };
      writeTreeAtomic(${JSON.stringify(dir)}, new Map([['new.json', '1\\n']]), { rename });
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 30_000 });
    assert.equal(child.signal, 'SIGKILL', `the child died in the swap: ${child.stderr}`);
    assert.ok(!fs.existsSync(dir), 'the crash left no folder (the state to recover from)');
    assert.ok(
      fs.readdirSync(parent).some((n) => /^\.data\.tmp-/.test(n)),
      'and temporary folders',
    );
    // The next run (here: its first step) puts the last good folder back and removes the leftovers.
    recoverTree(dir);
    assert.deepEqual(Object.fromEntries(readTree(dir)), before);
    assert.deepEqual(fs.readdirSync(parent), ['data']);
    // A whole next run also ends with only its own folder.
    writeTreeAtomic(dir, new Map([['new.json', '2\n']]));
    assert.deepEqual(Object.fromEntries(readTree(dir)), { 'new.json': '2\n' });
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });

  test('leftovers of earlier runs (killed while writing, or with the old naming) are removed', () => {
    fs.mkdirSync(path.join(parent, '.data.tmp-abc123/tables'), { recursive: true });
    fs.mkdirSync(path.join(parent, '.data.tmp-999999999-xyz'), { recursive: true });
    writeTreeAtomic(dir, new Map([['a.json', '1\n']]));
    assert.deepEqual(fs.readdirSync(parent), ['data']);
  });
});

describe('linkFileAtomic and linkTree (the chart cache linked into build/, build/ into the site)', () => {
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-link-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a linked file has the source bytes, linking it again leaves no temporary file, and replacing it never changes the source', () => {
    const src = path.join(dir, 'cache', 'k.svg');
    const dst = path.join(dir, 'build', 'a.svg');
    writeFileAtomic(src, '<svg>one</svg>');
    linkFileAtomic(src, dst);
    linkFileAtomic(src, dst);
    assert.equal(fs.readFileSync(dst, 'utf8'), '<svg>one</svg>');
    assert.deepEqual(fs.readdirSync(path.dirname(dst)), ['a.svg']);
    writeFileAtomic(dst, '<svg>two</svg>');
    assert.equal(fs.readFileSync(src, 'utf8'), '<svg>one</svg>');
    const other = path.join(dir, 'cache', 'l.svg');
    writeFileAtomic(other, '<svg>three</svg>');
    linkFileAtomic(other, dst);
    assert.equal(fs.readFileSync(dst, 'utf8'), '<svg>three</svg>');
    assert.equal(fs.readFileSync(src, 'utf8'), '<svg>one</svg>');
  });

  test('linkTree publishes every file at its place, and refuses a path another stage already wrote', () => {
    const src = path.join(dir, 'static');
    const site = path.join(dir, 'site');
    writeFileAtomic(path.join(src, 'charts', 'a.png'), 'png');
    writeFileAtomic(path.join(src, 'charts', 'b.svg'), 'svg');
    writeFileAtomic(path.join(site, 'charts', 'a', 'index.html'), 'page');
    assert.equal(linkTree(src, site), 2);
    assert.deepEqual(
      [...readTree(site)],
      [
        ['charts/a/index.html', 'page'],
        ['charts/a.png', 'png'],
        ['charts/b.svg', 'svg'],
      ],
    );
    assert.throws(() => linkTree(src, site), /charts\/a\.png: already written/);
  });
});
