// A platform add-report drafts (its kind still "TODO: physical server, cloud instance or desktop")
// reads as a sentence on its page: "Used by 1 report: ...", never "A , used by 1 report" (issue 40),
// and a machine whose role the report does not state gets no role: never "Role of this machine: the
// machine".
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, addReportArgs, goldenOf } from '../../scripts/bench/real-files.mjs';
import { elements, parseHtml, textOf } from '../../scripts/check/html.mjs';
import { removeTempSite, siteWithReport } from '../helpers/temp-repo.mjs';

const roots = [];
after(() => roots.forEach(removeTempSite));

const file = 'go-test-bench/bencher-go-five.txt';
let built;
/** The site with the file added (built once for the tests below): its root and the report's first platform. */
function site() {
  built ??= siteWithReport('draft-platform', addReportArgs(file, undefined, path.join(CORPUS, file)), {
    buildTimeout: 540_000,
  }).then(({ root }) => {
    roots.push(root);
    const report = JSON.parse(fs.readFileSync(path.join(root, 'data/reports', `${goldenOf(file).slug}.json`), 'utf8'));
    return { root, platform: report.platforms[0] };
  });
  return built;
}
const page = (root, ...parts) => parseHtml(fs.readFileSync(path.join(root, 'public', ...parts, 'index.html'), 'utf8'));
const said = (el) => textOf(el).replace(/\s+/g, ' ').trim();

test(
  'a drafted platform of no stated kind says "Used by 1 report", not "A , used by 1 report"',
  { timeout: 600_000 },
  async () => {
    const { root, platform } = await site();
    assert.ok(platform, 'add-report drafted a platform');
    const lede = [...elements(page(root, 'platforms', platform.id))].find(
      (e) => e.tagName === 'p' && e.attrs.some((a) => a.value === 'lede'),
    );
    assert.match(said(lede), /^Used by 1 report: /, said(lede));
  },
);

test(
  'a machine whose role the report does not state: its platform page, the platforms list and the report page say no role, never "Role of this machine: the machine"',
  { timeout: 600_000 },
  async () => {
    const { root, platform } = await site();
    assert.ok(platform, 'add-report drafted a platform');
    const texts = [
      page(root, 'platforms', platform.id),
      page(root, 'platforms'),
      page(root, 'reports', goldenOf(file).slug),
    ].map((doc) => said([...elements(doc)].find((e) => e.tagName === 'main') ?? doc));
    for (const text of texts) {
      assert.doesNotMatch(text, /Role of this machine/, text.slice(0, 400));
      assert.doesNotMatch(text, /\(the machine\)|: the machine\b/, text.slice(0, 400));
    }
    assert.match(texts[0], /Run \S+\. Full report, tables and downloads\./);
  },
);
