// A file nothing reads, end to end (issue 39, "every read is a recipe"): add-report refuses it and
// leaves seeds/ untouched, but prints what it understood as a draft recipe and writes it beside the
// file; the draft, corrected, goes in with `add-report FILE --recipe DRAFT.yaml`. The file is real:
// iperf3's client output (fixtures/README.md).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';
import { addReport, removeTempRepo, snapshot, tempRepo } from '../../tests/helpers/temp-repo.mjs';
import { csvRecords } from '../../tests/helpers/site.mjs';

const roots = [];
after(() => roots.forEach(removeTempRepo));

test('a file nothing reads is refused with its draft recipe printed and written beside it, seeds/ untouched; corrected, the draft takes it in with --recipe', () => {
  const root = tempRepo('refused-recipe');
  roots.push(root);
  const dir = path.join(root, 'incoming');
  fs.mkdirSync(dir);
  const file = path.join(dir, 'iperf3.md');
  fs.copyFileSync(path.join(ROOT, 'scripts/add-report/fixtures/bandwitch-iperf3.md'), file);
  const seedsBefore = snapshot(path.join(root, 'seeds'));

  // # Refused: the reason and the draft's path, the draft printed and written.
  const refused = addReport(root, [file, '--date', '2024-01', '--slug', 'bandwitch-iperf3']);
  assert.equal(refused.status, 1, refused.stdout);
  assert.match(
    refused.stdout,
    /What I understood of .*iperf3\.md \(a draft recipe, \d+ items; written to .*iperf3\.md\.recipe\.yaml\)/,
  );
  assert.match(
    refused.stdout,
    /line: "\[ {2}\{\*\}\] {3}\{\*\}-\{\*\} {3}sec {3}\{\*\} MBytes {3}\{value\} Mbits\/sec {2}\{\*\} {13}sender"/,
  );
  assert.match(
    refused.stderr,
    /refused, seeds\/ untouched\. Correct the draft recipe .*iperf3\.md\.recipe\.yaml .* --recipe .*iperf3\.md\.recipe\.yaml/,
  );
  const draft = fs.readFileSync(`${file}.recipe.yaml`, 'utf8');
  assert.match(draft, /unit: Mbit\/s/);
  assert.deepEqual(snapshot(path.join(root, 'seeds')), seedsBefore);

  // # Corrected (the summary lines only, each named), it goes in: four bit rates, the two runs numbered.
  const corrected = path.join(dir, 'iperf3.recipe.yaml');
  fs.writeFileSync(
    corrected,
    [
      'recipe:',
      '  - line: "[  {*}]   {*}-{*}   sec   {*} MBytes   {value} Mbits/sec  {*}             sender"',
      '    metric: bandwidth',
      '    name: sender',
      '    unit: Mbit/s',
      '  - line: "[  {*}]   {*}-{*}   sec   {*} MBytes   {value} Mbits/sec                  receiver"',
      '    metric: bandwidth',
      '    name: receiver',
      '    unit: Mbit/s',
      '',
    ].join('\n'),
  );
  const added = addReport(root, [file, '--date', '2024-01', '--slug', 'bandwitch-iperf3', '--recipe', corrected]);
  assert.equal(added.status, 0, added.stderr);
  assert.match(added.stdout, /\(format recipe\)/);
  const meta = fs.readFileSync(path.join(root, 'seeds/bandwitch/2024-01-bandwitch-iperf3.meta.yaml'), 'utf8');
  assert.match(meta, /^format: recipe$/m);
  assert.match(meta, /^recipe:\n {2}- line: /m);
  const rows = csvRecords(fs.readFileSync(path.join(root, 'data/tables/bandwitch-iperf3/measurements.csv'), 'utf8'));
  assert.deepEqual(
    rows.map((r) => [Number(r.line), r.benchmark, Number(r.value), r.unit, r.run]).sort((a, b) => a[0] - b[0]),
    [
      [31, 'sender', 404, 'Mbit/s', '1'],
      [32, 'receiver', 403, 'Mbit/s', '1'],
      [41, 'sender', 219, 'Mbit/s', '2'],
      [42, 'receiver', 218, 'Mbit/s', '2'],
    ],
  );
});

