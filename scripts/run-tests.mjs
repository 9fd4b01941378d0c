// CLI behind `npm test`: every gate, in order, stopping at the first that fails. It looks for a browser
// first: without one it says so in its first line (the gates that need one will fail, and how to get
// one), still runs the gates that need none, then fails at the browser gate. The gates that need no
// browser run first:
//  1. lint: formatting (Prettier) and ESLint's recommended rules;
//  2. unit and golden tests beside the code (node --test scripts/);
//  3. site-level tests in throw-away copies of the repository (tests/site/) that need no browser:
//     mutation of every seed, deterministic builds, atomic publishing;
//  4. check: seeds, metadata, platforms and data/ consistent (data/ is what the scripts produce);
//  5. build the site into public/, and validate its HTML and internal links;
//  6. a browser: CHROME_PATH, the system's Chromium or Playwright's own; without one, exit 1 (the
//     line at the top said so already);
//  7. the site-level tests that open a browser (tests/site/hostile-input.test.mjs, corpus.test.mjs, ...);
//  8. end-to-end tests in Chromium against public/ (Playwright, tests/e2e/).
// Every node:test file runs under a time limit (--test-timeout; the heavy tests also set their own),
// Playwright has its own: a run can fail, never hang.
// Usage: node scripts/run-tests.mjs [--gates id,id,...]   (ids: lint, unit, site, check, build,
//   validate, browser, site-browser, e2e; default all, in this order)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from './lib/args.mjs';
import { ROOT } from './lib/paths.mjs';
import { chromePath, NO_BROWSER } from './lib/tools.mjs';

const { values } = cliArgs(import.meta.url, { options: { gates: { type: 'string' } } });
const node = process.execPath;
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);
/** The site-level tests that open a browser; the others run before the browser is looked for. */
const BROWSER_SITE_TESTS = [
  'tests/site/contributor-jmh.test.mjs',
  'tests/site/contributor-table.test.mjs',
  'tests/site/corpus.test.mjs',
  'tests/site/hostile-input.test.mjs',
];
const SITE_TESTS = fs
  .readdirSync(path.join(ROOT, 'tests/site'))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => `tests/site/${f}`)
  .filter((f) => !BROWSER_SITE_TESTS.includes(f))
  .sort();
const nodeTest = ['--test', '--test-reporter=spec', '--test-timeout=900000'];

/** Playwright's own Chromium, when it is installed (and the environment does not hide it). */
async function playwrightChromium() {
  if (process.env.BENCH_ATLAS_NO_SYSTEM_CHROME === '1') return undefined;
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

const steps = [
  ['lint', 'lint: formatting', node, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
  ['lint', 'lint: ESLint', node, [bin('eslint', 'bin/eslint.js'), '.']],
  ['unit', 'unit and golden tests', node, [...nodeTest, 'scripts/']],
  ['site', 'site-level tests', node, [...nodeTest, ...SITE_TESTS]],
  ['check', 'check', node, ['scripts/check/check.mjs']],
  // With PNGs (a local build draws SVG only): the end-to-end tests check them.
  ['build', 'build', node, ['scripts/build.mjs', '--skip-data', '--png']],
  ['validate', 'validate site: HTML and internal links of public/', node, ['scripts/check/validate-site.mjs']],
  ['browser', 'a browser for the tests that need one'],
  ['site-browser', 'site-level tests in a browser', node, [...nodeTest, ...BROWSER_SITE_TESTS]],
  ['e2e', 'end-to-end tests', node, [bin('@playwright/test', 'cli.js'), 'test']],
];
const chosen = values.gates ? values.gates.split(',') : steps.map(([id]) => id);
const unknown = chosen.filter((g) => !steps.some(([id]) => id === g));
if (unknown.length) {
  console.error(
    `npm test: unknown gate ${unknown.join(', ')} (known: ${[...new Set(steps.map(([id]) => id))].join(', ')})`,
  );
  process.exit(2);
}

const BROWSER_GATES = ['browser', 'site-browser', 'e2e'];
const browser = chosen.some((g) => BROWSER_GATES.includes(g)) ? (chromePath() ?? (await playwrightChromium())) : null;
if (browser === undefined)
  console.error(
    `npm test: no browser: the gates that need one (${BROWSER_GATES.filter((g) => chosen.includes(g)).join(', ')}) will fail; the others run first (${NO_BROWSER}).`,
  );

for (const [id, name, cmd, args] of steps.filter(([g]) => chosen.includes(g))) {
  console.log(`\n== ${name} ==`);
  if (id === 'browser') {
    if (!browser) {
      console.error(`npm test: ${NO_BROWSER}.`);
      process.exit(1);
    }
    console.log(browser);
    continue;
  }
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  if (r.status !== 0) {
    console.error(`\nnpm test: "${name}" failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}
console.log(values.gates ? `\nnpm test: gates ${chosen.join(', ')} passed` : '\nnpm test: all gates passed');
