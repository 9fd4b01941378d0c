// add-report proposes a typo of a known software name in a table-fallback row (issue 34, item 9) as a
// new entity for review, at its line; benchmark names are not proposed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { readEntities } from '../data/entities.mjs';
import { parse } from '../data/parsers/table/parse.mjs';
import { unknownEntities } from './entity-match.mjs';

const registry = readEntities(readFileSync(join(ROOT, 'seeds/entities.yaml'), 'utf8'), 'seeds/entities.yaml');
/** A report's tables when the table fallback reads a client table whose first row is `label`. */
const tables = (label) => {
  const text = `# Clients\n\n| Client | Requests/sec |\n|---|---|\n| ${label} | 41210 |\n| ibrowse | 30000 |\n`;
  const rows = parse(text).tables.measurements.rows.map((row) => ({ ...row, seed: 'seeds/x/y.md' }));
  return [{ id: 'm', kind: 'measurement', rows }];
};

test('"Hackneyy" in a table-fallback row is proposed as a new http-client at line 5; benchmark names are not', () => {
  assert.deepEqual(unknownEntities(registry, tables('Hackneyy')), [
    { id: 'hackneyy', name: 'Hackneyy', kind: 'http-client', line: 5 },
  ]);
  for (const label of ['hackney', 'BM_StringCopy/64', 'parse JSON', 'get'])
    assert.deepEqual(unknownEntities(registry, tables(label)), [], label);
});

test('a client written "hackney\\u200b" (an invisible character after it) is Hackney, never proposed as a new entity', () => {
  assert.deepEqual(
    unknownEntities(registry, [{ kind: 'http-client-rate', rows: [{ line: 5, client: 'hackney\u200b' }] }]),
    [],
  );
});
