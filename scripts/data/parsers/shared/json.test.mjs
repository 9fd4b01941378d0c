// Tests of the one JSON reader: lines of keys and array items (LF, CRLF and a fenced block's offset),
// numbers as written, Python's NaN kept as text, exact numbers, and errors at their line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readJson, jsonBlocks, exactNumber } from './json.mjs';
import { InputError } from '../../../lib/errors.mjs';

test('every key and array item keeps its line, in LF and CRLF text and after a fence', () => {
  for (const eol of ['\n', '\r\n']) {
    const doc = readJson(['{', '  "a": [1,', '    2.50],', '  "b": {"c": NaN}', '}'].join(eol));
    assert.deepEqual([doc.lineOf(['a']), doc.lineOf(['a', 1]), doc.lineOf(['b', 'c']), doc.lastLine], [2, 3, 4, 5]);
    assert.equal(doc.rawOf(['a', 1]), '2.50');
    assert.equal(doc.value.b.c, 'NaN');
  }
  const [block] = jsonBlocks('# Run\n\n```json\n{\n  "x": 1\n}\n```\n');
  assert.deepEqual([block.from, block.to], [4, 6]);
  assert.equal(readJson(block.text, { firstLine: block.from }).lineOf(['x']), 5);
});

test('a number a double cannot hold is refused at its line only when exact numbers are asked for', () => {
  const text = '{\n "v": 22.9311550436692820001\n}';
  assert.equal(readJson(text).value.v, 22.931155043669282);
  assert.throws(() => readJson(text, { exact: true }), (e) => e instanceof InputError && e.line === 2 && /holds exactly/.test(e.expected));
  assert.equal(exactNumber('2.1498980114547953e+02'), 214.98980114547953);
});

test('a document cut off names the line it stops at', () => {
  assert.throws(() => readJson('{\n "a": 1,\n'), (e) => e instanceof InputError && e.line === 3 && /cut off/.test(e.found));
});

test('a key "__proto__" is kept as an ordinary key, as JSON.parse keeps it; a repeated key is listed with both lines', () => {
  const doc = readJson('{\n  "__proto__": { "a": 1 },\n  "b": 2,\n  "b": 3\n}');
  assert.deepEqual(Object.keys(doc.value), ['__proto__', 'b']);
  assert.deepEqual(doc.value.__proto__, { a: 1 });
  assert.equal(Object.getPrototypeOf(doc.value), Object.prototype);
  assert.equal(doc.value.b, 3);
  assert.deepEqual(doc.duplicates, [{ path: ['b'], line: 4, first: 3 }]);
});

test('JSON assigned in a script ("window.BENCHMARK_DATA = {", github-action-benchmark\'s data.js) is the JSON after the "=", at its lines', () => {
  // tests/fixtures/corpus/benchmark-action-data-js/vars-dev-bench-data.js, lines 1-4 (closed here), and a "var x = [...];" form.
  const [block] = jsonBlocks('window.BENCHMARK_DATA = {\n  "lastUpdate": 1608042073838,\n  "repoUrl": "https://github.com/mkungla/vars"\n}\n');
  assert.deepEqual([block.from, block.to], [1, 4]);
  assert.equal(readJson(block.text, { firstLine: block.from }).lineOf(['repoUrl']), 3);
  const [array] = jsonBlocks('// results\nvar data = [\n  { "ms": 1 }\n];\n');
  assert.deepEqual(readJson(array.text, { firstLine: array.from }).value, [{ ms: 1 }]);
  assert.equal(array.from, 2);
});
