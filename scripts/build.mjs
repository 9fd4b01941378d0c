// CLI: the whole build, each stage reading only the one before it:
//   seeds/ -> data/ (build-data) -> build/ (charts, table views, vendor) -> public/ (Hugo).
// Prints the time of each stage. Usage: node scripts/build.mjs [--skip-data] [--publish]
// --publish builds for the published site, with the base URL from config.toml (params.publishURL).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/repo.mjs';
import { hugoBin } from './lib/tools.mjs';

const skipData = process.argv.includes('--skip-data');
const publishURL = process.argv.includes('--publish')
  ? /^\s*publishURL\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(path.join(ROOT, 'config.toml'), 'utf8'))?.[1]
  : undefined;
if (process.argv.includes('--publish') && !publishURL) throw new Error('config.toml: params.publishURL is not set');
const stages = [
  !skipData && ['data', process.execPath, ['scripts/build-data.mjs', '--quiet']],
  ['charts', process.execPath, ['scripts/build-charts.mjs']],
  ['views', process.execPath, ['scripts/build-views.mjs']],
  ['hugo', hugoBin(), ['--quiet', '--minify', '--cleanDestinationDir', '--destination', 'public', ...(publishURL ? ['--baseURL', publishURL] : [])]],
].filter(Boolean);

for (const [name, cmd, args] of stages) {
  if (name === 'charts' && !fs.existsSync(path.join(ROOT, 'scripts/build-charts.mjs'))) continue;
  const t0 = performance.now();
  // A stage that hangs fails the build instead of stalling it (generous: a loaded 2-core machine).
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', timeout: 600_000, killSignal: 'SIGKILL' });
  if (r.status !== 0) {
    console.error(`build: stage "${name}" failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  console.log(`build: ${name} ${Math.round(performance.now() - t0)} ms`);
}
