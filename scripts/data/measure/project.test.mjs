// The measurement table of a report: every number of a projected per-kind table cites the seed
// line that holds it (ab's and wrk's summaries gather values from several lines of one run), and
// the schema's condition columns are typed from the rows, with rows that fit it (a real go test
// -bench README whose sub-benchmark parameter "size", a text condition, is written as a number).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSchemas } from '../schemas.mjs';
import { flattenMeasurements, measurementSchema, projectTable, reportMeasurements, textConditions } from './project.mjs';
import * as ab from '../parsers/ab-text/parse.mjs';
import * as wrk from '../parsers/wrk-text/parse.mjs';
import { parse as parseGo } from '../parsers/go-test-bench/parse.mjs';
import { checkRow } from '../parse.mjs';
import { ROOT } from '../../lib/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemas = loadSchemas();

/** The projected rows of a parser's tables on one of its fixtures, each with the text of its line. */
function projected(parser, fixture) {
  const text = fs.readFileSync(path.join(here, '..', 'parsers', parser.format, 'fixtures', fixture), 'utf8');
  const lines = text.split(/\r?\n/);
  const rows = [];
  for (const [id, t] of Object.entries(parser.parse(text).tables)) {
    const table = { id, kind: t.kind, title: t.title, rows: t.rows.map((r) => ({ ...r, seed: fixture })), schema: schemas[t.kind] };
    for (const r of projectTable(table)) rows.push({ ...r, text: lines[r.line - 1] });
  }
  return rows;
}

// What the line of each metric says, as ab and wrk print it.
const SAYS = {
  throughput: /Requests per second:|Requests\/sec:/,
  latency: /Time per request:|Latency|^\s*[\d.]+%|^\s*(Connect|Processing|Waiting|Total):/,
  duration: /Time taken for tests:|requests in /,
  requests: /Complete requests:|requests in /,
  transferred: /Total transferred:| read\s*$/,
  bandwidth: /Transfer rate:|Transfer\/sec:/,
  throughput_per_thread: /Req\/Sec/,
};
const ERRORS = { undefined: /Failed requests:/, 'non-2xx': /Non-2xx responses:/, 'non-2xx/3xx': /Non-2xx or 3xx responses:/ };

describe('every projected number cites its own line', () => {
  for (const [parser, fixture] of [
    [ab, 'nginz-excerpt.md'],
    [ab, 'handwritten-tls-keepalive.txt'],
    [ab, 'handwritten-rst-three-runs.rst'],
    [wrk, 'solon-jetty-excerpt.md'],
    [wrk, 'handwritten-two-runs.txt'],
  ]) {
    test(`${parser.format} ${fixture}: each row's line is the line that prints its number`, () => {
      const rows = projected(parser, fixture);
      assert.ok(rows.length > 5);
      for (const r of rows) {
        const says = r.metric === 'errors' ? (r.error in { connect: 1, read: 1, write: 1, timeout: 1 } ? /Socket errors:/ : ERRORS[r.error]) : SAYS[r.metric];
        assert.ok(says, `a rule for ${r.metric}`);
        assert.match(r.text, says, `${r.metric} ${r.statistic} ${r.value} ${r.unit} cites line ${r.line}: ${JSON.stringify(r.text)}`);
      }
    });
  }

  test('ab: the mean time per request cites "Time per request: ... (mean)", its value as printed', () => {
    const rows = projected(ab, 'nginz-excerpt.md');
    const latency = rows.find((r) => r.metric === 'latency' && r.statistic === 'mean');
    assert.match(latency.text, new RegExp(`Time per request:\\s+${String(latency.value).replace('.', '\\.')}0* \\[ms\\] \\(mean\\)`));
  });
});

