// A platform page says what it knows of each report's charts: a report whose numbers no chart draws
// still has measured numbers, so the page of the machine it ran on never says "No measured numbers
// to chart" of it (issue 40; DaiZhiyuan's LINPACK README said it of its 25 values read, when its one
// chart was not drawn). Here the same README, read by a contributor's recipe that takes one result
// row (a single value: no chart), on the platform the README states.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, addReportArgs, goldenOf } from '../../scripts/bench/real-files.mjs';
import { elements, parseHtml, textOf } from '../../scripts/check/html.mjs';
import { removeTempSite, siteWithReport } from '../helpers/temp-repo.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

test(
  'the platform page of a report with a measured value and no chart (the LINPACK README, one row read) says it is in its tables, not "No measured numbers to chart"',
  { timeout: 600_000 },
  async () => {
    const file = 'linpack/daizhiyuan-linpack-readme.md';
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'platform-no-chart-'));
    const recipe = path.join(dir, 'one-row.recipe.yaml');
    fs.writeFileSync(
      recipe,
      "recipe:\n  - { line: '{name} {n} {nb} {p} {q} {#} {value}', lines: 136, metric: throughput, statistic: value, unit: GFLOP/s }\n",
    );
    const args = addReportArgs(file, undefined, path.join(CORPUS, file)).filter(
      (a, i, all) => a !== '--recipe' && all[i - 1] !== '--recipe',
    );
    try {
      const { root } = await siteWithReport('platform-no-chart', [...args, '--recipe', recipe], {
        buildTimeout: 540_000,
      });
      roots.push(root);
      const slug = goldenOf(file).slug;
      const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${slug}.json`), 'utf8'));
      assert.equal(report.measured_rows, 1, 'the report has one measured value');
      const index = JSON.parse(fs.readFileSync(path.join(root, 'build/charts/data/charts.json'), 'utf8'));
      assert.deepEqual(index.reports[slug] ?? [], [], 'no chart of it');
      const html = fs.readFileSync(path.join(root, 'public/platforms', report.platforms[0].id, 'index.html'), 'utf8');
      const section = [...elements(parseHtml(html))].find(
        (e) => e.tagName === 'section' && e.attrs.some((a) => a.name === 'aria-labelledby' && a.value === `r-${slug}`),
      );
      const text = textOf(section).replace(/\s+/g, ' ');
      assert.doesNotMatch(text, /No measured numbers to chart/, text);
      assert.match(text, /No chart is drawn from this report's numbers; every one of them is in its tables\./, text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
