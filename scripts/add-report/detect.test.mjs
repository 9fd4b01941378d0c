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
import { whyUnread } from '../data/read/why-unread.mjs';
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

// Issue 41, item 19: each of these gave only "expected a report in a known format ..."; each now names its line and cause.
const table = (cell) => `| Name | Latency (ms) |\n|---|---|\n| a | 3 |\n| b | ${cell} |\n`;
const REFUSALS = [
  ['an empty file', '', 1, /a report with at least one measurement/, 'an empty file'],
  [
    '1e309',
    table('1e309'),
    4,
    /a plain decimal number/,
    '"1e309" (beyond the largest number a JavaScript number holds)',
  ],
  ['Infinity', table('Infinity'), 4, /a plain decimal number/, '"Infinity" (not a finite number)'],
  ['0x1F', table('0x1F'), 4, /a plain decimal number/, '"0x1F" (a hexadecimal number)'],
  ['1_000', table('1_000'), 4, /a plain decimal number/, '"1_000" (digits grouped with "_")'],
  ['1.234,5', table('1.234,5'), 4, /a plain decimal number/, '"1.234,5" (a decimal comma)'],
  [
    'a 400-digit number',
    table('9'.repeat(400)),
    4,
    /a plain decimal number/,
    /^"9{57}\.\.\." \(400 digits, more than a JavaScript number holds\)$/,
  ],
  ['2^53+1', table('2^53+1'), 4, /a plain decimal number/, '"2^53+1" (an expression, not a number)'],
  [
    'a one-column table',
    '# Run\n\n| Latency (ms) |\n|---|\n| 3 |\n',
    3,
    /a table of two columns or more/,
    'one column, "Latency (ms)"',
  ],
  [
    'a table of no rows',
    '# Run\n\n| Name | Latency (ms) |\n|---|---|\n',
    3,
    /rows under the table header/,
    'a header and no rows',
  ],
  [
    'JSON nested 100,000 deep',
    `{"a":\n${'['.repeat(100000)}${']'.repeat(100000)}}\n`,
    2,
    /JSON nested at most 100 levels deep/,
    'more than 100 levels',
  ],
];

for (const [what, text, line, expected, found] of REFUSALS) {
  test(`add-report refuses ${what} at its line with its cause, not only "a report in a known format"`, () => {
    assert.throws(
      () => detectFormats(text, parsers, 'probe.md'),
      (e) => {
        assert.ok(e instanceof InputError, e.stack);
        assert.equal(e.file, 'probe.md');
        assert.equal(e.line, line, e.message);
        assert.match(e.expected, expected);
        if (found instanceof RegExp) assert.match(e.found, found);
        else assert.equal(e.found, found);
        return true;
      },
    );
  });
}

test('a seed too big to outline (wholeDocument false) is read by the tool that knows it, or line by line as CSV, never by the document reader', () => {
  const outlined = { ...parsers.document, parse: () => assert.fail('the document reader outlined the text') };
  const only = { ...parsers, document: outlined };
  const csv = 'Server,Latency (ms)\na,1.5\nb,2.5\n';
  assert.deepEqual(detectFormats(csv, only, 'big.csv', { wholeDocument: false }), ['delimited']);
  const oha = fixture('oha', 'tosic-http-axum.md');
  assert.deepEqual(detectFormats(oha, only, 'oha.md', { wholeDocument: false }), ['oha']);
});

test('glmark2\'s "shading=blinn-phong-inf" is a word, never a number that is not finite: the refusal never names "inf"', () => {
  // tests/fixtures/corpus/glmark2/revyos-glmark2.md, lines 52-54: the scene's option ends in "-inf".
  const lines = fs
    .readFileSync(path.join(ROOT, 'tests/fixtures/corpus/glmark2/revyos-glmark2.md'), 'utf8')
    .split('\n')
    .slice(51, 54)
    .join('\n');
  assert.match(lines, /blinn-phong-inf/);
  assert.equal(whyUnread(lines), null);
  // A value that is "inf" on its own is still named so.
  assert.match(whyUnread('FPS: inf\n')?.found ?? '', /"inf" \(not a finite number\)/);
});
