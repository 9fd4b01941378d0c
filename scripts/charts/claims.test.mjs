// The like-with-like rules of a best-of-group claim (claims.mjs), each on the rows that broke it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bestOfGroup,
  change,
  comparison,
  factorRange,
  headToHead,
  mostWins,
  familyOf,
  isAggregate,
  isUnranked,
  keptProblems,
  ordinal,
  rangeOverRuns,
  runsCompared,
  sayClaim,
  renderBest,
  renderBestTwo,
  renderChange,
  renderEnds,
  renderHighest,
  renderShares,
  renderFactors,
  renderHeadToHead,
  renderMostWins,
  renderLess,
  renderPeak,
  renderRange,
  renderRunsCompared,
  renderTail,
  renderTailLines,
  tailOverLines,
  acrossReports,
  renderAcross,
  renderTailAtLoads,
} from './claims.mjs';

const row = (series, shown, more = {}) => ({ series, shown, source_table: 't', ...more });
const words = { what: 'mean latency', unit: 'ms' };
const say = (rows, opts = {}) => renderBest(bestOfGroup(rows, { better: 'lower', ...opts }), words);

test('an aggregate row (Total, Waits) is never ranked with its parts', () => {
  const rows = [
    row('connect', 5, { phase: 'connect' }),
    row('waiting', 20, { phase: 'waiting' }),
    row('total', 25, { phase: 'total' }),
  ];
  assert.equal(
    say(rows, { conditions: ['phase'] }),
    'Connect had the lowest mean latency: 5 ms, 4x less than waiting (20 ms)',
  );
  assert.ok(isAggregate({ benchmark: 'Waits' }));
  assert.ok(!isAggregate({ benchmark: 'Waiting' }));
});

test('"memcached had the lowest mean latency: 0 ms" where every value is 0: no superlative', () => {
  const rows = [row('memcached', 0), row('redis', 0)];
  assert.equal(bestOfGroup(rows, { better: 'lower' }).kind, 'all-equal');
  assert.equal(say(rows), '');
});

test('five runs at 0 errors are a tie, all named, not "the lowest total errors: 0" of one', () => {
  const rows = [row('a', 0), row('b', 0), row('c', 3)];
  assert.equal(say(rows), 'A and b tied for the lowest mean latency: 0 ms; the highest: c (3 ms)');
});

test('rows of two tables of one report are never ranked together', () => {
  assert.equal(bestOfGroup([row('a', 1), row('b', 2e10, { source_table: 'u' })], { better: 'lower' }), null);
});

test('rows that vary in two things get no claim', () => {
  assert.equal(bestOfGroup([row('a', 1), row('b', 2)], { better: 'lower', parts: ['phase', 'concurrency'] }), null);
});

test('ordinals read "1st", "2nd", "3rd", "11th", "21st", "99.9th"', () => {
  assert.deepEqual([1, 2, 3, 11, 12, 13, 21, 22, 100, 99.9].map(ordinal), [
    '1st',
    '2nd',
    '3rd',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '100th',
    '99.9th',
  ]);
});

test('different benchmarks of one file are ranked only as variants of one benchmark or as alternatives', () => {
  const b = (benchmark, shown, source_table = 'criterion') => ({ series: benchmark, benchmark, shown, source_table });
  const rank = (rows) => bestOfGroup(rows, { better: 'lower', parts: ['benchmark'] });
  // bencher's criterion file: "file" 0.000324 µs against "tracing_rolling_file" 20.93 µs is no comparison.
  assert.equal(rank([b('file', 0.000324), b('tracing_rolling_file', 20.93)]), null);
  assert.equal(rank([b('Ctx_Accepts/xml', 1), b('Utils_GetOffer/mime', 2)]), null);
  assert.equal(rank([b('Ctx_Accepts/xml', 1), b('Ctx_Accepts/json', 2)]).kind, 'best-of-group');
  assert.equal(
    rank([b('fd -HI x', 0.23, 'hyperfine-markdown'), b('find . x', 2.2, 'hyperfine-markdown')]).kind,
    'best-of-group',
  );
  assert.equal(familyOf('ExpensiveExceptions.doNotThrowException'), 'ExpensiveExceptions');
});

