// The statistic vocabulary: one set of names for every format, and the words a reader reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STATISTICS, measurement, statisticAdjective, statisticLabel, statisticWords } from './model.mjs';

test('the statistic vocabulary holds mean, median, min, max, pN, stdev, total, count and "as stated" (value)', () => {
  for (const s of ['value', 'mean', 'median', 'min', 'max', 'stdev', 'total', 'count']) assert.ok(STATISTICS[s], s);
  assert.match(STATISTICS.value, /^as stated/);
  for (const s of ['p50', 'p99', 'p99.9', 'p100', 'count'])
    assert.equal(measurement({ metric: 'latency', statistic: s, value: 1, unit: 'ms', line: 1 }).statistic, s);
  assert.throws(() => measurement({ metric: 'latency', statistic: 'average', value: 1, unit: 'ms', line: 1 }), /statistic/);
  assert.equal(measurement({ metric: 'latency', value: 1, unit: 'ms', line: 1 }).statistic, 'value', 'no clue: as stated');
});

test('a statistic reads as words: "as stated", "99th percentile", "99.9th percentile", "21st percentile"', () => {
  assert.deepEqual(
    ['value', 'mean', 'p99', 'p99.9', 'p21', 'p11', 'p100', 'stdev'].map(statisticWords),
    ['as stated', 'mean', '99th percentile', '99.9th percentile', '21st percentile', '11th percentile', 'maximum (p100)', 'standard deviation'],
  );
});

test('a statistic is said one way wherever it is said: "21st percentile", the same word before a metric and beside a figure', () => {
  assert.deepEqual(['p21', 'p99.9', 'p50', 'p11', 'p100', 'mean', 'value'].map((s) => statisticWords(s)), [
    '21st percentile',
    '99.9th percentile',
    '50th percentile',
    '11th percentile',
    'maximum (p100)',
    'mean',
    'as stated',
  ]);
  assert.deepEqual(['max', 'median', 'value', 'p99'].map(statisticAdjective), ['maximum', 'median', '', 'p99']);
  assert.equal(statisticLabel('value', 'mean'), 'as stated, read as the mean');
  assert.equal(statisticLabel('p99'), 'p99');
});
