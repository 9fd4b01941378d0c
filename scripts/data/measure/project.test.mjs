// The measurement table of a report: its schema's condition columns typed from the rows, and rows
// that fit it, for a real go test -bench README whose sub-benchmark parameter "size" (a text
// condition in the vocabulary) is written as a number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.mjs';
import { loadSchemas } from '../schemas.mjs';
import { checkRow } from '../parse.mjs';
import { parse } from '../parsers/go-test-bench/parse.mjs';
import { flattenMeasurements, measurementSchema, textConditions } from './project.mjs';

// jsign/verkle-vs-patricia README.md @ 3f652506646b96605584d81ab8f33cd1020b68a5 (scripts/charts/fixtures/SOURCES.md)
const README = fs.readFileSync(path.join(ROOT, 'scripts/charts/fixtures/verkle-vs-patricia-readme.md'), 'utf8');

test('a go test -bench README whose "size=32" is a number goes in: size is text, written as "32"', () => {
  const parsed = parse(README);
  const rows = flattenMeasurements(
    parsed.tables.measurements.rows.map((r) => ({ ...r, seed: 'seeds/go/verkle.md' })),
    'go-test-bench',
  );
  const schema = textConditions(measurementSchema(loadSchemas().measurement, rows), rows);
  const size = schema.fields.find((f) => f.name === 'size');
  assert.equal(size.type, 'string');
  const sized = rows.filter((r) => r.size !== undefined && r.size !== '');
  assert.ok(sized.length > 0, 'some rows have a size');
  assert.ok(
    sized.every((r) => typeof r.size === 'string' && /^\d+$/.test(r.size)),
    'every size as the text it was written as',
  );
  assert.ok(sized.some((r) => r.size === '32'));
  for (const r of rows) assert.doesNotThrow(() => checkRow(r, schema, 'seeds/go/verkle.md'));
});
