// The compare view a reader drives (/compare/): a measure, any reports and entities that have it,
// a base; bars and a table with the ratio and the difference to the base, and whether a difference
// is beyond the noise both values' stated spreads allow, or within it, or cannot be told.
//  - the numbers a reader reads are computed here from data/tables/<report>/measurements.csv and
//    the machine facts of data/reports/<report>.json, not from the view's index;
//  - the state is in the URL: a reload shows the same view, back and forward walk the reader's steps;
//  - at 375 px the page never scrolls sideways, the table scrolls in its own box, and the value,
//    ratio and difference of a row are on screen;
//  - the view fetches one small index, never the tables or the whole atlas; without JavaScript the
//    generated comparison pages are the way, and the view links to those of the reports it shows;
//  - a search box and filters (software, platform, metric) narrow the list of reports; the measure
//    menu lists, grouped by metric, only the measures the picked reports share;
//  - the chart is drawn by the site's Vega runtime (one bar per value, its value after it, a line
//    for a stated spread), at 375 and 1,280 px, light and dark; the CSV and JSON downloads carry
//    the table's rows with their source; "Copy link" copies a link that opens the same view.
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import { csvRecords, report, reports, tableRows, watchProblems } from '../helpers/site.mjs';

const OLD = 'cloudi-1.5.4-core-i7';
const NEW = 'cloudi-1.7.1-core-i7';

/** "1,069,773"; fractions with at most two decimals (three significant digits below 1). */
const fmt = (n) =>
  n.toLocaleString(
    'en-US',
    Math.abs(n) < 1 && n !== 0 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 },
  );

/** A ratio as the view writes it: with the digits that tell it from 1 when it is within 1 % of 1. */
const ratioText = (r) =>
  r === 1 || Math.abs(r - 1) >= 0.01
    ? fmt(r)
    : r.toLocaleString('en-US', { maximumSignificantDigits: 2 + Math.ceil(-Math.log10(Math.abs(r - 1))) });

/** A report's rows of one measure and entity, from its measurements table. */
const rowsOf = (slug, { metric, statistic, unit }, entity) =>
  tableRows(slug, 'measurements').filter(
    (r) => r.entity === entity && r.metric === metric && r.statistic === statistic && r.unit === unit,
  );
/** The best (highest) value a report states for an entity. */
const bestOf = (slug, measure, entity) => Math.max(...rowsOf(slug, measure, entity).map((r) => Number(r.value)));
/** CloudI 1.5.4's report as the view labels it: its title, short, and its date. */
const CLOUDI_154 = 'CloudI 1.5.4 request rate with and without cloudi_service_queue, 2016';
const THROUGHPUT = { metric: 'throughput', statistic: 'value', unit: 'req/s' };
const I7 = 'Intel Core i7 2700K workstation';

/** A machine fact of a report, by field. */
const fact = (slug, field) =>
  Object.values(report(slug).machines)
    .flatMap((m) => m.facts)
    .find((f) => f.field === field).value;

function view(page) {
  const region = page.getByRole('region', { name: 'Compare view' });
  return {
    region,
    measure: region.getByLabel('Measure'),
    reports: region.getByRole('group', { name: 'Reports' }),
    entities: region.getByRole('group', { name: 'Entities' }),
    base: region.getByLabel(/^Base/),
    table: region.getByRole('table'),
    status: page.getByRole('status').filter({ hasText: /values? of/ }),
  };
}

/** Pick the option whose text starts with `start`. */
async function pick(select, start) {
  const text = await select.locator('option').filter({ hasText: start }).first().textContent();
  await select.selectOption({ label: text });
}

/** Check exactly the boxes named by `names` (regular expressions) in a group. */
async function only(group, names) {
  for (const n of names) await group.getByRole('checkbox', { name: n }).check();
  for (const box of await group.getByRole('checkbox').all()) {
    const label = (await box.evaluate((b) => b.closest('label').textContent)).trim();
    if (!names.some((n) => n.test(label)) && (await box.isChecked())) await box.uncheck();
  }
}

/** The cells of the table's row for an entity in a report, as a reader reads them. */
async function row(v, entity, reportName) {
  // The row header names the entity, then the report (its software, version and date).
  const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const header = v.table.page().getByRole('rowheader', { name: new RegExp(`^${esc(entity)}\\s*${esc(reportName)}`) });
  const one = v.table.getByRole('row').filter({ has: header });
  await expect(one).toHaveCount(1);
  return one.getByRole('cell').allInnerTexts();
}

