// The seed size limit: one function (checkSeedSize) that add-report calls on the file it is given
// and readInputs on every seed (so build-data and check report it), with the size and what to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SEED_BYTES, checkSeedSize, readInputs } from './inputs.mjs';
import { InputError } from '../lib/errors.mjs';

test('a seed over 2 MB is refused before it is read, with its size and what to do (in bytes where the MB read the same)', () => {
  assert.equal(MAX_SEED_BYTES, 2 * 1024 * 1024);
  assert.doesNotThrow(() => checkSeedSize('seeds/a.txt', MAX_SEED_BYTES));
  assert.throws(
    () => checkSeedSize('seeds/a.txt', MAX_SEED_BYTES + 1),
    (e) =>
      e instanceof InputError &&
      e.format() === 'seeds/a.txt: expected a seed of at most 2.0 MB (2,097,152 bytes) (split a bigger report into one seed per run or table), found 2,097,153 bytes',
  );
});

test('readInputs reports an oversized seed as a problem of that seed and reads the others', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inputs-size-'));
  try {
    fs.mkdirSync(path.join(root, 'seeds/x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'seeds/x/big.meta.yaml'), 'slug: big\n');
    fs.writeFileSync(path.join(root, 'seeds/x/small.meta.yaml'), 'slug: small\n');
    fs.writeFileSync(path.join(root, 'seeds/x/small.txt'), 'ok\n');
    const fd = fs.openSync(path.join(root, 'seeds/x/big.txt'), 'w');
    fs.ftruncateSync(fd, 25 * 1024 * 1024); // sparse: no 25 MB written
    fs.closeSync(fd);
    const inputs = readInputs(root);
    assert.deepEqual(
      inputs.reports.map((r) => r.seedPath),
      ['seeds/x/small.txt'],
    );
    assert.equal(inputs.problems.length, 1);
    assert.match(inputs.problems[0], /^seeds\/x\/big\.txt: expected a seed of at most 2\.0 MB .*, found 25\.0 MB$/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

