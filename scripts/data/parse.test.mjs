// Unit tests of the data stage's row check and seed parsing on hostile cells: text a spreadsheet
// would run as a formula is kept and written to the CSV with a leading ' (read back as written),
// while negative numbers stay exact; a number the seed writes with more digits
// than a JavaScript number holds is refused at its seed line instead of being rounded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../lib/errors.mjs';
import { toNumber } from '../lib/text.mjs';
import { checkRow, parseSeed, readDatasets } from './parse.mjs';
import { fromCsv, toCsv } from '../lib/csv.mjs';

const schema = {
  fields: [
    { name: 'label', type: 'string', title: 'Label' },
    { name: 'value', type: 'number', title: 'Value' },
  ],
};

describe('formula cells: kept as text, with a leading \' in the CSV', () => {
  const FORMULAS = ['=1+1', '=HYPERLINK("http://x")', '+cmd', '@SUM(A1)', '\t=1', '\r=1', '-=1', '- 1', '-(1)'];
  // OWASP: "-" followed by a letter is a formula too (-A1+cmd|' /C calc'!A0), and so is -O0.
  const LETTERS = ["-A1+cmd|' /C calc'!A0", "-SUM(1+9)*cmd|' /C calc'!A0", '-O0', '-fno-omit-frame-pointer', '＝1', '＠x'];
  for (const text of [...FORMULAS, ...LETTERS]) {
    test(`${JSON.stringify(text)} is accepted, written as '${JSON.stringify(text).slice(1)} and read back as written`, () => {
      checkRow({ line: 7, label: text, value: 1 }, schema, 'seeds/x/a.md');
      const csv = toCsv([{ label: text, value: 1 }], ['label', 'value']);
      const cell = fromCsv(csv).records[0];
      assert.ok(csv.split('\n')[1].replace(/^"/, '').startsWith(`'${text[0]}`), csv);
      assert.deepEqual(cell.cells, [text, '1']);
    });
  }
  for (const text of ['-5', '+3', '-1,234.5', '-', 'kestrel', 'a=b', 'x+y', 'mail@example', "'quoted"]) {
    test(`${JSON.stringify(text)} is written as it is`, () => {
      const csv = toCsv([{ label: text }], ['label']);
      assert.equal(fromCsv(csv).records[0].cells[0], text);
      assert.ok(!csv.split('\n')[1].replace(/^"/, '').startsWith("'") || text.startsWith("'"), csv);
    });
  }
  test("a cell that starts with ' before a formula keeps its own ' (written with two)", () => {
    const csv = toCsv([{ label: "'-x" }], ['label']);
    assert.equal(csv, "label\n''-x\n");
    assert.equal(fromCsv(csv).records[0].cells[0], "'-x");
  });
  test('a dataset CSV beside the seed with a formula cell is read, the cell as written', () => {
    const input = { seedPath: 'seeds/x/a.md', files: { 'seeds/x/a.digitized.csv': 'label,value\nok,1\n=2+3,2\n' } };
    const meta = { datasets: [{ id: 'd', kind: 'k', file: 'a.digitized.csv', title: 't', method: 'm' }] };
    assert.equal(readDatasets(input, meta, { schemas: { k: schema } }).d.rows[1].label, '=2+3');
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
