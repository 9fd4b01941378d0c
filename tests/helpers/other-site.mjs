// Another origin for embed tests: a static server for host pages (a blog post, a docs page) written
// into a temporary folder, opened before a describe block's tests and closed after them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { serve } from '../../scripts/serve.mjs';

/**
 * Register the server's start and stop around the calling describe block (or file).
 * @returns {{ dir: string, origin: string, show: (body: string) => void }} origin is set once started;
 *   show(body) writes the host page, body pasted as is
 */
export function otherSite() {
  const site = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-host-')),
    server: null,
    origin: '',
    show: (body) => fs.writeFileSync(path.join(site.dir, 'index.html'), hostPage(body)),
  };
  test.beforeAll(async () => {
    site.server = await serve({ dir: site.dir });
    site.origin = `http://127.0.0.1:${site.server.address().port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => (site.server ? site.server.close(resolve) : resolve()));
    fs.rmSync(site.dir, { recursive: true, force: true });
  });
  return site;
}

/** A host page: snippets as pasted into a blog post. */
export const hostPage = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>A blog post</title></head><body>\n<h1>A blog post</h1>\n${body}\n</body></html>`;
