// The words a reader reads (issue 43, item 8): generated sentences start with a capital letter, a
// long duration reads in a unit a reader takes in (3.69 s, not 3,690,182 µs) while the table keeps
// the report's unit, and /reports/ puts the newest run first by the date the report ran.
import { test, expect } from '@playwright/test';
import { reports } from '../helpers/site.mjs';

test('CloudI 2.0.6 says its slowest tail in seconds (3.69 s) in words, and its table keeps 3,690,182 µs', async ({
  page,
}) => {
  await page.goto('/reports/cloudi-2.0.6-request-rate-language-dell-poweredge-r710/');
  const words = await page.locator('main p, main figcaption').allInnerTexts();
  expect(words.join('\n')).not.toContain('3,690,182 µs');
  expect(words.join('\n')).toContain('3.69 s at p99.9');
  await expect(page.locator('main td', { hasText: /^3,690,182$/ }).first()).toBeVisible();
});

test('the nginz report starts each generated sentence with a capital letter ("Concurrency 12,000 had …")', async ({
  page,
}) => {
  await page.goto('/reports/nginz-ab-linux-laptop-10000-12000-connections/');
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('Concurrency 12,000 had the highest mean throughput');
  expect(text).not.toMatch(/\. concurrency \d/);
});

/** The run dates of the report cards of a page, in page order. */
async function cardDates(page) {
  const titles = await page.locator('main .card h3').allInnerTexts();
  const byTitle = new Map(reports().map((r) => [r.title, r.date]));
  const dates = titles.map((t) => byTitle.get(t.trim()));
  expect(dates.every(Boolean), titles.join(' | ')).toBe(true);
  return dates;
}

test('/reports/ lists the newest run first, by the date each report ran, and says so', async ({ page }) => {
  await page.goto('/reports/');
  await expect(page.getByText(/by the date each report ran/)).toBeVisible();
  const dates = await cardDates(page);
  expect(dates).toEqual([...dates].sort().reverse());
});

test('the home page lists its reports in the same order: the newest run first', async ({ page }) => {
  await page.goto('/');
  const dates = await cardDates(page);
  expect(dates.length).toBe(reports().length);
  expect(dates).toEqual([...dates].sort().reverse());
});
