// add-report names a report from the document when the contributor gives no --title or --slug: two
// result files of one kind and one year go in under two names, a JMH output with no heading gets a
// title the metadata schema accepts, add-report says what it drafted, and the draft's TODO text is
// not published (the report JSON carries no placeholder and says it is a draft).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { tempRepo, removeTempRepo, addReport } from '../../tests/helpers/temp-repo.mjs';

const PARSERS = path.join(ROOT, 'scripts/data/parsers');
const run = addReport;
/** A fixture saved outside the repository under the name a contributor gave it. */
function outside(format, fixture, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-names-'));
  fs.copyFileSync(path.join(PARSERS, format, 'fixtures', fixture), path.join(dir, name));
  return path.join(dir, name);
}
const seedOf = (stdout) => /Added .* as (seeds\/\S+) \(format/.exec(stdout)?.[1];

test(
  'two table files of one year, both saved as results.md, go in under two names drawn from their headings',
  { timeout: 180_000 },
  () => {
    const root = tempRepo('names');
    try {
      const a = run(root, [outside('table', 'http-benchmarks-hello-world.md', 'results.md'), '--date', '2024']);
      const b = run(root, [outside('table', 'infer-foundry-excerpt.md', 'results.md'), '--date', '2024']);
      assert.equal(a.status, 0, a.stderr);
      assert.equal(b.status, 0, b.stderr);
      assert.equal(seedOf(a.stdout), 'seeds/hello/2024-hello-world.md');
      assert.equal(seedOf(b.stdout), 'seeds/multi/2024-multi-runtime-comparison-onnx-vs-tensorrt.md');
      assert.match(a.stdout, /Drafted from the document: title "Hello world" \(from its first heading\)/);
      // The draft's placeholders stay in its metadata, for the contributor, and out of the published data.
      const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports/hello-world.json'), 'utf8'));
      assert.equal(report.summary, '');
      assert.ok(report.draft.includes('summary'), JSON.stringify(report.draft));
      assert.doesNotMatch(
        JSON.stringify([report.summary, report.system_under_test, report.load_generator, report.licence]),
        /TODO/,
      );
    } finally {
      removeTempRepo(root);
    }
  },
);

test(
  'a JMH output with no heading, saved as jmh.txt, goes in with a title of five characters or more',
  { timeout: 180_000 },
  () => {
    const root = tempRepo('names-jmh');
    try {
      const r = run(root, [outside('jmh-text', 'jmh-golden-text-ru.txt', 'jmh.txt'), '--date', '2024']);
      assert.equal(r.status, 0, r.stderr);
      const meta = fs.readFileSync(path.join(root, seedOf(r.stdout).replace(/\.txt$/, '.meta.yaml')), 'utf8');
      const title = JSON.parse(/^title: (.*)$/m.exec(meta)[1]);
      assert.ok(title.length >= 5, title);
      assert.match(r.stdout, /Drafted from the document: title/);
    } finally {
      removeTempRepo(root);
    }
  },
);
