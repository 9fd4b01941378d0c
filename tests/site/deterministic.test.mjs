// Same sources, same bytes: the whole build (data, charts, table views, Hugo) run twice, in two
// copies of the site at different paths, gives data/, build/ and public/ identical file for file,
// byte for byte. The second build runs another day (its Node clock moved 400 days on), in another
// time zone and locale, so output that depends on the clock, the zone, the locale, the folder it
// was built in or the order of a directory listing shows up as a differing file. And the build for
// the published site, under its base path, links only to files it has.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempSite, removeTempSite, run, filesUnder } from '../helpers/temp-repo.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

/** A preload for Node that moves its clock (Date) a number of days on. */
const SHIFTED_CLOCK = `const shift = 400 * 864e5;
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) { if (args.length) super(...args); else super(RealDate.now() + shift); }
  static now() { return RealDate.now() + shift; }
}
globalThis.Date = ShiftedDate;
`;

/** Where two files first differ, with a little of each for the message. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (buf) => JSON.stringify(buf.subarray(Math.max(0, i - 30), i + 50).toString('utf8'));
  return `at byte ${i}: ${show(a)} vs ${show(b)}`;
}

test(
  'two builds of the same sources, on different days, zones and paths, give byte-identical data/, build/ and public/',
  { timeout: 600_000 },
  async () => {
    const a = tempSite('build-a');
    const b = tempSite('build-b');
    roots.push(a, b);
    fs.writeFileSync(path.join(b, '.shifted-clock.mjs'), SHIFTED_CLOCK);

    const built = await run(a, 'scripts/build.mjs', ['--force'], {
      timeout: 300_000,
      env: { TZ: 'UTC', LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
    });
    assert.equal(built.code, 0, `first build:\n${built.stdout}\n${built.stderr}`);
    const again = await run(b, 'scripts/build.mjs', ['--force'], {
      timeout: 300_000,
      env: {
        TZ: 'Pacific/Kiritimati',
        LC_ALL: 'de_DE.UTF-8',
        LANG: 'de_DE.UTF-8',
        NODE_OPTIONS: `--import=${path.join(b, '.shifted-clock.mjs')}`,
      },
    });
    assert.equal(again.code, 0, `second build:\n${again.stdout}\n${again.stderr}`);

    const differences = [];
    for (const dir of ['data', 'build', 'public']) {
      const [fa, fb] = [filesUnder(path.join(a, dir)), filesUnder(path.join(b, dir))];
      assert.ok(fa.length > 0, `the build wrote ${dir}/`);
      for (const f of fa.filter((x) => !fb.includes(x))) differences.push(`${dir}/${f}: only in the first build`);
      for (const f of fb.filter((x) => !fa.includes(x))) differences.push(`${dir}/${f}: only in the second build`);
      for (const f of fa.filter((x) => fb.includes(x))) {
        const [ba, bb] = [fs.readFileSync(path.join(a, dir, f)), fs.readFileSync(path.join(b, dir, f))];
        if (!ba.equals(bb)) differences.push(`${dir}/${f}: differs ${firstDifference(ba, bb)}`);
      }
    }
    assert.deepEqual(differences, [], 'files that differ between two builds of the same sources');
  },
);

test(
  'the build for the published site (--publish, under its base path) links only to files it has',
  { timeout: 600_000 },
  async () => {
    // Hugo's relURL and absURL keep a path that starts with "/" at the host root, outside a base
    // path such as /bench-atlas/: only a build with that base path shows such a link.
    const root = roots[0] ?? tempSite('build-publish');
    if (!roots.includes(root)) roots.push(root);
    const publishURL = /^\s*publishURL\s*=\s*"([^"]+)"/m.exec(
      fs.readFileSync(path.join(root, 'config.toml'), 'utf8'),
    )[1];
    const built = await run(root, 'scripts/build.mjs', ['--publish'], { timeout: 300_000 });
    assert.equal(built.code, 0, `build --publish:\n${built.stdout}\n${built.stderr}`);
    const checked = await run(root, 'scripts/check/validate-site.mjs', ['--no-html', '--base', publishURL]);
    assert.equal(
      checked.code,
      0,
      `links of the published build (base ${publishURL}):\n${checked.stderr.split('\n').slice(0, 30).join('\n')}`,
    );
  },
);
