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
import { ROOT } from '../lib/paths.mjs';

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
  test('a passage of a seed left out of the reading fails the check until its .meta.yaml says why (not_read:)', async () => {
    // tsenart/vegeta's README (the corpus copy): its histogram (lines 568-571) and its hdrplot table
    // (lines 578-674) are not read (tests/site/not-read.test.mjs).
    const root = tempRepo('check-not-read');
    const META = 'seeds/vegeta/2020-vegeta-readme.meta.yaml';
    const SEED = 'seeds/vegeta/2020-vegeta-readme.md';
    const notReadLines = (stderr) => stderr.split('\n').filter((l) => /not_read/.test(l));
    try {
      const added = await runScript(root, 'scripts/add-report/add-report.mjs', [
        path.join(ROOT, 'tests/fixtures/corpus/vegeta/vegeta-readme.md'),
        ...['--date', '2020', '--title', 'Vegeta README', '--slug', 'vegeta-readme'],
        ...['--source', 'tsenart/vegeta:README.md@cf5811269046c672a604b1eb352204d30f16ae4a'],
      ]);
      assert.equal(added.code, 0, added.stderr);
      // add-report says what is left to say, with the lines.
      assert.match(
        added.stdout,
        new RegExp(`${escape(META)}: not_read: say why lines 568-571 are not read \\(- line: 568`),
      );

      // # No note: one line a passage, at the seed's line, saying where the note goes.
      const bare = await runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']);
      assert.equal(bare.code, 1, bare.stderr);
      assert.deepEqual(notReadLines(bare.stderr), [
        `${SEED}:568: lines 568-571 are left out of the reading (expected results, found a histogram (buckets and bars)) and ${META} gives no note: add "- line: 568" with "why:" under not_read:, or read them with a recipe`,
        `${SEED}:581: lines 578-674 are left out of the reading (expected rows told apart by a name or condition, found rows that are not (line 581 repeats line 580: "", time)) and ${META} gives no note: add "- line: 581" with "why:" under not_read:, or read them with a recipe`,
      ]);

      // # A note for each: the check passes them, and the report keeps each note beside its passage.
      edit(
        root,
        META,
        (t) =>
          `${t}not_read:\n  - line: 568\n    why: "a histogram of the run drawn as bars, no result of its own"\n  - line: 600\n    why: "the hdrplot output, percentiles the report also states as text"\n`,
      );
      const data = await runScript(root, 'scripts/data/build-data.mjs');
      assert.equal(data.code, 0, data.stderr);
      const noted = await runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']);
      assert.deepEqual(notReadLines(noted.stderr), []);
      const doc = JSON.parse(fs.readFileSync(path.join(root, 'data/reports/vegeta-readme.json'), 'utf8'));
      assert.deepEqual(
        doc.not_read.map((n) => [n.from, n.note]),
        [
          [568, 'a histogram of the run drawn as bars, no result of its own'],
          [578, 'the hdrplot output, percentiles the report also states as text'],
        ],
      );

      // # A note at a line that is read: refused at the note's line.
      edit(root, META, (t) => t.replace('- line: 600', '- line: 459'));
      const stale = await runScript(root, 'scripts/check/check.mjs', ['--no-csvclean']);
      assert.equal(stale.code, 1);
      const at = fs.readFileSync(path.join(root, META), 'utf8').split('\n').indexOf('  - line: 459') + 1;
      assert.ok(
        stale.stderr.includes(
          `${META}:${at}: expected the line of a passage left out of the reading (lines 568-571, lines 578-674), found line 459, which is read`,
        ),
        stale.stderr,
      );
    } finally {
      removeTempRepo(root);
    }
  });
});
