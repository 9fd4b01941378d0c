// Which reader add-report chooses: one format, several, the table fallback, or the document reader
// for a format's output beside tables no format knows; and one line that says what was tried when
// nothing can be placed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { InputError } from '../lib/errors.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { detectFormats } from './detect.mjs';
import { loadEnv, parsingOnce } from '../data/inputs.mjs';

const fixture = (format, name) =>
  fs.readFileSync(path.join(ROOT, 'scripts/data/parsers', format, 'fixtures', name), 'utf8');

test('a tool output alone is read by its adapter (oha, refused before issue 24)', () => {
  assert.deepEqual(detectFormats(fixture('oha', 'tosic-http-axum.md'), parsers, 'oha.md'), ['oha']);
});

test('a person table alone is read by the table fallback', () => {
  const text = '# Results\n\n| Server | Requests/sec |\n|---|---:|\n| a | 1,000 |\n| b | 2,000 |\n';
  assert.deepEqual(detectFormats(text, parsers, 'table.md'), ['table']);
});

test('a tool output beside a table no format knows is read by the document reader', () => {
  const text = fs.readFileSync(
    path.join(ROOT, 'scripts/data/parsers/document/fixtures/handwritten-mixed-sections.md'),
    'utf8',
  );
  assert.deepEqual(detectFormats(text, parsers, 'mixed.md'), ['document']);
});

test('a CloudI 2.0 README with an HTTP Server Comparison section of wrk output is accepted, not refused at that section', () => {
  const seed = fs.readFileSync(
    path.join(ROOT, 'seeds/cloudi/2023-cloudi-2.0.6-request-rate-language-dell-poweredge-r710.markdown'),
    'utf8',
  );
  const wrk = fixture('wrk-text', 'solon-jetty-excerpt.md').split('\n').slice(2, 20).join('\n');
  const text = seed.replace('## Throughput Summary', `## HTTP Server Comparison\n\n${wrk}\n\n## Throughput Summary`);
  const formats = detectFormats(text, parsers, 'cloudi.md');
  assert.ok(
    formats.includes('document') || (formats.includes('cloudi-request-rate-v2') && formats.includes('wrk-text')),
    formats.join(),
  );
});

test('a file where nothing can be placed is refused with one line that says what was tried', () => {
  assert.throws(
    () => detectFormats('Some notes.\n\n| a | b |\n|---|---|\n| x | y |\n', parsers, 'notes.md'),
    (e) =>
      e instanceof InputError &&
      /tried .*wrk2.*table fallback/.test(e.expected) &&
      e.file === 'notes.md' &&
      !e.message.includes('\n'),
  );
});

test('add-report parses a report once: detecting its format, reading it and the pipeline share one parse', () => {
  const env = loadEnv();
  const text = fs.readFileSync(path.join(ROOT, 'seeds/cloudi/2016-cloudi-1.5.4-core-i7.markdown'), 'utf8');
  const calls = {};
  const counted = {
    ...env,
    parsers: Object.fromEntries(
      Object.entries(env.parsers).map(([name, p]) => [
        name,
        { ...p, parse: (t) => ((calls[name] = (calls[name] ?? 0) + 1), p.parse(t)) },
      ]),
    ),
  };
  const once = parsingOnce(counted);
  const formats = detectFormats(text, once.parsers, 'cloudi.markdown');
  const first = formats.map((f) => once.parsers[f].parse(text));
  const again = formats.map((f) => once.parsers[f].parse(text));
  assert.deepEqual(again, first);
  assert.ok(formats.length >= 1);
  for (const [name, n] of Object.entries(calls)) assert.equal(n, 1, `${name} parsed the report ${n} times`);
  // Another text is parsed anew, and the answer is its own.
  const other = once.parsers[formats[0]].detect('not a report');
  assert.equal(other, env.parsers[formats[0]].detect('not a report'));
});
