// Tests of decoding: UTF-8 with and without a BOM, UTF-16 LE/BE with a BOM and by their NUL bytes,
// Latin-1 and Windows-1252 for bytes that are not UTF-8, and ANSI codes removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeText, readReport, stripAnsi } from './decode.mjs';

const utf8 = (s) => new TextEncoder().encode(s);
const utf16 = (s, le) => {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
};
const join = (...parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const jmh = 'Benchmark   Mode  Cnt  Score   Error  Units\nMyBench.run thrpt 5 12.3 ± 0.4 ops/s\n';

test('UTF-8 with and without a BOM', () => {
  assert.deepEqual(decodeText(utf8(jmh)), { text: jmh, encoding: 'utf-8' });
  assert.deepEqual(decodeText(join([0xef, 0xbb, 0xbf], utf8(jmh))), { text: jmh, encoding: 'utf-8' });
});

test('UTF-16 LE and BE by their BOM, and without one by their NUL bytes', () => {
  assert.deepEqual(decodeText(join([0xff, 0xfe], utf16(jmh, true))), { text: jmh, encoding: 'utf-16le' });
  assert.deepEqual(decodeText(join([0xfe, 0xff], utf16(jmh, false))), { text: jmh, encoding: 'utf-16be' });
  assert.deepEqual(decodeText(utf16(jmh, true)), { text: jmh, encoding: 'utf-16le' });
  assert.deepEqual(decodeText(utf16(jmh, false)), { text: jmh, encoding: 'utf-16be' });
});

test('a JMH log with ± as the byte 0xB1 is Latin-1; bytes 0x80-0x9F make it Windows-1252', () => {
  const bytes = Uint8Array.from([...jmh].map((c) => c.charCodeAt(0)));
  assert.equal(bytes.includes(0xb1), true);
  assert.deepEqual(decodeText(bytes), { text: jmh, encoding: 'latin-1' });
  assert.deepEqual(decodeText(Uint8Array.from([0x93, 0x61, 0x94, 0x20, 0xb1])), {
    text: '“a” ±',
    encoding: 'windows-1252',
  });
});

test('an empty file', () => assert.deepEqual(decodeText(new Uint8Array()), { text: '', encoding: 'utf-8' }));

test('stripAnsi removes colours, cursor moves, titles and links, and keeps the text', () => {
  assert.equal(stripAnsi('\u001b[32mRequests/sec:\u001b[0m  86061.03'), 'Requests/sec:  86061.03');
  assert.equal(stripAnsi('\u001b[1;31mERR\u001b[39;49m \u001b[2K\u001b[1Gdone'), 'ERR done');
  assert.equal(stripAnsi('\u001b]0;title\u0007x \u001b]8;;http://a\u001b\\link\u001b]8;;\u001b\\'), 'x link');
  assert.equal(stripAnsi('\u009b33mplain\u009bm ± µs'), 'plain ± µs');
  assert.equal(stripAnsi('no codes [32m here'), 'no codes [32m here');
});

test('one stray byte in a UTF-8 file: UTF-8 with U+FFFD for it, and its line', () => {
  const bytes = join(utf8('naïve\nline two\nbad '), [0xff], utf8(' byte\n'));
  assert.deepEqual(decodeText(bytes), { text: 'naïve\nline two\nbad \ufffd byte\n', encoding: 'utf-8', invalid: [3] });
});

test('readReport: the text without ANSI codes, at the same lines', () => {
  const r = readReport(utf8('| a | \u001b[31mred\u001b[0m |\n\u001b]0;t\nx\n'));
  assert.equal(r.text, '| a | red |\n0;t\nx\n');
});
