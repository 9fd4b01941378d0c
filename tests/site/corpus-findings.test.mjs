// Every finding of the corpus of real result files (tests/fixtures/corpus) that plans in memory,
// checked by the findings checker (tests/helpers/findings.mjs): each claim a chart keeps holds over the rows it cites, and the sentence is their render. It reads the
// corpus as the bench does and detects formats as add-report does, so it sits with the site tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusFiles } from '../../scripts/bench/real-files.mjs';
import { corpusPlan } from '../../scripts/bench/truth-audit.mjs';
import { chartProblems } from '../helpers/findings.mjs';

test('every finding of the corpus of real result files (tests/fixtures/corpus) that plans in memory is its claims, each holding over the rows it cites', () => {
  const wrong = [];
  let planned = 0;
  for (const { file } of corpusFiles()) {
    let plan;
    try {
      plan = corpusPlan(file);
    } catch {
      continue; // metadata add-report would draft (platforms, software): checked by the corpus site test
    }
    planned++;
    for (const chart of plan.charts)
      for (const w of chartProblems(chart)) wrong.push(`${file}: ${chart.id}: "${chart.entry.finding}": ${w}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(planned >= 10, `${planned} corpus files planned`);
});

test('a sweep of two operations over threads (Gets and Sets) names no best point: the lines differ in what they measure, not one thing', () => {
  const { file } = corpusFiles().find((f) => f.file.endsWith('redis-benchmark/prototype-db-benchmark.md'));
  const plan = corpusPlan(file);
  const sweeps = plan.charts.filter((c) => c.entry.name.endsWith('-by-threads'));
  assert.ok(sweeps.length >= 3, `${sweeps.length} charts over threads`);
  for (const c of sweeps) assert.equal(c.entry.finding, '', c.id);
  const { headline = '' } = Object.values(plan.index.findings)[0] ?? {};
  assert.doesNotMatch(headline, /Gets .* at threads/);
});
