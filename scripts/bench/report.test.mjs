// The bench's budget verdicts: which budgets of issue 33's table fail, said with the core count;
// and a --tmp folder it cannot use, said in one line (a missing one is made: see bench.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QUIET_LOAD, TABLE, failing, judge, resultsFile } from './report.mjs';

test('the bench names each budget of the table that fails, on how many cores', () => {
  const judged = judge({ scale_1000_cold: 241.8, scale_1000_add_one: 12, rows_100k_peak: 1303 });
  const text = failing(judged, TABLE, 2);
  assert.match(text, /^2 of 3 measured budgets fail on 2 cores:/);
  assert.match(text, /FAIL 1,000 synthetic reports, cold build \(2 cores\): 241\.8 s \(budget <= 120\)/);
  assert.match(text, /FAIL One report of 100,000 rows: peak memory of any step: 1,303 MB \(budget <= 700\)/);
  assert.doesNotMatch(text, /one report added/);
});

test('the bench says no budget fails when every measured one is met, and nothing when none was measured', () => {
  assert.equal(failing(judge({ build_cold: 4 }), TABLE, 8), 'None of the 1 measured budgets fails on 8 cores.');
  assert.equal(failing(judge({}), TABLE, 2), '');
});

test('a --tmp folder the bench cannot make is one line, not a stack trace', () => {
  const bench = fileURLToPath(new URL('./bench.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [bench, '--only', 'build', '--tmp', '/dev/null/copies'], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^bench: --tmp \/dev\/null\/copies: cannot make or use this folder/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('the SEO check skips a page that asks not to be indexed (the chart embed pages), and only such a page', async () => {
  const { isNoindex } = await import('./lighthouse.mjs');
  assert.equal(isNoindex('<head><meta charset="utf-8">\n<meta name="robots" content="noindex"></head>'), true);
  assert.equal(isNoindex("<meta content='noindex, nofollow' name='robots'>"), true);
  assert.equal(isNoindex('<meta name="description" content="noindex is not asked here">'), false);
  assert.equal(isNoindex('<meta name="robots" content="index, follow">'), false);
});

test('a full run that starts with the 1-minute load at 1.5 or more is not written as latest.json, and says why', () => {
  assert.equal(QUIET_LOAD, 1.5);
  assert.deepEqual(resultsFile({ full: true, load: 1.49 }), { file: 'latest.json', reason: null });
  const loaded = resultsFile({ full: true, load: 9.55 });
  assert.equal(loaded.file, 'loaded.json');
  assert.match(loaded.reason, /1-minute load average was 9\.55 at the start/);
  assert.equal(resultsFile({ full: true, load: 1.5 }).file, 'loaded.json');
  // A partial run never was the record; a file asked for is written whatever the load.
  assert.equal(resultsFile({ full: false, load: 0.2 }).file, 'partial.json');
  assert.deepEqual(resultsFile({ out: '/tmp/x.json', full: true, load: 9 }), { file: '/tmp/x.json', reason: null });
});

test('the bench judges the live figure: one report added to 1,000, served by npm start within 20 s of add-report', () => {
  const judged = judge({ scale_1000_live_add_one: 31.4 });
  assert.match(
    failing(judged, TABLE, 2),
    /FAIL 1,000 synthetic reports: one report added, served by npm start after add-report returns: 31\.4 s \(budget <= 20\)/,
  );
  assert.equal(
    failing(judge({ scale_1000_live_add_one: 12 }), TABLE, 2),
    'None of the 1 measured budgets fails on 2 cores.',
  );
});
