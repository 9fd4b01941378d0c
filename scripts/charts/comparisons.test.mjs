// Tests of the comparison charts: one per comparison, one mark per measured value, ids from the slug.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { readComparisons } from '../lib/atlas.mjs';
import { planComparisonCharts, rowLabel } from './comparisons.mjs';

const atlas = { comparisons: readComparisons(path.join(ROOT, 'data')) };

test('one chart per comparison, named compare--<slug>, plotting every measured value once', () => {
  const { charts, index } = planComparisonCharts(atlas);
  assert.equal(charts.length, atlas.comparisons.length);
  for (const c of atlas.comparisons) {
    const chart = charts.find((x) => x.entry.comparison === c.id);
    assert.equal(chart.id, `compare--${c.slug}`);
    assert.equal(index[c.id], chart.entry);
    const measured = c.rows.flatMap((r) => r.values).filter((v) => typeof v.value === 'number');
    assert.equal(chart.rows.length, measured.length);
    assert.deepEqual(
      chart.rows.map((r) => `${r.seed}:${r.line}=${r.value}`).sort(),
      measured.map((v) => `${v.seed}:${v.line}=${v.value}`).sort(),
    );
  }
});

test('a row label names the entity and its conditions, so rows stay apart', () => {
  assert.equal(rowLabel({ entity_name: 'C', conditions: {} }), 'C');
  assert.equal(
    rowLabel({ entity_name: 'C', conditions: { senders: 2, duo_mode: true, queue_service: false, kind: 'threads' } }),
    'C (duo_mode, threads, senders 2)',
  );
  for (const c of atlas.comparisons) {
    const labels = c.rows.map(rowLabel);
    assert.equal(new Set(labels).size, labels.length, c.id);
  }
});

test('a comparison page\'s subtitle keeps its conditions whole: "through cloudi_service_queue: no", never "through; cloudi_service_queue: no" where the drawing breaks the line', () => {
  const { charts } = planComparisonCharts(atlas);
  const wrapped = charts.filter((c) => [c.spec.title.subtitle].flat().some((l) => /^cloudi_service_queue/.test(l)));
  assert.ok(wrapped.length > 0, 'a drawing breaks its conditions before cloudi_service_queue');
  for (const c of wrapped) {
    assert.doesNotMatch(c.entry.subtitle, /through; /, c.entry.subtitle);
    assert.match(c.entry.subtitle, /through cloudi_service_queue: no/);
  }
});

test("the httpc_bench comparison's sentence says what else its ratios join: each client's best setup in its run, and the runs' ulimit -n (12000000, 1024)", () => {
  const c = planComparisonCharts(atlas).charts.find((x) => x.entry.comparison.startsWith('http-client-rate--best'));
  assert.match(
    c.entry.finding,
    /so each ratio mixes hardware and software changes; each value is its client's best setup in its run; /,
  );
  assert.match(
    c.entry.finding,
    /the runs' reports state ulimit -n 12000000 \(Current results \(2019-05-15\)\) and ulimit -n 1024 \(The original benchmark\)\.$/,
  );
  // The CloudI comparisons, of values at identical conditions and runs that state nothing, say no more.
  for (const x of planComparisonCharts(atlas).charts.filter((y) => y.id !== c.id))
    assert.doesNotMatch(x.entry.finding, /best setup|runs' reports state/);
});
