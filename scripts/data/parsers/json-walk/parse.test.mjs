// Tests of the JSON walker: golden fixtures (three load-test reports of aifocal/akidb, a key-value
// store's and a web framework's benchmark results from two other repositories: JSON no adapter knows), headline numbers with units from the key words, arrays walked by their items' names, and
// what it does not read (numbers whose keys name no unit, raw sample arrays, ids and ports).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');
const brief = (r) => [r.benchmark, r.metric, r.statistic, r.value, r.unit];

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

describe('JSON from other repositories (issue 32)', () => {
  test('a key-value store: "throughput_req_sec" is a rate in req/s (not seconds, not a latency) beside p99_latency_ms', () => {
    const rows = parser.parse(fixture('distributed-kv-store-benchmark-results.json')).tables.measurements.rows;
    assert.deepEqual(
      rows.filter((r) => r.line === 3 || r.line === 6).map(brief),
      [
        ['throughput_and_latency.throughput_req_sec', 'throughput', 'value', 15627.898535630382, 'req/s'],
        ['throughput_and_latency', 'latency', 'p99', 1.7822044992499286, 'ms'],
      ],
    );
  });

  test('Nyx: "concurrency": 128 is a condition of the http rows only, "broadcasts_per_second" a rate', () => {
    const rows = parser.parse(fixture('nyx-benchmarks-results.json')).tables.measurements.rows;
    const at = (line) => rows.filter((r) => r.line === line).map((r) => [...brief(r), r.conditions]);
    assert.deepEqual(at(13), [['http.latency_ms', 'latency', 'p99', 1081.559, 'ms', { concurrency: 128 }]]);
    assert.deepEqual(at(9), [['http.rps', 'throughput', 'value', 127.383, 'req/s', { concurrency: 128 }]]);
    assert.deepEqual(at(23), [['websocket.broadcasts_per_second', 'throughput', 'value', 2039.692, 'ops/s', {}]]);
    assert.ok(!rows.some((r) => r.line === 6), 'the concurrency is no result');
  });
});

describe('a whole beside its parts, and times whose unit is not stated (issue 39)', () => {
  // tests/fixtures/corpus/gatling-global-stats/orangehrm-addemployees-global-stats.json, lines 1-22 and 68-72:
  // each statistic an object of "total" (all requests) and its parts "ok" and "ko"; the times state no unit.
  const excerpt = [
    '{',
    '    "name": "Global Information",',
    '    "numberOfRequests": {',
    '        "total": 2458,',
    '        "ok": 1738,',
    '        "ko": 720',
    '    },',
    '    "minResponseTime": {',
    '        "total": 1,',
    '        "ok": 1,',
    '        "ko": 191',
    '    },',
    '    "meanNumberOfRequestsPerSecond": {',
    '        "total": 13.074468085106384,',
    '        "ok": 9.24468085106383,',
    '        "ko": 3.8297872340425534',
    '    }',
    '}',
  ].join('\n');
  const rows = parser.parse(excerpt).tables.measurements.rows;
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [...brief(r), r.conditions]);

  test('"total" beside "ok" and "ko" is all of them: its statistic is its object\'s (min, mean, number of), the parts are conditions', () => {
    assert.deepEqual(at(4), [['Global Information', 'requests', 'total', 2458, 'count', {}]]);
    assert.deepEqual(at(5), [['Global Information', 'requests', 'total', 1738, 'count', { part: 'ok' }]]);
    assert.deepEqual(at(14), [['Global Information', 'throughput', 'mean', 13.074468085106384, 'req/s', {}]]);
  });

  test('a response time whose keys name no unit goes in with unit "not stated", never as a count (failed requests\' marked invalid)', () => {
    assert.deepEqual(at(9), [['Global Information', 'latency', 'min', 1, 'not stated', {}]]);
    assert.deepEqual(at(11), [['Global Information', 'latency', 'min', 191, 'not stated', { part: 'ko', role: 'invalid' }]]);
  });
});

