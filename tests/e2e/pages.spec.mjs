// Every page a reader can reach: the pages found by following links from the home page, and every
// report, seed, platform and chart page that data/ and the chart index promise. Each opens (200),
// has one h1, logs no error, loads nothing that fails, keeps every link it shows, and fits a phone
// screen. Full-page screenshots at 1280 and 375 px go to test-results/screenshots/ for review.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import {
  PUBLIC,
  ROOT,
  atlasComparisons,
  chartIndex,
  crawlPublic,
  dataPages,
  pageName,
  settleVisibleCharts,
  reports,
  watchProblems,
} from '../helpers/site.mjs';
import { sidewaysOverflow } from '../helpers/reader.mjs';

const SECTIONS = ['/', '/reports/', '/platforms/', '/methodology/', '/data/', '/contribute/', '/charts/'];
const crawled = crawlPublic();
const pages = [...new Set([...SECTIONS, ...crawled, ...dataPages()])].sort();
const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

/** Ids a page of public/ defines (to check #fragment links into it), read once per page. */
const idCache = new Map();
function idsOf(urlPath) {
  if (!idCache.has(urlPath)) {
    const file = path.join(PUBLIC, urlPath, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    idCache.set(
      urlPath,
      new Set([...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => m[1] ?? m[2] ?? m[3])),
    );
  }
  return idCache.get(urlPath);
}

/** Files (not pages) already found to answer 200, so each is requested once per run. */
const filesOk = new Set();

test('the crawl from the home page reaches every report, seed, platform and chart page', () => {
  // A page that data/ promises but no link leads to is a page a reader cannot find.
  const unreachable = dataPages().filter((p) => !crawled.includes(p));
  expect(unreachable, 'pages with no link to them from the site').toEqual([]);
});

for (const urlPath of pages) {
  test(`${urlPath} opens with one h1, no errors and working links, and fits a 375 px screen`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = pageName(urlPath);

    // # 1280 px: the page, its heading, its links.
    await page.setViewportSize({ width: 1280, height: 900 });
    const problems = watchProblems(page);
    const response = await page.goto(urlPath);
    expect(response?.status(), `${urlPath} answers`).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const duplicateIds = await page.evaluate(() => {
      const seen = new Map();
      for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} (${n}x)`);
    });
    expect(duplicateIds, `ids used more than once on ${urlPath} (a #link to them lands on the first)`).toEqual([]);
    // Charts a reader scrolls to are the charts spec's concern; here, those on screen at load.
    await settleVisibleCharts(page);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-1280.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });

    const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.href));
    const broken = [];
    for (const href of new Set(links)) {
      const u = new URL(href);
      // A download the page makes itself (the compare view's CSV and JSON): compare.spec reads its rows.
      if (u.protocol === 'blob:') continue;
      if (u.origin !== new URL(page.url()).origin) continue;
      const target = u.pathname;
      const isPage = target.endsWith('/');
      if (isPage && !pages.includes(target)) broken.push(`${href}: a page the crawl did not find`);
      if (!isPage && !filesOk.has(target)) {
        const r = await request.get(target);
        if (r.status() === 200) filesOk.add(target);
        else broken.push(`${href}: HTTP ${r.status()}`);
      }
      if (u.hash) {
        const id = decodeURIComponent(u.hash.slice(1));
        const found =
          target === new URL(page.url()).pathname
            ? (await page.locator(`[id="${id}"]`).count()) > 0
            : isPage && idsOf(target).has(id);
        if (!found) broken.push(`${href}: no element with id "${id}"`);
      }
    }
    expect(broken, `links on ${urlPath}`).toEqual([]);
    expect(problems, `errors while ${urlPath} loads at 1280 px`).toEqual([]);

    // # 375 px: the same page on a phone's width (the live charts scale with their frame).
    await page.setViewportSize({ width: 375, height: 800 });
    const { scrollWidth, innerWidth, widest } = await sidewaysOverflow(page);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-375.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
    expect(scrollWidth, `${urlPath} scrolls sideways at 375 px; widest: ${widest}`).toBeLessThanOrEqual(innerWidth);
    expect(problems, `errors at 375 px on ${urlPath}`).toEqual([]);
  });
}

test('the feed lists every report and every comparison with a link to its page', async ({ request }) => {
  const r = await request.get('/feed.xml');
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toContain('atom+xml');
  const xml = await r.text();
  const entries = [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((m) => m[0]);
  const linked = entries
    .map((e) => /<link[^>]*rel="alternate"[^>]*href="([^"]+)"/.exec(e)?.[1])
    .map((h) => h && new URL(h, 'http://x/').pathname.replace(/^.*?(?=\/(reports|compare)\/)/, ''));
  // Atom ids and links are absolute: the published site's, whatever origin serves this build.
  for (const e of entries) expect(e).toMatch(/<id>https?:\/\/[^<]+\/(reports|compare)\/[^<]+<\/id>/);
  expect(linked.sort()).toEqual(
    [
      ...reports().map((rep) => `/reports/${rep.slug}/`),
      ...atlasComparisons().map((c) => `/compare/${c.slug}/`),
    ].sort(),
  );
  // A comparison is dated by its newest report (a year or a month starts on its first day).
  for (const c of atlasComparisons()) {
    const entry = entries.find((e) => e.includes(`/compare/${c.slug}/</id>`));
    const day = `${c.date}-01-01`.slice(0, 10);
    expect(entry, `feed entry of ${c.slug}`).toContain(`<updated>${day}T00:00:00Z</updated>`);
  }
});

