// The like-with-like rules of a best-of-group claim (claims.mjs), each on the rows that broke it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestOfGroup, isAggregate, ordinal, renderBest } from './claims.mjs';

const row = (series, shown, more = {}) => ({ series, shown, source_table: 't', ...more });
const words = { what: 'mean latency', unit: 'ms', labelTitle: 'Phase' };
const say = (rows, opts = {}) => renderBest(bestOfGroup(rows, { better: 'lower', ...opts }), words);

test('an aggregate row (Total, Waits) is never ranked with its parts', () => {
  const rows = [
    row('connect', 5, { phase: 'connect' }),
    row('waiting', 20, { phase: 'waiting' }),
    row('total', 25, { phase: 'total' }),
  ];
  assert.equal(
    say(rows, { conditions: ['phase'] }),
    'connect had the lowest mean latency: 5 ms, 4x less than waiting (20 ms)',
  );
  assert.ok(isAggregate({ benchmark: 'Waits' }));
  assert.ok(!isAggregate({ benchmark: 'Waiting' }));
});

test('"memcached had the lowest mean latency: 0 ms" where every value is 0: no superlative', () => {
  const rows = [row('memcached', 0), row('redis', 0)];
  assert.equal(say(rows), 'Every phase had the same mean latency: 0 ms');
});

test('five runs at 0 errors are a tie, all named, not "the lowest total errors: 0" of one', () => {
  const rows = [row('a', 0), row('b', 0), row('c', 3)];
  assert.equal(say(rows), 'a and b tied for the lowest mean latency: 0 ms; the highest: c (3 ms)');
});

test('rows of two tables of one report are never ranked together', () => {
  assert.equal(bestOfGroup([row('a', 1), row('b', 2e10, { source_table: 'u' })], { better: 'lower' }), null);
});

test('rows that vary in two things get no claim', () => {
  assert.equal(bestOfGroup([row('a', 1), row('b', 2)], { better: 'lower', parts: ['phase', 'concurrency'] }), null);
});

test('ordinals read "1st", "2nd", "3rd", "11th", "21st", "99.9th"', () => {
  assert.deepEqual([1, 2, 3, 11, 12, 13, 21, 22, 100, 99.9].map(ordinal), [
    '1st',
    '2nd',
    '3rd',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '100th',
    '99.9th',
  ]);
});
