// Tests of the k6 adapter: golden fixtures (real published summaries: classic text, grouped text of
// k6 1.x, handleSummary JSON), bad input (each an InputError at its line), and the lines of JSON values.
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
const sample = fixture('ocaml-webapp-express-classic.md');
const { lineOf, edit, upTo } = sampleLines(sample);

describe('bad input', () => {
  test('an empty file', () => rejects('', 0, 'k6 output', 'an empty file'));

  test('a summary cut off before its iterations', () => {
    const n = lineOf(/http_reqs\.+:/);
    rejects(upTo(n), n + 1, /cut off\?/, /cut off/);
  });

  test('a trend line cut off in the middle', () => {
    const n = lineOf(/http_req_waiting\.+:/);
    rejects(edit(n, / p\(95\)=\S+$/, ''), n, /^the statistics of the trends above \(avg min med max p\(90\) p\(95\); line \d+\)$/, /avg=271\.19ms/);
  });

  test('an unknown time unit', () => {
    const n = lineOf(/http_req_duration\.+:/);
    rejects(edit(n, 'max=389.39ms', 'max=389.39ks'), n, /^a number with a unit k6 prints \(ns, µs/, '"389.39ks"');
  });

  test('an unknown data unit', () => {
    const n = lineOf(/data_received\.+:/);
    rejects(edit(n, '4.9 GB', '4.9 TB'), n, /^a k6 metric value/, /4\.9 TB/);
  });

  test('a JSON summary cut off', () => {
    const json = JSON.stringify(JSON.parse(fixture('parabank-summary.json')), null, 2);
    const cut = json.split('\n').slice(0, 20).join('\n');
    rejects(cut, 20, /^"," or "}"|^a JSON value|^a key in quotes|^a JSON key in double quotes/, /cut off/);
  });

  test('a JSON statistic k6 does not write', () => {
    const json = JSON.stringify(JSON.parse(fixture('parabank-summary.json')), null, 2).replace('"med": 330.33119999999997', '"mode": 330.33119999999997');
    const n = json.split('\n').findIndex((l) => l.includes('"mode"')) + 1;
    rejects(json, n, /^a k6 statistic/, '"mode"');
  });
});

test('each JSON value is at the line of its key', () => {
  const json = JSON.stringify(JSON.parse(fixture('parabank-summary.json')), null, 2);
  const jl = json.split('\n');
  const rows = parser.parse(json).tables.measurements.rows;
  const p95 = rows.find((r) => r.metric === 'latency' && r.statistic === 'p95' && !r.conditions.tags);
  assert.equal(p95.value, 343.92808499999995);
  assert.match(jl[p95.line - 1], /"p\(95\)": 343\.92808499999995/);
  assert.ok(jl[p95.line - 3].includes('"values"') || jl[p95.line - 2].includes('"values"') || jl.slice(0, p95.line).some((l) => l.includes('"http_req_duration"')));
  for (const r of rows) assert.ok(jl[r.line - 1].includes(String(r.value)), `${r.metric} ${r.statistic} at ${r.line}`);
});

test('conditions from the k6 command line, names from the headings, and no run number where no run repeats', () => {
  const rows = parser.parse(sample).tables.measurements.rows;
  assert.deepEqual([...new Set(rows.map((r) => r.subject))], ['No fork', 'With fork']);
  assert.deepEqual(rows[0].conditions, { vus: 80, duration_s: 60 });
  assert.equal(rows[0].benchmark, 'test.js');
});

test('a heading that names a setting is a condition, and runs are numbered only where they repeat', () => {
  const run = (vus) => sample.split('\n').slice(sample.split('\n').indexOf('# With fork') + 1).join('\n').replace(/--vus \d+/, `--vus ${vus}`);
  const text = `## 500 connections\n\n${run(80)}\n\n## 800 connections\n\n${run(80)}\n\n## 800 connections\n\n${run(80)}\n`;
  const rows = parser.parse(text).tables.measurements.rows;
  const setups = [...new Set(rows.map((r) => JSON.stringify([r.subject, r.conditions.connections, r.conditions.run])))];
  assert.deepEqual(setups, ['["",500,null]', '["",800,1]', '["",800,2]']);
});

test("k6's share of failed requests (http_req_failed 0.00% of 191233) stays a share of failed requests, never a spread (issue 39: err% is nanobench's spread only)", () => {
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/k6/ocaml-webapp-golang.md'), 'utf8');
  const rows = Object.values(parser.parse(text).tables).flatMap((t) => t.rows);
  assert.deepEqual(
    rows.filter((r) => r.line === 25 && r.unit === '%').map((r) => [r.metric, r.value, r.unit, r.spread_kind]),
    [['http_req_failed', 0, '%', '']],
  );
  assert.ok(rows.every((r) => !r.spread_kind || r.metric !== 'http_req_failed'));
});

test('k6\'s "http_req_failed: 0.00%  0 out of 191233" is 0 failed requests, a share of 0 % of the 191,233 it was taken over: never a count of 191,233 failures', () => {
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/k6/ocaml-webapp-golang.md'), 'utf8');
  const rows = Object.values(parser.parse(text).tables).flatMap((t) => t.rows);
  assert.deepEqual(
    rows.filter((r) => r.line === 25).map((r) => [r.metric, r.statistic, r.value, r.unit, r.runs, r.conditions.outcome]),
    [
      ['http_req_failed', 'value', 0, '%', 191233, undefined],
      ['http_req_failed', 'total', 0, 'count', 191233, 'true'],
    ],
  );
});
