// Accessibility of every page, as a reader with a screen reader or a keyboard meets it:
//  - axe-core finds no WCAG 2.0/2.1/2.2 A or AA violation on any page, after every chart has
//    become live and with every details box open; then, in the dark colour scheme, no violation
//    of the rules that depend on colour (the DOM is the same, only the colours change);
//  - every chart figure is named by its title and described by its description (the chart index);
//  - on one page of each kind, Tab reaches everything that can be used (links, sort buttons,
//    filters, chart controls, copy buttons, summaries, scrollable regions), and each shows a
//    focus indicator that it does not show unfocused.
// axe runs inside the page (axe.run), not through AxeBuilder: the site has no frames, and
// AxeBuilder's per-frame partial runs and its extra page made each page 5 times slower.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test, expect } from '@playwright/test';
import { chartById, chartIndex, crawlPublic, dataPages, makeChartsLive, reports } from '../helpers/site.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const index = chartIndex();
const pages = [...new Set([...crawlPublic(), ...dataPages(index)])].sort();

// What the colour scheme can change: the page is the same DOM in both, only its colours differ.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's violations on the page as it is now, one readable line per element.
 * @param {'all' | 'colour'} rules every WCAG A/AA rule, or only those that depend on colours
 */
async function axeViolations(page, rules = 'all') {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const runOnly = rules === 'all' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  // Rows past the 20th of a table are the same markup and styles as the ones before: checking
  // them again (thousands of cells on the httpc_bench pages) only multiplies the time.
  const context = { exclude: [['tbody > tr:nth-child(n+21)']] };
  const violations = await page.evaluate(
    ([context, runOnly]) => window.axe.run(context, { runOnly, resultTypes: ['violations'] }).then((r) => r.violations),
    [context, runOnly],
  );
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help}; at ${n.target.join(' ')}: ${n.html.slice(0, 160)}; ${n.failureSummary.replace(/\s*\n\s*/g, ' ')}`,
    ),
  );
}

for (const urlPath of pages) {
  test(`${urlPath} has no WCAG A/AA violation in light or dark, and its charts are named and described`, async ({
    page,
  }) => {
    await page.goto(urlPath);
    await makeChartsLive(page);
    // What a reader can open is checked open.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
        colorScheme === 'dark',
      );
      const rules = colorScheme === 'light' ? 'all' : 'colour';
      expect(await axeViolations(page, rules), `axe violations on ${urlPath} in the ${colorScheme} scheme`).toEqual([]);
    }

    const figures = page.locator('figure.chart');
    const ids = await figures.evaluateAll((fs) => fs.map((f) => f.dataset.chart));
    for (const id of ids) {
      const chart = chartById(id, index);
      const figure = page.locator(`figure.chart[data-chart="${id}"]`);
      await expect(figure, `figure of chart ${id}`).toHaveAccessibleName(chart.title);
      await expect(figure, `figure of chart ${id}`).toHaveAccessibleDescription(chart.description);
      // The live chart itself is one image with the same name, not a heap of unnamed shapes.
      await expect(figure.getByRole('img', { name: chart.title, exact: true }), `chart ${id} as an image`).toHaveCount(
        1,
      );
    }
  });
}

// ---------- Keyboard ----------

/** One page of each kind, with the most kinds of controls: charts with controls, filters, copy buttons. */
function keyboardPages() {
  const withControls = Object.values(index.charts).filter((c) => c.controls?.length);
  const controlled = new Set(withControls.map((c) => c.report));
  const report =
    reports()
      .filter((r) => controlled.has(r.slug))
      .sort((a, b) => a.measured_rows - b.measured_rows)[0] ?? reports()[0];
  const embed = withControls.find((c) => c.report === report.slug) ?? Object.values(index.charts)[0];
  const platform = report.platforms[0].id;
  return [
    '/',
    `/reports/${report.slug}/`,
    ...(embed ? [`/charts/${embed.id}/`] : []),
    `/platforms/${platform}/`,
    `/seeds/${reports()[0].slug}/`,
    '/methodology/',
  ];
}

for (const urlPath of keyboardPages()) {
  test(`on ${urlPath} Tab reaches every link and control, and each shows where the focus is`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(urlPath);
    await makeChartsLive(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    // Everything that can be used, with how it looks unfocused.
    const candidates = await page.evaluate(() => {
      const sel =
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea, summary, [tabindex]:not([tabindex="-1"])';
      const els = [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility({ visibilityProperty: true }));
      window.__candidates = els;
      window.__unfocused = els.map((el) => {
        const s = getComputedStyle(el);
        return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
      });
      const describe = (el) =>
        `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
      return els.map(describe);
    });
    expect(candidates.length, `interactive elements on ${urlPath}`).toBeGreaterThan(5);

    await page.locator('body').focus();
    await page.evaluate(() => document.activeElement?.blur());
    const reached = new Set();
    const noIndicator = [];
    const outside = [];
    let first = null;
    for (let step = 0; step < candidates.length + 20; step++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const i = window.__candidates.indexOf(el);
        const s = getComputedStyle(el);
        const focused = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
        const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) || s.boxShadow !== 'none';
        return {
          i,
          focused,
          unfocused: window.__unfocused[i],
          visible,
          what: `<${el.tagName.toLowerCase()}> ${el.outerHTML.slice(0, 100)}`,
        };
      });
      if (!at) break; // focus left the page's last element
      const key = at.i >= 0 ? at.i : at.what;
      if (key === first) break; // wrapped around
      first ??= key;
      if (at.i < 0) outside.push(at.what);
      else reached.add(at.i);
      if (!at.visible || at.focused === at.unfocused)
        noIndicator.push(
          `${at.i >= 0 ? candidates[at.i] : at.what}: focused "${at.focused}", unfocused "${at.unfocused}"`,
        );
    }
    const unreached = candidates.filter((_, i) => !reached.has(i));
    expect(unreached, `elements of ${urlPath} that Tab never reaches`).toEqual([]);
    expect(noIndicator, `elements of ${urlPath} with no visible focus indicator`).toEqual([]);
    expect(outside, `elements of ${urlPath} that take focus but are not links or controls`).toEqual([]);
  });
}
