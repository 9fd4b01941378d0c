// Unit tests of the input errors every CLI prints: `path:line: expected ..., found ...`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTROL_CHARACTER, InputError, quote, systemErrorLine } from './errors.mjs';

describe('InputError', () => {
  test('formats as path:line: expected ..., found ...', () => {
    const e = new InputError(
      44,
      '"<server> <n> conns: <rate> #/sec (mean)"',
      '"kestrel 1 conns: n/a"',
      'seeds/darner/x.md',
    );
    assert.equal(
      e.format(),
      'seeds/darner/x.md:44: expected "<server> <n> conns: <rate> #/sec (mean)", found "kestrel 1 conns: n/a"',
    );
  });
  test('line 0 means the whole file: no line number', () => {
    assert.equal(
      new InputError(0, 'a report', 'an empty file', 'seeds/a.md').format(),
      'seeds/a.md: expected a report, found an empty file',
    );
  });
  test('without a file it says which line', () =>
    assert.equal(new InputError(3, 'x', 'y').format(), 'line 3: expected x, found y'));
});

describe('quote', () => {
  test('trims and quotes a piece of input', () => assert.equal(quote('  kestrel 1 conns  '), '"kestrel 1 conns"'));
  test('names what cannot be quoted', () => {
    assert.equal(quote(''), 'an empty line');
    assert.equal(quote('   '), 'a line of only spaces');
    assert.equal(quote(undefined), 'nothing');
    assert.equal(quote(null), 'nothing');
  });
  test('shows invisible characters (a CR, a tab, a BOM)', () => {
    assert.equal(quote('a\r'), '"a\\\\r"');
    assert.equal(quote('a\tb'), '"a\\\\tb"');
    assert.equal(quote('\ufeffa'), '"\\\\ufeffa"');
  });
  test('shortens long input to 80 characters', () => {
    const q = quote('x'.repeat(200));
    assert.equal(JSON.parse(q).length, 80);
    assert.ok(JSON.parse(q).endsWith('...'));
  });
});

describe('systemErrorLine', () => {
  const sys = (code, syscall, p) =>
    Object.assign(new Error(`${code}: x, ${syscall} '${p}'`), { code, syscall, path: p });
  test('a full disk, a read-only folder, a busy one: one line naming the file and what to do', () => {
    assert.equal(
      systemErrorLine(sys('ENOSPC', 'write', 'data/.data.tmp-1-x/a.csv')),
      'data/.data.tmp-1-x/a.csv: no space left on the device: free some space and run again (ENOSPC, write)',
    );
    assert.match(systemErrorLine(sys('EACCES', 'mkdir', 'data')), /^data: permission denied/);
    assert.match(systemErrorLine(sys('EPERM', 'rename', 'data')), /^data: operation not permitted/);
    assert.match(systemErrorLine(sys('EBUSY', 'rename', 'data')), /^data: busy/);
    assert.match(systemErrorLine(sys('EROFS', 'open', 'data/x')), /^data\/x: on a read-only file system/);
    assert.match(
      systemErrorLine(sys('EISDIR', 'read', 'seeds/x.md')),
      /^seeds\/x\.md: expected a file, found a folder/,
    );
  });
  test('the file the CLI worked on when the error names none', () => {
    const e = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC', syscall: 'write' });
    assert.match(systemErrorLine(e, 'data'), /^data: no space left/);
  });
  test('not a system error: undefined (a bug keeps its stack trace)', () => {
    assert.equal(systemErrorLine(new TypeError('x is undefined')), undefined);
    assert.equal(systemErrorLine(new InputError(1, 'a', 'b')), undefined);
  });
});

test('CONTROL_CHARACTER: what no hand-written text may hold, and what it may', () => {
  for (const c of [
    '\u0000',
    '\u0007',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u202e',
    '\u2066',
    '\u200f',
    '\ufeff',
    '\uffff',
    '\ud800',
  ])
    assert.ok(CONTROL_CHARACTER.test(`a${c}b`), JSON.stringify(c));
  for (const s of ['tab\tand\nlines\r\n', 'é ü 中文 😀', 'µs ± 2 %', '\u2028'])
    assert.ok(!CONTROL_CHARACTER.test(s), JSON.stringify(s));
  assert.equal(quote('a\u202eb'), '"a\\\\u202eb"');
});
