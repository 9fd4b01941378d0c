// CLI (npm run build): the whole build, each stage reading only the one before it and what it
// declares below as its inputs:
//   seeds/ -> data/ (scripts/data) -> build/charts/ and build/views/ (scripts/charts and
//   scripts/views, in parallel) -> public/ (Hugo, then the search index and, beside it, the files
//   published as they are: downloads and chart files, linked in).
// Prints the time of each stage.
// Usage: node scripts/build.mjs [--skip-data] [--publish] [--png] [--force] [--shard i/N] [--search-later]
// --search-later (npm start live, scripts/live.mjs) leaves the search stage out: the new site keeps
// the search index of the current one (linked), and live.mjs rebuilds it in the background.
// --publish builds for the published site, with the base URL from config.toml (params.publishURL).
// Charts are drawn as SVG only (what pages show), unless --publish or --png: then each gets its PNG
// too (social cards, oEmbed thumbnails, the PNG link); the end-to-end tests build with --png.
// --shard i/N runs the data stage and renders the i-th of N shares of the charts into the chart
// cache (.cache/charts/), and nothing else: the publish workflow runs N shards on N machines, puts
// their caches together and runs one build (the assembly), which draws every chart from the cache.
// The assembled site is byte-identical to one build's (tests/site/shards.test.mjs).
// A stage whose inputs have not changed since its last run (same content hash) is skipped, like
// make; --force runs every stage.
// public/ is replaced atomically: Hugo builds into a new folder beside it, the search stage indexes
// that folder, and only then is it swapped in (lib/fs.mjs swapIn), so public/ is always the last
// complete site or the new one, whenever the build is killed; a build killed mid-swap is repaired
// by the next (recoverTree), and the stamps of those two stages are written only after the swap.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { cliArgs } from './lib/args.mjs';
import { publishURL as readPublishURL } from './lib/config.mjs';
import { hugoBin } from './lib/tools.mjs';
import { linkTree, swapIn, tempBeside } from './lib/fs.mjs';
import { createHash } from 'node:crypto';

const { values } = cliArgs(import.meta.url, {
  options: {
    'skip-data': { type: 'boolean' },
    force: { type: 'boolean' },
    publish: { type: 'boolean' },
    png: { type: 'boolean' },
    shard: { type: 'string' },
    'search-later': { type: 'boolean' },
  },
});
const searchLater = Boolean(values['search-later']);
const skipData = Boolean(values['skip-data']);
const force = Boolean(values.force);
const publish = Boolean(values.publish);
const publishURL = publish ? readPublishURL(ROOT) : undefined;
const png = publish || Boolean(values.png);
const shard = values.shard;
if (shard !== undefined && !/^\d+\/\d+$/.test(shard)) {
  console.error(`build: --shard: expected i/N (e.g. 2/4), found ${shard === undefined ? 'nothing' : `"${shard}"`}`);
  process.exit(1);
}
/** The path the site is published under: where the links the views stage writes start. */
const basePath = publishURL ? new URL(publishURL).pathname : '/';

const node = process.execPath;
const PUBLIC = path.join(ROOT, 'public');
/** The next site, beside public/ (made after repairing what a killed build left there). */
const staging = tempBeside(PUBLIC);
// No --minify: minifying the HTML took 40 % of Hugo's time at 1,000 reports (the inline drawings
// and tables of every page parsed again) for pages 2 to 7 % smaller, 1 to 3 % once gzipped; the
// stylesheet and scripts are still minified (layouts/_partials/layout/).
const hugoOptions = ['--quiet', '--cleanDestinationDir', ...(publishURL ? ['--baseURL', publishURL] : [])];
const hugoArgs = [...hugoOptions, '--destination', staging];
/** Stages in order; the stages of one step run at the same time. A shard: data, then its share of the charts. */
const pngArgs = png ? [] : ['--svg-only'];
const steps = shard
  ? [
      skipData ? [] : [['data', node, ['scripts/data/build-data.mjs', '--quiet']]],
      [['charts-shard', node, ['scripts/charts/build-charts.mjs', '--quiet', '--shard', shard, ...pngArgs]]],
    ]
  : [
      skipData ? [] : [['data', node, ['scripts/data/build-data.mjs', '--quiet']]],
      [
        ['charts', node, ['scripts/charts/build-charts.mjs', '--quiet', ...pngArgs]],
        ['views', node, ['scripts/views/build-views.mjs', '--base-path', basePath]],
      ],
      [['hugo', hugoBin(), hugoArgs]],
      // The search index and the files published as they are, side by side (neither reads the other's).
      searchLater
        ? [['publish']]
        : [['search', node, ['scripts/search/build-search.mjs', '--site', staging]], ['publish']],
    ];

