// Tests of the entity registry: one test per rule of readEntities, resolve and suggest, and the
// committed seeds/entities.yaml against every entity-naming cell in data/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { InputError } from '../lib/errors.mjs';
import { readEntities, resolve, suggest, unknownEntityError, tableMapping, normaliseName } from './entities.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

const base = `kinds:
  http-client: an HTTP client library
  queue-server: a queue server
tables:
  http-client-rate:
    columns:
      client: [http-client]
entities:
  hackney:
    name: hackney
    kind: http-client
    aliases: [hackney, Hackney]
  machine-gun:
    name: MachineGun
    kind: http-client
    aliases: [MachineGun, machine_gun]
  kestrel:
    name: Kestrel
    kind: queue-server
    aliases: [kestrel]
`;

/** Assert that reading `text` throws an InputError at `line` whose message matches `pattern`. */
function rejectsAt(text, line, pattern) {
  assert.throws(
    () => readEntities(text, 'seeds/entities.yaml'),
    (e) => {
      assert.ok(e instanceof InputError, `an InputError, got ${e}`);
      assert.equal(e.line, line, e.format());
      assert.equal(e.file, 'seeds/entities.yaml');
      assert.match(e.format(), pattern);
      return true;
    },
  );
}

test('a valid registry reads, with the line of every entity', () => {
  const r = readEntities(base, 'seeds/entities.yaml');
  assert.deepEqual(Object.keys(r.entities), ['hackney', 'machine-gun', 'kestrel']);
  assert.equal(r.entities.hackney.line, 9);
  assert.deepEqual(tableMapping(r, 'http-client-rate').columns, { client: ['http-client'] });
  assert.equal(tableMapping(r, 'nope'), null);
});

test('aliases match case-insensitively and with white space collapsed', () => {
  const r = readEntities(base, 'x');
  assert.equal(resolve(r, 'HACKNEY')?.id, 'hackney');
  assert.equal(resolve(r, '  Hackney ')?.id, 'hackney');
  assert.equal(resolve(r, 'machine_gun')?.id, 'machine-gun');
  assert.equal(resolve(r, 'machinegun')?.id, 'machine-gun'); // the display name, lower case
  assert.equal(normaliseName(' Go  (go gc) '), 'go (go gc)');
});

test('a name with an invisible character is the entity it looks like, never a second one', () => {
  const r = readEntities(base, 'x');
  for (const c of ['\u200b', '\u2060', '\u00ad', '\u180e', '\u200d', '\ufeff', '\u202e']) {
    assert.equal(resolve(r, `Kestrel${c}`)?.id, 'kestrel', JSON.stringify(c));
    assert.equal(resolve(r, `Hack${c}ney`)?.id, 'hackney', JSON.stringify(c));
  }
});

