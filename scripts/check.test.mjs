// Tests of the check CLI on a temporary copy of the repository: it passes on the copy as it is,
// and on each kind of problem it exits 1 with one line that names the file (and the line where
// there is one) and what to do. Copies run two at a time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { realReports } from './test-helpers/real-data.mjs';
import { tempRepo, removeTempRepo, runScript, edit } from './test-helpers/temp-repo.mjs';

const reportOf = (slug) => realReports().find((r) => r.meta.slug === slug);
const CLOUDI = reportOf('cloudi-1.5.1-power8');
const DARNER = reportOf('darner-vs-kestrel-ec2-m1-large');
const DARNER_ERRATA = DARNER.metaPath.replace(/\.meta\.yaml$/, '.errata.yaml');

/** 1-based line of a text file of the repository copy that starts with `start`. */
const lineStarting = (root, file, start) => {
  const n = fs.readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.startsWith(start)) + 1;
  assert.ok(n > 0, `${file} has no line starting ${JSON.stringify(start)}`);
  return n;
};

/** Run check on a copy changed by `change`; returns the problem lines and the exit code. */
async function check(change) {
  const root = tempRepo('check');
  try {
    const context = change?.(root);
    const { code, stdout, stderr } = await runScript(root, 'scripts/check.mjs', ['--no-csvclean']);
    const lines = stderr.replace(/\n$/, '').split('\n').filter(Boolean);
    const summary = lines.length ? lines.pop() : '';
    return { code, stdout, stderr, problems: lines, summary, context };
  } finally {
    removeTempRepo(root);
  }
}

/** The one problem line a case must print. */
function assertOneProblem(res, expected) {
  assert.equal(res.code, 1, `exit code (stderr: ${res.stderr})`);
  assert.equal(res.summary, 'check: 1 problem', res.stderr);
  assert.equal(res.problems.length, 1, res.stderr);
  if (expected instanceof RegExp) assert.match(res.problems[0], expected);
  else assert.equal(res.problems[0], expected);
}

describe('check CLI', { concurrency: 2 }, () => {
  test('passes on a clean copy', async () => {
    const res = await check();
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.stderr, '');
    assert.match(res.stdout, /^check: \d+ reports, seeds, metadata, platforms and data\/ are consistent\n$/);
  });

  test('a metadata file without a required field (summary)', async () => {
    const res = await check((root) => edit(root, CLOUDI.metaPath, (t) => t.replace(/^summary:.*\n/m, '')));
    // A missing key has no line of its own: the message points at the mapping that lacks it.
    assertOneProblem(res, new RegExp(`^${escape(CLOUDI.metaPath)}:\\d+: expected a "summary" field, found none$`));
  });

  test('an unknown platform id', async () => {
    const res = await check((root) => {
      edit(root, CLOUDI.metaPath, (t) => t.replace('- id: ibm-power8-s822', '- id: ibm-power9-s924'));
      return lineStarting(root, CLOUDI.metaPath, '  - id: ibm-power9-s924');
    });
    assertOneProblem(
      res,
      new RegExp(`^${escape(`${CLOUDI.metaPath}:${res.context}: expected a platform id from seeds/platforms.yaml (`)}[a-z0-9, -]+\\), or a new entry there, found "ibm-power9-s924"$`),
    );
  });

  test('a seed that no longer matches data/ (a number edited, data/ not regenerated)', async () => {
    const res = await check((root) => edit(root, DARNER.seedPath, (t) => t.replace('kestrel    200 conns: 11700 #/sec (mean)', 'kestrel    200 conns: 11800 #/sec (mean)')));
    assert.equal(res.code, 1, res.stderr);
    assert.ok(res.problems.length >= 1, res.stderr);
    // Each line names a file of this report (its seed or one of its data files) and says what to do.
    const slug = DARNER.meta.slug;
    for (const p of res.problems) {
      assert.match(p, new RegExp(`^(${escape(DARNER.seedPath)}(:\\d+)?|data/tables/${slug}/[\\w-]+\\.csv|data/reports/${slug}\\.json): .*run \`npm run data\``), p);
    }
    assert.ok(
      res.problems.some((p) => p.startsWith(`data/tables/${slug}/queue-flood.csv:`) || p.startsWith(`${DARNER.seedPath}:`)),
      `a line names the changed table or the seed:\n${res.stderr}`,
    );
  });

  test('a seed file with no metadata', async () => {
    const orphan = path.posix.join(path.posix.dirname(DARNER.seedPath), '2013-darner-notes.md');
    const res = await check((root) => fs.writeFileSync(path.join(root, orphan), '# Notes\n\nNothing measured.\n'));
    assertOneProblem(res, new RegExp(`^${escape(`${orphan}: no metadata for this file: add ${orphan.replace(/\.md$/, '.meta.yaml')} beside it`)}`));
  });

  test('an erratum that names the wrong published value', async () => {
    const res = await check((root) => {
      edit(root, DARNER_ERRATA, (t) => t.replace('published: kestrel', 'published: darner'));
      return lineStarting(root, DARNER_ERRATA, '  published: darner');
    });
    assertOneProblem(res, new RegExp(`^${escape(`${DARNER_ERRATA}:${res.context}: expected the value the seed has at line `)}\\d+ \\("kestrel"\\), found "darner"$`));
  });
});

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
