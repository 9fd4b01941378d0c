// Small things a reader notices (issue 25): a favicon on every page kind; a line link that lands
// with lines of context above its line; a citation that shows one format with the others a click
// away, without JavaScript too; an embedded chart that fills its column up to its natural width.
// And (issue 35) questions on the home page that read differently, and no text left hanging on a
// separator, at 375 and 1,280 px in both themes.
import { test, expect } from '@playwright/test';
import { atlasComparisons, chartsOf, report, reports, watchProblems } from '../helpers/site.mjs';
import { asDrawn, drawnColour } from '../helpers/pixels.mjs';
import { themeConfig } from '../../scripts/charts/shared/theme.mjs';

const r = report('cloudi-1.5.1-power8');

test('every page kind has a favicon the site serves, and no page asks for one it lacks', async ({ page, request }) => {
  for (const url of [
    '/',
    `/reports/${r.slug}/`,
    `/seeds/${r.slug}/`,
    `/charts/${chartsOf(r.slug)[0].id}/`,
    '/compare/',
  ]) {
    const problems = watchProblems(page);
    await page.goto(url);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, `${url}: a favicon link`).toMatch(/^\/favicon\.svg$/);
    const icon = await request.get(href);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(problems, url).toEqual([]);
  }
});

test('a line link lands with at least six lines of the report above its line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const line = 60;
  await page.goto(`/seeds/${r.slug}/#L${line}`);
  const target = page.locator(`[id="L${line}"]`);
  await expect(target).toBeInViewport();
  const { top, height } = await target.evaluate((el) => el.getBoundingClientRect().toJSON());
  expect(top / height, 'lines above the target on screen').toBeGreaterThanOrEqual(6);
  await expect(page.locator(`[id="L${line - 6}"]`)).toBeInViewport();
});

for (const [width, height] of [
  [1280, 800],
  [375, 667],
])
  test(`a line link into a table lands with the table's column header on screen (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // CloudI 1.5.4, Erlang's table: its header "wo/queue  w/queue dest_refresh_method ..." is line 43.
    await page.goto('/seeds/cloudi-1.5.4-core-i7/#L57');
    await expect(page.locator('[id="L57"]')).toBeInViewport();
    const header = page.locator('[id="L43"]');
    await expect(header).toContainText('dest_refresh_method');
    await expect(header).toBeInViewport({ ratio: 1 });
  });

for (const javaScriptEnabled of [true, false])
  test(`the citation shows plain text, with BibTeX and CSL-JSON a click away (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`/reports/${r.slug}/`);
    const cite = page.getByRole('region', { name: 'Cite this report' });
    await expect(cite.getByRole('definition').first()).toContainText(r.source.repository);
    const bibtex = cite.getByRole('group').filter({ hasText: 'BibTeX' });
    const csl = cite.getByRole('group').filter({ hasText: 'CSL-JSON' });
    await expect(bibtex.locator('code')).toBeHidden();
    await expect(csl.locator('code')).toBeHidden();
    await bibtex.getByText('BibTeX', { exact: true }).click();
    await expect(bibtex.locator('code')).toBeVisible();
    await expect(bibtex.locator('code')).toContainText('@misc{');
    await context.close();
  });

test('an embedded chart fills a 1,000 px column up to its natural width, not a 640 px chart with blank sides', async ({
  page,
}) => {
  const chart = chartsOf('httpc-bench-mojito-ec2-m5-4xlarge')[0];
  await page.goto(`/reports/httpc-bench-mojito-ec2-m5-4xlarge/`);
  const snippet = (
    await page
      .locator(`pre[data-snippet] code`)
      .filter({ hasText: `/charts/${chart.id}/"` })
      .first()
      .textContent()
  ).trim();
  // A host page of another site (no Content Security Policy of ours): a 1,000 px column.
  // The snippet's iframe is as wide as its column, up to the chart's natural width...
  // (its width cap is in the chart's frame.css, which the snippet links)
  expect(snippet).toContain(`/charts/${chart.id}/frame.css`);
  const frameCss = await (await page.request.get(`/charts/${chart.id}/frame.css`)).text();
  const max = Number(/max-width: ?(\d+)px/.exec(frameCss)?.[1]);
  expect(max, 'the snippet caps its width').toBeLessThan(1000);
  // ... at which the embed page draws the chart with no blank beside it.
  await page.setViewportSize({ width: max, height: 900 });
  await page.goto(`/charts/${chart.id}/`);
  // An embed page goes live when the reader points at its chart.
  await page.locator('figure.chart').hover();
  await expect(page.locator('figure.chart')).toHaveAttribute('data-state', /^(ready|error)$/, { timeout: 20_000 });
  const drawing = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('.chart-frame svg')].map((s) => s.getBoundingClientRect().width)),
  );
  expect((max - drawing) / 2, 'blank on each side of the chart').toBeLessThanOrEqual(30);
  expect(drawing).toBeGreaterThanOrEqual(chart.inline.width - 1);
});