describe('a name, a value and its unit side by side, one entry per commit (issue 39)', () => {
  // tests/fixtures/corpus/benchmark-action-data-js/vars-dev-bench-data.js (github-action-benchmark's
  // data.js): "window.BENCHMARK_DATA = {" then, per commit, benches of { "name", "value", "unit": "ns/op" }.
  const text = fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/benchmark-action-data-js/vars-dev-bench-data.js'), 'utf8');
  const rows = parser.parse(text).tables.measurements.rows;
  const at = (line) => rows.filter((r) => r.line === line).map((r) => [...brief(r), r.conditions]);

  test('each bench is its name with the value in the unit written beside it, and the commit of its entry is a condition', () => {
    assert.equal(parser.detect(text), true);
    assert.deepEqual(at(30), [['BenchmarkNew', 'time', 'value', 14.6, 'ns', { commit: 'cf45c31820ce4668b9b75971b982d431580a90c4' }]]);
    assert.deepEqual(at(90), [['BenchmarkNew/string:repeat', 'time', 'value', 13, 'ns', { commit: '60b7e8b9144c63b60b614a574c41602fd43e2363' }]]);
  });
});

describe('headline numbers', () => {
  test('units from the key words: latency_ms, throughput_qps, duration_seconds, memory_mb; the scenario names the benchmark', () => {
    const r = parser.parse(fixture('akidb-spike-load-quick.json'));
    const rows = r.tables.measurements.rows;
    const of = (re, s) => brief(rows.find((x) => re.test(x.benchmark) && x.statistic === s));
    assert.deepEqual(of(/latency_ms$/, 'p99'), ['Scenario 3: Spike Load (Quick): latency_ms', 'latency', 'p99', 2.441, 'ms']);
    assert.deepEqual(of(/throughput_qps$/, 'value'), ['Scenario 3: Spike Load (Quick): throughput_qps', 'throughput', 'value', 260.33001806699946, 'queries/s']);
    assert.deepEqual(of(/duration_seconds$/, 'value').slice(1), ['duration', 'value', 300.003820458, 's']);
    // cpu.average (0.65: a fraction or a percentage?) names no unit: listed, not guessed.
    assert.ok(r.notes.some((n) => /cpu\.average = 0\.65\d* not read/.test(n.text)));
    assert.ok(!rows.some((x) => /growth_per_min/.test(x.benchmark)), 'MB/min is no unit the atlas knows: not read as MB');
  });

  test('an array of named results is walked by their names, at their lines; sample arrays and ids are not results', () => {
    const text = JSON.stringify({ port: 8080, results: [{ name: 'get', p99_ms: 1.5, samples: [1, 2, 3] }, { name: 'set', p99_ms: 2.5, requests: 10 }] }, null, 2);
    const rows = parser.parse(text).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [...brief(r), r.line]),
      [
        ['results.get', 'time', 'p99', 1.5, 'ms', 6],
        ['results.set', 'time', 'p99', 2.5, 'ms', 15],
        ['results.set.requests', 'requests', 'total', 10, 'count', 16],
      ],
    );
  });

  test('JSON with no number whose keys name a unit is not claimed, and refused when asked', () => {
    const text = '{"name": "x", "version": 3, "ratio": 0.5}';
    assert.equal(parser.detect(text), false);
    rejectsAt(parser.parse, text, 0, /JSON with numbers whose keys name their unit/, 'none');
  });
});

describe('keys JSON allows but a plain object would lose (issue 41)', () => {
  const text = '{\n  "__proto__": { "latency_ms": 5 },\n  "latency_ms": 3,\n  "throughput_qps": 100,\n  "throughput_qps": 200\n}\n';
  test('a key "__proto__" is an ordinary key: its number is a row at its line', () => {
    const rows = parser.parse(text).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.value, r.unit, r.line]),
      [
        ['__proto__.latency_ms', 5, 'ms', 2],
        ['latency_ms', 3, 'ms', 3],
        ['throughput_qps', 200, 'queries/s', 5],
      ],
    );
  });
  test('a repeated key keeps its last value, and the first is listed as not read, at its line', () => {
    const notes = parser.parse(text).notes.map((n) => n.text);
    assert.ok(notes.includes('line 4: throughput_qps not read: its key is repeated at line 5, whose value is read'), notes.join('\n'));
  });
});

