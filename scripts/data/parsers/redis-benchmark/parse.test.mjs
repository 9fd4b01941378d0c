// Tests of the redis-benchmark adapter: golden fixtures (real published outputs: Redis 6+ blocks,
// Redis < 6 blocks and -q lines from the Redis documentation, -q runs under headings), bad input
// (each an InputError at its line), and the CSV form.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fixture('redka-original-redis.md');
const { lineOf, edit, upTo } = sampleLines(sample);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'redis-benchmark output', 'an empty file'));

  test('a block cut off before its summary', () => {
    const n = lineOf(/^99\.998% <= 2\.183/);
    rejects(upTo(n), n + 1, '"<x> requests per second" or the "Summary:" (the block is cut off?)', /cut off/);
  });

  test('a block cut off after its header', () => {
    const n = lineOf(/====== SET ======/);
    rejects(upTo(n), n + 1, '"<n> requests completed in <t> seconds"', /cut off/);
  });

  test('a latency summary cut off', () => {
    const n = lineOf(/^ +0\.184 +0\.072/);
    rejects(upTo(n - 1), n, /^6 latencies under "avg/, /cut off/);
  });

  test('an unknown latency unit', () => {
    const n = lineOf(/^75\.000% <= 0\.159/);
    rejects(edit(n, 'milliseconds', 'jiffies'), n, /^a latency unit redis-benchmark prints \(milliseconds/, '"jiffies"');
  });

  test('a count that is not a number', () => {
    const n = lineOf(/throughput summary: 155521/);
    rejects(edit(n, '155521.00', '155,521.00'), n, '"throughput summary: <x> requests per second"', /155,521/);
  });
});

test('--csv: the header and one row per test, latencies in ms', () => {
  // The form redis-benchmark 6.2+ prints (src/redis-benchmark.c, showLatencyReport with config.csv).
  const text = [
    '$ redis-benchmark -t set,get -n 100000 -c 50 --csv',
    '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"',
    '"SET","87950.75","0.354","0.064","0.295","0.767","1.167","3.447"',
    '"MSET (10 keys)","51652.89","0.562","0.152","0.463","0.895","2.671","16.607"',
  ].join('\n');
  assert.ok(parser.detect(text));
  const rows = parser.parse(text).tables.measurements.rows;
  assert.deepEqual(
    rows.filter((r) => r.benchmark === 'MSET (10 keys)').map((r) => [r.line, r.metric, r.statistic, r.value, r.unit]),
    [
      [4, 'throughput', 'mean', 51652.89, 'req/s'],
      [4, 'latency', 'mean', 0.562, 'ms'],
      [4, 'latency', 'min', 0.152, 'ms'],
      [4, 'latency', 'p50', 0.463, 'ms'],
      [4, 'latency', 'p95', 0.895, 'ms'],
      [4, 'latency', 'p99', 2.671, 'ms'],
      [4, 'latency', 'max', 16.607, 'ms'],
    ],
  );
  assert.deepEqual(rows[0].conditions, { connections: 50, requests: 100000 });
  rejects(text.replace('"0.354",', ''), 3, /^8 fields/, /SET/);
});
