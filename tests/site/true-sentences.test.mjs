// What the ten reports' pages say, read against their data (issue 40): each sentence that was
// false or misleading, as a reader sees it in the chart index built from data/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { committedPlan } from '../../scripts/charts/committed.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { corpusPlan } from '../../scripts/bench/truth-audit.mjs';
import { CORPUS } from '../../scripts/bench/real-files.mjs';
import { parsers } from '../../scripts/data/parsers/index.mjs';
import { statedMachines } from '../../scripts/data/parsers/shared/machine-lines.mjs';
import { matchPlatform, namingFact, proposePlatform } from '../../scripts/add-report/platform-match.mjs';
import { planSubjectCharts } from '../../scripts/charts/subjects.mjs';
import { readSubjects } from '../../scripts/lib/atlas.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';

const plan = committedPlan();
const chart = (id) => {
  const c = plan.charts.find((x) => x.id === id);
  assert.ok(c, `no chart ${id}`);
  return c.entry;
};

test("the Solon errors chart's alt text counts 5 runs of 4 error kinds, not 20 runs", () => {
  const alt = chart('solon-jetty-hello-world-app-wrk-five-runs--errors-total-count-runs').alt;
  assert.doesNotMatch(alt, /20 runs/);
  assert.match(alt, /5 runs/);
  assert.match(alt, /\(4\)/);
});

test('nginz: concurrency 12,000 against 10,000 gets no ratio, and the sentence says run 2 follows a stated change', () => {
  const slug = 'nginz-ab-linux-laptop-10000-12000-connections';
  for (const name of ['throughput-mean-req-s-by-concurrency', 'bandwidth-mean-kib-s-by-concurrency']) {
    const finding = chart(`${slug}--${name}`).finding;
    assert.doesNotMatch(finding, /\d(?:\.\d+)?x /, finding);
    assert.match(finding, /We did some perfomance update/, finding);
  }
});

test("CloudI 1.5.4's findings name the scope their charts state: without cloudi_service_queue, duo_mode on", () => {
  const { items } = plan.index.findings['cloudi-1.5.4-core-i7'];
  const duo = items.find((f) => f.startsWith('duo_mode raised the rate'));
  assert.match(duo, /without cloudi_service_queue/);
  const fastest = items.find((f) => / was fastest in /.test(f));
  assert.match(fastest, /duo_mode on, without cloudi_service_queue/);
});

test('httpc_bench 2019: the two runs differ in ulimit -n, so their comparison says so and gives no ratio', () => {
  const { items } = plan.index.findings['httpc-bench-mojito-ec2-m5-4xlarge'];
  const runs = items.find((f) => / was faster than /.test(f));
  assert.doesNotMatch(runs, /ratio \d/);
  assert.match(runs, /differ in ulimit -n \(12,000,000 vs 1,024\)/);
});

test("nginz's latency lines of the two runs are said to differ in more than their concurrency", () => {
  const finding = chart('nginz-ab-linux-laptop-10000-12000-connections--latency-percentiles-s').finding;
  assert.match(
    finding,
    /the lines differ in more than their name \(“We did some perfomance update”, a stated change\)/,
  );
});

// The corpus of real result files (tests/fixtures/corpus), planned in memory as their pages say them.
const corpusFindings = (file) =>
  Object.values(corpusPlan(file).index.findings).flatMap((f) => [f.headline, ...f.items]);

test("vegeta's README: the example commands' -rate=50 and -rate=100 are not called 2 runs whose throughput ranged from 50 to 100", () => {
  const said = corpusFindings('vegeta/vegeta-readme.md');
  assert.deepEqual(
    said.filter((f) => /Over \d+ runs/.test(f)),
    [],
  );
});

test("pyperf's documentation: Python 3.6's and 3.8's timings are not 5 runs of \"Mean +- std dev\"", () => {
  assert.deepEqual(
    corpusFindings('pyperf/pyperf-doc-analyze.rst').filter((f) => /Over \d+ runs/.test(f)),
    [],
  );
});

test("hey's phases: DNS-lookup is never compared with DNS+dialup, the phase that holds it", () => {
  for (const file of ['hey/oha-readme-3f1983b-hey.md', 'hey/oha-readme-9b9e601-hey.md']) {
    const said = corpusFindings(file);
    assert.ok(said.length, file);
    for (const f of said) assert.doesNotMatch(f, /DNS\+dialup/, `${file}: ${f}`);
  }
});

