// Search, as a reader uses it: from the Search link in the site menu, a query finds reports by a
// client they measured, by a platform, and by a phrase that only one report's text contains; the
// results are links named after the pages, with excerpts. While searching, nothing is asked of
// another origin and the Content Security Policy is never broken. Without JavaScript the page says
// search needs it and links to the lists instead.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { ROOT, reports } from '../helpers/site.mjs';

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
