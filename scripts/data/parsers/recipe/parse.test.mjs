// Tests of recipes: the two worked examples of CONTRIBUTING.md ("Recipes"), each a real file that the
// adapter-less read (the key-value reader) gets wrong and its recipe gets right, and recipes refused at
// their line of the metadata (a statistic not in the vocabulary, a unit the atlas does not know, a
// sample line without {value}, format: recipe without a recipe).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import * as keyValue from '../key-value/parse.mjs';
import * as tableReader from '../table/parse.mjs';
import * as delimited from '../delimited/parse.mjs';
import { readYaml } from '../../yaml-input.mjs';
import { ROOT } from '../../../lib/paths.mjs';
import { InputError } from '../../../lib/errors.mjs';
import { loadEnv, readInputs } from '../../inputs.mjs';
import { readMeta, readPlatforms } from '../../meta.mjs';
import { runBounded } from '../../../../tests/helpers/bounded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (name) => fs.readFileSync(path.join(here, '../key-value/fixtures', name), 'utf8');
const recipeOf = (name) => readYaml(fs.readFileSync(path.join(here, 'fixtures', name), 'utf8')).value;
const at = (rows, line) => rows.filter((r) => r.line === line).map((r) => [r.metric, r.statistic, r.value, r.unit]);

describe('worked examples', () => {
  test('ghz summary with units dropped: the key-value read gives Slowest and Average of the first run in unit "not stated", the recipe reads them in seconds', () => {
    const text = seed('weebi-ghz.md');
    const plain = keyValue.parse(text).tables.measurements.rows;
    assert.deepEqual(
      [...at(plain, 14), ...at(plain, 16)],
      [
        ['latency', 'max', 3.915, 'not stated'],
        ['latency', 'mean', 3.515, 'not stated'],
      ],
    );
    const rows = parser.parse(text, recipeOf('weebi-ghz.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 14), [['latency', 'max', 3.915, 's']]);
    assert.deepEqual(at(rows, 16), [['latency', 'mean', 3.515, 's']]);
    assert.deepEqual(at(rows, 45), [['latency', 'p99', 4.14, 's']]);
    assert.deepEqual(
      [...new Set(rows.map((r) => r.benchmark))],
      ['2025 april 10', '2025 april 11 - after db pool different network'],
      'each run is named by its heading',
    );
  });

  test('sysbench per-interval lines: the key-value read leaves the run over time out, the recipe reads tps and p95 per interval', () => {
    const text = seed('mariadb-sysbench-ro-16-excerpt.res');
    assert.deepEqual(keyValue.parse(text).tables.measurements.rows.filter((r) => r.line <= 13), []);
    const rows = parser.parse(text, recipeOf('mariadb-sysbench-ro-16-excerpt.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 13), [
      ['throughput', 'mean', 8321.2, 'ops/s'],
      ['latency', 'p95', 2.24, 'ms'],
    ]);
    assert.deepEqual(rows[0].conditions, { time_s: 5, threads: 16 });
    assert.ok(rows.every((r) => r.benchmark === 'sysbench OLTP read-only'));
  });

  test('a line the recipe gives no unit for, and that writes none, is refused at its seed line', () => {
    const recipe = [{ line: 'Slowest: {value}', metric: 'latency', statistic: 'max' }];
    assert.throws(
      () => parser.parse(seed('weebi-ghz.md'), { recipe }),
      (e) => e instanceof InputError && e.line === 14 && /a unit after the value/.test(e.expected),
    );
  });
});

describe('sample lines match in time linear in the line', () => {
  test('"{*}{*}{*}!{value}" against a 50,000-character line ends: no line like it without "!", the value read with it', () => {
    // A backtracking expression takes minutes here: a child process with a kill timer runs it.
    const r = runBounded(
      `import { parse } from ${JSON.stringify(new URL('./parse.mjs', import.meta.url).href)};
       const recipe = [{ line: '{*}{*}{*}!{value}', metric: 'latency', unit: 'ms' }];
       const long = 'a'.repeat(50000);
       let refused = '';
       try { parse(long + '\\n', { recipe }); } catch (e) { refused = e.expected; }
       const rows = parse(long + '\\n' + long + '!2.5\\n', { recipe }).tables.measurements.rows;
       console.log(JSON.stringify({ refused, rows: rows.map((r) => [r.line, r.value, r.unit]) }));`,
      { timeout: 30_000 },
    );
    assert.equal(r.killed, false, 'ended before its kill timer');
    assert.deepEqual(JSON.parse(r.stdout), { refused: 'a line like one of the recipe\'s ("{*}{*}{*}!{value}")', rows: [[2, 2.5, 'ms']] }, r.stderr);
  });

  test('a name with the literal after it inside is read whole, and a skip before a number is lazy', () => {
    const rows = (line, text) => parser.parse(text, { recipe: [{ line, metric: 'latency', unit: 'ms' }] }).tables.measurements.rows.map((r) => [r.benchmark, r.value, r.unit, r.conditions]);
    assert.deepEqual(rows('{name}: {value}', 'a: b: 3 ms\n'), [['a: b', 3, 'ms', {}]]);
    assert.deepEqual(rows('{*}{threads} threads {value}', 'run 16 threads 2.5\n'), [['latency', 2.5, 'ms', { threads: 16 }]]);
    assert.deepEqual(rows('x  {value}', 'x \t 1,234.5e2 us\n'), [['latency', 123450, 'us', {}]]);
    assert.deepEqual(rows('{name} {value}', 'GET /a 1 2\n'), [['GET /a 1', 2, 'ms', {}]]);
  });
});

describe('column recipes: which column is the benchmark, which a metric with its unit and statistic, which a condition', () => {
  const fixture = (dir, name) => fs.readFileSync(path.join(here, '..', dir, 'fixtures', name), 'utf8');

  test('memtier ALL STATS: the read with no recipe leaves Hits/sec and Misses/sec out and its Latency unit not stated, the recipe reads them', () => {
    const text = fixture('table', 'memc-kv-memtier-excerpt.md');
    const plain = tableReader.parse(text);
    assert.deepEqual(at(plain.tables.measurements.rows, 79), [
      ['throughput', 'value', 6437.99, 'ops/s'],
      ['latency', 'value', 4.061, 'not stated'],
      ['bandwidth', 'value', 940.82, 'KB/s'],
    ]);
    assert.ok(plain.notes.some((n) => /column "Latency" \(line 76\): no unit stated; read with unit "not stated"/.test(n.text)));
    const rows = parser.parse(text, recipeOf('memc-kv-memtier.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 79), [
      ['throughput', 'mean', 6437.99, 'ops/s'],
      ['hits', 'mean', 2876.49, 'ops/s'],
      ['misses', 'mean', 3561.49, 'ops/s'],
      ['latency', 'mean', 4.061, 'ms'],
    ]);
    // "---" is no value: the Sets row has no hits or misses.
    assert.deepEqual(at(rows, 78), [
      ['throughput', 'mean', 3222.86, 'ops/s'],
      ['latency', 'mean', 4.078, 'ms'],
    ]);
    assert.deepEqual([...new Set(rows.map((r) => r.benchmark))], ['Sets', 'Gets', 'Waits', 'Totals']);
  });

  test('a hyperfine CSV: with no recipe its times are in unit "not stated" (no column states one), read in seconds by its column recipe', () => {
    const text = fixture('delimited', 'refused/tinymole-hyperfine.csv');
    assert.deepEqual([...new Set(delimited.parse(text).tables.measurements.rows.map((r) => r.unit))], ['not stated']);
    const rows = parser.parse(text, recipeOf('tinymole-hyperfine.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 2), [
      ['time', 'mean', 9.22598175146, 's'],
      ['time', 'stdev', 0.5182761978565017, 's'],
      ['time', 'median', 8.98690797986, 's'],
      ['time', 'min', 8.770754719860001, 's'],
      ['time', 'max', 10.02086059886, 's'],
    ]);
    assert.equal(rows[0].benchmark, 'build/cracker_bench --impl tinyptr --hash 1637ff9c1826eb09071d234ea6b5563b --threads 4');
    assert.ok(rows.every((r) => r.metric === 'time' && r.unit === 's'));
  });

  test('a condition column, a unit written in the cell and a prefix on the recipe unit ("50K")', () => {
    const md = '| Server | Threads | QPS | Avg |\n|---|---|---|---|\n| a | 4 | 50K | 1.2 ms |\n| b | 8 | 101.2K | 900 us |\n';
    const recipe = [{ columns: { Server: 'benchmark', Threads: { condition: 'threads' }, QPS: { metric: 'throughput', unit: 'ops/s' }, Avg: { metric: 'latency', statistic: 'mean' } } }];
    const rows = parser.parse(md, { recipe }).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.metric, r.value, r.unit, r.conditions]),
      [
        ['a', 'throughput', 50, 'Kops/s', { threads: 4 }],
        ['a', 'latency', 1.2, 'ms', { threads: 4 }],
        ['b', 'throughput', 101.2, 'Kops/s', { threads: 8 }],
        ['b', 'latency', 900, 'us', { threads: 8 }],
      ],
    );
  });

  test("lmbench's context switching: a column per benchmark (name: '{column}'), each of the four runs on the host numbered", () => {
    // tests/fixtures/corpus/lmbench/revyos-lmbench.md (revyos/docs), lines 384-392: "times in microseconds".
    const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/lmbench/revyos-lmbench.md'), 'utf8');
    const us = { metric: 'time', unit: 'us' };
    const recipe = [{ name: '{column}', columns: { '2p/0K ctxsw': us, '2p/16K ctxsw': us, '16p/64K ctxsw': us } }];
    assert.deepEqual(parser.recipeProblems(recipe), []);
    const rows = parser.parse(text, { recipe }).tables.measurements.rows;
    assert.deepEqual(
      rows.filter((r) => r.line === 389 || r.line === 392).map((r) => [r.line, r.benchmark, r.metric, r.value, r.unit, r.conditions]),
      [
        [389, '2p/0K ctxsw', 'time', 11.2, 'us', { run: 1, run_by: 'reader' }],
        [389, '2p/16K ctxsw', 'time', 12.4, 'us', { run: 1, run_by: 'reader' }],
        [389, '16p/64K ctxsw', 'time', 35.3, 'us', { run: 1, run_by: 'reader' }],
        [392, '2p/0K ctxsw', 'time', 12, 'us', { run: 4, run_by: 'reader' }],
        [392, '2p/16K ctxsw', 'time', 12.4, 'us', { run: 4, run_by: 'reader' }],
        [392, '16p/64K ctxsw', 'time', 31.3, 'us', { run: 4, run_by: 'reader' }],
      ],
    );
  });

  test('a seed with no table of the named columns, and a cell that is no number, are refused (the cell at its line)', () => {
    const recipe = [{ columns: { Type: 'benchmark', Latency: { metric: 'latency', unit: 'ms' } } }];
    assert.throws(
      () => parser.parse('# Nothing\n\nprose\n', { recipe }),
      (e) => e instanceof InputError && /a table with the columns "Type", "Latency"/.test(e.expected),
    );
    assert.throws(
      () => parser.parse('| Type | Latency |\n|---|---|\n| a | fast |\n', { recipe }),
      (e) => e instanceof InputError && e.line === 3 && /a number in column "Latency"/.test(e.expected),
    );
  });
});

