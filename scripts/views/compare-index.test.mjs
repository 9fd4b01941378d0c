// The compare view's index: best values, the error budget, spreads, machine divisors, and what is
// left out. Small hand-made reports in the shape of data/reports/*.json and measurement rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareIndex } from './compare-index.mjs';

const machine = (facts) => ({ system: { label: 'Test machine', facts } });
const reportDoc = (slug, date, extra = {}) => ({
  slug,
  title: `Report ${slug}`,
  date,
  seed: { path: `seeds/x/${slug}.md` },
  platforms: [{ id: 'p', machine: 'system', name: 'A machine' }],
  machines: machine([]),
  software: { declared: [{ name: 'Thing', version: slug }] },
  tables: [{ id: 'measurements', kind: 'measurement' }],
  ...extra,
});
const row = (fields) => ({
  benchmark: 'bench',
  subject: fields.entity,
  metric: 'throughput',
  statistic: 'value',
  unit: 'req/s',
  better: 'higher',
  source_table: 'measurements',
  seed: 'seeds/x/a.md',
  ...fields,
});

test('the best value per entity and report, ties to the lowest line; a lone value is left out', () => {
  const a = reportDoc('a', '2016');
  const b = reportDoc('b', '2015', { seed: { path: 'seeds/x/b.md' } });
  const measured = new Map([
    [
      'a',
      [
        row({ entity: 'erlang', value: 10, line: 5, threads: 1 }),
        row({ entity: 'erlang', value: 30, line: 9, threads: 4 }),
        row({ entity: 'erlang', value: 30, line: 7, threads: 2 }),
        row({ entity: 'erlang', metric: 'latency', unit: 'us', better: 'lower', value: 3, line: 11 }),
        row({ entity: 'erlang', metric: 'latency', unit: 'us', better: 'lower', value: 2, line: 12 }),
      ],
    ],
    ['b', [row({ entity: 'erlang', value: 20, line: 3, seed: 'seeds/x/b.digitized.csv' })]],
  ]);
  const index = compareIndex({ reports: [a, b], measured, names: { erlang: 'Erlang' } });
  assert.deepEqual(
    index.reports.map((r) => [r.slug, r.short]),
    [
      ['b', 'Report b, 2015'],
      ['a', 'Report a, 2016'],
    ],
    'by date',
  );
  assert.equal(index.measures.length, 1, 'latency has one value (one report): nothing to compare');
  const m = index.measures[0];
  assert.equal(m.key, 'throughput:value:req/s');
  assert.equal(m.reports, 2);
  assert.equal(m.group, 'Throughput', 'the measure menu groups by the metric, as a reader names it');
  assert.deepEqual(
    index.reports.map((r) => r.software),
    ['Thing', 'Thing'],
    'the software filter reads each report’s software',
  );
  assert.deepEqual(m.values.erlang.a, { v: 30, line: 7, b: 'bench', cond: { threads: 2 } });
  assert.deepEqual(
    m.values.erlang.b,
    { v: 20, line: 3, b: 'bench', seed: 'seeds/x/b.digitized.csv' },
    'the seed is named when it is not the report’s',
  );
  assert.deepEqual(index.entities, { erlang: 'Erlang' });
});

test('a value whose report states no unit is in no measure of the compare view, however many reports have one', () => {
  const unstated = (value, line) =>
    row({ entity: 'erlang', metric: 'time', statistic: 'mean', unit: 'not stated', better: 'lower', value, line });
  const measured = new Map([
    ['a', [unstated(0.03, 5)]],
    ['b', [unstated(31, 3)]],
  ]);
  const index = compareIndex({
    reports: [reportDoc('a', '2016'), reportDoc('b', '2015')],
    measured,
    names: { erlang: 'Erlang' },
  });
  assert.deepEqual(index.measures, []);
});

test('values over a table kind’s error budget are left out; a spread or the range of runs is kept', () => {
  const r = reportDoc('h', '2019', {
    tables: [{ id: 'client-rate', kind: 'http-client-rate' }],
    machines: { client: { facts: [] }, server: { facts: [] } },
  });
  const rate = (entity, value, line, run, errors) => [
    row({ entity, value, line, run, concurrency: 8, source_table: 'client-rate' }),
    row({
      entity,
      metric: 'errors',
      unit: '%',
      better: 'lower',
      value: errors,
      line,
      run,
      concurrency: 8,
      source_table: 'client-rate',
    }),
  ];
  const measured = new Map([
    [
      'h',
      [
        ...rate('buoy', 100, 1, 'r1', 80),
        ...rate('buoy', 50, 2, 'r2', 0.5),
        ...rate('buoy', 40, 3, 'r1', 0),
        ...rate('mint', 60, 4, 'r1', 0),
        row({ entity: 'mint', statistic: 'mean', value: 5, spread_kind: 'stdev', spread: 1, line: 9 }),
        row({ entity: 'buoy', statistic: 'mean', value: 7, lower: 6, upper: 9, line: 10 }),
      ],
    ],
  ]);
  const index = compareIndex({ reports: [r], measured, names: {} });
  const rateM = index.measures.find((m) => m.key === 'throughput:value:req/s');
  assert.equal(rateM.values.buoy.h.v, 50, '100 req/s came with 80 % errors, over the 1 % budget');
  assert.deepEqual(
    [rateM.values.buoy.h.sk, rateM.values.buoy.h.lo, rateM.values.buoy.h.hi, rateM.values.buoy.h.n],
    ['runs', 40, 50, 2],
    'the runs of the same conditions within the budget',
  );
  assert.equal(index.reports[0].note, 'only values with errors at most 1 %');
  const mean = index.measures.find((m) => m.key === 'throughput:mean:req/s');
  assert.deepEqual([mean.values.mint.h.lo, mean.values.mint.h.hi, mean.values.mint.h.sk], [4, 6, 'stdev']);
  assert.deepEqual([mean.values.buoy.h.lo, mean.values.buoy.h.hi, mean.values.buoy.h.sk], [6, 9, 'range']);
});