async function driveToCloudI(page) {
  await page.goto('/compare/');
  const v = view(page);
  await pick(v.measure, 'Requests per second, mean');
  await only(v.reports, [/^CloudI 1\.5\.4 /, /^CloudI 1\.7\.1 /]);
  await only(v.entities, [/^Erlang$/]);
  await pick(v.base, `${CLOUDI_154}: each entity`);
  return v;
}

test('a reader compares Erlang in CloudI 1.5.4 and 1.7.1 and reads the ratio and the difference; a reload shows the same', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const v = await driveToCloudI(page);
  const old = bestOf(OLD, THROUGHPUT, 'erlang');
  const now = bestOf(NEW, THROUGHPUT, 'erlang');
  expect(old).not.toBe(now);
  const [value, ratio, diff] = await row(v, 'Erlang', 'CloudI 1.7.1');
  expect(value).toBe(fmt(now));
  // Same machine, different setups (senders and receivers): the ratio is marked unlike.
  expect(ratio).toBe(`${ratioText(now / old)}× (unlike)`);
  expect(diff).toBe(`${now > old ? '+' : '−'}${fmt(Math.abs(now - old))}`);
  expect((await row(v, 'Erlang', 'CloudI 1.5.4')).slice(0, 3)).toEqual([fmt(old), 'base', 'base']);
  await expect(v.table.getByRole('rowheader')).toHaveCount(2);
  await expect(v.status).toContainText('2 values of Requests per second, mean');
  // The bars: one per report, the base named.
  await expect(v.region.getByRole('figure')).toContainText(`the base (${CLOUDI_154}) is outlined`);
  await expect(page).toHaveURL(new RegExp(`[?&]r=${OLD},${NEW}&e=erlang&base=r:${OLD}`.replaceAll('.', '\\.')));

  const before = await v.table.innerText();
  await page.reload();
  await expect(v.reports.getByRole('checkbox', { name: /^CloudI 1\.5\.4 / })).toBeChecked();
  await expect(v.reports.getByRole('checkbox', { name: /^CloudI 1\.7\.1 / })).toBeChecked();
  await expect(v.reports.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(v.entities.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(v.entities.getByRole('checkbox', { name: 'Erlang' })).toBeChecked();
  expect(await v.table.innerText()).toBe(before);
  expect(problems).toEqual([]);
});

test("back and forward walk the reader's changes, and a shared link opens the same view", async ({ page, context }) => {
  const v = await driveToCloudI(page);
  const shared = page.url();
  await v.entities.getByRole('checkbox', { name: 'Java', exact: true }).check();
  await expect(v.table.getByRole('rowheader')).toHaveCount(4);
  await page.goBack();
  await expect(v.entities.getByRole('checkbox', { name: 'Java', exact: true })).not.toBeChecked();
  await expect(v.table.getByRole('rowheader')).toHaveCount(2);
  expect(page.url()).toBe(shared);
  await page.goForward();
  await expect(v.entities.getByRole('checkbox', { name: 'Java', exact: true })).toBeChecked();
  await expect(v.table.getByRole('rowheader')).toHaveCount(4);

  const other = await context.newPage();
  await other.goto(shared);
  const w = view(other);
  await expect(w.entities.getByRole('checkbox', { name: 'Erlang' })).toBeChecked();
  await expect(w.table.getByRole('rowheader')).toHaveCount(2);
  expect((await row(w, 'Erlang', 'CloudI 1.7.1'))[1]).toBe(
    `${ratioText(bestOf(NEW, THROUGHPUT, 'erlang') / bestOf(OLD, THROUGHPUT, 'erlang'))}× (unlike)`,
  );
});

test('per core divides by the cores each report states, and the ratio follows', async ({ page }) => {
  const v = await driveToCloudI(page);
  await v.region.getByRole('radio', { name: 'per core' }).check();
  const cores = (slug) => fact(slug, 'sockets') * fact(slug, 'cores_per_socket');
  const old = bestOf(OLD, THROUGHPUT, 'erlang') / cores(OLD);
  const now = bestOf(NEW, THROUGHPUT, 'erlang') / cores(NEW);
  const [value, ratio] = await row(v, 'Erlang', 'CloudI 1.7.1');
  expect(value).toBe(fmt(now));
  expect(ratio).toBe(`${ratioText(now / old)}× (unlike)`);
  await expect(v.table).toContainText(`÷ ${cores(NEW)} (sockets`);
  await expect(page).toHaveURL(/[?&]view=core(&|$)/);
});

test('across formats: Erlang in CloudI 2.0.6 against Solon under wrk: beyond noise or within it by interval overlap, named, and counted by direction', async ({
  page,
}) => {
  const MEAN = { metric: 'throughput', statistic: 'mean', unit: 'req/s' };
  const CLOUDI = 'cloudi-2.0.6-request-rate-language-dell-poweredge-r710';
  const SOLON = 'solon-jetty-hello-world-app-wrk-five-runs';
  await page.goto('/compare/');
  const v = view(page);
  await pick(v.measure, 'Requests per second, mean');
  await only(v.reports, [/^CloudI 2\.0\.6 /, /^Solon on Jetty/]);
  await only(v.entities, [/^Erlang$/, /^Solon$/]);
  await pick(v.base, 'Solon in Solon');

  // Erlang's best mean with the lower and upper bounds its row states; Solon's best run and the
  // range of its runs under the same conditions.
  const erlang = rowsOf(CLOUDI, MEAN, 'erlang').sort((a, b) => b.value - a.value)[0];
  const solonRows = rowsOf(SOLON, MEAN, 'solon');
  const solon = Math.max(...solonRows.map((r) => Number(r.value)));
  const [lo, hi] = [Math.min(...solonRows.map((r) => Number(r.value))), solon];
  const apart = Number(erlang.lower) > hi || Number(erlang.upper) < lo;
  const cells = await row(v, 'Erlang', 'CloudI 2.0.6');
  expect(cells[1]).toBe(`${ratioText(Number(erlang.value) / solon)}× (unlike)`);
  expect(cells[3]).toBe(apart ? 'beyond noise (intervals do not overlap)' : 'within noise (intervals overlap)');
  expect(cells[4]).toContain(`${fmt(Number(erlang.lower))} to ${fmt(Number(erlang.upper))} req/s`);
  expect((await row(v, 'Solon', 'Solon'))[4]).toContain(`${solonRows.length} runs, ${fmt(lo)} to ${fmt(hi)} req/s`);
  const higher = Number(erlang.value) > solon;
  await expect(v.status).toContainText(
    apart
      ? `1 difference beyond noise (${higher ? '1 better, 0 worse' : '0 better, 1 worse'} than the base)`
      : '0 differences beyond noise; 1 within noise',
  );
});

test('at 375 px the page does not scroll sideways; the table scrolls in its own box with the numbers on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const v = await driveToCloudI(page);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  const box = v.region.getByRole('region', { name: 'Compared values' });
  const [scroll, client] = await box.evaluate((b) => [b.scrollWidth, b.clientWidth]);
  expect(scroll, 'the table is wider than the screen and scrolls in its box').toBeGreaterThan(client);
  const rowEl = v.table.getByRole('row').filter({ hasText: 'CloudI 1.7.1' });
  for (const i of [0, 1, 2]) {
    const cell = await rowEl.getByRole('cell').nth(i).boundingBox();
    expect(cell.x + cell.width, `cell ${i} on screen`).toBeLessThanOrEqual(375);
  }
  await box.focus();
  await page.keyboard.press('ArrowRight');
});