/** add-report --dry-run on a file, from the repository (a dry run writes nothing). */
const dryRun = (file) =>
  spawnSync(process.execPath, ['scripts/add-report/add-report.mjs', file, '--date', '2021', '--dry-run'], {
    cwd: ROOT,
    encoding: 'utf8',
  });

test("a refusal says each reader's own reason at its line: iperf3's interval table, its rows not told apart (line 14), and no delimited header, key-value line or JSON", () => {
  const file = path.join(ROOT, 'tests/fixtures/corpus/iperf3-text/daizhiyuan-iperf3-readme.md');
  const r = dryRun(file);
  assert.equal(r.status, 1, r.stdout);
  assert.match(r.stdout, /Why no reader took it:\n {2}table: line 14: lines 7-25 not read: expected rows told apart/);
  assert.match(
    r.stdout,
    /key-value: expected "Label: number unit" lines \(a key-value summary\), found none with a unit/,
  );
  // A dry run writes no draft (the corpus keeps its own recipe beside the file, left as it is).
  assert.match(r.stdout, /already exists and is left as it is/);
});

test("YCSB's summary table, a column per deployment and the unit in each row's label (\"[OVERALL], RunTime(ms)\"), is read: a value per deployment in its row's unit", () => {
  const file = path.join(ROOT, 'scripts/add-report/fixtures/mongo-load-test-tf-readme.md');
  const r = dryRun(file);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ {2}table at lines 72-80: 21 rows; latency \(us\), throughput \(ops\/s\), time \(ms\)$/m);
  assert.equal(fs.existsSync(`${file}.recipe.yaml`), false);
});

test('the command a refusal prints to take the corrected draft repeats the --date and --slug given, so it is not refused again for a date the file does not state; the recipe it then reads with is not printed back as an inference', () => {
  const root = tempRepo('refused-command');
  try {
    const file = path.join(root, 'iperf3.md');
    fs.copyFileSync(path.join(ROOT, 'scripts/add-report/fixtures/bandwitch-iperf3.md'), file);
    const refused = addReport(root, [file, '--date', '2024-01', '--slug', 'bandwitch-iperf3']);
    assert.notEqual(refused.status, 0);
    assert.match(
      refused.stderr,
      /and run: npm run add-report -- \S*iperf3\.md --date 2024-01 --slug bandwitch-iperf3 --recipe \S*iperf3\.md\.recipe\.yaml/,
    );
    assert.match(
      fs.readFileSync(`${file}.recipe.yaml`, 'utf8'),
      /then: npm run add-report -- \S*iperf3\.md --date 2024-01 --slug/,
    );
    const recipe = path.join(root, 'sender.yaml');
    fs.writeFileSync(
      recipe,
      "recipe:\n  - line: '[  {*}]   {*}-{*}   sec   {*} MBytes   {value} Mbits/sec  {*}             sender'\n    metric: bandwidth\n    name: sender\n    unit: Mbit/s\n",
    );
    const added = addReport(root, [file, '--date', '2024-01', '--slug', 'bandwitch-iperf3', '--recipe', recipe]);
    assert.equal(added.status, 0, added.stderr);
    assert.doesNotMatch(added.stdout, /by inference/);
  } finally {
    removeTempRepo(root);
  }
});

test('a refused file the readers can tell nothing of (two bare columns, no header, no unit) is not told to "correct" an empty draft: it is told to write the items, and how', () => {
  const root = tempRepo('refused-empty-draft');
  try {
    const file = path.join(root, 'memcpy.txt');
    fs.copyFileSync(path.join(ROOT, 'tests/fixtures/corpus/naive-memcpy/spas-780ti-naive-memcpy.txt'), file);
    const refused = addReport(root, [file, '--date', '2023-03']);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stdout, /a draft recipe, 0 items/);
    assert.doesNotMatch(refused.stderr, /Correct the draft recipe/);
    assert.match(
      refused.stderr,
      /The readers could tell nothing of it \(the draft is empty\): write its items in \S*memcpy\.txt\.recipe\.yaml, a line of the file with \{value\} where the number stands/,
    );
  } finally {
    removeTempRepo(root);
  }
});
