// Tests of recipes: the two worked examples of CONTRIBUTING.md ("Recipes"), each a real file that the
// adapter-less read (the key-value reader) gets wrong and its recipe gets right, and recipes refused at
// their line of the metadata (a statistic not in the vocabulary, a unit the atlas does not know, a
// sample line without {value}, format: recipe without a recipe).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import * as keyValue from '../key-value/parse.mjs';
import { readYaml } from '../../yaml-input.mjs';
import { ROOT } from '../../../lib/paths.mjs';
import { InputError } from '../../../lib/errors.mjs';
import { loadEnv, readInputs } from '../../inputs.mjs';
import { readMeta, readPlatforms } from '../../meta.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (name) => fs.readFileSync(path.join(here, '../key-value/fixtures', name), 'utf8');
const recipeOf = (name) => readYaml(fs.readFileSync(path.join(here, 'fixtures', name), 'utf8')).value;
const at = (rows, line) => rows.filter((r) => r.line === line).map((r) => [r.metric, r.statistic, r.value, r.unit]);

describe('worked examples', () => {
  test('ghz summary with units dropped: the key-value read leaves out Slowest and Average of the first run, the recipe reads them in seconds', () => {
    const text = seed('weebi-ghz.md');
    const plain = keyValue.parse(text).tables.measurements.rows;
    assert.deepEqual([...at(plain, 14), ...at(plain, 16)], []);
    const rows = parser.parse(text, recipeOf('weebi-ghz.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 14), [['latency', 'max', 3.915, 's']]);
    assert.deepEqual(at(rows, 16), [['latency', 'mean', 3.515, 's']]);
    assert.deepEqual(at(rows, 45), [['latency', 'p99', 4.14, 's']]);
    assert.deepEqual(
      [...new Set(rows.map((r) => r.benchmark))],
      ['2025 april 10', '2025 april 11 - after db pool different network'],
      'each run is named by its heading',
    );
  });

  test('sysbench per-interval lines: the key-value read leaves the run over time out, the recipe reads tps and p95 per interval', () => {
    const text = seed('mariadb-sysbench-ro-16-excerpt.res');
    assert.deepEqual(keyValue.parse(text).tables.measurements.rows.filter((r) => r.line <= 13), []);
    const rows = parser.parse(text, recipeOf('mariadb-sysbench-ro-16-excerpt.recipe.yaml')).tables.measurements.rows;
    assert.deepEqual(at(rows, 13), [
      ['throughput', 'mean', 8321.2, 'ops/s'],
      ['latency', 'p95', 2.24, 'ms'],
    ]);
    assert.deepEqual(rows[0].conditions, { time_s: 5, threads: 16 });
    assert.ok(rows.every((r) => r.benchmark === 'sysbench OLTP read-only'));
  });

  test('a line the recipe gives no unit for, and that writes none, is refused at its seed line', () => {
    const recipe = [{ line: 'Slowest: {value}', metric: 'latency', statistic: 'max' }];
    assert.throws(
      () => parser.parse(seed('weebi-ghz.md'), { recipe }),
      (e) => e instanceof InputError && e.line === 14 && /a unit after the value/.test(e.expected),
    );
  });
});

describe('recipes refused at their line of the metadata', () => {
  const env = loadEnv();
  const inputs = readInputs(ROOT);
  const ctx = { ...env, platforms: readPlatforms(inputs.platformsText, inputs.platformsPath) };
  const report = inputs.reports[0];
  const withRecipe = (yaml) => ({
    ...report,
    metaText: `${report.metaText.replace(/^format:.*$/m, 'format: recipe').replace(/\n*$/, '\n')}${yaml}`,
  });
  const refusedAt = (input, re, message) =>
    assert.throws(
      () => readMeta(input, ctx),
      (e) => {
        const line = input.metaText.split('\n').findIndex((l) => re.test(l)) + 1;
        assert.ok(e instanceof InputError, e.stack);
        assert.equal(e.format().split(':').slice(0, 2).join(':'), `${input.metaPath}:${line}`);
        assert.match(e.message, message);
        return true;
      },
    );

  test('a statistic not in the vocabulary', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    statistic: average\n'), /statistic: average/, /expected a statistic \(value, mean/));
  test('a unit the atlas does not know', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    unit: fortnights\n'), /unit: fortnights/, /expected a unit the atlas knows/));
  test('a sample line without {value}', () =>
    refusedAt(withRecipe('recipe:\n  - line: "Average: 3.5"\n    metric: latency\n'), /line: "Average: 3.5"/, /value/));
  test('format: recipe without a recipe', () => refusedAt(withRecipe(''), /^format: recipe/, /expected a "recipe:" list/));
  test('a good recipe passes', () => assert.ok(readMeta(withRecipe('recipe:\n  - line: "Average: {value}"\n    metric: latency\n    statistic: p99.9\n    unit: ms\n'), ctx).recipe));
});