describe('a recipe marks what the report configures or calls invalid (role), as the generic readers do', () => {
  test('pgbench\'s "duration: 60 s" read by a recipe with role: setting is a setting, its tps a result', () => {
    const text = fs.readFileSync(path.join(here, '../key-value/fixtures/haproxy-pgbench-readme.md'), 'utf8');
    const recipe = [
      { line: 'duration: {value} s', name: 'pgbench', metric: 'duration', unit: 's', role: 'setting' },
      { line: 'tps = {value} (without initial connection time)', name: 'pgbench', metric: 'throughput', unit: 'ops/s' },
    ];
    assert.deepEqual(parser.recipeProblems(recipe), []);
    const rows = parser.parse(text, { recipe }).tables.measurements.rows;
    assert.ok(rows.some((r) => r.metric === 'duration' && r.value === 60 && r.conditions.role === 'setting'));
    assert.ok(rows.some((r) => r.metric === 'throughput' && r.conditions.role === undefined));
  });
  test('a role that is none of setting, invalid, aggregate is refused', () =>
    assert.deepEqual(parser.recipeProblems([{ line: 'duration: {value} s', metric: 'duration', unit: 's', role: 'config' }]), [
      [[0, 'role'], 'a role of aggregate, setting, invalid', '"config"'],
    ]));
});

