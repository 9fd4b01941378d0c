// What the end-to-end specs know about the site without asking the site: the truth in data/ (tidy
// CSVs and report documents), the chart index the build wrote (build/charts/data/charts.json), and the
// pages of public/ found by following links from the home page. Plus the few browser steps every
// spec repeats: listening for errors, and scrolling a page so that every chart becomes live.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { expect } from '@playwright/test';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { attrOf, elements, parseHtml } from '../../scripts/check/html.mjs';
import { unescapeFormula } from '../../scripts/lib/csv.mjs';
import { readComparisons, readSubjects } from '../../scripts/lib/atlas.mjs';

export { ROOT };
export const PUBLIC = path.join(ROOT, 'public');

// ---------- data/ ----------

/** Records of a CSV text, every cell a string as a reader sees it (a formula-like cell's guarding ' taken off). */
export function csvRecords(text) {
  return parseCsv(text, { columns: true, skip_empty_lines: true, cast: (v) => unescapeFormula(v) });
}

/** Rows of data/tables/<slug>/<table>.csv. */
export function tableRows(slug, table) {
  return csvRecords(fs.readFileSync(path.join(ROOT, 'data', 'tables', slug, `${table}.csv`), 'utf8'));
}

/** Every report document of data/reports/, sorted by slug. */
export function reports() {
  const dir = path.join(ROOT, 'data', 'reports');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

export function report(slug) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reports', `${slug}.json`), 'utf8'));
}

export function platformIds() {
  return Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'platforms.json'), 'utf8'))).sort();
}

/** The atlas's comparisons across reports (data/atlas/comparisons/<id>.json), sorted by id. */
export function atlasComparisons() {
  return readComparisons(path.join(ROOT, 'data'));
}

/** The atlas's subjects (data/atlas/subjects/<id>.json): one per software entity. */
export function atlasSubjects() {
  return readSubjects(path.join(ROOT, 'data'));
}

/** Rows of data/atlas/comparisons/<id>.csv: one per compared value, with its seed and line. */
export function comparisonRows(id) {
  return csvRecords(fs.readFileSync(path.join(ROOT, 'data', 'atlas', 'comparisons', `${id}.csv`), 'utf8'));
}

