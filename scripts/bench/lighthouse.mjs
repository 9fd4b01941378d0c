// Lighthouse (its default mobile configuration: Moto G class screen, simulated slow 4G and 4x CPU
// slowdown) on a page of the site served on 127.0.0.1, through its CLI in a child process, with
// Chromium from CHROME_PATH (else /usr/bin/chromium). Offline: the site makes no request that
// leaves its origin. Returns the four category scores, LCP, CLS and TBT, and the audits that
// cost points in accessibility, best practices and SEO, so a missed budget says what to fix.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, chromePath } from '../lib/tools.mjs';

const require = createRequire(import.meta.url);
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

let active = null;

/**
 * Stop a running Lighthouse: SIGINT first (its CLI then closes the Chrome it launched, which runs in
 * a process group of its own), SIGKILL five seconds later.
 */
export function stopLighthouse(child = active) {
  if (!child) return;
  const hit = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* already gone */
    }
  };
  hit('SIGINT');
  setTimeout(() => hit('SIGKILL'), 5000).unref();
}

/**
 * Whether a page asks not to be indexed (<meta name="robots" content="...noindex...">): Lighthouse's
 * SEO category then fails it on purpose (is-crawlable), so its SEO score is not judged. No page of
 * the site is such a page now: the chart embed pages name their report's page as canonical instead.
 * @param {string} html
 */
export function isNoindex(html) {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    if (/\bname\s*=\s*["']?robots\b/i.test(tag) && /\bcontent\s*=\s*["'][^"']*\bnoindex\b/i.test(tag)) return true;
  }
  return false;
}

/** The installed Lighthouse version, or null when it is not installed. */
export function lighthouseVersion() {
  try {
    return require('lighthouse/package.json').version;
  } catch {
    return null;
  }
}

/**
 * Run Lighthouse on one URL.
 * @param {string} url
 * @param {{ saveTo?: string, timeoutMs?: number }} [options] saveTo: where to keep the full JSON report
 */
export async function runLighthouse(url, { saveTo, timeoutMs = 180_000 } = {}) {
  const cli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');
  const chrome = chromePath();
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--form-factor=mobile',
  ];
  const text = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    active = child;
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (err += c));
    const timer = setTimeout(() => stopLighthouse(child), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      active = null;
      if (code === 0) resolve(out);
      else
        reject(new Error(`lighthouse ${url}: exit ${code ?? signal}\n${err.trim().split('\n').slice(-10).join('\n')}`));
    });
  });
  const lhr = JSON.parse(text);
  if (saveTo) {
    fs.mkdirSync(path.dirname(saveTo), { recursive: true });
    fs.writeFileSync(saveTo, text);
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  // Audits that cost points (score below 1, and not merely informative), per category.
  const failing = {};
  for (const id of CATEGORIES.slice(1)) {
    failing[id] = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id)
      .sort();
  }
  const round = (v, k) => (v == null ? null : Math.round(v * 10 ** k) / 10 ** k);
  return {
    url: new URL(url).pathname,
    lighthouse: lhr.lighthouseVersion,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      seo: score('seo'),
    },
    lcp_ms: round(metric('largest-contentful-paint'), 0),
    cls: round(metric('cumulative-layout-shift'), 3),
    tbt_ms: round(metric('total-blocking-time'), 0),
    fcp_ms: round(metric('first-contentful-paint'), 0),
    failing: { accessibility: failing.accessibility, best_practices: failing['best-practices'], seo: failing.seo },
    run_warnings: [...(lhr.runWarnings ?? [])].sort(),
  };
}