describe('recipes refused at their line of the metadata', () => {
  const env = loadEnv();
  const inputs = readInputs(ROOT);
  const ctx = { ...env, platforms: readPlatforms(inputs.platformsText, inputs.platformsPath) };
  const report = inputs.reports[0];
  const withRecipe = (yaml) => ({
    ...report,
    metaText: `${report.metaText.replace(/^format:.*$/m, 'format: recipe').replace(/\n*$/, '\n')}${yaml}`,
  });
  const refusedAt = (input, re, message) =>
    assert.throws(
      () => readMeta(input, ctx),
      (e) => {
        const line = input.metaText.split('\n').findIndex((l) => re.test(l)) + 1;
        assert.ok(e instanceof InputError, e.stack);
        assert.equal(e.format().split(':').slice(0, 2).join(':'), `${input.metaPath}:${line}`);
        assert.match(e.message, message);
        return true;
      },
    );

  test('a statistic not in the vocabulary', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    statistic: typical\n'), /statistic: typical/, /expected a statistic \(value, mean/));
  test('a unit the atlas does not know', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    unit: fortnights\n'), /unit: fortnights/, /expected a unit the atlas knows/));
  test('a sample line without {value}', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: 3.5"\n    metric: latency\n'), /line: "Average: 3.5"/, /value/));
  test('format: recipe without a recipe', () => refusedAt(withRecipe(''), /^format: recipe/, /expected a "recipe:" list/));
  test('a column mapped to a unit the atlas does not know', () =>
    refusedAt(withRecipe('recipe:\n  - columns:\n      Type: benchmark\n      Latency: { metric: latency, unit: fortnights }\n'), /Latency: \{ metric: latency, unit: fortnights \}/, /expected a unit the atlas knows/));
  test('a good column recipe passes', () =>
    assert.ok(readMeta(withRecipe('recipe:\n  - columns:\n      Type: benchmark\n      Threads: condition\n      Latency: { metric: latency, statistic: mean, unit: ms }\n'), ctx).recipe));
  test('a recipe item marked role: setting passes, role: config is refused at its line', () => {
    assert.equal(readMeta(withRecipe('recipe:\n  - line: "duration: {value} s"\n    metric: duration\n    unit: s\n    role: setting\n'), ctx).recipe[0].role, 'setting');
    refusedAt(withRecipe('recipe:\n  - line: "duration: {value} s"\n    metric: duration\n    unit: s\n    role: config\n'), /role: config/, /setting/);
  });
  test('a recipe item marked better: higher passes, better: upward is refused at its line', () => {
    assert.equal(readMeta(withRecipe('recipe:\n  - line: "Score: {value}"\n    metric: score\n    unit: not stated\n    better: higher\n'), ctx).recipe[0].better, 'higher');
    refusedAt(withRecipe('recipe:\n  - line: "Score: {value}"\n    metric: score\n    unit: not stated\n    better: upward\n'), /better: upward/, /expected higher or lower/);
  });
  test('a recipe item with lines: 40-60 passes, lines: end is refused at its line', () => {
    assert.equal(readMeta(withRecipe('recipe:\n  - line: "Mean: {value}"\n    metric: time\n    unit: us\n    lines: 40-60\n'), ctx).recipe[0].lines, '40-60');
    refusedAt(withRecipe('recipe:\n  - line: "Mean: {value}"\n    metric: time\n    unit: us\n    lines: end\n'), /lines: end/, /expected a line or a range of lines/);
  });
  test('a good recipe passes', () => assert.ok(readMeta(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    statistic: p99.9\n    unit: ms\n'), ctx).recipe));
  // Conditions and the pattern's size: refused at their line, never a stack trace (issue 41).
  const NAME_RULE = /expected a condition name in snake_case that is not a field of a measurement/;
  for (const name of ['__proto__', 'constructor', 'prototype', 'value']) {
    test(`a recipe condition named ${name} is refused at its line`, () =>
      refusedAt(withRecipe(`recipe:\n  - line: "Average: {value}"\n    metric: latency\n    unit: ms\n    conditions:\n      ${name}: 4\n`), new RegExp(`^ {6}${name}: 4`), NAME_RULE));
  }
  test('a place {constructor} in a sample line is refused at the line', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average {constructor}: {value}"\n    metric: latency\n    unit: ms\n'), /line: "Average \{constructor\}/, NAME_RULE));
  test('a column condition named prototype, or a header that makes the condition "value", is refused at its line', () => {
    refusedAt(withRecipe('recipe:\n  - columns:\n      Type: benchmark\n      Proto: { condition: prototype }\n      Latency: { metric: latency, unit: ms }\n'), /Proto: \{ condition/, NAME_RULE);
    refusedAt(withRecipe('recipe:\n  - columns:\n      Type: benchmark\n      Value: condition\n      Latency: { metric: latency, unit: ms }\n'), /^ {6}Value: condition/, NAME_RULE);
  });
  test('a sample line of 20,000 {*} is refused at its line by the bound on places', () =>
    refusedAt(
      withRecipe(`recipe:\n  - line: "${'{*}'.repeat(20_000)}{value} ms"\n    metric: latency\n    unit: ms\n`),
      /^ {2}- line: "\{\*\}/,
      /expected a sample line of at most 1000 characters with at most 20 places \(\{value\}, \{name\}, \{\*\}, \.\.\.\), found "\{\*\}.*\(60010 characters, 20001 places\)/,
    ));
  test('a label line with {value} is refused at its line; a good one passes', () => {
    refusedAt(withRecipe('recipe:\n  - label: "benchmarking {value}"\n'), /label: "benchmarking/, /label/);
    assert.ok(readMeta(withRecipe('recipe:\n  - label: "benchmarking {name}"\n  - line: "mean {value} ns {*}"\n    metric: time\n    unit: ns\n'), ctx).recipe);
  });
  test('a sample line with 21 places is refused; 20 are read', () => {
    const line = (n) => `${'{*} '.repeat(n - 1)}{value} ms`;
    refusedAt(withRecipe(`recipe:\n  - line: "${line(21)}"\n    metric: latency\n    unit: ms\n`), /^ {2}- line:/, /at most 20 places/);
    assert.ok(readMeta(withRecipe(`recipe:\n  - line: "${line(20)}"\n    metric: latency\n    unit: ms\n`), ctx).recipe);
  });
});

describe('a recipe says a statistic in the words every reader knows (read/vocabulary.mjs)', () => {
  test('"average" is a mean, "peak" a maximum, "p999" the 99.9th percentile, a "best" rate a maximum and a "best" time a minimum', () => {
    const text = 'avg 3.5 ms\npeak 9 ms\ntail 12 ms\nbest 900 ops/s\nfastest 2.5 ms\n';
    const recipe = [
      { line: 'avg {value}', metric: 'latency', statistic: 'average' },
      { line: 'peak {value}', metric: 'latency', statistic: 'peak' },
      { line: 'tail {value}', metric: 'latency', statistic: 'p999' },
      { line: 'best {value}', metric: 'throughput', statistic: 'best' },
      { line: 'fastest {value}', metric: 'time', statistic: 'best' },
    ];
    assert.deepEqual(parser.recipeProblems(recipe), []);
    const rows = parser.parse(text, { recipe }).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.line, r.statistic]),
      [
        [1, 'mean'],
        [2, 'max'],
        [3, 'p99.9'],
        [4, 'max'],
        [5, 'min'],
      ],
    );
  });
});

describe('a block named by the label line above it (issue 39)', () => {
  const rowsOf = (text, recipe) => parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.statistic, r.value, r.conditions]);

  test('criterion: each block\'s time, mean and std dev are named by the "benchmarking show/7893" line above them', () => {
    // tests/fixtures/corpus/haskell-criterion/euler-30-readme.md, lines 1-6 and 8-10.
    const text = ['benchmarking show/7893', 'time                 99.12 ns   (98.82 ns .. 99.48 ns)', '                     0.999 R²   (0.997 R² .. 1.000 R²)', 'mean                 103.2 ns   (100.6 ns .. 109.4 ns)', 'std dev              13.02 ns   (6.255 ns .. 24.34 ns)', '', 'benchmarking show/456 ', 'time                 77.51 ns   (77.20 ns .. 77.90 ns)', 'mean                 77.99 ns   (77.68 ns .. 78.51 ns)'].join('\n');
    const recipe = [{ label: 'benchmarking {name}' }, { line: 'time {value} ns {*}', metric: 'time', unit: 'ns' }, { line: 'mean {value} ns {*}', metric: 'time', statistic: 'mean', unit: 'ns' }];
    assert.deepEqual(rowsOf(text, recipe), [
      [2, 'show/7893', 'value', 99.12, {}],
      [4, 'show/7893', 'mean', 103.2, {}],
      [8, 'show/456', 'value', 77.51, {}],
      [9, 'show/456', 'mean', 77.99, {}],
    ]);
  });

  test('mitata: the same "a / b" under a --jitless command-line comment is that setup, not run 2; its (min … max) line is named by the line above', () => {
    // tests/fixtures/corpus/mitata/mitata-readme.md, lines 398-407 and 445-454 (evanwashere/mitata readme.md).
    const run = (comment, mean, min) => ['```rust', comment, 'clk: ~2.71 GHz', '', `a / b                          ${mean} ns/iter   4.44 ns █`, `                       (${min} ns … 25.86 ns)   6.91 ns ██▂▁`, '```'];
    const text = [...run('// node --expose-gc --allow-natives-syntax tools/compare.mjs', '4.59', '4.33'), '', ...run('// node --expose-gc --allow-natives-syntax --jitless tools/compare.mjs', '74.52', '71.96')].join('\n');
    const recipe = [
      { label: '// node {*} --jitless {*}', conditions: { jit: 'disabled' } },
      { line: '{name} {value} ns/iter {*}', metric: 'time', statistic: 'mean', unit: 'ns' },
      { line: '({value} ns … {*}) {*}', metric: 'time', statistic: 'min', unit: 'ns' },
    ];
    assert.deepEqual(rowsOf(text, recipe), [
      [5, 'a / b', 'mean', 4.59, {}],
      [6, 'a / b', 'min', 4.33, {}],
      [13, 'a / b', 'mean', 74.52, { jit: 'disabled' }],
      [14, 'a / b', 'min', 71.96, { jit: 'disabled' }],
    ]);
  });

  test('fortio: each run is named by the label line above it ("1 min c1 (DSA)"), and a command line\'s settings end at the next label line', () => {
    // tests/fixtures/corpus/fortio/dsa-config-performance.md, lines 5-9 and 31-42 (shortened).
    const text = ['-c 1 -qps 0  -n 10', 'Code 200 : 10 (100.0 %)', 'All done 10 calls (plus 0 warmup) 37.819 ms avg, 26.4 qps', '', '1 min c1 (DSA)', '# target 50% 0.0251004', 'All done 1779 calls (plus 1 warmup) 37.373 ms avg, 26.8 qps', '', '3min c2(DSA)', 'All done 5163 calls (plus 2 warmup) 34.857 ms avg, 28.7 qps'].join('\n');
    const recipe = [
      { label: '-c {connections} -qps {*} -n {calls}', name: 'fortio' },
      { label: '{*}min c{*}' },
      { line: 'All done {*} calls {*} ms avg, {value} qps', metric: 'throughput', statistic: 'mean', unit: 'req/s' },
      { line: '# target 50% {value}', metric: 'latency', statistic: 'p50', unit: 's' },
    ];
    assert.deepEqual(rowsOf(text, recipe), [
      [3, 'fortio', 'mean', 26.4, { connections: 1, calls: 10 }],
      [6, '1 min c1 (DSA)', 'p50', 0.0251004, {}],
      [7, '1 min c1 (DSA)', 'mean', 26.8, {}],
      [10, '3min c2(DSA)', 'mean', 28.7, {}],
    ]);
  });
});

test('a hint names a block by any label markup, written with it or not: "`bench-filename.swift`" (a heading), "**Approaches tested:**" (a bold label), "_second pass_" (italic), "// jit off" (a comment)', () => {
  // A Swift micro-benchmark README's first section (lines 17-34, shortened) and blocks under other label lines.
  const text = [
    '### `bench-filename.swift` — Filename from path (Stage 2)',
    '',
    '| Approach | ns/op | ops/sec | vs fastest |',
    '|----------|------:|--------:|:----------:|',
    '| NSString | 117.7 | 8.5M | 4.3x |',
    '',
    '### `bench-extension.swift` — File extension (Stage 3)',
    '',
    '**Approaches tested:**',
    'NSString 224.5 ns',
    '',
    '_second pass_',
    'NSString 230.1 ns',
    '',
    '// jit off',
    'NSString 410.0 ns',
    '',
  ].join('\n');
  const lines = (hint) =>
    parser.parse(text, { recipe: [{ line: '{name} {value}', metric: 'time', hint }] }).tables.measurements.rows.map((r) => r.line);
  assert.deepEqual(lines('**Approaches tested:**'), [10]);
  assert.deepEqual(lines('Approaches tested'), [10]);
  assert.deepEqual(lines('_second pass_'), [13]);
  assert.deepEqual(lines('// jit off'), [16]);
  const column = (hint) =>
    parser
      .parse(text, { recipe: [{ columns: { Approach: 'benchmark', 'ns/op': { metric: 'time', unit: 'ns' } }, hint }] })
      .tables.measurements.rows.map((r) => [r.benchmark, r.value, r.line]);
  assert.deepEqual(column('`bench-filename.swift`'), [['NSString', 117.7, 5]]);
});
test('fio: a hint on an italic label line ("*reads*", or "reads" without its markup) picks the reads of each host: 3070 IOPS at line 74, never the writes under "*writes*" (3068 at line 32)', () => {
  // tests/fixtures/corpus/fio/vps-comparison-fio-libaio-4k.md: "*writes*" (line 23) over "write: IOPS=3068" (32),
  // "*reads*" (line 66) over "read: IOPS=3070" (74), and so for each of twelve hosts.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/fio/vps-comparison-fio-libaio-4k.md'), 'utf8');
  const lines = text.split('\n');
  const iops = (hint) =>
    parser
      .parse(text, { recipe: [{ line: '{*}: IOPS={value}, {*}', metric: 'throughput', unit: 'ops/s', hint }] })
      .tables.measurements.rows.map((r) => [r.line, r.value]);
  for (const hint of ['*reads*', 'reads']) {
    const reads = iops(hint);
    assert.deepEqual(reads.slice(0, 2), [
      [74, 3070],
      [166, 3846],
    ]);
    assert.ok(reads.every(([line]) => /^ *read: IOPS=/.test(lines[line - 1])), 'only read lines');
  }
  assert.deepEqual(iops('*writes*').slice(0, 2), [
    [32, 3068],
    [124, 5030],
  ]);
});
test('fio: a recipe line reads "IOPS=18.2k," as 18.2 thousand a second (Kops/s), never drops it, nor reads "IOPS=28.8k" at a line\'s end as 28.8 a second', () => {
  // tests/fixtures/corpus/fio/vps-comparison-fio-libaio-4k.md: twelve "read: IOPS=..." lines, nine with a k
  // ("read: IOPS=18.2k, BW=70.9MiB/s ..." at line 261); "write: IOPS=28.8k" at line 218.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/fio/vps-comparison-fio-libaio-4k.md'), 'utf8');
  const read = (line, hint) =>
    parser
      .parse(text, { recipe: [{ line, metric: 'throughput', unit: 'ops/s', hint }] })
      .tables.measurements.rows.map((r) => [r.line, r.value, r.unit]);
  const reads = read('{*}: IOPS={value}, {*}', '*reads*');
  assert.equal(reads.length, 12);
  assert.deepEqual(reads.slice(0, 3), [
    [74, 3070, 'ops/s'],
    [166, 3846, 'ops/s'],
    [261, 18.2, 'Kops/s'],
  ]);
  // The same line cut after its IOPS, as a contributor may write the sample: the k is still a thousand.
  const cut = text.replace('write: IOPS=28.8k, BW=112MiB/s (118MB/s)(4096MiB/36447msec)', 'write: IOPS=28.8k');
  assert.deepEqual(
    parser
      .parse(cut, { recipe: [{ line: 'write: IOPS={value}', metric: 'throughput', unit: 'ops/s' }] })
      .tables.measurements.rows.map((r) => [r.line, r.value, r.unit]),
    [[218, 28.8, 'Kops/s']],
  );
});
describe('{#} skips one number: a row of bare numbers is told from another by how many it holds (issue 39)', () => {
  const rowsOf = (text, recipe) => parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.value, r.conditions]);

  test("netperf: TCP's one row (five numbers) and UDP's sending (six) and receiving (four) rows each give their throughput, named by the command line above", () => {
    // tests/fixtures/corpus/netperf/daizhiyuan-netperf-readme.md, lines 24-41.
    const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/netperf/daizhiyuan-netperf-readme.md'), 'utf8');
    const recipe = [
      { label: '#> netperf -H {*} -t {name} {*}' },
      { line: '{#} {#} {#} {#} {value}', metric: 'bandwidth', unit: 'GiB/s' },
      { line: '{#} {#} {#} {#} {#} {value}', metric: 'bandwidth', unit: 'GiB/s', conditions: { side: 'send' } },
      { line: '{#} {#} {#} {value}', metric: 'bandwidth', unit: 'GiB/s', conditions: { side: 'receive' } },
    ];
    assert.deepEqual(parser.recipeProblems(recipe), []);
    assert.deepEqual(rowsOf(text, recipe), [
      [31, 'TCP_STREAM', 1.84, {}],
      [40, 'UDP_STREAM', 3.57, { side: 'send' }],
      [41, 'UDP_STREAM', 2.59, { side: 'receive' }],
    ]);
  });

  test('{#} is no number of a name or a word: "port 0 AF_INET" is no row', () => {
    const recipe = [{ line: '{#} {value}', metric: 'bandwidth', unit: 'GiB/s' }];
    assert.deepEqual(rowsOf('port 0 AF_INET\n30.00 1.84\n', recipe), [[2, 'bandwidth', 1.84, {}]]);
  });
});
describe('names and label lines as the report writes them (issue 39)', () => {
  const rowsOf = (text, recipe) => parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.metric, r.statistic, r.value, r.unit]);
  const corpus = (file) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', file), 'utf8').split('\n');

  test('glmark2: "[build] use-vbo=false: FPS: 513 FrameTime: 1.949 ms" is the scene build use-vbo=false (a [tag] is a word, its brackets markup), 513 fps and 1.949 ms; its Score is glmark2\'s', () => {
    // tests/fixtures/corpus/glmark2/revyos-glmark2.md, lines 47, 53 and 81.
    const lines = corpus('glmark2/revyos-glmark2.md');
    const text = [lines[46], lines[52], lines[80]].join('\n');
    const recipe = [
      { line: '{name}: FPS: {value} FrameTime: {*} ms', metric: 'throughput', statistic: 'mean', unit: 'fps' },
      { line: '{name}: FPS: {*} FrameTime: {value} ms', metric: 'time', statistic: 'mean', unit: 'ms' },
      { line: '{name} Score: {value}', metric: 'score', unit: 'not stated' },
    ];
    assert.deepEqual(rowsOf(text, recipe), [
      [1, 'build use-vbo=false', 'throughput', 'mean', 513, 'fps'],
      [1, 'build use-vbo=false', 'time', 'mean', 1.949, 'ms'],
      [2, 'shading shading=blinn-phong-inf', 'throughput', 'mean', 1180, 'fps'],
      [2, 'shading shading=blinn-phong-inf', 'time', 'mean', 0.847, 'ms'],
      [3, 'glmark2', 'score', 'value', 950, 'not stated'],
    ]);
  });
});

