// Unit tests of the whitespace-aligned table reader: header aliases, misspelt and two-word
// headers, blank cells placed under the right column, drifting numbers, trailing notes, errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tokens, readHeader, readRow } from './text-table.mjs';
import { InputError } from '../../../lib/errors.mjs';

/** Column aliases as a parser declares them (first spelling is the one error messages show). */
const CLOUDI = {
  requests_per_second: ['requests/second', 'req/sec'],
  without_queue: ['wo/queue'],
  with_queue: ['w/queue'],
  dest_refresh_method: ['dest_refresh_method'],
  duo_mode: ['duo_mode'],
  senders: ['sender', 'senders'],
  queues: ['queue', 'queues'],
  receivers: ['receiver', 'receivers'],
};
const HTTPC = {
  client: ['Client'],
  pool_size: ['Pool Size', 'PoolSize'],
  concurrency: ['Concurrency'],
  requests_per_second: ['Req/sec', 'Requests per second'],
  error_pct: ['Error %'],
};

const names = (columns) => columns.map((c) => c.name);

/** Assert an InputError at a line, with this expected and found text. */
function throwsAt(fn, line, expected, found) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof InputError, String(e));
    assert.equal(e.line, line);
    if (expected instanceof RegExp) assert.match(e.expected, expected);
    else assert.equal(e.expected, expected);
    if (found instanceof RegExp) assert.match(e.found, found);
    else assert.equal(e.found, found);
    return true;
  });
}

describe('tokens', () => {
  test('splits on white space and keeps character spans', () => {
    assert.deepEqual(tokens('  ab  c'), [
      { text: 'ab', start: 2, end: 4 },
      { text: 'c', start: 6, end: 7 },
    ]);
  });
  test('a blank line has no tokens', () => assert.deepEqual(tokens(' \t '), []));
});