/**
 * What the site publishes as it is, [folder, where in the site, what to leave out]: the downloads
 * of data/ (every CSV and the data package; the comparisons across reports, as CSV and as the JSON
 * the compare view reads), and what the views and chart stages wrote for publishing.
 */
const PUBLISHED = [
  ['data/tables', 'data'],
  // Each comparison's JSON is published by the views, as the compare view reads it.
  ['data/atlas/comparisons', 'data/comparisons', (rel) => rel.endsWith('.json')],
  ['data/atlas', 'data/atlas', (rel) => rel === 'comparisons'],
  ['build/views/static', ''],
  ['build/charts/static', ''],
];

/**
 * Every input of each stage (its own code, the code it imports, the files it reads), and what it
 * must leave behind to be skipped. A stage runs again when any of these changes, as make would.
 * The views read the seed texts and the original images that data/ names, so seeds/ is theirs too.
 */
const CODE = ['scripts/lib', 'node_modules/.package-lock.json', 'package-lock.json'];
const STAGES = {
  data: { inputs: ['seeds', 'scripts/data', ...CODE], output: 'data/tables/datapackage.json' },
  charts: {
    inputs: ['data', 'scripts/charts', ...CODE],
    output: 'build/charts/data/charts.json',
    extra: png ? 'png' : '',
  },
  // A shard's share of the charts goes into the cache only: it always runs (the cache skips what is drawn).
  'charts-shard': { inputs: [], output: null },
  views: {
    inputs: [
      'data',
      'seeds',
      'scripts/views',
      'scripts/data/atlas/figures.mjs',
      'scripts/data/atlas/normalise.mjs',
      'scripts/data/schemas',
      'scripts/data/schemas.mjs',
      'config.toml',
      ...CODE,
    ],
    output: 'build/views/data/schemas.json',
    extra: basePath,
  },
  hugo: {
    inputs: [
      'config.toml',
      'content',
      'layouts',
      'assets',
      'scripts/lib/noise.mjs', // mounted as assets/js/noise.js (config.toml)
      'static',
      'data',
      'build',
      'node_modules/.package-lock.json',
    ],
    output: 'public/index.html', // written into the staging folder, swapped in after the search stage
    extra: hugoOptions.join(' '),
  },
  // The pages Hugo wrote: its stamp changes whenever it ran on other inputs (Hugo's --cleanDestinationDir
  // removes public/pagefind/, and then the missing output makes this stage run again).
  search: {
    inputs: ['.cache/stamps/hugo.sha256', 'scripts/search', ...CODE],
    output: 'public/pagefind/pagefind-entry.json',
  },
};

/**
 * Hash of a stage's inputs (tests and fixtures do not count): the content of every file, except
 * under build/, which only the stages write (always by replacing a file, never in place): there a
 * file's size, modification time and inode stand for its content, so that checking Hugo's inputs
 * does not read every chart again (hundreds of megabytes at 1,000 reports).
 */
function inputHash(stage) {
  const h = createHash('sha256');
  const add = (rel) => {
    const full = path.join(ROOT, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const e of fs.readdirSync(full).sort()) {
        if (e === 'fixtures' || e.endsWith('.test.mjs') || e.startsWith('.')) continue;
        add(path.posix.join(rel, e));
      }
    } else {
      h.update(rel + '\0');
      h.update(rel.startsWith('build/') ? `${stat.size} ${stat.mtimeMs} ${stat.ino}` : fs.readFileSync(full));
      h.update('\0');
    }
  };
  STAGES[stage].inputs.forEach(add);
  h.update(STAGES[stage].extra ?? '');
  return h.digest('hex');
}
const stampOf = (stage) => path.join(ROOT, '.cache', 'stamps', `${stage}.sha256`);

