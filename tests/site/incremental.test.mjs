// The build as make would run it, in a throw-away copy of the site: a stage runs again when any of
// its inputs changes (a replaced original image reaches public/ without --force), and an output a
// stage no longer produces leaves public/ (a removed report takes its pages, charts and downloads
// with it).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempSite, removeTempSite, run, filesUnder } from '../helpers/temp-repo.mjs';
import { encodePng } from '../../scripts/charts/render.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

const SLUG = 'astore-hyper-threading-dell-r420';
const build = async (root) => {
  const r = await run(root, 'scripts/build.mjs', [], { timeout: 300_000 });
  assert.equal(r.code, 0, `build:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};
/** The original images the report page shows, as public/ paths, from the views stage's index. */
const originals = (root) => {
  const views = JSON.parse(fs.readFileSync(path.join(root, 'build/views/data/views', `${SLUG}.json`), 'utf8'));
  return Object.values(views.images).map((i) => path.join(root, 'public', i.url));
};

test('a replaced original image reaches public/ on the next build, without --force', { timeout: 600_000 }, async () => {
  const root = tempSite('incremental-image');
  roots.push(root);
  await build(root);
  const [published] = originals(root);
  assert.ok(published && fs.existsSync(published), 'the AStore report publishes its original chart image');
  const seedImage = fs.readdirSync(path.join(root, 'seeds/astore')).find((f) => /\.original\.png$/.test(f));
  // Another real PNG stands in for the replaced image: 2 x 2 grey pixels, encoded as the chart stage
  // encodes its PNGs (a local build draws none).
  const replacement = await encodePng(2, 2, new Uint8Array(16).fill(128));
  assert.notDeepEqual(fs.readFileSync(published), replacement);
  fs.writeFileSync(path.join(root, 'seeds/astore', seedImage), replacement);
  const out = await build(root);
  assert.match(out, /build: views \d+ ms/, `the views stage ran again:\n${out}`);
  assert.deepEqual(fs.readFileSync(originals(root)[0]), replacement, 'public/ has the new image');
});

test(
  'a removed report leaves public/: its pages, charts and downloads are gone after the next build',
  { timeout: 600_000 },
  async () => {
    const root = tempSite('incremental-remove');
    roots.push(root);
    await build(root);
    const before = filesUnder(path.join(root, 'public')).filter((f) => f.includes(SLUG));
    assert.ok(
      before.some((f) => f.startsWith('charts/')) && before.some((f) => f.startsWith('data/')),
      'the report has charts and downloads',
    );
    for (const f of fs.readdirSync(path.join(root, 'seeds/astore'))) fs.rmSync(path.join(root, 'seeds/astore', f));
    // The atlas names AStore as an entity; the report is gone, so is the entity's only subject.
    await build(root);
    const left = [
      ...filesUnder(path.join(root, 'public'))
        .filter((f) => f.includes(SLUG))
        .map((f) => `public/${f}`),
      ...filesUnder(path.join(root, 'build'))
        .filter((f) => f.includes(SLUG))
        .map((f) => `build/${f}`),
    ];
    assert.deepEqual(left, [], 'nothing of the removed report is published or staged');
  },
);
