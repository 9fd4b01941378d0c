// The charts of every report, live: each draws one mark per row it plots (counted from the plotted
// rows it publishes, and for four charts independently from the tidy tables in data/), shows a
// point's values and source line on hover, and has an accessible name and description.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import {
  PUBLIC,
  chartIndex,
  chartsOf,
  csvRecords,
  numberForms,
  reports,
  tableRows,
  watchProblems,
  makeChartsLive,
  expectLive,
} from '../helpers/site.mjs';
import { chartTextProblems } from '../helpers/reader.mjs';

const index = chartIndex();
const withCharts = reports().filter((r) => chartsOf(r.slug, index).length);

/** The chart of a report drawn from a table (and, when a table has several charts, whose name matches). */
function chartOf(slug, table, name = /./) {
  const found = chartsOf(slug, index).filter((c) => c.table === table && name.test(c.name));
  if (found.length !== 1)
    throw new Error(
      `expected one chart of ${slug} from table ${table} named ${name}, found ${found.map((c) => c.id).join(', ') || 'none'}`,
    );
  return found[0];
}

/** The live chart's SVG inside a figure. */
const liveSvg = (fig) => fig.locator('.chart-frame > svg, .chart-frame svg.marks').first();

for (const rep of withCharts) {
  test(`${rep.title}: every chart draws one mark per plotted row, and hovering one shows its values and source line`, async ({
    page,
    request,
  }) => {
    const charts = chartsOf(rep.slug, index);
    test.setTimeout(30_000 + charts.length * 10_000);
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/reports/${rep.slug}/`);
    expect(await makeChartsLive(page), 'charts on the page').toBe(charts.length);

    for (const chart of charts) {
      await test.step(chart.title, async () => {
        const fig = page.getByRole('figure', { name: chart.title, exact: true });
        await expectLive(fig);

        // # Marks: as many as the plotted rows the chart publishes.
        const csv = await request.get(`/charts/${chart.id}.csv`);
        expect(csv.status()).toBe(200);
        const rows = csvRecords(await csv.text());
        expect(chart.marks, `charts.json marks of ${chart.id}`).toBe(rows.length);
        const marks = liveSvg(fig).locator(chart.marks_selector);
        await expect(marks, `marks of ${chart.id} (${chart.marks_selector})`).toHaveCount(rows.length);

        // # Name and description, on the figure and on the live SVG.
        await expect(fig).toHaveAccessibleName(chart.title);
        await expect(fig).toHaveAccessibleDescription(chart.description);
        // The description states the main finding: every number of it.
        const numbers = chart.finding.match(/\d[\d,.]*\d|\d/g) ?? [];
        expect(
          numbers.filter((n) => !chart.description.includes(n)),
          `numbers of the finding "${chart.finding}" missing from the description`,
        ).toEqual([]);
        await expect(liveSvg(fig)).toHaveAttribute('role', 'img');
        await expect(liveSvg(fig)).toHaveAccessibleName(chart.title);

        // # Hover: a mark that is not covered by another, at its centre.
        await fig.scrollIntoViewIfNeeded();
        const target = await marks.evaluateAll((els) => {
          // The centre first, then points nearer the edges (a label may sit on a cell's centre).
          const at = [
            [0.5, 0.5],
            [0.5, 0.2],
            [0.5, 0.8],
            [0.2, 0.5],
            [0.8, 0.5],
            [0.15, 0.15],
            [0.85, 0.85],
          ];
          for (const [i, el] of els.entries()) {
            const r = el.getBoundingClientRect();
            for (const [fx, fy] of at) {
              const x = r.left + r.width * fx;
              const y = r.top + r.height * fy;
              if (r.width > 0 && y > 0 && y < innerHeight && document.elementFromPoint(x, y) === el)
                return { i, x, y, label: el.getAttribute('aria-label') };
            }
          }
          return null;
        });
        expect(target, `a mark of ${chart.id} that the pointer can reach`).not.toBeNull();
        await page.mouse.move(target.x, target.y);
        const tip = page.locator('#vg-tooltip-element.visible');
        await expect(tip).toBeVisible();
        const tipText = (await tip.innerText()).replace(/\s+/g, ' ');
        // Every "Line ...: n" the tooltip shows (a row compared across runs has one per run).
        const lines = [...tipText.matchAll(/\bLine\b[^:\d]*:?\s*(\d[\d,]*)/g)].map((m) => m[1].replace(/,/g, ''));
        expect(lines.length, `the tooltip of ${chart.id} names the source line: ${tipText}`).toBeGreaterThan(0);
        if (target.label) {
          for (const line of lines)
            expect(target.label, 'the hovered mark is the one the tooltip describes').toMatch(
              new RegExp(`\\bLine\\b[^:;]*: ${Number(line).toLocaleString('en-US')}(;|$)`),
            );
        }
        // Some plotted row at those lines has every one of its values in the tooltip.
        const lineCols = Object.keys(rows[0]).filter((k) => /^line(_|$)/.test(k));
        const candidates = rows.filter((r) => lines.every((l) => lineCols.some((k) => r[k] === l)));
        expect(candidates.length, `a plotted row of ${chart.id} at line ${lines.join(' and ')}`).toBeGreaterThan(0);
        const missing = candidates.map((r) =>
          Object.entries(r)
            .filter(([, v]) => v !== '' && !numberForms(v).some((f) => tipText.includes(f)))
            .map(([k, v]) => `${k}=${v}`),
        );
        expect(
          missing.find((m) => m.length === 0),
          `values of line ${lines.join(' and ')} missing from the tooltip "${tipText}": ${missing.map((m) => m.join(', ')).join(' | ')}`,
        ).toBeDefined();
        await page.mouse.move(0, 0);
        await expect(tip).toBeHidden();
      });
    }
    expect(problems).toEqual([]);
  });
}

// # Four charts counted from data/ alone: no chart file involved in the expected number.
const independent = [
  {
    what: 'the Darner resident memory chart plots every row of resident-memory.csv',
    slug: 'darner-vs-kestrel-ec2-m1-large',
    chart: () => chartOf('darner-vs-kestrel-ec2-m1-large', 'resident-memory'),
    expected: () => tableRows('darner-vs-kestrel-ec2-m1-large', 'resident-memory').length,
  },
  {
    what: 'the Darner queue flood chart plots every row of queue-flood.csv',
    slug: 'darner-vs-kestrel-ec2-m1-large',
    chart: () => chartOf('darner-vs-kestrel-ec2-m1-large', 'queue-flood'),
    expected: () => tableRows('darner-vs-kestrel-ec2-m1-large', 'queue-flood').length,
  },
  {
    what: 'the httpc requests/s against error % chart plots every configuration of its run in client-rate.csv',
    slug: 'httpc-bench-mojito-ec2-m5-4xlarge',
    chart: () => chartOf('httpc-bench-mojito-ec2-m5-4xlarge', 'client-rate', /error/),
    // The run it plots, as its description names it: "(run 2019-05-15)".
    expected: (chart) => {
      const runs = [...new Set(tableRows('httpc-bench-mojito-ec2-m5-4xlarge', 'client-rate').map((r) => r.run))];
      const run = runs.find((id) => chart.description.includes(`run ${id}`) || chart.title.includes(id));
      if (!run) throw new Error(`the chart names none of the runs ${runs.join(', ')}: ${chart.description}`);
      return tableRows('httpc-bench-mojito-ec2-m5-4xlarge', 'client-rate').filter((r) => r.run === run).length;
    },
  },
  {
    what: 'the CloudI 1.7.1 chart by receiver language plots every row of request-rate.csv',
    slug: 'cloudi-1.7.1-core-i7',
    chart: () => chartOf('cloudi-1.7.1-core-i7', 'request-rate'),
    expected: () => tableRows('cloudi-1.7.1-core-i7', 'request-rate').length,
  },
];

for (const c of independent) {
  test(c.what, async ({ page }) => {
    const chart = c.chart();
    const expected = c.expected(chart);
    await page.goto(`/reports/${c.slug}/`);
    const fig = page.getByRole('figure', { name: chart.title, exact: true });
    await fig.scrollIntoViewIfNeeded();
    await expectLive(fig);
    await expect(liveSvg(fig).locator(chart.marks_selector)).toHaveCount(expected);
  });
}

test('every chart writes its axis numbers in full, not as 1e+3', () => {
  // Read from the build-time SVGs: the live charts come from the same compiled specs.
  const bad = [];
  for (const chart of Object.values(index.charts)) {
    const svg = fs.readFileSync(path.join(PUBLIC, 'charts', `${chart.id}.svg`), 'utf8');
    for (const group of svg.matchAll(/<g class="mark-text role-axis-label"[\s\S]*?<\/g>/g)) {
      for (const [, text] of group[0].matchAll(/<text[^>]*>([^<]*)<\/text>/g))
        if (/\de[+-]?\d/.test(text)) bad.push(`${chart.id}: "${text}"`);
    }
  }
  expect(bad).toEqual([]);
});

// The drawings the build wrote, as a page inlines them (the live chart draws the same layouts from
// the same specs): with scripts off, so that none is swapped for its live twin while it is read.
test.describe('chart text on phones and desktops', () => {
  test.use({ javaScriptEnabled: false });
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark']) {
      test(`at ${width} px (${scheme}), every chart's axis and point labels are whole: inside the drawing and the screen, none over another`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const problems = [];
        for (const rep of withCharts) {
          await page.goto(`/reports/${rep.slug}/`);
          const found = await chartTextProblems(page);
          expect(found.drawings, `${rep.slug}: one drawing per chart`).toBe(chartsOf(rep.slug, index).length);
          problems.push(...found.problems.map((p) => `${rep.slug}: ${p}`));
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

test('at 375 px the narrow drawing is as wide as the chart frame allows', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const rep = withCharts[0];
  await page.goto(`/reports/${rep.slug}/`);
  const { svg, room } = await page
    .locator('.chart-frame')
    .first()
    .evaluate((frame) => {
      const s = getComputedStyle(frame);
      const room = frame.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      return { svg: frame.querySelector('svg.chart-narrow').getBoundingClientRect().width, room };
    });
  expect(svg, 'the narrow drawing fills its frame, not 288 px of it').toBeGreaterThanOrEqual(room - 2);
  expect(svg).toBeLessThanOrEqual(room + 0.5);
});