test("hey's whole request is never ranked with its phases, nor k6's all requests with a tagged part", () => {
  const p = (phase, shown) => ({ series: phase ?? 'http://127.0.0.1:8080', phase, shown, source_table: 'hey' });
  const rows = [p('DNS-lookup', 0.1), p('resp wait', 2.6), p(null, 2.7)];
  const claim = bestOfGroup(rows, { better: 'lower', parts: ['phase'] });
  assert.equal(claim.last.series, 'resp wait');
  const k6 = [p('expected_response:true', 1), p(null, 1.2)];
  assert.equal(bestOfGroup(k6, { better: 'lower', parts: ['phase'] }), null);
});

test('runs whose sections state a change get a range and what changed, never a ratio', () => {
  const run = (section, shown) => ({ series: 'nginz', section, shown });
  const claim = rangeOverRuns([run('', 3857.42), run('We did some perfomance update', 4453.49)]);
  assert.equal(claim.ratio, null);
  assert.equal(
    renderRange(claim, { whose: "nginz's mean throughput", unit: 'req/s' }),
    "Over 2 runs, nginz's mean throughput ranged from 3,857.42 to 4,453.49 req/s; the runs differ in more than their name (“We did some perfomance update”, a stated change)",
  );
  const same = rangeOverRuns([run('Run 1', 100), run('Run 2', 120)]);
  assert.equal(
    renderRange(same, { whose: 'the rate', unit: 'req/s' }),
    'Over 2 runs, the rate ranged from 100 to 120 req/s (1.2x)',
  );
});

test('runs a reader numbered (a block the document repeats) get no range, unless a heading of their own names each run', () => {
  const run = (section, shown) => ({ series: 'UTF8View', section, shown, run_by: 'reader', source_table: 'recipe' });
  assert.equal(rangeOverRuns([run('Scripts', 28.5), run('Scripts', 44.8)]), null);
  assert.equal(
    renderRange(rangeOverRuns([run('Run 1', 100), run('Run 2', 120)]), { whose: 'the rate', unit: 'req/s' }),
    'Over 2 runs, the rate ranged from 100 to 120 req/s (1.2x)',
  );
});

test('HTTP clients that the entities name, each a row of one table, are ranked: one task, several software', () => {
  // tests/fixtures/person-table-http-clients.md: | Client | Requests/sec | with Mojito, Mint and hackney.
  const rows = [
    row('Mojito', 52100, { benchmark: 'Mojito' }),
    row('Mint', 45000, { benchmark: 'Mint' }),
    row('hackney', 41210, { benchmark: 'hackney' }),
  ];
  const said = renderBest(bestOfGroup(rows, { better: 'higher', parts: ['benchmark'] }), {
    what: 'throughput',
    unit: 'req/s',
  });
  assert.equal(said, 'Mojito had the highest throughput: 52,100 req/s, 1.3x that of hackney (41,210 req/s)');
  // Two benchmarks that name no entity and no family stay unranked.
  assert.equal(
    bestOfGroup([row('parse', 1, { benchmark: 'parse' }), row('render', 2, { benchmark: 'render' })], {
      better: 'lower',
      parts: ['benchmark'],
    }),
    null,
  );
});

test('"min_duration had the lowest time: 0 ms": a configured value is never ranked, crowned or taken a ratio of', () => {
  const rows = [
    row('min_duration · setting', 0, { role: 'setting' }),
    row('test_a', 2),
    row('request timeout · setting', 1000, { role: 'setting' }),
    row('test_b', 5),
  ];
  assert.equal(say(rows), 'test_a had the lowest mean latency: 2 ms, 2.5x less than test_b (5 ms)');
  // Settings alone: nothing to rank, no sentence.
  assert.equal(bestOfGroup(rows.filter(isUnranked), { better: 'lower' }), null);
});

