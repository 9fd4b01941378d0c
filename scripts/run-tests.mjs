// CLI behind `npm test`: every gate, in order, stopping at the first that fails.
//  1. unit and golden tests of parsers, pipeline and charts (node --test scripts/);
//  2. check: seeds, metadata, platforms and data/ consistent (data/ is what the scripts produce);
//  3. build the site into public/;
//  4. end-to-end tests in Chromium against public/ (Playwright).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/repo.mjs';

const node = process.execPath;
const steps = [
  ['unit and golden tests', node, ['--test', '--test-reporter=spec', 'scripts/']],
  ['check', node, ['scripts/check.mjs']],
  ['build', node, ['scripts/build.mjs', '--skip-data']],
  ['validate site: HTML and internal links of public/', node, ['scripts/validate-site.mjs']],
  ['end-to-end tests', node, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test']],
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
