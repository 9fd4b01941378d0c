// The Mojito httpc_bench report's error budget: the best-client chart ranks clients by their fastest
// configuration within "Maximum error %". At the default 1 % Buoy is not first; at 100 % it is, as
// client-rate.csv says. The limit lives in the URL. The reader decides: the slider changes the chart
// and the text that describes it, never the table below, which keeps every row until the reader
// uses its own filter.
import { test, expect } from '@playwright/test';
import { chartIndex, chartsOf, tableRows, expectLive } from '../helpers/site.mjs';

const SLUG = 'httpc-bench-mojito-ec2-m5-4xlarge';
const chart = chartsOf(SLUG, chartIndex()).find((c) => c.controls?.some((k) => k.name === 'max_error'));
const control = chart?.controls.find((k) => k.name === 'max_error');
const data = tableRows(SLUG, 'client-rate');

/** The run the chart plots, as its description names it ("(run 2019-05-15)"). */
function plottedRun() {
  const run = [...new Set(data.map((r) => r.run))].find((id) => chart.description.includes(`run ${id}`));
  if (!run) throw new Error(`${chart.id}: the description names no run of client-rate.csv`);
  return run;
}

/** Clients from fastest to slowest, each at its best configuration with at most `limit` % errors. */
function expectedRanking(limit) {
  const best = new Map();
  for (const r of data) {
    if (r.run !== plottedRun() || Number(r.error_pct) > limit) continue;
    best.set(r.client, Math.max(best.get(r.client) ?? -Infinity, Number(r.requests_per_second)));
  }
  return [...best].sort((a, b) => b[1] - a[1]).map(([client, rate]) => ({ client, rate }));
}

/** Rows of the whole table (both runs) with at most `limit` % errors. */
const rowsWithin = (limit) => data.filter((r) => Number(r.error_pct) <= limit).length;

/**
 * The bars as the reader sees them, top to bottom: the client named on the axis beside each bar,
 * the rate written at its end, and its length.
 */
