// Unit tests of the pure chart step (plan.mjs and the builders) on small synthetic reports:
// charts follow from what a table holds, errata are applied and checked, names stay unique.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_CHART_ROWS, planCharts } from './plan.mjs';
import { bestOfGroup, sayClaim } from './claims.mjs';
import { ROOT } from '../lib/paths.mjs';
import { bestWithin } from './http-client-rate.mjs';
import { colorScale, fixedColor } from './shared/palette.mjs';
import { num, range, times } from './shared/format.mjs';
import { symlogTicks, titleWithUnit } from './shared/spec.mjs';

const DATA = path.join(ROOT, 'data');
const real = (slug) => JSON.parse(fs.readFileSync(path.join(DATA, 'reports', `${slug}.json`), 'utf8'));
const columnsOf = (kind) => {
  for (const f of fs.readdirSync(path.join(DATA, 'reports'))) {
    const t = JSON.parse(fs.readFileSync(path.join(DATA, 'reports', f), 'utf8')).tables.find((x) => x.kind === kind);
    if (t) return t.columns;
  }
  throw new Error(`no table of kind ${kind} in data/`);
};
const SEED = 'seeds/test/report.txt';

/** A report document with the given tables ({ id, kind, columns?, rows: [objects] }) and CSV texts. */
function fixture(slug, tables, extra = {}) {
  const csv = {};
  const report = {
    slug,
    title: `Test report ${slug}`,
    date: '2020',
    seed: { path: SEED },
    source: { repository: 'example/repo', path: 'BENCH.md', commit: 'c0ffee', url: 'https://example.invalid/BENCH.md' },
    licence: 'Test licence.',
    runs: [],
    sections: [],
    machines: {},
    ...extra,
    tables: tables.map((t) => {
      const columns = (t.columns ?? columnsOf(t.kind)).filter((c) => !t.drop?.includes(c.name));
      const p = `tables/${slug}/${t.id}.csv`;
      const cell = (v) =>
        v === null || v === undefined
          ? ''
          : /[",\n]/.test(String(v))
            ? `"${String(v).replace(/"/g, '""')}"`
            : String(v);
      csv[p] =
        [
          columns.map((c) => c.name).join(','),
          ...t.rows.map((r) => columns.map((c) => cell(r[c.name])).join(',')),
        ].join('\n') + '\n';
      return { id: t.id, kind: t.kind, title: t.id, path: p, columns, derived: false, digitized: false, source: SEED };
    }),
  };
  return { report, csv };
}

test('an http-client-rate table with one run and no pool_count column gets the charts that apply', () => {
  const rows = [];
  let line = 10;
  for (const [client, errs] of [
    ['alpha', [0, 0, 0]],
    ['beta', [50, 60, 70]],
    ['gamma', [0, 2, 0.5]],
  ]) {
    [32, 64, 128].forEach((concurrency, i) => {
      for (const pool_size of [8, 16])
        rows.push({
          run: 'results',
          client,
          pool_size,
          concurrency,
          requests_per_second: 1000 * (i + 1) * (client === 'beta' ? 9 : pool_size / 8),
          error_pct: errs[i],
          seed: SEED,
          line: line++,
        });
    });
  }
  const { report, csv } = fixture(
    'one-run',
    [{ id: 'client-rate', kind: 'http-client-rate', drop: ['pool_count'], rows }],
    { runs: [{ id: 'results', title: 'Results' }] },
  );
  const { charts, index } = planCharts([report], csv);
  assert.deepEqual(
    charts.map((c) => c.entry.name),
    ['best-rate-by-client', 'rate-by-concurrency', 'rate-vs-errors'],
  );
  const best = charts[0];
  assert.deepEqual(
    best.rows.map((r) => [r.client, r.requests_per_second]),
    [
      ['alpha', 6000],
      ['gamma', 6000],
    ],
  );
  assert.equal(best.spec.data.values.length, rows.length, 'the slider needs every row of the run');
  assert.ok(!('pool_count' in best.spec.data.values[0]));
  // Alpha and gamma both reach 6,000 within 1 %: a tie, both named (it once read "alpha was fastest").
  assert.match(
    index.findings['one-run'].headline,
    /^With at most 1 % errors, alpha and gamma tied as fastest at 6,000 requests\/s; beta's higher rates came with 50-70 % errors\.$/,
  );
  assert.match(best.entry.description, /beta had no configuration within 1 %/);
  // The tie is named in the count too (it once read "faster than alpha's 6,000").
  assert.match(
    charts[2].entry.finding,
    /every configuration faster than alpha and gamma's 6,000 requests\/s had at least 50 % errors\.$/,
  );
  // Each client at its best pool size; beta has none within 1 %, so its fastest.
  const conc = charts[1];
  // At 128 alpha and gamma tie at 6,000 within 1 %: both named (it once read "was alpha ... (pool 16)").
  assert.equal(
    conc.entry.finding,
    'At 128 concurrent processes the fastest clients within 1 % errors were alpha and gamma at 6,000 requests/s.',
  );
  assert.deepEqual(
    [...new Set(conc.rows.map((r) => r.series))],
    ['alpha (pool 16)', 'beta (pool 8)', 'gamma (pool 16)'],
  );
});

test('bestWithin picks the fastest row within the error budget, ties by error then line', () => {
  const rows = [
    { client: 'a', requests_per_second: 10, error_pct: 0.5, line: 2 },
    { client: 'a', requests_per_second: 10, error_pct: 0, line: 3 },
    { client: 'a', requests_per_second: 99, error_pct: 5, line: 4 },
    { client: 'b', requests_per_second: 99, error_pct: 1.01, line: 5 },
  ];
  assert.deepEqual(
    bestWithin(rows).map((r) => r.line),
    [3],
  );
  assert.deepEqual(
    bestWithin(rows, 100).map((r) => r.line),
    [5, 4],
    'equal rates: the lower error first',
  );
});

test('a CloudI table with and without cloudi_service_queue, and one with variants, get their charts', () => {
  const rows = [];
  let line = 1;
  for (const language of ['Erlang', 'Java']) {
    for (const [s, r] of [
      [1, 1],
      [1, 2],
      [2, 2],
    ]) {
      for (const queue_service of [false, true]) {
        rows.push({
          language,
          receiver_kind: language === 'Erlang' ? 'internal' : 'threads',
          dest_refresh_method: 'lazy_closest',
          duo_mode: true,
          senders: s,
          receivers: r,
          queue_service,
          requests_per_second: (queue_service ? 1000 : 20000) * s * (language === 'Erlang' ? 2 : 1),
          seed: SEED,
          line: line++,
        });
      }
    }
    rows.push({
      language,
      receiver_kind: language === 'Erlang' ? 'internal' : 'threads',
      dest_refresh_method: 'lazy_closest',
      duo_mode: false,
      senders: 1,
      receivers: 1,
      queue_service: false,
      requests_per_second: 2000,
      seed: SEED,
      line: line++,
    });
  }
  const queue = fixture('queue', [
    { id: 'request-rate', kind: 'cloudi-request-rate', drop: ['variant', 'note', 'queues'], rows },
  ]);
  const { charts } = planCharts([queue.report], queue.csv);
  assert.deepEqual(
    charts.map((c) => c.entry.name),
    ['max-rate-by-configuration', 'duo-mode-effect', 'languages-by-configuration', 'queue-service-effect'],
  );
  assert.equal(charts[0].rows.length, 6, 'direct rows only, duo_mode on');
  assert.equal(charts[3].rows.length, 12);
  assert.deepEqual(charts[3].entry.log_scales, ['y']);
  // Every share is 5 %: said once, not "5 % to 5 %".
  assert.match(charts[3].entry.finding, /was 5 % of the direct rate/);
  assert.match(charts[1].entry.description, /10x to 20x/);

  const variants = fixture('variants', [
    {
      id: 'request-rate',
      kind: 'cloudi-request-rate',
      drop: ['queues'],
      rows: [
        {
          language: 'Python',
          receiver_kind: 'threads',
          variant: 'v3',
          dest_refresh_method: 'lazy_closest',
          duo_mode: true,
          senders: 2,
          receivers: 2,
          queue_service: false,
          requests_per_second: 10452,
          seed: SEED,
          line: 1,
        },
        {
          language: 'Python',
          receiver_kind: 'processes',
          variant: 'v3',
          dest_refresh_method: 'lazy_closest',
          duo_mode: true,
          senders: 2,
          receivers: 2,
          queue_service: false,
          requests_per_second: 14121,
          seed: SEED,
          line: 2,
        },
        {
          language: 'Erlang',
          receiver_kind: 'internal',
          dest_refresh_method: 'lazy_closest',
          duo_mode: true,
          senders: 2,
          receivers: 2,
          queue_service: false,
          requests_per_second: 31081,
          seed: SEED,
          line: 3,
        },
      ],
    },
  ]);
  const v = planCharts([variants.report], variants.csv).charts;
  assert.deepEqual(
    v.map((c) => c.entry.name),
    ['rate-by-variant'],
  );
  assert.deepEqual(
    v[0].rows.map((r) => r.series),
    ['Erlang', 'Python v3 (processes)', 'Python v3 (threads)'],
  );
  assert.match(v[0].entry.finding, /threads beat processes for 0 of the 1 receivers/);
});

test('two tables of one kind in a report get chart names prefixed by table id; no errata, no corrected field', () => {
  const mem = (server) =>
    [0, 1024, 2048].map((q, i) => ({
      server,
      queued_requests: q,
      rss_kb: 1000 * (i + 1) * (server === 'a' ? 1 : 10),
      seed: SEED,
      line: i + (server === 'a' ? 1 : 10),
    }));
  const { report, csv } = fixture('two', [
    { id: 'memory-1', kind: 'darner-resident-memory', rows: [...mem('a'), ...mem('b')] },
    {
      id: 'memory-2',
      kind: 'darner-resident-memory',
      rows: [...mem('a'), ...mem('b')].map((r) => ({ ...r, line: r.line + 100 })),
    },
  ]);
  const { charts, index } = planCharts([report], csv);
  assert.deepEqual(Object.keys(index.charts), ['two--memory-1-resident-memory', 'two--memory-2-resident-memory']);
  assert.equal(charts[0].entry.corrected, 0);
  assert.ok(!charts[0].fields.some((f) => f.name === 'corrected'));
  assert.equal(
    index.findings.two.headline,
    'A used 10x less memory than B with 2,048 requests queued (3,000 kB vs 30,000 kB).',
  );
});

test('the real reports: AStore observations come from the report text, the core rule from its facts', () => {
  const report = real('astore-hyper-threading-dell-r420');
  const t = report.tables.find((x) => x.kind === 'astore-throughput-digitized');
  const csv = Object.fromEntries(report.tables.map((x) => [x.path, fs.readFileSync(path.join(DATA, x.path), 'utf8')]));
  const chart = planCharts([report], csv).charts.find((c) => c.entry.table === t.id);
  const text = JSON.stringify(chart.spec.layer);
  for (const item of report.sections
    .find((s) => s.id === 'observation')
    .items.filter((i) => /parallelism-max/.test(i.text))) {
    for (const word of item.text.split(/\s+/)) assert.ok(text.includes(word), `observation word ${word}`);
  }
  assert.match(text, /12 physical cores \(2 x 6\)/);
  assert.match(chart.spec.title.text, /DIGITIZED/);
  assert.match(text, /ideal linear scaling \(from parallelism 1\)/);
});

test('helpers: numbers, ratios, ranges, titles, ticks, colours', () => {
  assert.equal(num(1048576), '1,048,576');
  assert.equal(num(13088.1), '13,088');
  assert.equal(num(79.45, 1), '79.5');
  assert.equal(num(-1234.5, 1), '-1,234.5');
  assert.equal(times(18.07), '18x');
  assert.equal(times(3.06), '3.1x');
  assert.equal(times(1538.4), '1,538x');
  assert.equal(times(333000000), '333,000,000x');
  assert.equal(range(79.5, 90, 1), '79.5-90');
  assert.equal(
    titleWithUnit({ title: 'Resident memory (kB)', unit: 'kB' }, 'log scale'),
    'Resident memory (kB, log scale)',
  );
  assert.equal(titleWithUnit({ title: 'Connections', unit: 'connections' }, 'log scale'), 'Connections (log scale)');
  assert.equal(titleWithUnit({ title: 'Queued requests', unit: 'items' }), 'Queued requests (items)');
  assert.deepEqual(symlogTicks([0, 1024, 2048, 1048576]), [0, 1024, 4096, 16384, 65536, 262144, 1048576]);
  assert.equal(fixedColor('client', 'buoy'), fixedColor('client', 'Buoy'));
  const scale = colorScale('language', ['Erlang', 'Zig', 'Nim']);
  assert.equal(scale.range[0], fixedColor('language', 'Erlang'));
  assert.notEqual(scale.range[1], scale.range[2]);
});

test('a chart of more rows than MAX_CHART_ROWS is not drawn: the page is told which, how many rows, and the finding stays', () => {
  const rows = [];
  let line = 10;
  for (let i = 0; rows.length <= MAX_CHART_ROWS; i++)
    for (const client of ['alpha', 'beta'])
      rows.push({
        run: 'results',
        client,
        pool_size: 8,
        concurrency: i + 1,
        requests_per_second: 1000 + i,
        error_pct: 0,
        seed: SEED,
        line: line++,
      });
  const { report, csv } = fixture(
    'big',
    [{ id: 'client-rate', kind: 'http-client-rate', drop: ['pool_count'], rows }],
    {
      runs: [{ id: 'results', title: 'Results' }],
    },
  );
  const { charts, index } = planCharts([report], csv);
  // Best per client (two rows) is drawn; the charts of every row are not.
  assert.deepEqual(
    charts.map((c) => c.entry.name),
    ['best-rate-by-client'],
  );
  assert.deepEqual(index.reports.big, ['big--best-rate-by-client']);
  assert.deepEqual(
    index.not_drawn.big.map((n) => [n.name, n.table, n.rows, n.limit]),
    [
      ['rate-by-concurrency', 'client-rate', rows.length, MAX_CHART_ROWS],
      ['rate-vs-errors', 'client-rate', rows.length, MAX_CHART_ROWS],
    ],
  );
  assert.ok(index.findings.big.items.length >= 2, 'the findings of the charts not drawn stay');
  assert.deepEqual(index.by_table.big, { 'client-rate': ['big--best-rate-by-client'] });
});

test('two servers within 5 % of memory are not said to use "1x less memory", one server is compared with none', () => {
  const mem = (server, k) =>
    [0, 1024, 2048].map((q, i) => ({
      server,
      queued_requests: q,
      rss_kb: 1000 * (i + 1) * k,
      seed: SEED,
      line: i + (server === 'a' ? 1 : 10),
    }));
  const near = fixture('near', [
    { id: 'memory', kind: 'darner-resident-memory', rows: [...mem('a', 1), ...mem('b', 1.02)] },
  ]);
  assert.equal(
    planCharts([near.report], near.csv).index.findings.near.headline,
    'A used memory within 5 % of B with 2,048 requests queued (3,000 kB vs 3,060 kB).',
  );
  const alone = fixture('alone', [{ id: 'memory', kind: 'darner-resident-memory', rows: mem('a', 1) }]);
  const { charts } = planCharts([alone.report], alone.csv);
  assert.equal(charts[0].entry.finding, '');
  assert.doesNotMatch(charts[0].entry.description, /less memory than/);
});

test('CloudI languages each fastest at one of two configurations are both named, not one "fastest in 1 of the 2"', () => {
  let line = 1;
  const rows = [
    ['Erlang', 1, 100],
    ['C', 1, 50],
    ['Erlang', 2, 50],
    ['C', 2, 100],
  ].map(([language, n, requests_per_second]) => ({
    language,
    receiver_kind: language === 'Erlang' ? 'internal' : 'threads',
    dest_refresh_method: 'lazy_closest',
    duo_mode: true,
    senders: n,
    receivers: n,
    queue_service: false,
    requests_per_second,
    seed: SEED,
    line: line++,
  }));
  const tie = fixture('tie', [
    { id: 'request-rate', kind: 'cloudi-request-rate', drop: ['variant', 'note', 'queues'], rows },
  ]);
  const heat = planCharts([tie.report], tie.csv).charts.find((c) => c.entry.name === 'languages-by-configuration');
  assert.equal(
    heat.entry.finding,
    'With lazy_closest, duo_mode on, Erlang and C were each fastest in 1 of the 2 configurations with more than one language measured.',
  );
});

test('a report whose first finding crowns a setting gets the next true finding as its headline, and lists only true findings', () => {
  // A builder that says two sentences: the first crowns a configured timeout (a setting), the second is true.
  const rows = [
    { series: 'a', statistic: 'mean', unit: 'ms', shown: 2, seed: SEED, line: 3 },
    { series: 'b', statistic: 'mean', unit: 'ms', shown: 3, seed: SEED, line: 4 },
    { series: 'timeout', statistic: 'mean', unit: 'ms', shown: 1, role: 'setting', seed: SEED, line: 5 },
  ];
  const said = (claim) => sayClaim('renderBest', rows, [claim, { what: 'mean latency', unit: 'ms' }]);
  const truth = said(bestOfGroup(rows, { better: 'lower', parts: ['series'] }));
  const lie = said({ ...bestOfGroup(rows, { better: 'lower', parts: ['series'] }), best: [rows[2]] });
  assert.match(lie.text, /^Timeout had the lowest mean latency/);
  const chart = (name, s) => ({
    name,
    title: name,
    description: s.text,
    alt: name,
    finding: s.text,
    claims: [s.kept],
    headline: s.text,
    rows,
    fields: [{ name: 'series', title: 'Series', unit: '', type: 'string' }],
    layer: [{ name: 'bars', mark: 'bar', encoding: { y: { field: 'series', type: 'nominal' } } }],
    markName: 'bars',
  });
  const builders = { 'http-client-rate': { build: () => [chart('lie', lie), chart('truth', truth)] } };
  const { report, csv } = fixture('gate', [
    {
      id: 'client-rate',
      kind: 'http-client-rate',
      drop: ['pool_count', 'run'],
      rows: [{ client: 'a', pool_size: 8, concurrency: 1, requests_per_second: 1, error_pct: 0, seed: SEED, line: 3 }],
    },
  ]);
  const { index } = planCharts([report], csv, { builders });
  assert.equal(index.findings.gate.headline, `${truth.text}.`);
  assert.deepEqual(index.findings.gate.items, [`${truth.text}.`]);
});
