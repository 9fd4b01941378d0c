// The site works from its own origin alone, under its Content Security Policy:
//  - every page (reports, seeds, platforms, lists, chart embed pages) asks nothing of another
//    origin while it loads, while its charts become live, and while a reader uses them (a tooltip,
//    the max_error control, a table's sort and filter, a copy button, an embed page in an iframe);
//  - the policy is there (a CSP meta tag that allows scripts from the site only), and nothing
//    breaks it: no securitypolicyviolation event, no "Refused to ..." console message, no EvalError.
import { test, expect } from '@playwright/test';
import { chartIndex, crawlPublic, dataPages, hoverUntilTooltip, makeChartsLive } from '../helpers/site.mjs';

const index = chartIndex();
const pages = [...new Set([...crawlPublic(), ...dataPages(index)])].sort();

/** Listen to a page: requests to other origins, CSP violations, and script errors. */
function watch(page, origin) {
  const foreign = [];
  const broken = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) && u.origin !== origin)
      foreign.push(`${r.resourceType()} ${r.url()} (from ${r.frame().url()})`);
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) broken.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => broken.push(`uncaught ${e.name}: ${e.message}`));
  return { foreign, broken };
}

test.beforeEach(async ({ page }) => {
  // Record CSP violations in the page (and in frames), from the first byte on.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    addEventListener(
      'securitypolicyviolation',
      (e) =>
        window.__cspViolations.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || location.pathname}:${e.lineNumber})`,
        ),
      true,
    );
  });
});

/** CSP violations the page and its frames recorded. */
async function violations(page) {
  const out = [];
  for (const frame of page.frames())
    out.push(...(await frame.evaluate(() => window.__cspViolations ?? []).catch(() => [])));
  return out;
}

for (const urlPath of pages) {
  test(`${urlPath} loads, goes live and is used without any other origin or CSP violation`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL).origin;
    const { foreign, broken } = watch(page, origin);
    await page.goto(urlPath);

    const csp = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content', { timeout: 10_000 })
      .catch(() => 'none: no Content-Security-Policy meta tag');
    expect
      .soft(csp, `${urlPath} has a Content Security Policy`)
      .toMatch(/(^|;)\s*script-src 'self' 'wasm-unsafe-eval'\s*(;|$)/);
    expect.soft(csp).toMatch(/(^|;)\s*default-src 'self'\s*(;|$)/);

    // # Charts become live; a reader points at one and moves its controls.
    // (A chart that fails is noted, and the checks below still run: they say why it failed.)
    const live = await makeChartsLive(page).catch((e) => {
      expect.soft(e.message.split('\n')[0], `the charts of ${urlPath} become live`).toBe('');
      return -1;
    });
    if (live > 0) {
      await hoverUntilTooltip(page, page, index);
    }
    for (const chart of live > 0 ? Object.values(index.charts) : []) {
      for (const control of chart.controls ?? []) {
        const figure = page.locator(`figure.chart[data-chart="${chart.id}"]`);
        if (!(await figure.count())) continue;
        const slider = figure.getByRole('slider', { name: control.label });
        await slider.fill(String(control.max));
        await expect(page, `moving ${control.name} on ${chart.id} shows in the URL`).toHaveURL(
          new RegExp(`[?&]${control.name}=${control.max}\\b`),
        );
        await slider.fill(String(control.default));
      }
    }

    // # Tables: sort one, filter one; share: copy a snippet.
    const sort = page.getByRole('button', { name: /^Sort by / }).first();
    if (await sort.count()) await sort.click();
    const filter = page.getByRole('spinbutton').first();
    if (await filter.count()) await filter.fill('1');
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const copy = page.getByRole('button', { name: /^Copy: / }).first();
    if (await copy.count()) {
      await copy.click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /Copied|Selected/ })
          .first(),
      ).toBeVisible();
    }

    // # An embed page inside a frame, as another site shows it (the first embed page stands for all).
    if (urlPath === pages.find((p) => /^\/charts\/.+\//.test(p))) {
      await page.evaluate((src) => {
        const f = document.createElement('iframe');
        f.src = src;
        f.title = 'embedded';
        document.body.append(f);
      }, urlPath);
      await page.locator('iframe[title="embedded"]').scrollIntoViewIfNeeded();
      const frame = page.frameLocator('iframe[title="embedded"]');
      // An embed page goes live when the reader points at its chart.
      await frame.locator('figure.chart').hover();
      await expect(frame.locator('figure.chart[data-state="ready"]')).toHaveCount(1);
    }

    await page.waitForLoadState('networkidle');
    expect.soft(foreign, `requests from ${urlPath} to another origin than ${origin}`).toEqual([]);
    expect.soft(await violations(page), `CSP violations on ${urlPath}`).toEqual([]);
    expect(broken, `CSP errors in the console on ${urlPath}`).toEqual([]);
  });
}