describe('hint matches the label line above a block, of any markup (issue 39)', () => {
  const rowsOf = (text, recipe) => parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.value, r.unit, r.conditions]);

  test('a bare memcpy result: "hint: NAIVE MEMCPY", the plain label line above the rows, reads them', () => {
    // tests/fixtures/corpus/naive-memcpy/spas-780ti-naive-memcpy.txt, lines 1-5.
    const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/naive-memcpy/spas-780ti-naive-memcpy.txt'), 'utf8').split('\n').slice(0, 5).join('\n');
    const recipe = [{ line: '{n} {value}', hint: 'NAIVE MEMCPY', name: 'naive memcpy', metric: 'bandwidth', unit: 'GB/s' }];
    assert.deepEqual(rowsOf(text, recipe), [
      [4, 'naive memcpy', 210.6, 'GB/s', { n: 500000 }],
      [5, 'naive memcpy', 232.8, 'GB/s', { n: 1000000 }],
    ]);
  });

  test('perf bench mem: each rate is named by its "# function \'default\'" comment in the code block, two lines above it, and a hint on the comment picks one', () => {
    // akawashiro/misc bandwidth/README.md at e4361c4ed15835c5ac77277a5e8b7c9e0b383180, lines 93-107
    // (tried by CONTRIBUTING.md's walk, tests/fixtures/corpus/SOURCES.md; not in the corpus).
    const text = [
      '### memcpy',
      '',
      '```',
      '$ perf bench mem memcpy --size 1GB',
      "# Running 'mem/memcpy' benchmark:",
      "# function 'default' (Default memcpy() provided by glibc)",
      '# Copying 1GB bytes ...',
      '',
      '      17.304930 GB/sec',
      "# function 'x86-64-unrolled' (unrolled memcpy() in arch/x86/lib/memcpy_64.S)",
      '# Copying 1GB bytes ...',
      '',
      '       9.950447 GB/sec',
      "# function 'x86-64-movsq' (movsq-based memcpy() in arch/x86/lib/memcpy_64.S)",
      '# Copying 1GB bytes ...',
      '',
      '      19.133263 GB/sec',
      '```',
    ].join('\n');
    const named = [{ label: "# function '{name}' {*}" }, { line: '{value} GB/sec', metric: 'bandwidth', unit: 'GB/s' }];
    assert.deepEqual(rowsOf(text, named), [
      [9, 'default', 17.30493, 'GB/s', {}],
      [13, 'x86-64-unrolled', 9.950447, 'GB/s', {}],
      [17, 'x86-64-movsq', 19.133263, 'GB/s', {}],
    ]);
    const hinted = [{ line: '{value} GB/sec', hint: "function 'x86-64-movsq'", name: 'movsq', metric: 'bandwidth', unit: 'GB/s' }];
    assert.deepEqual(rowsOf(text, hinted), [[17, 'movsq', 19.133263, 'GB/s', {}]]);
  });
});

