// A newcomer's README: what Bench Atlas is, exactly two commands shown as commands (npm start,
// npm test) with how long each takes, npm test's gates as run-tests.mjs runs them, how data flows,
// where to go next; the project's history lives in docs/, not here. And CONTRIBUTING's path runs
// `npm run data` again once the metadata is filled in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const contributing = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');

test('the README shows exactly two commands as commands: npm start and npm test', () => {
  // Every line of a fenced block that a reader would type: one starting with a command or a prompt.
  const typed = [...readme.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)]
    .flatMap((m) => m[1].split('\n'))
    .filter((l) => /^\s*(\$ )?(npm|npx|node|git|python3?|pip|hugo|sudo|apt(-get)?)\b/.test(l));
  assert.deepEqual(typed, ['npm start', 'npm test']);
});

test("the README says how long each command takes, npm test's gates, --gates and the port", () => {
  assert.match(readme, /\*\*`npm start`\*\*[\s\S]*?(minute|seconds)/);
  assert.match(readme, /\*\*`npm test`\*\*[\s\S]*?about seven minutes/);
  assert.match(readme, /--gates/);
  assert.match(readme, /port 4317/);
  assert.match(readme, /E2E_PORT/);
  const gates = [
    ...fs.readFileSync(path.join(ROOT, 'scripts/run-tests.mjs'), 'utf8').matchAll(/^ {2}\['([a-z-]+)', '/gm),
  ];
  for (const [, id] of gates)
    assert.match(readme, new RegExp(`\\| \`${id}\` +\\|`), `gate ${id} in the README's table`);
});

test('the README is short and keeps no project history: issues and dated runs live in docs/history.md', () => {
  assert.ok(readme.split('\n').length <= 120, `${readme.split('\n').length} lines`);
  assert.doesNotMatch(readme, /\bissue \d+/i);
  assert.doesNotMatch(readme, /\b20\d\d-\d\d-\d\d\b/);
  assert.doesNotMatch(readme, /engineers/);
  for (const heading of ['## Two commands', '## How data flows', '## Where to go next'])
    assert.ok(readme.includes(heading), heading);
  for (const [, target] of readme.matchAll(/\]\(((?!https?:)[^)#]+)\)/g))
    assert.ok(fs.existsSync(path.join(ROOT, target)), `${target} exists`);
  assert.match(fs.readFileSync(path.join(ROOT, 'docs/history.md'), 'utf8'), /What issue 33 changed/);
});

test('CONTRIBUTING runs npm run data again after the metadata is filled in, before the check', () => {
  const fill = contributing.indexOf('**Fill in every `TODO`**');
  const again = contributing.indexOf('run `npm run data` again', fill);
  const check = contributing.indexOf('**Check**', fill);
  assert.ok(fill > 0 && again > fill && again < check, 'npm run data again between filling in and checking');
});
