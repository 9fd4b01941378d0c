// Every result file reads right (issue 31): a corpus of real result files from public repositories
// (tests/fixtures/corpus/<kind>/<file>, each one's repository, path and commit in SOURCES.md), added
// one after another with add-report into one throw-away copy of the site, as a contributor would.
// Each must go in, with the headline numbers of its golden file (<file>.expected.json: value, unit,
// statistic and conditions at the line of the file that states them) and with exactly the passages
// its golden lists as not read (keep what reads: printed by add-report, kept in data/reports/).
// Then the site is built with all of them at once, and each page that left a passage out says so.
// Then, as a reader would meet them: every finding of a corpus report is the render of the claims
// its chart keeps (build/charts/claims.json), each holding over the rows of the chart's CSV it cites
// (tests/helpers/findings.mjs; one scale a chart), every other headline's numbers are its rows', and every corpus report page is opened in Chromium at 375 and 1,280 px,
// light and dark (tests/helpers/reader.mjs): chart labels whole, no sideways scrolling on a phone,
// the spread of every plotted row that has one drawn, tables keeping their identifying and value
// columns on a phone.
// A golden with "platform": { name, line, text } names the machine the file states: add-report must
// propose that platform and print the line it came from.
// A golden with "values": N is how many measured values the right reading gives: exactly N go in.
// A golden with "misread": "<what the readers get wrong>" holds the right reading of a file the generic
// readers misread. With a recipe kept beside it (<file>.recipe.yaml) the file is added with that recipe,
// as a contributor who corrected the reading adds it (`add-report FILE --recipe R.yaml`), reads as
// `recipe`, and is checked as every other file is; without one, its add-report subtest is a todo
// (reported, not failed) and the site checks leave it out.
// CORPUS_ONLY=<kind or file>[,...] adds only those files, for a quick look at one adapter; CORPUS_KEEP=1
// keeps the built copy (its path is printed) and CORPUS_SITE=<that path> checks it again without
// adding or building.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { chromium } from '@playwright/test';
import { corpusFiles, formatsOf, goldenOf, readsRight } from '../../scripts/bench/real-files.mjs';
import { addCorpusFile } from '../../scripts/bench/corpus-site.mjs';
import { tempSite, removeTempSite, run } from '../helpers/temp-repo.mjs';
import { csvRecords } from '../helpers/site.mjs';
import { matches } from '../helpers/corpus.mjs';
import {
  chartProblems,
  claimProblems,
  headlineProblems,
  scaleProblems,
  siteChart,
  siteClaims,
  statisticProblems,
} from '../helpers/findings.mjs';
import { chartTextProblems, columnsOf, identityAndValue, sidewaysOverflow, spreadMarks } from '../helpers/reader.mjs';
import { serve } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromePath } from '../../scripts/lib/tools.mjs';

const BASE = new Set(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/data/schemas/tables/measurement.json'), 'utf8')).fields.map(
    (f) => f.name,
  ),
);

/** The corpus files (CORPUS_ONLY=<kind or file>[,...]: those kinds and files only). */
function corpus() {
  const only = process.env.CORPUS_ONLY?.split(',').map((o) => o.trim());
  return only
    ? corpusFiles().filter((f) => only.some((o) => f.file === o || f.file.startsWith(`${o}/`)))
    : corpusFiles();
}

const roots = [];
after(() =>
  process.env.CORPUS_KEEP ? roots.forEach((r) => console.log(`corpus site kept: ${r}`)) : roots.forEach(removeTempSite),
);

const golden = (f) => goldenOf(f.file);
/** A text as a regular expression that matches it literally. */
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every finding and headline of the corpus reports, recomputed from the CSV of the chart that
 * prints it: the reasons each one is not supported (empty: all are).
 */
function findingProblems(root, slugs) {
  const dir = path.join(root, 'build/charts');
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'data/charts.json'), 'utf8'));
  const wrong = [];
  let checked = 0;
  for (const slug of slugs) {
    const charts = (index.reports[slug] ?? []).map((id) => siteChart(dir, index.charts[id]));
    for (const c of charts) {
      checked++;
      for (const w of chartProblems(c)) wrong.push(`${c.id}: "${c.entry.finding}": ${w}`);
    }
    // A headline that is no chart's finding is the claims its chart keeps for it, holding over its rows.
    const headline = index.findings[slug]?.headline;
    if (headline && !charts.some((c) => c.entry.finding === headline))
      for (const w of headlineProblems(headline, charts)) wrong.push(`${slug} headline: "${headline}": ${w}`);
    // Every sentence the page lists is a drawn chart's finding (so it was checked above).
    for (const item of index.findings[slug]?.items ?? [])
      if (!charts.some((c) => c.entry.finding === item)) wrong.push(`${slug}: "${item}" is no drawn chart's finding`);
  }
  return { wrong, checked, index };
}

