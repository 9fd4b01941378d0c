// Charts that read on a phone, and embeds that fit wherever they are pasted:
//  - every iframe snippet, exactly as a report's share panel offers it (the full embed and the
//    chart alone), pasted into a page on another origin: with the snippet's resize script (320,
//    768 and 1,200 px wide) the iframe is exactly as tall as the embed's content; without it (320,
//    375, 600, 800 and 1,280 px wide: phones, a narrow column, the chart's widest frame and beyond)
//    the iframe holds the whole embed and leaves at most 24 px blank below it;
//  - on a 320 px phone no chart of a report page is drawn below 0.85x, and its smallest text is at
//    least 11 CSS px, drawn at build time and live;
//  - ?theme=light under a dark system gives a light page and a light chart, ?theme=dark the reverse,
//    no option gives light, ?theme=auto follows the system; ?plain=1 shows the chart without its
//    heading and description, and keeps the credit;
//  - each chart's oEmbed JSON is valid, names the chart, its authors and Bench Atlas, is found from
//    the chart's pages, and its html shows the chart;
//  - axe finds no violation on embed pages in either theme.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect } from '@playwright/test';
import { otherSite } from '../helpers/other-site.mjs';
import { asDrawn, drawnColour } from '../helpers/pixels.mjs';
import { DARK_BACKGROUND } from '../../scripts/charts/shared/theme.mjs';
import { publishURL } from '../../scripts/lib/config.mjs';
import {
  ROOT,
  allCharts as everyChart,
  chartIndex,
  chartsOf,
  expectLive,
  makeChartsLive,
  reports,
  watchProblems,
} from '../helpers/site.mjs';

const index = chartIndex();
/** Every chart: each report's, each comparison's, each subject's. */
const allCharts = everyChart(index);
/** The pages that show charts (a report, a comparison, a subject), each once, in chart order. */
const chartPages = [...new Set(allCharts.map((c) => c.page.split('#')[0]))];
const withCharts = reports().filter((r) => chartsOf(r.slug, index).length);
const citations = JSON.parse(fs.readFileSync(path.join('build', 'views', 'data', 'citations.json'), 'utf8'));
/** Host page widths: with the snippet's script, and without it. */
const WIDTHS = { true: [320, 768, 1200], false: [320, 375, 600, 800, 1280] };
/** The most blank an iframe pasted without its script may leave below its embed (CSS px). */
const MOST_BLANK = 24;

/**
 * Each iframe of the page, scrolled into view until its embed has loaded: its height, its
 * content's (the embed page's, once live) and its drawing's.
 */
async function frameHeights(page) {
  const out = [];
  const frames = page.locator('iframe');
  for (let i = 0; i < (await frames.count()); i++) {
    const el = frames.nth(i);
    await el.scrollIntoViewIfNeeded();
    const handle = await el.elementHandle();
    let frame = await handle.contentFrame();
    await expect.poll(async () => (frame = await handle.contentFrame())?.url() ?? '').toContain('/charts/');
    await frame.waitForLoadState('load');
    await frame.locator('figure.chart').waitFor();
    const src = await el.getAttribute('src');
    // The content settles once its fonts and, with JavaScript, its live chart are in place (an embed
    // page goes live when the reader points at its chart).
    // (At its top: a tall drawing's centre can lie below the frame.)
    await frame.locator('figure.chart').hover({ position: { x: 8, y: 8 } });
    await expect(frame.locator('figure.chart')).toHaveAttribute('data-state', /^(ready|error)$/, { timeout: 20_000 });
    const { content, drawing } = await frame.evaluate(() => ({
      content: Math.ceil(document.documentElement.getBoundingClientRect().height),
      drawing: Math.round(
        Math.max(...[...document.querySelectorAll('.chart-frame svg')].map((s) => s.getBoundingClientRect().height)),
      ),
    }));
    out.push({ src, frame: (await el.boundingBox()).height, content, drawing });
  }
  return out;
}