test('the home page shows a card per report with its headline finding and a chart thumbnail', async ({ page }) => {
  const index = chartIndex();
  await page.goto('/');
  for (const rep of reports()) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: rep.title, exact: true }) });
    await expect(card, `card of ${rep.slug}`).toHaveCount(1);
    const findings = index.findings[rep.slug];
    if (findings) {
      await expect(card).toContainText(findings.headline);
      const first = index.charts[index.reports[rep.slug][0]];
      const thumb = card.getByRole('img', { name: first.alt });
      await expect(thumb).toHaveAttribute('src', `/charts/${first.id}.svg`);
      await thumb.scrollIntoViewIfNeeded();
      await expect.poll(() => thumb.evaluate((img) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    } else {
      await expect(card).toContainText(rep.summary);
    }
  }
});

for (const [url, name] of [
  ['/reports/', 'Reports'],
  ['/reports/cloudi-1.7.1-core-i7/', 'Reports'],
  ['/platforms/', 'Platforms'],
  ['/methodology/', 'Methodology'],
  ['/data/', 'Data'],
  ['/contribute/', 'Contribute'],
]) {
  test(`on ${url} the site navigation marks ${name} as the current page, and nothing else`, async ({ page }) => {
    await page.goto(url);
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
  });
}

/** Every visible text of a page's main region, as one string (what a reader reads). */
const mainText = (page) => page.locator('main').evaluate((m) => m.innerText);

test('no page prints a placeholder: no "TODO" in any page a reader opens', () => {
  const found = [];
  for (const file of fs.readdirSync(PUBLIC, { recursive: true })) {
    if (!String(file).endsWith('.html')) continue;
    const text = fs
      .readFileSync(path.join(PUBLIC, file), 'utf8')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ' ');
    if (/\bTODO\b/.test(text)) found.push(String(file));
  }
  expect(found).toEqual([]);
});

for (const width of [375, 1280])
  for (const scheme of ['light', 'dark'])
    test.describe(`at ${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme });

      test('a report names its sections by their own headings, and says which format it was read as', async ({
        page,
      }) => {
        const rep = reports().find((r) => r.slug === 'httpc-bench-mojito-ec2-m5-4xlarge');
        await page.goto(`/reports/${rep.slug}/`);
        const setup = page.getByRole('region', { name: 'Setup at a glance' });
        const sections = setup
          .locator('dt', { hasText: 'Sections of the report' })
          .locator('xpath=following-sibling::dd[1]');
        for (const run of rep.runs)
          await expect(sections.getByRole('listitem').filter({ hasText: `${run.title}: ` })).toContainText(
            `${run.title}: ${run.rows} configurations`,
          );
        expect(await mainText(page)).not.toMatch(/\bRun “/);
        await expect(
          setup.locator('dt', { hasText: /^Format$/ }).locator('xpath=following-sibling::dd[1]'),
        ).toContainText(`Read as ${rep.format}, in the report family httpc-bench.`);
      });

      test("a report's notes are whole at this width: no line runs past the column", async ({ page }) => {
        const rep = reports().find((r) => r.notes.length > 0);
        await page.goto(`/reports/${rep.slug}/`);
        const notes = page.getByRole('region', { name: 'Notes and errata' }).locator('blockquote pre');
        await expect(notes).toHaveCount(rep.notes.length);
        for (const [i, note] of rep.notes.entries()) {
          const pre = notes.nth(i);
          await pre.scrollIntoViewIfNeeded();
          // Every word of the note is there, and none of it is hidden past the box's edge.
          expect((await pre.innerText()).replace(/\s+/g, ' ')).toBe(note.text.replace(/\s+/g, ' '));
          const [scroll, client] = await pre.evaluate((e) => [e.scrollWidth, e.clientWidth]);
          expect(scroll, `note ${i + 1} fits its box`).toBeLessThanOrEqual(client);
        }
      });
    });

test('a report page names the numbers of its tables the shared measurement model does not hold', async ({ page }) => {
  await page.goto('/reports/nginz-ab-linux-laptop-10000-12000-connections/');
  const note = page.locator('.model-download');
  await expect(note).toContainText('Every number above, except');
  await expect(note).toContainText('Write errors');
  await expect(note).toContainText('HTML transferred (bytes)');
  await page.goto('/reports/cloudi-1.5.4-core-i7/');
  await expect(page.locator('.model-download')).toContainText(
    'Every number above is also in the shared measurement model',
  );
});