test('the view fetches one small index, never the tables or the atlas, and links to the comparison pages', async ({
  page,
}) => {
  const fetched = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname !== '127.0.0.1') fetched.push(r.url());
    else if (u.pathname.startsWith('/data/')) fetched.push(u.pathname);
  });
  const v = await driveToCloudI(page);
  expect(fetched).toEqual(['/data/compare-index.json']);
  const res = await page.request.get('/data/compare-index.json');
  expect((await res.body()).length, 'the index, uncompressed').toBeLessThan(200_000);
  const link = v.region.getByRole('link', {
    name: /CloudI 1\.5\.4, 2016, Intel Core i7 2700K workstation vs CloudI 1\.7\.1/,
  });
  await expect(link.first()).toBeVisible();
  await link.first().click();
  await expect(page).toHaveURL(/\/compare\/[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/1\.5\.4.*1\.7\.1/);
});

test('without JavaScript the view is hidden and every comparison page is listed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/compare/');
    await expect(page.getByText('This view needs JavaScript.')).toBeVisible();
    await expect(page.getByLabel('Measure')).toBeHidden();
    const list = page.getByRole('region', { name: 'Comparisons' }).getByRole('listitem');
    expect(await list.count()).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px, CloudI 1.5.1 on POWER8 against 1.7.1 on a Core i7 says above the ratio that the machines and setups differ, and marks every ratio`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const OLDEST = 'cloudi-1.5.1-power8';
    await page.goto(`/compare/?m=throughput:mean:req/s&r=${OLDEST},${NEW}&base=r:${OLDEST}`);
    const v = view(page);
    await expect(v.table).toBeVisible();
    const warning = v.region.getByRole('note');
    await expect(warning).toContainText('Not like with like');
    await expect(warning).toContainText(`different machines (IBM Power System S822 (POWER8) vs ${I7})`);
    await expect(warning).toContainText('under different conditions');
    await expect(warning).toContainText('senders');
    await expect(warning).toBeVisible();
    // Above the ratio: the note comes before the chart and the table.
    const [w, t] = [await warning.boundingBox(), await v.table.boundingBox()];
    expect(w.y + w.height).toBeLessThanOrEqual(t.y);
    // Names say the report's title, short, and its date; the measure is named as a reader would.
    await expect(v.table.getByRole('rowheader').first()).toContainText(
      'CloudI 1.5.1 maximum stable request rate, 2015-12',
    );
    await expect(v.measure.locator('option:checked')).toHaveText(/^Requests per second, mean/);
    const labels = await v.measure.locator('option').allTextContents();
    expect(
      labels.filter((l) => /as stated|_|req\/s\)/.test(l)),
      'measure names a reader reads',
    ).toEqual([]);
    // Every ratio that is not the base is marked.
    const erlang = await row(v, 'Erlang', 'CloudI 1.7.1');
    const old = bestOf(OLDEST, THROUGHPUT, 'erlang');
    const now = bestOf(NEW, THROUGHPUT, 'erlang');
    expect(erlang[1]).toBe(`${ratioText(now / old)}× (unlike)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('CloudI 2.0.6 joins the 1.x reports under one statistic, and the view says which values were read as the mean', async ({
  page,
}) => {
  const NEWEST = 'cloudi-2.0.6-request-rate-language-dell-poweredge-r710';
  await page.goto(`/compare/?m=throughput:mean:req/s&r=${NEW},${NEWEST}&e=erlang&base=r:${NEW}`);
  const v = view(page);
  const cells = await row(v, 'Erlang', 'CloudI 2.0.6');
  const mean = rowsOf(NEWEST, { metric: 'throughput', statistic: 'mean', unit: 'req/s' }, 'erlang')[0];
  expect(cells[0]).toBe(fmt(Number(mean.value)));
  const note = v.region.getByRole('note');
  await expect(note).toContainText('with different statistics');
  await expect(note).toContainText('read here as the mean');
  await expect(note).toContainText('cloudi_service_request_rate');
});

