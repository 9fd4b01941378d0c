// `npm start` live (serve.mjs --live): watch the site's sources and rebuild when one changes. The
// build (scripts/build.mjs) skips every stage whose inputs are unchanged, so an edited seed or
// metadata file reruns the data stage and what follows from it, an edited layout Hugo only. One
// build at a time: a change during a build runs one more after it. After each build that succeeds,
// onBuilt() (the server tells the open tabs to reload); after one that fails, the pages stay as
// they were and the build's own message says why.
// The search index follows in the background: the build leaves it out (--search-later: the new site
// keeps the last index), then, while no build runs, scripts/search/build-search.mjs indexes public/
// again (a change stops it: builds come first). Meanwhile onSearch(notice) gives the sentence the
// search page shows (searchNotice: how many pages were added since the index was built), and '' once
// the index has caught up.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { walk } from './lib/fs.mjs';

/** What is watched, under the site's root: the seeds and their metadata, the Hugo sources, the code. */
export const WATCHED = ['seeds', 'layouts', 'assets', 'content', 'static', 'scripts', 'config.toml'];

/** Editors' and builds' temporary files, which are no change. */
const NOISE = /(\.tmp-[^/]*|~|\.sw[px]|#)$/;

/**
 * What the search page says while its index is behind the pages ('' when it is not).
 * @param {boolean} behind the pages were rebuilt since the index was
 * @param {number} added pages of the site that the index has never seen
 * @returns {string}
 */
export function searchNotice(behind, added) {
  if (!behind) return '';
  if (added === 0) return 'The search index is being updated: results may miss the latest changes.';
  return `The search index is being updated: ${added} page${added === 1 ? '' : 's'} added since it was built; results may miss them.`;
}

/** The pages of a built site (its HTML files, by path), the search index's own files left out. */
export function sitePages(site) {
  return walk(site)
    .map((f) => path.relative(site, f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'));
}

/**
 * @param {string} root the site's root
 * @param {{ onBuilt: () => void, onSearch?: (notice: string) => void, log?: (line: string) => void, debounceMs?: number }} options
 * @returns {{ close: () => void }}
 */
export function watchBuild(root, { onBuilt, onSearch = () => {}, log = () => {}, debounceMs = 300 }) {
  const site = path.join(root, 'public');
  let timer = null;
  let running = false;
  let again = false;
  /** The background search, while it runs; the pages its index covers; whether public/ is newer. */
  let search = null;
  let indexed = new Set(sitePages(site));
  let behind = false;
  const reindex = () => {
    if (running || search || !behind) return;
    const pages = sitePages(site);
    log('live: updating the search index in the background');
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'search', 'build-search.mjs'), '--site', site], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    search = child;
    child.on('exit', (code, signal) => {
      search = null;
      if (code !== 0) {
        if (!signal) log(`live: the search index was not updated (exit ${code}); it follows the next build`);
        return;
      }
      indexed = new Set(pages);
      // A build that ended while this one ran made the pages newer again.
      if (running || again) return;
      behind = false;
      onSearch('');
      log('live: the search index is up to date');
    });
  };
  const build = () => {
    if (running) {
      again = true;
      return;
    }
    // Builds come first: the search index is brought up to date after them.
    if (search) search.kill();
    running = true;
    log('live: a source changed: rebuilding');
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--search-later'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => {
      running = false;
      if (code === 0) {
        behind = true;
        onSearch(searchNotice(true, sitePages(site).filter((p) => !indexed.has(p)).length));
        onBuilt();
      } else log(`live: the build failed (exit ${code}): the pages stay as they were`);
      if (again) {
        again = false;
        build();
      } else reindex();
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
      search?.kill();
    },
  };
}