test('a rate the report marks invalid (failed requests, failing fast) is never crowned', () => {
  const rows = [row('ok', 9.24), row('ko · invalid', 30, { role: 'invalid' })];
  assert.equal(bestOfGroup(rows, { better: 'higher' }), null);
  const runs = [row('ko', 3, { role: 'invalid' }), row('ko', 9, { role: 'invalid' }), row('ok', 5), row('ok', 6)];
  assert.equal(
    renderRange(rangeOverRuns(runs), { whose: "ok's mean latency", unit: 'ms' }),
    "Over 2 runs, ok's mean latency ranged from 5 to 6 ms (1.2x)",
  );
  assert.equal(rangeOverRuns(runs.slice(0, 2)), null);
});

test('the per-kind builders\' comparisons are claims rendered here: "21st percentile", no "1x longer", settings left out', () => {
  const srv = (server, v, more = {}) => ({ server, v, ...more });
  const words = { name: (r) => r.server, show: (r) => `${r.v} ms` };
  const tail = comparison([srv('Kestrel', 341), srv('Darner', 44.5), srv('timeout', 1000, { role: 'setting' })], {
    value: (r) => r.v,
    better: 'lower',
  });
  assert.equal(
    renderTail(tail, { p: 21, ...words }),
    'At the 21st percentile Darner answered in 44.5 ms, Kestrel in 341 ms (7.7x longer)',
  );
  assert.equal(
    renderTail(comparison([srv('A', 100), srv('B', 102)], { value: (r) => r.v, better: 'lower' }), { p: 99, ...words }),
    'At the 99th percentile A answered in 100 ms, B in 102 ms (within 5 %)',
  );
  const peaks = comparison([srv('Kestrel', 12039), srv('Darner', 36846), srv('x', 100)], {
    value: (r) => r.v,
    better: 'higher',
    against: 'next',
  });
  assert.equal(
    renderPeak(peaks, {
      name: (r) => r.server,
      value: (r) => r.v,
      unit: 'requests/s',
      at: () => '50 connections',
      bound: { row: srv('memcache', 55294), name: 'memcache' },
    }),
    "Darner peaked at 36,846 requests/s (50 connections), 3.1x Kestrel's best of 12,039; memcache, the upper bound, reached 55,294",
  );
  assert.equal(
    renderLess(comparison([srv('A', 3)], { value: (r) => r.v, better: 'lower' }), {
      ...words,
      what: 'memory',
      where: 'here',
    }),
    '',
  );
});

test("CloudI's tails: a ratio of latencies only at loads within 10 %, none for a lone receiver, and the two bests each with the other measure", () => {
  const rx = (series, latency, rps) => ({ series, latency, rps });
  const words = {
    p: 99.9,
    name: (r) => r.series,
    show: (r) => `${r.latency} ms`,
    load: (r) => r.rps,
    rate: (v) => `${v} requests/s`,
  };
  const at = (rows) => renderTailAtLoads(comparison(rows, { value: (r) => r.latency, better: 'lower' }), words);
  assert.equal(
    at([rx('A', 10, 100), rx('B', 30, 105)]),
    'At the 99.9th percentile, A answered within 10 ms at 100 requests/s, B within 30 ms at 105 requests/s (3x longer, at loads within 10 %)',
  );
  assert.match(
    at([rx('A', 10, 100), rx('B', 30, 300)]),
    /the loads differ and the latencies are not a like-for-like ratio$/,
  );
  assert.equal(at([rx('A', 10, 100)]), 'At the 99.9th percentile, A answered within 10 ms');
  assert.match(at([rx('A', 10, 100), rx('B', 10.2, 101)]), /\(within 5 %, at loads within 10 %\)$/);
  const rows = [rx('A', 10, 100), rx('B', 30, 300)];
  assert.equal(
    renderBestTwo(
      [
        {
          claim: comparison(rows, { value: (r) => r.rps, better: 'higher' }),
          what: 'highest rate',
          show: (r) => `${r.rps} requests/s`,
          aside: (r) => `${r.latency} ms`,
        },
        {
          claim: comparison(rows, { value: (r) => r.latency, better: 'lower' }),
          what: 'lowest tail latency',
          show: (r) => `${r.latency} ms`,
          aside: (r) => `${r.rps} requests/s`,
        },
      ],
      (r) => `${r.series}'s`,
    ),
    "The highest rate is B's 300 requests/s (30 ms); the lowest tail latency is A's 10 ms (100 requests/s)",
  );
});

