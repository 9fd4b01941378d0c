// Citing, as a reader does: a report page's "Cite this report" names the upstream repository, path
// and commit before Bench Atlas's data version; its BibTeX download is served and is the BibTeX the
// page shows; the copy button copies the plain text; and a chart's embed page offers the chart's
// citation, crediting the same report.
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { chartsOf, report } from '../helpers/site.mjs';

const r = report('cloudi-1.5.1-power8');

test('the CloudI 1.5.1 page cites CloudI/CloudI, its path and commit first, and the data version second', async ({
  page,
}) => {
  await page.goto(`/reports/${r.slug}/`);
  const cite = page.getByRole('region', { name: 'Cite this report' });
  await expect(cite).toContainText('given as the owner of its repository, CloudI');
  const text = await cite.getByRole('definition').first().locator('code').textContent();
  const at = [r.source.repository, r.source.path, `commit ${r.source.commit}`, `data version ${r.version}`].map((s) => {
    expect(text, `the plain-text citation names ${s}`).toContain(s);
    return text.indexOf(s);
  });
  expect(at, 'upstream first, Bench Atlas second').toEqual([...at].sort((a, b) => a - b));
  expect(text.startsWith('CloudI. '), 'the authors come first').toBe(true);
});

test('the BibTeX download is served and is the BibTeX the page shows', async ({ page, request }) => {
  await page.goto(`/reports/${r.slug}/`);
  const cite = page.getByRole('region', { name: 'Cite this report' });
  // One format shown; BibTeX a click away.
  const bibtex = cite.getByRole('group').filter({ hasText: 'BibTeX' });
  await expect(bibtex.locator('code')).toBeHidden();
  await bibtex.getByText('BibTeX', { exact: true }).click();
  await expect(bibtex.locator('code')).toBeVisible();
  const shown = await bibtex.locator('code').textContent();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cite.getByRole('link', { name: 'BibTeX (citation.bib)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('citation.bib');
  const file = fs.readFileSync(await download.path(), 'utf8');
  expect(file).toBe(shown);
  expect(file).toMatch(new RegExp(`^@misc\\{CloudI-${r.slug.replace(/\./g, '\\.')},`));
  expect(file).toContain(`Commit ${r.source.commit}`);
  expect(file).toContain(`version      = {${r.version}}`);

  const csl = await request.get(`/reports/${r.slug}/citation.csl.json`);
  expect(csl.status()).toBe(200);
  const [upstream, data] = await csl.json();
  expect(upstream).toMatchObject({ type: 'report', author: [{ literal: 'CloudI' }], URL: r.source.url });
  expect(data).toMatchObject({ type: 'dataset', version: r.version });
});

test('the copy button copies the plain-text citation', async ({ page, context, browserName }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/reports/${r.slug}/`);
  const cite = page.getByRole('region', { name: 'Cite this report' });
  const text = await cite.getByRole('definition').first().locator('code').textContent();
  await cite.getByRole('button', { name: 'Copy: Plain text' }).click();
  await expect(cite.getByRole('status').first()).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText()), `clipboard in ${browserName}`).toBe(text);
});

test("a chart's embed page offers its citation, crediting the report's repository and commit", async ({ page }) => {
  const [chart] = chartsOf(r.slug);
  await page.goto(`/charts/${chart.id}/`);
  await page.getByText('Cite', { exact: true }).click();
  await expect(page.getByRole('term')).toHaveText('Cite this chart');
  const text = await page.getByRole('definition').locator('code').textContent();
  for (const s of [r.source.repository, r.source.path, r.source.commit, chart.title, `data version ${r.version}`]) {
    expect(text).toContain(s);
  }
  await expect(page.getByRole('link', { name: 'BibTeX' })).toHaveAttribute('href', `/reports/${r.slug}/citation.bib`);
});
