// Names from the document: the title add-report drafts comes from the file's heading, the title its
// format states, its command or its first line, and always fits the metadata schema (5 to 120
// characters); slugs are the title's words, and a taken slug gets the next free number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { draftTitle, freeSlug, slugOf } from './names.mjs';
import { parsers } from '../data/parsers/index.mjs';

const fixture = (format, name) =>
  fs.readFileSync(path.join(ROOT, 'scripts/data/parsers', format, 'fixtures', name), 'utf8');
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/data/schemas/report-meta.schema.json'), 'utf8'));
const { minLength, maxLength } = schema.properties.title;

test('a report with a heading is named by its heading, without its markup', () => {
  const d = draftTitle(fixture('jmh-text', 'stringreplace-readme.md'), { format: 'jmh-text' });
  assert.deepEqual(d, { title: 'JMH benchmark for String replace', from: 'its first heading' });
  assert.equal(draftTitle('Intro\n\n## `wrk` on **Jetty** [docs](x)\n').title, 'wrk on Jetty docs');
});

test('a JMH output with no heading gets a title the metadata schema accepts (not "JMH")', () => {
  for (const name of ['jmh-golden-text-ru.txt', 'dubbo-triple-sample-excerpt.md']) {
    const text = fixture('jmh-text', name);
    const { title } = draftTitle(text, {
      parsedTitle: parsers['jmh-text'].parse(text).title || 'JMH',
      format: 'jmh-text',
      fileName: name,
    });
    assert.ok(title.length >= minLength && title.length <= maxLength, `${name}: ${title}`);
    // JMH's own "# Run complete. Total time: 00:12:58" is output, not a heading.
    assert.doesNotMatch(title, /Run complete|Total time/);
  }
});

test('a command the file shows names it when nothing else does', () => {
  const d = draftTitle('$ wrk -t2 -c100 -d30s http://127.0.0.1:8080/\nRunning 30s test @ http://127.0.0.1:8080/\n');
  assert.deepEqual(d, { title: 'wrk -t2 -c100 -d30s http://127.0.0.1:8080/', from: 'the command it shows' });
});

test('two files of one kind get two slugs: the title’s words, then the next free number', () => {
  const a = slugOf(draftTitle(fixture('table', 'http-benchmarks-hello-world.md')).title);
  const b = slugOf(draftTitle(fixture('table', 'infer-foundry-excerpt.md')).title);
  assert.equal(a, 'hello-world');
  assert.equal(b, 'multi-runtime-comparison-onnx-vs-tensorrt');
  const taken = new Set(['hello-world', 'hello-world-2']);
  assert.equal(
    freeSlug('hello-world', (s) => taken.has(s)),
    'hello-world-3',
  );
  assert.equal(
    freeSlug('other', (s) => taken.has(s)),
    'other',
  );
});

test('a title is never a CSV header, a tool\'s "# VM version: ..." comment or a reader\'s word: the first heading that names the work, else "repository: path", else the file name', () => {
  const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');
  // Real files: a results CSV (AlannerFranklin/Concurrent_Servers) and JMH's text output (born-to-be-mad/jmh).
  const csv = read('scripts/data/parsers/delimited/fixtures/concurrent-servers-benchmark-results.csv');
  const source = { repository: 'AlannerFranklin/Concurrent_Servers', path: 'benchmark_results.csv' };
  assert.equal(
    draftTitle(csv, { format: 'delimited', fileName: 'results.csv', source }).title,
    'AlannerFranklin/Concurrent_Servers: benchmark_results.csv',
  );
  assert.equal(
    draftTitle(csv, { format: 'delimited', fileName: 'benchmark_results.csv' }).title,
    'benchmark_results.csv',
  );
  const jmh = read('tests/fixtures/corpus/jmh-text/expensive-exceptions-openjdk-13.res');
  assert.doesNotMatch(
    draftTitle(jmh, { format: 'jmh-text', fileName: 'openjdk-13.24.res' }).title,
    /VM version|JMH version/,
  );
  assert.doesNotMatch(draftTitle('[2.5, 3.1, 4.0]\n', { format: 'table', fileName: 'x.txt' }).title, /results/i);
});

