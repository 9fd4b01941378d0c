// Search, as a reader uses it: from the Search link in the site menu, a query finds reports by a
// client they measured, by a platform, and by a phrase that only one report's text contains; the
// results are links named after the pages, with excerpts. A query that names a page (a platform's
// name, a subject, a title) puts that page first, under "Best match"; the others follow grouped by
// kind under headings; titles are whole and excerpts keep their words apart. While searching, nothing is asked of
// another origin and the Content Security Policy is never broken. Without JavaScript the page says
// search needs it and links to the lists instead.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { ROOT, reports } from '../helpers/site.mjs';
import { serve } from '../../scripts/serve.mjs';
import { searchNotice } from '../../scripts/live.mjs';

const charts = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'charts', 'data', 'charts.json'), 'utf8')).charts;
/** The group headings, in order, and the type label of the results under each. */
const GROUPS = [
  ['Reports', 'Report'],
  ['Subjects', 'Subject'],
  ['Platforms', 'Platform'],
  ['Comparisons', 'Comparison'],
  ['Charts', 'Chart'],
  ['Other pages', ''],
  ['Report texts', 'Report text'],
];

const byFormat = (re) => reports().filter((r) => re.test(r.slug));
const platforms = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'platforms.json'), 'utf8'));
const platformOf = (slug) => Object.values(platforms).filter((p) => p.reports.some((u) => u.report === slug));
const darner = reports().find((r) => r.slug.startsWith('darner-'));

/** "POWER8" typed into the search page, watched: the results, and the report and platform it must find. */
async function searchPower8(page, baseURL) {
  const problems = await watch(page, baseURL);
  await page.goto('/search/');
  const results = await search(page, 'POWER8');
  const cloudi = reports().find((r) => r.slug === 'cloudi-1.5.1-power8');
  const [power8] = platformOf(cloudi.slug);
  return { problems, results, cloudi, power8 };
}

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
  const quoted = query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByRole('status')).toContainText(new RegExp(`(result|Nothing found).*“${quoted}”`));
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
  const { problems, results, cloudi, power8 } = await searchPower8(page, baseURL);
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
  // A built site's index is its pages': only npm start, while it rebuilds the index, says otherwise.
  await expect(page.getByText(/search index is being updated/)).toHaveCount(0);
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

/** The results as a reader reads them: each group's heading and, under it, each result's title, type and excerpt. */
const readResults = (results) =>
  results.locator('h3').evaluateAll((hs) =>
    hs.map((h) => ({
      heading: h.textContent,
      items: [...h.nextElementSibling.querySelectorAll('li')].map((li) => ({
        title: li.querySelector('a').textContent,
        href: li.querySelector('a').getAttribute('href'),
        type: li.querySelector('.search-type').textContent,
        excerpt: li.querySelector('.search-excerpt').textContent,
      })),
    })),
  );

