// `npm start` live: the server in a throw-away site, a seed's metadata edited, and the page changes
// (the open tab told to reload over /__live). Bounded waits; the server is stopped in finally.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempSite, removeTempSite, run, edit } from '../helpers/temp-repo.mjs';

const META = 'seeds/darner/2012-darner-0.1.3-kestrel-2.2.0-ec2-m1-large.meta.yaml';
const PAGE = 'reports/darner-vs-kestrel-ec2-m1-large/';

/** A promise's value, or an error once `ms` have passed. */
function within(ms, what, promise) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

test(
  'npm start: a report title edited in its metadata is on its page after the rebuild, the open tab is told to reload, and the search page says the index is behind until it has caught up',
  { timeout: 900_000 },
  async () => {
    const root = tempSite('live');
    let server;
    const events = new AbortController();
    try {
      const built = await run(root, 'scripts/build.mjs', [], { timeout: 400_000 });
      assert.equal(built.code, 0, built.stderr);
      server = spawn(process.execPath, ['scripts/serve.mjs', '--live', '--port', '0'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      const url = await within(
        30_000,
        'the server',
        new Promise((resolve) =>
          server.stdout.on('data', (d) => {
            said += d;
            const m = /served at (http:\/\/[^/\s]+\/)/.exec(said);
            if (m && said.includes('live: watching')) resolve(m[1]);
          }),
        ),
      );
      const page = async () => (await fetch(url + PAGE)).text();
      const before = await page();
      assert.match(before, /Darner 0\.1\.3 vs Kestrel 2\.2\.0 queue servers on EC2 m1\.large/);
      assert.match(before, /<script src="\/__live\.js"><\/script><\/body>/);
      assert.match(await (await fetch(`${url}__live.js`)).text(), /EventSource\('\/__live'\)/);

      // The open tab listens; the contributor edits the title.
      const stream = (await fetch(`${url}__live`, { signal: events.signal })).body.getReader();
      edit(root, META, (t) => t.replace(/^title: .*$/m, 'title: Darner 0.1.3 vs Kestrel 2.2.0, retitled live'));
      let heard = '';
      /** Read the event stream until `pattern` is heard (after what was heard so far, from `from`). */
      const hear = (what, pattern, from = heard.length) =>
        within(
          600_000,
          what,
          (async () => {
            while (!pattern.test(heard.slice(from))) {
              const { value, done } = await stream.read();
              if (done) throw new Error(`the event stream ended: ${heard}`);
              heard += Buffer.from(value).toString();
            }
          })(),
        );
      await hear('the reload event', /event: reload/);
      assert.match(await page(), /Darner 0\.1\.3 vs Kestrel 2\.2\.0, retitled live/);

      // The search index follows in the background; until then the search page says it is behind.
      const search = await (await fetch(`${url}search/`)).text();
      assert.match(search, /<p class="search-behind" aria-live="polite" data-search-behind hidden><\/p>/);
      await hear(
        'the search notice',
        /event: search\ndata: The search index is being updated: results may miss the latest changes\.\n/,
        0,
      );
      await hear('the search index caught up', /event: search\ndata: \n/, 0);
      assert.equal(await (await fetch(`${url}__search`)).text(), '');

      // A new page: the notice counts it until the index has it.
      const mark = heard.length;
      fs.writeFileSync(path.join(root, 'content', 'notes.md'), '---\ntitle: Notes\n---\nA page added live.\n');
      await hear(
        'the notice of one page added',
        /event: search\ndata: The search index is being updated: 1 page added since it was built; results may miss them\.\n/,
        mark,
      );
      await hear('the search index caught up again', /event: search\ndata: \n/, mark);
      assert.match(await (await fetch(`${url}notes/`)).text(), /A page added live\./);
    } finally {
      events.abort();
      server?.kill();
      removeTempSite(root);
    }
  },
);
