// A draft's placeholders are handled once, in the data step: markDraft (scripts/data/meta.mjs)
// empties add-report's `TODO:` prose and lists every field left to fill in as the report's `draft`.
// The templates read `draft` and the emptied fields only: no template matches placeholder text, and
// every field a template looks up in `draft` is one the data step can list there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, relPath } from '../lib/paths.mjs';
import { walk } from '../lib/fs.mjs';
import { isPlaceholderLine, markDraft } from '../data/meta.mjs';

const templates = walk(path.join(ROOT, 'layouts'))
  .filter((f) => /\.(html|json|xml|txt|headers)$/.test(f))
  .map((f) => ({ file: relPath(ROOT, f), text: fs.readFileSync(f, 'utf8') }));
/** A template without its comments ({{/* ... *\/}}, {{- /* ... *\/ -}}): what it does, not what it says. */
const code = (text) => text.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');

test('no template matches placeholder text: the site reads `draft` and the emptied fields', () => {
  assert.ok(templates.length > 20, `${templates.length} templates found`);
  const matching = templates.filter((t) => /todo/i.test(code(t.text))).map((t) => t.file);
  assert.deepEqual(matching, [], 'templates that look for "TODO" in a field');
});

test('every field a template looks up in `draft` is one the data step lists for a placeholder', () => {
  // Metadata as add-report writes it with nothing known: every field it may leave a placeholder in.
  const meta = markDraft({
    summary: 'TODO: one sentence',
    system_under_test: 'TODO: what was measured',
    load_generator: 'TODO: what generated the load',
    software: [{ name: 'TODO: the software under test', version: 'unstated' }],
    source: { repository: 'TODO: owner/name', path: 'TODO: path', commit: 'TODO: commit' },
    licence: 'TODO: licence',
  });
  assert.equal(meta.summary, '', 'the data step empties a placeholder in prose');
  const looked = templates.flatMap((t) =>
    [...code(t.text).matchAll(/\bin \$draft (?:"([^"]+)"|\(printf "([^"]+)")/g)].map((m) => ({
      file: t.file,
      field: (m[1] ?? m[2]).replace('%d', '0'),
    })),
  );
  assert.ok(looked.length >= 4, `templates look up ${looked.length} fields in draft`);
  for (const { file, field } of looked) assert.ok(meta.draft.includes(field), `${file}: ${field} is never in draft`);
});

test('npm run check asks to fill in the placeholders add-report writes, not a title that says TODO', () => {
  const flagged = [
    'summary: "TODO: one sentence on what the report measures"',
    "  kind: 'TODO: physical server, cloud instance or desktop'",
    '  - name: TODO: the software under test, as the report names it',
    '    review: "TODO: new in seeds/x/a.md:3; keep it, or make the name an alias of a known entity"',
  ];
  const passed = [
    'title: "TODO app benchmark"',
    'title: TODO app benchmark',
    'summary: "Why TODO: lists are slow"',
    '# Written by npm run add-report; fill in every TODO, then run npm run check.',
  ];
  assert.deepEqual(
    flagged.filter((l) => !isPlaceholderLine(l)),
    [],
  );
  assert.deepEqual(passed.filter(isPlaceholderLine), []);
});
