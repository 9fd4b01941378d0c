// The atlas against the real data/: the comparisons the issue asks for exist, and every compared
// value and every best figure is read back, independently with csv-parse, from the CSV row at the
// seed line it cites, with the entity and every condition it claims. Also: the CLI is deterministic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { buildAtlas } from './index.mjs';
import { ROOT } from '../../lib/paths.mjs';
import { unescapeFormula } from '../../lib/csv.mjs';
import { readComparisons, readSubjects } from '../../lib/atlas.mjs';

const root = ROOT;
const reports = readdirSync(join(root, 'data/reports'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(root, 'data/reports', f), 'utf8')));
const csvTexts = {};
for (const r of reports)
  for (const t of r.tables) csvTexts[t.path] = readFileSync(join(root, 'data', t.path), 'utf8');
const atlas = buildAtlas({
  reports,
  csvTexts,
  entitiesText: readFileSync(join(root, 'seeds/entities.yaml'), 'utf8'),
});
const entitiesYaml = readFileSync(join(root, 'seeds/entities.yaml'), 'utf8');

/** The raw CSV rows of a report's table of a kind (csv-parse, strings as written). */
function rawRows(slug, kind) {
  const report = reports.find((r) => r.slug === slug);
  const table = report.tables.find((t) => t.kind === kind);
  return parse(readFileSync(join(root, 'data', table.path), 'utf8'), { columns: true, cast: (v) => unescapeFormula(v) });
}

/** Alias spellings of an entity, read from the YAML text itself (not through the module). */
function spellings(id) {
  const block = entitiesYaml.split(/\n {2}(?=[a-z0-9-]+:\n)/).find((b) => b.startsWith(`${id}:\n`));
  const aliases = block
    .match(/aliases: \[(.*)\]/)[1]
    .split(',')
    .map((s) => s.trim().toLowerCase());
  return new Set([id, ...aliases]);
}

/** Assert that the CSV row at seed:line with these conditions holds `value` for the entity. */
function checkAgainstCsv({ slug, kind, entityColumn, entity, metric, value, seed, line, conditions, budget, run }) {
  const matches = rawRows(slug, kind).filter(
    (r) =>
      r.seed === seed && Number(r.line) === line && Object.entries(conditions).every(([k, v]) => r[k] === String(v)),
  );
  assert.equal(matches.length, 1, `${seed}:${line} ${JSON.stringify(conditions)}: one CSV row`);
  const row = matches[0];
  assert.equal(Number(row[metric]), value, `${seed}:${line}: ${metric}`);
  if (entityColumn)
    assert.ok(
      spellings(entity).has(row[entityColumn].toLowerCase()),
      `${seed}:${line}: ${row[entityColumn]} is ${entity}`,
    );
  if (budget) assert.ok(Number(row[budget.column]) <= budget.max, `${seed}:${line}: within the budget`);
  if (run !== undefined && run !== null) assert.equal(row.run, run);
  // Every other condition column of the row is empty: the value was measured at exactly these conditions.
  const skip = new Set(['seed', 'line', 'line_end', 'note', 'run', metric, entityColumn, budget?.column]);
  for (const [k, v] of Object.entries(row))
    if (!skip.has(k) && !(k in conditions)) assert.equal(v, '', `${seed}:${line}: ${k} is not a condition`);
}

test('CloudI: rate by receiver language across 1.5.1, 1.5.4 and 1.7.1 at the conditions all three share', () => {
  const c = atlas.comparisons.find(
    (x) => x.id === 'cloudi-request-rate--cloudi-1.5.1-power8--cloudi-1.5.4-core-i7--cloudi-1.7.1-core-i7',
  );
  assert.ok(c);
  assert.deepEqual(
    c.columns.map((x) => x.report),
    ['cloudi-1.5.1-power8', 'cloudi-1.5.4-core-i7', 'cloudi-1.7.1-core-i7'],
  );
  // The shared conditions are whatever the 1.7.1 report ran (its only setting), as its rows say.
  const only171 = rawRows('cloudi-1.7.1-core-i7', 'cloudi-request-rate');
  for (const k of ['dest_refresh_method', 'duo_mode', 'senders', 'receivers', 'queue_service']) {
    assert.deepEqual([...new Set(only171.map((r) => r[k]))], [String(c.shared_conditions[k])], k);
  }
  assert.ok(c.rows.some((r) => r.entity === 'erlang') && c.rows.some((r) => r.entity === 'java'));
  assert.equal(c.what_differs.hardware_same, false);
});