test('ripgrep\'s benchsuite summary: each command\'s time is named by the underlined line above it, the command a condition in its own words ("rg (ignore) (mmap)"), the fastest\'s "*" no part of it', () => {
  // tests/fixtures/corpus/ripgrep-benchsuite/ripgrep-2016-12-30-archlinux-cheetah-summary.txt, lines 1-15.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/ripgrep-benchsuite/ripgrep-2016-12-30-archlinux-cheetah-summary.txt'), 'utf8').split('\n').slice(0, 15).join('\n');
  const recipe = [
    { label: '{name} (pattern: {*})' },
    { line: '{command} {value} +/- {*} (lines: {*})', metric: 'time', statistic: 'mean', unit: 's' },
    { line: '{command}* {value} +/- {*} (lines: {*})*', metric: 'time', statistic: 'mean', unit: 's' },
  ];
  const rows = parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.value, r.unit, r.conditions]);
  assert.deepEqual(rows, [
    [3, 'linux_alternates', 0.093, 's', { command: 'rg (ignore)' }],
    [4, 'linux_alternates', 0.074, 's', { command: 'rg (whitelist)' }],
    [8, 'linux_alternates_casei', 0.103, 's', { command: 'rg (ignore)' }],
    [9, 'linux_alternates_casei', 0.082, 's', { command: 'rg (whitelist)' }],
    [13, 'linux_literal', 0.069, 's', { command: 'rg (ignore)' }],
    [14, 'linux_literal', 0.398, 's', { command: 'rg (ignore) (mmap)' }],
    [15, 'linux_literal', 0.06, 's', { command: 'rg (whitelist)' }],
  ]);
});
test("HPL's parameter lines (\"NBMIN  :  2  4\") are no results: a condition's place never reads a blank, so only the 5 result rows of linpack's report are read", () => {
  // tests/fixtures/corpus/linpack/daizhiyuan-linpack-readme.md: "N : 29 30 34 35" once read as a run named N
  // of 35 GFLOP/s, its condition q the blank between two numbers.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/linpack/daizhiyuan-linpack-readme.md'), 'utf8');
  const recipe = [{ line: '{name} {n} {nb} {p} {q} {#} {value}', metric: 'throughput', statistic: 'value', unit: 'GFLOP/s' }];
  const rows = parser.parse(text, { recipe }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.value, r.conditions]);
  assert.deepEqual(rows, [
    [136, 'WR00L2L2', 0.006857, { n: 29, nb: 1, p: 2, q: 2 }],
    [146, 'WR00L2L4', 0.007169, { n: 29, nb: 1, p: 2, q: 2 }],
    [156, 'WR00L2C2', 0.007179, { n: 29, nb: 1, p: 2, q: 2 }],
    [170, 'WR00R2R2', 0.02637, { n: 35, nb: 4, p: 4, q: 1 }],
    [180, 'WR00R2R4', 0.02512, { n: 35, nb: 4, p: 4, q: 1 }],
  ]);
});
describe('a hint names the JSON key an object stands under (issue 39)', () => {
  // tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json: each statistic
  // an object of "total", "ok" and "ko" under its key.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json'), 'utf8');
  const item = (hint, metric, statistic, unit) => ({ line: '"total": {value},', hint, name: 'Global Information', metric, statistic, unit });

  test('Gatling\'s "percentiles4": { is the block its "total" stands under: p99 as the recipe says, and "numberOfRequests" in quotes is not "meanNumberOfRequestsPerSecond"', () => {
    const recipe = [item('"numberOfRequests"', 'requests', 'total', 'count'), item('"percentiles4"', 'latency', 'p99', 'not stated'), item('"meanNumberOfRequestsPerSecond"', 'throughput', 'mean', 'req/s')];
    const rows = parser.parse(text, { recipe }).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.line, r.benchmark, r.metric, r.statistic, r.value, r.unit]),
      [
        [4, 'Global Information', 'requests', 'total', 2458, 'count'],
        [44, 'Global Information', 'latency', 'p99', 5221, 'not stated'],
        [69, 'Global Information', 'throughput', 'mean', 13.074468085106384, 'req/s'],
      ],
    );
  });
});

