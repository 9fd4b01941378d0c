// Keep what reads: the passage around a flaw is left out, the rest read, and a file refused only
// when nothing in it reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../lib/errors.mjs';
import { blankLines, blankPassages, notRead, passageAround, readKeeping } from './keep.mjs';

const text = 'run 1\nok 10\n\nrun 2\nbad x\nok 20\n\nrun 3\nok 30\n';
/** A toy reader: every "ok <n>" line is a number; a "bad" line stops it at its line. */
function read(t) {
  const lines = t.split('\n');
  const bad = lines.findIndex((l) => l.startsWith('bad'));
  if (bad >= 0) throw new InputError(bad + 1, 'a line "ok <n>"', JSON.stringify(lines[bad]));
  const values = lines.flatMap((l) => (l.startsWith('ok') ? [Number(l.slice(3))] : []));
  if (!values.length) throw new InputError(0, 'a line "ok <n>"', 'none');
  return values;
}

test('the passage around a line is its run of non-blank lines', () => {
  assert.deepEqual(passageAround(text, 5), [4, 6]);
  assert.deepEqual(passageAround(text, 1), [1, 2]);
  assert.deepEqual(passageAround(text, 3), [3, 3]);
  assert.equal(passageAround(text, 99), null);
});

test('blanking keeps every other line, and CRLF line ends, where they were', () => {
  assert.equal(blankLines('a\r\nb\r\nc\r\n', 2, 2), 'a\r\n\r\nc\r\n');
  assert.equal(blankLines(text, 4, 6).split('\n').length, text.split('\n').length);
});

test('a flaw in one run leaves that run out and keeps the others, saying which lines and why', () => {
  const { result, left } = readKeeping(text, read);
  assert.deepEqual(result, [10, 30]);
  assert.deepEqual(left, [{ from: 4, to: 6, line: 5, why: 'expected a line "ok <n>", found "bad x"' }]);
});

test('a file where nothing reads is refused with its first error', () => {
  assert.throws(
    () => readKeeping('bad 1\nok 1\n', read),
    (e) => e instanceof InputError && e.line === 1 && /found "bad 1"/.test(e.message),
  );
});

test('an error that is not about the text (its metadata) is not worked around', () => {
  assert.throws(
    () => readKeeping(text, read, () => false),
    (e) => e instanceof InputError && e.line === 5,
  );
});

test('what was not read is one list by line: the passages that stopped the reading and those a reader left out', () => {
  const left = [{ from: 578, to: 674, line: 580, why: 'expected a value for "Benchmark", found an empty line' }];
  const own = [{ from: 568, to: 571, line: 568, why: 'expected results, found a histogram (buckets and bars)' }];
  assert.deepEqual(
    notRead(left, own).map((p) => [p.from, p.to, p.line]),
    [
      [568, 571, 568],
      [578, 674, 580],
    ],
  );
  assert.deepEqual(notRead(left), left);
});

test('the final read is the text with every passage not read emptied, every other line where it was', () => {
  assert.equal(blankPassages(text, [{ from: 1, to: 2 }, { from: 4, to: 6 }]), '\n\n\n\n\n\n\nrun 3\nok 30\n');
  assert.equal(blankPassages(text, []), text);
});
