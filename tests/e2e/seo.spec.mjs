// What a search engine reads on every kind of page (Lighthouse's SEO audits, which the bench's
// budget wants at 100 on every page kind): each link says where it leads (no "more", "here", "go"),
// each page has a description and an absolute canonical address, and no page asks not to be indexed.
// An embed page (/charts/<id>/) names as canonical the page where its chart is read.
import { test, expect } from '@playwright/test';
import { allCharts, crawlPublic, pageName } from '../helpers/site.mjs';

/**
 * Lighthouse 12's English list of link texts that say nothing of where a link leads
 * (node_modules/lighthouse/core/audits/seo/link-text.js, nonDescriptiveLinkTexts.en); it compares a
 * link's innerText, trimmed and lower-cased, with these.
 */
const GENERIC_LINK_TEXTS = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
]);

/** One page of each kind: a list or the page under each first path segment, and the home page. */
function onePagePerKind() {
  const kinds = new Map();
  for (const p of crawlPublic()) {
    const parts = p.split('/').filter(Boolean);
    const kind = parts.length ? `${parts[0]}${parts.length > 1 ? '/page' : ''}` : 'home';
    if (!kinds.has(kind)) kinds.set(kind, p);
  }
  return [...kinds.values()].sort();
}

for (const urlPath of onePagePerKind()) {
  test(`${pageName(urlPath)}: every link says where it leads, and the page has a description and a canonical address`, async ({
    page,
  }) => {
    await page.goto(urlPath);
    const seen = await page.evaluate(() => ({
      links: [...document.querySelectorAll('a[href]')]
        .filter((a) => !a.href.startsWith('javascript:') && !a.href.startsWith('mailto:'))
        .filter((a) => a.href.split('#')[0] !== location.href.split('#')[0])
        .map((a) => ({ text: a.innerText.trim().toLowerCase(), href: a.getAttribute('href') })),
      description: document.querySelector('meta[name="description"]')?.content ?? '',
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      robots: [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.content),
    }));
    expect(
      seen.links.filter((l) => GENERIC_LINK_TEXTS.has(l.text)),
      'links whose text says nothing of where they lead',
    ).toEqual([]);
    expect(seen.description.trim().length, 'meta description').toBeGreaterThan(0);
    expect(seen.canonical, 'one canonical link').toHaveLength(1);
    expect(seen.canonical[0], 'the canonical link is an absolute address').toMatch(/^https?:\/\/[^/]+\//);
    expect(
      seen.robots.filter((r) => /noindex/i.test(r)),
      'robots meta that asks not to be indexed',
    ).toEqual([]);
  });
}

test("an embed page's canonical address is the page where its chart is read", async ({ page }) => {
  const chart = allCharts()[0];
  await page.goto(`/charts/${chart.id}/`);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical).pathname.endsWith(chart.page.split('#')[0]), `${canonical} is ${chart.page}`).toBe(true);
  expect(new URL(canonical).hash, 'no fragment: a canonical address names a page').toBe('');
});
