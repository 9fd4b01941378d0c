// Throughput columns as database and storage benchmarks name them: QPS, TPS, IOPS and ops/sec are
// operations per second, in a header alone or with a name ("Throughput (TPS)").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalUnit, unitInHeader } from './units.mjs';

test('QPS, TPS, IOPS and ops/sec name a rate of operations per second', () => {
  for (const h of ['QPS', 'TPS', 'IOPS', 'ops/sec', 'qps']) assert.equal(unitInHeader(h)?.unit, 'ops/s', h);
  assert.deepEqual(unitInHeader('Throughput (TPS)'), { unit: 'ops/s', name: 'Throughput' });
  assert.equal(canonicalUnit('queries/sec'), 'ops/s');
  // A plain word is still no unit.
  assert.equal(unitInHeader('Queries'), undefined);
});
