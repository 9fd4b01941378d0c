// The Content Security Policy is strict and the same on every page, and the site lives within it:
//  - every HTML file of public/ carries one CSP meta tag, identical on all, without 'unsafe-inline'
//    (styles come from the site's stylesheet only), and no page writes a style attribute or element;
//  - on the heaviest report page, on an embed page, and on an embed page inside an iframe (as a
//    blogger shows it), every chart goes live and a tooltip shows, styled by the site's stylesheet,
//    with no securitypolicyviolation event and no CSP message in the console.
import fs from 'node:fs';
import path from 'node:path';
import { elements, parseHtml } from '../../scripts/check/html.mjs';
import { filesUnder } from '../helpers/temp-repo.mjs';
import { test, expect } from '@playwright/test';
import { PUBLIC, chartIndex, chartsOf, hoverUntilTooltip, makeChartsLive } from '../helpers/site.mjs';

const index = chartIndex();

/** Every .html file under public/, as paths relative to it. */
function htmlFiles() {
  return filesUnder(PUBLIC).filter((f) => f.endsWith('.html'));
}

/** The CSP meta contents, style attributes and style elements of one HTML document. */
function policyAndStyles(html) {
  const csp = [];
  const styles = [];
  for (const el of elements(parseHtml(html))) {
    const attrs = Object.fromEntries(el.attrs.map((a) => [a.name.toLowerCase(), a.value]));
    if (el.tagName === 'meta' && attrs['http-equiv']?.toLowerCase() === 'content-security-policy')
      csp.push(attrs.content);
    if ('style' in attrs) styles.push(`<${el.tagName} style="${attrs.style}">`);
    if (el.tagName === 'style') styles.push('<style> element');
  }
  return { csp, styles };
}

/** The report page with the most charts (the biggest page among equals), and one of its charts. */
function heaviestReport() {
  const slugs = Object.keys(index.reports).filter((s) => fs.existsSync(path.join(PUBLIC, 'reports', s, 'index.html')));
  const size = (s) => fs.statSync(path.join(PUBLIC, 'reports', s, 'index.html')).size;
  slugs.sort((a, b) => chartsOf(b, index).length - chartsOf(a, index).length || size(b) - size(a));
  return slugs[0];
}

test('every page carries the same strict Content Security Policy and no inline style', () => {
  const files = htmlFiles();
  expect(files.length, 'public/ holds the built site (run npm run build)').toBeGreaterThan(10);
  const policies = new Map();
  const inline = [];
  for (const file of files) {
    const { csp, styles } = policyAndStyles(fs.readFileSync(path.join(PUBLIC, file), 'utf8'));
    expect(csp, `${file} has exactly one CSP meta tag`).toHaveLength(1);
    policies.set(csp[0], [...(policies.get(csp[0]) ?? []), file]);
    inline.push(...styles.map((s) => `${file}: ${s}`));
  }
  expect([...policies.keys()], 'one policy for every page').toHaveLength(1);
  const [policy] = policies.keys();
  expect(policy).not.toContain("'unsafe-inline'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).toMatch(/(^|;)\s*style-src 'self'\s*(;|$)/);
  // WebAssembly for the search index (Pagefind), and nothing else besides the site's own scripts.
  expect(policy).toMatch(/(^|;)\s*script-src 'self' 'wasm-unsafe-eval'\s*(;|$)/);
  expect(inline, 'style attributes or elements the policy would block').toEqual([]);
});

test.describe('charts and tooltips under the policy', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.__cspViolations = [];
      addEventListener(
        'securitypolicyviolation',
        (e) => {
          const where = `${e.sourceFile || location.pathname}:${e.lineNumber}`;
          window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${where})`);
        },
        true,
      );
    });
  });

  /** Console messages about the policy, from the page and its frames. */
  function watchConsole(page) {
    const messages = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => messages.push(`uncaught ${e.name}: ${e.message}`));
    return messages;
  }

  async function violations(page) {
    const out = [];
    for (const frame of page.frames()) {
      out.push(...(await frame.evaluate(() => window.__cspViolations ?? []).catch(() => [])));
    }
    return out;
  }

  /** Point at the marks of the first live chart in `root` until the tooltip shows; its look. */
  async function showTooltip(root, page) {
    const { tooltip } = await hoverUntilTooltip(root, page, index);
    await expect(tooltip).not.toBeEmpty();
    return tooltip.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return {
        position: s.position,
        background: s.backgroundColor,
        border: s.borderTopStyle,
        padding: s.paddingTop,
        zIndex: s.zIndex,
        inViewport:
          r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
      };
    });
  }

  /** The tooltip is laid over the page, where vega-tooltip put it, with the stylesheet's look. */
  function expectStyled(look, where) {
    expect(look.position, `${where}: the tooltip floats over the page`).toBe('fixed');
    expect(look.background, `${where}: the tooltip has the stylesheet's background`).toBe('rgba(255, 255, 255, 0.95)');
    expect(look.border).toBe('solid');
    expect(look.padding).toBe('8px');
    expect(Number(look.zIndex)).toBeGreaterThan(1);
    expect(look.inViewport, `${where}: the tooltip is placed next to the pointer, inside the window`).toBe(true);
  }

  test('the heaviest report page and an embed page in an iframe show charts and tooltips', async ({ page }) => {
    const slug = heaviestReport();
    const messages = watchConsole(page);
    await page.goto(`/reports/${slug}/`);
    expect(await makeChartsLive(page)).toBe(chartsOf(slug, index).length);
    expectStyled(await showTooltip(page, page), `/reports/${slug}/`);

    // The iframe snippet of the "Share and embed" box, as a blogger pastes it (same origin here;
    // embed.spec covers another origin). The embed page runs under its own, identical policy.
    const chart = chartsOf(slug, index)[0];
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.title = 'embedded chart';
      f.width = '800';
      f.height = '1400';
      document.body.append(f);
    }, `/charts/${chart.id}/`);
    await page.locator('iframe[title="embedded chart"]').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe[title="embedded chart"]');
    // An embed page goes live when the reader points at its chart.
    await frame.locator('figure.chart').hover();
    await expect(frame.locator('figure.chart[data-state="ready"]')).toHaveCount(1, { timeout: 20_000 });
    expectStyled(await showTooltip(frame, page), `iframe /charts/${chart.id}/`);

    expect(await violations(page), 'CSP violations').toEqual([]);
    expect(messages, 'CSP messages in the console').toEqual([]);
  });

  test('an embed page on its own shows its chart and a tooltip', async ({ page }) => {
    const charts = chartsOf(heaviestReport(), index);
    const chart = charts.find((c) => c.controls?.length) ?? charts[0];
    const messages = watchConsole(page);
    await page.goto(`/charts/${chart.id}/`);
    expect(await makeChartsLive(page)).toBe(1);
    expectStyled(await showTooltip(page, page), `/charts/${chart.id}/`);
    expect(await violations(page), 'CSP violations').toEqual([]);
    expect(messages, 'CSP messages in the console').toEqual([]);
  });
});
