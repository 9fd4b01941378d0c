import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { wholeProblem } from './whole.mjs';

const worker = Buffer.from(
  'const v="1.5.2";onmessage=(e)=>{switch(e.data){default:throw new Error(`Unknown: ${e}`)}};\n',
);
const esm = Buffer.from('export const a = 1;\nexport default function f() { return a; }\n');

test('a whole script, module, JSON or gzipped index file passes', () => {
  assert.equal(wholeProblem('pagefind/pagefind-worker.js', worker), null);
  assert.equal(wholeProblem('pagefind/pagefind.js', esm), null);
  assert.equal(wholeProblem('pagefind/pagefind-entry.json', Buffer.from('{"version":"1.5.2"}')), null);
  assert.equal(wholeProblem('pagefind/fragment/en_1.pf_fragment', zlib.gzipSync('pagefind_dcd{}')), null);
});

test('a script cut short (pagefind-worker.js at 40,960 bytes in CI) is named, with its size', () => {
  const cut = worker.subarray(0, 60);
  assert.match(
    wholeProblem('pagefind/pagefind-worker.js', cut),
    /^expected a whole script, found one that does not parse .*60 bytes\)$/,
  );
  assert.match(wholeProblem('js/search.js', esm.subarray(0, 30)), /does not parse/);
});

test('cut JSON and a cut gzipped index file are named', () => {
  assert.match(wholeProblem('pagefind/pagefind-entry.json', Buffer.from('{"version":')), /^expected whole JSON/);
  const gz = zlib.gzipSync(Buffer.alloc(5000, 'pagefind'));
  assert.match(
    wholeProblem('pagefind/wasm.en.pagefind', gz.subarray(0, gz.length - 9)),
    /^expected a whole gzipped search-index file/,
  );
});

test('other files outside pagefind/ are not judged', () => {
  assert.equal(wholeProblem('reports/x/index.html', Buffer.from('<p')), null);
});
