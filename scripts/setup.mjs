// Setup with Node's built-ins only, run before every npm script that needs tools:
// - `npm ci` when node_modules was not installed from this very package-lock.json: the SHA-256 of
//   the lock file is kept in node_modules/.bench-atlas-lock.sha256 after a successful install and
//   compared by content, so a fresh clone, a checkout or a touch that leaves the lock file as it
//   was installs nothing;
// - a Python virtual environment in .venv from requirements.txt (Hugo and csvkit) when it is
//   missing or was made from another requirements.txt (same kind of stamp, .venv/.requirements.sha256).
// When everything is in place it only reads two files and two stamps. Importing this module runs
// nothing: the decisions are pure functions, tested in setup.test.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/paths.mjs';

/** SHA-256 of a file's content, as lowercase hex. */
export function sha256(content) {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Whether a tool set must be (re)installed: its stamp is missing or holds the hash of another
 * version of the file it was installed from.
 * @param {string | Buffer} content  the file installed from (package-lock.json, requirements.txt)
 * @param {string | null} stamp      the stamp's text, null when there is none
 */
export function needsInstall(content, stamp) {
  return stamp == null || stamp.trim() !== sha256(content);
}

/** The stamp files, relative to the repository. */
export const NODE_STAMP = 'node_modules/.bench-atlas-lock.sha256';
export const VENV_STAMP = '.venv/.requirements.sha256';

function main() {
  const root = ROOT;
  const at = (p) => path.join(root, p);
  const readStamp = (p) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : null);

  function run(cmd, args) {
    console.error(`setup: ${cmd} ${args.join(' ')}`);
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (r.status !== 0) {
      console.error(`setup: "${cmd} ${args.join(' ')}" failed (exit ${r.status ?? r.signal ?? r.error?.message}).`);
      process.exit(1);
    }
  }

  // # Node packages.
  const lock = fs.readFileSync(at('package-lock.json'));
  if (needsInstall(lock, readStamp(at(NODE_STAMP)))) {
    fs.rmSync(at(NODE_STAMP), { force: true });
    run('npm', ['ci', '--no-audit', '--no-fund']);
    fs.writeFileSync(at(NODE_STAMP), sha256(lock) + '\n');
  }

  // # Python tools.
  const venv = at('.venv');
  const bin = process.platform === 'win32' ? path.join(venv, 'Scripts') : path.join(venv, 'bin');
  const requirements = fs.readFileSync(at('requirements.txt'));
  if (needsInstall(requirements, readStamp(at(VENV_STAMP)))) {
    const python = process.env.PYTHON || (spawnSync('python3', ['--version']).status === 0 ? 'python3' : 'python');
    run(python, ['-m', 'venv', '--clear', venv]);
    const pip = ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', '-r', at('requirements.txt')];
    run(path.join(bin, 'python'), pip);
    fs.writeFileSync(at(VENV_STAMP), sha256(requirements) + '\n');
  }
}

const invoked = process.argv[1] && fs.existsSync(process.argv[1]) ? fs.realpathSync(process.argv[1]) : '';
if (invoked && import.meta.url === pathToFileURL(invoked).href) main();
