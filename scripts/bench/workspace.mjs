// Throw-away copies of the site for the build benchmarks, and the build run inside them.
// A copy has the site's own sources (scripts/, layouts/, content/, assets/, static/, config.toml,
// package.json, data/ and seeds/) with node_modules and .venv symlinked, so that the copy's scripts
// run exactly as the repository's do (cwd = the copy), while the repository's data/, build/,
// public/ and caches stay untouched for whatever else is using them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { hugoBin, venvBin } from '../lib/tools.mjs';

/** What a copy of the site takes from the repository (those that exist). */
const SOURCES = ['scripts', 'layouts', 'content', 'assets', 'static', 'i18n', 'archetypes', 'data', 'seeds', 'config.toml', 'hugo.toml', 'package.json'];
const LINKED = ['node_modules', '.venv'];
/** What "cold" removes: every cache and every output of the build. */
const CACHES = ['.cache', 'build', 'public', 'resources/_gen', '.hugo_build.lock'];

/**
 * Copy the site into a new temporary folder.
 * @param {string} from the repository
 * @param {{ label: string, tmp?: string, seeds?: boolean }} options  seeds: false leaves seeds/ empty
 * @returns {string} the copy's root
 */
export function copySite(from, { label, tmp = os.tmpdir(), seeds = true }) {
  const root = fs.mkdtempSync(path.join(tmp, `bench-atlas-${label}-`));
  for (const name of SOURCES) {
    const src = path.join(from, name);
    if (!fs.existsSync(src) || (name === 'seeds' && !seeds)) continue;
    fs.cpSync(src, path.join(root, name), { recursive: true, filter: (p) => !/\.tmp-/.test(path.basename(p)) });
  }
  for (const name of LINKED) {
    if (fs.existsSync(path.join(from, name))) fs.symlinkSync(path.join(from, name), path.join(root, name), 'dir');
  }
  // Seeds are read-only in the repository; the copy's may be edited.
  for (const f of walk(path.join(root, 'seeds'))) fs.chmodSync(f, 0o644);
  return root;
}

export const removeSite = (root) => fs.rmSync(root, { recursive: true, force: true });

/** Remove every cache and output: the next build is cold. */
export function clean(root) {
  for (const p of CACHES) fs.rmSync(path.join(root, p), { recursive: true, force: true });
}

/**
 * The environment of a build in a copy. Hugo keeps its own cache outside the project unless told:
 * keep it in the copy's .cache/, so that "cold" is cold. And Hugo's js.Build reads only files below
 * the project: the symlinked node_modules resolves outside it, so allow reading it there.
 */
function envFor(root) {
  const modules = path.join(root, 'node_modules');
  return {
    ...process.env,
    HUGO_CACHEDIR: path.join(root, '.cache', 'hugo'),
    ...(fs.existsSync(modules) ? { HUGO_SECURITY_NODE_PERMISSIONS_ALLOWREAD: fs.realpathSync(modules) } : {}),
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
}

function run(root, cmd, args) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, env: envFor(root), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`bench: \`${path.basename(cmd)} ${args.join(' ')}\` failed in ${root} (exit ${r.status ?? r.signal}):\n${out}`);
  }
  return { ms, stdout: r.stdout };
}

/**
 * `node scripts/build.mjs` in the copy: its wall time and the time of each stage it prints
 * ("build: <stage> <n> ms"), so the benchmark follows whatever stages the build has.
 * @returns {{ total_ms: number, stages: Record<string, number> }}
 */
export function build(root) {
  const { ms, stdout } = run(root, process.execPath, ['scripts/build.mjs']);
  const stages = {};
  for (const m of stdout.matchAll(/^build: ([\w-]+) (\d+) ms$/gm)) stages[m[1]] = Number(m[2]);
  return { total_ms: ms, stages };
}

/** `node scripts/check.mjs --no-csvclean`: validation of seeds, metadata and data/ without csvkit. */
export const validate = (root) => run(root, process.execPath, ['scripts/check.mjs', '--no-csvclean']).ms;

/**
 * The csvclean step of check.mjs on its own: `csvclean -a` on every CSV of the data package, one
 * process per file as check.mjs runs it. With `limit`, only the first files, and the total is
 * extrapolated from their mean (reported as an estimate).
 * @returns {{ ms: number, files: number, measured: number, estimated: boolean }}
 */
export function csvclean(root, limit = Infinity) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'data/tables/datapackage.json'), 'utf8'));
  const files = pkg.resources.map((r) => path.join(root, 'data/tables', r.path)).filter((f) => fs.existsSync(f));
  const bin = venvBin('csvclean', root);
  const sample = files.slice(0, limit);
  let ms = 0;
  for (const f of sample) ms += run(root, bin, ['-a', f]).ms;
  const estimated = sample.length < files.length;
  return { ms: sample.length ? (ms / sample.length) * files.length : 0, files: files.length, measured: sample.length, estimated };
}

/** What a build produced: reports, data rows, pages and charts. */
export function census(root) {
  const reports = fs.existsSync(path.join(root, 'data/reports')) ? fs.readdirSync(path.join(root, 'data/reports')).filter((f) => f.endsWith('.json')).length : 0;
  let rows = 0;
  for (const f of walk(path.join(root, 'data/tables'))) {
    if (!f.endsWith('.csv')) continue;
    const text = fs.readFileSync(f, 'utf8');
    rows += Math.max(0, text.split('\n').filter(Boolean).length - 1);
  }
  const pages = walk(path.join(root, 'public')).filter((f) => f.endsWith('.html')).length;
  const index = path.join(root, 'build/data/charts.json');
  const charts = fs.existsSync(index) ? Object.keys(JSON.parse(fs.readFileSync(index, 'utf8')).charts ?? {}).length : 0;
  return { reports, data_rows: rows, pages, charts };
}

/** The Hugo version, e.g. "0.168.0". */
export function hugoVersion(root) {
  const r = spawnSync(hugoBin(root), ['version'], { encoding: 'utf8' });
  return /v(\d+\.\d+\.\d+)/.exec(r.stdout ?? '')?.[1] ?? 'unknown';
}

export function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
