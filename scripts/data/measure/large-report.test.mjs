// The measurement model on a large report: every row of a table of 300,000 measurements comes
// through reportMeasurements (rows.push(...rows) overflowed the stack at about 100,000 in check).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSchemas } from '../schemas.mjs';
import { reportMeasurements } from './project.mjs';

test('reportMeasurements takes a table of 300,000 rows whole, without a RangeError', () => {
  const rows = Array.from({ length: 300_000 }, (_, i) => ({
    benchmark: 'b',
    subject: 's',
    section: '',
    metric: 'throughput',
    statistic: 'value',
    value: i,
    unit: 'requests/s',
    better: 'higher',
    spread_kind: '',
    spread: null,
    lower: null,
    upper: null,
    runs: null,
    source_table: 'm',
    seed: 'seeds/x/a.txt',
    line: i + 1,
  }));
  const out = reportMeasurements(
    { m: { id: 'm', kind: 'measurement', rows } },
    { schemas: loadSchemas(), resolveEntity: () => '', seedPath: 'seeds/x/a.txt' },
  );
  assert.equal(out.rows.length, 300_000);
  assert.equal(out.rows.at(-1).line, 300_000);
});
