// Tests of the hey adapter: golden fixtures (real published outputs), bad input (each an InputError
// at its line), and the boundary with oha, which took over hey's summary.
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

const sample = fs.readFileSync(path.join(here, 'fixtures/oha-readme-hey-run.md'), 'utf8');
const { lines, lineOf, edit, upTo } = sampleLines(sample);
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'hey output', 'an empty file'));

  test('a summary cut off after Fastest', () => {
    const n = lineOf(/Fastest:/);
    rejects(upTo(n), n + 1, '"Average: ..." in the summary', /cut off/);
  });

  test('a Details header cut off from its lines', () => {
    const n = lineOf(/^Details/);
    rejects(upTo(n), n + 1, 'a line under "Details (average, fastest, slowest):"', /cut off/);
  });

  test('an unknown time unit in the details', () => {
    const n = lineOf(/resp wait:/);
    rejects(edit(n, '0.0058 secs', '0.0058 hrs'), n, /^a time with a unit the tool prints/, '"0.0058 hrs"');
  });

  test('an unknown size unit', () => {
    const n = lineOf(/Total data:/);
    rejects(edit(n, '122400 bytes', '122400 octets'), n, /^a size with a unit the tool prints/, '"122400 octets"');
  });

  test('a percentile above 100%', () => {
    const n = lineOf(/ 99% in/);
    rejects(edit(n, '99%', '199%'), n, 'a percentile above 95% and at most 100%', /199% in/);
  });

  test('a rate that is not a number', () => {
    const n = lineOf(/Requests\/sec:/);
    rejects(edit(n, '10913.3967', '10,913.3967'), n, 'a rate', '"10,913.3967"');
  });
});

test('oha output is not hey output', () => {
  for (const f of fs.readdirSync(path.join(here, '../oha/fixtures')).filter((n) => !n.endsWith('.json'))) {
    assert.equal(parser.detect(fs.readFileSync(path.join(here, '../oha/fixtures', f), 'utf8')), false, f);
  }
});

test('conditions from the command line above the summary', () => {
  const rows = parser.parse(sample).tables.measurements.rows;
  assert.equal(rows[0].benchmark, 'http://127.0.0.1:8080');
  assert.deepEqual(rows[0].conditions, { requests: 200, concurrency: 50 });
  const text = "$ hey -z 10s -q 5 'http://www.example.org/hello'\n" + lines.slice(4).join('\n');
  const z = parser.parse(text).tables.measurements.rows[0];
  assert.equal(z.benchmark, 'http://www.example.org/hello');
  assert.deepEqual(z.conditions, { rate_per_worker: 5, duration_s: 10 });
});

test('NaN where no request succeeded: no measurement, a note at its line; empty sections are read over', () => {
  const text = fs.readFileSync(path.join(here, 'fixtures/bitlet-stats-oak-alosaur.md'), 'utf8');
  const result = parser.parse(text);
  const all = text.split('\n');
  assert.equal(result.notes.length, 6);
  for (const n of result.notes) assert.match(all[n.line - 1], /NaN secs/);
  assert.ok(!result.tables.measurements.rows.some((r) => all[r.line - 1].includes('NaN') && r.statistic === 'mean'));
});

test('a section header at the end of the file is cut off, not empty', () => {
  const text = fs.readFileSync(path.join(here, 'fixtures/bitlet-stats-oak-alosaur.md'), 'utf8').split('\n');
  const n = text.findIndex((l) => l.startsWith('Latency distribution:')) + 1;
  rejects(text.slice(0, n).join('\n'), n + 1, 'a line under "Latency distribution:"', /cut off/);
});
