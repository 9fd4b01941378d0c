// The seed size limit: one function (checkSeedSize) that add-report calls on the file it is given
// and readInputs on every seed (so build-data and check report it), with the size and what to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSeedSize, readInputs } from './inputs.mjs';
import { InputError } from '../lib/errors.mjs';

test('a Markdown seed over 2 MB is refused before it is read, with its kind, the cap and its size (in bytes where the MB read the same)', () => {
  const max = 2 * 1024 * 1024;
  assert.doesNotThrow(() => checkSeedSize('seeds/a.md', max));
  assert.throws(
    () => checkSeedSize('seeds/a.md', max + 1),
    (e) =>
      e instanceof InputError &&
      e.format() ===
        'seeds/a.md: expected a Markdown seed of at most 2.0 MB (2,097,152 bytes), read as one whole document (line-oriented text, such as CSV, takes up to 32 MB) (split a bigger report into one seed per run or table), found 2,097,153 bytes',
  );
});

test('a line-oriented seed (CSV, a text output) takes up to 32 MB; HTML, reST and JSON documents keep 2 MB', () => {
  assert.doesNotThrow(() => checkSeedSize('seeds/a.csv', 3 * 1024 * 1024));
  assert.doesNotThrow(() => checkSeedSize('seeds/results.txt', 32 * 1024 * 1024));
  assert.throws(
    () => checkSeedSize('seeds/results.txt', 33 * 1024 * 1024),
    (e) => /^seeds\/results\.txt: expected a line-oriented text \(CSV, TSV, a table, a log, JSON lines, a text output\) seed of at most 32\.0 MB \(split .*\), found 33\.0 MB$/.test(e.format()),
  );
  for (const [file, kind] of [
    ['seeds/a.HTML', 'HTML'],
    ['seeds/a.rst', 'reStructuredText'],
    ['seeds/a.json', 'JSON document'],
    ['seeds/a.markdown', 'Markdown'],
  ])
    assert.throws(() => checkSeedSize(file, 3 * 1024 * 1024), (e) => e.format().startsWith(`${file}: expected a ${kind} seed of at most 2.0 MB, read as one whole document`) && e.format().endsWith('found 3.0 MB'));
});

test('readInputs reports an oversized seed as a problem of that seed and reads the others', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inputs-size-'));
  try {
    fs.mkdirSync(path.join(root, 'seeds/x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'seeds/x/big.meta.yaml'), 'slug: big\n');
    fs.writeFileSync(path.join(root, 'seeds/x/small.meta.yaml'), 'slug: small\n');
    fs.writeFileSync(path.join(root, 'seeds/x/small.txt'), 'ok\n');
    const fd = fs.openSync(path.join(root, 'seeds/x/big.md'), 'w');
    fs.ftruncateSync(fd, 25 * 1024 * 1024); // sparse: no 25 MB written
    fs.closeSync(fd);
    const inputs = readInputs(root);
    assert.deepEqual(
      inputs.reports.map((r) => r.seedPath),
      ['seeds/x/small.txt'],
    );
    assert.equal(inputs.problems.length, 1);
    assert.match(inputs.problems[0], /^seeds\/x\/big\.md: expected a Markdown seed of at most 2\.0 MB, .*, found 25\.0 MB$/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