test('per core and per GHz divisors from the machine’s facts, with their line; none without them', () => {
  const facts = [
    { field: 'sockets', value: 2, line: 4 },
    { field: 'cores_per_socket', value: 6, line: 4 },
    { field: 'clock_ghz', value: 2.5, unit: 'GHz', line: 5 },
  ];
  const a = reportDoc('a', '2020', { machines: machine(facts) });
  const b = reportDoc('b', '2021');
  const measured = new Map([
    ['a', [row({ entity: 'c', value: 1, line: 1 })]],
    ['b', [row({ entity: 'c', value: 2, line: 1 })]],
  ]);
  const [ra, rb] = compareIndex({ reports: [a, b], measured, names: {} }).reports;
  assert.deepEqual(ra.core, { divisor: 12, facts: 'sockets 2 × cores per socket 6', line: 4 });
  assert.deepEqual(ra.ghz, { divisor: 2.5, facts: 'clock 2.5 GHz', line: 5 });
  assert.equal(rb.core, null);
  assert.equal(rb.ghz, null);
});

test('an "as stated" value joins the statistic its report family implies, keeping its own and why; measures are named as a reader would', () => {
  const old = reportDoc('old', '2017', { tables: [{ id: 'request-rate', kind: 'cloudi-request-rate' }] });
  const now = reportDoc('now', '2023', { tables: [{ id: 'request-rate', kind: 'cloudi-stable-request-rate' }] });
  const other = reportDoc('other', '2018');
  const measured = new Map([
    ['old', [row({ entity: 'erlang', value: 31081, line: 48, source_table: 'request-rate' })]],
    ['now', [row({ entity: 'erlang', statistic: 'mean', value: 108774, line: 168, source_table: 'request-rate' })]],
    // A report of no such family: its "as stated" value stays apart.
    ['other', [row({ entity: 'erlang', value: 5, line: 2 })]],
  ]);
  const index = compareIndex({ reports: [old, now, other], measured, names: {} });
  const mean = index.measures.find((m) => m.key === 'throughput:mean:req/s');
  assert.equal(mean.name, 'Requests per second, mean');
  assert.deepEqual(Object.keys(mean.values.erlang).sort(), ['now', 'old']);
  assert.equal(mean.values.erlang.old.st, 'value');
  assert.match(mean.values.erlang.old.why, /cloudi_service_request_rate/);
  assert.equal(mean.values.erlang.now.st, undefined);
  assert.equal(
    index.measures.find((m) => m.key === 'throughput:value:req/s'),
    undefined,
    'one value alone compares with nothing',
  );
});

test('a report is labelled by its title, short (not by its first software version); the platform only where two would read the same', () => {
  const doc = (slug, title, date, platform) => ({
    ...reportDoc(slug, date),
    title,
    platforms: [{ id: slug, machine: 'system', name: platform }],
  });
  const reports = [
    doc(
      'm',
      'Mojito and seven other Erlang/Elixir HTTP clients (httpc_bench) on EC2 m5.4xlarge',
      '2019-05-15',
      'Amazon EC2 m5.4xlarge',
    ),
    doc('c1', 'CloudI 2.0.6 request rate by language, Dell PowerEdge R710', '2023', 'Dell PowerEdge R710'),
    doc('x', 'Queue servers on EC2 m1.large', '2012', 'Amazon EC2 m1.large'),
    doc('y', 'Queue servers on EC2 m1.xlarge', '2012', 'Amazon EC2 m1.xlarge'),
  ];
  const measured = new Map(reports.map((r, i) => [r.slug, [row({ entity: 'erlang', value: 10 + i, line: 1 + i })]]));
  const index = compareIndex({ reports, measured, names: { erlang: 'Erlang' } });
  assert.deepEqual(Object.fromEntries(index.reports.map((r) => [r.slug, r.short])), {
    m: 'Mojito and seven other Erlang/Elixir HTTP clients, 2019-05-15',
    c1: 'CloudI 2.0.6 request rate by language, 2023',
    x: 'Queue servers, 2012, Amazon EC2 m1.large',
    y: 'Queue servers, 2012, Amazon EC2 m1.xlarge',
  });
});
