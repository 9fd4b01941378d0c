// Encodings and noise a real result file arrives with: the same JMH run saved as UTF-8, as Latin-1
// (its "±" the single byte 0xB1, as a Windows console writes it) and as UTF-16 with and without a
// byte-order mark, with CRLF line ends, tabs and ANSI colour codes, reads to the same measurements
// at the same lines, through the decoder every stage uses (lib/decode.mjs) and the adapter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeText } from '../lib/decode.mjs';
import { parsers } from './parsers/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const utf8 = fs.readFileSync(path.join(here, 'parsers/jmh-text/fixtures/dubbo-triple-sample-excerpt.md'), 'utf8');
const rows = (text) => parsers['jmh-text'].parse(text).tables.measurements.rows;
const want = rows(utf8);

test('the JMH run in UTF-8 has its errors as spreads', () => {
  assert.ok(want.some((r) => r.value === 12.826 && r.spread === 1.653 && r.spread_kind === 'ci99'));
});

test('Latin-1 (± as byte 0xB1), UTF-16 LE and BE with and without BOM read to the same rows', () => {
  const latin1 = Buffer.from(utf8, 'latin1');
  assert.ok(latin1.includes(0xb1));
  const le = Buffer.from(utf8, 'utf16le');
  const be = Buffer.from(le).swap16();
  for (const [name, bytes, encoding] of [
    ['latin-1', latin1, 'latin-1'],
    ['utf-16le with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'utf-16le'],
    ['utf-16le without BOM', le, 'utf-16le'],
    ['utf-16be with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'utf-16be'],
  ]) {
    const d = decodeText(bytes);
    assert.equal(d.encoding, encoding, name);
    assert.deepEqual(rows(d.text), want, name);
  }
});

test('CRLF line ends, tabs between columns and ANSI colour codes read to the same rows', () => {
  const noisy = utf8
    .split('\n')
    .map((l) => (/±/.test(l) ? `\u001b[32m${l.replace(/ {2,}/, '\t')}\u001b[0m` : l))
    .join('\r\n');
  assert.deepEqual(rows(noisy), want);
});
