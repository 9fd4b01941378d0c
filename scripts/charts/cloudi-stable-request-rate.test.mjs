// The CloudI 2.0 stable-rate chart draws the spread its rows state: each receiver's stable request
// rate with the lower and upper bounds the report prints beside it ("stable at 40184.8 [40184.8 ..
// 40184.9] requests/second"), as the measurement charts do, from the real report in data/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { ROOT } from '../lib/paths.mjs';
import { planCharts } from './plan.mjs';

const SLUG = 'cloudi-2.0.6-request-rate-language-dell-poweredge-r710';

test('CloudI 2.0.6: the rate against tail latency chart draws each receiver’s min–max request rate as an error bar', () => {
  const report = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reports', `${SLUG}.json`), 'utf8'));
  const csv = Object.fromEntries(
    report.tables.map((t) => [t.path, fs.readFileSync(path.join(ROOT, 'data', t.path), 'utf8')]),
  );
  const chart = planCharts([report], csv).charts.find((c) => c.entry.name === 'rate-vs-tail-latency');
  assert.ok(chart, 'the chart is built');
  const layers = chart.spec.layer ?? chart.spec.spec?.layer;
  const spread = layers.find((l) => l.name === 'spread');
  assert.ok(spread, `a spread layer among ${layers.map((l) => l.name).join(', ')}`);
  assert.equal(spread.mark.type, 'errorbar');
  assert.deepEqual([spread.encoding.y.field, spread.encoding.y2.field], ['lo', 'hi']);
  // The bounds drawn are the report's, row by row (receivers with a tail latency are plotted).
  const table = report.tables.find((t) => t.kind === 'cloudi-stable-request-rate');
  const stated = parseCsv(fs.readFileSync(path.join(ROOT, 'data', table.path)), { columns: true });
  const key = (r) => `${r.language} ${r.receiver_kind}`;
  const bounds = new Map(
    stated.map((r) => [key(r), [Number(r.requests_per_second_min), Number(r.requests_per_second_max)]]),
  );
  assert.ok(chart.rows.length > 10);
  for (const r of chart.rows) assert.deepEqual([r.lo, r.hi], bounds.get(key(r)), key(r));
  const ats2 = chart.rows.find((r) => key(r) === 'ATS2 processes');
  assert.deepEqual([ats2.lo, ats2.hi], [40184.8, 40184.9], 'seed line 98: stable at 40184.8 [40184.8 .. 40184.9]');
  assert.match(chart.spec.description ?? '', /lower to upper bound|min.?max|range/i);
});