test('CloudI 1.5.4 -> 1.7.1 is on the same Core i7 2700K: the hardware is marked the same', () => {
  const c = atlas.comparisons.find((x) => x.id === 'cloudi-request-rate--cloudi-1.5.4-core-i7--cloudi-1.7.1-core-i7');
  assert.equal(c.what_differs.hardware_same, true);
  assert.equal(c.what_differs.platforms.values[0].value, 'intel-core-i7-2700k');
  assert.ok(c.what_differs.software.find((s) => s.entity === 'cloudi').differs);
});

test('httpc_bench: each client best within the error budget, 2017 Xeon vs both 2019 EC2 runs', () => {
  const c = atlas.comparisons.find((x) => x.kind === 'http-client-rate');
  assert.deepEqual(
    c.columns.map((x) => x.key),
    [
      'httpc-bench-xeon-2x48',
      'httpc-bench-mojito-ec2-m5-4xlarge/2019-05-15',
      'httpc-bench-mojito-ec2-m5-4xlarge/original',
    ],
  );
  assert.deepEqual(
    c.rows.map((r) => r.entity),
    ['buoy', 'dlhttpc', 'hackney', 'httpc', 'ibrowse'],
  );
  assert.equal(c.what_differs.hardware_same, false);
  // The best row is the highest rate among the rows within the budget, per run.
  for (const r of c.rows) {
    for (const v of r.values) {
      const col = c.columns.find((x) => x.key === v.column);
      const rows = rawRows(col.report, c.kind).filter(
        (x) => x.run === col.run && spellings(r.entity).has(x.client.toLowerCase()) && Number(x.error_pct) <= 1,
      );
      const max = rows.length ? Math.max(...rows.map((x) => Number(x.requests_per_second))) : null;
      assert.equal(v.value, max, `${r.entity} ${v.column}`);
    }
  }
});

test('every compared value is the CSV value at the seed line it cites', () => {
  let n = 0;
  for (const c of atlas.comparisons) {
    const budget = c.kind === 'http-client-rate' ? { column: 'error_pct', max: 1 } : null;
    for (const r of c.rows) {
      for (const v of r.values) {
        if (v.value === null) continue;
        const col = c.columns.find((x) => x.key === v.column);
        const conditions = { ...c.shared_conditions, ...r.conditions, ...(v.conditions ?? {}) };
        checkAgainstCsv({
          slug: col.report,
          kind: c.kind,
          entityColumn: c.entity_column,
          entity: r.entity,
          metric: c.metric.column,
          value: v.value,
          seed: v.seed,
          line: v.line,
          conditions,
          budget,
          run: col.run,
        });
        if (v.ratio_to_base !== null) {
          const base = r.values.find((x) => x.column === c.base);
          assert.equal(v.ratio_to_base, Number((v.value / base.value).toPrecision(4)));
        }
        n++;
      }
    }
  }
  assert.ok(n >= 40, `${n} values checked`);
});

test('every best figure of every subject is the CSV value at the seed line it cites', () => {
  let n = 0;
  for (const s of atlas.subjects) {
    for (const rep of s.reports) {
      for (const f of rep.figures) {
        if (f.value === null) continue;
        const report = reports.find((r) => r.slug === rep.report);
        const table = report.tables.find((t) => t.id === f.table);
        const t = rep.tables.find((x) => x.table === f.table);
        const rows = parse(readFileSync(join(root, 'data', table.path), 'utf8'), { columns: true, cast: (v) => unescapeFormula(v) });
        const row = rows.find(
          (r) =>
            r.seed === f.seed &&
            Number(r.line) === f.line &&
            Object.entries({ ...f.conditions, ...f.group }).every(([k, v]) => r[k] === String(v)),
        );
        assert.ok(row, `${s.id}: ${f.seed}:${f.line}`);
        assert.equal(Number(row[f.metric]), f.value);
        if (t.column) assert.ok(spellings(s.id).has(row[t.column].toLowerCase()));
        n++;
      }
    }
  }
  assert.ok(n >= 30, `${n} figures checked`);
});

test('every report with a table appears in the subjects of the entities it measures', () => {
  const hackney = atlas.subjects.find((s) => s.id === 'hackney');
  assert.deepEqual(
    hackney.reports.map((r) => r.report),
    ['httpc-bench-xeon-2x48', 'httpc-bench-mojito-ec2-m5-4xlarge'],
  );
  const cloudi = atlas.subjects.find((s) => s.id === 'cloudi');
  assert.deepEqual(
    cloudi.reports.map((r) => r.report),
    [
      'cloudi-1.5.1-power8',
      'cloudi-1.5.4-core-i7',
      'cloudi-1.7.1-core-i7',
      'cloudi-2.0.6-request-rate-language-dell-poweredge-r710',
    ],
  );
  const memcache = atlas.subjects.find((s) => s.id === 'memcache');
  assert.deepEqual(
    memcache.reports[0].tables.map((t) => t.table),
    ['queue-flood'],
  );
  // Darner's resident-memory line 41 is labelled kestrel as published and corrected to darner by errata.
  const darnerRss = atlas.subjects
    .find((s) => s.id === 'darner')
    .reports[0].tables.find((t) => t.table === 'resident-memory');
  assert.equal(darnerRss.rows, 12);
});

