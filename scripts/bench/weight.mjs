// Page weight: the bytes a first visit transfers, per kind of page, measured in Chromium
// (Playwright) against the built site served on 127.0.0.1. Every response's body is counted raw
// and gzip-compressed (zlib level 9: the static server does not compress, a real host would), split
// by type. Two moments: after load, without scrolling ("before any interaction"), and after
// scrolling the whole page, when every interactive chart has loaded the Vega runtime and its spec.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromePath } from '../lib/tools.mjs';

export const TYPES = ['html', 'css', 'js', 'data', 'images', 'other'];

/** The type of a response, from its Content-Type (and its path when that says nothing). */
export function typeOf(contentType = '', url = '') {
  const t = contentType.split(';')[0].trim().toLowerCase();
  const ext = path.extname(new URL(url, 'http://x').pathname).toLowerCase();
  if (t === 'text/html' || ext === '.html') return 'html';
  if (t === 'text/css' || ext === '.css') return 'css';
  if (/javascript|ecmascript/.test(t) || ext === '.js' || ext === '.mjs') return 'js';
  if (/json|csv/.test(t) || ['.json', '.csv'].includes(ext)) return 'data';
  if (/^image\//.test(t) || ['.svg', '.png', '.jpg', '.webp', '.avif', '.gif'].includes(ext)) return 'images';
  return 'other';
}

const gzipSize = (buf) => (buf.length ? zlib.gzipSync(buf, { level: 9 }).length : 0);

/** Sum a list of responses by type: requests, raw bytes and gzip bytes. */
export function summarize(records) {
  const byType = Object.fromEntries(TYPES.map((t) => [t, { requests: 0, raw: 0, gzip: 0 }]));
  for (const r of records) {
    byType[r.type].requests++;
    byType[r.type].raw += r.raw;
    byType[r.type].gzip += r.gzip;
  }
  const total = { requests: records.length, raw: 0, gzip: 0 };
  for (const t of TYPES) {
    total.raw += byType[t].raw;
    total.gzip += byType[t].gzip;
  }
  return { ...total, by_type: byType };
}

/** Open a browser for the measurements. */
export function launch() {
  const executablePath = chromePath();
  return chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
}

/** Wait until no request has been in flight for `quietMs` (at most `maxMs`). */
async function settle(state, quietMs = 600, maxMs = 15000) {
  const t0 = Date.now();
  while (Date.now() - t0 < maxMs) {
    await new Promise((r) => setTimeout(r, 100));
    if (state.inflight === 0 && state.pending.size === 0 && Date.now() - state.last >= quietMs) return;
  }
}

/**
 * Measure one page in a fresh browser context (empty cache).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ viewport: { width: number, height: number } }} options
 * @returns {Promise<{ url: string, load: ReturnType<typeof summarize>, scrolled: ReturnType<typeof summarize>, requests: object[] }>}
 */
export async function measurePage(browser, url, { viewport }) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const records = [];
  const state = { inflight: 0, pending: new Set(), last: Date.now() };
  let phase = 'load';
  page.on('request', () => {
    state.inflight++;
    state.last = Date.now();
  });
  const done = () => {
    state.inflight = Math.max(0, state.inflight - 1);
    state.last = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', done);
  page.on('response', (res) => {
    const at = phase;
    const p = (async () => {
      let body = Buffer.alloc(0);
      if (res.status() < 300 || res.status() >= 400) body = await res.body().catch(() => Buffer.alloc(0));
      records.push({
        url: new URL(res.url()).pathname,
        status: res.status(),
        type: typeOf(res.headers()['content-type'], res.url()),
        raw: body.length,
        gzip: gzipSize(body),
        phase: at,
      });
    })();
    state.pending.add(p);
    p.finally(() => state.pending.delete(p));
  });
  await page.goto(url, { waitUntil: 'load' });
  await settle(state);
  const load = records.filter((r) => r.phase === 'load');
  phase = 'scroll';
  // Scroll down a screen at a time, as a reader would, so that every chart comes into view.
  for (let y = 0; ; y += Math.round(viewport.height * 0.8)) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (y > height) break;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await settle(state);
  await context.close();
  const order = (a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
  return {
    url: new URL(url).pathname,
    load: summarize(load),
    scrolled: summarize(records),
    requests: records.sort((a, b) => (a.phase === b.phase ? order(a, b) : a.phase === 'load' ? -1 : 1)),
  };
}

/**
 * The pages to measure in a built site: the home page, every report page (the heaviest is picked
 * after measuring), the platform page and the seed page with the largest HTML, and the embed page
 * of a chart.
 * @param {string} publicDir
 */
export function findPages(publicDir) {
  const dirs = (sub) => {
    const d = path.join(publicDir, sub);
    return fs.existsSync(d)
      ? fs
          .readdirSync(d, { withFileTypes: true })
          .filter((e) => e.isDirectory() && fs.existsSync(path.join(d, e.name, 'index.html')))
          .map((e) => e.name)
          .sort()
      : [];
  };
  const size = (sub, name) => fs.statSync(path.join(publicDir, sub, name, 'index.html')).size;
  const largest = (sub) => dirs(sub).sort((a, b) => size(sub, b) - size(sub, a) || (a < b ? -1 : 1))[0];
  const platform = largest('platforms');
  const seed = largest('seeds');
  return {
    home: '/',
    reports: dirs('reports').map((s) => `/reports/${s}/`),
    platform: platform ? `/platforms/${platform}/` : null,
    seed: seed ? `/seeds/${seed}/` : null,
    embeds: dirs('charts').map((c) => `/charts/${c}/`),
  };
}

/**
 * Measure the kinds of page: home, the heaviest report page (by gzip bytes before interaction; all
 * report pages are measured to find it), the largest platform and seed pages, and the embed page of
 * the heaviest report's first chart.
 * @param {string} baseUrl e.g. http://127.0.0.1:4321
 * @param {string} publicDir
 * @param {{ viewport: { width: number, height: number } }} options
 */
export async function measureSite(baseUrl, publicDir, options) {
  const pages = findPages(publicDir);
  const browser = await launch();
  try {
    const measure = (p) => measurePage(browser, new URL(p, baseUrl).href, options);
    const reports = [];
    for (const p of pages.reports) reports.push(await measure(p));
    reports.sort((a, b) => b.load.gzip - a.load.gzip || b.scrolled.gzip - a.scrolled.gzip || (a.url < b.url ? -1 : 1));
    const heaviest = reports[0];
    const slug = heaviest ? heaviest.url.split('/')[2] : '';
    const embed = pages.embeds.find((e) => e.startsWith(`/charts/${slug}--`)) ?? pages.embeds[0];
    const kinds = [
      ['home', pages.home],
      ['report', heaviest],
      ['platform', pages.platform],
      ['seed', pages.seed],
      ['embed', embed],
    ];
    const out = [];
    for (const [kind, p] of kinds) {
      if (!p) continue;
      const m = typeof p === 'string' ? await measure(p) : p;
      out.push({ kind, ...m });
    }
    return {
      browser: `Chromium ${browser.version()}`,
      viewport: options.viewport,
      pages: out,
      reports: reports
        .map((r) => ({ url: r.url, load_gzip: r.load.gzip, scrolled_gzip: r.scrolled.gzip }))
        .sort((a, b) => (a.url < b.url ? -1 : 1)),
    };
  } finally {
    await browser.close();
  }
}
