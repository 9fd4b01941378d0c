// `npm start` live (serve.mjs --live): watch the site's sources and rebuild when one changes. The
// build (scripts/build.mjs) skips every stage whose inputs are unchanged, so an edited seed or
// metadata file reruns the data stage and what follows from it, an edited layout Hugo only. One
// build at a time: a change during a build runs one more after it. After each build that succeeds,
// onBuilt() (the server tells the open tabs to reload); after one that fails, the pages stay as
// they were and the build's own message says why.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

/** What is watched, under the site's root: the seeds and their metadata, the Hugo sources, the code. */
export const WATCHED = ['seeds', 'layouts', 'assets', 'content', 'static', 'scripts', 'config.toml'];

/** Editors' and builds' temporary files, which are no change. */
const NOISE = /(\.tmp-[^/]*|~|\.sw[px]|#)$/;

/**
 * @param {string} root the site's root
 * @param {{ onBuilt: () => void, log?: (line: string) => void, debounceMs?: number }} options
 * @returns {{ close: () => void }}
 */
export function watchBuild(root, { onBuilt, log = () => {}, debounceMs = 300 }) {
  let timer = null;
  let running = false;
  let again = false;
  const build = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    log('live: a source changed: rebuilding');
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      running = false;
      if (code === 0) onBuilt();
      else log(`live: the build failed (exit ${code}): the pages stay as they were`);
      if (again) {
        again = false;
        build();
      }
    });
  };
  const changed = (file) => {
    if (file && NOISE.test(String(file))) return;
    clearTimeout(timer);
    timer = setTimeout(build, debounceMs);
  };
  const watchers = WATCHED.filter((name) => fs.existsSync(path.join(root, name))).map((name) =>
    fs.watch(path.join(root, name), { recursive: true }, (_, file) => changed(file)),
  );
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
