// Charts that travel: another site embeds one chart with the iframe snippet and another with the
// vega-embed snippet from a report's "Share and embed" box; without JavaScript every chart is still
// drawn and every control points to the data; the SVG (one file, light and dark) and PNG files stand alone.
import { test, expect } from '@playwright/test';
import { otherSite } from '../helpers/other-site.mjs';
import { asDrawn, drawnColour, hexOf } from '../helpers/pixels.mjs';
import { themeConfig } from '../../scripts/charts/shared/theme.mjs';
import {
  allCharts as everyChart,
  chartIndex,
  chartsOf,
  reports,
  vendorScripts,
  watchProblems,
  expectLive,
} from '../helpers/site.mjs';

const index = chartIndex();
/** Every chart: each report's, each comparison's, each subject's. */
const allCharts = everyChart(index);
const reportTitle = (slug) => reports().find((r) => r.slug === slug).title;
/** The title a citation gives a report: its own document's title where it has one (views/citation.mjs workTitle). */
const citedTitle = (slug) => {
  const r = reports().find((x) => x.slug === slug);
  return r.report_title || r.title;
};
const withCharts = reports().filter((r) => chartsOf(r.slug, index).length);

/** The chart of a report drawn from a table. */
const chartFrom = (slug, table) => chartsOf(slug, index).find((c) => c.table === table);

test.describe('another site', () => {
  const site = otherSite();

  /** A snippet from a chart's "Share and embed" box, as a reader copies it. */
  async function snippet(page, chart, label) {
    await page.goto(`/reports/${chart.report}/`);
    const fig = page.getByRole('figure', { name: chart.title, exact: true });
    await fig.getByText('Share and embed').click();
    const dd = fig.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    return (await dd.locator('pre[data-snippet] code').textContent()).trim();
  }

  test('shows a chart through each share snippet (iframe, vega-embed, README image), with all its marks', async ({
    page,
    baseURL,
  }) => {
    const framed = chartFrom('darner-vs-kestrel-ec2-m1-large', 'resident-memory');
    const embedded = chartFrom('darner-vs-kestrel-ec2-m1-large', 'queue-flood');
    const iframe = await snippet(page, framed, 'Embed with an iframe');
    const script = await snippet(page, embedded, 'Interactive, with vega-embed');
    const picture = await snippet(page, framed, 'Image for a README');

    // The snippets point at this site, at the files it serves.
    expect(iframe).toContain(`src="${baseURL}/charts/${framed.id}/"`);
    expect(iframe).toContain(`<script async src="${baseURL}/embed.js"></script>`);
    const vendor = vendorScripts();
    for (const name of ['vega', 'vega-lite', 'vega-embed'])
      expect(script).toContain(`<script src="${baseURL}${vendor[name]}"></script>`);
    expect(script).toContain(`"${baseURL}/charts/${embedded.id}.vl.json"`);
    // One image, light and dark: the SVG themes itself (no <picture> of two files).
    expect(picture).toMatch(/^<img [^>]*>$/);
    expect(picture).toContain(`src="${baseURL}/charts/${framed.id}.svg"`);
    expect(picture).toContain(`width="${framed.width}" height="${framed.height}"`);

    // The other site: both snippets verbatim, except that vega-embed is asked for SVG (its default is canvas).
    const svgScript = script.replace(/vegaEmbed\(([^)]*)\)/, 'vegaEmbed($1, { renderer: "svg" })');
    expect(svgScript).not.toBe(script);
    site.show(`${iframe}\n${svgScript}\n${picture}`);
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.goto(`${site.origin}/`);

    const frame = page.frameLocator(`iframe[src="${baseURL}/charts/${framed.id}/"]`);
    const inFrame = frame.getByRole('figure', { name: framed.title, exact: true });
    await expectLive(inFrame);
    await expect(inFrame.locator(`.chart-frame svg ${framed.marks_selector}`)).toHaveCount(framed.marks);
    await expect(frame.getByRole('link', { name: /Bench Atlas/ })).toBeVisible();
    // The snippet's script sizes the iframe to its content (from the height its box has without it).
    const content = await page
      .frames()
      .find((f) => f.url().includes(`/charts/${framed.id}/`))
      .evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await expect.poll(async () => (await page.locator('iframe').boundingBox()).height).toBe(content);

    const host = page.locator(`#${embedded.name}`);
    await expect(host.locator(`svg ${embedded.marks_selector}`)).toHaveCount(embedded.marks);
    await expect(host.locator('svg.marks')).toBeVisible();

    const img = page.getByRole('img', { name: framed.alt, exact: true });
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => el.complete && el.naturalWidth)).toBe(framed.width);
    // The README image follows the reader's scheme on the other site: light, then dark.
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const background = themeConfig(scheme).background;
      await expect
        .poll(async () => asDrawn(await drawnColour(img), background), `${scheme}: the image's background`)
        .toBe(background);
    }
    expect(problems).toEqual([]);
  });
});

