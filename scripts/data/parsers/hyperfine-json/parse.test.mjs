// Tests of the hyperfine-json adapter: the golden fixture (a real export), bad input (each an
// InputError at its line), parameters as conditions, and each value at the line of its key.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = fs.readFileSync(path.join(here, 'fixtures/1brc-hyperfine.json'), 'utf8');
const lines = sample.split('\n');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

describe('bad input', () => {
  test('an export cut off', () => rejects(lines.slice(0, 14).join("\n"), 14, /^a JSON value$|^"," or "]"$/, /cut off/));

  test('a time that is not a number', () => {
    const n = lines.findIndex((l) => l.includes('"median": 11.81813333352')) + 1;
    rejects(sample.replace('"median": 11.81813333352', '"median": "11.8 s"'), n, /^a number: median of cargo run/, '"\\"11.8 s\\""');
  });

  test('a result without its command', () => {
    rejects(sample.replace('"command": "cargo run --release --bin 1brc measurements_1000000000.txt",', ''), 3, 'a result with its "command"', /mean/);
  });
});

test('each value at the line of its key, every run at its own line', () => {
  for (const r of parser.parse(sample).tables.measurements.rows.filter((x) => x.metric !== 'errors')) {
    assert.ok(lines[r.line - 1].includes(String(r.value)), `${r.benchmark} ${r.statistic} at ${r.line}`);
  }
});

test('parameters of a scan become conditions', () => {
  const json = JSON.stringify({ results: [{ command: 'sleep 0.1', mean: 0.1, stddev: 0.001, median: 0.1, user: 0.001, system: 0.002, min: 0.099, max: 0.102, times: [0.1], exit_codes: [0], parameters: { delay: '0.1', mode: 'fast' } }] }, null, 2);
  const row = parser.parse(json).tables.measurements.rows[0];
  assert.deepEqual(row.conditions, { delay: 0.1, mode: 'fast' });
});