test("httpc_bench's two runs: a median ratio over setups both measured at a positive rate, none where the runs differ in a stated fact", () => {
  const pair = (a, b) => ({ a, b });
  const opts = { a: (p) => p.a, b: (p) => p.b };
  const names = { nameA: 'run 2', nameB: 'Run 1' };
  assert.equal(
    renderRunsCompared(runsCompared([pair(10, 5), pair(6, 2), pair(4, 8)], opts), names),
    'Run 2 was faster than Run 1 in 2 of the 3 configurations both measured (median ratio 2x)',
  );
  // A client that failed every request in run 1 (0 requests/s) gives no "Infinityx".
  assert.equal(
    renderRunsCompared(runsCompared([pair(10, 0), pair(12, 0)], opts), names),
    'Run 2 was faster than Run 1 in 2 of the 2 configurations both measured',
  );
  assert.equal(
    renderRunsCompared(
      runsCompared([pair(10, 5)], { ...opts, differs: { what: 'ulimit -n', a: '12,000,000', b: '1,024' } }),
      names,
    ),
    'Run 2 was faster than Run 1 in 1 of the 1 configurations both measured; the runs differ in ulimit -n (12,000,000 vs 1,024), so no ratio is given',
  );
});

test('CloudI 1.x counts: head-to-head only over setups measured both ways, languages tied for the most wins all named, a factor range of positive rates', () => {
  const g = (a, b) => [{ a, b }];
  const h = headToHead([g(3, 2), g(1, 2), g(5, undefined)], { a: (x) => x[0].a, b: (x) => x[0].b });
  assert.equal(
    renderHeadToHead(h, {
      a: 'lazy_closest',
      b: 'immediate_closest',
      among: 'in {k} of the {n} setups measured with both',
    }),
    'lazy_closest beat immediate_closest in 1 of the 2 setups measured with both',
  );
  assert.equal(headToHead([g(5, undefined)], { a: (x) => x[0].a, b: (x) => x[0].b }), null);
  const groups = [['Erlang', 'C'], ['C', 'Erlang'], ['Java', 'C'], ['Java']].map((names) =>
    names.map((series) => ({ series })),
  );
  assert.equal(
    renderMostWins(
      mostWins(groups, (r) => r.series),
      { scope: 'With duo_mode on, ', of: 'configurations with more than one language measured' },
    ),
    'With duo_mode on, Erlang, C and Java were each fastest in 1 of the 3 configurations with more than one language measured',
  );
  const pairs = [
    { off: 10, on: 100 },
    { off: 2, on: 30 },
    { off: 0, on: 5 },
  ];
  assert.equal(
    renderFactors(factorRange(pairs, { before: (p) => p.off, after: (p) => p.on }), {
      change: 'duo_mode raised the rate',
      where: 'at 1 sender x 1 receiver',
    }),
    'duo_mode raised the rate at 1 sender x 1 receiver 10x to 15x (median 13x)',
  );
});

