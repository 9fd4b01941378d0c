// public/ is replaced in one swap: a build killed (SIGKILL, no cleanup) while Hugo writes the next
// site leaves public/ exactly the previous complete site, feed and search index included, and the
// next build repairs and removes what the killed one left. Hugo is wrapped (a fake .venv whose
// "hugo" runs the real one, then says so and waits) so that the kill lands while Hugo's output is
// complete but not yet published: the old build, which wrote into public/ itself, fails here.
// public/ and data/ are readable by all (not mkdtemp's 0700: a web server as another user gets 403).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { hugoBin } from '../../scripts/lib/tools.mjs';
import { tempSite, removeTempSite, run, snapshot } from '../helpers/temp-repo.mjs';

let root;
let child;
before(() => {
  root = tempSite('atomic');
});
after(() => {
  if (child && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  if (root && !process.env.KEEP_TEMP) removeTempSite(root);
});

test('a build killed while Hugo runs leaves public/ the previous complete site', { timeout: 600_000 }, async () => {
  const first = await run(root, 'scripts/build.mjs', [], { timeout: 300_000 });
  assert.equal(first.code, 0, `the first build failed:\n${first.stderr}`);
  // public/ as mkdir makes it (0755 with umask 022), not mkdtemp's 0700: a web server running as
  // another user reads it.
  assert.equal(
    (fs.statSync(path.join(root, 'public')).mode & 0o777).toString(8),
    (0o777 & ~process.umask()).toString(8),
  );
  assert.equal((fs.statSync(path.join(root, 'data')).mode & 0o777).toString(8), (0o777 & ~process.umask()).toString(8));
  const previous = snapshot(path.join(root, 'public'));
  assert.ok(previous['feed.xml'] && previous['pagefind/pagefind-entry.json'], 'a complete site: feed and search index');

  // # A change Hugo publishes, and a Hugo that stops after writing it.
  fs.appendFileSync(path.join(root, 'content/_index.md'), '\nA sentence only the next site has.\n');
  const real = hugoBin(ROOT);
  const marker = path.join(root, 'hugo-done');
  const fake = path.join(root, '.venv/lib/python3/site-packages/hugo/binaries/hugo');
  fs.rmSync(path.join(root, '.venv'));
  fs.mkdirSync(path.dirname(fake), { recursive: true });
  fs.writeFileSync(fake, `#!/bin/sh\n"${real}" "$@" || exit $?\ntouch "${marker}"\nexec sleep 300\n`, { mode: 0o755 });

  // # Kill the whole build (its process group) once Hugo has written everything.
  child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
  });
  while (!fs.existsSync(marker)) {
    assert.equal(child.exitCode, null, 'the build is still running');
    await sleep(100);
  }
  process.kill(-child.pid, 'SIGKILL');
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.on('exit', resolve)));

  assert.deepEqual(snapshot(path.join(root, 'public')), previous, 'public/ is the previous site, byte for byte');
  assert.ok(
    fs.readdirSync(root).some((n) => n.startsWith('.public.tmp-')),
    'the next site was being written beside public/',
  );

  // # The next build (with the real Hugo) publishes the new site and leaves nothing behind.
  fs.rmSync(path.join(root, '.venv'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, '.venv'), path.join(root, '.venv'), 'dir');
  const next = await run(root, 'scripts/build.mjs', [], { timeout: 300_000 });
  assert.equal(next.code, 0, `the next build failed:\n${next.stderr}`);
  assert.match(fs.readFileSync(path.join(root, 'public/index.html'), 'utf8'), /A sentence only the next site has/);
  assert.ok(
    fs.existsSync(path.join(root, 'public/feed.xml')) &&
      fs.existsSync(path.join(root, 'public/pagefind/pagefind-entry.json')),
  );
  assert.deepEqual(
    fs.readdirSync(root).filter((n) => /\.tmp-/.test(n)),
    [],
  );
});
