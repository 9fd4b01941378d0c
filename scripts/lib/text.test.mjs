// Unit tests of the text helpers: line splitting (BOM, CRLF, CR), blank lines, numbers,
// header matching with misspellings, slugs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  splitLines,
  isBlank,
  toNumber,
  toInteger,
  editDistance,
  headerKey,
  matchHeader,
  slugify,
  InexactNumberError,
  linkTexts,
} from './text.mjs';
import { runBounded } from '../../tests/helpers/bounded.mjs';

describe('splitLines', () => {
  test('LF, CRLF and lone CR all end a line', () => {
    assert.deepEqual(splitLines('a\nb\r\nc\rd'), ['a', 'b', 'c', 'd']);
  });
  test('a final newline makes no extra line, but a blank last line is kept', () => {
    assert.deepEqual(splitLines('a\nb\n'), ['a', 'b']);
    assert.deepEqual(splitLines('a\nb\r\n'), ['a', 'b']);
    assert.deepEqual(splitLines('a\n\n'), ['a', '']);
  });
  test('a BOM is dropped and does not shift line numbers', () => {
    assert.deepEqual(splitLines('\ufeffHardware\r\n--------\r\n'), ['Hardware', '--------']);
  });
  test('the same text with LF, CRLF or a BOM gives the same lines', () => {
    const lf = 'x\n\n y \nz\n';
    assert.deepEqual(splitLines(lf.replace(/\n/g, '\r\n')), splitLines(lf));
    assert.deepEqual(splitLines('\ufeff' + lf), splitLines(lf));
  });
  test('an empty text is one empty line', () => {
    assert.deepEqual(splitLines(''), ['']);
    assert.deepEqual(splitLines('\n'), ['']);
  });
  test('a BOM only at the start is special', () => assert.deepEqual(splitLines('a\ufeff'), ['a\ufeff']));
});

describe('isBlank', () => {
  test('empty, a lone space (CloudI 1.7.1 separators) and tabs are blank', () => {
    for (const l of ['', ' ', '\t', '   \t ']) assert.equal(isBlank(l), true, JSON.stringify(l));
  });
  test('anything else is not', () => {
    for (const l of ['x', ' (', ' .']) assert.equal(isBlank(l), false, JSON.stringify(l));
  });
});

describe('toNumber', () => {
  test('plain decimals', () => {
    assert.equal(toNumber('1034'), 1034);
    assert.equal(toNumber('7163.58'), 7163.58);
    assert.equal(toNumber('0.8'), 0.8);
    assert.equal(toNumber('.5'), 0.5);
    assert.equal(toNumber('5.'), 5);
    assert.equal(toNumber('-2'), -2);
    assert.equal(toNumber('+3'), 3);
    assert.equal(toNumber(' 12 '), 12);
  });
  test('anything else is undefined, never NaN or 0', () => {
    for (const t of ['', ' ', 'n/a', '1,000', '1e3', '12%', '0x10', '1.2.3', 'Infinity', '-'])
      assert.equal(toNumber(t), undefined, t);
    for (const t of [undefined, null, 12]) assert.equal(toNumber(t), undefined, String(t));
  });
});

describe('toInteger', () => {
  test('digits, with thousands separators', () => {
    assert.equal(toInteger('0'), 0);
    assert.equal(toInteger('1048576'), 1048576);
    assert.equal(toInteger('1,000'), 1000);
    assert.equal(toInteger('12,000,000'), 12000000);
    assert.equal(toInteger('1_000'), 1000);
    assert.equal(toInteger('1_000_000'), 1000000);
    assert.equal(toInteger(' 7 '), 7);
  });
  test('separators in the wrong place, signs, decimals and words are undefined', () => {
    for (const t of ['1,00', '1,0000', '-1', '+1', '12.5', '1e3', '', 'ten', '1 000'])
      assert.equal(toInteger(t), undefined, t);
    assert.equal(toInteger(12), undefined);
  });
});

