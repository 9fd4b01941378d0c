// Printing: a report page printed (or saved as PDF) keeps what it is for, the charts and every row
// of every table, and drops what only works on screen (navigation, share boxes, controls).
// (That no page scrolls sideways on a phone is checked for every page in pages.spec.mjs.)
import { test, expect } from '@playwright/test';
import { chartsOf, makeChartsLive, reports, tableOnPage } from '../helpers/site.mjs';

// The report with the most rows: its tables are taller than their on-screen scroll box.
const report = reports()
  .filter((r) => chartsOf(r.slug).length)
  .sort((a, b) => b.measured_rows - a.measured_rows)[0];

test(`the ${report.slug} report prints with its charts and every table row, and saves as a PDF`, async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/reports/${report.slug}/`);
  await makeChartsLive(page);
  // Each table as a reader scrolls to it: off screen its rows are not laid out (content-visibility:
  // auto), so its box is measured once it has come near the screen (a second at most).
  let onScreen = 0;
  for (const box of await page.locator('.data-table .table-scroll').all()) {
    await box.scrollIntoViewIfNeeded();
    for (let tries = 0; tries < 10; tries++) {
      if (await box.evaluate((e) => e.scrollHeight > e.clientHeight + 1)) {
        onScreen++;
        break;
      }
      await page.waitForTimeout(100);
    }
  }
  expect(onScreen, 'tables that scroll on screen (else this test proves nothing about print)').toBeGreaterThan(0);

  await page.emulateMedia({ media: 'print' });

  // # Charts: every figure's chart is drawn, with a size.
  const figures = page.locator('figure.chart');
  await expect(figures).toHaveCount(chartsOf(report.slug).length);
  for (const figure of await figures.all()) {
    const svg = figure.locator('.chart-frame svg:visible').first();
    await expect(svg).toBeVisible();
    expect(
      (await svg.boundingBox()).height,
      `chart ${await figure.getAttribute('data-chart')} has a height in print`,
    ).toBeGreaterThan(100);
    await expect(figure.getByRole('slider'), 'chart controls are not printed').toHaveCount(0);
  }

  // # Tables: every one visible and whole, no scroll box cutting rows off.
  const tables = page.locator('.data-table');
  expect(await tables.count()).toBe(report.tables.filter((t) => tableOnPage(report, t)).length);
  for (const table of await tables.all()) {
    await expect(table.getByRole('table')).toBeVisible();
    const box = await table
      .locator('.table-scroll')
      .evaluate((e) => ({ maxHeight: getComputedStyle(e).maxHeight, clipped: e.scrollHeight - e.clientHeight }));
    expect(box, `table ${await table.getAttribute('id')} in print`).toEqual({ maxHeight: 'none', clipped: 0 });
  }
  // Its last row is laid out (not cut off by a box or hidden).
  const lastRow = tables.last().getByRole('row').last();
  expect((await lastRow.boundingBox())?.height ?? 0).toBeGreaterThan(0);

  // # Screen-only parts are left out.
  await expect(page.getByRole('navigation', { name: 'Site' })).toBeHidden();
  for (const summary of await page.getByText('Share and embed', { exact: true }).all())
    await expect(summary).toBeHidden();

  // # And it saves as a PDF of several pages.
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  expect(pages, 'pages in the PDF').toBeGreaterThan(2);
});
