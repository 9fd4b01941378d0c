// Tests of subjects: where each entity appears, its stated versions, and its best figure per report
// (and run) with the conditions and seed line of that row; unknown names fail at their line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readEntities } from '../entities.mjs';
import { reportTables } from './tables.mjs';
import { buildSubjects, softwareVersions } from './subjects.mjs';
import { figureWords } from './figure-words.mjs';
import { entitiesYaml, reports, csvTexts } from './fixtures.mjs';

const registry = readEntities(entitiesYaml, 'seeds/entities.yaml');
const tables = (texts = csvTexts) => Object.fromEntries(reports.map((r) => [r.slug, reportTables(r, texts)]));
const subjects = (opts = {}) =>
  Object.fromEntries(
    buildSubjects({ reports, tables: tables(), registry, chartKinds: ['http-client-rate'], ...opts }).map((s) => [
      s.id,
      s,
    ]),
  );

test('one subject per entity, sorted by id, each report once, in date order', () => {
  const s = subjects();
  assert.deepEqual(Object.keys(s), ['buoy', 'cloudi', 'erlang', 'hackney', 'java']);
  assert.deepEqual(
    s.java.reports.map((r) => r.report),
    ['old', 'new'],
  );
  assert.deepEqual(
    s.hackney.reports.map((r) => r.report),
    ['h2017', 'h2019'],
  );
});

test('a table appears with the column that names the entity, its spellings and whether it is charted', () => {
  const t = subjects().hackney.reports[1].tables[0];
  assert.deepEqual(
    { ...t },
    {
      table: 't',
      kind: 'http-client-rate',
      title: 'T',
      path: 'tables/h2019/t.csv',
      charted: true,
      derived: false,
      digitized: false,
      column: 'client',
      spellings: ['Hackney'],
      rows: 3,
    },
  );
  const c = subjects().cloudi.reports[0].tables[0];
  assert.equal(c.column, null); // every row measures CloudI
  assert.equal(c.charted, false);
});

test('versions come from the stated software, resolved through aliases', () => {
  assert.deepEqual(subjects().java.reports[1].versions, [
    { name: 'Java OpenJDK', version: '1.8.0_91', seed: 'seeds/new.md', line: 17 },
  ]);
  assert.equal(softwareVersions(registry, reports[0]).find((v) => v.entity === 'cloudi').line, 10);
});

test('the best figure per report is the highest rate, with the conditions and line of its row', () => {
  const [f] = subjects().erlang.reports[0].figures;
  assert.equal(f.value, 2000);
  assert.equal(f.line, 27);
  assert.equal(f.seed, 'seeds/old.txt');
  assert.equal(f.unit, 'requests/s');
  assert.deepEqual(f.conditions, { receiver_kind: 'internal', senders: 2, receivers: 2 });
  // For CloudI itself the language is a condition of the row.
  assert.deepEqual(subjects().cloudi.reports[1].figures[0].conditions.language, 'Erlang');
});

test('ties go to the lowest seed line', () => {
  assert.equal(subjects().cloudi.reports[1].figures[0].line, 48);
});

test('an HTTP client figure is within the error budget, one per run; none qualifying gives null and a reason', () => {
  const h = subjects().hackney;
  assert.equal(h.reports[0].figures[0].value, 40000); // 50000 had 2 % errors
  assert.deepEqual(h.reports[0].figures[0].with, { error_pct: 0 });
  const runs = h.reports[1].figures.map((f) => [f.group.run, f.value, f.line]);
  assert.deepEqual(runs, [
    ['current', 20000, 212],
    ['original', 10000, 439],
  ]); // a tie: the lower line
  const buoy = subjects().buoy.reports[1].figures;
  assert.equal(buoy[0].value, null);
  assert.match(buoy[0].reason, /its one row is not within error.pct at most 1/);
  assert.equal(subjects({ errorBudgetPct: 5 }).hackney.reports[0].figures[0].value, 50000);
});

test('an unknown name in an entity column fails at its seed line with a suggestion', () => {
  const texts = {
    ...csvTexts,
    'tables/h2019/t.csv': csvTexts['tables/h2019/t.csv'].replace('current,Hackney,32', 'current,Hackny,32'),
  };
  assert.throws(
    () => buildSubjects({ reports, tables: tables(texts), registry }),
    (e) => {
      assert.equal(
        e.format(),
        'seeds/h2019.md:212: expected a http-client entity from seeds/entities.yaml, ' +
          'found "Hackny" (did you mean "Hackney"?)',
      );
      return true;
    },
  );
});

test('a table kind missing from the registry is an error, not a silent gap', () => {
  const other = readEntities(
    entitiesYaml.replace(/ {2}http-client-rate:\n {4}columns:\n {6}client: \[http-client\]\n/, ''),
    'seeds/entities.yaml',
  );
  assert.throws(
    () => buildSubjects({ reports, tables: tables(), registry: other }),
    /table kind http-client-rate under tables:/,
  );
});

