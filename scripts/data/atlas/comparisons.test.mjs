// Tests of comparisons: matched conditions derived from the rows, best-within-budget per run,
// ratios against the oldest report, normalisation, what differs, and tidy rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readEntities } from '../entities.mjs';
import { reportTables } from './tables.mjs';
import { ALL_PAIRS_UP_TO, buildComparisons, reportSets, shortSlug, tidyRows, withoutRepeats } from './comparisons.mjs';
import { entitiesYaml, reports, csvTexts } from './fixtures.mjs';

const registry = readEntities(entitiesYaml, 'seeds/entities.yaml');
const tables = Object.fromEntries(reports.map((r) => [r.slug, reportTables(r, csvTexts)]));
const comparisons = buildComparisons({ reports, tables, registry });
const byId = Object.fromEntries(comparisons.map((c) => [c.id, c]));

test('one comparison per table kind measured by two reports, sorted by id', () => {
  assert.deepEqual(Object.keys(byId), ['cloudi-request-rate--old--new', 'http-client-rate--best--h2017--h2019']);
});

test('matched: rows at identical conditions only, shared conditions derived from the rows', () => {
  const c = byId['cloudi-request-rate--old--new'];
  assert.equal(c.mode, 'matched');
  assert.deepEqual(c.shared_conditions, { receivers: 2, senders: 2 });
  // Erlang 1x1 (old only) and Java processes (new only) have no partner.
  assert.deepEqual(
    c.rows.map((r) => [r.entity, r.conditions]),
    [
      ['erlang', { receiver_kind: 'internal' }],
      ['java', { receiver_kind: 'threads' }],
    ],
  );
  assert.match(c.title, /^Rate \(requests\/s\) by receiver language: CloudI 1\.5\.1, 2015, POWER8 vs CloudI 1\.7/);
  assert.equal(c.conditions_text, '2 receivers, 2 senders');
  assert.equal(c.question, "How did each receiver language's rate change from CloudI 1.5.1 on the POWER8 to 1.7.1 on the Core i7?");
});

test('each value keeps its seed and line; the ratio is new/old against the oldest report', () => {
  const java = byId['cloudi-request-rate--old--new'].rows[1];
  assert.deepEqual(
    java.values.map((v) => [v.column, v.value, v.seed, v.line, v.ratio_to_base]),
    [
      ['old', 1500, 'seeds/old.txt', 40, null],
      ['new', 3000, 'seeds/new.md', 69, 2],
    ],
  );
  assert.equal(byId['cloudi-request-rate--old--new'].base, 'old');
});

test('per-core and per-GHz values name the facts they used', () => {
  const [oldV, newV] = byId['cloudi-request-rate--old--new'].rows[0].values;
  assert.equal(oldV.per_core.value, 100); // 2000 / (2 x 10)
  assert.equal(newV.per_core.value, 750); // 3000 / (1 x 4)
  assert.deepEqual(
    newV.per_core.facts.map((f) => [f.field, f.line]),
    [
      ['sockets', 4],
      ['cores_per_socket', 4],
    ],
  );
  assert.equal(newV.per_ghz.value, Number((3000 / 3.5).toPrecision(6)));
});

test('what differs: machines, software versions met through aliases, method; a hardware change is flagged', () => {
  const w = byId['cloudi-request-rate--old--new'].what_differs;
  assert.equal(w.hardware_same, false);
  assert.equal(w.software_same, false);
  const java = w.software.find((s) => s.entity === 'java');
  assert.deepEqual(
    java.values.map((v) => [v.name, v.value, v.line]),
    [
      ['Java', '1.8.0_25', 8],
      ['Java OpenJDK', '1.8.0_91', 17],
    ],
  );
  assert.match(
    w.summary,
    /^Different machines \(power8 vs i7; facts that differ: Clock \(GHz\), Cores per socket, Sockets\)/,
  );
  assert.match(w.summary, /CloudI 1\.5\.1 -> 1\.7\.1/);
  assert.match(w.summary, /a ratio mixes hardware and software changes/);
});