describe('conditions the document names, not runs', () => {
  test('Mojito httpc_bench: the two sections are the open-file limit they state (ulimit -n 12000000, 1024), and no row is a "run"', async () => {
    const httpc = await import('../parsers/httpc-bench-html/parse.mjs');
    const seed = path.join(here, '../../../seeds/httpc-bench/2019-05-mojito-ec2-m5-4xlarge.md');
    const text = fs.readFileSync(seed, 'utf8');
    const original = text.split('\n').findIndex((l) => l.startsWith('## The original benchmark')) + 1;
    const rows = [];
    for (const [id, t] of Object.entries(httpc.parse(text).tables)) {
      for (const r of projectTable({ id, kind: t.kind, title: t.title, rows: t.rows, schema: schemas[t.kind] })) rows.push(r);
    }
    assert.ok(rows.length > 1000);
    assert.deepEqual(rows.filter((r) => 'run' in r), []);
    assert.deepEqual(
      rows.filter((r) => r.open_files !== (r.line < original ? 12000000 : 1024)),
      [],
    );
    // Still one row per client, setup and section: none collides.
    const keys = rows.map((r) => JSON.stringify([r.subject, r.metric, r.open_files, r.pool_count, r.pool_size, r.concurrency]));
    assert.equal(new Set(keys).size, rows.length);
  });
});

// jsign/verkle-vs-patricia README.md @ 3f652506646b96605584d81ab8f33cd1020b68a5 (scripts/charts/fixtures/SOURCES.md)
const README = fs.readFileSync(path.join(ROOT, 'scripts/charts/fixtures/verkle-vs-patricia-readme.md'), 'utf8');

test('a go test -bench README whose "size=32" is a number goes in: size is text, written as "32"', () => {
  const parsed = parseGo(README);
  const rows = flattenMeasurements(
    parsed.tables.measurements.rows.map((r) => ({ ...r, seed: 'seeds/go/verkle.md' })),
    'go-test-bench',
  );
  const schema = textConditions(measurementSchema(schemas.measurement, rows), rows);
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

test('a report read by a generic reader joins its software: rows that name none take the one its metadata declares, so it appears on that subject\'s page', async () => {
  const keyValue = await import('../parsers/key-value/parse.mjs');
  // A real pgbench README (RutamBhagat/haproxy): its rows are "tps", "latency average", ...; the report declares PostgreSQL.
  const text = fs.readFileSync(path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'tests/fixtures/corpus/pgbench/haproxy-tests-readme.md'), 'utf8');
  const rows = keyValue.parse(text).tables.measurements.rows.map((r) => ({ ...r, seed: 'seeds/x/pgbench.md' }));
  const tables = { measurements: { id: 'measurements', kind: 'measurement', title: 'Key-value summary', rows, schema: schemas.measurement } };
  const ctx = { schemas, software: [{ name: 'PostgreSQL' }], resolveEntity: (n) => (n === 'PostgreSQL' ? 'postgresql' : ''), seedPath: 'seeds/x/pgbench.md' };
  const generic = reportMeasurements(tables, { ...ctx, generic: true });
  assert.ok(generic.rows.length > 0);
  assert.ok(generic.rows.every((r) => r.entity === 'postgresql' && r.subject === 'PostgreSQL'));
  // A tool's adapter keeps to what its rows name.
  assert.ok(reportMeasurements(tables, ctx).rows.every((r) => r.entity === ''));
});

test('a generic table that names software in its rows never gives a row of an unknown name the declared software', async () => {
  const row = (benchmark, line) => ({ benchmark, metric: 'throughput', statistic: 'value', value: line, unit: 'ops/s', line, conditions: {}, seed: 'seeds/x/t.md' });
  const tables = { measurements: { id: 'measurements', kind: 'measurement', title: 'Tables', rows: [row('memc-kv', 1), row('memcachedx', 2)], schema: schemas.measurement } };
  const ctx = { schemas, software: [{ name: 'memc-kv' }], resolveEntity: (n) => (n === 'memc-kv' ? 'memc-kv' : ''), seedPath: 'seeds/x/t.md', generic: true };
  assert.deepEqual(reportMeasurements(tables, ctx).rows.map((r) => [r.benchmark, r.entity]), [['memc-kv', 'memc-kv'], ['memcachedx', '']]);
});
