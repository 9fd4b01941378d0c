// What was not read is one list (issue 31, keep what reads): the passages that stopped the reading
// (data/read/keep.mjs) and the blocks the table fallback leaves out as no results (a histogram, a
// machine's df -h) are the report's `not_read`, printed by add-report and shown on the report page
// in one "N sections not read" block; add-report's "Understood" comes from the final read, so it
// never names a table that the final read left out. On tsenart/vegeta's README (the corpus copy):
// its `hist` histogram (lines 568-571) and its `hdrplot` table (lines 578-674, one value per
// percentile with an empty first cell, stopped by the one-row-per-key check after the parser read it).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { tempSite, removeTempSite, runScript, run } from '../helpers/temp-repo.mjs';

const FILE = path.join(ROOT, 'tests/fixtures/corpus/vegeta/vegeta-readme.md');
const SLUG = 'vegeta-readme-not-read';
const roots = [];
after(() => roots.forEach(removeTempSite));

test(
  'add-report and the report page list the histogram and the hdrplot table of the vegeta README as not read, in one list, and "Understood" names neither',
  { timeout: 900_000 },
  async () => {
    const root = tempSite('not-read');
    roots.push(root);
    const r = await runScript(root, 'scripts/add-report/add-report.mjs', [
      FILE,
      '--date',
      '2020',
      '--title',
      'Vegeta README, what was not read',
      '--slug',
      SLUG,
      '--source',
      'tsenart/vegeta:README.md@cf5811269046c672a604b1eb352204d30f16ae4a',
    ]);
    assert.equal(r.code, 0, r.stderr);

    // # add-report: "Understood" from the final read, then one list of what was not read.
    const understood = r.stdout.slice(r.stdout.indexOf('Understood:'), r.stdout.indexOf('sections not read'));
    assert.match(understood, /vegeta at line 452, lines 459-472/);
    assert.doesNotMatch(understood, /table at lines 579-673/, 'the hdrplot table the final read left out');
    assert.doesNotMatch(understood, /568/, 'the histogram is listed once, with what was not read');
    assert.match(r.stdout, /\n2 sections not read \(the rest is in\):\n/);
    assert.match(
      r.stdout,
      /vegeta-readme\.md:568: expected results, found a histogram \(buckets and bars\) \(lines 568-571 left out\)\n/,
    );
    assert.match(r.stdout, /vegeta-readme\.md:581: expected rows told apart .* \(lines 578-674 left out\)\n/);

    // # data/: the report's not_read is that one list; the histogram is no note of its own.
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${SLUG}.json`), 'utf8'));
    assert.deepEqual(
      doc.not_read.map(({ from, to, line }) => [from, to, line]),
      [
        [568, 571, 568],
        [578, 674, 581],
      ],
    );
    assert.deepEqual(
      doc.notes.filter((n) => /histogram/.test(n.text)),
      [],
    );

    // # A note in the .meta.yaml on why the histogram is left out (not_read:), shown beside it.
    const meta = path.join(root, /^Metadata: (.+)$/m.exec(r.stdout)[1]);
    fs.appendFileSync(
      meta,
      'not_read:\n  - line: 569\n    why: "the bars of the same latencies the report states above"\n',
    );
    const data = await run(root, 'scripts/data/build-data.mjs', [], { timeout: 300_000 });
    assert.equal(data.code, 0, data.stderr);

    // # The report page: one block, both passages with their lines and why, the note beside its passage.
    const b = await run(root, 'scripts/build.mjs', [], { timeout: 840_000 });
    assert.equal(b.code, 0, `build:\n${b.stdout}\n${b.stderr}`);
    const html = fs.readFileSync(path.join(root, 'public/reports', SLUG, 'index.html'), 'utf8');
    const block = /<section class="not-read"[^]*?<\/section>/.exec(html)?.[0] ?? '';
    assert.match(block, />2 sections not read<\/h2>/);
    const items = [...block.matchAll(/<li>([^]*?)<\/li>/g)].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    assert.equal(items.length, 2, block);
    assert.match(
      items[0],
      /^line 568–571: expected results, found a histogram \(buckets and bars\)\. Left out because: the bars of the same latencies the report states above$/,
    );
    assert.match(items[1], /^line 578–674: expected /);
    assert.doesNotMatch(items[1], /Left out because/);
    assert.equal(html.match(/histogram \(buckets and bars\)/g).length, 1, 'the histogram is named once on the page');
  },
);
