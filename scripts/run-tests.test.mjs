// npm test on a machine without Chromium: the browser gates stop at once with one line saying how to
// get a browser, instead of a browser test failing to launch (and, before, hanging on its server).
// Only the browser gates run here (--gates), with every system browser hidden.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { chromePath } from './lib/tools.mjs';

const NO_CHROME = { CHROME_PATH: '/nonexistent/chromium', BENCH_ATLAS_NO_SYSTEM_CHROME: '1' };

test('chromePath finds nothing when CHROME_PATH is wrong and the system browsers are hidden', () => {
  assert.equal(chromePath({ ...process.env, ...NO_CHROME }), undefined);
  assert.equal(chromePath({ CHROME_PATH: process.execPath, BENCH_ATLAS_NO_SYSTEM_CHROME: '1' }), process.execPath);
});

test(
  'without a browser, npm test says so in its first line, runs the gates that need none, then fails',
  { timeout: 300_000 },
  () => {
    // check is a gate that needs no browser: it runs (its banner is printed) before the browser gate fails.
    const r = spawnSync('sh', ['-c', `"${process.execPath}" scripts/run-tests.mjs --gates check,browser,e2e 2>&1`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...NO_CHROME },
      timeout: 290_000,
    });
    assert.notEqual(r.status, 0, r.stdout);
    const lines = r.stdout.split('\n');
    assert.match(
      lines[0],
      /^npm test: no browser: the gates that need one \(browser, e2e\) will fail; the others run first/,
    );
    assert.match(lines[0], /npx playwright install chromium/);
    assert.ok(lines.indexOf('== check ==') > 0, 'the check gate ran');
    assert.ok(lines.indexOf('== check ==') < lines.indexOf('== a browser for the tests that need one =='));
    assert.doesNotMatch(r.stdout, /== end-to-end tests ==/, 'no browser test started');
  },
);

test('without a browser, the browser gates stop with one line that says how to get one', { timeout: 120_000 }, () => {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/run-tests.mjs'), '--gates', 'browser,site-browser,e2e'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...NO_CHROME }, timeout: 110_000 },
  );
  assert.notEqual(r.status, 0, r.stdout + r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 2, r.stderr);
  assert.match(lines[0], /^npm test: no browser/);
  assert.match(lines[1], /no Chromium for the browser tests: set CHROME_PATH/);
  assert.match(lines[1], /npx playwright install chromium/);
  assert.match(lines[1], /apt-get install chromium/);
  assert.doesNotMatch(r.stdout, /site-level tests in a browser|end-to-end tests/, 'no browser test started');
});