test('the view as it first opens names what differs between its two reports above the ratio', async ({ page }) => {
  await page.goto('/compare/');
  const v = view(page);
  await expect(v.table).toBeVisible();
  const picked = await v.reports
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((b) => b.value));
  expect(picked).toHaveLength(2);
  const platformOf = (slug) => report(slug).platforms.map((p) => p.id);
  if (JSON.stringify(platformOf(picked[0])) !== JSON.stringify(platformOf(picked[1]))) {
    await expect(v.region.getByRole('note')).toContainText('they ran on different machines');
    for (const cell of await v.table.locator('tbody tr td:nth-child(3)').allInnerTexts())
      expect(cell === 'base' || cell.endsWith('(unlike)'), cell).toBe(true);
  }
});

const CLOUDI_206 = 'cloudi-2.0.6-request-rate-language-dell-poweredge-r710';
const SOLON = 'solon-jetty-hello-world-app-wrk-five-runs';
const MEAN = { metric: 'throughput', statistic: 'mean', unit: 'req/s' };
/** Erlang in CloudI 2.0.6 against Solon (its best run as the base): two values, each with a spread. */
const ACROSS = `/compare/?m=throughput:mean:req/s&r=${CLOUDI_206},${SOLON}&e=erlang,solon&base=v:solon@${SOLON}`;