describe('XML walked as JSON is (issue 39)', () => {
  const pts = () => fs.readFileSync(path.join(here, '../../../../tests/fixtures/corpus/phoronix-composite-xml/simdjson-gvno3-composite.xml'), 'utf8');

  test("a Phoronix Test Suite composite.xml: each <Result>'s <Value> in its <Scale>, named by its <Title> and <Description>, at the value's line", () => {
    const rows = parser.parse(pts()).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.benchmark, r.value, r.unit, r.statistic, r.line]),
      [
        ['simdjson: Throughput Test: PartialTweets', 1.36, 'GB/s', 'value', 32],
        ['simdjson: Test Install Time', 140, 's', 'value', 50],
        ['simdjson: Test Install Size', 167532, 'B', 'value', 67],
        ['simdjson: Throughput Test: LargeRandom', 0.46, 'GB/s', 'value', 84],
        ['simdjson: Throughput Test: Kostya', 1.14, 'GB/s', 'value', 102],
        ['simdjson: Throughput Test: DistinctUserID', 1.52, 'GB/s', 'value', 120],
        ['simdjson: Throughput Test: TopTweet', 1.52, 'GB/s', 'value', 138],
      ],
    );
    assert.ok(parser.detect(pts()));
  });

  test("a Phoronix Test Suite composite.xml: each result says which system ran it, its <Entry>'s <Identifier> (GVNO3, lines 31-137), never lost", () => {
    const rows = parser.parse(pts()).tables.measurements.rows;
    assert.deepEqual(
      rows.map((r) => [r.line, r.value, r.conditions.system]),
      [
        [32, 1.36, 'GVNO3'],
        [50, 140, 'GVNO3'],
        [67, 167532, 'GVNO3'],
        [84, 0.46, 'GVNO3'],
        [102, 1.14, 'GVNO3'],
        [120, 1.52, 'GVNO3'],
        [138, 1.52, 'GVNO3'],
      ],
    );
  });

  test('two systems\' entries of one result, as merge-results writes them, stay two values: PartialTweets 1.36 GB/s on GVNO3 and 1.26 GB/s on NoGVNO3', () => {
    // The first <Result> of the GVNO3 file with the <Entry> of ManuelJBrito/Phoronix-results'
    // test-results-NoGVNO3/res-simdjson-201/composite.xml (lines 30-35, commit 9dc2c6e3) added to its <Data>.
    const lines = pts().split('\n');
    const noGvno3 = ['      <Entry>', '        <Identifier>NoGVNO3</Identifier>', '        <Value>1.26</Value>', '        <RawString>1.26:1.26:1.26</RawString>', '      </Entry>'];
    const merged = [...lines.slice(0, 35), ...noGvno3, ...lines.slice(35)].join('\n');
    const rows = parser.parse(merged).tables.measurements.rows.filter((r) => r.benchmark === 'simdjson: Throughput Test: PartialTweets');
    assert.deepEqual(
      rows.map((r) => [r.line, r.value, r.unit, r.conditions.system]),
      [
        [32, 1.36, 'GB/s', 'GVNO3'],
        [38, 1.26, 'GB/s', 'NoGVNO3'],
      ],
    );
  });

  test('elements are objects, attributes keys, repeated elements arrays, text values, each value at its line', async () => {
    const { readXml } = await import('../shared/xml.mjs');
    const doc = readXml('<?xml version="1.0"?>\n<run name="a">\n  <case id="1"><ms>1.5</ms></case>\n  <case id="2">\n    <ms>2</ms>\n  </case>\n</run>\n');
    assert.deepEqual(doc.value, { name: 'a', case: [{ id: 1, ms: 1.5 }, { id: 2, ms: 2 }] });
    assert.equal(doc.lineOf(['case', 1, 'ms']), 5);
    assert.equal(doc.lineOf(['case', 0, 'id']), 3);
    assert.equal(doc.lastLine, 7);
  });

  test('XML cut off is refused at its line, with what was expected', async () => {
    const { readXml } = await import('../shared/xml.mjs');
    rejectsAt(readXml, '<run>\n  <case>\n    <ms>1.5</ms>\n', 4, 'the closing tag </case>', /end of the file/);
    rejectsAt(readXml, '<run>\n  <case>\n  </run>\n', 3, 'the closing tag </case>', '"</run>"');
    rejectsAt(readXml, `<a>\n${'<a>'.repeat(200)}`, 2, 'elements nested at most 100 deep');
  });
});
