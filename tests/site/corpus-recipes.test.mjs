// Issue 39: a corpus file the generic readers misread reads right with a correction of at most 15
// recipe lines kept beside it (<file>.recipe.yaml, the recipe language of CONTRIBUTING.md): each
// recipe is checked as metadata is, read with the recipe reader, and must give every headline row of
// the file's golden (value and unit at the golden's line, metric, statistic, benchmark, conditions).
// Pure reading, no add-report: the corpus test (corpus.test.mjs) tries the same files as a contributor.
// A golden's "values" is how many measured values the right reading of the file gives: no more are read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, corpusFiles, goldenOf, recipeOf } from '../../scripts/bench/real-files.mjs';
import { readYaml } from '../../scripts/data/yaml-input.mjs';
import { parse, recipeProblems } from '../../scripts/data/parsers/recipe/parse.mjs';
import { matches } from '../helpers/corpus.mjs';

const MAX_LINES = 15;
const withRecipe = corpusFiles().filter((f) => recipeOf(f.file));

test('the corpus keeps recipes beside some files', () => {
  assert.ok(withRecipe.length > 0, 'no <file>.recipe.yaml in tests/fixtures/corpus');
});

for (const f of withRecipe) {
  test(`${f.file} reads right with the recipe kept beside it`, () => {
    const text = fs.readFileSync(recipeOf(f.file), 'utf8');
    const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
    assert.ok(lines.length <= MAX_LINES, `${lines.length} recipe lines, at most ${MAX_LINES}`);
    const { recipe } = readYaml(text).value;
    assert.deepEqual(recipeProblems(recipe), []);
    const parsed = parse(fs.readFileSync(path.join(CORPUS, f.file), 'utf8'), { recipe, formats: ['recipe'] });
    // Rows as the measurements CSV has them: every field a string, each condition a column.
    const rows = Object.values(parsed.tables).flatMap((t) =>
      t.rows.map(({ conditions, ...r }) => ({
        ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v ?? '')])),
        ...Object.fromEntries(Object.entries(conditions ?? {}).map(([k, v]) => [k, String(v)])),
      })),
    );
    const conditionColumns = [
      ...new Set(Object.values(parsed.tables).flatMap((t) => t.rows.flatMap((r) => Object.keys(r.conditions ?? {})))),
    ];
    for (const g of goldenOf(f.file).rows) {
      const found = rows.filter((row) => matches(g, row, conditionColumns));
      assert.equal(
        found.length,
        1,
        `one row at line ${g.line} for ${g.benchmark} ${g.metric} ${g.statistic} ${JSON.stringify(g.conditions)}`,
      );
      assert.equal(Number(found[0].value), g.value, `line ${g.line}: ${g.text}`);
      assert.equal(found[0].unit, g.unit, `line ${g.line}: ${g.text}`);
    }
  });
  // A golden's "values": how many measured values the right reading gives (its page's "N measured values
  // read from it"): no line of prose, settings, dates or checks read as one more.
  const { values } = goldenOf(f.file);
  if (values !== undefined)
    test(`${f.file}: its page counts the ${values} values the file measures, no prose, settings or check line read as one`, () => {
      const { recipe } = readYaml(fs.readFileSync(recipeOf(f.file), 'utf8')).value;
      const parsed = parse(fs.readFileSync(path.join(CORPUS, f.file), 'utf8'), { recipe, formats: ['recipe'] });
      const read = Object.values(parsed.tables).flatMap((t) =>
        t.rows.map((r) => `${r.line}: ${r.benchmark} ${r.value}`),
      );
      assert.equal(read.length, values, read.join('\n'));
    });
}

test("DaiZhiyuan's LINPACK README, read with its recipe, gives HPL's 5 result rows, not its parameter list (N 35, NB 4) nor the year its runs ended (2020) as GFLOP/s", () => {
  const file = 'linpack/daizhiyuan-linpack-readme.md';
  const { recipe } = readYaml(fs.readFileSync(recipeOf(file), 'utf8')).value;
  const parsed = parse(fs.readFileSync(path.join(CORPUS, file), 'utf8'), { recipe, formats: ['recipe'] });
  const rows = Object.values(parsed.tables).flatMap((t) => t.rows);
  assert.deepEqual(
    rows.map((r) => [r.line, r.benchmark, r.value]),
    [
      [136, 'WR00L2L2', 0.006857],
      [146, 'WR00L2L4', 0.007169],
      [156, 'WR00L2C2', 0.007179],
      [170, 'WR00R2R2', 0.02637],
      [180, 'WR00R2R4', 0.02512],
    ],
  );
});