test('a title is never a histogram footer ("#[Buckets = 27, SubBuckets = 2048]" over a rule) nor a percentile line ("# target 50% 0.0251004"): a real file names its work, else its first line of words', () => {
  const read = (p) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', p), 'utf8');
  // wrk2's output (IvanChepurnyi/jit-php-async results/1000-jit-amphp/20k.txt): HdrHistogram's footer, line
  // 130, stands over a rule of dashes, as a setext heading would; its first line is "Running 40s test @ ...".
  const wrk2 = draftTitle(read('wrk2/jit-php-async-1000-jit-20k.txt'), { format: 'wrk2', fileName: '20k.txt' });
  assert.doesNotMatch(wrk2.title, /Buckets/);
  assert.equal(wrk2.title, 'Running 40s test @ http://localhost:8888/');
  // fortio's output in a README (xu1zhou/dsa_config performance.md): "# target 50% 0.0251004" at line 32.
  const fortio = draftTitle(read('fortio/dsa-config-performance.md'), { format: 'recipe', fileName: 'performance.md' });
  assert.doesNotMatch(fortio.title, /target|0\.02/);
});

test('a title never carries a reader\'s word ("Json walk results: ...", "Key value results: ...") for a real file that names no work: "repository: path", else its file name', () => {
  // Gatling's global_stats.json (suchetahassin/orangehrm-gatling-test) and a Dropwizard metrics dump
  // (scalecube/scalecube-third-party-benchmarks results/LMDB.md): no heading, command or line of words.
  for (const [file, format, source] of [
    [
      'gatling-global-stats/orangehrm-addemployees-global-stats.json',
      'json-walk',
      {
        repository: 'suchetahassin/orangehrm-gatling-test',
        path: 'target/gatling/ohrmaddemployees-20230827043042715/js/global_stats.json',
      },
    ],
    [
      'dropwizard-metrics/scalecube-lmdb.md',
      'key-value',
      { repository: 'scalecube/scalecube-third-party-benchmarks', path: 'results/LMDB.md' },
    ],
  ]) {
    const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', file), 'utf8');
    const parsedTitle = parsers[format].parse(text, {}).title;
    const fileName = path.basename(file);
    assert.equal(
      draftTitle(text, { parsedTitle, format, fileName, source }).title,
      `${source.repository}: ${source.path}`,
    );
    assert.equal(draftTitle(text, { parsedTitle, format, fileName }).title, fileName);
  }
});

test('a title is never a table header over a rule: Google Benchmark\'s console output as a run writes it ("Benchmark  Time  CPU  Iterations" between dashes) is named by its first line of words', () => {
  // tests/fixtures/corpus/google-benchmark-console/benchtest-readme.md, lines 15-40: the console block of
  // Horki/benchtest's README without its fence, as `./bench > out.txt` writes it.
  const lines = fs
    .readFileSync(path.join(ROOT, 'tests/fixtures/corpus/google-benchmark-console/benchtest-readme.md'), 'utf8')
    .split('\n');
  const d = draftTitle(lines.slice(14, 40).join('\n'), { format: 'google-benchmark-console', fileName: 'out.txt' });
  assert.doesNotMatch(d.title, /Iterations/);
  assert.equal(d.title, 'Run on (8 X 2200 MHz CPU s)');
});

test('a title is never a tool\'s progress line ("running 9 tests", "Running 6 benchmarks on Chromium...") nor a JS assignment ("window.BENCHMARK_DATA = {"): real files that name no work are titled "repository: path"', () => {
  const read = (p) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', p), 'utf8');
  // The files, their repositories and paths as tests/fixtures/corpus/SOURCES.md lists them.
  const files = [
    [
      'criterion/bencher-criterion-many.txt',
      'bencherdev/bencher',
      'lib/bencher_adapter/tool_output/rust/criterion/many.txt',
    ],
    [
      'benchmark-js/bencher-benchmarkjs-issue-506.txt',
      'bencherdev/bencher',
      'lib/bencher_adapter/tool_output/js/benchmark/issue_506.txt',
    ],
    ['benchmark-action-data-js/vars-dev-bench-data.js', 'mkungla/vars', 'dev/bench/data.js'],
  ];
  assert.deepEqual(
    files.map(
      ([file, repository, p]) =>
        draftTitle(read(file), { fileName: path.basename(file), source: { repository, path: p } }).title,
    ),
    [
      'bencherdev/bencher: lib/bencher_adapter/tool_output/rust/criterion/many.txt',
      'bencherdev/bencher: lib/bencher_adapter/tool_output/js/benchmark/issue_506.txt',
      'mkungla/vars: dev/bench/data.js',
    ],
  );
  // wrk's "Running 40s test @ http://localhost:8888/" names its target, and stays a title (the test above).
});
