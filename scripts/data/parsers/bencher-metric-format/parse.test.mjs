// Tests of the Bencher Metric Format adapter: golden fixtures (Bencher's own BMF test files: built-in
// latency, and custom DHAT measures) and bad input, each an InputError at its line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine, sampleLines } from '../../../../tests/helpers/golden.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);
const sample = fs.readFileSync(path.join(here, 'fixtures/bencher-report-bmf-mixed.json'), 'utf8');
const { lines, lineOf } = sampleLines(sample);

describe('bad input', () => {
  test('no BMF', () => rejects('{"benchmarks": []}\n', 0, /^Bencher Metric Format JSON/, 'none'));

  test('a file cut off', () => {
    const n = lineOf(/"value": 3443.0/);
    rejects(lines.slice(0, n).join('\n'), n, 'a JSON key in double quotes', /cut off/);
  });

  test('a value with a unit written into it', () => {
    const n = lineOf(/"value": 3443.0/);
    rejects(withLine(sample, n, '            "value": "3443.0 ns",'), n, 'a number for value of benchmark-b / latency', '"\\"3443.0 ns\\""');
  });

  test('a bound that is not a number', () => {
    const n = lineOf(/"upper_value": 2275.0/);
    rejects(withLine(sample, n, '            "upper_value": null'), n, 'a number for upper_value of benchmark-b / latency', '"null"');
  });
});

describe('reading', () => {
  test('built-in measures take Bencher’s units; a BMF block inside a Markdown report', () => {
    const doc = { parse: { throughput: { value: 1500.5 }, 'file-size': { value: 2048 }, 'Build Time': { value: 12.5, lower_value: 12, upper_value: 13 } } };
    const text = `# Nightly\n\n\`\`\`json\n${JSON.stringify(doc, null, 2)}\n\`\`\`\n`;
    const r = parser.parse(text);
    assert.deepEqual(
      r.tables.measurements.rows.map((x) => [x.metric, x.value, x.unit, x.lower, x.upper]),
      [
        ['throughput', 1500.5, 'ops/s', null, null],
        ['file_size', 2048, 'B', null, null],
        ['build_time', 12.5, 's', 12, 13],
      ],
    );
    assert.equal(r.tables.measurements.rows[0].line, 7);
    assert.deepEqual(r.notes, []);
    assert.equal(parser.detect('{"metrics": {"throughput": {"value": 1, "unit": "req/s"}}}'), false);
  });
});
