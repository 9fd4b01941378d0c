// The headers a host that reads the site's _headers file (Netlify, Cloudflare Pages) sends, as the
// dev server sends them: every page the Content Security Policy of its <meta> tag plus the
// directives only a header can carry. Another site may frame an embed page (/charts/<id>/) but not
// a report page; the browser refuses the second with the report's policy.
import { test, expect } from '@playwright/test';
import { otherSite } from '../helpers/other-site.mjs';
import { hexOf } from '../helpers/pixels.mjs';
import { DARK_BACKGROUND } from '../../scripts/charts/shared/theme.mjs';
import { chartIndex, chartsOf, expectLive, reports } from '../helpers/site.mjs';

const report = reports().find((r) => chartsOf(r.slug).length);
const chart = chartsOf(report.slug)[0];

/** The policy of the page's <meta http-equiv="Content-Security-Policy">. */
const metaPolicy = (page) =>
  page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content', { timeout: 5000 });

test('a report page is sent with its <meta> policy, frame-ancestors none, nosniff and a referrer policy', async ({
  page,
}) => {
  const res = await page.goto(`/reports/${report.slug}/`);
  const headers = res.headers();
  expect(headers['content-security-policy']).toBe(`${await metaPolicy(page)}; frame-ancestors 'none'`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
});

test('an embed page is sent with its <meta> policy and frame-ancestors *', async ({ page }) => {
  const res = await page.goto(`/charts/${chart.id}/`);
  expect(res.headers()['content-security-policy']).toBe(`${await metaPolicy(page)}; frame-ancestors *`);
});

test("a chart's SVG opened on its own is sent with a policy that loads nothing and lets its own <style> (the dark theme) apply", async ({
  page,
}) => {
  const res = await page.goto(`/charts/${chart.id}.svg`);
  const policy = res.headers()['content-security-policy'];
  expect(policy).toMatch(/(^|;)\s*default-src 'none'\s*(;|$)/);
  expect(policy).toMatch(/(^|;)\s*style-src 'unsafe-inline'\s*(;|$)/);
  expect(policy).not.toMatch(/script-src/);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(hexOf(await page.evaluate(() => getComputedStyle(document.querySelector('svg > rect')).fill))).toBe(
    DARK_BACKGROUND,
  );
});

test('_headers is read by the host, not served', async ({ request }) => {
  expect((await request.get('/_headers')).status()).toBe(404);
});

test.describe('another site', () => {
  const site = otherSite();

  test('can frame an embed page, and not a report page', async ({ page, baseURL }) => {
    const framed = chartIndex().charts[chart.id];
    site.show(
      `<iframe id="embed" src="${baseURL}/charts/${chart.id}/" title="embed" width="800" height="600"></iframe>
<iframe id="report" src="${baseURL}/reports/${report.slug}/" title="report" width="800" height="600"></iframe>`,
    );
    await page.goto(`${site.origin}/`);
    await expectLive(page.frameLocator('#embed').getByRole('figure', { name: framed.title, exact: true }));
    // Chromium puts its error page in a frame it refused to show (frame-ancestors 'none').
    const reportFrame = async () => (await page.locator('#report').elementHandle()).contentFrame();
    await expect.poll(async () => (await reportFrame()).url()).toBe('chrome-error://chromewebdata/');
    await expect(page.frameLocator('#report').getByRole('heading', { name: report.title })).toHaveCount(0);
  });
});
