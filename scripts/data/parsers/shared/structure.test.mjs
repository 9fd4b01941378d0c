// Conditions from a document's structure: headings that name a setting, and run numbers only
// where runs repeat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headingConditions, namesRun, repeatNumbers, statesChange, withHeadingConditions } from './structure.mjs';

test('a heading that names a count of connections or threads is that condition, and names no software', () => {
  assert.deepEqual(headingConditions('500 connections'), { conditions: { connections: 500 }, rest: '' });
  assert.deepEqual(headingConditions('2 threads / 100 conns'), { conditions: { threads: 2, connections: 100 }, rest: '' });
  assert.deepEqual(headingConditions('protodb1, 2 threads'), { conditions: { threads: 2 }, rest: 'protodb1' });
  assert.deepEqual(headingConditions('1,000 concurrent requests'), { conditions: { concurrency: 1000 }, rest: '' });
});

test('a dated or versioned heading is a date or a version', () => {
  assert.deepEqual(headingConditions('2.0.0'), { conditions: { version: '2.0.0' }, rest: '' });
  assert.deepEqual(headingConditions('v1.5.0-rc1'), { conditions: { version: '1.5.0-rc1' }, rest: '' });
  assert.deepEqual(headingConditions('2021-03-04'), { conditions: { date: '2021-03-04' }, rest: '' });
  assert.deepEqual(headingConditions('v1.2.0 (2021-03-04)'), {
    conditions: { version: '1.2.0', date: '2021-03-04' },
    rest: '',
  });
  assert.deepEqual(headingConditions('Release 0.13.1 - 2023-05'), {
    conditions: { version: '0.13.1', date: '2023-05' },
    rest: '',
  });
  assert.deepEqual(headingConditions('Results - 2023-05'), { conditions: {}, rest: 'Results - 2023-05' });
});

test('a heading that names no setting is left as it is', () => {
  assert.deepEqual(headingConditions('Test1: Running latte path based routing'), {
    conditions: {},
    rest: 'Test1: Running latte path based routing',
  });
  assert.deepEqual(headingConditions('redis-server'), { conditions: {}, rest: 'redis-server' });
  assert.deepEqual(headingConditions(''), { conditions: {}, rest: '' });
});

test("a tool's own figures win over a heading's", () => {
  assert.deepEqual(withHeadingConditions({ connections: 10, rate: undefined }, { connections: 500, threads: 2 }), {
    connections: 10,
    rate: undefined,
    threads: 2,
  });
});

test('runs are numbered only where they repeat, each marked as numbered by the reader', () => {
  assert.deepEqual(repeatNumbers(['a', 'b', 'c']), [undefined, undefined, undefined]);
  assert.deepEqual(
    repeatNumbers(['a', 'a', 'b', 'a']).map((r) => r?.run),
    [1, 2, undefined, 3],
  );
  assert.deepEqual(repeatNumbers(['a', 'a'])[1], { run: 2, run_by: 'reader' });
});

test('a heading that names a repetition is told from one that names a setup', () => {
  for (const h of ['Run 2', 'run #3', 'Second run', '第一次', 'Trial 1']) assert.ok(namesRun(h), h);
  for (const h of ['No fork', '500 connections', 'Test1: Running latte path based routing']) assert.ok(!namesRun(h), h);
});

test('a heading that states a change to what was measured is told from one that only names a run or a setup', () => {
  for (const h of ['We did some perfomance update', 'After the upgrade', 'Patched build', 'build 1a2b3c4d', 'Optimized'])
    assert.ok(statesChange(h), h);
  for (const h of ['Run 2', 'Second run', 'concurrency 100', 'Results', '第二次', '', undefined])
    assert.ok(!statesChange(h), String(h));
});