describe('readHeader', () => {
  test('maps each header word to its canonical column, with its span', () => {
    const line = '  requests/second dest_refresh_method duo_mode sender receiver';
    assert.deepEqual(readHeader(line, 25, CLOUDI), [
      { name: 'requests_per_second', text: 'requests/second', start: 2, end: 17 },
      { name: 'dest_refresh_method', text: 'dest_refresh_method', start: 18, end: 37 },
      { name: 'duo_mode', text: 'duo_mode', start: 38, end: 46 },
      { name: 'senders', text: 'sender', start: 47, end: 53 },
      { name: 'receivers', text: 'receiver', start: 54, end: 62 },
    ]);
  });

  test('accepts any alias of a column (CloudI 1.7.1 writes "req/sec")', () => {
    assert.deepEqual(names(readHeader('    req/sec  dest_refresh_method duo_mode sender receiver', 1, CLOUDI)), ['requests_per_second', 'dest_refresh_method', 'duo_mode', 'senders', 'receivers']);
  });

  test('matches case and punctuation loosely ("POOLSIZE", "Pool-Size")', () => {
    assert.deepEqual(names(readHeader('Client POOLSIZE', 1, HTTPC)), ['client', 'pool_size']);
    assert.deepEqual(names(readHeader('Client Pool-Size', 1, HTTPC)), ['client', 'pool_size']);
  });

  test('recognises a misspelt header ("Concurency", httpc_bench 2017)', () => {
    const [, c] = readHeader('Client Concurency', 1, HTTPC);
    assert.deepEqual(c, { name: 'concurrency', text: 'Concurency', start: 7, end: 17 });
  });

  test('joins two or three words that together name a column ("Error %", "Pool Size", "Requests per second")', () => {
    const columns = readHeader('Client  Pool Size  Error %  Requests per second', 1, HTTPC);
    assert.deepEqual(
      columns.map((c) => [c.name, c.text, c.start, c.end]),
      [
        ['client', 'Client', 0, 6],
        ['pool_size', 'Pool Size', 8, 17],
        ['error_pct', 'Error %', 19, 26],
        ['requests_per_second', 'Requests per second', 28, 47],
      ],
    );
  });

  test('a word that names no column is an error listing the known columns', () => {
    throwsAt(() => readHeader('  requests/second latency', 7, CLOUDI), 7, /^a column header \(one of: requests\/second, wo\/queue, w\/queue, /, '"latency"');
  });

  test('a word too far from any alias is not taken for a misspelling', () => {
    throwsAt(() => readHeader('Client Connections', 2, HTTPC), 2, /^a column header/, '"Connections"');
  });

  test('a column named twice is an error', () => {
    throwsAt(() => readHeader('sender senders receiver', 3, CLOUDI), 3, 'each column once in the header', '"senders" a second time');
  });
});

describe('readRow', () => {
  // CloudI 1.5.4: the queue columns, blank where a configuration was not measured.
  const header = '    wo/queue  w/queue dest_refresh_method duo_mode sender queue receiver';
  const columns = readHeader(header, 1, CLOUDI);

  test('as many words as columns: taken in order', () => {
    const { cells, note } = readRow('        1649      911           immediate    false      1     1        1', 2, columns);
    assert.deepEqual(cells, { without_queue: '1649', with_queue: '911', dest_refresh_method: 'immediate', duo_mode: 'false', senders: '1', queues: '1', receivers: '1' });
    assert.equal(note, null);
  });

  test('a blank cell on the left: the words go to the columns they line up with', () => {
    const { cells } = readRow('                 2036                lazy     true      1     2        1 ', 2, columns);
    assert.deepEqual(cells, { without_queue: null, with_queue: '2036', dest_refresh_method: 'lazy', duo_mode: 'true', senders: '1', queues: '2', receivers: '1' });
  });

  test('a blank cell in the middle', () => {
    const { cells } = readRow('        1649                    immediate    false      1     1        1', 2, columns);
    assert.equal(cells.without_queue, '1649');
    assert.equal(cells.with_queue, null);
    assert.equal(cells.dest_refresh_method, 'immediate');
  });

  test('a blank cell on the right', () => {
    const { cells } = readRow('        1649      911           immediate    false      1     1', 2, columns);
    assert.equal(cells.queues, '1');
    assert.equal(cells.receivers, null);
  });

  test('numbers that drift a character or two left of their header still land under it', () => {
    // CloudI 1.5.4, the C table: "1510" ends one character before "wo/queue" does.
    const c = readRow('       1510                  immediate    false      1     1        1', 2, columns).cells;
    assert.equal(c.without_queue, '1510');
    assert.equal(c.with_queue, null);
    const d = readRow('               2036            lazy     true      1     2        1', 2, columns).cells;
    assert.equal(d.without_queue, null);
    assert.equal(d.with_queue, '2036');
  });

  test('a trailing note in parentheses is returned apart (CloudI 1.7.1)', () => {
    const cols = readHeader('    req/sec  dest_refresh_method duo_mode sender receiver', 1, CLOUDI);
    for (const note of ['(processes,-O0)', '(v2/C threads)', '(v3 processes)']) {
      const { cells, note: got } = readRow(`      20213                 lazy     true      2        2 ${note}`, 2, cols);
      assert.equal(got, note);
      assert.deepEqual(cells, { requests_per_second: '20213', dest_refresh_method: 'lazy', duo_mode: 'true', senders: '2', receivers: '2' });
    }
  });

  test('a note in parentheses that is not at the end stays in the row (and is too many cells)', () => {
    const cols = readHeader('    req/sec  dest_refresh_method duo_mode sender receiver', 1, CLOUDI);
    throwsAt(() => readRow('      20213 (threads) lazy true 2 2', 4, cols), 4, /^5 cells/, /^6: /);
  });

  test('too many cells is an error naming the columns and quoting the line', () => {
    throwsAt(
      () => readRow('        1649      911    7       immediate    false      1     1        1', 9, columns),
      9,
      '7 cells (wo/queue | w/queue | dest_refresh_method | duo_mode | sender | queue | receiver)',
      '8: "1649      911    7       immediate    false      1     1        1"',
    );
  });

  test('a row of only spaces is an error', () => throwsAt(() => readRow('   ', 5, columns), 5, 'a table row', 'a line of only spaces'));
});