test('an entity name or alias with an invisible character is refused at its line', () => {
  rejectsAt(base.replace('aliases: [kestrel]', 'aliases: [kestrel, "Kestrel\\u200b"]'), 20, /without control or invisible characters, found \\u200b in "Kestrel/);
  rejectsAt(base.replace('name: Kestrel', 'name: "Kes\\u00adtrel"'), 18, /found \\u00ad in/);
});

test('the id and the display name resolve like aliases', () => {
  const r = readEntities(base, 'x');
  assert.equal(resolve(r, 'machine-gun')?.id, 'machine-gun');
  assert.equal(resolve(r, 'MachineGun')?.id, 'machine-gun');
});

test('resolve with a kind refuses an entity of another kind', () => {
  const r = readEntities(base, 'x');
  assert.equal(resolve(r, 'kestrel', 'http-client'), null);
  assert.equal(resolve(r, 'kestrel', ['http-client', 'queue-server'])?.id, 'kestrel');
});

test('an unknown name resolves to null and suggests the nearest entity', () => {
  const r = readEntities(base, 'seeds/entities.yaml');
  assert.equal(resolve(r, 'hackny'), null);
  assert.equal(suggest(r, 'hackny')?.id, 'hackney');
  assert.equal(suggest(r, 'Machine-Gunn')?.id, 'machine-gun');
  assert.equal(suggest(r, 'kestrl', 'http-client'), null); // only clients are candidates
  assert.equal(suggest(r, 'zzzzzzzz'), null); // nothing near
  const e = unknownEntityError(r, 'hackny', undefined, 12, 'data/x.csv');
  assert.equal(
    e.format(),
    'data/x.csv:12: expected a software entity from seeds/entities.yaml, found "hackny" (did you mean "hackney"?)',
  );
  const f = unknownEntityError(r, 'zzzzzzzz', 'http-client', 3);
  assert.match(f.format(), /expected a http-client entity .* \(or add it to seeds\/entities\.yaml\)/);
});

test('a duplicate alias across entities is refused at its line', () => {
  rejectsAt(
    base.replace('aliases: [kestrel]', 'aliases: [kestrel, HACKNEY]'),
    20,
    /already a name of entity hackney \(line 9\)/,
  );
});

test('a 100 KB entity name or alias is refused at its line, shortened in the message', () => {
  const long = 'k'.repeat(100_000);
  rejectsAt(base.replace('aliases: [kestrel]', `aliases: [kestrel, ${long}]`), 20, /a name of at most 300 characters, found "k{77}\.\.\." \(100000 characters\)/);
  rejectsAt(base.replace('name: Kestrel', `name: ${long}`), 18, /a name of at most 300 characters/);
});

test('an alias equal to another entity id is refused', () => {
  rejectsAt(
    base.replace('aliases: [kestrel]', 'aliases: [kestrel, machine-gun]'),
    20,
    /"machine-gun", already a name of entity machine-gun/,
  );
});

test('a duplicate id is refused at its line', () => {
  rejectsAt(`${base}  hackney:\n    name: x\n    kind: http-client\n    aliases: []\n`, 21, /valid YAML/);
});

test('an unknown kind is refused at its line, naming the known kinds', () => {
  rejectsAt(
    base.replace('kind: queue-server', 'kind: queue'),
    19,
    /expected a kind listed under kinds \(http-client, queue-server\), found "queue"/,
  );
});

test('a missing kind or name is refused', () => {
  rejectsAt(base.replace('    kind: queue-server\n', ''), 17, /a "kind" for entity kestrel/);
  rejectsAt(base.replace('    name: Kestrel\n', ''), 17, /a "name" for entity kestrel/);
});

test('an id that is not lower-case-hyphen is refused', () => {
  rejectsAt(
    base.replace('  kestrel:\n', '  Kestrel_2:\n'),
    17,
    /an entity id of lower-case words joined by hyphens, found "Kestrel_2"/,
  );
});

test('aliases must be a list of non-empty text', () => {
  rejectsAt(base.replace('aliases: [kestrel]', 'aliases: kestrel'), 20, /a list of "aliases"/);
  rejectsAt(base.replace('aliases: [kestrel]', 'aliases: [kestrel, ""]'), 20, /an alias that is non-empty text/);
});

test('an unknown field and a homepage that is not a URL are refused', () => {
  rejectsAt(
    base.replace('aliases: [kestrel]', 'aliases: [kestrel]\n    url: x'),
    21,
    /only name, kind, aliases, homepage, repository/,
  );
  rejectsAt(
    base.replace('aliases: [kestrel]', 'aliases: [kestrel]\n    homepage: kestrel.org'),
    21,
    /an http\(s\) URL for homepage/,
  );
});

test('a table mapping must name known kinds and a known measured entity', () => {
  rejectsAt(base.replace('client: [http-client]', 'client: [http-cleint]'), 7, /a kind listed under kinds/);
  rejectsAt(
    base.replace('    columns:\n      client: [http-client]\n', '    measures: hackey\n'),
    6,
    /an entity id from entities, found "hackey"/,
  );
  rejectsAt(
    base.replace('    columns:\n      client: [http-client]\n', '    columns: {}\n'),
    5,
    /columns, measures or declared for table kind http-client-rate/,
  );
});

test('a YAML syntax error is an InputError with the file', () => {
  rejectsAt('kinds: [\n', 2, /valid YAML/);
});

// The committed registry against the real data: every cell of an entity column resolves.
test('seeds/entities.yaml resolves every entity-naming cell in data/ and every declared table kind', async () => {
  const { parse } = await import('csv-parse/sync');
  const r = readEntities(readFileSync(join(root, 'seeds/entities.yaml'), 'utf8'), 'seeds/entities.yaml');
  const reports = readdirSync(join(root, 'data/reports')).map((f) =>
    JSON.parse(readFileSync(join(root, 'data/reports', f), 'utf8')),
  );
  let cells = 0;
  for (const report of reports) {
    for (const sw of report.software.declared)
      assert.ok(resolve(r, sw.name), `${report.slug}: declared software ${sw.name}`);
    for (const t of report.tables) {
      const m = tableMapping(r, t.kind);
      assert.ok(m, `table kind ${t.kind} is mapped in seeds/entities.yaml`);
      const rows = parse(readFileSync(join(root, 'data', t.path), 'utf8'), { columns: true });
      for (const [col, kinds] of Object.entries(m.columns)) {
        assert.ok(
          t.columns.some((c) => c.name === col),
          `${t.path} has column ${col}`,
        );
        for (const row of rows) {
          cells++;
          assert.ok(resolve(r, row[col], kinds), `${row.seed}:${row.line}: ${col} ${JSON.stringify(row[col])}`);
        }
      }
    }
  }
  assert.ok(cells > 900, `checked ${cells} cells`);
});

// Issue 34, item 9: a table the table fallback reads names its software in the row label.
test('a typo of a known software name in a table-fallback row is refused at its line, with the suggestion; benchmark names are not', async () => {
  const { parse } = await import('./parsers/table/parse.mjs');
  const { checkEntities } = await import('./entities.mjs');
  const r = readEntities(readFileSync(join(root, 'seeds/entities.yaml'), 'utf8'), 'seeds/entities.yaml');
  const table = (label) => {
    const rows = parse(`# Clients\n\n| Client | Requests/sec |\n|---|---|\n| ${label} | 41210 |\n| ibrowse | 30000 |\n`).tables.measurements.rows.map((row) => ({ ...row, seed: 'seeds/x/y.md' }));
    return { m: { id: 'm', kind: 'measurement', rows } };
  };
  assert.throws(
    () => checkEntities(r, table('Hackneyy'), undefined, 'seeds/x/y.meta.yaml'),
    (e) => e instanceof InputError && e.file === 'seeds/x/y.md' && e.line === 5 && /found "Hackneyy" \(did you mean "Hackney"\?\)/.test(e.message),
  );
  for (const label of ['hackney', 'BM_StringCopy/64', 'parse JSON', 'get']) {
    assert.doesNotThrow(() => checkEntities(r, table(label), undefined, 'seeds/x/y.meta.yaml'), label);
  }
});