test("fio on VPS hosts: one host's reads are never ranked against another host's writes", () => {
  const said = corpusFindings('fio/vps-comparison-fio-libaio-4k.md');
  for (const f of said) assert.ok(!(/\/ reads/.test(f) && /\/ writes/.test(f)), f);
});

test("CloudI 1.5.4's duo_mode chart, listed by its title on subject pages, says its about 13x is without cloudi_service_queue", () => {
  const { title } = chart('cloudi-1.5.4-core-i7--duo-mode-effect');
  assert.match(title, /without cloudi_service_queue/, title);
});

test("Gatling's global stats: successful (.ok) and failed (.ko) requests per second are not ranked as two throughputs, '2.4x'", () => {
  const said = corpusFindings('gatling-global-stats/orangehrm-addemployees-global-stats.json');
  for (const s of said) assert.doesNotMatch(s, /\.ok had the highest|\.ko \(/, s);
});

test('mitata\'s README, read with its recipe: the slowest samples of 1 + 1 and of empty function are not 2 runs of "helpful warnings"', () => {
  const said = corpusFindings('mitata/mitata-readme.md');
  for (const f of said) assert.doesNotMatch(f, /Over \d+ runs, helpful warnings/, f);
});

test("vegeta's README: the example commands (vegeta attack -name=50qps -rate=50 -duration=5s) are no throughput of 2 runs, nor a time of 5 s", () => {
  const plan = corpusPlan('vegeta/vegeta-readme.md');
  const charts = plan.charts.map((c) => `${c.entry.title}: ${c.entry.description} ${c.entry.alt}`);
  for (const c of charts) assert.doesNotMatch(c, /vegeta attack|per run \(2 runs\)/, c);
  const csv = Object.entries(plan.texts).find(([p]) => p.endsWith('measurements.csv'))[1];
  assert.doesNotMatch(csv, /^vegeta attack/m);
});

test("prototype-db's benchmarks: redis-server's GET under -t ping,set,get and under -t ping,get are not 2 runs whose throughput ranged 1.6x", () => {
  for (const f of corpusFindings('redis-benchmark/prototype-db-benchmark.md'))
    assert.doesNotMatch(f, /Over \d+ runs/, f);
});

test("benchtest's README: bench_reserve on the Mac (8 X 2200 MHz) and on Arch Linux (8 X 4000 MHz) is not 2 runs of one thing ranging 32x", () => {
  const text = fs.readFileSync(path.join(CORPUS, 'google-benchmark-console/benchtest-readme.md'), 'utf8');
  const { tables } = parsers['google-benchmark-console'].parse(text);
  const rows = Object.values(tables).flatMap((t) => t.rows.filter((r) => r.benchmark === 'bench_reserve'));
  assert.ok(rows.length >= 4);
  for (const r of rows) assert.equal(r.conditions.run, undefined, `line ${r.line} numbered as run ${r.conditions.run}`);
  assert.deepEqual([...new Set(rows.map((r) => r.conditions.machine))], ['8 X 2200 MHz', '8 X 4000 MHz']);
});

test('revyos CoreMark, read with its recipe: the first score is GCC 13.1.0\'s, not a bar named "测试结果" ("test results", a heading) beside the compilers', () => {
  const plan = corpusPlan('coremark/revyos-coremark.md');
  const bars = plan.charts.flatMap((c) => c.rows.map((r) => r.series));
  assert.ok(bars.includes('GCC 13.1.0'), bars.join(', '));
  assert.ok(!bars.includes('测试结果'), bars.join(', '));
});

test("prototype-db's benchmarks: the line chart of throughput by threads (Gets, Sets and the pipelined runs' Totals of three builds) crowns no highest throughput, 407.97 ops/ms, below the 3,838.54 ops/ms it draws", () => {
  for (const f of corpusFindings('redis-benchmark/prototype-db-benchmark.md'))
    assert.doesNotMatch(f, /^The (highest|lowest) .* at threads \d/, f);
});

test("benchtest's README: its platforms are both machines it states, 8 threads at 2.2 GHz (the Mac, line 15) and 8 threads at 4 GHz (Arch Linux, line 40), not the Mac alone", () => {
  const text = fs.readFileSync(path.join(CORPUS, 'google-benchmark-console/benchtest-readme.md'), 'utf8');
  // As add-report and the data stage read them: the parser's machines, else the document's.
  const machines = statedMachines(parsers['google-benchmark-console'].parse(text).machines, text);
  const platforms = Object.entries(machines).map(([key, m]) => ({
    ...proposePlatform(key, m.label, m.facts, new Set()),
    line: namingFact(m.facts)?.line ?? m.facts[0].line,
    clock: m.facts.find((f) => f.field === 'clock_ghz')?.value,
  }));
  assert.deepEqual(
    platforms.map((p) => [p.clock, p.line]),
    [
      [2.2, 15],
      [4, 40],
    ],
  );
  for (const p of platforms) assert.match(p.name, /^8 threads at (2\.2|4) GHz\b/, p.name);
});

test("bombardier's README: the 99th percentile headline names the one run that gives percentiles, ya.ru at 200 connections, not the localhost run beside it", () => {
  const said = corpusFindings('bombardier/bombardier-readme.md').filter((f) => /percentile/.test(f));
  assert.ok(said.length, 'a percentile finding');
  for (const f of said)
    assert.match(f, /^At the 99th percentile, ya\.ru · connections 200's latency was 48 ms, 1\.7x the median\.?$/, f);
});

test('cyf\'s Apache Bench report: the Go server\'s and the Rust server\'s runs, each under a heading "before late limit", are in sections "go / before late limit" and "rust / before late limit", not one section\'s 2 runs', () => {
  const text = fs.readFileSync(path.join(CORPUS, 'ab/cyf-http-server-report.md'), 'utf8');
  // Each run's label, the section its rows are shown under.
  const runs = parsers.document.parse(text).tables.summary.rows.map((r) => [r.line, r.label]);
  assert.deepEqual(runs, [
    [40, 'go / before late limit'],
    [90, 'go / after rate limit'],
    [151, 'rust / before late limit'],
  ]);
});

test('action-benchmark\'s C++ README, which states only "Run on (4 X 2700 MHz CPU s)", is not put on the platform of an Intel Core i5-5257U that another report names at 2.70GHz', () => {
  const read = (file, format) =>
    parsers[format].parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')).machines.system;
  const cpp = read('google-benchmark-console/action-benchmark-cpp-readme.md', 'google-benchmark-console');
  const credit = read('benchmarkdotnet/credit-mybenchmark-report-github.md', 'benchmarkdotnet');
  assert.ok(credit.facts.some((f) => f.field === 'cpu_model'));
  const known = { broadwell: { id: 'broadwell', facts: credit.facts, reports: [{ machine: 'system' }] } };
  assert.equal(matchPlatform('system', cpp.facts, known), null);
  // The same CPU stated again is that platform.
  assert.equal(matchPlatform('system', credit.facts, known), 'broadwell');
});

test('hyperfine\'s README: its Relative column, a ratio to the fastest command (1.00 by construction), crowns no "lowest mean relative time: 1 x" and takes no ratio of a ratio', () => {
  const said = corpusFindings('hyperfine-markdown/hyperfine-readme.md');
  assert.ok(
    said.some((f) => /lowest mean time: 0\.232 s/.test(f)),
    'the mean times are still ranked',
  );
  assert.deepEqual(
    said.filter((f) => /relative time|\b1 x\b/.test(f)),
    [],
  );
});

test('bencher\'s libtest example: a ratio of 333 million prints with thousands separators, "333,000,000x", as the times beside it do', () => {
  const said = corpusFindings('rust-libtest-bench/bencher-libtest-many.txt').filter((f) => /three_digit/.test(f));
  assert.ok(said.length, 'a finding on tests::three_digit');
  for (const f of said) {
    assert.match(f, /333,000,000x less than tests::three_digit \(333,000,000 µs\)/, f);
    assert.doesNotMatch(f, /\d{4}x/, f);
  }
});

/** Every chart text of a corpus file's page, planned in memory: title, subtitle, description, alt text. */
const corpusChartTexts = (file) =>
  corpusPlan(file).charts.flatMap((c) => [c.entry.title, c.entry.subtitle, c.entry.description, c.entry.alt]);

test('k6\'s ocaml-webapp report and pgbench\'s haproxy README: chart texts say "one bar per value of tags" and "each combination of clients, scaling factor and threads", never "each tags" or "per clients, scaling factor, threads"', () => {
  const k6 = corpusChartTexts('k6/ocaml-webapp-golang.md');
  const pgbench = corpusChartTexts('pgbench/haproxy-tests-readme.md');
  for (const t of [...k6, ...pgbench].filter(Boolean)) assert.doesNotMatch(t, /\b(?:each|per) (?:tags|clients)\b/i, t);
  assert.ok(k6.includes('Bar chart of latency, one bar per value of tags (2).'), k6.join('\n'));
  assert.ok(
    pgbench.some((t) =>
      /^Time \(ms\) of each combination of clients, scaling factor and threads \(2\), lowest first\.$/.test(t),
    ),
    pgbench.join('\n'),
  );
});

test("daizhiyuan's context-switch README: the dot plot's alt text says up to 2 runs (the thread context switches printed twice under each affinity), not 3 runs", () => {
  const alts = corpusPlan('context-switch/daizhiyuan-contextswitch-readme.md')
    .charts.map((c) => c.entry.alt)
    .filter((a) => a.startsWith('Dot plot'));
  assert.deepEqual(alts, [
    'Dot plot of time per run: up to 2 runs, one row of dots per combination of benchmark, affinity and cpu (9).',
  ]);
});

test('JMH\'s percentiles of a throughput: a 99.9999th percentile within 5 % of its median is said so, never "1x the median"', () => {
  const one = corpusFindings('jmh-json/action-benchmark-jmh.json').filter((f) => /percentile/.test(f));
  assert.ok(one.length, 'a percentile finding');
  for (const f of one)
    assert.match(f, /^At the 99\.9999th percentile, throughput was 3\.38 ops\/ns, within 5 % of the median\.?$/, f);
  const six = corpusFindings('jmh-json/bencher-jmh-six.json').filter((f) => /percentile/.test(f));
  assert.ok(six.length, 'a percentile finding');
  for (const f of six) {
    assert.doesNotMatch(f, /(?<![\d.])1x\b/, f);
    assert.match(
      f,
      /each line's 99\.9999th percentile is at most 1\.1x its own median \(com\.github\.hashmap\.caffeine\.cache\.ComputeBenchmark\.compute_sameKey · ConcurrentHashMap\), the least within 5 % of it \(com\.github\.caffeine\.caffeine\.cache\.ComputeBenchmark\.compute_spread · Caffeine\)/,
      f,
    );
  }
});

test('iai\'s README: instructions, cycles and cache accesses, whose better direction the report does not state, are sorted "largest first", never "best first"', () => {
  const charts = corpusPlan('iai/iai-readme.md').charts.map((c) => c.entry);
  assert.ok(charts.length >= 5, `${charts.length} charts`);
  for (const c of charts) {
    assert.doesNotMatch(`${c.description} ${c.subtitle}`, /best first/i, c.id);
    assert.match(c.description, /largest first\./, c.description);
  }
  assert.ok(charts.some((c) => c.description === 'Instructions (count) of each benchmark (2), largest first.'));
});

test('artillery\'s car-notes report and prototype-db\'s benchmarks: a line chart over arrival rate or threads draws one line per thing measured at each load, not "4 lines" or "12 lines" of one point each (a section that names its load)', () => {
  const alts = (file) =>
    corpusPlan(file)
      .charts.map((c) => c.entry.alt)
      .filter((a) => / against (?:arrival rate|threads)/.test(a));
  assert.deepEqual(alts('artillery/cost-calculator-load-test-car-notes.md'), [
    'Line chart of throughput against arrival rate, 1 line.',
    'Line chart of latency against arrival rate, 1 line.',
    'Line chart of latency against arrival rate, 1 line.',
    'Line chart of latency against arrival rate, 1 line.',
  ]);
  assert.deepEqual(alts('redis-benchmark/prototype-db-benchmark.md'), [
    'Line chart of throughput against threads, 4 lines.',
    'Line chart of latency against threads, 4 lines.',
    'Line chart of transfer rate against threads, 3 lines.',
  ]);
});

test('a finding that starts with a command or code name quotes it as written: "fd -HI ..." (hyperfine\'s README), "tests::one_digit" (libtest), "org.openjdk.jmh..." (JMH), never "Fd", "Tests::" or "Org."', () => {
  const starts = (file) => corpusFindings(file).map((f) => f.split(' ')[0]);
  assert.ok(starts('hyperfine-markdown/hyperfine-readme.md').includes('fd'));
  assert.ok(starts('rust-libtest-bench/bencher-libtest-many.txt').includes('tests::one_digit'));
  assert.ok(starts('jmh-json/action-benchmark-jmh.json').some((w) => w.startsWith('org.openjdk.jmh.')));
  for (const file of [
    'hyperfine-markdown/hyperfine-readme.md',
    'rust-libtest-bench/bencher-libtest-many.txt',
    'jmh-json/action-benchmark-jmh.json',
  ])
    for (const f of corpusFindings(file)) assert.doesNotMatch(f, /^(?:Fd |Tests::|Org\.)/, f);
  // Words are still a sentence's first word, capitalised: "Sleep 0.1 had the lowest ..."
  assert.ok(
    corpusFindings('hyperfine-json/bencher-hyperfine-two.json').some((f) => f.startsWith('Sleep 0.1 had the lowest')),
  );
  // A possessive's apostrophe is no quote in the name: "Sleep 0.01's mean time was ..."
  assert.ok(
    corpusFindings('hyperfine-json/bencher-hyperfine-one.json').some((f) => f.startsWith("Sleep 0.01's mean time was")),
  );
});

// The subject pages of data/atlas, as their charts say them.
const subjectChart = (id) => {
  const platforms = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/platforms.json'), 'utf8'));
  const subjects = readSubjects(path.join(ROOT, 'data')).filter((s) => s.id === id);
  return planSubjectCharts({ subjects }, platforms).charts[0].entry;
};

test('Darner\'s and Kestrel\'s subject charts rank none of their three measures (queue flood, queue packing, fairness) above another: no "The highest is 36,846 requests/s"', () => {
  for (const id of ['darner', 'kestrel']) {
    const entry = subjectChart(id);
    assert.doesNotMatch(entry.description, /highest/i, entry.description);
    assert.match(entry.description, /3 figures|\(3\)/);
    assert.match(entry.description, /figures of different measures are not ranked against each other\.$/);
  }
});

const subjectOf = (id) => readSubjects(path.join(ROOT, 'data')).find((s) => s.id === id);

test('httpc\'s subject page gives the version the Mojito report states for it, "Httpc (OTP 21.2)", as Erlang\'s 21.2, not "Version: Httpc 21.2"', () => {
  const mojito = subjectOf('httpc').reports.find((r) => r.report === 'httpc-bench-mojito-ec2-m5-4xlarge');
  assert.deepEqual(
    mojito.versions.map((v) => [v.name, v.of, v.version, v.line]),
    [['Httpc', 'Erlang', '21.2', 19]],
  );
});

test("Solon's, Jetty's, nginz's and AStore's subject pages say the report states no version, not \"Version: Solon unstated\"", () => {
  for (const id of ['solon', 'jetty', 'nginz', 'astore'])
    for (const r of subjectOf(id).reports) assert.deepEqual(r.versions, [], `${id} in ${r.report}`);
});

test("the httpc_bench comparison tells the facts only one report states: the 2019 run's Ubuntu 18.04 and instance type, the 2017 run's SSDs, beside the memory and CPU that differ", () => {
  const id = 'http-client-rate--best--httpc-bench-xeon-2x48--httpc-bench-mojito-ec2-m5-4xlarge';
  const c = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/atlas/comparisons', `${id}.json`), 'utf8'));
  assert.match(c.what_differs.summary, /facts that differ: Memory, CPU \(/);
  assert.match(c.what_differs.summary, /facts stated by only some reports: Instance type, Operating system, Storage;/);
});

test('rsx207\'s LaTeX report: its bars of build, start and total times (no like-with-like group, so no finding) are sorted "lowest first", never "best first"', () => {
  const charts = corpusPlan('latex-table/rsx207-wasm-bench-report.tex').charts.map((c) => c.entry);
  const mixed = charts.find((e) =>
    /^Time \(ms\) of each combination of benchmark, section and column \(18\)/.test(e.description),
  );
  assert.ok(mixed, charts.map((e) => e.description).join('\n'));
  assert.equal(mixed.finding ?? '', '');
  assert.match(mixed.description, /\(18\), lowest first\.$/);
  assert.match(mixed.subtitle, /^Mean, sorted lowest first; lower is better/);
});

test('pyperf\'s analyze page: its percentile chart says which percentiles it draws, "the 0th to 95th", never "each percentile the report gives" where the 100th (read as its maximum, line 87) is not drawn', () => {
  const chart = corpusPlan('pyperf/pyperf-doc-analyze.rst')
    .charts.map((c) => c.entry)
    .find((e) => /by percentile$/.test(e.title));
  assert.ok(chart, 'a percentile chart');
  assert.match(
    chart.description,
    /^Time \(µs\) at the 0th to 95th percentiles the report gives, one line per benchmark \(1\)\./,
  );
});
