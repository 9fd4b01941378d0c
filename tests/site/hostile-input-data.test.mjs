// The data stage, check and add-report against what a hostile (or careless) pull request can put
// under seeds/, each case tried in a throw-away copy of the repository the way a contributor runs
// the commands: symbolic links that lead out of the repository (the shared registries, a seed
// folder), HTML cells whose text is not what a reader sees, a dataset id twice, control characters
// in metadata, a cell corrected twice, file names with a newline or a leading dot, `platforms: []`
// for a report that describes machines, an empty digitized dataset, a huge image, a slug too long
// for a file name. Each refused input is one line, `file:line: expected ..., found ...` (or
// `file: ...`), exit 1, no stack trace, and data/ left as it was; each accepted one is read as a
// reader of the report reads it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempRepo, removeTempRepo, runScript, snapshot } from '../helpers/temp-repo.mjs';

const MOJITO = 'seeds/httpc-bench/2019-05-mojito-ec2-m5-4xlarge.md';
const MOJITO_CSV = 'tables/httpc-bench-mojito-ec2-m5-4xlarge/client-rate.csv';
const ASTORE_META = 'seeds/astore/2015-astore-ht-dell-r420.meta.yaml';
const ASTORE_CSV = 'seeds/astore/2015-astore-ht-dell-r420.digitized.csv';
const ASTORE_PNG = 'seeds/astore/2015-astore-ht-dell-r420.original.png';
const CLOUDI_META = 'seeds/cloudi/2016-cloudi-1.5.4-core-i7.meta.yaml';
const SOLON_META = 'seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.meta.yaml';
const DARNER_ERRATA = 'seeds/darner/2012-darner-0.1.3-kestrel-2.2.0-ec2-m1-large.errata.yaml';

