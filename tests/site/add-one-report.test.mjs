// Adding one report redoes only what depends on it: in a throw-away copy of the site built once, a
// contributor adds one report (a copy of a real one with other numbers, on a real platform) and
// builds again. The chart cache gains the new report's charts and the comparisons that now include
// it, loses only the comparisons it replaced, and nothing else is drawn again; the views cache
// likewise. In public/, every file that changed is the new report's, mentions it, counts it or is
// the search index; every page that links to it is rebuilt (home, platform, subjects, comparisons,
// the feed); and the pages of the other reports are byte for byte what they were.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempSite, removeTempSite, run, snapshot } from '../helpers/temp-repo.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { readComparisons, readSubjects } from '../../scripts/lib/atlas.mjs';
import { readInputs } from '../../scripts/data/inputs.mjs';
import { addedReport, writeReport } from '../../scripts/bench/corpus.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

const build = async (root) => {
  const r = await run(root, 'scripts/build.mjs', [], { timeout: 600_000 });
  assert.equal(r.code, 0, `build:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

/**
 * The chart cache as chart id -> cache key: a chart's published SVG is a hard link of its cache
 * entry (build-charts.mjs), so the two share an inode.
 */
function cacheKeys(root) {
  const cache = path.join(root, '.cache', 'charts');
  const byInode = new Map();
  for (const f of fs.readdirSync(cache))
    if (/^[0-9a-f]{64}\.svg$/.test(f)) byInode.set(fs.statSync(path.join(cache, f)).ino, f.slice(0, 64));
  const charts = path.join(root, 'build', 'charts', 'static', 'charts');
  const ids = new Map();
  for (const f of fs.readdirSync(charts)) {
    if (!f.endsWith('.svg')) continue;
    const key = byInode.get(fs.statSync(path.join(charts, f)).ino);
    assert.ok(key, `${f} is linked from the cache`);
    ids.set(f.slice(0, -'.svg'.length), key);
  }
  const keys = new Set(fs.readdirSync(cache).map((f) => f.slice(0, 64)));
  return { ids, keys };
}

test(
  'adding one report changes only the cache entries and the pages that depend on it',
  { timeout: 1_500_000 },
  async () => {
    const root = tempSite('add-one');
    roots.push(root);
    await build(root);
    const chartIndex = () => JSON.parse(fs.readFileSync(path.join(root, 'build/charts/data/charts.json'), 'utf8'));
    const comparisonsBefore = chartIndex().comparisons;
    const viewKeys = () => new Set(fs.readdirSync(path.join(root, '.cache', 'views')));
    const comparisonsNow = () =>
      new Map(readComparisons(path.join(root, 'data')).map((c) => [c.id, JSON.stringify(c)]));
    const before = {
      cache: cacheKeys(root),
      views: viewKeys(),
      comparisons: comparisonsNow(),
      pages: snapshot(path.join(root, 'public')),
    };

    // # A contributor adds one report.
    const report = addedReport(readInputs(ROOT).reports, 0, 1, { lab: null });
    writeReport(root, ROOT, report);
    await build(root);
    const after = {
      cache: cacheKeys(root),
      views: viewKeys(),
      comparisons: comparisonsNow(),
      pages: snapshot(path.join(root, 'public')),
    };
    const charts = JSON.parse(fs.readFileSync(path.join(root, 'build/charts/data/charts.json'), 'utf8'));
    const own = new Set(charts.reports[report.slug]);
    assert.ok(own.size > 0, 'the new report has charts');
    /** The comparisons that include the new report, by chart id. */
    const comparing = new Set(
      readComparisons(path.join(root, 'data'))
        .filter((c) => JSON.stringify(c).includes(`"${report.slug}"`))
        .map((c) => charts.comparisons[c.id]?.id)
        .filter(Boolean),
    );
    /** The subjects the new report measured: their charts over reports (subject--<entity>) gain its figure. */
    const subjectsOfIt = new Set(
      readSubjects(path.join(root, 'data'))
        .filter((x) => x.reports.some((r) => r.report === report.slug && r.figures?.length))
        .map((x) => `subject--${x.id}`),
    );
    const dependsOnIt = (id) => own.has(id) || comparing.has(id) || subjectsOfIt.has(id);

    // # The chart cache.
    const drawn = [...after.cache.ids].filter(([id, key]) => before.cache.ids.get(id) !== key).map(([id]) => id);
    assert.deepEqual(
      drawn.filter((id) => !dependsOnIt(id)),
      [],
      'no chart that does not depend on the new report was drawn again',
    );
    assert.ok(
      [...own].every((id) => drawn.includes(id)),
      "the new report's charts are new entries",
    );
    assert.deepEqual(
      [...after.cache.keys].sort(),
      [...new Set(after.cache.ids.values())].sort(),
      'the cache holds the entries of the charts built, and nothing else',
    );
    const kept = [...before.cache.ids].filter(([id]) => !dependsOnIt(id) && after.cache.ids.has(id));
    assert.ok(
      kept.every(([, key]) => after.cache.keys.has(key)),
      'every other chart kept its entry',
    );
    assert.ok(kept.length > 20, `${kept.length} charts kept their entries`);

    // # The views cache: one entry a report and a comparison; the new report's and the new or
    // changed comparisons' are added, the replaced comparisons' removed, and no other.
    const gone = [...before.comparisons].filter(([id, c]) => after.comparisons.get(id) !== c).length;
    const made = [...after.comparisons].filter(([id, c]) => before.comparisons.get(id) !== c).length;
    assert.ok(made > 0, 'the new report is in comparisons');
    const added = [...after.views].filter((k) => !before.views.has(k)).length;
    const removed = [...before.views].filter((k) => !after.views.has(k)).length;
    assert.equal(removed, gone, 'views entries removed: the comparisons the new report changed or replaced');
    assert.equal(added, 1 + made, 'views entries added: the report and the comparisons it is in');

    // # The pages.
    const href = `/reports/${report.slug}/`;
    const mentions = (rel) =>
      /\.(html|xml|json|csv|svg)$/.test(rel) &&
      fs.readFileSync(path.join(root, 'public', rel), 'utf8').includes(report.slug);
    // Its own files, the search index, the files of the comparisons that include it, and the pages
    // that count the reports of a subject without naming them (the list of subjects).
    const COUNTS = ['subjects/index.html'];
    const explained = (f) =>
      f.includes(report.slug) ||
      f.startsWith('pagefind/') ||
      [...comparing, ...subjectsOfIt].some((id) => f.startsWith(`charts/${id}.`) || f.startsWith(`charts/${id}/`)) ||
      COUNTS.includes(f) ||
      mentions(f);
    const changed = Object.keys(after.pages).filter((f) => before.pages[f] !== after.pages[f]);
    assert.deepEqual(
      changed.filter((f) => !explained(f)),
      [],
      "every file that changed is the new report's, or mentions or counts it",
    );
    const pages = Object.keys(after.pages).filter((f) => f.endsWith('.html'));
    const linking = pages.filter((f) => fs.readFileSync(path.join(root, 'public', f), 'utf8').includes(href));
    assert.ok(linking.includes('index.html'), 'the home page links to the new report');
    assert.ok(
      linking.some((f) => f.startsWith('platforms/')) && linking.some((f) => f.startsWith('subjects/')),
      'its platform and subject pages link to it',
    );
    assert.deepEqual(
      linking.filter((f) => !changed.includes(f)),
      [],
      'every page that links to it was rebuilt',
    );
    assert.ok(changed.includes('feed.xml') && mentions('feed.xml'), 'the feed lists it');
    assert.ok(
      changed.some((f) => f.startsWith('pagefind/')),
      'the search index has it',
    );
    // Gone: only the search index's old files and those of the comparisons the new report replaced
    // (their pages, chart files and downloads).
    const replacedPrefixes = Object.values(comparisonsBefore)
      .filter((c) => !charts.comparisons[c.comparison])
      .flatMap((c) => [
        `charts/${c.id}.`,
        `charts/${c.id}/`,
        `compare/${c.slug}/`,
        `data/comparisons/${c.comparison}.`,
      ]);
    const replaced = (f) => replacedPrefixes.some((p) => f.startsWith(p));
    assert.deepEqual(
      Object.keys(before.pages).filter((f) => !(f in after.pages) && !f.startsWith('pagefind/') && !replaced(f)),
      [],
      'no other file left the site',
    );
    const others = Object.keys(before.pages).filter(
      (f) =>
        /^(reports|seeds|charts)\//.test(f) &&
        f in after.pages &&
        !f.includes(report.slug) &&
        // A subject's or comparison's chart that gains the new report: its files and embed page.
        ![...comparing, ...subjectsOfIt].some((id) => f.startsWith(`charts/${id}.`) || f.startsWith(`charts/${id}/`)) &&
        !mentions(f),
    );
    assert.ok(others.length > 50, `${others.length} pages and files of the other reports`);
    assert.deepEqual(
      others.filter((f) => before.pages[f] !== after.pages[f]),
      [],
      "the other reports' pages and files are byte for byte what they were",
    );
  },
);
