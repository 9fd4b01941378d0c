// The subjects page claims only the software the atlas knows by name (issue 40): a report that
// measures software the registry does not name (prototype-db's README: redis-server and protodb1,
// each benchmarked under redis-benchmark) has no subject page for it, so the page never says it
// lists "every piece of software the reports measured".
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
  "with prototype-db's README added, whose redis-server has no subject page, the subjects page does not say it lists every piece of software the reports measured",
  { timeout: 600_000 },
  async () => {
    const file = 'redis-benchmark/prototype-db-benchmark.md';
    const { root } = await siteWithReport(
      'subjects-registry',
      addReportArgs(file, undefined, path.join(CORPUS, file)),
      {
        buildTimeout: 540_000,
      },
    );
    roots.push(root);
    const slug = goldenOf(file).slug;
    const measured = fs.readFileSync(path.join(root, 'data/tables', slug, 'measurements.csv'), 'utf8');
    assert.match(measured, /redis-server/, 'the report measures redis-server');
    assert.ok(!fs.existsSync(path.join(root, 'public/subjects/redis-server')), 'redis-server has no subject page');
    const html = fs.readFileSync(path.join(root, 'public/subjects/index.html'), 'utf8');
    const lede = [...elements(parseHtml(html))].find(
      (e) => e.tagName === 'p' && e.attrs.some((a) => a.value === 'lede'),
    );
    const text = textOf(lede).replace(/\s+/g, ' ');
    assert.doesNotMatch(text, /Every piece of software the reports measured/, text);
    assert.match(text, /the atlas knows by name/, text);
  },
);
