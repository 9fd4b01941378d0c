// Tests of the CloudI 2.0 request-rate parser: golden fixtures, bad input, and the real 2.0.6 report
// (seeds/, realReportsOf('cloudi-request-rate-v2')) counted line by line with regular expressions of this test's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, sampleLines } from '../../../../tests/helpers/golden.mjs';
import { linesOf, matchingLines, realReportsOf } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const mini = fs.readFileSync(path.join(here, 'fixtures/handwritten-erlang-only.md'), 'utf8');
const { lines, lineOf, edit } = sampleLines(mini);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'a CloudI 2.0 request-rate report', 'an empty file'));

  test('a block cut off in the percentiles', () => {
    const n = lineOf(/50%/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, 'percentiles up to "100% (maximum)"', /cut off/);
  });

  test('a block cut off after the stable rate', () => {
    const n = lineOf(/stable at/);
    rejects(lines.slice(0, n).join('\n') + '\n', n + 1, /^"request latency \(distribution/, 'the end of the section');
  });

  test('an unknown latency unit', () => rejects(edit(lineOf(/50%/), '1889406 us', '1889406 ms'), lineOf(/50%/), 'a latency in us (microseconds)', '"ms"'));

  test('percentiles out of order', () => {
    const n = lineOf(/99\.9%/);
    rejects(edit(n, '99.9%', '49.9%'), n, 'a percentile above 50% and at most 100%', /49\.9%/);
  });

  test('a latency below that of the percentile before', () => {
    const n = lineOf(/99\.9%/);
    rejects(edit(n, '3404160', '1404160'), n, 'a latency of at least 1889406 us (that of 50%)', /1404160/);
  });

  test('a rate outside its range', () => {
    const n = lineOf(/stable at/);
    rejects(edit(n, '80930.7', '80990.7'), n, 'a rate within its range [min .. max]', /stable at/);
  });

  test('a missing moment', () => {
    const n = lineOf(/stddev/);
    rejects(lines.filter((_, i) => i !== n - 1).join('\n'), n, 'the latency stddev', /skewness/);
  });

  test('a heading that names no receiver', () => rejects(edit(lineOf(/^## Erlang/), 'Erlang', 'Erlang VM tuning'), lineOf(/^## Erlang/), /^a receiver heading/, '"Erlang VM tuning"'));
});

const [real] = realReportsOf(parser.format).filter((r) => /cloudi-2\.0\.6/.test(r.seedPath));

describe(`the real 2.0.6 report (${real.seedPath})`, () => {
  const text = real.seedText;
  const result = parser.parse(text);
  const rates = result.tables['request-rate'].rows;
  const latency = result.tables['request-latency'].rows;

  test('one rate row per "stable at" line, with its numbers', () => {
    const want = matchingLines(text, /^ {4}stable at [\d.]+ \[/);
    assert.equal(want.length, 23);
    assert.deepEqual(rates.map((r) => r.line), want);
    const all = linesOf(text);
    for (const r of rates) {
      const m = /stable at ([\d.]+) \[([\d.]+) \.\. ([\d.]+)\]/.exec(all[r.line - 1]);
      assert.deepEqual([r.requests_per_second, r.requests_per_second_min, r.requests_per_second_max], m.slice(1).map(Number));
    }
  });

  test('one latency row per percentile line, 15 per receiver', () => {
    const want = matchingLines(text, /^ {8,10}[\d.]+%.* us$/);
    assert.equal(want.length, 23 * 15);
    assert.deepEqual(latency.map((r) => r.line), want);
  });

  test('each receiver agrees with the report\'s own Throughput and Latency Summary', () => {
    const all = linesOf(text);
    const summary = all.slice(all.indexOf('## Throughput Summary'));
    const name = (r) => (r.receiver_kind === 'internal' ? r.language : `${r.language} ${r.receiver_kind}`);
    for (const r of rates) {
      const rate = summary.find((l) => l.endsWith(` ${name(r)}`) && /requests\/second/.test(l));
      assert.equal(Number(rate.trim().split(/\s+/)[0]), r.requests_per_second, name(r));
      const max = latency.find((x) => x.language === r.language && x.receiver_kind === r.receiver_kind && x.percentile === 100);
      const maxLine = summary.slice(summary.indexOf('### Maximum')).find((l) => l.endsWith(` ${name(r)}`));
      assert.equal(Number(maxLine.trim().split(/\s+/)[0]), max.latency_us, name(r));
    }
  });

  test('the machine and the software are read with their lines', () => {
    const facts = Object.fromEntries(result.machines.system.facts.map((f) => [f.field, [f.value, f.line]]));
    assert.deepEqual(facts.cpu_model, ['Xeon X5650', 6]);
    assert.deepEqual(facts.memory, ['125GB', 7]);
    assert.deepEqual(facts.kernel, ['5.4.0-65-generic', 12]);
    assert.deepEqual(result.software.find((s) => s.name === 'Erlang'), { text: 'Erlang 24.3.4.12', name: 'Erlang', version: '24.3.4.12', line: 13 });
  });

  test('the 1.x parser does not claim it', () => assert.equal(parsers['cloudi-request-rate'].detect(text), false));
});
