// A contributor adds a report that is only a person's Markdown table (no tool output, no format of
// its own), the way CONTRIBUTING.md says: add-report reads it with the table fallback, the build
// gives it a page with a chart and its table, and it takes its place in a comparison with the
// httpc_bench reports (another format) that measured the same clients, value for value, in a browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteWithReport, removeTempSite } from '../helpers/temp-repo.mjs';
import { countWhenSettled, inBrowser } from '../helpers/browse.mjs';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/person-table-http-clients.md');

let root;
let added;

before(
  async () => {
    ({ root, added } = await siteWithReport('person-table', [
      FIXTURE,
      '--title',
      'HTTP clients on a laptop',
      '--date',
      '2024-01',
      '--source',
      'someone/laptop-bench:README.md@0123456789abcdef0123456789abcdef01234567',
      '--slug',
      'laptop-clients',
      '--licence',
      'MIT licence',
      '--added',
      '2024-02-01',
    ]));
  },
  { timeout: 300_000 },
);

after(() => root && !process.env.KEEP_TEMP && removeTempSite(root));

test('add-report says it read the table, its rows, metrics and units', () => {
  assert.match(added.stdout, /\(format table\)/);
  assert.match(added.stdout, /^ {2}table at lines 8-12: 6 rows; latency \(ms\), throughput \(req\/s\)$/m);
});

test(
  'in a browser: the report page draws its chart and table, and the comparison sets it beside the httpc_bench reports',
  { timeout: 180_000 },
  () =>
    inBrowser(path.join(root, 'public'), async ({ browser, base }) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}/reports/laptop-clients/`);
      // One bar per client in the drawing the reader sees: the build's, or the live one that
      // replaces it when it comes into view (the page may still be loading).
      const figure = page.getByRole('figure', { name: 'Throughput by software' });
      const bars = figure.locator('.chart-frame svg:visible .bars_marks > path');
      assert.equal(await countWhenSettled(bars, 3), 3);
      assert.match(
        await page.getByRole('region', { name: 'Charts' }).innerText(),
        /Mojito had the highest throughput: 52,100 req\/s, 1\.3x that of hackney \(41,210 req\/s\)/,
      );
      const table = page.getByRole('table', { name: /Measurements/ });
      await table.scrollIntoViewIfNeeded(); // tables are laid out near the screen only
      assert.match(await table.textContent(), /hackney[\s\S]*41,210/);
      // The comparison across formats: its page lists this report with the httpc_bench ones.
      await page.goto(`${base}/compare/`);
      const link = page.locator('main a[href*="laptop-clients"]').first();
      assert.equal(await link.count(), 1, 'the compare index links the new comparison');
      await page.goto(new URL(await link.getAttribute('href'), page.url()).href);
      const values = page.getByRole('table').filter({ hasText: 'Ratio to base' });
      await values.scrollIntoViewIfNeeded();
      const numbers = await values.textContent();
      assert.match(numbers, /hackney[\s\S]{0,800}38,795/, 'hackney in the 2017 httpc_bench report');
      assert.match(numbers, /41,210/, 'hackney in the laptop report');
      assert.match(numbers, /Mojito[\s\S]*52,100/);
    }),
);
