import { test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { crawlPublic, dataPages, makeChartsLive } from './helpers/site.mjs';
const pages = [...new Set([...crawlPublic(), ...dataPages()])].sort();
test('explore', async ({ page }) => {
  test.setTimeout(600_000);
  const summary = {};
  for (const p of pages) {
    for (const scheme of ['light', 'dark']) {
      const t0 = Date.now();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(p);
      await makeChartsLive(page);
      const t1 = Date.now();
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const t2 = Date.now();
      console.log(p, scheme, t1 - t0, t2 - t1, r.violations.map((v) => `${v.id}(${v.nodes.length})`).join(' '));
      for (const v of r.violations) { summary[v.id] ??= { help: v.help, nodes: [] }; summary[v.id].nodes.push(...v.nodes.slice(0, 2).map((n) => `${p} ${scheme}: ${n.target.join(' ')} :: ${n.failureSummary.replace(/\n/g, ' ').slice(0, 200)}`)); }
    }
  }
  for (const [k, v] of Object.entries(summary)) { console.log('==', k, v.help); for (const n of v.nodes.slice(0, 8)) console.log('  ', n); }
});