test('a report with no row within the error budget keeps its best row outside it, marked; a report with one within keeps none', () => {
  const s = subjects();
  const [current] = s.buoy.reports[1].figures;
  assert.equal(current.value, null);
  assert.deepEqual(
    [current.outside_budget.value, current.outside_budget.with, current.outside_budget.budget.max, current.outside_budget.line],
    [90000, { error_pct: 99.4 }, 1, 250],
  );
  for (const r of Object.values(s).flatMap((x) => x.reports))
    if (r.figures.some((f) => typeof f.value === 'number'))
      assert.ok(r.figures.every((f) => !f.outside_budget), `${r.report}: has a figure within the budget`);
});

test('a figure carries the words its subject page prints: its statistic ("as stated") and how it was chosen ("the only row with error % at most 1 (of 2 rows)")', () => {
  const [within, none] = [subjects().hackney.reports[0].figures[0], subjects().buoy.reports[1].figures[0]];
  assert.equal(within.statistic_words, 'as stated');
  assert.equal(within.statistic_joined, 'as stated');
  assert.match(within.chosen, /^the (only row|highest of the \d+ rows) with error.pct at most 1 \(of \d+ rows\)$/);
  assert.equal(none.chosen, undefined); // no row chosen: its reason says why
  assert.deepEqual(
    figureWords({ rule: 'lowest latency with error % at most 1', candidates: 1200, qualified: 3, statistic: 'p99', join_statistic: 'p99' }),
    { statistic_words: 'p99', statistic_joined: 'p99', chosen: 'the lowest of the 3 rows with error % at most 1 (of 1,200 rows)' },
  );
  assert.equal(figureWords({ rule: 'highest rate', candidates: 5, qualified: 5, statistic: 'value', join_statistic: 'mean' }).statistic_joined, 'as stated, read as the mean');
  assert.equal(figureWords({ rule: 'highest rate', candidates: 5, statistic: 'value' }).chosen, 'the highest of 5 rows');
});

test('"Written as" lists how a report read by an adapter writes the subject (the memtier README\'s "memcached"), not as "also known as"', () => {
  const registry2 = readEntities(
    `${entitiesYaml.replace('tables:\n', 'tables:\n  measurement:\n    columns: {}\n')}  memcache:\n    name: memcache\n    kind: http-client\n    aliases: [memcache, memcached]\n`,
    'seeds/entities.yaml',
  );
  const memtier = {
    slug: 'memtier',
    title: 'memtier',
    date: '2022-03',
    seed: { path: 'seeds/corpus/memc.md', meta: 'seeds/corpus/memc.meta.yaml' },
    platforms: [],
    software: { declared: [], stated: [] },
    tables: [{ id: 'measurements', kind: 'measurement', title: 'Measurements (the shared model)', path: 'tables/memtier/measurements.csv', columns: [] }],
  };
  const row = { benchmark: 'memcached', subject: 'memcached', entity: 'memcache', metric: 'throughput', statistic: 'value', unit: 'ops/s', better: 'higher', source_table: 'table', seed: 'seeds/corpus/memc.md', line: 115 };
  const t = { ...tables(), memtier: { measurements: { table: memtier.tables[0], rows: [{ ...row, value: 15187 }, { ...row, value: 23232, line: 120 }] } } };
  const [memcache] = buildSubjects({ reports: [...reports, memtier], tables: t, registry: registry2 }).filter((s) => s.id === 'memcache');
  assert.deepEqual(memcache.written_as, ['memcached']);
  assert.deepEqual(memcache.also_known_as, []);
  assert.deepEqual(memcache.reports[0].tables[0].spellings, ['memcached']);
});

test('a best figure other rows tie is said to be tied: Python\'s 43.4 ms mean time of the hyperfine speed test (01_simple.py, 01_beauty.py) is "one of 2 rows tied for the lowest of 3 rows", not "the lowest of 3 rows"', async () => {
  const { measuredFigures } = await import('./measured.mjs');
  // tests/fixtures/corpus/hyperfine-text/adventofcode-2021-01-speedtest.md, section Python, lines 6, 10, 14.
  const row = (benchmark, value, line) => ({ benchmark, subject: 'Python', entity: 'python', metric: 'time', statistic: 'mean', unit: 'ms', better: 'lower', value, source_table: 'table', seed: 'seeds/corpus/aoc.md', line });
  const report = { slug: 'aoc' };
  const table = { id: 'measurements', kind: 'measurement', columns: [{ name: 'benchmark' }] };
  const rows = [row('python .\\01_simple.py', 43.4, 6), row('python .\\01_beauty.py', 43.4, 10), row('python .\\01.py', 167.2, 14)];
  const [f] = measuredFigures(report, { aoc: { measurements: { table, rows } } }).get('python');
  assert.equal(f.value, 43.4);
  assert.equal(f.line, 6);
  assert.equal(figureWords(f).chosen, 'one of 2 rows tied for the lowest of 3 rows');
  assert.equal(figureWords({ ...f, tied: undefined }).chosen, 'the lowest of 3 rows');
});
