// Tests of the oha adapter: golden fixtures (real published outputs), bad input (each an InputError
// at its line), and the boundary with hey, whose summary oha took over.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const sample = fs.readFileSync(path.join(here, 'fixtures/tosic-http-axum.md'), 'utf8');
const { lineOf, edit, upTo } = sampleLines(sample);
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'oha output', 'an empty file'));

  test('a summary cut off after Slowest', () => {
    const n = lineOf(/Slowest:/);
    rejects(upTo(n), n + 1, '"Fastest: ..." in the summary', /cut off/);
  });

  test('a distribution header cut off from its lines', () => {
    const n = lineOf(/Response time distribution:/);
    rejects(upTo(n), n + 1, 'a line under "Response time distribution:"', /cut off/);
  });

  test('an unknown time unit', () => {
    const n = lineOf(/Average:/);
    rejects(edit(n, '0.0015 secs', '0.0015 mins'), n, /^a time with a unit the tool prints \(secs, /, '"0.0015 mins"');
  });

  test('an unknown size unit', () => {
    const n = lineOf(/Total data:/);
    rejects(edit(n, '38.28 MiB', '38.28 MB'), n, /^a size with a unit the tool prints \(bytes, B, KiB/, '"38.28 MB"');
  });

  test('percentiles out of order', () => {
    const n = lineOf(/ 90\.00% in/);
    rejects(edit(n, '90.00%', '20.00%'), n, 'a percentile above 75% and at most 100%', /20\.00% in/);
  });

  test('a summary out of order', () => {
    const n = lineOf(/Slowest:/);
    rejects(edit(n, 'Slowest', 'Fastest'), n, '"Slowest: ..." (the summary in the order the tool prints it)', /Fastest/);
  });

  test('a success rate that is not a number', () => {
    const n = lineOf(/Success rate:/);
    rejects(edit(n, '100.00%', 'all'), n, 'a success rate such as "100.00%"', '"all"');
  });
});

test('hey output is not oha output', () => {
  const hey = fs.readFileSync(path.join(here, '../hey/fixtures/oha-readme-hey-run.md'), 'utf8');
  assert.equal(parser.detect(hey), false);
});

test('conditions from the command line above the summary', () => {
  const text = '$ oha -n 20000 -c 50 -z 10s -q 100 http://localhost:3000/\n' + sample;
  const rows = parser.parse(text).tables.measurements.rows;
  assert.equal(rows[0].benchmark, 'http://localhost:3000/');
  assert.deepEqual(rows[0].conditions, { requests: 20000, concurrency: 50, duration_s: 10, rate: 100 });
  assert.equal(rows[0].line, lineOf(/Success rate/) + 1);
});

test('ANSI colour codes (oha colours its summary on a terminal) are read over', () => {
  const coloured = sample
    .split('\n')
    .map((l) => (/:\t/.test(l) ? l.replace(/^(\s*)([^:]+:)/, '$1\u001b[33m$2\u001b[0m') : l))
    .join('\n');
  assert.notEqual(coloured, sample);
  assert.deepEqual(parser.parse(coloured), parser.parse(sample));
});