test.describe("a comparison's chart and a subject's, on another site", () => {
  const site = otherSite();

  // The comparison of the most reports, and the subject of the most reports: their credits name several.
  const widest = (group) =>
    Object.values(group ?? {}).reduce((a, b) => (b.sources.length > (a?.sources.length ?? 0) ? b : a), null);
  for (const [kind, chart] of [
    ['comparison', widest(index.comparisons)],
    ['subject', widest(index.subjects)],
  ]) {
    test(`the ${kind} chart "${chart?.title}" is shared from its page like a report's, and shows on another site with every mark and a credit naming each report`, async ({
      page,
      baseURL,
    }) => {
      expect(chart, `the chart stage drew a ${kind} chart`).toBeTruthy();
      expect(chart.sources.length, 'drawn from several reports').toBeGreaterThan(1);
      const problems = watchProblems(page);
      // Its page: the chart, its links (embed page among them) and its share box.
      await page.goto(chart.page);
      const fig = page.getByRole('figure', { name: chart.title, exact: true });
      await expect(fig.getByRole('link', { name: 'Embed page' })).toHaveAttribute('href', `/charts/${chart.id}/`);
      await fig.getByText('Share and embed').click();
      const snippetOf = async (label) =>
        (
          await fig
            .locator('dt', { hasText: label })
            .locator('xpath=following-sibling::dd[1]')
            .locator('pre[data-snippet] code')
            .first()
            .textContent()
        ).trim();
      expect(await snippetOf('Permalink')).toBe(`${baseURL}${chart.page}`);
      const iframe = await snippetOf('Embed with an iframe');
      expect(iframe).toContain(`src="${baseURL}/charts/${chart.id}/"`);
      const cite = await snippetOf('Cite this chart');
      for (const slug of chart.sources) expect(cite, `the citation credits ${slug}`).toContain(citedTitle(slug));
      // The page is found by oEmbed for this chart, and shared with its PNG.
      await expect(
        page.locator(`link[rel="alternate"][type="application/json+oembed"][href="/charts/${chart.id}/oembed.json"]`),
      ).toHaveCount(1);

      // Another site pastes the iframe snippet.
      site.show(iframe);
      await page.setViewportSize({ width: 1000, height: 1200 });
      await page.goto(`${site.origin}/`);
      const frame = page.frameLocator(`iframe[src="${baseURL}/charts/${chart.id}/"]`);
      const inFrame = frame.getByRole('figure', { name: chart.title, exact: true });
      await expectLive(inFrame);
      await expect(inFrame.locator(`.chart-frame svg ${chart.marks_selector}`)).toHaveCount(chart.marks);
      const credit = frame.locator('.credit');
      await expect(credit).toContainText(chart.sources.length > 1 ? 'Sources:' : 'Source:');
      for (const slug of chart.sources)
        await expect(credit.getByRole('link', { name: reportTitle(slug), exact: true })).toHaveAttribute(
          'href',
          `/reports/${slug}/`,
        );
      await expect(credit.getByRole('link', { name: chart.page_title, exact: true })).toHaveAttribute(
        'href',
        chart.page,
      );
      expect(problems).toEqual([]);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const rep of withCharts) {
    test(`${rep.title}: every chart is drawn and every control links to the data`, async ({ page }) => {
      await page.goto(`/reports/${rep.slug}/`);
      for (const chart of chartsOf(rep.slug, index)) {
        const fig = page.getByRole('figure', { name: chart.title, exact: true });
        const svg = fig.locator('.chart-frame svg:visible');
        await expect(svg).toBeVisible();
        const box = await svg.boundingBox();
        expect(box.width, `${chart.id} width`).toBeGreaterThan(0);
        expect(box.height, `${chart.id} height`).toBeGreaterThan(0);
        await expect(
          fig.locator(`.chart-frame svg:visible ${chart.marks_selector}`),
          `marks of ${chart.id}`,
        ).toHaveCount(chart.marks);
        await expect(fig).not.toHaveAttribute('data-state', /./);
        for (const control of chart.controls ?? []) {
          const fallback = fig.locator('.control-fallback').filter({ hasText: control.label });
          await expect(fallback).toBeVisible();
          await expect(fallback).toContainText(`${control.label}: ${control.default}`);
          await expect(fallback.getByRole('link')).toHaveAttribute('href', `/charts/${chart.id}.csv`);
        }
      }
    });
  }
});

test.describe('chart files', () => {
  test('every SVG is well-formed XML with one mark per plotted row', async ({ page, request }) => {
    await page.goto('/charts/');
    const problems = [];
    for (const chart of allCharts) {
      const texts = {};
      for (const kind of ['svg']) {
        const r = await request.get(`/charts/${chart.id}.${kind}`);
        expect(r.status(), `${chart.id}.${kind}`).toBe(200);
        expect(r.headers()['content-type']).toBe('image/svg+xml');
        texts[kind] = await r.text();
        const { error, marks, width, height } = await page.evaluate(
          ([text, selector]) => {
            const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
            const err = doc.querySelector('parsererror');
            const root = doc.documentElement;
            return {
              error: err ? err.textContent : null,
              marks: doc.querySelectorAll(selector).length,
              width: root.getAttribute('width'),
              height: root.getAttribute('height'),
            };
          },
          [texts[kind], chart.marks_selector],
        );
        if (error) problems.push(`${chart.id}.${kind}: not XML: ${error.slice(0, 200)}`);
        else if (marks !== chart.marks)
          problems.push(`${chart.id}.${kind}: ${marks} marks (${chart.marks_selector}), expected ${chart.marks}`);
        if (Number(width) !== chart.width || Number(height) !== chart.height)
          problems.push(`${chart.id}.${kind}: ${width} x ${height}, expected ${chart.width} x ${chart.height}`);
      }
      const dark = await request.get(`/charts/${chart.id}.dark.svg`);
      if (dark.status() !== 404)
        problems.push(`${chart.id}.dark.svg: ${dark.status()}, expected none (one SVG a chart)`);
    }
    expect(problems).toEqual([]);
  });

  test('every SVG opened on its own is drawn in the theme the reader asks for: background, title and axis labels in its colours', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const problems = [];
    const ink = (scheme) => {
      const c = themeConfig(scheme);
      return { background: c.background, title: c.title.color, labels: c.axis.labelColor };
    };
    for (const chart of allCharts) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`/charts/${chart.id}.svg`);
      const drawn = {};
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        drawn[scheme] = await page.evaluate(() => {
          const fill = (el) => (el ? getComputedStyle(el).fill : null);
          return {
            background: fill(document.querySelector('svg > rect')),
            title: fill(document.querySelector('.role-title text')),
            labels: fill(document.querySelector('.role-axis-label text')),
          };
        });
        for (const [part, want] of Object.entries(ink(scheme)))
          if (!drawn[scheme][part] || hexOf(drawn[scheme][part]) !== want)
            problems.push(`${chart.id}.svg, ${scheme}: ${part} ${drawn[scheme][part]}, expected ${want}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("every PNG is 1,200 pixels wide at the chart's proportions, shows its title, and is the image its embed page is shared with", async ({
    page,
    request,
  }) => {
    await page.goto('/charts/');
    const problems = [];
    // What a social network reads from a page: its Open Graph image and that image's size.
    const openGraph = async (url) => {
      const html = await (await request.get(url)).text();
      const meta = (p) => new RegExp(`<meta property="${p}" content="([^"]*)"`).exec(html)?.[1];
      return {
        image: meta('og:image'),
        width: Number(meta('og:image:width')),
        height: Number(meta('og:image:height')),
      };
    };
    for (const chart of allCharts) {
      const r = await request.get(`/charts/${chart.id}.png`);
      expect(r.status(), `${chart.id}.png`).toBe(200);
      const png = await r.body();
      // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(png.subarray(0, 8).toString('hex'), `${chart.id}.png signature`).toBe('89504e470d0a1a0a');
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
      const expected = { width: 1200, height: Math.round((chart.height * 1200) / chart.width) };
      if (size.width !== expected.width || Math.abs(size.height - expected.height) > 1)
        problems.push(
          `${chart.id}.png: ${size.width} x ${size.height}, expected ${expected.width} x ${expected.height}`,
        );
      const og = await openGraph(`/charts/${chart.id}/`);
      if (!og.image?.endsWith(`/charts/${chart.id}.png`) || og.width !== size.width || og.height !== size.height)
        problems.push(`/charts/${chart.id}/: Open Graph image ${JSON.stringify(og)}, expected its PNG at its size`);

      // Decoded in the browser: the band at the top (the title) has dark text on a light ground.
      const pixels = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const band = Math.min(120, Math.round(img.naturalHeight * 0.15));
        const { data } = ctx.getImageData(0, 0, img.naturalWidth, band);
        let dark = 0;
        let light = 0;
        for (let i = 0; i < data.length; i += 4) {
          const lum = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
          if (data[i + 3] > 200 && lum < 96) dark++;
          else if (lum > 200) light++;
        }
        return { dark, light, total: data.length / 4 };
      }, `/charts/${chart.id}.png`);
      if (pixels.dark < 200) problems.push(`${chart.id}.png: ${pixels.dark} dark pixels in the title band`);
      // A report page is shared with its first chart.
      if (chart.order === 0) {
        const og = await openGraph(`/reports/${chart.report}/`);
        if (!og.image?.endsWith(`/charts/${chart.id}.png`))
          problems.push(`/reports/${chart.report}/: Open Graph image ${og.image}, expected ${chart.id}.png`);
      }
      if (pixels.light < pixels.total / 2)
        problems.push(
          `${chart.id}.png: the title band is not on a light ground (${pixels.light} of ${pixels.total} light)`,
        );
    }
    expect(problems).toEqual([]);
  });
});