describe('an item that matches nothing is reported (issue 39)', () => {
  // tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json, read with a
  // recipe whose second item names a key the file does not have ("percentiles9": a slip for "percentiles4").
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json'), 'utf8');
  const item = (hint, metric, statistic, unit) => ({ line: '"total": {value},', hint, name: 'Global Information', metric, statistic, unit });

  test('Gatling: a recipe item whose hint ("percentiles9") names no key of the file is listed as not read, with its place in the recipe, beside the rows the other items read', () => {
    const recipe = [item('"numberOfRequests"', 'requests', 'total', 'count'), item('"percentiles9"', 'latency', 'p99', 'not stated'), { label: '-- never {name} --' }];
    const r = parser.parse(text, { recipe });
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => [x.line, x.metric, x.value]),
      [[4, 'requests', 2458]],
    );
    assert.deepEqual(
      r.notes.map((n) => n.text),
      [
        'recipe item 2 ("line": "\\"total\\": {value},", hint "\\"percentiles9\\"") matched no line of the file: not read',
        'recipe item 3 ("label": "-- never {name} --") matched no line of the file: not read',
      ],
    );
  });
});

describe('geomean is a statistic of the recipe language (issue 39)', () => {
  // tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst, line 234: pyperf compare_to --table's last row,
  // "| Geometric mean | (ref) | 1.09x faster |", the geometric mean of the speed-ups above it.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst'), 'utf8');

  test('pyperf compare_to: "statistic: geomean" (or "geometric mean") reads the Geometric mean row as the geometric mean of the speed-ups, 1.09x', () => {
    for (const statistic of ['geomean', 'geometric mean']) {
      const recipe = [{ line: '| Geometric mean | (ref) | {value}x faster |', name: 'mult_list_py38', metric: 'speedup', statistic, unit: 'x' }];
      assert.deepEqual(parser.recipeProblems(recipe), [], statistic);
      const rows = parser.parse(text, { recipe }).tables.measurements.rows;
      assert.deepEqual(
        rows.map((r) => [r.line, r.benchmark, r.metric, r.statistic, r.value, r.unit]),
        [[234, 'mult_list_py38', 'speedup', 'geomean', 1.09, 'x']],
        statistic,
      );
    }
  });

  test('a geometric mean goes into data/: the measurement table\'s statistic field takes "geomean"', async () => {
    const { loadSchemas } = await import('../../schemas.mjs');
    const { problemOf } = await import('../../../lib/table.mjs');
    const field = loadSchemas().measurement.fields.find((f) => f.name === 'statistic');
    assert.equal(problemOf('geomean', field), null);
    assert.match(field.description, /geomean/);
  });
});

