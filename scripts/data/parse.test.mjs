// Unit tests of the data stage's row check and seed parsing on hostile cells: text a spreadsheet
// would run as a formula is refused at its line (from a parser or from a dataset CSV), while
// negative numbers and labels such as "-O0" stay exact; a number the seed writes with more digits
// than a JavaScript number holds is refused at its seed line instead of being rounded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../lib/errors.mjs';
import { toNumber } from '../lib/text.mjs';
import { checkRow, parseSeed, readDatasets } from './parse.mjs';

const schema = {
  fields: [
    { name: 'label', type: 'string', title: 'Label' },
    { name: 'value', type: 'number', title: 'Value' },
  ],
};

describe('checkRow: formula cells', () => {
  for (const bad of ['=1+1', '=HYPERLINK("http://x")', '+cmd', '@SUM(A1)', '\t=1', '\r=1', '-=1', '- 1', '-(1)', "+1+cmd|' /C calc'!A0", "-1+cmd|' /C calc'!A0"]) {
    test(`refuses ${JSON.stringify(bad)} with the file and line`, () => {
      try {
        checkRow({ line: 7, label: bad, value: 1 }, schema, 'seeds/x/a.md');
        assert.fail('accepted');
      } catch (e) {
        assert.ok(e instanceof InputError);
        assert.match(e.format(), /^seeds\/x\/a\.md:7: expected text for "Label" that does not start with =, \+, -, @/);
      }
    });
  }
  for (const good of ['-O0', '-5', '-fno-omit-frame-pointer', '-', 'kestrel', 'a=b', 'x+y', 'mail@example', '+0.24% (p=0.008 n=10)', '+12.5%']) {
    test(`keeps ${JSON.stringify(good)}`, () => checkRow({ line: 7, label: good, value: -5 }, schema, 'f'));
  }
  test('numbers are not text: -5 is fine', () => checkRow({ line: 1, label: null, value: -5 }, schema, 'f'));
  test('every string field is checked, not only the first', () => {
    const two = { fields: [...schema.fields, { name: 'note', type: 'string', title: 'Note' }] };
    assert.throws(() => checkRow({ line: 3, label: 'ok', value: 1, note: '@x' }, two, 'f'), /Note/);
  });
  test('a dataset CSV beside the seed is checked too, at its CSV line', () => {
    const input = { seedPath: 'seeds/x/a.md', files: { 'seeds/x/a.digitized.csv': 'label,value\nok,1\n=2+3,2\n' } };
    const meta = { datasets: [{ id: 'd', kind: 'k', file: 'a.digitized.csv', title: 't', method: 'm' }] };
    assert.throws(
      () => readDatasets(input, meta, { schemas: { k: schema } }),
      (e) => e.format() === 'seeds/x/a.digitized.csv:3: ' + e.message && /"=2\+3"/.test(e.message),
    );
  });
});

describe('parseSeed: inexact numbers', () => {
  // A one-line-per-row format: "<label> <number>".
  const parser = {
    detect: () => true,
    parse: (text) => ({
      machines: {},
      tables: {
        t: {
          kind: 'k',
          title: 'T',
          rows: text
            .split('\n')
            .filter(Boolean)
            .map((l, i) => {
              const [label, n] = l.split(' ');
              const value = toNumber(n);
              if (value === undefined) throw new InputError(i + 1, 'a number', n);
              return { line: i + 1, label, value };
            }),
        },
      },
    }),
  };
  const ctx = { parsers: { f: parser }, schemas: { k: schema } };
  const seed = (text) => ({ seedPath: 'seeds/x/a.md', metaPath: 'seeds/x/a.meta.yaml', seedText: text });
  const meta = { format: 'f', platforms: [] };

  test('a number that fits is kept as written', () => {
    const { tables } = parseSeed(seed('a 1\nb 9007199254740992\nc -5\n'), meta, ctx);
    assert.deepEqual(
      tables.t.rows.map((r) => r.value),
      [1, 9007199254740992, -5],
    );
  });
  for (const [what, n] of [
    ['2^53 + 1', '9007199254740993'],
    ['a long decimal', '0.12345678901234567'],
    ['a 400-digit number', '1'.repeat(400)],
  ]) {
    test(`${what} is refused at its seed line`, () => {
      assert.throws(
        () => parseSeed(seed(`a 1\nb 2\nc ${n}\n`), meta, ctx),
        (e) =>
          e instanceof InputError &&
          e.format().startsWith('seeds/x/a.md:3: expected a number of at most 15 significant digits') &&
          !/Infinity/.test(e.message),
      );
    });
  }
});
