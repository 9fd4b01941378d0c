// add-report on reports as they come (issue 12), each run in a throw-away copy of the repository:
// no --source or a plain URL (TODO placeholders the schema accepts, which check refuses), a slug
// from the title or the content, refused slugs and names, kept columns, a report with two formats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';
import { realReportsOf } from '../../tests/helpers/real-data.mjs';
import { tempRepo, removeTempRepo, snapshot, addReport } from '../../tests/helpers/temp-repo.mjs';

const PARSERS = path.join(ROOT, 'scripts/data/parsers');
const run = addReport;
const check = (root) =>
  spawnSync(process.execPath, ['scripts/check/check.mjs', '--no-csvclean'], { cwd: root, encoding: 'utf8' });
/** A report file outside the repository, named as the contributor saved it. */
function outside(name, text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-in-'));
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}
/** The metadata file add-report wrote for a slug, as a path under the copy's root. */
const metaOf = (root, slug) =>
  path.join(
    'seeds',
    fs.readdirSync(path.join(root, 'seeds'), { recursive: true }).find((p) => p.endsWith(`-${slug}.meta.yaml`)),
  );
const wrkText = fs.readFileSync(path.join(PARSERS, 'wrk-text/fixtures/solon-jetty-excerpt.md'), 'utf8');
const abText = fs.readFileSync(path.join(PARSERS, 'ab-text/fixtures/nginz-excerpt.md'), 'utf8');