for (const width of [375, 1280])
  for (const scheme of ['light', 'dark'])
    test.describe(`at ${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme });

      test('"POWER8" gives the POWER8 platform page first, under "Best match", then the CloudI 1.5.1 report first of the reports, the rest grouped by kind', async ({
        page,
        baseURL,
      }) => {
        const { problems, results, cloudi, power8 } = await searchPower8(page, baseURL);
        const first = results.getByRole('listitem').first().getByRole('link');
        await expect(first).toHaveText(power8.name);
        await expect(first).toHaveAttribute('href', `/platforms/${power8.id}/`);
        await expect(first).toBeInViewport();
        const groups = await readResults(results);
        expect(groups[0].heading).toBe('Best match');
        expect(groups[0].items.map((i) => i.title)).toEqual([power8.name]);
        expect(groups[1].heading).toBe('Reports');
        expect(groups[1].items[0].title).toBe(cloudi.title);
        // The other groups in reading order, those with a page titled with the query first (report
        // texts last), each holding only its own kind.
        const headings = groups.slice(1).map((g) => g.heading);
        const order = GROUPS.map(([h]) => h);
        const naming = (h) =>
          h !== 'Report texts' && groups.find((g) => g.heading === h).items.some((i) => /\bPOWER8\b/.test(i.title));
        const rank = (h) => (h === 'Report texts' ? 2 : naming(h) ? 0 : 1) * 10 + order.indexOf(h);
        expect(headings, 'groups in order').toEqual([...headings].sort((a, b) => rank(a) - rank(b)));
        for (const g of groups.slice(1)) {
          const type = GROUPS.find(([h]) => h === g.heading)[1];
          expect(
            g.items.map((i) => i.type),
            `${g.heading} hold only ${type || 'other'} results`,
          ).toEqual(g.items.map(() => type));
        }
        expect(groups.at(-1).heading, 'report texts come last').toBe('Report texts');
        expect(await problems(), 'requests to other origins and CSP violations while searching').toEqual([]);
      });

      test('results show whole titles, once, and excerpts whose words are apart', async ({ page }) => {
        await page.goto('/search/');
        for (const q of ['POWER8', 'hackney', 'Erlang']) {
          const groups = await readResults(await search(page, q));
          const items = groups.flatMap((g) => g.items);
          expect(items.length, q).toBeGreaterThan(3);
          for (const i of items) {
            // No excerpt opens with the end of its title ("request rate on IBM POWER8. How many ...").
            const head = i.excerpt.split(/[.:] /)[0].trim();
            expect(
              head && i.title.endsWith(head) && head !== i.title,
              `${q}: "${i.excerpt}" repeats "${i.title}"`,
            ).toBe(false);
            // The heading of a definition and its text were read as one word: "System under testSix".
            expect(i.excerpt, `${q}: ${i.title}`).not.toMatch(
              /(System under test|Load generator|Licence|Source|Machines|Format)[A-Z]/,
            );
          }
          // Each title whole, as the page's own heading.
          for (const i of items.filter((x) => x.type === 'Report'))
            expect(
              reports().map((r) => r.title),
              `${q}: "${i.title}"`,
            ).toContain(i.title);
        }
      });
    });

test('the name of every platform finds that platform first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/search/');
  for (const p of Object.values(platforms)) {
    const first = (await search(page, p.name)).getByRole('listitem').first().getByRole('link');
    await expect(first, p.name).toHaveText(p.name);
    await expect(first, p.name).toHaveAttribute('href', `/platforms/${p.id}/`);
  }
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

test('"POWER8" lists the comparisons whose title names POWER8 before the Python and Java subject pages, which only mention it', async ({
  page,
}) => {
  await page.goto('/search/');
  const items = (await readResults(await search(page, 'POWER8'))).flatMap((g) => g.items);
  const titles = items.map((i) => i.title);
  const comparisons = items.filter((i) => i.type === 'Comparison' && /\bPOWER8\b/.test(i.title));
  expect(comparisons.length, 'comparisons titled with POWER8').toBeGreaterThan(0);
  const lastComparison = Math.max(...comparisons.map((c) => titles.indexOf(c.title)));
  for (const name of ['Python', 'Java']) {
    expect(titles, name).toContain(name);
    expect(titles.indexOf(name), `${name} after every comparison titled POWER8`).toBeGreaterThan(lastComparison);
  }
});

test('"mojto" offers "Did you mean Mojito?", which searches for Mojito', async ({ page }) => {
  await page.goto('/search/');
  await search(page, 'mojto');
  const status = page.getByRole('status');
  await expect(status).toContainText(/for “mojto”\. Did you mean Mojito\?$/);
  await status.getByRole('link', { name: 'Mojito' }).click();
  await expect(status).toContainText(/results? for “Mojito”/);
  await expect(page).toHaveURL(/[?&]q=Mojito(&|$)/);
  const first = page.getByRole('region', { name: 'Search results' }).getByRole('listitem').first().getByRole('link');
  await expect(first).toHaveText('Mojito');
});

test('in npm start, while the search index is behind, the search page says how many pages were added, until it has caught up', async ({
  page,
}) => {
  // The live server on the built site (what npm start serves), told what live.mjs tells it.
  const server = await serve({ dir: path.join(ROOT, 'public'), live: true });
  try {
    const base = `http://127.0.0.1:${server.address().port}`;
    const problems = await watch(page, base);
    const behind = searchNotice(true, 3);
    server.searchNotice(behind);
    await page.goto(`${base}/search/`);
    const notice = page.getByText('The search index is being updated');
    await expect(notice).toHaveText(
      'The search index is being updated: 3 pages added since it was built; results may miss them.',
    );
    // The search still works meanwhile, on the index it has.
    await search(page, 'POWER8');
    server.searchNotice('');
    await expect(notice).toBeHidden();
    expect(await problems(), 'requests to other origins and CSP violations').toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
