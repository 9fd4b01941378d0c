// CLI: the whole build, each stage reading only the one before it:
//   seeds/ -> data/ (build-data) -> build/ (charts and table views, in parallel) -> public/ (Hugo).
// Prints the time of each stage. Usage: node scripts/build.mjs [--skip-data] [--publish]
// --publish builds for the published site, with the base URL from config.toml (params.publishURL).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/repo.mjs';
import { hugoBin } from './lib/tools.mjs';

const skipData = process.argv.includes('--skip-data');
const publish = process.argv.includes('--publish');
const publishURL = publish ? /^\s*publishURL\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(path.join(ROOT, 'config.toml'), 'utf8'))?.[1] : undefined;
if (publish && !publishURL) throw new Error('config.toml: params.publishURL is not set');

const node = process.execPath;
const hugoArgs = ['--quiet', '--minify', '--cleanDestinationDir', '--destination', 'public', ...(publishURL ? ['--baseURL', publishURL] : [])];
/** Stages in order; the stages of one step run at the same time. */
const steps = [
  skipData ? [] : [['data', node, ['scripts/build-data.mjs', '--quiet']]],
  [
    ['charts', node, ['scripts/build-charts.mjs', '--quiet']],
    ['views', node, ['scripts/build-views.mjs']],
  ],
  [['hugo', hugoBin(), hugoArgs]],
];

/** Run one stage; a stage that hangs fails the build instead of stalling it. */
function run([name, cmd, args]) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ name, ms: Math.round(performance.now() - t0) });
      else reject(new Error(`build: stage "${name}" failed (${signal ?? `exit ${code}`})`));
    });
    child.on('error', reject);
  });
}

const started = performance.now();
try {
  for (const step of steps) {
    for (const { name, ms } of await Promise.all(step.map(run))) console.log(`build: ${name} ${ms} ms`);
  }
  console.log(`build: done in ${Math.round(performance.now() - started)} ms -> public/`);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
