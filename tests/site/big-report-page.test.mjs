// The page of a big report (issue 42): a CloudI results file of 6,000 rows (scripts/bench/corpus.mjs,
// synthesizeBigReport, as the bench's rows part makes its 100,000), built alone. A chart of more
// points than it can show legibly is not drawn and says where its rows are; a table of more rows
// than a page holds shows the first 2,000 and says so; the downloads hold every row.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { readInputs } from '../../scripts/data/inputs.mjs';
import { synthesizeBigReport, writeCorpus } from '../../scripts/bench/corpus.mjs';
import { csvRecords } from '../helpers/site.mjs';
import { tempSite, removeTempSite, run } from '../helpers/temp-repo.mjs';

const ROWS = 6000;
const roots = [];
after(() => roots.forEach(removeTempSite));

/** The text a reader sees of an HTML fragment. */
const shown = (html) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test(
  'a report of 6,000 rows: its page shows the first 2,000 and says so, its charts of more than 5,000 points say the CSV holds every row, and the CSV has all 6,000',
  { timeout: 600_000 },
  async () => {
    const root = tempSite('big-report-page');
    roots.push(root);
    const big = synthesizeBigReport(readInputs(ROOT).reports, ROWS);
    writeCorpus(root, ROOT, [big]);
    const b = await run(root, 'scripts/build.mjs', [], { timeout: 540_000 });
    assert.equal(b.code, 0, `build:\n${b.stdout}\n${b.stderr}`);
    const html = fs.readFileSync(path.join(root, 'public/reports', big.slug, 'index.html'), 'utf8');

    // # The table: the first 2,000 rows on the page, and the sentence that says so.
    const table =
      /<table[^>]*>[^]*?<caption[^>]*id="table-request-rate-caption">([^<]*)<\/caption>([^]*?)<\/table>/.exec(html);
    assert.ok(table, 'the request-rate table is on the page');
    assert.equal(table[1], 'Maximum stable request rate: 6,000 rows, the first 2,000 shown');
    assert.equal(table[2].match(/<tr[\s>]/g).length, 2001, 'a header row and 2,000 rows');
    assert.match(
      shown(html),
      /6,000 rows \(the first 2,000 of 6,000 are below, in the report's order: sorting and filtering here apply to them; the downloads hold every row\)/,
    );

    // # The chart of 6,000 points: not drawn, and where its rows are, truly.
    const notDrawn = [...html.matchAll(/<p class="not-drawn"[^>]*>([^]*?)<\/p>/g)].map((m) => shown(m[1]));
    assert.ok(notDrawn.length >= 1, html.slice(0, 200));
    assert.equal(
      notDrawn[0],
      'Maximum stable request rate by senders x receivers: not drawn. Its 6,000 points are more than a chart can show legibly (the chart stage draws at most 5,000); the table shows its first 2,000 rows; its CSV holds all 6,000.',
    );

    // # The download: every row.
    const csv = fs.readFileSync(path.join(root, 'public/data', big.slug, 'request-rate.csv'), 'utf8');
    assert.equal(csvRecords(csv).length, ROWS);
  },
);
