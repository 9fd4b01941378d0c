// Unit tests of the JSON text the pipeline writes: keys sorted at every level where asked, LF, a final newline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonText, sortedJsonText } from './json.mjs';

test('sortedJsonText sorts keys at every level and keeps array order', () => {
  assert.equal(
    sortedJsonText({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } }),
    '{\n  "a": {\n    "c": 2,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
  );
});

test('jsonText indents as asked, 0 for one line, and ends with a newline', () => {
  assert.equal(jsonText({ a: [1] }), '{\n  "a": [\n    1\n  ]\n}\n');
  assert.equal(jsonText({ a: [1] }, 0), '{"a":[1]}\n');
  assert.equal(jsonText({ a: 1 }, 1), '{\n "a": 1\n}\n');
});
