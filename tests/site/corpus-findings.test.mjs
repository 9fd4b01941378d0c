// Every finding of the corpus of real result files (tests/fixtures/corpus) that plans in memory,
// recomputed from its rows by the findings checker (tests/helpers/findings.mjs). It reads the
// corpus as the bench does and detects formats as add-report does, so it sits with the site tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusFiles } from '../../scripts/bench/real-files.mjs';
import { corpusPlan } from '../../scripts/bench/truth-audit.mjs';
import { chartProblems } from '../helpers/findings.mjs';

const measurementCharts = (plan) => plan.charts.filter((c) => c.spec.usermeta.table.kind === 'measurement');

test('every finding of the corpus of real result files (tests/fixtures/corpus) that plans in memory is recomputed from its rows', () => {
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
    for (const chart of measurementCharts(plan))
      for (const w of chartProblems(chart)) wrong.push(`${file}: ${chart.id}: "${chart.entry.finding}": ${w}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(planned >= 10, `${planned} corpus files planned`);
});