describe('editDistance', () => {
  test('counts insertions, deletions and substitutions', () => {
    assert.equal(editDistance('concurency', 'concurrency'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('abc', ''), 3);
    assert.equal(editDistance('same', 'same'), 0);
  });
  test('is symmetric', () =>
    assert.equal(editDistance('reqsec', 'requestssecond'), editDistance('requestssecond', 'reqsec')));
});

describe('headerKey and matchHeader', () => {
  const aliases = {
    concurrency: ['Concurrency'],
    error_pct: ['Error %', 'Error'],
    pool_size: ['Pool Size'],
    queues: ['queue'],
    requests_per_second: ['Req/sec'],
  };
  test('headerKey keeps letters, digits and %, in lower case', () => {
    assert.equal(headerKey('Error %'), 'error%');
    assert.equal(headerKey(' Req/sec '), 'reqsec');
    assert.equal(headerKey('dest_refresh_method'), 'destrefreshmethod');
  });
  test('exact spellings, whatever the case, spaces and punctuation', () => {
    assert.equal(matchHeader('Error %', aliases), 'error_pct');
    assert.equal(matchHeader('ERROR%', aliases), 'error_pct');
    assert.equal(matchHeader('PoolSize', aliases), 'pool_size');
    assert.equal(matchHeader('req/sec', aliases), 'requests_per_second');
  });
  test('a misspelling within reach: two edits for long names, one for middling ones', () => {
    assert.equal(matchHeader('Concurency', aliases), 'concurrency');
    assert.equal(matchHeader('Concurancy', aliases), 'concurrency');
    assert.equal(matchHeader('Req/secs', aliases), 'requests_per_second');
  });
  test('short names must be spelt exactly, and far-off words match nothing', () => {
    // "queue" has 5 letters: one edit allowed; "que" is two away.
    assert.equal(matchHeader('queu', aliases), 'queues');
    assert.equal(matchHeader('que', aliases), undefined);
    assert.equal(matchHeader('Latency', aliases), undefined);
    assert.equal(matchHeader('', aliases), undefined);
    assert.equal(matchHeader(' / ', aliases), undefined);
  });
  test('the nearest spelling wins', () => {
    assert.equal(matchHeader('Pool Sizes', { pool_size: ['Pool Size'], pool_count: ['Pool Count'] }), 'pool_size');
  });
});

describe('slugify', () => {
  test('lower-case words joined by hyphens', () => {
    assert.equal(slugify('Current results (2019-05-15)'), 'current-results-2019-05-15');
    assert.equal(slugify('  The original benchmark! '), 'the-original-benchmark');
    assert.equal(slugify('Apache ab command'), 'apache-ab-command');
  });
  test('nothing usable gives an empty slug', () => assert.equal(slugify('--!!--'), ''));
});

describe('exact numbers', () => {
  test('a number is kept as written, whatever the + sign, separators or trailing zeros', () => {
    assert.equal(toNumber('9007199254740992'), 9007199254740992);
    assert.equal(toNumber('+5'), 5);
    assert.equal(toNumber('-5'), -5);
    assert.equal(toNumber('7163.580'), 7163.58);
    assert.equal(toInteger('1,234,567'), 1234567);
  });
  for (const t of ['9007199254740993', '0.12345678901234567', '1'.repeat(400), '100000000000000000000000']) {
    test(`${t.slice(0, 24)} is refused, not rounded`, () => {
      assert.throws(() => toNumber(t), InexactNumberError);
      if (!t.includes('.')) assert.throws(() => toInteger(t), InexactNumberError);
      assert.throws(() => toNumber(t), /expected a number of at most 15 significant digits .*, found "\d/);
    });
  }
});

describe('linkTexts: a Markdown link in prose becomes its text', () => {
  test('the URL ends at the ) that balances its (', () => {
    assert.equal(linkTexts('see [x](javascript:alert(1)) now'), 'see x now');
    assert.equal(linkTexts('[C](https://en.wikipedia.org/wiki/C_(language)), [b](http://b)'), 'C, b');
    assert.equal(linkTexts('an escaped [p](a\\)b) paren'), 'an escaped p paren');
    assert.equal(linkTexts('![chart (log)](img/a_(b).png) and ![x](y)'), 'chart (log) and x');
  });
  test('text that is no link is kept', () => {
    assert.equal(linkTexts('a [b] (c)'), 'a [b] (c)');
    assert.equal(linkTexts('[open](no close'), '[open](no close');
    assert.equal(linkTexts('[a](b(c)'), '[a](b(c)');
  });
});

describe('linkTexts on a line of 200,000 nested brackets', () => {
  // A quadratic scan takes minutes here: it runs in a child process that a timer kills.
  test('ends, and keeps the text that is no link', () => {
    const r = runBounded(
      `import { linkTexts } from ${JSON.stringify(new URL('./text.mjs', import.meta.url).href)};
       const line = '['.repeat(200000) + 'x' + ']('.repeat(200000);
       console.log(linkTexts(line) === line, linkTexts('['.repeat(100000) + 'a](b)') === '['.repeat(99999) + 'a');`,
      { timeout: 30_000 },
    );
    assert.equal(r.killed, false, 'ended before its kill timer');
    assert.equal(r.stdout.trim(), 'true true', r.stderr);
  });
});