test.describe('iframe snippets on another site', () => {
  const site = otherSite();
  /** Every chart's two iframe snippets, as the share panels offer them, in chart order. */
  let snippets = [];

  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage({ baseURL });
    try {
      for (const url of chartPages) {
        await page.goto(url);
        for (const chart of allCharts.filter((c) => c.page.split('#')[0] === url)) {
          const fig = page.locator(`figure[data-chart="${chart.id}"]`);
          for (const code of await fig.locator('pre[data-embed] code').all())
            snippets.push({ chart, text: (await code.textContent()).trim() });
        }
      }
    } finally {
      await page.close();
    }
  });

  test("the share panel offers, for every chart, the embed and the chart alone in three short lines: the frame's stylesheet, a box that sizes itself, the resize script", async ({
    baseURL,
  }) => {
    expect(snippets.length).toBe(2 * allCharts.length);
    for (const { chart, text } of snippets) {
      expect(text.split('\n'), 'three lines').toHaveLength(3);
      expect(text, 'no CSS arithmetic to read').not.toContain('calc(');
      expect(text).toMatch(
        new RegExp(
          `^<link rel="stylesheet" href="${baseURL}/charts/${chart.id}/frame.css">\\n<div class="bench-atlas-embed" data-bench-atlas-embed data-chart="${chart.id}"( data-plain)?><iframe src="${baseURL}/charts/${chart.id}/(\\?plain=1)?" title="[^"]+" loading="lazy"></iframe></div>\\n<script async src="${baseURL}/embed.js"></script>$`,
        ),
      );
    }
  });

  for (const script of [true, false]) {
    for (const width of WIDTHS[script]) {
      test(`${script ? 'with' : 'without'} the resize script, ${width} px wide: every iframe holds its embed whole, ${script ? 'exactly' : `with at most ${MOST_BLANK} px blank below it`}`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        const body = snippets
          .map((s) => (script ? s.text : s.text.replace(/\n<script[^>]*><\/script>$/, '')))
          .join('\n<p>Text between the charts.</p>\n');
        site.show(body);
        const problems = watchProblems(page);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.origin}/`);
        const heights = await frameHeights(page);
        expect(heights).toHaveLength(snippets.length);
        const clipped = heights.filter((h) => h.frame + 0.5 < h.content);
        expect(clipped, 'iframes shorter than their content').toEqual([]);
        if (script) {
          const unsized = heights.filter((h) => Math.abs(h.frame - h.content) > 1);
          expect(unsized, 'iframes the script did not size to their content').toEqual([]);
        } else {
          // The frame's height follows its width: the chart and its text fill it, whatever the width.
          const blank = heights.filter((h) => h.frame - h.content > MOST_BLANK);
          expect(blank, `iframes leaving more than ${MOST_BLANK} px blank below their embed`).toEqual([]);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

test.describe('a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  /** Each chart drawing shown in the page: its scale (drawn / own width) and its smallest text in CSS px. */
  const drawings = (page) =>
    page.locator('figure.chart .chart-frame').evaluateAll((frames) =>
      frames.flatMap((frame) =>
        [...frame.querySelectorAll('svg')]
          .filter((svg) => svg.getBoundingClientRect().width > 0)
          .map((svg) => {
            const own = Number(svg.getAttribute('width'));
            const scale = svg.getBoundingClientRect().width / own;
            const sizes = [...svg.querySelectorAll('text')]
              .filter((t) => t.textContent.trim())
              .map((t) => parseFloat(getComputedStyle(t).fontSize));
            return {
              chart: frame.closest('figure').dataset.chart,
              layout: svg.getAttribute('class'),
              scale: Math.round(scale * 1000) / 1000,
              smallest: Math.round(Math.min(...sizes) * scale * 100) / 100,
            };
          }),
      ),
    );

  for (const rep of withCharts) {
    test(`${rep.title}: every chart is drawn at 0.85x or more, its text at 11 px or more, before and after it goes live`, async ({
      page,
    }) => {
      await page.goto(`/reports/${rep.slug}/`);
      const expected = chartsOf(rep.slug, index).length;
      const before = await drawings(page);
      expect(before.map((d) => d.chart)).toEqual(chartsOf(rep.slug, index).map((c) => c.id));
      expect(before.every((d) => d.layout.split(' ').includes('chart-narrow'))).toBe(true);
      await makeChartsLive(page);
      const after = await drawings(page);
      expect(after).toHaveLength(expected);
      for (const d of [...before, ...after]) {
        expect(d.scale, `${d.chart} (${d.layout ?? 'live'}) scale`).toBeGreaterThanOrEqual(0.85);
        expect(d.smallest, `${d.chart} (${d.layout ?? 'live'}) smallest text`).toBeGreaterThanOrEqual(11);
      }
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }
});

test.describe('embed options', () => {
  const chart = allCharts.find((c) => c.controls?.length) ?? allCharts[0];

  /** The page's background, the chart frame's and the colour of the chart's axis labels, as luminance 0-255. */
  const colours = (page) =>
    page.evaluate(() => {
      const lum = (css) => {
        const [r, g, b] = css.match(/[\d.]+/g).map(Number);
        return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
      };
      const svg = [...document.querySelectorAll('.chart-frame svg')].find((s) => s.getBoundingClientRect().width);
      const label = [...svg.querySelectorAll('text')].find((t) => t.textContent.trim());
      // A build-time SVG paints its background with a rect; the live one with its own background.
      const back = svg.querySelector(':scope > rect');
      return {
        page: lum(getComputedStyle(document.body).backgroundColor),
        chart: lum(back ? getComputedStyle(back).fill : getComputedStyle(svg).backgroundColor),
        text: lum(getComputedStyle(label).fill),
      };
    });

  for (const [scheme, query, theme] of [
    ['dark', '?theme=light', 'light'],
    ['light', '?theme=dark', 'dark'],
    ['dark', '', 'light'],
    ['dark', '?theme=auto', 'dark'],
    ['light', '?theme=auto', 'light'],
    ['dark', '?plain=1&theme=dark', 'dark'],
  ]) {
    test(`${query || 'no option'} under a ${scheme} system: a ${theme} page and a ${theme} chart`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/charts/${chart.id}/${query}`);
      for (const live of [false, true]) {
        if (live) await expectLive(page.locator('figure.chart'));
        const c = await colours(page);
        if (theme === 'light') {
          expect(c.page, 'page background').toBeGreaterThan(200);
          expect(c.chart, 'chart background').toBeGreaterThan(200);
          expect(c.text, 'chart text').toBeLessThan(80);
        } else {
          expect(c.page, 'page background').toBeLessThan(60);
          expect(c.chart, 'chart background').toBeLessThan(60);
          expect(c.text, 'chart text').toBeGreaterThan(180);
        }
      }
    });
  }

  test('?plain=1 shows the chart without its heading, subtitle and description, and keeps the credit', async ({
    page,
  }) => {
    await page.goto(`/charts/${chart.id}/`);
    const fig = page.getByRole('figure', { name: chart.title, exact: true });
    await expect(page.getByRole('heading', { level: 1, name: chart.title })).toBeVisible();
    await expect(fig.locator('.chart-desc')).toBeVisible();
    await page.goto(`/charts/${chart.id}/?plain=1`);
    await expect(fig, 'still named by its title').toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: chart.title });
    const box = await heading.boundingBox();
    expect(box.width * box.height, 'the heading is only for screen readers').toBeLessThanOrEqual(1);
    await expect(fig.locator('.chart-desc')).toBeHidden();
    await expect(fig.locator('.chart-subtitle')).toBeHidden();
    await expect(fig.locator(`.chart-frame svg:visible ${chart.marks_selector}`)).toHaveCount(chart.marks);
    const credit = page.locator('.credit');
    await expect(credit).toBeVisible();
    const authors = citations[chart.report].authors.join(', ');
    await expect(credit).toContainText(`Source: ${authors}, `);
    await expect(credit.getByRole('link').last()).toHaveText('Bench Atlas');
    // Every link leaves the iframe.
    for (const a of await page.locator('a[href]').all())
      expect(await a.evaluate((el) => el.target || document.querySelector('base')?.target)).toBe('_blank');
  });

  test('the embed page says the chart title once', async ({ page }) => {
    await page.goto(`/charts/${chart.id}/`);
    await makeChartsLive(page);
    const text = await page.locator('main').evaluate((m) => m.innerText);
    expect(text.split(chart.title).length - 1).toBe(1);
    const svgText = await page.locator('.chart-frame svg').evaluate((s) => s.textContent);
    expect(svgText).not.toContain(chart.title);
  });
});