test('Darner\'s backlog: each server against its own empty-queue rate, no "Infinity %" of a zero base, a server without the point left out', () => {
  const r = (rps, backlog) => ({ rps, backlog });
  const words = {
    at: 'With 100 items queued',
    verb: 'served',
    show: (x) => `${x.rps} requests/s`,
    base: (x) => `a backlog of ${x.backlog}`,
  };
  const claim = change(
    [
      { name: 'Darner', from: r(200, 0), to: r(100, 100) },
      { name: 'Kestrel', from: r(0, 0), to: r(50, 100) },
      { name: 'Memcache', from: r(10, 0), to: undefined },
    ],
    (x) => x.rps,
  );
  assert.equal(
    renderChange(claim, words),
    'With 100 items queued, Darner served 100 requests/s (50 % of its rate at a backlog of 0) and Kestrel served 50 requests/s',
  );
  assert.equal(
    change([{ name: 'A', from: r(1, 0), to: undefined }], (x) => x.rps),
    null,
  );
});

test("CloudI 1.7.1's ends: receivers tied at the top or the bottom are all named, and the fastest external receiver is said only apart from the top", () => {
  const rx = (series, rps, kind = 'threads') => ({ series, rps, kind });
  const rows = [
    rx('Erlang', 31081, 'internal'),
    rx('OCaml (processes)', 22585),
    rx('Go', 10452),
    rx('Python v3 (threads)', 10452),
  ];
  const words = { name: (r) => r.series, value: (r) => r.rps, unit: 'requests/s' };
  const external = rows.filter((r) => r.kind !== 'internal');
  assert.equal(
    renderEnds(comparison(rows, { value: (r) => r.rps, better: 'higher' }), {
      ...words,
      also: { claim: comparison(external, { value: (r) => r.rps, better: 'higher' }), what: 'external receiver' },
    }),
    'Erlang was fastest at 31,081 requests/s; the fastest external receiver was OCaml (processes) at 22,585, the slowest Go and Python v3 (threads) at 10,452',
  );
  assert.equal(
    renderEnds(
      comparison(external.slice(0, 1).concat(rx('C', 22585)), { value: (r) => r.rps, better: 'higher' }),
      words,
    ),
    'OCaml (processes) and C tied as fastest at 22,585 requests/s',
  );
});

test('CloudI 1.x: receivers tied at the highest rate are all named with where; queue shares of positive rates only', () => {
  const rx = (series, rps, configuration) => ({ series, rps, configuration });
  const words = {
    name: (r) => r.series,
    value: (r) => r.rps,
    unit: 'requests/s',
    what: 'highest maximum stable rate',
    where: (r) => r.configuration,
  };
  const highest = (rows) => renderHighest(comparison(rows, { value: (r) => r.rps, better: 'higher' }), words);
  assert.equal(
    highest([rx('Erlang', 101457, '16x16'), rx('C', 9000, '1x1')]),
    'Erlang reached the highest maximum stable rate, 101,457 requests/s at 16x16',
  );
  assert.equal(
    highest([rx('Erlang', 100, '4x4'), rx('C', 100, '2x2'), rx('Java', 50, '1x1')]),
    'Erlang at 4x4 and C at 2x2 tied for the highest maximum stable rate, 100 requests/s',
  );
  const pairs = [
    { d: 100, q: 4 },
    { d: 100, q: 11 },
    { d: 0, q: 3 },
  ];
  const shares = factorRange(pairs, { before: (p) => p.d, after: (p) => p.q });
  const text = {
    head: 'Through the queue the best rate was',
    of: 'the direct rate',
    scope: 'lazy_closest',
    none: 'None',
  };
  assert.equal(
    renderShares(shares, text),
    'Through the queue the best rate was 4 % to 11 % of the direct rate (median 8 %, lazy_closest)',
  );
  assert.equal(renderShares(factorRange([], { before: (p) => p.d, after: (p) => p.q }), text), 'None');
});