/** The stages that write the next site into `staging`, and those of them that ran. */
const SITE_STAGES = ['hugo', 'search'];
const pendingStamps = [];
function writeStamp(name) {
  fs.mkdirSync(path.dirname(stampOf(name)), { recursive: true });
  fs.writeFileSync(stampOf(name), inputHash(name));
}

/**
 * The files published as they are, hard-linked into the next site rather than copied by Hugo (a
 * mount would copy every byte: about 300 KB a chart, a third of Hugo's time at 100 reports), while
 * the search stage indexes its pages. It runs whenever Hugo did: Hugo's --cleanDestinationDir
 * leaves only what it wrote; a site Hugo did not rebuild is a copy of public/ that has them.
 */
let hugoRan = false;
function publishFiles() {
  const t0 = performance.now();
  if (!hugoRan) return { name: 'publish', ms: 0, skipped: true };
  let files = 0;
  for (const [from, to, skip] of PUBLISHED) files += linkTree(path.join(ROOT, from), path.join(staging, to), { skip });
  // Searched later (live): the current site's index, until live.mjs has built the new one.
  if (searchLater && fs.existsSync(path.join(PUBLIC, 'pagefind')))
    files += linkTree(path.join(PUBLIC, 'pagefind'), path.join(staging, 'pagefind'));
  return { name: 'publish', ms: Math.round(performance.now() - t0), files };
}

/** Run one stage, unless its inputs are unchanged; a stage that hangs fails the build instead of stalling it. */
function run([name, cmd, args]) {
  if (name === 'publish') {
    try {
      return Promise.resolve(publishFiles());
    } catch (e) {
      return Promise.reject(new Error(`build: stage "publish" failed: ${e.message}`));
    }
  }
  const t0 = performance.now();
  const before = inputHash(name);
  const stamp = stampOf(name);
  if (
    !force &&
    STAGES[name].output &&
    fs.existsSync(path.join(ROOT, STAGES[name].output)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === before
  ) {
    return Promise.resolve({ name, ms: Math.round(performance.now() - t0), skipped: true });
  }
  if (fs.existsSync(stamp)) fs.rmSync(stamp);
  // The search stage alone (Hugo skipped): it indexes a copy of the current site, swapped in after.
  if (name === 'search' && !fs.existsSync(path.join(staging, 'index.html')))
    fs.cpSync(PUBLIC, staging, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        try {
          STAGES[name].after?.();
        } catch (e) {
          reject(new Error(`build: stage "${name}" failed: ${e.message}`));
          return;
        }
        // Stamp what the stage read (for data, the seeds it read: its own output is not an input);
        // for the stages that write the next site, once it is swapped in.
        if (SITE_STAGES.includes(name)) pendingStamps.push(name);
        else if (STAGES[name].output) writeStamp(name);
        if (name === 'hugo') hugoRan = true;
        resolve({ name, ms: Math.round(performance.now() - t0) });
      } else reject(new Error(`build: stage "${name}" failed (${signal ?? `exit ${code}`})`));
    });
    child.on('error', reject);
  });
}

const started = performance.now();
try {
  for (const step of steps) {
    for (const { name, ms, skipped, files } of await Promise.all(step.map(run)))
      console.log(
        `build: ${name} ${skipped ? `up to date (${ms} ms to check)` : `${ms} ms`}${files ? ` (${files} files linked)` : ''}`,
      );
  }
  // # Save outputs: the new site replaces public/ in one swap, or nothing changed.
  if (pendingStamps.length) {
    swapIn(PUBLIC, staging);
    pendingStamps.forEach(writeStamp);
  } else fs.rmSync(staging, { recursive: true, force: true });
  console.log(`build: done in ${Math.round(performance.now() - started)} ms -> public/`);
} catch (e) {
  fs.rmSync(staging, { recursive: true, force: true });
  console.error(e.message);
  process.exit(1);
}