test.describe('without JavaScript, in the dark', () => {
  test.use({ javaScriptEnabled: false, colorScheme: 'dark' });

  for (const width of [375, 1280]) {
    test(`${width} px: every chart of every report page and every home thumbnail is drawn dark`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const paints = (selector) =>
        page.locator(selector).evaluateAll((svgs) =>
          svgs
            .filter((svg) => svg.getBoundingClientRect().width)
            .map((svg) => {
              const lum = (css) => {
                const [r, g, b] = css.match(/[\d.]+/g).map(Number);
                return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
              };
              const label = [...svg.querySelectorAll('text')].find((t) => t.textContent.trim());
              return {
                chart: svg.closest('figure').dataset.chart ?? svg.closest('figure').id,
                back: lum(getComputedStyle(svg.querySelector(':scope > rect')).fill),
                text: lum(getComputedStyle(label).fill),
              };
            }),
        );
      for (const rep of withCharts) {
        await page.goto(`/reports/${rep.slug}/`);
        const drawn = await paints('figure.chart .chart-frame svg');
        expect(drawn).toHaveLength(chartsOf(rep.slug, index).length);
        for (const d of drawn) {
          expect(d.back, `${d.chart}: background`).toBeLessThan(60);
          expect(d.text, `${d.chart}: text`).toBeGreaterThan(180);
        }
      }
      await page.goto('/');
      // One SVG a chart: its own prefers-color-scheme <style> draws it dark inside the <img>.
      const thumbs = page.locator('.card img.thumb');
      expect(await thumbs.count()).toBeGreaterThan(0);
      for (const img of await thumbs.all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await img.getAttribute('src')).toMatch(/^\/charts\/[^/]+(?<!\.dark)\.svg$/);
        const drawn = asDrawn(await drawnColour(img), DARK_BACKGROUND);
        expect(drawn, `${await img.getAttribute('src')}: background`).toBe(DARK_BACKGROUND);
      }
    });
  }
});

