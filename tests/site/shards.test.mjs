// The publish build in shards: `build.mjs --shard i/N` on N machines (here N copies of the site),
// each rendering its share of the charts into the chart cache; their caches put together in a
// fresh copy; one build there (the assembly). The assembled public/ is the one build's, file for
// file and byte for byte, and the assembly draws no chart itself: every one comes from a shard.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempSite, removeTempSite, run, snapshot } from '../helpers/temp-repo.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

const N = 2;
const CACHE = '.cache/charts';
const build = async (root, args) => {
  const r = await run(root, 'scripts/build.mjs', ['--png', ...args], { timeout: 400_000 });
  assert.equal(r.code, 0, `build.mjs ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};
/** The chart cache's files with their inodes: a file rendered again is a new inode. */
const cacheFiles = (root) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(root, CACHE))
      .sort()
      .map((f) => [f, fs.statSync(path.join(root, CACHE, f)).ino]),
  );

test(
  `${N} shards of the charts, assembled, give a public/ byte-identical to one build, and the assembly draws no chart`,
  { timeout: 1_500_000 },
  async () => {
    const one = tempSite('shards-one');
    const assembly = tempSite('shards-assembly');
    const shards = Array.from({ length: N }, (_, i) => tempSite(`shards-${i + 1}`));
    roots.push(one, assembly, ...shards);

    await build(one, []);
    const drawn = [];
    for (const [i, root] of shards.entries()) {
      const out = await build(root, ['--shard', `${i + 1}/${N}`]);
      assert.doesNotMatch(out, /build: (hugo|views|search)\b/, 'a shard runs the data stage and its charts only');
      assert.ok(!fs.existsSync(path.join(root, 'public')), 'a shard publishes nothing');
      drawn.push(fs.readdirSync(path.join(root, CACHE)).filter((f) => f.endsWith('.page.svg')));
    }
    // Each shard drew a share, none drew another's, and together they drew every chart.
    for (const d of drawn) assert.ok(d.length > 0, 'every shard draws some charts');
    const all = drawn.flat();
    assert.equal(new Set(all).size, all.length, 'no chart is drawn by two shards');
    const charts = JSON.parse(fs.readFileSync(path.join(one, 'build/charts/data/charts.json'), 'utf8'));
    const count = ['charts', 'comparisons', 'subjects'].reduce((n, g) => n + Object.keys(charts[g] ?? {}).length, 0);
    assert.equal(all.length, count, 'the shards drew every chart of the site');

    // The assembly: the shards' caches, put together, then one build.
    for (const root of shards)
      fs.cpSync(path.join(root, CACHE), path.join(assembly, CACHE), { recursive: true, force: false });
    const before = cacheFiles(assembly);
    await build(assembly, []);
    assert.deepEqual(cacheFiles(assembly), before, 'the assembly drew no chart: its cache is the shards’, untouched');

    const a = snapshot(path.join(one, 'public'));
    const b = snapshot(path.join(assembly, 'public'));
    const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => a[f] !== b[f]);
    assert.deepEqual(differing, [], 'files of public/ that differ between one build and the assembled shards');
    assert.ok(
      Object.keys(a).some((f) => f.endsWith('.png')),
      'the publish build has its PNGs',
    );
  },
);