test('data/atlas holds one tidy CSV per comparison, every row with its seed and line', () => {
  const index = JSON.parse(readFileSync(join(root, 'data/atlas/comparisons.json'), 'utf8'));
  const dir = join(root, 'data/atlas/comparisons');
  const csvs = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  assert.deepEqual(
    csvs,
    index.comparisons.map((c) => `${c.id}.csv`).sort(),
  );
  for (const f of csvs) {
    const rows = parse(readFileSync(join(dir, f), 'utf8'), { columns: true });
    assert.ok(rows.length && rows.every((r) => r.seed && /^\d+$/.test(r.line)), f);
  }
});

test('each comparison is a file of its own, listed by data/atlas/comparisons.json, which copies none of its values', () => {
  const index = JSON.parse(readFileSync(join(root, 'data/atlas/comparisons.json'), 'utf8')).comparisons;
  const whole = readComparisons(join(root, 'data'));
  assert.deepEqual(
    whole.map((c) => c.id),
    index.map((c) => c.id),
  );
  for (const [i, c] of whole.entries()) {
    assert.deepEqual(index[i], { id: c.id, slug: c.slug, kind: c.kind, title: c.title, date: c.date, file: `atlas/comparisons/${c.id}.json` });
    assert.ok(c.rows.length && c.rows.every((r) => r.values.every((v) => v.column)), c.id);
  }
});

test('each subject is a file of its own, listed by data/atlas/subjects.json, which copies none of its figures', () => {
  const index = JSON.parse(readFileSync(join(root, 'data/atlas/subjects.json'), 'utf8')).subjects;
  assert.deepEqual(
    index,
    atlas.subjects.map((s) => ({ id: s.id, name: s.name, kind: s.kind, file: `atlas/subjects/${s.id}.json` })),
  );
  const whole = readSubjects(join(root, 'data'));
  assert.deepEqual(
    whole.map((s) => s.id),
    atlas.subjects.map((s) => s.id),
  );
  const hackney = whole.find((s) => s.id === 'hackney');
  assert.ok(hackney.reports.some((r) => r.measured && r.figures.length), 'hackney: its figures are in its own file');
});

test('a subject page says "Written as" only for the spellings its reports use; the others are "also known as"', () => {
  const s = Object.fromEntries(atlas.subjects.map((x) => [x.id, x]));
  const seeds = reports.map((r) => readFileSync(join(root, r.seed.path), 'utf8')).join('\n');
  for (const [id, other] of [
    ['go', 'golang'],
    ['javascript', 'Node.js'],
    ['machine-gun', 'machine_gun'],
    ['memcache', 'memcached'],
  ]) {
    assert.ok(!s[id].written_as.includes(other), `${id} is not written as ${other}`);
    assert.ok(s[id].also_known_as.includes(other), `${id} is also known as ${other}`);
  }
  // Every spelling said to be in the reports is in a seed.
  for (const x of atlas.subjects)
    for (const w of x.written_as ?? []) assert.ok(seeds.toLowerCase().includes(w.toLowerCase()), `${x.id}: ${w}`);
});

test('the httpc_bench 2017 vs 2019 comparison says the CPUs and the Erlang/OTP versions differ, stated in differently named fields', () => {
  const c = atlas.comparisons.find((x) => x.id === 'http-client-rate--best--httpc-bench-xeon-2x48--httpc-bench-mojito-ec2-m5-4xlarge');
  const s = c.what_differs.summary;
  assert.match(s, /facts that differ: [^;]*Memory/);
  assert.match(s, /facts that differ: [^;]*CPU \(.*2 x 48 Xeon cores.* vs Virtual CPUs 16\)/);
  assert.match(s, /software versions that differ: [^;]*Erlang 19\.2\.1 -> 21\.2 \(stated for Httpc\)/);
});

test('"Also known as" never repeats a subject\'s own name or a spelling in another case', () => {
  const s = Object.fromEntries(atlas.subjects.map((x) => [x.id, x]));
  assert.deepEqual(s.astore.also_known_as, []);
  // Its name is "Eclipse Jetty" (no report writes it); the reports' metadata only declares "Jetty".
  assert.equal(s.jetty.name, 'Eclipse Jetty');
  assert.deepEqual(s.jetty.written_as, []);
  assert.deepEqual(s.jetty.also_known_as, ['Jetty']);
  assert.deepEqual(s.solon.also_known_as, []);
});