test('a comparison page says figures under the base report as "1.7x to 5x lower", never as ratios under 1 ("0.2x to 0.6x")', () => {
  const row = (entity_name, column, value, ratio_to_base) => ({
    entity_name,
    column,
    value,
    unit: 'req/s',
    ratio_to_base,
  });
  const base = { entity_name: 'hackney', column: '2017', value: 100, unit: 'req/s' };
  const words = { statistic: 'as stated', unit: 'req/s' };
  const say = (rows) =>
    renderAcross(acrossReports(rows, { better: 'higher', hardwareSame: true, machines: [] }), words);
  const lower = say([base, row('hackney', '2019', 20, 0.2), row('ibrowse', '2019', 60, 0.6)]);
  assert.match(lower, /against the base report the values are 1\.7x to 5x lower$/);
  assert.doesNotMatch(lower, /0\.\dx/);
  assert.match(
    say([base, row('a', '2019', 110, 1.1), row('b', '2019', 180, 1.8)]),
    /the values are 1\.1x to 1\.8x higher$/,
  );
  assert.match(
    say([base, row('a', '2019', 50, 0.5), row('b', '2019', 150, 1.5)]),
    /the values run from 2x lower to 1\.5x higher$/,
  );
  assert.match(say([base, row('a', '2019', 25, 0.25)]), /against the base report the value is 4x lower$/);
  assert.match(say([base, row('a', '2019', 101, 1.01)]), /against the base report the value is within 5 % of it$/);
});

test('BenchmarkDotNet\'s Ratio (the baseline 1.00 x, the others its multiples) gets no "lowest ... 0.18 x, 5.7x less than" and the checker refuses one', () => {
  const rows = [
    row('StringBuilderToString', 0.18, { unit: 'x', value: 0.18, line: 15, seed: 's' }),
    row('GuXmlSerialize', 1, { unit: 'x', value: 1, line: 14, seed: 's' }),
    row('JsonConvertSerializeObject', 1.03, { unit: 'x', value: 1.03, line: 17, seed: 's' }),
  ];
  assert.equal(bestOfGroup(rows, { better: 'lower' }), null);
  assert.equal(say(rows), '');
  // Speed-ups against something outside the group (no row at 1) are ranked as any value is.
  const external = rows.map((r) => ({ ...r, shown: r.shown * 2, value: r.value * 2 }));
  assert.match(say(external), /^StringBuilderToString had the lowest/);
  // A kept claim over ratios to a row of the group fails the findings checker.
  const forced = { ...bestOfGroup(external, { better: 'lower' }), best: [rows[0]], last: rows[2], ratio: 1.03 / 0.18 };
  const { kept } = sayClaim('renderBest', rows, [forced, { what: 'mean relative time', unit: 'x' }]);
  assert.ok(
    keptProblems(kept, rows).some((w) => /ratios to a row of their own group/.test(w)),
    keptProblems(kept, rows).join('; '),
  );
});

test('lines named by the sections that state a change (cyf\'s "go / before late limit", "go / after rate limit") are not said to "differ in more than their name"; lines named otherwise are', () => {
  const line = (series, section, p50, p100) => [
    row(series, p50, { section, percentile: 50 }),
    row(series, p100, { section, percentile: 100 }),
  ];
  const words = { what: 'latency', unit: 'ms' };
  const cyf = [
    ...line('go / before late limit', 'go / before late limit', 4, 13),
    ...line('go / after rate limit', 'go / after rate limit', 7, 12),
  ];
  const said = renderTailLines(tailOverLines(cyf, 100), words);
  assert.doesNotMatch(said, /differ in more than their name/, said);
  assert.match(said, /^At the 100th percentile, latency ranged from 12 ms \(go \/ after rate limit\) to 13 ms/, said);
  const nginz = [
    ...line('concurrency 10,000', '', 2, 64),
    ...line('concurrency 12,000', 'We did some perfomance update', 2, 64.4),
  ];
  assert.match(
    renderTailLines(tailOverLines(nginz, 100), words),
    /the lines differ in more than their name \(“We did some perfomance update”, a stated change\)/,
  );
});
