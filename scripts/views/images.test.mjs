// The views publish an original image under a name the build chooses from its bytes, never the
// contributor's: data/ that names a PNG called .html (data/ comes by pull request too) still gives
// <table>-original.png, and a path out of seeds/ or bytes that are no image stop the stage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { tempRepo, removeTempRepo, runScript } from '../../tests/helpers/temp-repo.mjs';

const REPORT = 'data/reports/astore-hyper-threading-dell-r420.json';
const IMAGE = 'seeds/astore/2015-astore-ht-dell-r420.original.png';
let root;
before(() => {
  root = tempRepo('views-images');
  fs.copyFileSync(path.join(ROOT, 'config.toml'), path.join(root, 'config.toml'));
});
after(() => root && removeTempRepo(root));

/** Point the astore table's image at `image` in data/, and run the views into build/views. */
async function viewsWith(image) {
  const p = path.join(root, REPORT);
  fs.writeFileSync(
    p,
    fs.readFileSync(path.join(ROOT, REPORT), 'utf8').replaceAll(JSON.stringify(IMAGE), JSON.stringify(image)),
  );
  return runScript(root, 'scripts/views/build-views.mjs', ['--out', path.join(root, 'build/views')], {
    timeout: 60_000,
  });
}

test('a PNG named .html is published as .png', { timeout: 90_000 }, async () => {
  fs.copyFileSync(path.join(ROOT, IMAGE), path.join(root, 'seeds/astore/x.original.html'));
  const r = await viewsWith('seeds/astore/x.original.html');
  assert.equal(r.code, 0, r.stderr);
  const dir = path.join(root, 'build/views/static/reports/astore-hyper-threading-dell-r420');
  assert.deepEqual(
    fs.readdirSync(dir).filter((f) => f.includes('original')),
    ['throughput-digitized-original.png'],
  );
});

test('an image path out of seeds/ or bytes that are no image stop the stage', { timeout: 90_000 }, async () => {
  const outside = await viewsWith('seeds/../package.json');
  assert.notEqual(outside.code, 0);
  assert.match(outside.stderr, /expected an image under seeds\//);
  fs.writeFileSync(path.join(root, 'seeds/astore/y.original.png'), '<!doctype html><script>alert(1)</script>');
  const html = await viewsWith('seeds/astore/y.original.png');
  assert.notEqual(html.code, 0);
  assert.match(html.stderr, /expected a PNG, JPEG, GIF or WebP image/);
});
