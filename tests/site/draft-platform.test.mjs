// A platform add-report drafts (its kind still "TODO: physical server, cloud instance or desktop")
// reads as a sentence on its page: "Used by 1 report: ...", never "A , used by 1 report" (issue 40).
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
  'a drafted platform of no stated kind says "Used by 1 report", not "A , used by 1 report"',
  { timeout: 600_000 },
  async () => {
    const file = 'go-test-bench/bencher-go-five.txt';
    const { root } = await siteWithReport('draft-platform', addReportArgs(file, undefined, path.join(CORPUS, file)), {
      buildTimeout: 540_000,
    });
    roots.push(root);
    const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${goldenOf(file).slug}.json`), 'utf8'));
    const [platform] = report.platforms;
    assert.ok(platform, 'add-report drafted a platform');
    const html = fs.readFileSync(path.join(root, 'public/platforms', platform.id, 'index.html'), 'utf8');
    const lede = [...elements(parseHtml(html))].find(
      (e) => e.tagName === 'p' && e.attrs.some((a) => a.value === 'lede'),
    );
    const text = textOf(lede).replace(/\s+/g, ' ').trim();
    assert.match(text, /^Used by 1 report: /, text);
  },
);
