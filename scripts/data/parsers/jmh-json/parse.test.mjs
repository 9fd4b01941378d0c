// Tests of the JMH JSON adapter: golden fixtures (real -rf json files, README.md says where from),
// bad input (each one InputError at its line), and the parts the fixtures lack (params, secondary
// metrics, sample mode's histogram, "NaN"), on edited copies of a fixture.
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

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const blog = fixture('blog-jmh-stream-vs-loop.json');
const demo = fixture('jmh-demo-threads.json');
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;
const rowsOf = (text) => parser.parse(text).tables.measurements.rows;

describe('bad input', () => {
  test('a file cut off in the middle of a result', () => {
    const lines = blog.split('\n');
    rejects(lines.slice(0, 40).join('\n'), 40, /^a JSON value|^"," or "}"|^a member name|^a JSON key in double quotes/, /cut off/);
  });

  test('an unknown unit', () => {
    const n = lineOf(demo, /"scoreUnit" : "us\/op"/);
    rejects(demo.replace('"us/op"', '"us/call"'), n, /^a unit JMH prints/, '"us/call"');
  });

  test('an unknown mode', () => {
    const n = lineOf(demo, /"mode" : "avgt"/);
    rejects(demo.replace('"mode" : "avgt"', '"mode" : "average"'), n, 'a JMH mode (thrpt, avgt, sample, ss)', '"average"');
  });

  test('a number with more digits than a JavaScript number holds', () => {
    const n = lineOf(demo, /"score" : 22.931155043669282/);
    rejects(demo.replace('22.931155043669282', '22.9311550436692820001'), n, /^a number a JavaScript number holds exactly/, '"22.9311550436692820001"');
  });

  test('a score that is not a number', () => {
    const n = lineOf(demo, /"score" : 22.931155043669282/);
    rejects(demo.replace('22.931155043669282', '"fast"'), n, 'a score (a number)', /fast/);
  });

  test('a result without its primary metric', () => {
    rejects(demo.replace('"primaryMetric"', '"primary"').replace('"benchmark" :', '"benchmark" :'), 0, /^JMH JSON results/, 'none');
  });
});

describe('what the fixtures lack', () => {
  test('"NaN" error and confidence (one fork, two iterations): no spread', () => {
    const text = demo
      .replace('"scoreError" : 10.128641496406537', '"scoreError" : "NaN"')
      .replace(/"scoreConfidence" : \[\s*12.802513547262745,\s*33.05979654007582\s*\]/, '"scoreConfidence" : [\n                "NaN",\n                "NaN"\n            ]');
    const [mean] = rowsOf(text);
    assert.deepEqual([mean.value, mean.spread_kind, mean.spread, mean.lower, mean.upper], [22.931155043669282, '', null, null, null]);
  });

  test('params, a GC profiler metric and sample mode\'s histogram', () => {
    const text = demo
      .replace('"measurementBatchSize" : 1,', '"measurementBatchSize" : 1,\n        "params" : {\n            "nThreads" : "2",\n            "size" : "1000000"\n        },')
      .replace('"mode" : "avgt"', '"mode" : "sample"')
      .replace(/"rawData" : \[[^\]]*\]\s*\]/, '"rawDataHistogram" : [\n                [\n                    [\n                        [21.5, 3],\n                        [27.6, 2]\n                    ]\n                ]\n            ]')
      .replace(
        '"secondaryMetrics" : {\n        }',
        '"secondaryMetrics" : {\n            "·gc.alloc.rate.norm" : {\n                "score" : 32.0,\n                "scoreError" : 0.001,\n                "scoreConfidence" : [\n                    31.999,\n                    32.001\n                ],\n                "scorePercentiles" : {\n                    "0.0" : 32.0\n                },\n                "scoreUnit" : "B/op",\n                "rawData" : [\n                    [\n                        32.0\n                    ]\n                ]\n            }\n        }',
      );
    const rows = rowsOf(text);
    assert.deepEqual(rows[0].conditions, { mode: 'sample', threads: 3, forks: 1, n_threads: 2, size: 1000000 });
    assert.equal(rows[0].runs, 5);
    const gc = rows.find((r) => r.metric === 'gc_alloc_rate_norm');
    assert.deepEqual(
      [gc.statistic, gc.value, gc.unit, gc.spread, gc.lower, gc.upper, gc.runs, gc.better, gc.line],
      ['value', 32, 'B/op', 0.001, 31.999, 32.001, 1, '', lineOf(text, /"score" : 32.0/)],
    );
    assert.equal(rows.filter((r) => r.metric === 'gc_alloc_rate_norm').length, 1, 'no percentiles of a secondary metric');
  });

  test('JSON in a fenced block of a Markdown report: the same rows, at their lines', () => {
    const md = `# Results\n\nRun with -rf json:\n\n\`\`\`json\n${demo}\`\`\`\n\nThe end.\n`;
    assert.ok(parser.detect(md));
    const r = parser.parse(md);
    assert.deepEqual(
      r.tables.measurements.rows,
      rowsOf(demo).map((row) => ({ ...row, line: row.line + 5 })),
    );
    assert.deepEqual(r.spans, [[6, 60]]);
  });

  test('JMH and the JVM as the software', () => {
    assert.deepEqual(parser.parse(blog).software, [
      { text: 'JMH 1.37', name: 'JMH', version: '1.37', line: 3 },
      { text: 'OpenJDK 64-Bit Server VM 17.0.7+7-LTS (JDK 17.0.7)', name: 'OpenJDK 64-Bit Server VM', version: '17.0.7', line: 14 },
    ]);
  });
});

describe('the metric of a score', () => {
  test('a score in s/op is a time per operation, lower is better, even where the mode says thrpt (Bencher latency.json)', () => {
    const rows = rowsOf(fixture('bencher-jmh-latency.json'));
    const mean = rows.find((r) => r.statistic === 'mean');
    assert.equal(mean.metric, 'time');
    assert.equal(mean.unit, 's');
    assert.equal(mean.better, 'lower');
    assert.equal(mean.value, 3.3762388731228185e9);
    assert.deepEqual([...new Set(rows.map((r) => r.metric))], ['time']);
  });

  test('an avgt score is a time, and a thrpt score in ops/s a throughput', () => {
    const avgt = rowsOf(demo).find((r) => r.statistic === 'mean');
    assert.deepEqual([avgt.metric, avgt.better, avgt.unit], ['time', 'lower', 'us']);
    const thrpt = rowsOf(demo.replace('"mode" : "avgt"', '"mode" : "thrpt"').replace('"us/op"', '"ops/s"')).find((r) => r.statistic === 'mean');
    assert.deepEqual([thrpt.metric, thrpt.better, thrpt.unit], ['throughput', 'higher', 'ops/s']);
  });
});
