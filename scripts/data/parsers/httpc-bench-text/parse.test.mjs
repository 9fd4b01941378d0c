// Tests of the httpc_bench fixed-width text parser: a golden excerpt, bad input, and the real
// seed's result rows counted with a regular expression of this test's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, linesOf, readCsv } from '../../../../tests/helpers/real-data.mjs';
import { runBounded } from '../../../../tests/helpers/bounded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const excerpt = fs.readFileSync(path.join(here, 'fixtures/excerpt.md'), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

describe('bad input', () => {
  const lines = linesOf(excerpt);
  const first = lines.findIndex((l) => /^buoy\s/.test(l));
  test('a table cut off before its closing ``` is refused at the last line', () => {
    rejects(lines.slice(0, first + 2).join('\n') + '\n', first + 2, /closing ```/, /cut off/);
  });
  test('a word where a number belongs names the column', () => {
    const broken = [...lines];
    broken[first] = broken[first].replace('119826', 'lots');
    rejects(broken.join('\n'), first + 1, /requests per second under "Requests\/s"/, '"lots"');
  });
  test('an empty file', () => rejects('', 0, /httpc_bench report/, 'an empty file'));
});

describe('the real 2017 report', () => {
  for (const r of realReportsOf('httpc-bench-text')) {
    test(`${r.seedPath}: every result line, and only those, becomes a row, in data/ too`, () => {
      const counted = linesOf(r.seedText).flatMap((l, i) => (/^[a-z]+\s+\d+\s+\d+\s+\d+\s+\d+(\.\d+)?\s*$/.test(l) ? [i + 1] : []));
      const rows = parser.parse(r.seedText).tables['client-rate'].rows;
      assert.deepEqual(rows.map((x) => x.line), counted);
      const csv = readCsv(`data/tables/${r.meta.slug}/client-rate.csv`);
      assert.deepEqual(csv.map((x) => Number(x.line)).sort((a, b) => a - b), counted);
      assert.ok(csv.every((x) => !('pool_count' in x)), 'no pool-count column: the report has none');
    });
  }
});

describe('the table wherever it stands', () => {
  const raw = fs.readFileSync(path.join(here, 'fixtures/raw-run.txt'), 'utf8');
  const pipe = fs.readFileSync(path.join(here, 'fixtures/pipe-reordered-extra-column.md'), 'utf8');

  test('the bare table a run prints is recognised and read, pool count included', () => {
    assert.ok(parser.detect(raw));
    const rows = parser.parse(raw).tables['client-rate'].rows;
    assert.deepEqual(rows.map((r) => [r.client, r.pool_count, r.pool_size, r.concurrency, r.requests_per_second, r.error_pct, r.line]), [
      ['buoy', 1, 32, 32, 105871, 0, 3],
      ['buoy', 1, 32, 64, 151036, 0, 4],
      ['hackney', 1, 32, 32, 41092, 0, 5],
      ['hackney', 1, 32, 64, 40718, 2.3, 6],
    ]);
    assert.equal(parser.parse(raw).unknownColumns, undefined);
  });

  test('a pipe table with reordered columns keeps a column it does not know, and lists it', () => {
    const result = parser.parse(pipe);
    assert.deepEqual(result.unknownColumns, [{ table: 'client-rate', column: 'p99_latency_ms', header: 'p99 latency (ms)', line: 5 }]);
    const rows = result.tables['client-rate'].rows;
    assert.deepEqual(rows.map((r) => [r.client, r.concurrency, r.pool_size, r.requests_per_second, r.p99_latency_ms, r.line]), [
      ['buoy', 32, 8, 119826, '1.9', 7],
      ['katipo', 32, 8, 48117, null, 8],
    ]);
  });

  test('a bare table with an unknown column in the middle keeps it as text', () => {
    const text = 'Client  PoolSize  Transport  Concurrency  Requests/s  Error %\nbuoy          8  tcp                 32      119826      0.0\n';
    const result = parser.parse(text);
    assert.equal(result.tables['client-rate'].rows[0].transport, 'tcp');
    assert.equal(result.tables['client-rate'].rows[0].concurrency, 32);
    assert.deepEqual(result.unknownColumns, [{ table: 'client-rate', column: 'transport', header: 'Transport', line: 1 }]);
  });

  test('a pipe row with a cell missing is refused at its line', () => {
    const broken = pipe.replace('| katipo |          32 |        8 |      48117 |     0.0 |                  |', '| katipo |          32 |        8 |      48117 |');
    rejects(broken, 8, /^6 cells \(Client \| Concurrency/, /^4: /);
  });

  test('a table without a required column is refused at its header', () => {
    rejects('Client  Concurrency  Requests/s  Error %\nbuoy  32  119826  0.0\n', 1, 'a "Pool Size" column', /Client/);
  });
});

describe('wide tables headed "Client"', () => {
  test('4,000 identical columns after "Client" are refused at the header line, as a pipe table and as a bare table; 990 in a pipe table are read', () => {
    // Reading each column's name against those before it took minutes here: a child process with a kill timer runs it.
    const r = runBounded(
      `import * as parser from ${JSON.stringify(new URL('./parse.mjs', import.meta.url).href)};
       const pipe = (n) => '# W\\n\\n| Client | Pool Size | Concurrency | Requests/s | Error % |' + ' x |'.repeat(n) + '\\n|---|---|---|---|---|' + '---|'.repeat(n) + '\\n| buoy | 8 | 32 | 119826 | 0.0 |' + ' 1 |'.repeat(n) + '\\n';
       const bare = (n) => 'Client' + ' x'.repeat(n) + ' PoolSize Concurrency Requests/s Error %\\nbuoy' + ' 1'.repeat(n) + ' 8 32 119826 0.0\\n';
       const outcome = (text) => { try { const rows = parser.parse(text).tables['client-rate'].rows; return [parser.detect(text), rows.length, rows[0].requests_per_second, rows[0].x_990]; } catch (e) { return [parser.detect(text), e.line, e.expected, e.found]; } };
       console.log(JSON.stringify([outcome(pipe(4000)), outcome(bare(4000)), outcome(pipe(990))]));`,
      { timeout: 30_000 },
    );
    assert.equal(r.killed, false, 'ended before its kill timer');
    assert.deepEqual(
      JSON.parse(r.stdout),
      [
        [true, 3, 'a table of at most 1,000 columns', '4,005 columns'],
        [true, 1, 'a table of at most 1,000 columns', 'a header of 4,006 words'],
        [true, 1, 119826, '1'],
      ],
      r.stderr,
    );
  });
});