/** build/charts/data/charts.json, or an empty index when the chart step has not run. */
export function chartIndex() {
  const file = path.join(ROOT, 'build', 'charts', 'data', 'charts.json');
  if (!fs.existsSync(file)) return { charts: {}, reports: {}, findings: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Every chart a reader can embed, in the order of charts.json: each report's, each comparison's and
 * each subject's. Each entry names where it sits (`page`) and the reports it draws from (`sources`).
 */
export function allCharts(index = chartIndex()) {
  return [index.charts, index.comparisons, index.subjects].flatMap((group) => Object.values(group ?? {}));
}

/** A chart by id, whichever group it is in. */
export function chartById(id, index = chartIndex()) {
  return allCharts(index).find((c) => c.id === id);
}

/** Charts of one report in page order. */
export function chartsOf(slug, index = chartIndex()) {
  return (index.reports[slug] ?? []).map((id) => index.charts[id]);
}

/** The rows a chart plots, from the file the chart step wrote (public/charts/<id>.csv). */
export function plottedRows(id) {
  return csvRecords(fs.readFileSync(path.join(PUBLIC, 'charts', `${id}.csv`), 'utf8'));
}

/** The vendor scripts the site serves (public/vendor/<name>@<version>.min.js), by name. */
export function vendorScripts() {
  const out = {};
  for (const f of fs.readdirSync(path.join(PUBLIC, 'vendor'))) {
    const m = /^(vega|vega-lite|vega-embed)@[\d.]+\.min\.js$/.exec(f);
    if (m) out[m[1]] = `/vendor/${f}`;
  }
  return out;
}

/** The ways a number can be written in a cell or tooltip: raw, with thousands separators, rounded. */
export function numberForms(raw) {
  const n = Number(raw);
  const forms = new Set([String(raw)]);
  if (raw !== '' && Number.isFinite(n)) {
    forms.add(String(n));
    forms.add(n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
    forms.add(n.toLocaleString('en-US', { maximumFractionDigits: 1 }));
    forms.add(n.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  }
  return [...forms];
}

// ---------- public/: the pages a reader can reach ----------

/** The file public/ serves for a URL path, or null. */
function fileFor(urlPath) {
  const p = path.join(PUBLIC, decodeURIComponent(urlPath));
  if (!p.startsWith(PUBLIC)) return null;
  if (fs.existsSync(p) && fs.statSync(p).isDirectory()) {
    const index = path.join(p, 'index.html');
    return fs.existsSync(index) ? index : null;
  }
  return fs.existsSync(p) ? p : null;
}

function hrefs(html) {
  return [...elements(parseHtml(html))]
    .filter((el) => el.tagName === 'a' && attrOf(el, 'href'))
    .map((el) => attrOf(el, 'href'));
}

/**
 * The HTML pages reachable from / by same-origin links, read from public/ (the site is static, so
 * this is what a crawler over HTTP finds; pages.spec checks every live page's links against it).
 * @returns {string[]} URL paths ending in /
 */
export function crawlPublic(start = ['/']) {
  const seen = new Set();
  const queue = [...start];
  const origin = 'http://site.invalid';
  while (queue.length) {
    const p = queue.shift();
    if (seen.has(p)) continue;
    const file = fileFor(p);
    if (!file || !file.endsWith('.html')) continue;
    seen.add(p);
    for (const href of hrefs(fs.readFileSync(file, 'utf8'))) {
      const u = new URL(href, origin + p);
      if (u.origin !== origin) continue;
      const target = fileFor(u.pathname);
      if (target?.endsWith('.html') && !seen.has(u.pathname)) queue.push(u.pathname);
    }
  }
  return [...seen].sort();
}

/** Every page the brief names from data: reports, seeds, platforms, chart embed pages, subjects, comparisons. */
export function dataPages(index = chartIndex()) {
  return [
    ...reports().flatMap((r) => [`/reports/${r.slug}/`, `/seeds/${r.slug}/`]),
    ...platformIds().map((id) => `/platforms/${id}/`),
    ...allCharts(index).map((c) => `/charts/${c.id}/`),
    ...atlasSubjects().map((s) => `/subjects/${s.id}/`),
    ...atlasComparisons().map((c) => `/compare/${c.slug}/`),
  ];
}

/** A file name for a page: / -> home, /reports/x/ -> reports-x. */
export function pageName(urlPath) {
  return urlPath.replace(/^\/|\/$/g, '').replace(/[^a-zA-Z0-9.-]+/g, '-') || 'home';
}

// ---------- the browser ----------

/**
 * How long a chart may take to become live: fetch its spec, load the Vega runtime once, render.
 * Generous because the suite may share two cores with a build; a wait, never a sleep.
 */
export const LIVE_TIMEOUT = 20_000;

/** Wait until a chart figure is live (data-state="ready"; on an embed page, once pointed at); "error" fails at once. */
export async function expectLive(fig) {
  // An embed page's chart goes live when the reader points at it; a page's, when it comes near.
  if (await fig.evaluate((f) => f.ownerDocument.documentElement.classList.contains('embed'))) await fig.hover();
  await expect(fig, 'the chart becomes interactive').toHaveAttribute('data-state', /^(ready|error)$/, {
    timeout: LIVE_TIMEOUT,
  });
  expect(await fig.getAttribute('data-state'), 'the chart did not fail to load').toBe('ready');
}

/**
 * Record what goes wrong while a page is open: console errors, uncaught exceptions, requests that
 * fail or answer 400 or more.
 */
export function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  // A request the page itself gave up when it navigated away (net::ERR_ABORTED) is not a broken
  // resource: a missing file answers 404 and is caught below.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/**
 * Scroll every chart of the page into view (on an embed page, point at it), as a reader does, and wait until each is live
 * (data-state="ready"; "error" fails at once with the chart's id).
 */
export async function makeChartsLive(page, root = page) {
  const figures = root.locator('figure.chart[data-spec]');
  const n = await figures.count();
  // An embed page's chart goes live when the reader points at it; a page's, when it comes near.
  const embed = (await root.locator('html.embed').count()) > 0;
  for (let i = 0; i < n; i++) {
    const fig = figures.nth(i);
    await fig.scrollIntoViewIfNeeded();
    if (embed) await fig.hover();
    const id = await fig.getAttribute('data-chart');
    await expect(fig, `chart ${id} becomes interactive`).toHaveAttribute('data-state', /^(ready|error)$/, {
      timeout: LIVE_TIMEOUT,
    });
    expect(await fig.getAttribute('data-state'), `chart ${id} did not fail to load`).toBe('ready');
  }
  return n;
}

/**
 * Wait for the charts that the page makes live by itself (those within 200 px of the viewport,
 * as the page script's observer sees them), without scrolling to the others.
 */
export async function settleVisibleCharts(page) {
  const near = await page.locator('figure.chart[data-spec]').evaluateAll((figs) =>
    figs.flatMap((f, i) => {
      const r = f.getBoundingClientRect();
      return r.bottom > -200 && r.top < innerHeight + 200 ? [i] : [];
    }),
  );
  for (const i of near) await expectLive(page.locator('figure.chart[data-spec]').nth(i));
}

/**
 * Point at the marks of the first live chart under `root` (a page or a frame), at the centre and
 * near a corner (a heatmap cell has its label, which has no tooltip, over its centre), until its
 * tooltip shows; expects it to show.
 * @returns {Promise<{ tooltip: import('@playwright/test').Locator, chart: object }>}
 */
export async function hoverUntilTooltip(root, page, index = chartIndex()) {
  const figure = root.locator('figure.chart[data-state="ready"]').first();
  const id = await figure.getAttribute('data-chart');
  // A report's chart, or a subject's or a comparison's (charts.json keeps them apart).
  const chart = chartById(id, index);
  const tooltip = root.locator('#vg-tooltip-element.visible');
  const marks = figure.locator(chart.marks_selector);
  // The first marks a reader can point at (a bar of 0 has no width to point at).
  search: for (let i = 0, tried = 0; i < (await marks.count()) && tried < 3; i++) {
    const box = await marks.nth(i).boundingBox();
    if (!box || box.width < 1 || box.height < 1) continue;
    tried++;
    for (const position of [undefined, { x: Math.min(2, box.width / 2), y: Math.min(2, box.height / 2) }]) {
      await marks.nth(i).hover({ force: true, position });
      if (await tooltip.isVisible()) break search;
      await page.waitForTimeout(150);
      if (await tooltip.isVisible()) break search;
    }
  }
  await expect(tooltip, `a tooltip on a mark of ${chart.id}`).toBeVisible();
  return { tooltip, chart };
}

/**
 * Whether a report page shows a table in full: every table but the measurement model's, which is a
 * download only unless an adapter read some of its rows (its `from` names a format, not a table).
 */
export const tableOnPage = (report, t) =>
  t.kind !== 'measurement' || (t.from ?? []).some((f) => !report.tables.some((x) => x.id === f));
