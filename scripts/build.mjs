// CLI: the whole build, each stage reading only the one before it:
//   seeds/ -> data/ (build-data) -> build/ (charts and table views, in parallel) -> public/ (Hugo).
// Prints the time of each stage. Usage: node scripts/build.mjs [--skip-data] [--publish] [--force]
// --publish builds for the published site, with the base URL from config.toml (params.publishURL).
// A stage whose inputs have not changed since its last run (same content hash) is skipped, like
// make; --force runs every stage.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/repo.mjs';
import { hugoBin } from './lib/tools.mjs';
import { createHash } from 'node:crypto';

const skipData = process.argv.includes('--skip-data');
const force = process.argv.includes('--force');
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
    ['cite', node, ['scripts/cite/build-citations.mjs']],
  ],
  [['hugo', hugoBin(), hugoArgs]],
  [['search', node, ['scripts/search/build-search.mjs']]],
];

/** What each stage reads (besides its own code), and what it must leave behind to be skipped. */
const CODE = ['scripts/lib', 'node_modules/.package-lock.json', 'package-lock.json'];
const STAGES = {
  data: { inputs: ['seeds', 'scripts/build-data.mjs', 'scripts/parsers', 'scripts/derive', 'scripts/schemas', ...CODE], output: 'data/tables/datapackage.json' },
  charts: { inputs: ['data', 'scripts/build-charts.mjs', 'scripts/charts', ...CODE], output: 'build/data/charts.json' },
  views: { inputs: ['data', 'scripts/build-views.mjs', 'scripts/schemas', ...CODE], output: 'build/data/schemas.json' },
  cite: { inputs: ['data/reports', 'config.toml', 'scripts/cite', ...CODE], output: 'build/data/citations.json' },
  hugo: { inputs: ['config.toml', 'content', 'layouts', 'assets', 'static', 'data', 'build', 'node_modules/.package-lock.json'], output: 'public/index.html', extra: hugoArgs.join(' ') },
  // The pages Hugo wrote: its stamp changes whenever it ran on other inputs (Hugo's --cleanDestinationDir
  // removes public/pagefind/, and then the missing output makes this stage run again).
  search: { inputs: ['.cache/stamps/hugo.sha256', 'scripts/search', ...CODE], output: 'public/pagefind/pagefind-entry.json' },
};

/** Content hash of a stage's inputs (tests and fixtures do not count). */
function inputHash(stage) {
  const h = createHash('sha256');
  const add = (rel) => {
    const full = path.join(ROOT, rel);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const e of fs.readdirSync(full).sort()) {
        if (e === 'fixtures' || e.endsWith('.test.mjs') || e.startsWith('.')) continue;
        add(path.posix.join(rel, e));
      }
    } else {
      h.update(rel + '\0');
      h.update(fs.readFileSync(full));
      h.update('\0');
    }
  };
  STAGES[stage].inputs.forEach(add);
  h.update(STAGES[stage].extra ?? '');
  return h.digest('hex');
}
const stampOf = (stage) => path.join(ROOT, '.cache', 'stamps', `${stage}.sha256`);

/** Run one stage, unless its inputs are unchanged; a stage that hangs fails the build instead of stalling it. */
function run([name, cmd, args]) {
  const t0 = performance.now();
  const before = inputHash(name);
  const stamp = stampOf(name);
  if (!force && fs.existsSync(path.join(ROOT, STAGES[name].output)) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === before) {
    return Promise.resolve({ name, ms: Math.round(performance.now() - t0), skipped: true });
  }
  if (fs.existsSync(stamp)) fs.rmSync(stamp);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        // Stamp what the stage read (for data, the seeds it read: its own output is not an input).
        fs.mkdirSync(path.dirname(stamp), { recursive: true });
        fs.writeFileSync(stamp, inputHash(name));
        resolve({ name, ms: Math.round(performance.now() - t0) });
      }
      else reject(new Error(`build: stage "${name}" failed (${signal ?? `exit ${code}`})`));
    });
    child.on('error', reject);
  });
}

const started = performance.now();
try {
  for (const step of steps) {
    for (const { name, ms, skipped } of await Promise.all(step.map(run))) console.log(`build: ${name} ${skipped ? `up to date (${ms} ms to check)` : `${ms} ms`}`);
  }
  console.log(`build: done in ${Math.round(performance.now() - started)} ms -> public/`);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