for (const javaScriptEnabled of [false, true])
  test(`a phone's bar charts use the column's width (${javaScriptEnabled ? 'live' : 'without JavaScript'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    for (const slug of ['httpc-bench-mojito-ec2-m5-4xlarge', 'cloudi-1.7.1-core-i7']) {
      const chart = chartsOf(slug).find((c) => c.marks_selector.includes('bars'));
      await page.goto(`/reports/${slug}/`);
      const fig = page.locator(`figure[data-chart="${chart.id}"]`);
      await fig.scrollIntoViewIfNeeded();
      if (javaScriptEnabled) await expect(fig).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
      const { longest, drawing, labels } = await fig.evaluate((f, selector) => {
        const svg = [...f.querySelectorAll('.chart-frame svg')].find((s) => s.getClientRects().length);
        const bars = [...svg.querySelectorAll(selector)].map((b) => b.getBoundingClientRect().width);
        const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent);
        return { longest: Math.max(...bars), drawing: svg.getBoundingClientRect().width, labels: texts };
      }, chart.marks_selector);
      expect(longest / drawing, `${chart.id}: the longest bar spans most of the drawing`).toBeGreaterThan(0.6);
      // Each bar still says what it is and its value.
      expect(
        labels.some((t) => /^MachineGun: 72,950|^Erlang.*: [\d,]+$/.test(t)),
        labels.join(' | '),
      ).toBe(true);
    }
    await context.close();
  });

test("the home page's first phone screen shows a chart, linked to its report", async ({ browser }) => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    const figure = page.getByRole('figure', { name: /Latest report/ });
    const chart = figure.getByRole('img');
    await expect(chart).toBeInViewport({ ratio: 1 });
    expect(await chart.evaluate((img) => img.complete && img.naturalWidth > 0), 'the chart is drawn').toBe(true);
    // One SVG, light and dark: drawn in the reader's scheme by its own <style>.
    expect(await chart.evaluate((img) => img.currentSrc)).toMatch(/\/charts\/[^/]+(?<!\.dark)\.svg$/);
    const background = themeConfig(colorScheme).background;
    expect(asDrawn(await drawnColour(chart), background), `${colorScheme}: the chart's background`).toBe(background);
    const link = figure.getByRole('link').last();
    await expect(link).toHaveAttribute('href', /^\/reports\/[^/]+\/$/);
    expect(problems).toEqual([]);
    await context.close();
  }
});

/** The words of a sentence, lower case. */
const wordSet = (s) => new Set(s.toLowerCase().match(/[\p{L}\p{N}.]+/gu));
/** How alike two sentences are: the share of their words they have in common (Jaccard). */
function alike(a, b) {
  const [x, y] = [wordSet(a), wordSet(b)];
  const common = [...x].filter((w) => y.has(w)).length;
  return common / (x.size + y.size - common);
}

for (const width of [375, 1280])
  for (const scheme of ['light', 'dark'])
    test.describe(`at ${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme });

      test('the questions on the home page are distinct, and every comparison is one click away', async ({ page }) => {
        await page.goto('/');
        const list = page.getByRole('region', { name: 'Questions the atlas answers' }).getByRole('list').first();
        const questions = await list.locator(':scope > li > a:first-child').allTextContents();
        expect(questions.length).toBeGreaterThan(1);
        for (const [i, a] of questions.entries())
          for (const b of questions.slice(i + 1)) expect(alike(a, b), `"${a}" and "${b}" read alike`).toBeLessThan(0.6);
        const hrefs = await list.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        for (const c of atlasComparisons()) expect(hrefs, c.slug).toContain(`/compare/${c.slug}/`);
      });

      test('no line of text ends or starts on a separator ("Run 2021 ·")', async ({ page }) => {
        const urls = ['/', '/reports/', '/platforms/', ...reports().map((r) => `/reports/${r.slug}/`)];
        for (const url of urls) {
          await page.goto(url);
          const dangling = await page.locator('main').evaluate((main) =>
            [...main.querySelectorAll('p, li, dd, dt, td, th, figcaption, h1, h2, h3, span.small')]
              .filter((e) => e.checkVisibility())
              .map((e) => e.innerText.trim())
              .filter((t) => /^[·|,;]|[·|,;]$/.test(t)),
          );
          expect(dangling, url).toEqual([]);
        }
      });
    });