for (const width of [375, 1280])
  for (const scheme of ['light', 'dark'])
    test(`at ${width} px in the ${scheme} theme the chart draws a bar per value, its value after it, and the spread each report states`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const problems = watchProblems(page);
      await page.goto(ACROSS);
      const svg = page.locator('.cmp-chart .cmp-live svg');
      await expect(svg).toBeVisible({ timeout: 20_000 });
      const erlang = Math.max(...rowsOf(CLOUDI_206, MEAN, 'erlang').map((r) => Number(r.value)));
      const solon = Math.max(...rowsOf(SOLON, MEAN, 'solon').map((r) => Number(r.value)));
      const bars = svg.locator('.mark-rect.bars path');
      await expect(bars).toHaveCount(2);
      await expect(bars.nth(0)).toHaveAttribute(
        'aria-label',
        new RegExp(`^Erlang · CloudI 2\\.0\\.6.*: ${fmt(erlang)}`),
      );
      await expect(bars.nth(1)).toHaveAttribute(
        'aria-label',
        new RegExp(`^Solon · Solon.* · base: ${fmt(solon)} \\(spread 5 runs`),
      );
      expect(await svg.locator('.mark-text.values text').allTextContents()).toEqual([fmt(erlang), fmt(solon)]);
      // Bars from zero: their lengths are as the values.
      // (read from the drawn paths, "M0,0h<length>v16h-<length>Z": the base's outline is not its length.)
      const [a, b] = await Promise.all([0, 1].map((i) => bars.nth(i).getAttribute('d')));
      const length = (d) => Number(/h([\d.]+)/.exec(d)[1]);
      expect(length(a) / length(b)).toBeCloseTo(erlang / solon, 3);
      // A line across each bar: Erlang's stated lower and upper bounds, the range of Solon's runs.
      await expect(svg.locator('.mark-rule.spreads line, .mark-rule.spreads path')).toHaveCount(2);
      // Every label whole inside the drawing, in the page's text colour for this theme.
      const box = await svg.boundingBox();
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const label of await svg.locator('.mark-text.labels text').all()) {
        const l = await label.boundingBox();
        expect(l.x + l.width, await label.textContent()).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      const [ink, fill] = await page.evaluate(() => [
        getComputedStyle(document.querySelector('.cmp-chart')).color,
        document.querySelector('.cmp-live .labels text').getAttribute('fill'),
      ]);
      expect(fill).toBe(ink);
      await expect(page.locator('.cmp-chart figcaption')).toContainText('A line across a bar is the spread');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

test("the CSV and JSON downloads carry the table's rows: value with unit, statistic, report and seed line", async ({
  page,
}) => {
  await page.goto(ACROSS);
  const v = view(page);
  await expect(v.table).toBeVisible();
  const get = async (name) => {
    const [download] = await Promise.all([page.waitForEvent('download'), v.region.getByRole('link', { name }).click()]);
    return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
  };
  const csv = await get('CSV of this comparison');
  expect(csv.name).toBe('compare-throughput-mean-req-s.csv');
  // The rows after the first lines that explain the noise codes ("# W-i: ...").
  const rows = csvRecords(csv.text.replace(/^(# .*\n)+/, ''));
  const erlang = rowsOf(CLOUDI_206, MEAN, 'erlang').sort((x, y) => y.value - x.value)[0];
  const solonRows = rowsOf(SOLON, MEAN, 'solon');
  const solon = solonRows.sort((x, y) => y.value - x.value)[0];
  expect(rows.map((r) => [r.entity, r.report.split(',')[0], Number(r.value), r.unit, r.statistic, r.line])).toEqual([
    ['Erlang', 'CloudI 2.0.6 request rate by language', Number(erlang.value), 'req/s', 'mean', erlang.line],
    ['Solon', 'Solon on Jetty', Number(solon.value), 'req/s', 'mean', solon.line],
  ]);
  expect(rows.map((r) => r.seed)).toEqual([`seeds/${CLOUDI_206}`, `seeds/${SOLON}`]);
  expect(rows[0].ratio_to_base).toBe(`${ratioText(Number(erlang.value) / Number(solon.value))}× (unlike)`);
  expect(rows[1].ratio_to_base).toBe('base');
  expect(rows[1].spread).toBe(
    `${solonRows.length} runs, ${fmt(Math.min(...solonRows.map((r) => Number(r.value))))} to ${fmt(Number(solon.value))} req/s`,
  );
  // The same rows as the table shows.
  const cells = await row(v, 'Erlang', 'CloudI 2.0.6');
  expect(fmt(Number(rows[0].value))).toBe(cells[0]);
  expect(rows[0].ratio_to_base).toBe(cells[1]);

  const json = JSON.parse((await get('JSON')).text);
  expect(json.measure).toBe('Requests per second, mean');
  expect(json.link).toBe(page.url());
  expect(json.rows.map((r) => [r.entity, r.value, r.unit, r.line])).toEqual(
    rows.map((r) => [r.entity, Number(r.value), r.unit, Number(r.line)]),
  );
});

test('"Copy link" copies a link that opens the same picks and measure', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const v = await driveToCloudI(page);
  await v.entities.getByRole('checkbox', { name: 'Java', exact: true }).check();
  await v.region.getByRole('radio', { name: 'per core' }).check();
  await expect(v.table.getByRole('rowheader')).toHaveCount(4);
  const before = await v.table.innerText();
  await v.region.getByRole('button', { name: 'Copy link' }).click();
  await expect(v.region.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());

  const other = await context.newPage();
  try {
    await other.goto(copied);
    const w = view(other);
    await expect(w.table.getByRole('rowheader')).toHaveCount(4);
    await expect(w.measure.locator('option:checked')).toHaveText(/^Requests per second, mean/);
    const checked = (g) => g.getByRole('checkbox', { checked: true }).evaluateAll((b) => b.map((x) => x.value));
    expect(await checked(w.reports)).toEqual([OLD, NEW]);
    expect(await checked(w.entities)).toEqual(['erlang', 'java']);
    await expect(w.region.getByRole('radio', { name: 'per core' })).toBeChecked();
    expect(await w.table.innerText()).toBe(before);
  } finally {
    await other.close();
  }
});

test('the search box and the software, platform and metric filters narrow the list of reports', async ({ page }) => {
  await page.goto(`/compare/?m=throughput:mean:req/s&r=${OLD},${NEW}`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  const listed = () => v.reports.getByRole('checkbox').filter({ visible: true });
  const all = await v.reports.getByRole('checkbox').count();
  expect(await listed().count()).toBe(all);
  const find = v.region.getByRole('group', { name: 'Find reports' });

  await find.getByRole('searchbox', { name: 'Search' }).fill('POWER8');
  // The POWER8 report, and the two checked ones, which always stay listed.
  expect(await listed().evaluateAll((b) => b.map((x) => x.value))).toEqual(['cloudi-1.5.1-power8', OLD, NEW]);
  await expect(find).toContainText(`3 of ${all} reports listed`);
  // An entity's name finds the reports that measured it.
  await find.getByRole('searchbox', { name: 'Search' }).fill('hackney');
  const hackney = reports()
    .map((r) => r.slug)
    .filter((slug) => fs.existsSync(`data/tables/${slug}/measurements.csv`))
    .filter((slug) => tableRows(slug, 'measurements').some((r) => r.entity === 'hackney'));
  expect(hackney.length).toBeGreaterThan(0);
  expect((await listed().evaluateAll((b) => b.map((x) => x.value))).sort()).toEqual([...hackney, OLD, NEW].sort());
  await find.getByRole('searchbox', { name: 'Search' }).fill('');

  const cloudi = reports()
    .filter((r) => r.software?.declared?.[0]?.name === 'CloudI')
    .map((r) => r.slug);
  expect(cloudi.length).toBeGreaterThan(2);
  await find.getByLabel('Software').selectOption('CloudI');
  expect((await listed().evaluateAll((b) => b.map((x) => x.value))).sort()).toEqual(cloudi.sort());
  await find.getByLabel('Software').selectOption('');

  await find.getByLabel('Platform').selectOption('Amazon EC2 m1.large');
  expect(await listed().evaluateAll((b) => b.map((x) => x.value))).toEqual([
    'darner-vs-kestrel-ec2-m1-large',
    OLD,
    NEW,
  ]);
  await find.getByLabel('Platform').selectOption('');

  // Memory: only the reports whose measurements have a memory figure (and the checked ones).
  await find.getByLabel('Metric').selectOption({ label: 'Memory' });
  const withMemory = reports()
    .map((r) => r.slug)
    .filter((slug) => fs.existsSync(`data/tables/${slug}/measurements.csv`))
    .filter((slug) => tableRows(slug, 'measurements').some((r) => r.metric === 'memory'));
  const shown = await listed().evaluateAll((b) => b.map((x) => x.value));
  expect(shown.filter((x) => x !== OLD && x !== NEW)).toEqual(withMemory.filter((x) => x !== OLD && x !== NEW));
  expect(shown.length).toBeLessThan(all);
  // Filters only narrow the list: the view and the URL are as they were.
  await expect(v.table.getByRole('rowheader').first()).toContainText('CloudI 1.5.4');
  expect(new URL(page.url()).searchParams.get('r')).toBe(`${OLD},${NEW}`);
});

test('the measure menu lists, grouped by metric, only the measures the picked reports share', async ({ page }) => {
  await page.goto(`/compare/?m=throughput:mean:req/s&r=${OLD},${NEW}`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  /** A report has a measure when its measurements have the metric and unit, under that statistic or stated as none. */
  const has = (slug, key) => {
    const [metric, statistic, unit] = key.split(':');
    return tableRows(slug, 'measurements').some(
      (r) => r.metric === metric && r.unit === unit && (r.statistic === statistic || r.statistic === 'value'),
    );
  };
  const keys = async () => v.measure.locator('option').evaluateAll((o) => o.map((x) => x.value));
  const two = await keys();
  for (const k of two) for (const slug of [OLD, NEW]) expect(has(slug, k), `${slug} has ${k}`).toBe(true);
  // CloudI's request-rate reports share only throughput.
  expect(await v.measure.locator('optgroup').evaluateAll((g) => g.map((x) => x.label))).toEqual(['Throughput']);

  // CloudI 2.0.6 and Solon under wrk share throughput and latency (mean and percentiles).
  await page.goto(`/compare/?r=${CLOUDI_206},${SOLON}`);
  await expect(v.table).toBeVisible();
  const pair = await keys();
  for (const k of pair) for (const slug of [CLOUDI_206, SOLON]) expect(has(slug, k), `${slug} has ${k}`).toBe(true);
  expect(await v.measure.locator('optgroup').evaluateAll((g) => g.map((x) => x.label))).toEqual([
    'Throughput',
    'Latency',
  ]);
  expect(await v.measure.locator('optgroup[label="Latency"] option').allTextContents()).toContain(
    'Latency (µs), 99th percentile: 3 reports',
  );
  for (const label of await v.measure.locator('option').allTextContents())
    expect(label, 'named as a reader would').not.toMatch(/_|as stated|req\/s\)/);
  expect(pair).not.toEqual(two);
});

test('reports that share no measure: the view says which of them has no value of the measure shown', async ({
  page,
}) => {
  const ASTORE = 'astore-hyper-threading-dell-r420';
  const NGINZ = 'nginz-ab-linux-laptop-10000-12000-connections';
  await page.goto(`/compare/?r=${ASTORE},${NGINZ}`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  await expect(v.measure.locator('option')).toHaveCount(1);
  await expect(v.measure.locator('option:checked')).toHaveText(/^Requests per second, mean/);
  await expect(v.status).toContainText(
    'The picked reports share no measure: AStore throughput vs Akka parallelism under Hyper-Threading, 2015 states no value of Requests per second, mean.',
  );
  expect(rowsOf(ASTORE, MEAN, 'astore')).toEqual([]);
});

// Beyond noise or within it (issue 43): each difference says which, and by which test.
const LATENCY_MEAN = { metric: 'latency', statistic: 'mean', unit: 'us' };
/** A report's best (lowest) latency mean of an entity, with its stated stdev. */
const bestLatency = (slug, entity) => rowsOf(slug, LATENCY_MEAN, entity).sort((a, b) => a.value - b.value)[0];

test("where neither report states a spread the view says it cannot tell, never “0 differences outside both values' spread”", async ({
  page,
}) => {
  const v = await driveToCloudI(page);
  expect(rowsOf(NEW, THROUGHPUT, 'erlang').every((r) => !r.spread_kind && !r.lower)).toBe(true);
  const cells = await row(v, 'Erlang', 'CloudI 1.7.1');
  expect(cells[3]).toBe('no spread stated: cannot tell');
  await expect(v.status).toContainText('0 differences beyond noise; 1 cannot tell (no spread stated)');
  await expect(v.status).not.toContainText('outside both');
});

test('“Hide differences within noise” hides the rows whose stated spreads overlap (CloudI 2.0.6 latency, mean ± stdev)', async ({
  page,
}) => {
  await page.goto(`/compare/?m=latency:mean:us&r=${CLOUDI_206}&base=v:erlang@${CLOUDI_206}`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  const base = bestLatency(CLOUDI_206, 'erlang');
  const all = [
    ...new Set(
      tableRows(CLOUDI_206, 'measurements')
        .filter((r) => r.metric === 'latency' && r.statistic === 'mean')
        .map((r) => r.entity),
    ),
  ];
  // ± one stdev (no run count stated): within noise when the intervals overlap.
  const within = all
    .filter((e) => e !== 'erlang')
    .filter((e) => {
      const r = bestLatency(CLOUDI_206, e);
      return Math.abs(r.value - base.value) <= Number(r.spread) + Number(base.spread);
    });
  expect(within.length).toBeGreaterThan(0);
  const rows = v.table.locator('tbody tr');
  await expect(rows).toHaveCount(all.length);
  const names = await rows.filter({ hasText: 'within noise (intervals overlap)' }).locator('th').allInnerTexts();
  expect(names).toHaveLength(within.length);
  await expect(v.status).toContainText(`${within.length} within noise`);
  await v.region.getByRole('checkbox', { name: 'Hide differences within noise' }).check();
  await expect(rows.filter({ visible: true })).toHaveCount(all.length - within.length);
  await expect(v.table.getByText('within noise (intervals overlap)')).toHaveCount(within.length);
  for (const t of await rows.filter({ visible: true }).allInnerTexts()) expect(t).not.toContain('within noise');
  await expect(v.status).toContainText(`${within.length} within noise (hidden)`);
});

test('unchecking the last report checks it again and says that at least one report must be chosen', async ({
  page,
}) => {
  const v = await driveToCloudI(page);
  await v.reports.getByRole('checkbox', { name: /^CloudI 1\.5\.4 / }).uncheck();
  const last = v.reports.getByRole('checkbox', { name: /^CloudI 1\.7\.1 / });
  // A click, not uncheck(): the box does not stay unchecked.
  await last.click();
  await expect(last).toBeChecked();
  await expect(v.reports.getByRole('checkbox', { checked: true })).toHaveCount(1);
  const said = v.region.locator('[aria-live]').filter({ hasText: 'At least one report must be chosen' });
  await expect(said).toHaveText(/^At least one report must be chosen: CloudI 1\.7\.1 .* is checked again\.$/);
});

test('values are labelled by their report’s title, not its first software version (hackney in Mojito’s httpc_bench)', async ({
  page,
}) => {
  const MOJITO = 'httpc-bench-mojito-ec2-m5-4xlarge';
  const XEON = 'httpc-bench-xeon-2x48';
  await page.goto(`/compare/?m=throughput:value:req/s&r=${XEON},${MOJITO}&e=hackney`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  const headers = await v.table.getByRole('rowheader').allInnerTexts();
  expect(headers).toHaveLength(2);
  expect(headers.join('\n')).not.toMatch(/Mojito 0\.3\.0|Erlang 19\.2\.1/);
  for (const slug of [XEON, MOJITO])
    expect(
      headers.some((h) => h.includes(report(slug).title.split(' (')[0])),
      slug,
    ).toBe(true);
});

test('the “not like with like” warning lists each difference as an item', async ({ page }) => {
  await page.goto(ACROSS);
  const v = view(page);
  const note = v.region.getByRole('note');
  await expect(note).toContainText('Not like with like');
  const items = note.getByRole('listitem');
  await expect(items.first()).toContainText('different machines');
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  for (const t of await items.allInnerTexts()) expect(t.length).toBeLessThan(200);
});

test('the CSV gives each row a short noise code and explains each code once, in its first lines', async ({ page }) => {
  await page.goto(`/compare/?m=latency:mean:us&r=${CLOUDI_206}&base=v:erlang@${CLOUDI_206}`);
  const v = view(page);
  await expect(v.table).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    v.region.getByRole('link', { name: 'CSV of this comparison' }).click(),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const lines = text.split('\n');
  const legend = lines.filter((l) => l.startsWith('# '));
  expect(lines.slice(0, legend.length)).toEqual(legend);
  // Still one table: every line has as many fields as the header.
  const rows = csvRecords(lines.slice(legend.length).join('\n'));
  const fields = (l) => parseCsv(l)[0].length;
  for (const l of legend) expect(fields(l)).toBe(Object.keys(rows[0]).length);
  const codes = new Map(
    legend
      .map((l) => /^# ([^:]+): (.*?),*$/.exec(l)?.slice(1) ?? [l, ''])
      .map(([c, t]) => [c.replace(/^noise /, ''), t]),
  );
  expect(rows.length).toBeGreaterThan(2);
  for (const r of rows.filter((x) => x.ratio_to_base !== 'base')) expect(codes.has(r.noise), r.noise).toBe(true);
  expect(rows.map((r) => r.noise)).toContain('W-i');
  for (const [, t] of codes) expect(text.split(t).length - 1, t).toBe(1);
});

test('a link that names a report or an entity twice (?r=a,a,a&e=hackney,hackney) shows each once and is rewritten', async ({
  page,
}) => {
  const slug = 'httpc-bench-xeon-2x48';
  await page.goto(`/compare/?r=${slug},${slug},${slug}&e=hackney,hackney`);
  const v = view(page);
  await expect(v.status).toContainText(/ for 1 entity in 1 report, /);
  await expect(v.table.getByRole('rowheader')).toHaveCount(1);
  await expect(v.reports.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(v.entities.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`[?&]r=${slug}&e=hackney&`.replaceAll('.', '\\.')));
});

test('the compare page promises only the comparisons it lists: CloudI 1.5.1 vs 1.7.1 is in the comparison of all three, so the page does not say every pair is compared', async ({
  page,
}) => {
  await page.goto('/compare/');
  const lede = page.locator('.lede');
  await expect(lede).not.toContainText('Every pair of reports');
  await expect(lede).toContainText('a pair of the oldest report and another is in it already');
  const links = await page.locator('.compare-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.some((h) => /1\.5\.1.*vs-1\.7\.1-core-i7\/$/.test(h) && !/1\.5\.4/.test(h))).toBe(false);
  expect(links.some((h) => /1\.5\.1.*1\.5\.4.*1\.7\.1/.test(h))).toBe(true);
});
