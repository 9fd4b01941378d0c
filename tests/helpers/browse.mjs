// A built site (a public/ folder) opened in Chromium, as the site tests that build their own copy
// need it: the dev server on a free port and one browser, both closed in `finally` whatever the
// test throws, so a failing test never leaves a server or a browser behind (or hangs CI).
import { chromium } from '@playwright/test';
import { serve } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromePath } from '../../scripts/lib/tools.mjs';

/**
 * Serve `dir` and launch Chromium, run `use({ browser, base })`, then close both.
 * @param {string} dir the built site (public/)
 * @param {(site: { browser: import('@playwright/test').Browser, base: string }) => Promise<T>} use
 * @returns {Promise<T>}
 * @template T
 */
export async function inBrowser(dir, use) {
  let server;
  let browser;
  try {
    server = await serve({ dir, port: 0 });
    browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS, timeout: 60_000 });
    return await use({ browser, base: `http://127.0.0.1:${server.address().port}` });
  } finally {
    await browser?.close();
    server?.close();
    server?.closeAllConnections?.();
  }
}

/**
 * How many elements `locator` matches once the count has reached `expected`, or the last count
 * after `timeout` ms. A chart's build-time drawing is replaced by the live one when it comes into
 * view, so a count taken once can fall between the two.
 * @param {import('@playwright/test').Locator} locator
 * @param {number} expected
 * @param {number} [timeout]
 */
export async function countWhenSettled(locator, expected, timeout = 30_000) {
  const end = Date.now() + timeout;
  let count = await locator.count();
  while (count !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await locator.count();
  }
  return count;
}