describe('better: higher or lower, where the metric and unit do not say (issue 39)', () => {
  // tests/fixtures/corpus/glmark2/revyos-glmark2.md, line 81: "glmark2 Score: 950", a score with no unit
  // stated, so nothing tells which way is better but the recipe.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/glmark2/revyos-glmark2.md'), 'utf8');
  const score = { line: '{name} Score: {value}', metric: 'score', unit: 'not stated' };

  test('glmark2: its Score says no way; "better: higher" makes 950 a figure where higher is better', () => {
    const read = (item) => parser.parse(text, { recipe: [item] }).tables.measurements.rows.map((r) => [r.line, r.benchmark, r.value, r.better]);
    assert.deepEqual(read(score), [[81, 'glmark2', 950, '']]);
    assert.deepEqual(parser.recipeProblems([{ ...score, better: 'higher' }]), []);
    assert.deepEqual(read({ ...score, better: 'higher' }), [[81, 'glmark2', 950, 'higher']]);
  });

  test('"better: upward" is refused at its item; a column value says its way too', () => {
    assert.deepEqual(parser.recipeProblems([{ ...score, better: 'upward' }]), [[[0, 'better'], 'higher or lower', '"upward"']]);
    assert.deepEqual(parser.recipeProblems([{ columns: { Test: 'benchmark', Score: { metric: 'score', unit: 'not stated', better: 'lower' } } }]), []);
  });
});