test('best: one column per run, best within the budget, conditions per value, null with a reason', () => {
  const c = byId['http-client-rate--best--h2017--h2019'];
  assert.deepEqual(
    c.columns.map((x) => [x.key, x.run, x.base]),
    [
      ['h2017', 'results', true],
      ['h2019/current', 'current', false],
      ['h2019/original', 'original', false],
    ],
  );
  const h = c.rows.find((r) => r.entity === 'hackney');
  assert.deepEqual(
    h.values.map((v) => [v.value, v.line, v.conditions?.pool_size, v.ratio_to_base]),
    [
      [40000, 110, 8, null],
      [20000, 212, 32, 0.5],
      [10000, 439, 32, 0.25],
    ],
  );
  const b = c.rows.find((r) => r.entity === 'buoy');
  assert.equal(b.values[1].value, null);
  assert.match(b.values[1].reason, /its one row is not within error.pct at most 1/);
  assert.match(
    c.what_differs.summary,
    /runs: Results \/ Current \(ulimit -n 12000000\) \/ Original \(ulimit -n 1024\)/,
  );
  assert.equal(h.values[1].per_core, null); // vCPUs only: no cores, no clock
  assert.equal(h.values[0].per_ghz.value, Number((40000 / 2.2).toPrecision(6)));
});

test('tidy rows: one per measured value with every condition as a column and provenance', () => {
  const t = tidyRows(byId['http-client-rate--best--h2017--h2019']);
  assert.deepEqual(t.columns, [
    'comparison',
    'entity',
    'entity_name',
    'pool_size',
    'report',
    'run',
    'value',
    'unit',
    'base_report',
    'base_run',
    'ratio_to_base',
    'per_core',
    'per_ghz',
    'error_pct',
    'seed',
    'line',
  ]);
  assert.equal(t.rows.length, 4); // buoy 2017, hackney x 3; buoy's null values have no row
  assert.ok(t.rows.every((r) => r.seed && Number.isInteger(r.line)));
  const m = tidyRows(byId['cloudi-request-rate--old--new']);
  assert.deepEqual(m.rows[0], {
    comparison: 'cloudi-request-rate--old--new',
    entity: 'erlang',
    entity_name: 'Erlang',
    receiver_kind: 'internal',
    receivers: 2,
    senders: 2,
    report: 'old',
    run: null,
    value: 2000,
    unit: 'requests/s',
    base_report: 'old',
    base_run: null,
    ratio_to_base: null,
    per_core: 100,
    per_ghz: Number((2000 / 3.42).toPrecision(6)),
    seed: 'seeds/old.txt',
    line: 27,
  });
});

/**
 * The comparisons of old, new and a third CloudI-like report, "newer" (2018), whose rows are new's
 * (its seed renamed) but for those `keep` leaves out.
 */
function withNewer(keep = () => true) {
  const third = {
    ...reports[1],
    slug: 'newer',
    date: '2018',
    seed: { path: 'seeds/newer.md' },
    tables: [{ ...reports[1].tables[0], path: 'tables/newer/t.csv' }],
  };
  const [head, ...lines] = csvTexts['tables/new/t.csv'].replaceAll('seeds/new.md', 'seeds/newer.md').trim().split('\n');
  const texts = { ...csvTexts, 'tables/newer/t.csv': [head, ...lines.filter(keep)].join('\n') + '\n' };
  const all = [reports[0], reports[1], third];
  const t = Object.fromEntries(all.map((r) => [r.slug, reportTables(r, texts)]));
  return buildComparisons({ reports: all, tables: t, registry });
}

