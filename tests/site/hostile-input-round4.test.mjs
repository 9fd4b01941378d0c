// Hostile input of issue 41 (round four), fed the way a contributor feeds it: add-report on a file
// outside the repository with --dry-run (nothing written), each run with a kill timer. Each test
// asserts one clear line at the place of the problem and a non-zero exit, never a stack trace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { run } from '../helpers/temp-repo.mjs';

const LIMIT = 60_000;
let outside;
before(() => {
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-round4-'));
});
after(() => {
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

const TABLE = '# Limits (2024-01-01)\n\n| Server | Latency (ms) |\n|---|---|\n| hackney | 3.2 |\n| gun | 3.1 |\n';
/** add-report --dry-run on a file with `text`, in the repository itself (nothing is written). */
function addReport(text, args = []) {
  const file = path.join(outside, `r${Math.random().toString(36).slice(2)}.md`);
  fs.writeFileSync(file, text);
  return run(ROOT, 'scripts/add-report/add-report.mjs', [file, '--dry-run', '--title', 'Limits report', ...args], {
    timeout: LIMIT,
  });
}

/** Ended before its kill timer, exit 1, one line matching `message`, no stack trace. */
function refusedInOneLine(r, message) {
  assert.doesNotMatch(r.stderr, /killed after/, 'ended before its kill timer');
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], message);
}

for (const source of [
  'foo/bar:../../../../attacker/repo/blob/main/x@abcdef1',
  'https://github.com/foo/bar/blob/abcdef1/../../../../attacker/repo/blob/main/x',
  'https://github.com/foo/bar/blob/abcdef1/%2e%2e/%2e%2e/attacker/repo/blob/main/x',
  'foo/bar:docs\\..\\..\\attacker@abcdef1',
  'foo/bar:docs/./x.md@abcdef1',
]) {
  test(
    `add-report --source '${source}' is refused: the report's source link would lead out of foo/bar`,
    { timeout: LIMIT + 5000 },
    async () =>
      refusedInOneLine(
        await addReport(TABLE, ['--source', source]),
        /^--source: expected a path in foo\/bar of plain names joined by "\/"/,
      ),
  );
}

test(
  'a 100 KB benchmark name is refused at its seed line, shortened in the message',
  { timeout: LIMIT + 5000 },
  async () => {
    const name = 'b'.repeat(100_000);
    const r = await addReport(
      `# Limits (2024-01-01)\n\n| Benchmark | Latency (ms) |\n|---|---|\n| ${name} | 3.2 |\n| gun | 3.1 |\n`,
      ['--source', 'foo/bar:x.md@abcdef1'],
    );
    refusedInOneLine(
      r,
      /:5: expected text of at most 300 characters for "Benchmark", found "b{77}\.\.\." \(100000 characters\)$/,
    );
  },
);
