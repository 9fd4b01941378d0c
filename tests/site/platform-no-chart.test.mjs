// A platform page says what it knows of a report's charts: a report whose numbers the chart stage
// did not draw (DaiZhiyuan's LINPACK README: its one chart is "not drawn") still has measured
// numbers, so its platform page never says "No measured numbers to chart"; nor that the report lists
// no software versions, where it states HPLinpack 2.1 and the site read none (issue 40).
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
  'the LINPACK README\'s platform page, whose report has 25 measured values and no chart drawn, does not say "No measured numbers to chart"',
  { timeout: 600_000 },
  async () => {
    const file = 'linpack/daizhiyuan-linpack-readme.md';
    const { root } = await siteWithReport(
      'platform-no-chart',
      addReportArgs(file, undefined, path.join(CORPUS, file)),
      {
        buildTimeout: 540_000,
      },
    );
    roots.push(root);
    const slug = goldenOf(file).slug;
    const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${slug}.json`), 'utf8'));
    assert.ok(report.measured_rows > 0, 'the report has measured values');
    const [platform] = report.platforms;
    const html = fs.readFileSync(path.join(root, 'public/platforms', platform.id, 'index.html'), 'utf8');
    const section = [...elements(parseHtml(html))].find(
      (e) => e.tagName === 'section' && e.attrs.some((a) => a.value === 'platform-report'),
    );
    const text = textOf(section).replace(/\s+/g, ' ');
    assert.doesNotMatch(text, /No measured numbers to chart/, text);
    assert.match(text, /No chart of this report: its numbers are in its tables\./, text);
    // It states its tool's version ("HPLinpack 2.1", line 91), which no reader takes: the page says what it read.
    assert.doesNotMatch(text, /The report lists no software versions/, text);
    assert.match(text, /No software version was read from the report\./, text);
  },
);
