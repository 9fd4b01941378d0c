// The machine the document states becomes the platform (issue 39, decision 4): a CPU model, a
// computer model or an OS line, wherever the report writes it (a line of its own, benchee's HTML
// system table), with the line it came from printed by add-report so the contributor can correct
// it in the .meta.yaml; never a tool's setting ("threads: 4"), never a platform called "machine".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { machineFacts, machinesOf, statedMachines } from '../../scripts/data/parsers/shared/machine-lines.mjs';
import { namingFact, proposePlatform } from '../../scripts/add-report/platform-match.mjs';
import { CORPUS, corpusFiles, goldenOf } from '../../scripts/bench/real-files.mjs';
import { parsers } from '../../scripts/data/parsers/index.mjs';
import { addReport, removeTempRepo, tempRepo } from '../helpers/temp-repo.mjs';

const facts = (line) => machineFacts(`${line}\n`).map((f) => [f.field, f.value]);

test('a line that is a CPU, a laptop or an OS release states the machine: "Intel(R) Core(TM) i7-8750H CPU @ 2.20GHz", "MacBook Pro (16-inch, 2019)", "Ubuntu 20.04 LTS", "AMD Ryzen 9 5950X 16-Core Processor", "Apple M1"', () => {
  assert.deepEqual(facts('Intel(R) Core(TM) i7-8750H CPU @ 2.20GHz'), [
    ['cpu_model', 'Intel(R) Core(TM) i7-8750H CPU'],
    ['clock_ghz', 2.2],
  ]);
  assert.deepEqual(facts('MacBook Pro (16-inch, 2019)'), [['system_model', 'MacBook Pro (16-inch, 2019)']]);
  assert.deepEqual(facts('Ubuntu 20.04 LTS'), [['os', 'Ubuntu 20.04 LTS']]);
  assert.deepEqual(facts('AMD Ryzen 9 5950X 16-Core Processor'), [
    ['cpu_model', 'AMD Ryzen 9 5950X 16-Core Processor'],
    ['cores', 16],
  ]);
  assert.deepEqual(facts('Apple M1'), [['cpu_model', 'Apple M1']]);
  assert.deepEqual(facts('Tested on a MacBook Air (M1, 2020), 16 GB RAM, macOS 13.4'), [
    ['system_model', 'MacBook Air (M1, 2020)'],
    ['memory', '16GB'],
    ['os', 'macOS 13.4'],
  ]);
});

test('prose that names a CPU or an OS, a heading "On Ubuntu" and a tool\'s "threads: 4" state no machine', () => {
  for (const line of [
    '### On Ubuntu',
    'On Ubuntu, hyperfine can be installed from the official repositories',
    '- OVH uses Ubuntu, Debian or CentOS as SO for its apps.',
    'Apple M1 was 2x faster than the x86 box',
    '# memc-kv running locally on a Macbook Air M1',
    '| CPU model | Xeon E5v3 2.4GHz | Xeon E5-2680 v3 2.5GHz |',
  ])
    assert.deepEqual(facts(line), [], line);
  assert.deepEqual(machinesOf('Running 10s test\nthreads: 4\nconnections: 100\n'), {});
});

test('a machine that states no model is named by what it states of its processors, never "machine"', () => {
  // Google Benchmark's "Run on (8 X 2200 MHz CPU s)", as its adapter reads it.
  const text = fs.readFileSync(
    path.join(ROOT, 'tests/fixtures/corpus/google-benchmark-console/benchtest-readme.md'),
    'utf8',
  );
  // The Mac's, the first of its two machines (keyed by the rows' condition machine).
  const [[key, mac]] = Object.entries(parsers['google-benchmark-console'].parse(text).machines);
  assert.deepEqual(proposePlatform(key, mac.label, mac.facts, new Set()), {
    id: '8-threads-at-2-2-ghz-8-x-2200-mhz',
    name: '8 threads at 2.2 GHz (8 X 2200 MHz)',
  });
  // go test's "goos: darwin" and "goarch: amd64".
  const go = parsers['go-test-bench'].parse(
    fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus/go-test-bench/bencher-go-five.txt'), 'utf8'),
  ).machines.system;
  assert.equal(proposePlatform('system', go.label, go.facts, new Set()).name, 'darwin amd64');
});

