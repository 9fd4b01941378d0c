// Subject pages as a reader meets them: each opens with a chart of the subject's best figures across
// every report that measured it (one point per figure, the value beside it), then the table of those
// figures; the numbers are those of data/atlas/subjects/<id>.json (read here, not through the page). A
// subject with one figure says so in a sentence instead of a one-point chart, and counts read right.
// On every kind of page, the text a reader sees names columns by their titles, never their raw names.
import { test, expect } from '@playwright/test';
import {
  atlasComparisons,
  atlasSubjects,
  chartIndex,
  expectLive,
  numberForms,
  reports,
  watchProblems,
} from '../helpers/site.mjs';
import { loadSchemas } from '../../scripts/data/schemas.mjs';
import { rawNamesOf } from '../../scripts/check/raw-names.mjs';

const subjects = atlasSubjects();
/** A subject's charted figures: each with a value, and a report's best outside the error budget when it has none within. */
const figuresOf = (s) =>
  s.reports.flatMap((r) =>
    r.figures.map((f) => ({ ...f, ...(f.outside_budget ?? {}), report: r })).filter((f) => typeof f.value === 'number'),
  );
const charts = chartIndex().subjects ?? {};

test('the Erlang page opens with a chart of one point per report figure, the numbers of the atlas, then the table', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const erlang = subjects.find((s) => s.id === 'erlang');
  const figures = figuresOf(erlang);
  expect(figures.length, 'Erlang has figures in several reports').toBeGreaterThan(1);
  const entry = charts['subject--erlang'];
  expect(entry, 'the chart stage drew a chart for Erlang').toBeTruthy();
  await page.goto('/subjects/erlang/');
  const figure = page.getByRole('figure', { name: entry.title });
  await expect(figure).toBeVisible();
  // The chart is at the top, so it goes live at once: read the drawing after that swap, not during it.
  await expectLive(figure);
  // One mark per figure in the drawing the reader sees (wide or narrow), and each value written beside it.
  const svg = figure.locator('svg:visible');
  await expect(svg.locator(entry.marks_selector)).toHaveCount(figures.length);
  const text = (await svg.locator('text').allTextContents()).join(' | ');
  for (const f of figures)
    expect(
      numberForms(f.value).some((n) => text.includes(n)),
      `${f.value} of ${f.report.report} on the chart`,
    ).toBe(true);
  // The chart comes before the table, and the table's values are the atlas's, in report order.
  const table = page.getByRole('region', { name: 'Best figure in each report' }).getByRole('table');
  const [a, b] = [await figure.boundingBox(), await table.boundingBox()];
  expect(a.y + a.height).toBeLessThanOrEqual(b.y);
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(figures.length);
  for (const [i, f] of figures.entries()) {
    const row = rows.nth(i);
    await expect(row.getByRole('link', { name: f.report.title })).toHaveAttribute(
      'href',
      `/reports/${f.report.report}/`,
    );
    const value = (await row.getByRole('cell').nth(1).textContent()).trim();
    expect(numberForms(f.value).map((n) => `${n} ${f.unit}`)).toContain(value);
    await expect(row.getByRole('link', { name: `line ${f.line}` })).toHaveAttribute(
      'href',
      `/seeds/${f.report.report}/#L${f.line}`,
    );
  }
  expect(problems, 'errors on the page').toEqual([]);
});

test('the Erlang table says of each figure whether it is beyond the noise of the one before it on its line (none today: no two share machine and conditions, and none states a spread)', async ({
  page,
}) => {
  const erlang = subjects.find((s) => s.id === 'erlang');
  const figures = figuresOf(erlang);
  expect(figures.some((f) => f.spread_kind)).toBe(false);
  const entry = charts['subject--erlang'];
  await page.goto('/subjects/erlang/');
  const table = page.getByRole('region', { name: 'Best figure in each report' }).getByRole('table');
  const head = await table.getByRole('columnheader').allInnerTexts();
  const at = head.indexOf("Against the figure before it on the chart's line");
  expect(at, head.join(' | ')).toBeGreaterThan(0);
  const cells = await table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((trs, i) => trs.map((tr) => tr.children[i].textContent.trim()), at);
  expect(cells).toHaveLength(figures.length);
  const allowed = [
    'none before it on the same machine and conditions',
    'no spread stated: cannot tell',
    'not on the chart (another unit or statistic)',
  ];
  for (const c of cells) expect(allowed).toContain(c);
  expect(cells.filter((c) => c === 'no spread stated: cannot tell').length).toBeGreaterThanOrEqual(entry.lines);
  expect(cells.filter((c) => c === 'none before it on the same machine and conditions').length).toBeGreaterThan(0);
});

