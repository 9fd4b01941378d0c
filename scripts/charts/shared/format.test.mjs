// The words generated sentences are made of: a possessive that reads for any name, and a duration
// in a unit a reader takes in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duration, num, possessive, printAlike, quantity } from './format.mjs';

test('a possessive reads for a word ending in s and for a name ending in a parenthesis', () => {
  assert.equal(possessive('hackney'), "hackney's");
  assert.equal(possessive('processes', 'rate'), "processes' rate");
  assert.equal(possessive('Erlang (parallel, 6 threads)'), 'that of Erlang (parallel, 6 threads)');
  assert.equal(
    possessive('Erlang (parallel, 6 threads)', 'throughput'),
    'the throughput of Erlang (parallel, 6 threads)',
  );
  assert.doesNotMatch(possessive('processes'), /s's$/);
});

test('a long duration reads in seconds (3,690,182 µs is 3.69 s); a short one keeps its unit', () => {
  assert.equal(duration(3690182, 'µs'), '3.69 s');
  assert.equal(duration(3690182, 'us'), '3.69 s');
  assert.equal(duration(512, 'µs'), '512 µs');
  assert.equal(duration(1500, 'µs'), '1.5 ms');
  assert.equal(duration(45250, 'ms'), '45.3 s');
  assert.equal(duration(0.5, 'ms'), '500 µs');
});

test('values named as tied are exactly those that print alike (1,657,753 and 1,657,752.6 tie; 0.5 and 1.49 tie as whole numbers, -0.2 and 0.2 do not)', () => {
  const pairs = [
    [1657753, 1657752.6],
    [1657753, 1657751],
    [0.5, 1.49],
    [0.5, 1.5],
    [-0.2, 0.2],
    [0.9999, 1.001],
    [0.000412, 0.0004121],
    [1e21, 1e21 + 2e5],
    [null, NaN],
    [null, 3],
    [Infinity, 1e308],
  ];
  for (const [a, b] of pairs)
    for (const print of [num, quantity]) assert.equal(printAlike(a, b, print), print(a) === print(b), `${a}, ${b}`);
});
