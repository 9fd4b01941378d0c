// The contributor's path, end to end, in a throw-away copy of the repository: a report in a known
// format goes in with one `add-report` command and no code change, the build succeeds, and the new
// report page has its charts and its data. Also: a file in no known format is refused, clearly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { tempSite, removeTempSite } from '../../tests/helpers/temp-repo.mjs';

const CONTRIB = path.resolve(ROOT, '../shared/contrib-examples/cloudi-1.5.4-core-i7-2700k.markdown');
const FIXTURE = fs.existsSync(CONTRIB) ? CONTRIB : path.join(ROOT, 'seeds/cloudi/2016-cloudi-1.5.4-core-i7.markdown');

/** A copy of the site's sources, with the report under test taken out and data/ built from the rest. */
function siteCopy() {
  const root = tempSite('add');
  for (const f of fs.readdirSync(path.join(root, 'seeds/cloudi'))) {
    if (f.startsWith('2016-cloudi-1.5.4-core-i7.')) fs.rmSync(path.join(root, 'seeds/cloudi', f));
  }
  execFileSync(process.execPath, ['scripts/data/build-data.mjs', '--quiet'], { cwd: root });
  return root;
}

test(
  'a contributor adds a report in a known format with one command, and its page has charts and data',
  { timeout: 180_000 },
  () => {
    const root = siteCopy();
    try {
      const seedBytes = fs.readFileSync(FIXTURE);
      const out = execFileSync(
        process.execPath,
        [
          'scripts/add-report/add-report.mjs',
          FIXTURE,
          '--title',
          'A third CloudI report, added in a test',
          '--date',
          '2016',
          '--source',
          'CloudI/CloudI:src/lib/x/README.markdown@8fde936',
          '--slug',
          'added-in-a-test',
          '--licence',
          'MIT, as the upstream repository states',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      // What it says it extracted.
      assert.match(out, /format cloudi-request-rate/);
      assert.match(out, /request-rate: \d+ rows/);
      assert.match(
        out,
        /system: intel-core-i7-2700k \(already known\)/,
        'the Core i7 machine is recognised from what the report states',
      );
      assert.match(out, /Still to fill in:/);
      // The chart stage ran on the new report before add-report said done.
      assert.match(out, /^Charts: [1-9]\d* drawn \(.*Maximum stable request rate/m);
      // The seed is copied byte for byte, and the metadata written beside it.
      const seed = 'seeds/cloudi/2016-added-in-a-test.markdown';
      assert.deepEqual(fs.readFileSync(path.join(root, seed)), seedBytes);
      const meta = fs.readFileSync(path.join(root, 'seeds/cloudi/2016-added-in-a-test.meta.yaml'), 'utf8');
      assert.match(meta, /format: cloudi-request-rate/);
      assert.match(meta, /id: intel-core-i7-2700k/);
      // check flags the TODOs left for the contributor, with file and line.
      const check = spawnSync(process.execPath, ['scripts/check/check.mjs', '--no-csvclean'], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.equal(check.status, 1);
      assert.match(check.stderr, /seeds\/cloudi\/2016-added-in-a-test\.meta\.yaml:\d+: fill in: summary: "TODO/);

      // The data rows, with provenance, and the build with no code changed.
      const csv = fs
        .readFileSync(path.join(root, 'data/tables/added-in-a-test/request-rate.csv'), 'utf8')
        .trim()
        .split('\n');
      const rows = csv.length - 1;
      assert.ok(rows > 0);
      assert.ok(
        csv.slice(1).every((l) => l.includes(seed)),
        'every row names the new seed',
      );
      execFileSync(process.execPath, ['scripts/build.mjs', '--skip-data'], { cwd: root, stdio: 'pipe' });
      const html = fs.readFileSync(path.join(root, 'public/reports/added-in-a-test/index.html'), 'utf8');
      assert.match(html, /A third CloudI report, added in a test/);
      const figures = html.match(/<figure class="?chart/g) ?? [];
      assert.ok(figures.length >= 1, 'the new report page has charts');
      assert.ok((html.match(/<svg/g) ?? []).length >= figures.length, 'each chart is drawn at build time');
      const bodyRows = (html.match(/<tr>/g) ?? []).length;
      assert.ok(bodyRows >= rows, `the page shows all ${rows} data rows`);
      assert.ok(
        fs.existsSync(path.join(root, 'public/data/added-in-a-test/request-rate.csv')),
        'the CSV is downloadable',
      );
      assert.match(
        fs.readFileSync(path.join(root, 'public/feed.xml'), 'utf8'),
        /A third CloudI report, added in a test/,
      );
      assert.match(
        fs.readFileSync(path.join(root, 'public/platforms/intel-core-i7-2700k/index.html'), 'utf8'),
        /A third CloudI report, added in a test/,
      );
    } finally {
      removeTempSite(root);
    }
  },
);

test('add-report refuses a file in no known format and names the formats it knows, writing nothing', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-unknown-'));
  try {
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'Some notes about a benchmark.\nNo tables here.\n');
    const before = fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort();
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--date', '2020', '--root', dir],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      new RegExp(
        `notes\\.txt: expected a report in a known format \\(tried ${Object.entries(parsers)
          .filter(([, p]) => !p.fallback)
          .map(([f]) => f)
          .join(', ')}\\), or a table whose numeric columns name their unit .*found none that recognises this file$`,
        'm',
      ),
    );
    assert.deepEqual(fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort(), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('add-report --dry-run says what it understood per section and what it left out, and writes nothing', () => {
  const file = path.join(ROOT, 'scripts/data/parsers/document/fixtures/handwritten-mixed-sections.md');
  const before = fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort();
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--date', '2024', '--dry-run'],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /read as document \(dry run: nothing written\)/);
  assert.match(r.stdout, /^ {2}go-test-bench at lines 14-18 \(under "Encoder"\): 2 rows; time \(ns\)$/m);
  assert.match(
    r.stdout,
    /^ {2}table at lines 45-47 \(under "Summary, by hand"\): 2 rows; latency \(ms\), throughput \(req\/s\)$/m,
  );
  assert.match(
    r.stdout,
    /^ {2}left out: a code at lines 51-53 under "Summary, by hand" that no format reads \("some numbers no tool prints: 12 34 56"\)$/m,
  );
  assert.deepEqual(fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort(), before);
});

test('add-report --dry-run works without --date, and says to pass one to add the report', () => {
  const file = path.join(ROOT, 'scripts/data/parsers/document/fixtures/handwritten-mixed-sections.md');
  const before = fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--dry-run'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /read as document \(dry run: nothing written\)/);
  assert.match(r.stdout, /^ {2}go-test-bench at lines 14-18 \(under "Encoder"\): 2 rows; time \(ns\)$/m);
  assert.match(r.stdout, /does not say when it ran: pass --date YYYY-MM to add it\.$/m);
  assert.deepEqual(fs.readdirSync(path.join(ROOT, 'seeds'), { recursive: true }).sort(), before);
});

test('add-report names each result the file gives no number for (JMH "≈ 0"), skipped, at its file and line', () => {
  const file = path.join(ROOT, 'scripts/data/parsers/jmh-text/fixtures/maptest-gc-readme.md');
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--date', '2024', '--dry-run'],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const skipped = r.stdout.split('\n').filter((l) => l.startsWith('  skipped: '));
  assert.ok(skipped.length >= 2, r.stdout);
  assert.match(
    skipped[0],
    /^ {2}skipped: \S*maptest-gc-readme\.md:23: StatBenchmark\.aggregate:·gc\.count \(avgt\) scored ≈ 0 counts, no number to read$/,
  );
});

test('a problem add-report finds in the metadata it drafts names the file given, not the seeds/ path it would write', () => {
  const file = path.join(ROOT, 'scripts/data/parsers/document/fixtures/handwritten-mixed-sections.md');
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--date', '2024-02-30', '--dry-run'],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(r.status, 1, r.stdout);
  assert.match(
    r.stderr.trim(),
    /^\S*handwritten-mixed-sections\.md \(line \d+ of the metadata drafted for it\): expected a real calendar date for "date" .*, found "2024-02-30"$/,
  );
  assert.doesNotMatch(r.stderr, /seeds\//);
});

test('add-report lists a key-value code block beside a table as left out when the table reader is picked, and the bad cell of a second table', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'add-report-left-out-'));
  try {
    const file = path.join(dir, 'run.md');
    fs.writeFileSync(
      file,
      '# Run\n\n| Name | Latency (ms) |\n|---|---|\n| a | 3 |\n| b | 4 |\n\n```\nGeneral statistics:\n    total time:                          302.0017s\n```\n\n## Second\n\n| Name | Throughput (req/s) |\n|---|---|\n| c | 100 |\n| d | lots |\n| e | 300 |\n',
    );
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/add-report/add-report.mjs'), file, '--date', '2024', '--dry-run'],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /read as table /);
    assert.match(
      r.stdout,
      /^ {2}left out: a code at lines 8-11 under "Run" that no format reads \("General statistics:"\)$/m,
    );
    assert.match(
      r.stdout,
      /^ {2}left out: column "Throughput \(req\/s\)" \(line 15\): 1 cell with no number \(line 18: "lots"\) not read/m,
    );
    assert.match(r.stdout, /^ {2}table at lines 3-6, lines 15-19: 4 rows/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