describe('lines: a line range, to skip a summary printed again (issue 39)', () => {
  // tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst: "Mean +- std dev: 4.34 us +- 0.31 us" is the
  // mean timeit printed (line 55), then `pyperf stats` printed again (line 78); lines 13, 205 and 209 are
  // other runs of the page.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/pyperf/pyperf-doc-analyze.rst'), 'utf8');
  const mean = { line: 'Mean +- std dev: {value} us +- {*} us', name: 'timeit', metric: 'time', statistic: 'mean', unit: 'us' };
  const read = (item) => parser.parse(text, { recipe: [item] }).tables.measurements.rows.map((r) => [r.line, r.value]);

  test('pyperf: "lines: 40-60" reads the mean timeit printed at line 55 once, never its repeat at line 78 as a run 2', () => {
    assert.deepEqual(read(mean), [
      [13, 4.22],
      [55, 4.34],
      [78, 4.34],
      [205, 4.7],
      [209, 4.22],
    ]);
    assert.deepEqual(parser.recipeProblems([{ ...mean, lines: '40-60' }]), []);
    assert.deepEqual(read({ ...mean, lines: '40-60' }), [[55, 4.34]]);
    assert.deepEqual(read({ ...mean, lines: 55 }), [[55, 4.34]]);
  });

  test('a line range that is no range of lines ("60-40", "end") is refused at its item', () => {
    for (const lines of ['60-40', 'end', '0-3'])
      assert.deepEqual(parser.recipeProblems([{ ...mean, lines }]), [[[0, 'lines'], 'a line or a range of lines of the seed (55, or 40-60: the first line 1, no later than the last)', JSON.stringify(String(lines))]], lines);
  });
});

test('a {value} copied without markup matches a number written with emphasis: brotli-rs\'s "bench: __866,888 ns__/iter" reads 866,888 ns, each row named by the list item above it', () => {
  // ende76/brotli-rs README.md at 38c1a054d7d69705448f66312c68d56204cb5f83, lines 74-81.
  const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/rust-libtest-bench/brotli-rs-readme.md'), 'utf8');
  const recipe = [
    { label: '- With {implementation}:' },
    { line: 'test {name} ... bench: {value} ns/iter (+/- {*})', metric: 'time', statistic: 'median', unit: 'ns' },
  ];
  const rows = parser.parse(text, { recipe, formats: ['recipe'] }).tables.measurements.rows;
  assert.deepEqual(
    rows.map((r) => [r.line, r.benchmark, r.value, r.unit, r.conditions.implementation]),
    [
      [75, 'bench_monkey', 866888, 'ns', 'linked-list-based, recursive tree implementation'],
      [78, 'bench_monkey', 704282, 'ns', 'array-based, iterative tree implementation, before max-depth constraint'],
      [81, 'bench_monkey', 120745, 'ns', 'array-based, iterative tree implementation, with max-depth constraint'],
    ],
  );
});