test('add-report takes the platform of a file read by the table reader from the line that states it, and prints that line', () => {
  const root = tempRepo('machine-from-document');
  try {
    const file = path.join(ROOT, 'tests/fixtures/corpus/benchmark-ips/rubymotion-bench-readme.md');
    const r = addReport(root, [file, '--date', '2014', '--slug', 'rubymotion-bench']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /system: macbook-pro-13-retina \(new entry in seeds\/platforms\.yaml\)\n {4}from \S*rubymotion-bench-readme\.md:23: "MacBook Pro 13" Retina, late 2013 model, 8 GB memory, 2\.4 GHz Intel Core i5"; not this report's machine\? correct platforms: in seeds\/\S+\.meta\.yaml/,
    );
    const meta = fs.readFileSync(path.join(root, 'seeds/rubymotion/2014-rubymotion-bench.meta.yaml'), 'utf8');
    assert.match(meta, /platforms:\n {2}- id: macbook-pro-13-retina\n/);
    const platforms = JSON.parse(fs.readFileSync(path.join(root, 'data/platforms.json'), 'utf8'));
    assert.deepEqual(
      platforms['macbook-pro-13-retina'].facts.map((f) => [f.field, f.value]),
      [
        ['system_model', 'MacBook Pro 13" Retina'],
        ['memory', '8GB'],
        ['cpu_model', 'Intel Core i5'],
        ['clock_ghz', 2.4],
      ],
    );
  } finally {
    removeTempRepo(root);
  }
});

test("benchee's HTML system table names the machine: CPU Information Apple M2, 16 GB, macOS", () => {
  const text = fs.readFileSync(
    path.join(ROOT, 'tests/fixtures/corpus/benchee-markdown/fast-integer-compression-10k-signed-compression.md'),
    'utf8',
  );
  assert.deepEqual(
    machineFacts(text).map((f) => [f.field, f.value, f.line]),
    [
      ['os', 'macOS', 12],
      ['cpu_model', 'Apple M2', 15],
      ['memory', '16GB', 21],
    ],
  );
});

test('a tool\'s own lines name no machine: fio\'s "cpu : usr=0.74%, sys=2.67%", 7-Zip\'s "Linux : 6.6.73-th1520 : … : riscv64", mtr\'s "HOST: jerrydai  Loss%"', () => {
  for (const [file, line] of [
    ['fio/vps-comparison-fio-libaio-4k.md', 46],
    ['7zip-benchmark/revyos-7zip.md', 35],
    ['iperf3-text/daizhiyuan-iperf3-readme.md', 59],
  ]) {
    const text = fs.readFileSync(path.join(ROOT, 'tests/fixtures/corpus', file), 'utf8');
    assert.deepEqual(
      machineFacts(text).filter((f) => f.line === line),
      [],
      `${file}:${line}`,
    );
  }
});

test('every corpus file whose golden names a platform states that machine, at that line', () => {
  const withPlatform = corpusFiles().filter((f) => goldenOf(f.file).platform);
  assert.ok(withPlatform.length >= 15, `${withPlatform.length} goldens name a platform`);
  for (const f of withPlatform) {
    const g = goldenOf(f.file);
    const text = fs.readFileSync(path.join(CORPUS, f.file), 'utf8');
    // As add-report reads it: the machines its formats describe, else the document's (a recipe states none).
    const described =
      g.formats === 'recipe' ? [] : g.formats.split(',').map((x) => parsers[x.trim()].parse(text).machines);
    const [[key, m]] = Object.entries(statedMachines(Object.assign({}, ...described.reverse()), text));
    assert.equal(proposePlatform(key, m.label, m.facts, new Set()).name, g.platform.name, f.file);
    assert.equal((namingFact(m.facts) ?? m.facts[0]).line, g.platform.line, f.file);
  }
});

test("a machine line that is not the report's is corrected with platforms: [] in the .meta.yaml, as add-report says: the data stage takes it", () => {
  const root = tempRepo('machine-corrected');
  try {
    const file = path.join(ROOT, 'tests/fixtures/corpus/benchmark-ips/rubymotion-bench-readme.md');
    const r = addReport(root, [file, '--date', '2014', '--slug', 'rubymotion-bench']);
    assert.equal(r.status, 0, r.stderr);
    const metaPath = path.join(root, 'seeds/rubymotion/2014-rubymotion-bench.meta.yaml');
    const meta = fs.readFileSync(metaPath, 'utf8');
    fs.writeFileSync(metaPath, meta.replace(/platforms:\n(?: {2}.*\n)+/, 'platforms: []\n'));
    const data = spawnSync(process.execPath, ['scripts/data/build-data.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(data.status, 0, data.stderr);
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports/rubymotion-bench.json'), 'utf8'));
    assert.deepEqual(doc.platforms, []);
  } finally {
    removeTempRepo(root);
  }
});