test.describe('an iframe pasted without its script', () => {
  const site = otherSite();
  // One chart of each kind: a report's, a comparison's, a subject's.
  const byId = (x) => (typeof x === 'string' ? index.charts[x] : x);
  const picked = [
    byId(Object.values(index.reports)[0][0]),
    byId(Object.values(index.comparisons)[0]),
    byId(Object.values(index.subjects)[0]),
  ].filter(Boolean);

  for (const width of [375, 1280])
    for (const scheme of ['light', 'dark'])
      test(`shows each chart whole, its drawing and its credit inside the frame (${width} px, ${scheme})`, async ({
        page,
        baseURL,
      }) => {
        expect(picked.length).toBe(3);
        // The snippet as the share box gives it, its script line left out, as some editors do.
        const snippets = [];
        for (const c of picked) {
          await page.goto(c.page);
          const code = page.locator(`figure[data-chart="${c.id}"] pre[data-embed] code`).first();
          snippets.push((await code.textContent()).trim().replace(/\n<script[^>]*><\/script>$/, ''));
        }
        expect(snippets.every((s) => s.includes(`<iframe src="${baseURL}/charts/`) && !s.includes('<script'))).toBe(
          true,
        );
        site.show(snippets.join('\n<p>More of the blog post.</p>\n'));
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.origin}/`);
        for (const c of picked) {
          const iframe = page.locator(`iframe[src="${baseURL}/charts/${c.id}/"]`);
          await iframe.scrollIntoViewIfNeeded();
          const frameBox = await iframe.boundingBox();
          const frame = page.frameLocator(`iframe[src="${baseURL}/charts/${c.id}/"]`);
          const fig = frame.getByRole('figure', { name: c.title, exact: true });
          const svg = fig.locator('.chart-frame svg:visible').first();
          await expect(svg).toBeVisible();
          await expect(fig.locator(`.chart-frame svg:visible ${c.marks_selector}`)).toHaveCount(c.marks);
          // Nothing of the chart or its credit is cut off by the frame's bottom edge.
          const credit = frame.locator('.credit');
          await expect(credit).toBeVisible();
          for (const [what, box] of [
            ['drawing', await svg.boundingBox()],
            ['credit', await credit.boundingBox()],
          ])
            expect(box.y + box.height, `${c.id}: the ${what} ends inside the frame`).toBeLessThanOrEqual(
              frameBox.y + frameBox.height + 1,
            );
        }
      });
});
