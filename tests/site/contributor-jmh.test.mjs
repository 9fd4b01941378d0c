// A new contributor adds a real JMH log (a person's saved run of born-to-be-mad/jmh, the JMH text
// adapter's fixture expensive-exceptions-log.txt: its README says where from) with only the date and
// source, the least add-report asks, and leaves every "TODO:" of the metadata as add-report wrote it.
// The built site never prints a placeholder: the report's page has its own sentence under the title,
// the run's settings (warmup, threads, forks, JVM...) as a definition list each linked to its line,
// its format named; and a search for "JMH" or "jmh-text" finds it. In a browser at 375 and 1,280 px,
// light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { siteWithReport, removeTempSite } from '../helpers/temp-repo.mjs';
import { inBrowser } from '../helpers/browse.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';

const FIXTURE = path.join(ROOT, 'scripts/data/parsers/jmh-text/fixtures/expensive-exceptions-log.txt');
const SLUG = 'expensive-exceptions';

let root;

before(
  async () => {
    ({ root } = await siteWithReport('contributor-jmh', [
      FIXTURE,
      '--slug',
      SLUG,
      '--date',
      '2020-07',
      '--source',
      'born-to-be-mad/jmh:results/expensive-exceptions/openjdk-13.24.res@788e7e6d7eb313dd5da4e3c1122334bd7ad6fe4a',
      '--added',
      '2026-11-25',
    ]));
  },
  { timeout: 300_000 },
);

after(() => root && !process.env.KEEP_TEMP && removeTempSite(root));

test('the metadata add-report wrote still holds placeholders, and no page of the site prints one', () => {
  const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${SLUG}.json`), 'utf8'));
  const meta = fs.readFileSync(path.join(root, report.seed.meta), 'utf8');
  assert.match(meta, /TODO/, 'the contributor has not filled the metadata in');
  const pages = fs
    .readdirSync(path.join(root, 'public'), { recursive: true })
    .filter((f) => String(f).endsWith('.html'));
  const withTodo = pages.filter((f) =>
    /\bTODO\b/.test(
      fs
        .readFileSync(path.join(root, 'public', f), 'utf8')
        .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
        .replace(/<[^>]+>/g, ' '),
    ),
  );
  assert.deepEqual(withTodo, []);
});

test(
  "in a browser: the contributor's page has its own sentence, its run settings as a definition list and its format, and search finds it by JMH",
  { timeout: 300_000 },
  () =>
    inBrowser(path.join(root, 'public'), async ({ browser, base }) => {
      const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${SLUG}.json`), 'utf8'));
      const family = report.seed.path.split('/')[1];
      for (const width of [375, 1280])
        for (const colorScheme of ['light', 'dark']) {
          const where = `${width} px, ${colorScheme}`;
          const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
          await page.goto(`${base}/reports/${SLUG}/`);
          const main = page.locator('main');
          assert.doesNotMatch(await main.innerText(), /\bTODO\b/, where);
          // The sentence under the title: what the site read from the report, counted.
          assert.equal(
            (await page.locator('.lede').innerText()).trim(),
            `The report as published: ${report.measured_rows} measured values read from it, each linked to its line.`,
            where,
          );
          // The run's settings, as JMH printed them above each benchmark, each linked to its line.
          const settings = page.locator('dl.settings');
          await settings.scrollIntoViewIfNeeded();
          assert.ok(await page.getByRole('heading', { name: 'Run settings' }).isVisible(), where);
          const pairs = await settings.evaluate((dl) => {
            const out = [];
            for (const e of dl.children)
              if (e.tagName === 'DT') out.push([e.textContent.trim(), []]);
              else out.at(-1)[1].push(e.textContent.replace(/\s+/g, ' ').trim());
            return out;
          });
          const byName = Object.fromEntries(pairs);
          assert.deepEqual(byName.Warmup, ['2 iterations, 10 s each (line 5)'], where);
          assert.deepEqual(byName.Measurement, ['10 iterations, 10 s each (line 6)'], where);
          assert.deepEqual(byName.Threads, ['1 thread, will synchronize iterations (line 8)'], where);
          assert.deepEqual(byName.Forks, ['1 (line 13)'], where);
          assert.deepEqual(byName['JMH version'], ['1.23 (line 1)'], where);
          assert.match(byName['VM version'][0], /^JDK 13-ea, OpenJDK 64-Bit Server VM/, where);
          assert.equal(
            await settings.getByRole('link', { name: 'line 5' }).getAttribute('href'),
            `/seeds/${SLUG}/#L5`,
            where,
          );
          // Its format, in words and by name.
          assert.match(
            await page.getByRole('region', { name: 'Setup at a glance' }).innerText(),
            new RegExp(`JMH's end-of-run results table[\\s\\S]*Read as jmh-text, in the report family ${family}\\.`),
            where,
          );
          // Search finds it by the tool's name and the format's.
          for (const q of ['JMH', 'jmh-text']) {
            await page.goto(`${base}/search/?q=${encodeURIComponent(q)}`);
            const link = page
              .getByRole('region', { name: 'Search results' })
              .getByRole('link', { name: report.title, exact: true });
            await link.first().waitFor({ timeout: 15_000 });
            assert.equal(await link.first().getAttribute('href'), `/reports/${SLUG}/`, `${where}: "${q}"`);
          }
          await page.close();
        }
    }),
);
