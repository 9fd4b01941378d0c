// The words generated sentences are made of: a possessive that reads for any name, and a duration
// in a unit a reader takes in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duration, possessive } from './format.mjs';

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
