// The bench's own reading of a build: which stage a build stopped at its time limit was in (named
// from the processes that were running), and whether a run was quiet enough to be the record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runningStages } from './workspace.mjs';

test('a build stopped at its limit names the stage that was running, not "unknown"', () => {
  const node = '/usr/bin/node';
  assert.equal(
    runningStages([`${node} scripts/build.mjs`, `${node} scripts/charts/build-charts.mjs --quiet`]),
    'charts',
  );
  assert.equal(runningStages([`${node} scripts/build.mjs`, `${node} scripts/data/build-data.mjs --quiet`]), 'data');
  assert.equal(
    runningStages([
      `${node} scripts/build.mjs`,
      `${node} scripts/charts/build-charts.mjs --quiet`,
      `${node} scripts/views/build-views.mjs --base-path /`,
    ]),
    'charts+views',
  );
  assert.equal(runningStages([`${node} scripts/search/build-search.mjs --site x`]), 'search');
  assert.equal(runningStages(['/repo/.venv/bin/hugo --minify --destination x']), 'hugo');
  // Only build.mjs itself: between two stages.
  assert.equal(runningStages([`${node} scripts/build.mjs`]), 'between stages');
});
