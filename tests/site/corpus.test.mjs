// Every result file reads right (issue 31): a corpus of real result files from public repositories
// (tests/fixtures/corpus/<kind>/<file>, each one's repository, path and commit in SOURCES.md), added
// one after another with add-report into one throw-away copy of the site, as a contributor would.
// Each must go in, with the headline numbers of its golden file (<file>.expected.json: value, unit,
// statistic and conditions at the line of the file that states them) and with exactly the passages
// its golden lists as not read (keep what reads: printed by add-report, kept in data/reports/).
// Then the site is built with all of them at once, and each page that left a passage out says so.
// CORPUS_ONLY=<kind> adds only the files of one kind, for a quick look at one adapter.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { tempSite, removeTempSite, runScript, run } from '../helpers/temp-repo.mjs';
import { csvRecords } from '../helpers/site.mjs';

const CORPUS = path.join(ROOT, 'tests/fixtures/corpus');
const BASE = new Set(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/data/schemas/tables/measurement.json'), 'utf8')).fields.map(
    (f) => f.name,
  ),
);

/** The corpus files as SOURCES.md lists them: `| \`kind/file\` | owner/repo | \`path\` | \`commit\` |`. */
function corpus() {
  const text = fs.readFileSync(path.join(CORPUS, 'SOURCES.md'), 'utf8');
  const files = [...text.matchAll(/^\| `([^`]+)` \| ([^ |]+) \| `([^`]+)` \| `([0-9a-f]{40})` \|$/gm)].map(
    ([, file, repository, p, commit]) => ({ file, repository, path: p, commit }),
  );
  const only = process.env.CORPUS_ONLY;
  return only ? files.filter((f) => f.file.startsWith(`${only}/`)) : files;
}

/** A golden row matches a data row: same line, benchmark, metric, statistic and conditions. */
function matches(golden, row, conditionColumns) {
  if (Number(row.line) !== golden.line) return false;
  if (row.metric !== golden.metric || row.statistic !== golden.statistic) return false;
  if (golden.benchmark !== undefined && row.benchmark !== golden.benchmark) return false;
  return conditionColumns.every((c) => (row[c] ?? '') === String(golden.conditions[c] ?? ''));
}

const roots = [];
after(() => roots.forEach(removeTempSite));

test(
  'every file of the corpus goes in with add-report with its headline numbers, and the site builds with all of them',
  {
    timeout: 1_800_000,
  },
  async (t) => {
    const files = corpus();
    assert.ok(files.length >= 40 || process.env.CORPUS_ONLY, `at least 40 files, found ${files.length}`);
    const kinds = new Set(files.map((f) => f.file.split('/')[0]));
    assert.ok(kinds.size >= 25 || process.env.CORPUS_ONLY, `at least 25 kinds, found ${kinds.size}`);
    const root = tempSite('corpus');
    roots.push(root);
    const pages = [];
    for (const f of files) {
      const golden = JSON.parse(fs.readFileSync(path.join(CORPUS, `${f.file}.expected.json`), 'utf8'));
      await t.test(`${f.file} reads as ${golden.formats}`, async () => {
        const r = await runScript(root, 'scripts/add-report/add-report.mjs', [
          path.join(CORPUS, f.file),
          '--date',
          golden.date,
          '--title',
          golden.title,
          '--slug',
          golden.slug,
          '--source',
          `${f.repository}:${f.path}@${f.commit}`,
        ]);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, new RegExp(`\\(format ${golden.formats.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`));
        const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${golden.slug}.json`), 'utf8'));
        // Keep what reads: exactly the passages the golden lists are left out, each printed with its line.
        assert.deepEqual(
          (doc.not_read ?? []).map(({ from, to, line }) => ({ from, to, line })),
          golden.not_read,
        );
        for (const l of golden.not_read)
          assert.match(r.stdout, new RegExp(`${path.basename(f.file)}:${l.line}: expected `));
        const rows = csvRecords(
          fs.readFileSync(path.join(root, 'data/tables', golden.slug, 'measurements.csv'), 'utf8'),
        );
        const conditionColumns = Object.keys(rows[0]).filter((c) => !BASE.has(c) && c !== 'seed' && c !== 'line');
        for (const g of golden.rows) {
          const found = rows.filter((row) => matches(g, row, conditionColumns));
          assert.equal(
            found.length,
            1,
            `one row at line ${g.line} for ${g.metric} ${g.statistic} ${JSON.stringify(g.conditions)}`,
          );
          assert.equal(Number(found[0].value), g.value, `line ${g.line}: ${g.text}`);
          assert.equal(found[0].unit, g.unit, `line ${g.line}: ${g.text}`);
        }
        if (golden.not_read.length) pages.push({ slug: golden.slug, count: golden.not_read.length });
      });
    }

    await t.test('the site builds with every file of the corpus in it', async () => {
      const r = await run(root, 'scripts/build.mjs', [], { timeout: 1_500_000 });
      assert.equal(r.code, 0, `build:\n${r.stdout}\n${r.stderr}`);
      for (const f of files) {
        const { slug } = JSON.parse(fs.readFileSync(path.join(CORPUS, `${f.file}.expected.json`), 'utf8'));
        assert.ok(fs.existsSync(path.join(root, 'public/reports', slug, 'index.html')), `the page of ${f.file}`);
      }
      for (const { slug, count } of pages) {
        const html = fs.readFileSync(path.join(root, 'public/reports', slug, 'index.html'), 'utf8');
        assert.match(html, new RegExp(`>${count} section${count === 1 ? '' : 's'} not read</h2>`), slug);
      }
    });
  },
);