/**
 * Every chart the site publishes (each report's, the seeds' too, each subject's and comparison's):
 * the ones that mix scales or statistics; and the atlas's sentences (each comparison's and subject's
 * chart, and a subject's one figure with no chart) checked as their kept claims (claimProblems: the
 * report charts' are checked in findingProblems).
 */
function mixedCharts(root, index) {
  const dir = path.join(root, 'build/charts');
  const wrong = [];
  const atlas = new Set([index.comparisons, index.subjects].flatMap((g) => Object.values(g ?? {})));
  for (const entry of [index.charts, index.subjects, index.comparisons].flatMap((g) => Object.values(g ?? {}))) {
    const chart = siteChart(dir, entry);
    for (const w of [
      ...scaleProblems(chart),
      ...statisticProblems(chart),
      ...(atlas.has(entry) ? claimProblems(chart) : []),
    ])
      wrong.push(`${entry.id}: "${entry.finding}": ${w}`);
  }
  for (const single of Object.values(index.singles ?? {})) {
    const chart = { rows: [], entry: { ...single, claims: siteClaims(dir)[single.id] ?? [] } };
    for (const w of claimProblems(chart)) wrong.push(`${single.id}: "${single.finding}": ${w}`);
  }
  return wrong;
}

/**
 * Rows of the corpus reports' measurement tables that give a spread and that no chart plots (the
 * table and downloads keep them): reported, not failed, so that what is left is in view.
 */
