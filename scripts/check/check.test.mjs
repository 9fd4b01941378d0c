// Tests of the check CLI on temporary copies of the repository: it passes on a clean copy, and on
// each kind of problem it exits 1 with one line that names the file (and the line where there is
// one) and what to do. Problems in different reports are independent (check reads each report on
// its own), so four of them share one copy and one run; three runs in all, two at a time.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { realReports } from '../../tests/helpers/real-data.mjs';
import { tempRepo, removeTempRepo, runScript, edit } from '../../tests/helpers/temp-repo.mjs';

const reportOf = (slug) => realReports().find((r) => r.meta.slug === slug);
const CLOUDI_151 = reportOf('cloudi-1.5.1-power8');
const CLOUDI_171 = reportOf('cloudi-1.7.1-core-i7');
const DARNER = reportOf('darner-vs-kestrel-ec2-m1-large');
const ASTORE = reportOf('astore-hyper-threading-dell-r420');
const DARNER_ERRATA = DARNER.metaPath.replace(/\.meta\.yaml$/, '.errata.yaml');
const ORPHAN = path.posix.join(path.posix.dirname(DARNER.seedPath), '2013-darner-notes.md');

/** 1-based line of a text file of a repository copy that starts with `start`. */
function lineStarting(root, file, start) {
  const n =
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith(start)) + 1;
  assert.ok(n > 0, `${file} has no line starting ${JSON.stringify(start)}`);
  return n;
}

/** Run check on a copy changed by `change`: the problem lines, the summary line and the exit code. */
async function check(change) {
  const root = tempRepo('check');
  try {
    const context = change?.(root);
    const { code, stdout, stderr } = await runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']);
    const lines = stderr.replace(/\n$/, '').split('\n').filter(Boolean);
    const summary = lines.length ? lines.pop() : '';
    return { code, stdout, stderr, problems: lines, summary, context };
  } finally {
    removeTempRepo(root);
  }
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('check CLI', { concurrency: 2 }, () => {
  test('passes on a clean copy', async () => {
    const res = await check();
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.stderr, '');
    assert.match(res.stdout, /^check: \d+ reports, seeds, metadata, platforms and data\/ are consistent\n$/);
  });

  describe('five independent problems in one copy: one line each, nothing else', () => {
    /** The line each problem must print (a pattern where part of it is a list that may grow). */
    let expected;
    let res;
    before(async () => {
      res = await check((root) => {
        // A metadata file without a required field.
        edit(root, CLOUDI_151.metaPath, (t) => t.replace(/^summary:.*\n/m, ''));
        // An unknown platform id.
        edit(root, CLOUDI_171.metaPath, (t) => t.replace('- id: intel-core-i7-2700k', '- id: intel-core-i9-9900k'));
        // A seed file with no metadata.
        fs.writeFileSync(path.join(root, ORPHAN), '# Notes\n\nNothing measured.\n');
        // An erratum that names the wrong published value.
        edit(root, DARNER_ERRATA, (t) => t.replace('published: kestrel', 'published: darner'));
        // A seed replaced by a file in no known format.
        edit(root, ASTORE.seedPath, () => 'Some notes about a benchmark, and no tables.\n');
        return {
          platform: lineStarting(root, CLOUDI_171.metaPath, '  - id: intel-core-i9-9900k'),
          erratum: lineStarting(root, DARNER_ERRATA, '  published: darner'),
        };
      });
      expected = {
        // A missing key has no line of its own: the message points at the mapping that lacks it.
        summary: new RegExp(`^${escape(CLOUDI_151.metaPath)}:\\d+: expected a "summary" field, found none$`),
        platform: new RegExp(
          `^${escape(`${CLOUDI_171.metaPath}:${res.context.platform}: expected a platform id from seeds/platforms.yaml (`)}[a-z0-9, -]+\\), or a new entry there, found "intel-core-i9-9900k"$`,
        ),
        orphan: new RegExp(
          `^${escape(`${ORPHAN}: no metadata file ${ORPHAN.replace(/\.md$/, '.meta.yaml')}: add it beside this file`)}`,
        ),
        erratum: new RegExp(
          `^${escape(`${DARNER_ERRATA}:${res.context.erratum}: expected the value the seed has at line `)}\\d+ \\("kestrel"\\), found "darner"$`,
        ),
        unknown: new RegExp(
          `^${escape(`${ASTORE.seedPath}: expected a report in the astore-rst format, as ${ASTORE.metaPath} says, found a file in no known format`)}$`,
        ),
      };
    });

    const one = (key) => {
      const hits = res.problems.filter((p) => expected[key].test(p));
      assert.equal(hits.length, 1, `one line matching ${expected[key]}, found:\n${res.stderr}`);
    };

    test('exit 1, five problem lines and the count', () => {
      assert.equal(res.code, 1, res.stderr);
      assert.equal(res.stdout, '');
      assert.equal(res.summary, 'check: 5 problems', res.stderr);
      assert.equal(res.problems.length, 5, res.stderr);
    });
    test('a metadata file without a required field (summary)', () => one('summary'));
    test('an unknown platform id', () => one('platform'));
    test('a seed file with no metadata', () => one('orphan'));
    test('an erratum that names the wrong published value', () => one('erratum'));
    test('a seed in no known format', () => one('unknown'));
  });

  test('a seed that no longer matches data/ (a number edited, data/ not regenerated)', async () => {
    const res = await check((root) =>
      edit(root, DARNER.seedPath, (t) =>
        t.replace('kestrel    200 conns: 11700 #/sec (mean)', 'kestrel    200 conns: 11800 #/sec (mean)'),
      ),
    );
    assert.equal(res.code, 1, res.stderr);
    assert.ok(res.problems.length >= 1, res.stderr);
    // Each line names a file of this report (its seed or one of its data files) and says what to do.
    const slug = DARNER.meta.slug;
    for (const p of res.problems) {
      assert.match(
        p,
        new RegExp(
          `^(${escape(DARNER.seedPath)}(:\\d+)?|data/tables/${slug}/[\\w-]+\\.csv|data/reports/${slug}\\.json): .*run \`npm run data\``,
        ),
        p,
      );
    }
    assert.ok(
      res.problems.some(
        (p) => p.startsWith(`data/tables/${slug}/queue-flood.csv:`) || p.startsWith(`${DARNER.seedPath}:`),
      ),
      `a line names the changed table or the seed:\n${res.stderr}`,
    );
  });
});