test('without --source, and with a plain URL, add-report succeeds with TODOs that check refuses (the commit among them)', () => {
  const root = tempRepo('todo');
  try {
    const file = outside('bench.md', wrkText);
    const a = run(root, [file, '--date', '2021', '--title', 'A wrk run without a source', '--slug', 'no-source']);
    assert.equal(a.status, 0, a.stderr);
    assert.match(a.stdout, /Still to fill in:[\s\S]*source\.repository[\s\S]*source\.commit/);
    const b = run(root, [
      file.replace(/$/, ''),
      '--date',
      '2021',
      '--title',
      'A wrk run from a plain URL',
      '--slug',
      'plain-url',
      '--source',
      'https://example.org/bench.md',
    ]);
    // The same bytes are refused as already in seeds/: use a copy with one more line of prose.
    assert.equal(b.status, 1);
    const file2 = outside('bench2.md', `Notes.\n${wrkText}`);
    const c = run(root, [
      file2,
      '--date',
      '2021',
      '--title',
      'A wrk run from a plain URL',
      '--slug',
      'plain-url',
      '--source',
      'https://example.org/bench.md',
    ]);
    assert.equal(c.status, 0, c.stderr);
    const meta = fs.readFileSync(path.join(root, metaOf(root, 'plain-url')), 'utf8');
    assert.match(meta, /url: "https:\/\/example\.org\/bench\.md"/);
    assert.match(meta, /commit: "TODO: /);
    const r = check(root);
    assert.equal(r.status, 1);
    for (const slug of ['no-source', 'plain-url']) {
      assert.match(r.stderr, new RegExp(`2021-${slug}\\.meta\\.yaml:\\d+: fill in: commit: "TODO`));
      assert.match(r.stderr, new RegExp(`2021-${slug}\\.meta\\.yaml:\\d+: fill in: repository: "TODO`));
    }
    assert.doesNotMatch(r.stderr, /expected "source/, 'the placeholders pass the metadata schema');
  } finally {
    removeTempRepo(root);
  }
});

test('the slug comes from the content (tool, version, platform) or the title, not from the file name', () => {
  const root = tempRepo('slug');
  try {
    const [cloudi] = realReportsOf('cloudi-request-rate-v2');
    // The seed is in this copy already: a copy of it with one changed byte stands for a new report.
    const file = outside(
      'CloudI-src-lib-cloudi_service_request_rate-results-results_v2_0_6-README.markdown',
      `${cloudi.seedText}\n`,
    );
    fs.rmSync(path.join(root, cloudi.seedPath));
    fs.rmSync(path.join(root, cloudi.metaPath));
    const a = run(root, [file, '--date', '2023']);
    assert.equal(a.status, 0, a.stderr);
    assert.match(a.stdout, /as seeds\/cloudi\/2023-cloudi-2\.0\.6-dell-poweredge-r710\.markdown/);
    const nginz = outside('BENCHMARKING.md', `${abText}\n`);
    const b = run(root, [nginz, '--date', '2016', '--title', 'nginz under ab on a laptop, 10,000 connections']);
    assert.equal(b.status, 0, b.stderr);
    assert.match(b.stdout, /as seeds\/nginz\/2016-nginz-ab-laptop-10000-connections\.md/);
  } finally {
    removeTempRepo(root);
  }
});

test('slugs that take a file role, and names that are no own key, are refused with a clear message, writing nothing', () => {
  const root = tempRepo('refuse');
  try {
    const file = outside('bench.md', wrkText);
    const base = [file, '--date', '2021', '--title', 'A wrk run to be refused'];
    const before = snapshot(path.join(root, 'seeds'));
    const cases = [
      [
        ['--slug', 'a-b.meta'],
        /--slug: expected a slug that does not end like a file role of seeds\/ .*found "a-b\.meta"/,
      ],
      [['--slug', 'x.errata'], /--slug: expected a slug that does not end like a file role/],
      [['--slug', 'x.digitized'], /--slug: expected a slug that does not end like a file role/],
      [['--slug', 'Bad Slug'], /--slug: expected lower-case words and numbers joined by "-" or "\."/],
      [['--slug', 'a--b'], /--slug: expected lower-case words/],
      [['--format', '__proto__'], /--format __proto__: unknown; known formats: /],
      [['--format', 'constructor'], /--format constructor: unknown; known formats: /],
      [['--format', 'ab-text'], /--format ab-text: .* does not look like ab-text/],
      [['--platform', '__proto__'], /--platform __proto__: the report describes no machine/],
    ];
    for (const [args, message] of cases) {
      const r = run(root, [...base, ...args]);
      assert.equal(r.status, 1, `${args.join(' ')}: exit 1`);
      assert.match(r.stderr, message, args.join(' '));
      assert.doesNotMatch(r.stderr, /\n\s+at /, `${args.join(' ')}: a message, not a stack trace`);
    }
    const [cloudi] = realReportsOf('cloudi-request-rate-v2');
    const r = run(root, [outside('c.markdown', `${cloudi.seedText}\n`), '--date', '2023', '--platform', '__proto__']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /--platform __proto__: unknown; known platforms: /);
    assert.deepEqual(snapshot(path.join(root, 'seeds')), before);
  } finally {
    removeTempRepo(root);
  }
});

test('a column the parser does not know is listed by add-report and kept in data/ as text', () => {
  const root = tempRepo('kept');
  try {
    const text = fs.readFileSync(
      path.join(PARSERS, 'httpc-bench-text/fixtures/pipe-reordered-extra-column.md'),
      'utf8',
    );
    const r = run(root, [
      outside('httpc.md', text),
      '--date',
      '2020',
      '--title',
      'An httpc table with a latency column',
      '--slug',
      'kept-column',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /Columns kept as published[^\n]*\n {2}client-rate: p99_latency_ms \(header "p99 latency \(ms\)", line \d+\)/,
    );
    const csv = fs.readFileSync(path.join(root, 'data/tables/kept-column/client-rate.csv'), 'utf8').split('\n');
    const header = csv[0].split(',');
    assert.ok(header.includes('p99_latency_ms'), 'the kept column is in the CSV');
    assert.ok(header.indexOf('p99_latency_ms') < header.indexOf('seed'), 'after the schema fields, before provenance');
    assert.ok(
      csv.slice(1, -1).some((l) => /^\d/.test(l.split(',')[header.indexOf('p99_latency_ms')])),
      'with its values',
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'data/tables/datapackage.json'), 'utf8'));
    const field = pkg.resources
      .find((x) => x.path === 'kept-column/client-rate.csv')
      .schema.fields.find((f) => f.name === 'p99_latency_ms');
    assert.equal(field.type, 'string');
    assert.match(field.description, /^Kept as published: a column the parser does not know/);
  } finally {
    removeTempRepo(root);
  }
});

test('a report with an ab run and a wrk run: both formats in the metadata, a table per kind, ids prefixed where they meet', () => {
  const root = tempRepo('mixed');
  try {
    const text = `# Two tools\n\nFirst ab:\n\n${abText}\n\nThen wrk:\n\n${wrkText}\n`;
    const r = run(root, [
      outside('two-tools.md', text),
      '--date',
      '2022',
      '--title',
      'A server under ab and wrk',
      '--slug',
      'two-tools',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /format ab-text, wrk-text/);
    assert.match(
      fs.readFileSync(path.join(root, metaOf(root, 'two-tools')), 'utf8'),
      /^format: \[ab-text, wrk-text\]$/m,
    );
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports/two-tools.json'), 'utf8'));
    assert.deepEqual(doc.tables.map((t) => `${t.id} ${t.kind}`).sort(), [
      'ab-text-summary ab-summary',
      'connection-times ab-connection-times',
      'latency-distribution wrk-latency-distribution',
      'measurements measurement',
      'percentiles ab-percentiles',
      'thread-stats wrk-thread-stats',
      'wrk-text-summary wrk-summary',
    ]);
  } finally {
    removeTempRepo(root);
  }
});

test('a client no entity knows yet is proposed as a new entity for review, and check refuses until it is reviewed', () => {
  const root = tempRepo('new-entity');
  try {
    const [httpc2017] = realReportsOf('httpc-bench-text');
    const file = outside('httpc.md', httpc2017.seedText.replaceAll('ibrowse', 'ibrowse-ng'));
    const a = run(root, [
      file,
      '--date',
      '2017',
      '--title',
      'httpc_bench with a renamed client',
      '--slug',
      'renamed-client',
      '--source',
      'a/b:c.md@0000000',
    ]);
    assert.equal(a.status, 0, a.stderr);
    assert.match(
      a.stdout,
      /Software not known yet[^\n]*\n {2}ibrowse-ng: ibrowse-ng \(http-client, first at line \d+\)/,
    );
    const entities = fs.readFileSync(path.join(root, 'seeds/entities.yaml'), 'utf8');
    assert.match(entities, /\n {2}ibrowse-ng:\n {4}name: "ibrowse-ng"\n {4}kind: http-client\n/);
    const c = check(root);
    assert.equal(c.status, 1);
    assert.match(c.stderr, /^seeds\/entities\.yaml:\d+: fill in: review: "TODO: new in seeds\/[^"]+; keep it/m);
    // A known client is not proposed again: hackney is in the same report.
    assert.doesNotMatch(entities.slice(entities.indexOf('ibrowse-ng:')), /hackney/);
  } finally {
    removeTempRepo(root);
  }
});
