// Search, as a reader uses it: from the Search link in the site menu, a query finds reports by a
// client they measured, by a platform, and by a phrase that only one report's text contains; the
// results are links named after the pages, with excerpts. While searching, nothing is asked of
// another origin and the Content Security Policy is never broken. Without JavaScript the page says
// search needs it and links to the lists instead.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { ROOT, reports } from '../helpers/site.mjs';

const charts = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'charts', 'data', 'charts.json'), 'utf8')).charts;
/** The order of kinds in the results, as the reader sees their labels (assets/js/search.js RANK). */
const TYPE_RANK = { Report: 0, Subject: 0, Platform: 1, Comparison: 2, Chart: 3, '': 4, 'Report text': 5 };

const byFormat = (re) => reports().filter((r) => re.test(r.slug));
const platforms = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'platforms.json'), 'utf8'));
const platformOf = (slug) => Object.values(platforms).filter((p) => p.reports.some((u) => u.report === slug));
const darner = reports().find((r) => r.slug.startsWith('darner-'));

/** Requests to other origins, and CSP violations (console and securitypolicyviolation events). */
async function watch(page, baseURL) {
  const origin = new URL(baseURL).origin;
  const problems = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    const web = ['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol);
    if (web && u.origin !== origin) problems.push(`request to ${r.url()}`);
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.addInitScript(() => {
    window.__csp = [];
    const note = (e) => window.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    addEventListener('securitypolicyviolation', note, true);
  });
  return async () => [...problems, ...(await page.evaluate(() => window.__csp))];
}

/** Type a query into the search box and wait for the result count. */
async function search(page, query) {
  await page.getByRole('searchbox', { name: /search reports/i }).fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toContainText(new RegExp(`(result|Nothing found).*“${query}”`));
  return page.getByRole('region', { name: 'Search results' });
}

const MENU_SEARCH = 'the Search link in the site menu opens a search that finds both httpc_bench reports by "hackney"';
test(MENU_SEARCH, async ({ page, baseURL }) => {
  const problems = await watch(page, baseURL);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\/$/);
  const results = await search(page, 'hackney');
  const httpc = byFormat(/^httpc-bench-/);
  expect(httpc).toHaveLength(2);
  for (const r of httpc) {
    const link = results.getByRole('link', { name: r.title, exact: true });
    await expect(link, `a result links to ${r.title}`).toBeVisible();
    expect(new URL(await link.evaluate((a) => a.href)).pathname).toBe(`/reports/${r.slug}/`);
  }
  // Every result shows an excerpt with the word marked.
  await expect(results.locator('mark').first()).toHaveText(/hackney/i);
  expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
});

test('"POWER8" finds the CloudI 1.5.1 report and the POWER8 platform, and the type filter keeps one', async ({
  page,
  baseURL,
}) => {
  const problems = await watch(page, baseURL);
  await page.goto('/search/');
  const results = await search(page, 'POWER8');
  const cloudi = reports().find((r) => r.slug === 'cloudi-1.5.1-power8');
  const [power8] = platformOf(cloudi.slug);
  const reportLink = results.getByRole('link', { name: cloudi.title, exact: true });
  const platformLink = results.getByRole('link', { name: power8.name, exact: true });
  await expect(reportLink).toHaveAttribute('href', `/reports/${cloudi.slug}/`);
  await expect(platformLink).toHaveAttribute('href', `/platforms/${power8.id}/`);

  await page.getByRole('combobox', { name: 'Only' }).selectOption({ label: 'Platforms' });
  await expect(reportLink).toHaveCount(0);
  await expect(platformLink).toBeVisible();
  await expect(page, 'the query and filter are in the URL').toHaveURL(/\?q=POWER8&type=platform$/);
  expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
});

test('a phrase only the Darner report text contains finds that text, and nothing else', async ({ page, baseURL }) => {
  const problems = await watch(page, baseURL);
  await page.goto('/search/?q=warming+up+kestrel');
  await expect(page.getByRole('status')).toHaveText('1 result for “warming up kestrel”');
  const results = page.getByRole('region', { name: 'Search results' });
  const link = results.getByRole('link', { name: `${darner.title}: the report as published`, exact: true });
  await expect(link).toHaveAttribute('href', `/seeds/${darner.slug}/`);
  await expect(results.getByRole('listitem')).toContainText('Report text');
  expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
});

test('without JavaScript the search page says search needs it and links to the reports and platforms', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/search/');
    await expect(page.getByText('Search needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'every report' })).toHaveAttribute('href', '/reports/');
    await expect(page.getByRole('link', { name: 'every platform' })).toHaveAttribute('href', '/platforms/');
    await expect(page.getByRole('searchbox')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('"POWER8" lists the CloudI 1.5.1 POWER8 report first, then subjects, platforms, comparisons, charts and report texts last', async ({
  page,
  baseURL,
}) => {
  const problems = await watch(page, baseURL);
  await page.goto('/search/');
  const results = await search(page, 'POWER8');
  const cloudi = reports().find((r) => r.slug === 'cloudi-1.5.1-power8');
  const items = results.getByRole('listitem');
  await expect(items.first().getByRole('link').first()).toHaveText(cloudi.title);
  await expect(items.first().getByRole('link').first()).toHaveAttribute('href', `/reports/${cloudi.slug}/`);
  const types = await results.locator('.search-type').allTextContents();
  expect(types.length, 'more than one result').toBeGreaterThan(3);
  const ranks = types.map((t) => TYPE_RANK[t]);
  expect(
    ranks.every((r) => r !== undefined),
    `known types: ${types.join(', ')}`,
  ).toBe(true);
  expect(ranks, `types in reading order: ${types.join(', ')}`).toEqual([...ranks].sort((a, b) => a - b));
  expect(types.at(-1), 'the report text comes last').toBe('Report text');
  expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
});

test('a chart result opens its report at the chart, not the bare embed page', async ({ page, baseURL }) => {
  const problems = await watch(page, baseURL);
  const chart = charts['darner-vs-kestrel-ec2-m1-large--fairness-latency'];
  await page.goto('/search/');
  const results = await search(page, 'fairness');
  await page.getByRole('combobox', { name: 'Only' }).selectOption({ label: 'Charts' });
  const link = results.getByRole('link', { name: chart.title, exact: true });
  await expect(link).toHaveAttribute('href', `/reports/${chart.report}/#${chart.name}`);
  for (const href of await results.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
    expect(href, 'no result opens an embed page').not.toMatch(/^\/charts\//);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/reports/${chart.report}/#${chart.name}$`));
  const figure = page.getByRole('figure', { name: chart.title });
  await expect(figure).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    reports().find((r) => r.slug === chart.report).title,
  );
  expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
});