function spreadsNotCharted(root, slugs, index) {
  const out = [];
  for (const slug of slugs) {
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${slug}.json`), 'utf8'));
    const m = doc.tables.find((t) => t.kind === 'measurement');
    if (!m) continue;
    const plotted = new Set(
      (index.reports[slug] ?? []).flatMap((id) =>
        siteChart(path.join(root, 'build/charts'), index.charts[id]).rows.map((r) => `${r.seed}:${r.line}`),
      ),
    );
    const rows = csvRecords(fs.readFileSync(path.join(root, 'data', m.path), 'utf8')).filter(
      (r) => (r.spread ?? '') !== '' || ((r.lower ?? '') !== '' && (r.upper ?? '') !== ''),
    );
    const left = rows.filter((r) => !plotted.has(`${r.seed}:${r.line}`));
    if (left.length)
      out.push(
        `${slug}: ${left.length} of ${rows.length} rows with a spread in no chart (${[...new Set(left.map((r) => `${r.source_table} ${r.metric} ${r.statistic}`))].join(', ')})`,
      );
  }
  return out;
}

/** Rows of a chart's CSV that carry a spread the drawing can place (both ends, in the chart's unit). */
const withSpread = (chart, log) =>
  chart.rows.filter((r) => typeof r.lo === 'number' && typeof r.hi === 'number' && (!log || r.lo > 0)).length;

/**
 * Every corpus report page as a reader sees it, at each width and theme (one page load each): the
 * problems found. Live charts are held back (an IntersectionObserver that never fires), so the
 * drawings read are the ones the page inlines, as the Playwright specs read them with scripts off;
 * the page script still runs, so a table shows the columns it keeps on a phone.
 */
async function readerProblems(root, slugs, index) {
  const server = await serve({ dir: path.join(root, 'public') });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const executablePath = chromePath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const problems = [];
  try {
    for (const width of [375, 1280])
      for (const scheme of ['light', 'dark']) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        context.setDefaultTimeout(30_000);
        await context.addInitScript(() => {
          globalThis.IntersectionObserver = class {
            observe() {}
            unobserve() {}
            disconnect() {}
          };
        });
        const page = await context.newPage();
        try {
          for (const slug of slugs) {
            const at = `${slug} at ${width} px (${scheme})`;
            const response = await page.goto(`${origin}/reports/${slug}/`, { waitUntil: 'load', timeout: 30_000 });
            if (!response?.ok()) {
              problems.push(`${at}: HTTP ${response?.status()}`);
              continue;
            }
            const charts = index.reports[slug] ?? [];
            const text = await chartTextProblems(page);
            if (text.drawings !== charts.length)
              problems.push(`${at}: ${text.drawings} drawings shown for ${charts.length} charts`);
            problems.push(...text.problems.map((p) => `${at}: ${p}`));
            if (width < 600) {
              const o = await sidewaysOverflow(page);
              if (o.scrollWidth > o.innerWidth)
                problems.push(`${at}: scrolls sideways (${o.scrollWidth} px); ${o.widest}`);
            }
            const spreads = await spreadMarks(page);
            for (const id of charts) {
              const entry = index.charts[id];
              const chart = siteChart(path.join(root, 'build/charts'), entry);
              const expected = withSpread(chart, (entry.log_scales ?? []).length > 0);
              if ((spreads[id] ?? 0) !== expected)
                problems.push(`${at}: ${id} draws ${spreads[id] ?? 0} spreads for ${expected} rows with one`);
            }
            if (width >= 600) continue;
            const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${slug}.json`), 'utf8'));
            for (const t of doc.tables) {
              const section = page.locator(`section.data-table#table-${t.id}`);
              if (!(await section.count())) continue;
              const all = await columnsOf(section);
              const shown = all.filter((c) => c.shown).map((c) => c.col);
              for (const key of identityAndValue(t.kind, root))
                if (all.some((c) => c.col === key) && !shown.includes(key))
                  problems.push(`${at}: table ${t.id} hides ${key} on a phone`);
              if (
                all.some((c) => c.numeric && c.col !== 'line') &&
                !all.some((c) => c.shown && c.numeric && c.col !== 'line')
              )
                problems.push(`${at}: table ${t.id} shows no value column on a phone`);
            }
          }
        } finally {
          await context.close();
        }
      }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return problems;
}

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
    // Files the generic readers misread (their golden says how) and no kept recipe corrects are tried,
    // and left out of the site checks.
    const ready = files.filter((f) => readsRight(f.file));
    const slugs = ready.map((f) => golden(f).slug).sort();
    const kept = process.env.CORPUS_SITE;
    const root = kept ?? tempSite('corpus');
    if (!kept) roots.push(root, `${root}-inputs`);
    const pages = [];
    for (const f of kept ? [] : files) {
      const golden = goldenOf(f.file);
      const formats = formatsOf(f.file);
      await t.test(`${f.file} reads as ${formats}`, { todo: !readsRight(f.file) && golden.misread }, async () => {
        const r = await addCorpusFile(root, f);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, new RegExp(`\\(format ${esc(formats)}\\)`));
        const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${golden.slug}.json`), 'utf8'));
        // Keep what reads: exactly the passages the golden lists are left out, each printed with its line.
        assert.deepEqual(
          (doc.not_read ?? []).map(({ from, to, line }) => ({ from, to, line })),
          golden.not_read,
        );
        for (const l of golden.not_read)
          assert.match(r.stdout, new RegExp(`${path.basename(f.file)}:${l.line}: expected `));
        // The machine the file states is its platform, and add-report prints the line it came from.
        // A machine another corpus file already stated (the same CPU and clock) is that platform,
        // "already known"; a new one is named as the golden says.
        if (golden.platform) {
          const use = new RegExp(
            `^ {2}.+?: (\\S+) \\((new entry in seeds/platforms\\.yaml|already known)\\)\\n {4}from \\S*${esc(path.basename(f.file))}:${golden.platform.line}: "${esc(golden.platform.text)}"`,
            'm',
          ).exec(r.stdout);
          assert.ok(use, `add-report names the platform and the line it came from:\n${r.stdout}`);
          if (use[2] !== 'already known')
            assert.match(
              fs.readFileSync(path.join(root, 'seeds/platforms.yaml'), 'utf8'),
              new RegExp(`name: ${esc(JSON.stringify(golden.platform.name))}`),
            );
        }
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
        // A golden's "values": no line of prose, settings or checks read as one more measured value.
        if (golden.values !== undefined)
          assert.equal(
            rows.length,
            golden.values,
            `the page counts ${rows.length} measured values for the ${golden.values} the file measures:\n${rows.map((r) => `${r.line}: ${r.benchmark} ${r.value} ${r.unit}`).join('\n')}`,
          );
        if (golden.not_read.length) pages.push({ slug: golden.slug, count: golden.not_read.length });
      });
    }

    if (!kept)
      await t.test('the site builds with every file of the corpus in it', async () => {
        const r = await run(root, 'scripts/build.mjs', [], { timeout: 1_500_000 });
        assert.equal(r.code, 0, `build:\n${r.stdout}\n${r.stderr}`);
        for (const f of ready) {
          const { slug } = goldenOf(f.file);
          assert.ok(fs.existsSync(path.join(root, 'public/reports', slug, 'index.html')), `the page of ${f.file}`);
        }
        for (const { slug, count } of pages) {
          const html = fs.readFileSync(path.join(root, 'public/reports', slug, 'index.html'), 'utf8');
          assert.match(html, new RegExp(`>${count} section${count === 1 ? '' : 's'} not read</h2>`), slug);
        }
      });

    let index;
    await t.test(
      'every finding and headline of a corpus report is supported by the rows of its chart, in one scale and one statistic',
      () => {
        const found = findingProblems(root, slugs);
        index = found.index;
        assert.deepEqual(found.wrong, []);
        assert.ok(found.checked >= slugs.length, `${found.checked} charts checked`);
        assert.deepEqual(mixedCharts(root, index), [], 'no chart of the site mixes scales or statistics');
      },
    );

    await t.test(
      'every corpus report page, at 375 and 1,280 px in light and dark, shows whole chart labels, its spreads and the key table columns, and never scrolls sideways on a phone',
      { timeout: 1_200_000 },
      async () => {
        const started = Date.now();
        const problems = await readerProblems(root, slugs, index);
        t.diagnostic(`${slugs.length} pages x 4 views read in ${Math.round((Date.now() - started) / 1000)} s`);
        for (const d of spreadsNotCharted(root, slugs, index)) t.diagnostic(d);
        assert.deepEqual(problems, []);
      },
    );
  },
);