let root;
let outside;
let data;
before(() => {
  root = tempRepo('hostile-data');
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-outside-'));
  data = snapshot(path.join(root, 'data'));
});
after(() => {
  if (root) removeTempRepo(root);
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

const full = (rel) => path.join(root, rel);
const read = (rel) => fs.readFileSync(full(rel), 'utf8');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;

/**
 * Change files of the copy for one case, run `fn`, and put every file back as it was, whatever happens.
 * @param {string[]} rels the files (or folders) the case changes, adds or removes
 */
async function withChanged(rels, change, fn) {
  const saved = rels.map((rel) => [
    rel,
    fs.existsSync(full(rel)) ? fs.mkdtempSync(path.join(outside, 'saved-')) : null,
  ]);
  for (const [rel, dir] of saved)
    if (dir) fs.cpSync(full(rel), path.join(dir, 'x'), { recursive: true, verbatimSymlinks: true });
  try {
    change();
    return await fn();
  } finally {
    for (const [rel, dir] of saved) {
      fs.rmSync(full(rel), { recursive: true, force: true });
      if (dir) fs.renameSync(path.join(dir, 'x'), full(rel));
    }
  }
}

const data_ = (args = []) => runScript(root, 'scripts/data/build-data.mjs', ['--quiet', ...args]);
const check = () => runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']);

/** Exit 1 with exactly one line on stderr that starts with `where` and matches `message`; no trace; data/ unchanged. */
function refused(r, where, message) {
  assert.equal(r.code, 1, `exit 1, found ${r.code}:\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, found:\n${r.stderr}`);
  assert.ok(lines[0].startsWith(where), `starts with ${where}: ${lines[0]}`);
  if (message) assert.match(lines[0], message);
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
  assert.deepEqual(snapshot(path.join(root, 'data')), data, 'data/ is left as it was');
}

/** check exits 1, names the problem on a line of its own, and prints no stack trace. */
function checkRefuses(r, line) {
  assert.equal(r.code, 1, r.stderr);
  assert.ok(
    r.stderr.split('\n').some((l) => l.startsWith(line)),
    `a line starting ${line}:\n${r.stderr}`,
  );
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
}

// # Symbolic links.

for (const registry of ['seeds/platforms.yaml', 'seeds/entities.yaml']) {
  test(`${registry} as a link to a file outside the repository is refused, never read`, { timeout: 60_000 }, () =>
    withChanged(
      [registry],
      () => {
        const elsewhere = path.join(outside, path.basename(registry));
        // The same text, so only the link can be refused, with a name that must never reach data/.
        fs.writeFileSync(elsewhere, read(registry).replace(/^(\s+name: ).*$/m, '$1"OUTSIDE THE REPOSITORY"'));
        fs.rmSync(full(registry));
        fs.symlinkSync(elsewhere, full(registry));
      },
      async () => {
        refused(
          await data_(),
          `${registry}: expected a file inside seeds/, found a link to ${fs.realpathSync(outside)}`,
        );
        const c = await check();
        checkRefuses(c, `${registry}: expected a file inside seeds/`);
        assert.doesNotMatch(c.stdout + c.stderr, /OUTSIDE THE REPOSITORY/);
      },
    ),
  );
}

test('a seed folder replaced by a link to a folder is refused by data and check', { timeout: 60_000 }, () =>
  withChanged(
    ['seeds/solon'],
    () => {
      const moved = path.join(outside, 'solon');
      fs.cpSync(full('seeds/solon'), moved, { recursive: true });
      fs.rmSync(full('seeds/solon'), { recursive: true });
      fs.symlinkSync(moved, full('seeds/solon'));
    },
    async () => {
      refused(await data_(), 'seeds/solon: expected a file or a folder, found a link to a folder');
      checkRefuses(await check(), 'seeds/solon: expected a file or a folder, found a link to a folder');
    },
  ),
);

// # HTML cells: the text a reader sees.

const ROW_38 = '<tr><td>Buoy</td><td>1</td><td>1024</td><td>4096</td><td>101280</td><td>79.6</td></tr>';
for (const [what, cell] of [
  ['struck out (<del>)', '<td><del>9</del>101280</td>'],
  ['hidden (the hidden attribute)', '<td>101280<span hidden>999</span></td>'],
  ['hidden (display:none)', '<td><span style="display:none">7</span>101280</td>'],
]) {
  test(`digits ${what} in an HTML cell are not part of its number`, { timeout: 60_000 }, () =>
    withChanged(
      [MOJITO],
      () => fs.writeFileSync(full(MOJITO), read(MOJITO).replace(ROW_38, ROW_38.replace('<td>101280</td>', cell))),
      async () => {
        const out = path.join(outside, 'data-cells');
        const r = await data_(['--out', out]);
        assert.equal(r.code, 0, r.stderr);
        const row = fs
          .readFileSync(path.join(out, MOJITO_CSV), 'utf8')
          .split('\n')
          .find((l) => l.endsWith(`${MOJITO},38`));
        assert.equal(row, `2019-05-15,Buoy,1,1024,4096,12000000,101280,79.6,${MOJITO},38`);
        fs.rmSync(out, { recursive: true });
      },
    ),
  );
}

// Keep what reads (issue 31): the table with the styled cell is not read, and is listed at its line.
test(
  'an HTML cell with text in another inline style: its table is not read, and is listed at its line',
  { timeout: 60_000 },
  () =>
    withChanged(
      [MOJITO],
      () =>
        fs.writeFileSync(
          full(MOJITO),
          read(MOJITO).replace(
            ROW_38,
            ROW_38.replace('<td>101280</td>', '<td>101280<span style="font-size:0">9</span></td>'),
          ),
        ),
      async () => {
        const out = path.join(outside, 'data-style');
        const r = await data_(['--out', out]);
        assert.equal(r.code, 0, r.stderr);
        const doc = JSON.parse(
          fs.readFileSync(path.join(out, 'reports/httpc-bench-mojito-ec2-m5-4xlarge.json'), 'utf8'),
        );
        assert.ok(
          doc.not_read.some((l) => l.line === 38 && /^expected a cell without inline styles/.test(l.why)),
          JSON.stringify(doc.not_read),
        );
        const csv = fs.readFileSync(path.join(out, MOJITO_CSV), 'utf8');
        assert.ok(!csv.includes(`${MOJITO},38\n`), 'no row from the table with the styled cell');
        assert.doesNotMatch(csv, /1012809/, 'the hidden digit is in no row');
        fs.rmSync(out, { recursive: true });
      },
    ),
);

test('an HTML table row commented out is accepted, and is no row', { timeout: 60_000 }, () =>
  withChanged(
    [MOJITO],
    () => fs.writeFileSync(full(MOJITO), read(MOJITO).replace(ROW_38, `<!-- ${ROW_38} -->`)),
    async () => {
      const out = path.join(outside, 'data-comment');
      const r = await data_(['--out', out]);
      assert.equal(r.code, 0, r.stderr);
      const csv = fs.readFileSync(path.join(out, MOJITO_CSV), 'utf8');
      assert.ok(!csv.includes(`${MOJITO},38\n`), 'no row from the commented line');
      assert.equal(csv.split('\n').length, read(`data/${MOJITO_CSV}`).split('\n').length - 1);
      fs.rmSync(out, { recursive: true });
    },
  ),
);

// # Prose.

test(
  'a Markdown link in report prose becomes its text, read to its balanced ")", and no link',
  { timeout: 60_000 },
  () =>
    withChanged(
      [MOJITO],
      () => {
        const line =
          'See [x](javascript:alert(1)) and [C](https://en.wikipedia.org/wiki/C_(programming_language)) here.';
        fs.writeFileSync(full(MOJITO), read(MOJITO).replace('GET requests lasting', `${line}\n\nGET requests lasting`));
      },
      async () => {
        const out = path.join(outside, 'data-prose');
        const r = await data_(['--out', out]);
        assert.equal(r.code, 0, r.stderr);
        const doc = JSON.parse(
          fs.readFileSync(path.join(out, 'reports/httpc-bench-mojito-ec2-m5-4xlarge.json'), 'utf8'),
        );
        const texts = doc.methodology.map((m) => m.text);
        assert.ok(texts.includes('See x and C here.'), JSON.stringify(texts));
        assert.doesNotMatch(JSON.stringify(doc), /javascript:|programming_language/);
        fs.rmSync(out, { recursive: true });
      },
    ),
);

// # Metadata.

test('two datasets with one id are refused at the line of the second', { timeout: 60_000 }, () =>
  withChanged(
    [ASTORE_META],
    () => {
      const text = read(ASTORE_META);
      const block = text.slice(text.indexOf('  - id: throughput-digitized'));
      fs.writeFileSync(full(ASTORE_META), `${text}${block.replace('title: Throughput', 'title: Other')}`);
    },
    async () => {
      const text = read(ASTORE_META);
      const second = text.split('\n').findLastIndex((l) => /^ {2}- id: throughput-digitized/.test(l)) + 1;
      refused(await data_(), `${ASTORE_META}:${second}: expected an id no other dataset of the report has`);
    },
  ),
);

for (const id of ['errata', 'measurements', 'a'.repeat(41)]) {
  test(
    `a dataset id ${id.length > 20 ? 'of 41 characters' : `"${id}"`} (a table the data stage names, or too long) is refused at its line`,
    { timeout: 60_000 },
    () =>
      withChanged(
        [ASTORE_META],
        () =>
          fs.writeFileSync(
            full(ASTORE_META),
            read(ASTORE_META).replace('  - id: throughput-digitized', `  - id: ${id}`),
          ),
        async () =>
          refused(
            await data_(),
            `${ASTORE_META}:${lineOf(read(ASTORE_META), new RegExp(`^ {2}- id: ${id}$`))}: expected `,
          ),
      ),
  );
}

for (const [name, title] of [
  ['a bell (U+0007, a YAML escape)', '"CloudI with a bell \\u0007 in its title"'],
  ['a right-to-left override (U+202E, raw)', '"CloudI \u202etxt.exe"'],
  ['an escape (U+001B, raw in a plain scalar)', 'CloudI \u001b[31m red'],
]) {
  test(`${name} in a title is refused at its line`, { timeout: 60_000 }, () =>
    withChanged(
      [CLOUDI_META],
      () => fs.writeFileSync(full(CLOUDI_META), read(CLOUDI_META).replace(/^title: .*$/m, `title: ${title}`)),
      async () => {
        refused(
          await data_(),
          `${CLOUDI_META}:${lineOf(read(CLOUDI_META), /^title:/)}: expected text without control or invisible characters`,
        );
      },
    ),
  );
}

test('a control character in a platform name (seeds/platforms.yaml) is refused at its line', { timeout: 60_000 }, () =>
  withChanged(
    ['seeds/platforms.yaml'],
    () =>
      fs.writeFileSync(
        full('seeds/platforms.yaml'),
        read('seeds/platforms.yaml').replace(/^(\s+name: )(.*)$/m, (_, k, v) => `${k}${JSON.stringify(`${v} \u0007`)}`),
      ),
    async () => {
      const line = lineOf(read('seeds/platforms.yaml'), /^\s+name: /);
      refused(await data_(), `seeds/platforms.yaml:${line}: expected text without control or invisible characters`);
    },
  ),
);

test('platforms: [] for a report whose seed describes a machine is refused at its line', { timeout: 60_000 }, () =>
  withChanged(
    [CLOUDI_META],
    () => fs.writeFileSync(full(CLOUDI_META), read(CLOUDI_META).replace(/^platforms:\n(\s+.*\n)+/m, 'platforms: []\n')),
    async () =>
      refused(
        await data_(),
        `${CLOUDI_META}:${lineOf(read(CLOUDI_META), /^platforms:/)}: expected a platform for each machine the report describes (machine: system)`,
        /found platforms: \[\]$/,
      ),
  ),
);

test('a slug of 300 characters is refused at its line, not by the file system', { timeout: 60_000 }, () =>
  withChanged(
    [SOLON_META],
    () => fs.writeFileSync(full(SOLON_META), read(SOLON_META).replace(/^slug: .*$/m, `slug: ${'a'.repeat(300)}`)),
    async () => {
      const r = await data_();
      refused(r, `${SOLON_META}:${lineOf(read(SOLON_META), /^slug:/)}: expected "slug" to have at most 100 characters`);
      assert.doesNotMatch(r.stderr, /ENAMETOOLONG/);
    },
  ),
);

test('schema errors read as sentences: expected "title" to be text', { timeout: 60_000 }, () =>
  withChanged(
    [CLOUDI_META],
    () => fs.writeFileSync(full(CLOUDI_META), read(CLOUDI_META).replace(/^title: .*$/m, 'title: 7')),
    async () => {
      const r = await data_();
      refused(r, `${CLOUDI_META}:${lineOf(read(CLOUDI_META), /^title:/)}: expected "title" to be text, found 7`);
      assert.doesNotMatch(r.stderr, /to must/);
    },
  ),
);

// # Errata.

test('an erratum repeated is refused at its line by data and check, with no stack trace', { timeout: 60_000 }, () =>
  withChanged(
    [DARNER_ERRATA],
    () => {
      const text = read(DARNER_ERRATA);
      fs.writeFileSync(full(DARNER_ERRATA), `${text}${text.slice(text.indexOf('- table:'))}`);
    },
    async () => {
      const second =
        read(DARNER_ERRATA)
          .split('\n')
          .findLastIndex((l) => l.startsWith('- table:')) + 1;
      const where = `${DARNER_ERRATA}:${second}: expected one correction per table, seed line and field`;
      refused(await data_(), where);
      checkRefuses(await check(), where);
    },
  ),
);

// # File names and files.

test('a newline in a seed file name is refused, on one line', { timeout: 60_000 }, () =>
  withChanged(
    ['seeds/solon'],
    () => {
      const name = 'seeds/solon/2021-evil\nname.md';
      fs.copyFileSync(full('seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.md'), full(name));
    },
    async () => {
      refused(await data_(), 'seeds/solon/2021-evil\\u000aname.md: expected a file name without control characters');
      checkRefuses(
        await check(),
        'seeds/solon/2021-evil\\u000aname.md: expected a file name without control characters',
      );
    },
  ),
);

test('a hidden (dotfile) seed with its metadata is refused, not made a report', { timeout: 60_000 }, () =>
  withChanged(
    ['seeds/solon'],
    () => {
      fs.copyFileSync(
        full('seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.md'),
        full('seeds/solon/.hidden.md'),
      );
      fs.writeFileSync(
        full('seeds/solon/.hidden.meta.yaml'),
        read(SOLON_META).replace(/^slug: .*$/m, 'slug: hidden-report'),
      );
    },
    async () => {
      const r = await data_();
      assert.equal(r.code, 1, r.stderr);
      for (const l of r.stderr.trim().split('\n'))
        assert.match(l, /^seeds\/solon\/\.hidden\.(md|meta\.yaml): expected a name that does not start with "\."/);
      assert.doesNotMatch(r.stderr, /^\s+at /m);
      assert.deepEqual(snapshot(path.join(root, 'data')), data);
    },
  ),
);

test('a digitized CSV with a header and no rows is refused at its header line', { timeout: 60_000 }, () =>
  withChanged(
    [ASTORE_CSV],
    () => fs.writeFileSync(full(ASTORE_CSV), `${read(ASTORE_CSV).split('\n')[0]}\n`),
    async () => refused(await data_(), `${ASTORE_CSV}:1: expected rows of values under the header`),
  ),
);

test('an image of 60 MB is refused before it is read', { timeout: 60_000 }, () =>
  withChanged(
    [ASTORE_PNG],
    () => {
      const png = fs.readFileSync(full(ASTORE_PNG));
      const fd = fs.openSync(full(ASTORE_PNG), 'w');
      fs.writeSync(fd, png);
      fs.ftruncateSync(fd, 60 * 1024 * 1024); // sparse: a real PNG head, 60 MB long
      fs.closeSync(fd);
    },
    async () =>
      refused(
        await data_(),
        `${ASTORE_PNG}: expected an image (the site publishes it as it is: make it smaller) of at most 5.0 MB, found 60.0 MB`,
      ),
  ),
);

// # add-report.

test('add-report given a folder says so in one line, exit 1', { timeout: 60_000 }, async () => {
  const r = await runScript(root, 'scripts/add-report/add-report.mjs', [outside, '--title', 'A folder, not a report']);
  refused(r, `${outside}: expected a report file, found a folder`);
});

test(
  'add-report with a slug of 300 characters refuses it in one line, not ENAMETOOLONG',
  { timeout: 60_000 },
  async () => {
    const file = path.join(outside, 'solon.md');
    fs.writeFileSync(file, `${read('seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.md')}\n`);
    const r = await runScript(root, 'scripts/add-report/add-report.mjs', [
      file,
      '--title',
      'A long slug',
      '--date',
      '2021',
      '--source',
      'a/b:c@0000000',
      '--slug',
      'a'.repeat(300),
    ]);
    refused(r, '--slug: expected a slug of at most 100 characters');
    assert.doesNotMatch(r.stderr, /ENAMETOOLONG/);
  },
);

test(
  'add-report says which HTML it removed from Markdown cells, at its file and line',
  { timeout: 60_000 },
  async () => {
    const file = path.join(outside, 'html-cells.md');
    fs.writeFileSync(
      file,
      '# Clients\n\n| Client | Requests/sec |\n|---|---|\n| ibrowse<script>alert(5)</script> | 30000 |\n| <b>katipo</b> | 10000 |\n',
    );
    const r = await runScript(root, 'scripts/add-report/add-report.mjs', [
      file,
      '--title',
      'HTML in table cells',
      '--date',
      '2021',
      '--source',
      'a/b:c@0000000',
      '--dry-run',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /html-cells\.md:5: HTML removed from 2 cells \(line 5: <script><\/script>\)/);
    assert.doesNotMatch(r.stdout, /alert/);
  },
);
