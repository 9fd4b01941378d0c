// The synthetic corpus keeps every real seed readable by its parser: same lines, same rows, same
// configurations, other measured values; and it never writes into the repository's seeds/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../lib/paths.mjs';
import { readInputs } from '../data/inputs.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { FORMATS, prng, scaleToken, rewriteSeed, synthesize, editOneValue, writeCorpus } from './corpus.mjs';

const reports = readInputs(ROOT).reports;
const MEASURED = new Set([
  'requests_per_second',
  'rss_kb',
  'latency_us',
  'time_taken_s',
  'bytes_read',
  'read_rate_kbytes_per_s',
  'bytes_written',
  'write_rate_kbytes_per_s',
  'time_per_request_us',
  'line',
]);

test('a scaled number keeps its decimals and thousands separators', () => {
  assert.equal(scaleToken('7163.58', 2), '14327.16');
  assert.equal(scaleToken('11700', 0.5), '5850');
  assert.equal(scaleToken('0.8', 1.1), '0.9');
  assert.equal(scaleToken('1,234', 2), '2,468');
  assert.equal(scaleToken('0', 3), '0');
});

test('the PRNG gives the same numbers for the same seed', () => {
  const a = prng(42);
  const b = prng(42);
  const xs = Array.from({ length: 5 }, () => a());
  assert.deepEqual(
    xs,
    Array.from({ length: 5 }, () => b()),
  );
  assert.ok(xs.every((x) => x >= 0 && x < 1));
});

// The corpus is made from the seeds of the formats it knows how to rewrite (FORMATS).
for (const r of reports.filter((x) => FORMATS.includes(parseYaml(x.metaText).format))) {
  const format = parseYaml(r.metaText).format;
  test(`a rewritten ${r.seedPath} parses to the same rows with other values`, () => {
    const { text } = rewriteSeed(format, r.seedText, prng(7));
    assert.equal(text.split('\n').length, r.seedText.split('\n').length, 'same number of lines');
    const before = parsers[format].parse(r.seedText, {});
    const after = parsers[format].parse(text, {});
    for (const [id, t] of Object.entries(before.tables)) {
      const u = after.tables[id];
      assert.equal(u.rows.length, t.rows.length, `${id}: same number of rows`);
      const keys = (row) => JSON.stringify(Object.entries(row).filter(([k]) => !MEASURED.has(k)));
      assert.deepEqual(u.rows.map(keys), t.rows.map(keys), `${id}: same configurations`);
      if (t.rows.length) assert.notDeepEqual(u.rows, t.rows, `${id}: other measured values`);
    }
  });
}

test('a corpus cycles through the formats with unique slugs and renamed files', () => {
  const corpus = synthesize(reports, 12, 3);
  const present = FORMATS.filter((f) => reports.some((r) => parseYaml(r.metaText).format === f));
  assert.deepEqual(
    corpus.slice(0, present.length).map((c) => c.format),
    present,
  );
  assert.equal(new Set(corpus.map((c) => c.slug)).size, 12);
  for (const c of corpus) {
    const meta = parseYaml(c.files[1].text);
    assert.equal(meta.slug, c.slug);
    for (const d of meta.datasets ?? [])
      assert.ok(
        c.files.some((f) => f.path.endsWith(`/${d.file}`)),
        `${d.file} is written`,
      );
    assert.ok(c.files.every((f) => /\/synthetic-\d{4}-/.test(f.path)));
  }
  assert.deepEqual(synthesize(reports, 3, 3), synthesize(reports, 3, 3), 'deterministic');
});

test('editing one value changes exactly one line', () => {
  const r = reports.find((x) => parseYaml(x.metaText).format !== 'astore-rst');
  const { text, line } = editOneValue(parseYaml(r.metaText).format, r.seedText, 5);
  const a = r.seedText.split('\n');
  const b = text.split('\n');
  assert.equal(a.filter((l, i) => l !== b[i]).length, 1);
  assert.notEqual(a[line - 1], b[line - 1]);
});

test('a corpus is never written into the repository', () => {
  assert.throws(() => writeCorpus(ROOT, ROOT, []), /refusing/);
});