test('three reports give one comparison over all three, and a pair only where it says more (rows or ratios)', () => {
  const ids = withNewer().map((c) => c.id);
  // Old and new share no row the newer one lacks, and their ratios are to old as in the three's:
  // their pair says nothing the three do not (nor does old with newer). New against newer is a
  // ratio to new, said nowhere else.
  assert.deepEqual(ids, ['cloudi-request-rate--new--newer', 'cloudi-request-rate--old--new--newer']);
});

test('a pair with a row the third report lacks is a comparison of its own, beside the one over all three', () => {
  // The newer report measured Erlang only: old and new share Java as well, which only their pair shows.
  const made = withNewer((line) => !/java/i.test(line));
  assert.deepEqual(
    made.map((c) => [c.id, c.rows.map((r) => r.entity)]),
    [
      ['cloudi-request-rate--new--newer', ['erlang']],
      ['cloudi-request-rate--old--new', ['erlang', 'java']],
      ['cloudi-request-rate--old--new--newer', ['erlang']],
    ],
  );
});

test('of two comparisons with the same values, one is made; one that holds fewer values of another is not', () => {
  const c = byId['cloudi-request-rate--old--new'];
  const twin = { ...c, id: 'z-twin' };
  const smaller = { ...c, id: 'a-smaller', rows: c.rows.slice(0, 1) };
  const other = byId['http-client-rate--best--h2017--h2019'];
  assert.deepEqual(
    withoutRepeats([twin, smaller, c, other]).map((x) => x.id),
    [c.id, other.id],
  );
  // A value read from another seed line is something new.
  const moved = { ...smaller, rows: [{ ...smaller.rows[0], values: smaller.rows[0].values.map((v) => ({ ...v, line: v.line + 1 })) }] };
  assert.deepEqual(
    withoutRepeats([c, moved]).map((x) => x.id),
    [c.id, 'a-smaller'],
  );
});

test('a comparison has a short URL slug and the newest date of its reports', () => {
  assert.equal(shortSlug(['cloudi-1.5.4-core-i7', 'cloudi-1.7.1-core-i7']), 'cloudi-1.5.4-core-i7-vs-1.7.1-core-i7');
  assert.equal(shortSlug(['a-b', 'a-b-c']), 'a-b-vs-b-c');
  assert.equal(shortSlug(['old', 'new', 'newer']), 'old-vs-new-vs-newer');
  const many = Array.from({ length: 20 }, (_, i) => `synthetic-${String(i).padStart(4, '0')}-cloudi-1.5.1-power8`);
  const long = shortSlug(many);
  assert.ok(long.length <= 100, long);
  assert.match(long, /^synthetic-0000-cloudi-1\.5\.1-power8-vs-19-more-[0-9a-f]{8}$/);
  assert.notEqual(long, shortSlug(many.slice(1)));
  const c = byId['cloudi-request-rate--old--new'];
  assert.equal(c.slug, 'old-vs-new');
  assert.equal(c.date, [reports[0].date, reports[1].date].sort().at(-1));
  const slugs = comparisons.map((x) => x.slug);
  assert.equal(new Set(slugs).size, slugs.length);
});

test('comparisons grow linearly: every pair up to six reports of a kind, then each report with the one before it', () => {
  assert.deepEqual(reportSets(2, 'matched'), [[0, 1]]);
  assert.deepEqual(reportSets(3, 'matched'), [
    [0, 1],
    [0, 2],
    [1, 2],
    [0, 1, 2],
  ]);
  assert.deepEqual(reportSets(3, 'best'), [[0, 1, 2]]);
  assert.equal(reportSets(ALL_PAIRS_UP_TO, 'matched').length, (ALL_PAIRS_UP_TO * (ALL_PAIRS_UP_TO - 1)) / 2 + 1);
  for (const mode of ['matched', 'best']) {
    assert.deepEqual(reportSets(ALL_PAIRS_UP_TO + 2, mode).slice(0, 2), [
      [0, 1],
      [1, 2],
    ]);
    assert.equal(reportSets(1000, mode).length, 999);
  }
});