async function bars(fig) {
  const clients = [...new Set(data.map((r) => r.client))];
  return fig
    .locator('.chart-frame svg:visible')
    .first()
    .evaluate(
      (svg, { clients, selector }) => {
        const mid = (el) => {
          const r = el.getBoundingClientRect();
          return r.top + r.height / 2;
        };
        const texts = [...svg.querySelectorAll('text')];
        const names = texts.filter((t) => clients.includes(t.textContent.trim())).sort((a, b) => mid(a) - mid(b));
        const rates = texts.filter((t) => /^[\d,]+ \(/.test(t.textContent.trim())).sort((a, b) => mid(a) - mid(b));
        const rects = [...svg.querySelectorAll(selector)].sort((a, b) => mid(a) - mid(b));
        return rects.map((rect, i) => ({
          client: names[i]?.textContent.trim(),
          rate: rates[i] ? Number(/^([\d,]+)/.exec(rates[i].textContent.trim())[1].replace(/,/g, '')) : null,
          width: rect.getBoundingClientRect().width,
          // The name and the rate sit on the bar's line.
          aligned:
            Boolean(names[i] && rates[i]) &&
            Math.abs(mid(names[i]) - mid(rect)) < 3 &&
            Math.abs(mid(rates[i]) - mid(rect)) < 3,
        }));
      },
      { clients, selector: chart.marks_selector },
    );
}

async function expectRanking(fig, limit) {
  const expected = expectedRanking(limit);
  await expect
    .poll(async () => (await bars(fig)).map((b) => b.client), { message: `clients top to bottom at ${limit} %` })
    .toEqual(expected.map((e) => e.client));
  const shown = await bars(fig);
  expect(
    shown.map((b) => b.rate),
    'the rate written at the end of each bar',
  ).toEqual(expected.map((e) => e.rate));
  expect(
    shown.every((b) => b.aligned),
    'each client name and rate on its bar',
  ).toBe(true);
  // The bars are drawn to scale: longest at the top, shorter below.
  const widths = shown.map((b) => b.width);
  expect(widths).toEqual([...widths].sort((a, b) => b - a));
}

function tableParts(page) {
  const table = page
    .locator('section.data-table')
    .filter({ has: page.getByRole('heading', { name: 'Requests per second by client and configuration' }) });
  return {
    limit: table.getByRole('group').getByRole('spinbutton', { name: 'Error % at most' }),
    count: table.getByRole('status'),
  };
}

test.beforeAll(() => {
  if (!chart) throw new Error(`${SLUG} has no chart with a max_error control in build/charts/data/charts.json`);
});

/** The chart's description, and the phrase in it that names the slider's setting. */
const budgetPhrase = (fig, limit) =>
  expect(fig.getByText(new RegExp(`among its configurations with at most ${limit} % errors`))).toBeVisible();

test('at the default 1 % error limit the best-client chart does not rank Buoy first, and the table shows every row', async ({
  page,
}) => {
  expect(control.default).toBe(1);
  expect(expectedRanking(1)[0].client, 'what the data says').not.toBe('Buoy');
  await page.goto(`/reports/${SLUG}/`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  await fig.scrollIntoViewIfNeeded();
  await expectLive(fig);
  await expect(fig.getByRole('slider', { name: /Maximum error/ })).toHaveValue('1');
  await expectRanking(fig, 1);
  expect((await bars(fig))[0].client).not.toBe('Buoy');
  await budgetPhrase(fig, 1);

  const { limit, count } = tableParts(page);
  await expect(limit).toHaveValue('');
  await expect(count).toHaveText(`${data.length} of ${data.length} rows shown`);
});

test('moving the error limit to 100 % puts Buoy first, the text follows it, the table keeps every row, and the URL keeps it', async ({
  page,
}) => {
  expect(expectedRanking(100)[0].client, 'what the data says').toBe('Buoy');
  await page.goto(`/reports/${SLUG}/`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  await fig.scrollIntoViewIfNeeded();
  await expectLive(fig);
  const { limit, count } = tableParts(page);
  await expect(count).toHaveText(`${data.length} of ${data.length} rows shown`);

  await fig.getByRole('slider', { name: /Maximum error/ }).fill('100');
  await expectRanking(fig, 100);
  await budgetPhrase(fig, 100);
  await expect(fig.getByText('among its configurations with at most 1 % errors')).toHaveCount(0);
  // The phrase that follows the slider is announced politely.
  await expect(fig.locator('[aria-live="polite"]').getByText('100 %', { exact: true })).toBeVisible();
  await expect(limit).toHaveValue('');
  await expect(count).toHaveText(`${data.length} of ${data.length} rows shown`);
  await expect(
    page
      .getByRole('table', { name: /Requests per second by client and configuration/ })
      .locator('tbody tr:not([hidden])'),
  ).toHaveCount(data.length);
  await expect(page).toHaveURL(/[?&]max_error=100(&|$)/);

  // The table's own filter, when the reader asks for it.
  await limit.fill('1');
  await expect(count).toHaveText(`${rowsWithin(1)} of ${data.length} rows shown`);
  expect(rowsWithin(1)).not.toBe(data.length);
});

test("the slider's label, slider and value fit in a 320 px column", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/reports/${SLUG}/?max_error=100`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  await expectLive(fig);
  const slider = fig.getByRole('slider', { name: /Maximum error/ });
  await expect(slider).toHaveValue('100');
  // The live controls, which take the place of the no-JavaScript note.
  const label = fig.locator('.chart-bind');
  const value = label.getByText('100', { exact: true });
  await expect(value).toBeVisible();
  for (const part of [label.getByText(/Maximum error/), slider, value]) {
    const box = await part.boundingBox();
    expect(box.x, 'starts inside the page').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'ends inside the page').toBeLessThanOrEqual(320);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('opening the report with ?max_error=100 restores the chart and its text at 100 %, the table whole', async ({
  page,
}) => {
  await page.goto(`/reports/${SLUG}/?max_error=100`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  // The state in the URL makes the chart live at once, before the reader scrolls to it.
  await expectLive(fig);
  await expect(fig.getByRole('slider', { name: /Maximum error/ })).toHaveValue('100');
  await expectRanking(fig, 100);
  await budgetPhrase(fig, 100);
  const { limit, count } = tableParts(page);
  await expect(limit).toHaveValue('');
  await expect(count).toHaveText(`${data.length} of ${data.length} rows shown`);
});

test('the embed page opened with ?max_error=100 shows Buoy first', async ({ page }) => {
  await page.goto(`/charts/${chart.id}/?max_error=100`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  await expectLive(fig);
  await expect(fig.getByRole('slider', { name: /Maximum error/ })).toHaveValue('100');
  await expectRanking(fig, 100);
});

test('following "Table behind this chart" at 100 % keeps the state in the URL and the table whole', async ({
  page,
}) => {
  await page.goto(`/reports/${SLUG}/?max_error=100`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  await expectLive(fig);
  const { limit, count } = tableParts(page);
  await fig.getByRole('link', { name: 'Table behind this chart' }).click();
  await expect(page).toHaveURL(/#table-client-rate$/);
  await expect(limit).toHaveValue('');
  await expect(count).toHaveText(`${data.length} of ${data.length} rows shown`);
  await expect(page).toHaveURL(/[?&]max_error=100[&#]/);
});

for (const [asked, shown] of [
  ['', ''],
  ['0x10', '0x10'],
  ['1e1', '1e1'],
  ['%2010', ' 10'],
]) {
  test(`?max_error=${asked} is no plain decimal: the chart keeps its default and the page says the value was ignored`, async ({
    page,
  }) => {
    await page.goto(`/reports/${SLUG}/?max_error=${asked}`);
    const fig = page.getByRole('figure', { name: chart.title, exact: true });
    await expectLive(fig);
    await expect(fig.getByRole('slider', { name: /Maximum error/ })).toHaveValue(String(control.default));
    await expect(fig.getByRole('status').filter({ hasText: '?max_error=' })).toHaveText(
      `?max_error=${shown} is not a number from ${control.min} to ${control.max}: the chart shows its default, ${control.default} %.`,
    );
  });
}

test('on the embed page the error-budget slider shows from the start, before the chart is pointed at, where the text says', async ({
  page,
}) => {
  await page.goto(`/charts/${chart.id}/`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  const slider = fig.getByRole('slider', { name: /Maximum error/ });
  await expect(slider).toBeVisible();
  await expect(slider).toHaveValue('1');
  expect(await fig.getAttribute('data-state'), 'the chart is not live yet').toBeNull();
});

test('a keyboard reader reaches the error-budget slider with Tab, keeps it once the chart goes live, and moves it with the arrow keys', async ({
  page,
}) => {
  await page.goto(`/charts/${chart.id}/`);
  const fig = page.getByRole('figure', { name: chart.title, exact: true });
  // In page order: the slider (under the chart) before the links under it, never after them.
  const order = [];
  for (let i = 0; i < 12 && order.at(-1) !== 'slider'; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() =>
        document.activeElement?.getAttribute('type') === 'range'
          ? 'slider'
          : document.activeElement?.textContent.trim(),
      ),
    );
  }
  expect(order.at(-1), `Tab reaches the slider (${order.join(' | ')})`).toBe('slider');
  expect(order, 'no link under the chart comes before the slider').not.toContain('Plotted rows (CSV)');
  await expectLive(fig);
  const slider = fig.getByRole('slider', { name: /Maximum error/ });
  await expect(slider).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('1.1');
  await expect(page).toHaveURL(/[?&]max_error=1\.1(&|$)/);
});
