// Tests of the vegeta adapter: golden fixtures (real published reports, text and JSON), bad input
// (each an InputError at its line), and conditions from the attack's command line.
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
const sample = fixture('bud-runtime-concurrency.md');
const { lineOf, edit, upTo } = sampleLines(sample);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'vegeta output', 'an empty file'));

  test('a report cut off after its Duration row', () => {
    const n = lineOf(/^Duration +\[/);
    rejects(upTo(n), n + 1, 'the "Latencies [...]" row of the report (cut off?)', /cut off/);
  });

  test('a row cut off in its values', () => {
    const n = lineOf(/^Latencies/, 15);
    rejects(edit(n, /, 10\.009s$/, ''), n, '7 values for [min, mean, 50, 90, 95, 99, max] (the row is cut off?)', /^"65\.458ms/);
  });

  test('an unknown duration unit', () => {
    const n = lineOf(/^Latencies/);
    rejects(edit(n, '430.399ms, 430.399ms, 430.399ms, 430.399ms,', '430.399ks, 430.399ms, 430.399ms, 430.399ms,'), n, /^a duration with a unit the tool prints \(ns, µs/, '"430.399ks"');
  });

  test('a status code count that is not one', () => {
    const n = lineOf(/^Status Codes/, 15);
    rejects(edit(n, '0:14', '0:many'), n, '"<code>:<count>" pairs', '"0:many"');
  });

  test('a JSON report cut off', () => {
    const json = JSON.stringify(JSON.parse(fixture('ratelimiter-metrics.json')), null, 2).split('\n').slice(0, 12).join('\n');
    rejects(json, 12, /^"," or "}"|^a key in quotes|^a JSON key in double quotes/, /cut off/);
  });

  test('a JSON latency statistic vegeta does not write', () => {
    const json = JSON.stringify(JSON.parse(fixture('ratelimiter-metrics.json')), null, 2).replace('"90th"', '"ninetieth"');
    const n = json.split('\n').findIndex((l) => l.includes('"ninetieth"')) + 1;
    rejects(json, n, /^a latency statistic vegeta writes/, '"ninetieth"');
  });
});

test('conditions and the target from the attack command above the report', () => {
  const text = '$ echo "GET http://localhost:8080/customers" | vegeta attack -rate=1500 -duration=10s | tee result.bin | vegeta report\n' + fixture('vegeta-readme-report-text.md').split('\n').slice(3).join('\n');
  const rows = parser.parse(text).tables.measurements.rows;
  assert.equal(rows[0].benchmark, 'http://localhost:8080/customers');
  assert.deepEqual(rows[0].conditions, { rate: 1500, duration_s: 10 });
  assert.equal(rows[0].line, 2);
});

test('each JSON value is at the line of its key', () => {
  const json = JSON.stringify(JSON.parse(fixture('ratelimiter-metrics.json')), null, 2);
  const jl = json.split('\n');
  for (const r of parser.parse(json).tables.measurements.rows) assert.ok(jl[r.line - 1].includes(String(r.value)), `${r.metric} ${r.statistic} at ${r.line}`);
});
