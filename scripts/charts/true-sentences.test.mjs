// What the ten reports' pages say, read against their data (issue 40): each sentence that was
// false or misleading, as a reader sees it in the chart index built from data/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { committedPlan } from '../check/sentences.mjs';

const plan = committedPlan();
const chart = (id) => {
  const c = plan.charts.find((x) => x.id === id);
  assert.ok(c, `no chart ${id}`);
  return c.entry;
};

test("the Solon errors chart's alt text counts 5 runs of 4 error kinds, not 20 runs", () => {
  const alt = chart('solon-jetty-hello-world-app-wrk-five-runs--errors-total-count-runs').alt;
  assert.doesNotMatch(alt, /20 runs/);
  assert.match(alt, /5 runs/);
  assert.match(alt, /\(4\)/);
});
