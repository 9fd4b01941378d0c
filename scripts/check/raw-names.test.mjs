import test from 'node:test';
import assert from 'node:assert/strict';
import { rawNamesIn, rawNamesOf } from './raw-names.mjs';

const names = rawNamesOf({
  k: {
    fields: [{ name: 'receiver_kind' }, { name: 'requests_per_second' }, { name: 'senders' }, { name: 'duo_mode' }],
  },
});

test('the names looked for: the schema fields with an underscore, but the reports own words', () => {
  assert.deepEqual([...names].sort(), ['receiver_kind', 'requests_per_second']);
});

test('a raw field name in the text a reader sees is found, with its context', () => {
  const found = rawNamesIn('<main><p>highest requests_per_second of 18 rows, receiver_kind internal</p></main>', names);
  assert.deepEqual(
    found.map((f) => f.name),
    ['requests_per_second', 'receiver_kind'],
  );
  assert.match(found[0].context, /highest requests_per_second of 18/);
});

test('code, quotes of the report, drawings, attributes, hidden text and longer tokens are not text to judge', () => {
  const html = `<main data-x="receiver_kind">
    <p><code>requests_per_second</code> · <a href="/data/receiver_kind.csv">Receiver kind</a></p>
    <blockquote>the receiver_kind of the report</blockquote>
    <pre>requests_per_second 5</pre><svg><text>receiver_kind</text></svg>
    <span hidden>receiver_kind</span><p>file receiver_kind.csv, max_requests_per_second_x</p></main>`;
  assert.deepEqual(rawNamesIn(html, names), []);
});
