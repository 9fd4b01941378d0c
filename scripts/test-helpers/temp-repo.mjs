// A throw-away copy of the repository for CLI tests: seeds/, scripts/ and data/ copied into a
// temporary folder (node_modules symlinked), a way to run a script of the copy as a child process,
// and byte-level snapshots of a folder to prove that a failed run changed nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT } from './real-data.mjs';

/**
 * Copy seeds/, scripts/ and data/ of the repository into a new temporary folder.
 * @param {string} name a short label for the folder name
 * @returns {string} the copy's root
 */
export function tempRepo(name) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `bench-atlas-${name}-`));
  for (const dir of ['seeds', 'scripts', 'data']) {
    fs.cpSync(path.join(ROOT, dir), path.join(root, dir), {
      recursive: true,
      // Test fixtures are not needed by the CLIs.
      filter: (src) => !src.includes(`${path.sep}fixtures`),
    });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  // Copied seeds keep their read-only mode; the tests edit them.
  for (const f of walkFiles(path.join(root, 'seeds'))) fs.chmodSync(f, 0o644);
  return root;
}

export const removeTempRepo = (root) => fs.rmSync(root, { recursive: true, force: true });

/**
 * Run `node <root>/<script> --root <root> ...args` and collect its exit code and output.
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function runScript(root, script, args = []) {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, script), '--root', root, ...args], { cwd: root, encoding: 'utf8' }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

function walkFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walkFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Every file under a folder as relative path -> SHA-256 of its bytes, sorted, so that two
 * snapshots compare with assert.deepEqual and a difference names the file.
 * @returns {Record<string, string>}
 */
export function snapshot(dir) {
  const out = {};
  for (const f of walkFiles(dir).sort()) out[path.relative(dir, f).split(path.sep).join('/')] = createHash('sha256').update(fs.readFileSync(f)).digest('hex');
  return out;
}

/** Names in a folder that a run of build-data might leave behind (its temporary output folders). */
export const leftovers = (root) => fs.readdirSync(root).filter((f) => /\.tmp-/.test(f));

/** Read, change and write back a text file of the copy. */
export function edit(root, relPath, change) {
  const p = path.join(root, relPath);
  fs.writeFileSync(p, change(fs.readFileSync(p, 'utf8')));
}
