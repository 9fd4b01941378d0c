// Unit tests of the one table module: cells typed by the schema, every constraint (pattern too),
// repeated keys and wrong headers refused with the CSV line, and errata applied to the named row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyErrata, problemOf, readTable, readTableOrThrow, typeCell } from './table.mjs';

const SEED = 'seeds/test/report.txt';
const at = (e) => e.format();

test('readTable types cells by column type and rejects what does not fit, at the CSV line', () => {
  const cols = [
    { name: 'a', type: 'integer' },
    { name: 'b', type: 'boolean' },
    { name: 'c', type: 'string' },
  ];
  assert.deepEqual(readTableOrThrow('a,b,c\n1,true,x\n,false,\n', cols), [
    { a: 1, b: true, c: 'x' },
    { a: null, b: false, c: null },
  ]);
  assert.throws(
    () => readTableOrThrow('a,b,c\none,true,x\n', cols, { file: 't.csv' }),
    (e) => /^t\.csv:2: expected a whole number in column a, found "one"$/.test(at(e)),
  );
  assert.throws(
    () => readTableOrThrow('a,b,c\n1,yes,x\n', cols, { file: 't.csv' }),
    (e) => /expected true or false in column b/.test(at(e)),
  );
});

test('every constraint of a field is checked, pattern included', () => {
  const field = {
    name: 'id',
    type: 'string',
    constraints: { required: true, pattern: '^[a-z]+$', enum: ['ab', 'cd', 'Ef'] },
  };
  assert.equal(problemOf('ab', field), null);
  assert.equal(problemOf('', field), 'a value');
  assert.equal(problemOf('xy', field), 'one of "ab", "cd", "Ef"');
  assert.equal(problemOf('Ef', field), 'text matching ^[a-z]+$');
  assert.equal(problemOf(-1, { name: 'n', type: 'number', constraints: { minimum: 0 } }), 'at least 0');
  assert.equal(problemOf(101, { name: 'n', type: 'number', constraints: { maximum: 100 } }), 'at most 100');
  assert.equal(problemOf(1.5, { name: 'n', type: 'integer' }), 'a whole number');
  const { problems } = readTable('id\nab\nEf\n', [field], { file: 'p.csv' });
  assert.deepEqual(problems.map(at), ['p.csv:3: expected text matching ^[a-z]+$ in column id, found "Ef"']);
});

test('a repeated primary key, a wrong header and a short row are each one problem at their line', () => {
  const fields = [
    { name: 'seed', type: 'string' },
    { name: 'line', type: 'integer' },
  ];
  const repeat = readTable('seed,line\ns,1\ns,2\ns,1\n', fields, { file: 'k.csv', primaryKey: ['seed', 'line'] });
  assert.deepEqual(repeat.problems.map(at), ['k.csv:4: expected a unique seed + line, found a repeat of line 2']);
  assert.deepEqual(readTable('line,seed\n1,s\n', fields, { file: 'h.csv' }).problems.map(at), [
    'h.csv:1: expected the header seed,line, found line,seed',
  ]);
  assert.deepEqual(readTable('seed,line\ns\n', fields, { file: 'c.csv' }).problems.map(at), [
    'c.csv:2: expected 2 cells, found 1',
  ]);
});

test('typeCell: empty is null, numbers as written by the pipeline, nothing else', () => {
  assert.equal(typeCell('', 'number'), null);
  assert.equal(typeCell('7163.58', 'number'), 7163.58);
  assert.equal(typeCell('1e+21', 'number'), 1e21);
  assert.equal(typeCell('-5', 'integer'), -5);
  assert.equal(typeCell('NaN', 'number'), undefined);
  assert.equal(typeCell('1.0', 'integer'), undefined);
  assert.equal(typeCell('-O0', 'string'), '-O0');
});

test('errata relabel the named row, add corrected and published_<field>, and must match', () => {
  const make = () => ({
    mem: {
      table: { id: 'mem' },
      fields: { server: { name: 'server', title: 'Server', type: 'string' } },
      rows: [
        { server: 'kestrel', seed: SEED, line: 40 },
        { server: 'kestrel', seed: SEED, line: 41 },
      ],
    },
  });
  const erratum = {
    table: 'mem',
    field: 'server',
    published_value: 'kestrel',
    corrected_value: 'darner',
    reason: 'typo',
    seed: SEED,
    line: 41,
  };
  const tables = make();
  applyErrata(tables, [erratum]);
  assert.deepEqual(
    tables.mem.rows.map((r) => [r.server, r.published_server, r.corrected]),
    [
      ['kestrel', 'kestrel', false],
      ['darner', 'kestrel', true],
    ],
  );
  assert.ok(tables.mem.fields.corrected && tables.mem.fields.published_server);
  assert.throws(() => applyErrata(make(), [{ ...erratum, line: 99 }]), /no row of mem at .*:99/);
  assert.throws(
    () => applyErrata(make(), [{ ...erratum, published_value: 'memcache' }]),
    /expected server "memcache" as published, found "kestrel"/,
  );
  assert.throws(() => applyErrata(make(), [{ ...erratum, table: 'nope' }]), /unknown table/);
});
