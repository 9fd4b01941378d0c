// CLI behind `npm test`: every gate, in order, stopping at the first that fails.
//  1. lint: formatting (Prettier) and ESLint's recommended rules;
//  2. unit and golden tests beside the code (node --test scripts/);
//  3. site-level tests in throw-away copies of the repository (tests/site/): mutation of every
//     seed, hostile input, deterministic builds;
//  4. check: seeds, metadata, platforms and data/ consistent (data/ is what the scripts produce);
//  5. build the site into public/, and validate its HTML and internal links;
//  6. end-to-end tests in Chromium against public/ (Playwright, tests/e2e/).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const node = process.execPath;
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);
const steps = [
  ['lint: formatting', node, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
  ['lint: ESLint', node, [bin('eslint', 'bin/eslint.js'), '.']],
  ['unit and golden tests', node, ['--test', '--test-reporter=spec', 'scripts/']],
  ['site-level tests', node, ['--test', '--test-reporter=spec', 'tests/site/']],
  ['check', node, ['scripts/check/check.mjs']],
  ['build', node, ['scripts/build.mjs', '--skip-data']],
  ['validate site: HTML and internal links of public/', node, ['scripts/check/validate-site.mjs']],
  ['end-to-end tests', node, [bin('@playwright/test', 'cli.js'), 'test']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name} ==`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  if (r.status !== 0) {
    console.error(`\nnpm test: "${name}" failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}
console.log('\nnpm test: all gates passed');