test.describe('oEmbed', () => {
  const site = otherSite();
  /** oEmbed addresses are absolute on the published site in every build; here, the same path. */
  const PUBLISHED = publishURL(ROOT);
  const published = (p) => `${PUBLISHED.replace(/\/$/, '')}${p}`;
  const local = (u) => {
    expect(u.startsWith(PUBLISHED), `${u} is on the published site`).toBe(true);
    return `/${u.slice(PUBLISHED.length)}`;
  };

  test('every chart has a valid oEmbed JSON, found from its embed page and the page it is on, whose html shows the chart', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const all = [];
    for (const chart of allCharts) {
      const url = `/charts/${chart.id}/oembed.json`;
      const r = await request.get(url);
      expect(r.status(), url).toBe(200);
      const o = await r.json();
      expect(o.version).toBe('1.0');
      expect(o.type).toBe('rich');
      expect(o.title).toBe(chart.title);
      expect(o.provider_name).toBe('Bench Atlas');
      // The authors of every report it draws from; the repository of one, else the page of the chart.
      expect(o.author_name).toBe([...new Set(chart.sources.flatMap((s) => citations[s].authors))].join(', '));
      if (chart.sources.length === 1) expect(o.author_url).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
      else expect(o.author_url).toBe(published(chart.page));
      expect(o.provider_url).toBe(PUBLISHED);
      for (const k of ['width', 'height', 'thumbnail_width', 'thumbnail_height'])
        expect(Number.isInteger(o[k]) && o[k] > 0, `${chart.id}: ${k}`).toBe(true);
      expect(o.html).toContain(`<iframe src="${published(`/charts/${chart.id}/`)}"`);
      expect(o.html).toContain(`<script async src="${published('/embed.js')}"></script>`);
      // Its size: the widest frame (the wide drawing at 1:1) and the embed's height there.
      // (the snippet links the chart's frame.css, which caps the box at that width)
      expect(o.html).toContain(`<link rel="stylesheet" href="${published(`/charts/${chart.id}/frame.css`)}">`);
      const frameCss = await (await request.get(`/charts/${chart.id}/frame.css`)).text();
      expect(frameCss).toContain(`max-width: ${o.width}px;`);
      expect(o.width).toBeGreaterThanOrEqual(chart.inline.width);
      expect(o.height).toBeGreaterThan(chart.inline.height);
      const thumb = await request.get(local(o.thumbnail_url));
      expect(thumb.status()).toBe(200);
      // The thumbnail's size is the PNG's own (its IHDR: width and height at bytes 16 and 20).
      const png = await thumb.body();
      expect([o.thumbnail_width, o.thumbnail_height], `${chart.id}: thumbnail size`).toEqual([
        png.readUInt32BE(16),
        png.readUInt32BE(20),
      ]);
      for (const pageUrl of [`/charts/${chart.id}/`, chart.page.split('#')[0]]) {
        await page.goto(pageUrl);
        await expect(
          page.locator(`link[rel="alternate"][type="application/json+oembed"][href="${url}"]`),
          `${pageUrl} links to ${url}`,
        ).toHaveCount(1);
      }
      all.push({ chart, o });
    }
    // A tool that understands oEmbed pastes the html; here the published site is this server.
    site.show(all.map(({ o }) => o.html.replaceAll(PUBLISHED, `${baseURL}/`)).join('\n'));
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto(`${site.origin}/`);
    for (const { chart } of all) {
      const iframe = page.locator(`iframe[src="${baseURL}/charts/${chart.id}/"]`);
      await iframe.scrollIntoViewIfNeeded();
      const fig = page
        .frameLocator(`iframe[src="${baseURL}/charts/${chart.id}/"]`)
        .getByRole('figure', { name: chart.title, exact: true });
      await expect(fig.locator(`.chart-frame svg:visible ${chart.marks_selector}`)).toHaveCount(chart.marks);
    }
  });
});

test.describe('accessibility of embed pages', () => {
  const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  for (const query of ['?theme=light', '?theme=dark', '?plain=1&theme=dark']) {
    test(`axe finds nothing on any embed page with ${query}`, async ({ page }) => {
      test.setTimeout(180_000);
      const found = [];
      for (const chart of allCharts) {
        await page.goto(`/charts/${chart.id}/${query}`);
        await makeChartsLive(page);
        await page.evaluate(AXE);
        const violations = await page.evaluate(
          (values) =>
            window.axe
              .run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
              .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))),
          TAGS,
        );
        found.push(...violations.map((v) => `${chart.id}${query}: ${v}`));
      }
      expect(found).toEqual([]);
    });
  }
});