test('every subject with two figures or more has its chart; one with a single figure says so in a sentence', async ({
  page,
}) => {
  for (const s of subjects) {
    const n = figuresOf(s).length;
    if (n >= 2) expect(charts[`subject--${s.id}`]?.marks, `${s.id}: a chart of ${n} points`).toBe(n);
    else expect(charts[`subject--${s.id}`], `${s.id}: no chart for ${n} figure(s)`).toBeUndefined();
  }
  const single = subjects.find((s) => figuresOf(s).length === 1 && s.reports.length === 1);
  const [f] = figuresOf(single);
  await page.goto(`/subjects/${single.id}/`);
  await expect(page.getByRole('figure')).toHaveCount(0);
  const sentence = page.getByText('One figure only, so no chart:');
  await expect(sentence).toContainText(`${f.value.toLocaleString('en-US')} ${f.unit}`);
  await expect(page.getByText('Measured in the one report that names it.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b1 (rows|reports|figures)\b|of the 1 report/);
});

test('no page shows a raw field name of the table schemas in the text a reader sees', async ({ page }) => {
  const names = rawNamesOf(loadSchemas());
  const chart = Object.values(chartIndex().charts)[0];
  const urls = [
    ...reports().map((r) => `/reports/${r.slug}/`),
    ...subjects.map((s) => `/subjects/${s.id}/`),
    ...atlasComparisons().map((c) => `/compare/${c.slug}/`),
    `/charts/${chart.id}/`,
    '/methodology/',
    '/data/',
  ];
  for (const url of urls) {
    await page.goto(url);
    // What a reader reads: the page's text without code, the report's quoted words and drawings.
    const text = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true);
      for (const el of copy.querySelectorAll('code, pre, kbd, samp, blockquote, svg, [hidden]')) el.remove();
      document.body.append(copy);
      const seen = copy.innerText;
      copy.remove();
      return seen;
    });
    const found = [...text.matchAll(/(?<![\w/.@-])[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+(?![\w/@-]|\.\w)/g)]
      .map((m) => m[0])
      .filter((w) => names.has(w));
    expect(found, `${url}: raw field names in the visible text`).toEqual([]);
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px, CloudI's chart shows 2.0.6's Erlang 108,774 requests/s beside the 1.x figures, one statistic named, and no line across machines or setups`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const cloudi = subjects.find((s) => s.id === 'cloudi');
    const figures = figuresOf(cloudi);
    const newest = figures.find((f) => f.report.report.startsWith('cloudi-2.0.6'));
    expect(newest, 'the atlas gives CloudI 2.0.6 a figure').toBeTruthy();
    // Its statistic is the mean; the 1.x values are "as stated", joined with it for the reason in data.
    expect(newest.statistic).toBe('mean');
    for (const f of figures.filter((x) => x !== newest)) {
      expect(f.statistic).toBe('value');
      expect(f.join_statistic).toBe('mean');
      expect(f.statistic_reason).toMatch(/cloudi_service_request_rate/);
    }
    const entry = charts['subject--cloudi'];
    await page.goto('/subjects/cloudi/');
    const figure = page.getByRole('figure', { name: entry.title });
    await expectLive(figure);
    const svg = figure.locator('svg:visible');
    await expect(svg.locator(entry.marks_selector)).toHaveCount(figures.length);
    const text = (await svg.locator('text').allTextContents()).join(' | ');
    expect(text).toContain('108,774');
    // No two figures share machine and conditions: no line is drawn, and the sentence says why.
    expect(entry.lines).toBe(0);
    await expect(svg.locator('.lines_marks path')).toHaveCount(0);
    await expect(
      page.getByText(/The highest is 108,774 requests\/s \(mean; 2023, Dell PowerEdge R710/).first(),
    ).toBeVisible();
    await expect(page.getByText(/no two figures share machine and conditions/).first()).toBeVisible();
    // Each figure in the list names its statistic; the 1.x ones say why they join the mean.
    const list = page.locator('.figure-statistic');
    await expect(list.filter({ hasText: /^statistic: mean$/ })).toHaveCount(1);
    await expect(
      list.filter({ hasText: /^statistic: as stated, joined with mean values: Each CloudI report/ }),
    ).toHaveCount(figures.length - 1);
  });
}

test('a subject figure chosen within an error budget says among how many rows it was chosen (ibrowse: 26 of 30)', async ({
  page,
}) => {
  const ibrowse = subjects.find((s) => s.id === 'ibrowse');
  await page.goto('/subjects/ibrowse/');
  for (const r of ibrowse.reports)
    for (const f of r.figures.filter((x) => typeof x.value === 'number' && x.qualified < x.candidates)) {
      const item = page.locator('li.figure').filter({ hasText: `line ${f.line}` });
      await expect(item).toContainText(
        `the highest of the ${f.qualified} rows with error % at most 1 (of ${f.candidates} rows)`,
      );
    }
  await expect(page.getByText(/the highest of 30 rows/)).toHaveCount(0);
});

test('a subject page says which spellings its reports use and which are only also known as', async ({ page }) => {
  await page.goto('/subjects/go/');
  const lede = page.locator('.lede');
  await expect(lede).toContainText('Written as “Go”');
  await expect(lede).not.toContainText(/Written as [^.]*golang/);
  await expect(lede).toContainText('Also known as “golang”.');
});

test('on a 375 px phone, the Erlang table shows each figure beside its report without scrolling, and its edge shows there is more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/subjects/erlang/');
  const table = page.getByRole('region', { name: 'Best figure in each report' }).getByRole('table');
  const header = table.getByRole('columnheader');
  await expect(header.nth(1)).toHaveText('Value');
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  for (let i = 0; i < (await rows.count()); i++) {
    const value = rows.nth(i).getByRole('cell').nth(1);
    const box = await value.boundingBox();
    expect(box.x + box.width, `row ${i + 1}: its value ends inside the screen`).toBeLessThanOrEqual(375);
  }
  const scroller = table.locator('xpath=..');
  const { wider, cue } = await scroller.evaluate((el) => ({
    wider: el.scrollWidth > el.clientWidth,
    cue: getComputedStyle(el).backgroundImage,
  }));
  expect(wider, 'the table is wider than the phone').toBe(true);
  expect(cue, 'a shadow at the edge that scrolls').toMatch(/radial-gradient/);
});

test('buoy, measured in two reports, has a chart of both: the 2019 report has no row within the 1 % error budget, so its best is shown marked with its error rate', async ({
  page,
}) => {
  const buoy = subjects.find((s) => s.id === 'buoy');
  const outside = buoy.reports.flatMap((r) => r.figures.filter((f) => f.outside_budget).map((f) => ({ r, f })));
  expect(outside.length, 'the 2019 report has figures only outside the budget').toBeGreaterThan(0);
  const entry = charts['subject--buoy'];
  expect(entry, 'a chart for buoy').toBeTruthy();
  await page.goto('/subjects/buoy/');
  const figure = page.getByRole('figure', { name: entry.title });
  await expectLive(figure);
  const svg = figure.locator('svg:visible');
  await expect(svg.locator(entry.marks_selector)).toHaveCount(1 + outside.length);
  // Each starred on the chart, and its error rate in the sentence under it and in the table.
  const text = (await svg.locator('text').allTextContents()).join(' | ');
  const caption = figure.getByText(/outside the error budget, drawn pale and starred/);
  await expect(caption).toBeVisible();
  for (const { f } of outside) {
    const o = f.outside_budget;
    expect(text).toContain(`${o.value.toLocaleString('en-US')}*`);
    await expect(caption).toContainText(`${o.value.toLocaleString('en-US')} requests/s`);
    await expect(caption).toContainText(`error % ${o.with.error_pct.toLocaleString('en-US')}`);
  }
  const table = page.getByRole('region', { name: 'Best figure in each report' }).getByRole('table');
  await expect(table.getByRole('cell', { name: /outside the budget of 1/ })).toHaveCount(outside.length);
});

test('mint has one figure, the only row of 5 within the error budget, and its sentence says so and that the other run is outside it', async ({
  page,
}) => {
  await page.goto('/subjects/mint/');
  const sentence = page.getByText('One figure only, so no chart:');
  // Not "the highest ... among 5 rows": 4 of them are outside the budget (issue 40).
  await expect(sentence).toContainText(
    '1,658 requests/s (Successful requests/s, as stated), the only row with error % at most 1 (of 5 rows), in',
  );
  await expect(sentence.getByRole('link', { name: /^Mojito and seven other/ })).toHaveAttribute(
    'href',
    '/reports/httpc-bench-mojito-ec2-m5-4xlarge/',
  );
  await expect(sentence).toContainText('The other figures are outside the error budget: run original of');
  await expect(sentence).toContainText('no row of 3 within error % at most 1');
});

test("the Erlang chart's time axis spaces reports by their dates: 2017-04 to 2023 is wider than 2015-12 to 2017-04", async ({
  page,
}) => {
  const entry = charts['subject--erlang'];
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/subjects/erlang/');
  const figure = page.getByRole('figure', { name: entry.title });
  await expectLive(figure);
  const xs = await figure
    .locator('svg:visible')
    .locator(entry.marks_selector)
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  const at = [...new Set(xs.map((x) => Math.round(x)))].sort((a, b) => a - b);
  expect(at, 'one x per report date: 2015-12, 2016, 2017-04, 2023').toHaveLength(4);
  const days = (a, b) => (Date.parse(b) - Date.parse(a)) / 864e5;
  const [d1, d2, d3] = [days('2015-12', '2016'), days('2016', '2017-04'), days('2017-04', '2023')];
  const [g1, g2, g3] = [at[1] - at[0], at[2] - at[1], at[3] - at[2]];
  // Gaps in proportion to the time between the dates (within a few pixels).
  expect(Math.abs(g3 / g1 - d3 / d1), `gaps ${g1}, ${g2}, ${g3} px`).toBeLessThan((d3 / d1) * 0.15);
  expect(Math.abs(g2 / g1 - d2 / d1)).toBeLessThan((d2 / d1) * 0.15);
});

test('the subjects page lists every subject, each with how many reports measured it', async ({ page }) => {
  await page.goto('/subjects/');
  for (const s of subjects) {
    const measured = s.reports.filter((r) => r.measured).length;
    // The link's name is the subject's, then its kind (visually hidden): the list item is the one linking to its page.
    const item = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/subjects/${s.id}/"]`) });
    await expect(item, s.id).toContainText(`measured in ${measured} report${measured === 1 ? '' : 's'}`);
  }
});

test('a version stated for httpc is the OTP release it ships with: "Version: Httpc (Erlang 21.2)"; an unstated one is none: "The report states no version of Solon."', async ({
  page,
}) => {
  await page.goto('/subjects/httpc/');
  const mojito = page.locator('section.subject-report', { has: page.locator('h2 a[href*="httpc-bench-mojito"]') });
  await expect(mojito).toContainText('Version: Httpc (Erlang 21.2) (line 19)');
  await page.goto('/subjects/solon/');
  await expect(page.locator('section.subject-report')).toContainText('The report states no version of Solon.');
  await expect(page.locator('main')).not.toContainText('unstated');
});

test('AStore\'s platform pages say no software version was read from the report and name AStore under test, not "AStore unstated"', async ({
  page,
}) => {
  for (const id of ['dell-r420-client', 'dell-r420-server']) {
    await page.goto(`/platforms/${id}/`);
    await expect(page.locator('section.platform-report')).toContainText(
      'No software version was read from the report; under test: AStore.',
    );
    await expect(page.locator('main')).not.toContainText('unstated');
  }
});
