// The data tables of every report: they show every row of data/ (numbers right-aligned, with
// thousands separators, each row linked to its seed line), their CSV and JSON downloads hold exactly
// those rows, and the big httpc_bench table sorts and filters by what client-rate.csv says.
import { test, expect } from '@playwright/test';
import { chartIndex, chartsOf, csvRecords, reports, tableRows, expectLive, tableOnPage } from '../helpers/site.mjs';
import { columnsOf, identityAndValue } from '../helpers/reader.mjs';

const HTTPC = 'httpc-bench-mojito-ec2-m5-4xlarge';
const httpcRows = tableRows(HTTPC, 'client-rate');
const httpcTitle = reports()
  .find((r) => r.slug === HTTPC)
  .tables.find((t) => t.id === 'client-rate').title;

/** A JSON value as the CSV writes it: null is an empty cell, numbers compare by value. */
function sameCell(csv, json) {
  if (json === null || json === undefined) return csv === '';
  if (typeof json === 'number') return csv !== '' && Number(csv) === json;
  return csv === String(json);
}

/**
 * Open the httpc report with the table as it is before a reader touches it: the best-client chart
 * live (it sets the table's error limit, so wait for it) and then the limit cleared.
 */
async function openHttpcTable(page) {
  await page.goto(`/reports/${HTTPC}/`);
  const best = chartsOf(HTTPC, chartIndex()).find((c) => c.controls?.some((k) => k.name === 'max_error'));
  if (best) {
    const fig = page.getByRole('figure', { name: best.title, exact: true });
    await fig.scrollIntoViewIfNeeded();
    await expectLive(fig);
  }
  const section = page
    .locator('section.data-table')
    .filter({ has: page.getByRole('heading', { name: httpcTitle, exact: true }) });
  const filters = section.getByRole('group', { name: `Filter ${httpcTitle}` });
  await filters.getByRole('spinbutton', { name: 'Error % at most' }).fill('');
  await expect(section.getByRole('status')).toHaveText(`${httpcRows.length} of ${httpcRows.length} rows shown`);
  return { section, filters, table: section.getByRole('table') };
}

test('sorting the httpc table by "Successful requests/s", descending, puts the fastest configuration first', async ({
  page,
}) => {
  const { section, table } = await openHttpcTable(page);
  const sort = section.getByRole('button', { name: 'Sort by Successful requests/s' });
  const header = section
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: 'Sort by Successful requests/s' }) });
  await sort.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await sort.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  const max = Math.max(...httpcRows.map((r) => Number(r.requests_per_second)));
  const fastest = httpcRows.filter((r) => Number(r.requests_per_second) === max);
  const col = await header.evaluate((th) => th.cellIndex);
  const firstRow = table.getByRole('row').nth(1);
  const cell = firstRow.getByRole('cell').nth(col);
  await expect(cell).toHaveText(max.toLocaleString('en-US'));
  await expect(cell).toHaveAttribute('data-v', String(max));
  const href = await firstRow.getByRole('link', { name: /^line \d+$/ }).getAttribute('href');
  expect(fastest.map((r) => `/seeds/${HTTPC}/#L${r.line}`)).toContain(href);
  // And the whole column runs downhill.
  const values = await table
    .locator('tbody tr')
    .evaluateAll((trs, i) => trs.map((tr) => Number(tr.cells[i].dataset.v)), col);
  expect(values).toHaveLength(httpcRows.length);
  expect(values).toEqual([...values].sort((a, b) => b - a));
});

test('filtering the httpc table to client Mojito shows exactly the Mojito rows of client-rate.csv', async ({
  page,
}) => {
  const { section, filters, table } = await openHttpcTable(page);
  const mojito = httpcRows.filter((r) => r.client === 'Mojito');
  expect(mojito.length).toBeGreaterThan(0);
  await filters.getByRole('combobox', { name: 'Client' }).selectOption('Mojito');
  await expect(section.getByRole('status')).toHaveText(`${mojito.length} of ${httpcRows.length} rows shown`);
  // Rows a reader can see (hidden rows leave the accessibility tree): the header and Mojito's.
  await expect(table.getByRole('row')).toHaveCount(mojito.length + 1);
  const clientCol = await section
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: 'Sort by Client' }) })
    .evaluate((th) => th.cellIndex);
  const shown = await table
    .locator('tbody tr:not([hidden])')
    .evaluateAll((trs, i) => trs.map((tr) => tr.cells[i].textContent.trim()), clientCol);
  expect(new Set(shown)).toEqual(new Set(['Mojito']));
  const lines = await table
    .locator('tbody tr:not([hidden])')
    .getByRole('link', { name: /^line \d+$/ })
    .evaluateAll((as) => as.map((a) => a.hash.slice(2)).sort());
  expect(lines).toEqual(mojito.map((r) => r.line).sort());
});

for (const rep of reports()) {
  test(`${rep.title}: every table shows the rows of data/, each linked to its line, and its CSV and JSON downloads hold exactly those rows`, async ({
    page,
    request,
  }) => {
    await page.goto(`/reports/${rep.slug}/`);
    for (const t of rep.tables.filter((x) => tableOnPage(rep, x))) {
      await test.step(t.title, async () => {
        const rows = tableRows(rep.slug, t.id);
        const section = page.locator(`section.data-table#table-${t.id}`);
        await expect(section.getByRole('heading', { level: 3 })).toContainText(t.title);
        const shown = await section.locator('table').evaluate((table) => {
          const cols = [...table.tHead.rows[0].cells].map((th) => th.dataset.col);
          return [...table.tBodies[0].rows].map((tr) =>
            [...tr.cells].map((td, i) => ({
              col: cols[i],
              text: td.textContent.trim(),
              v: td.dataset.v,
              align: getComputedStyle(td).textAlign,
              href: td.querySelector('a')?.getAttribute('href') ?? null,
            })),
          );
        });
        expect(shown.length, `rows of ${t.id}`).toBe(rows.length);
        const problems = [];
        shown.forEach((cells, r) => {
          const row = rows[r];
          for (const c of cells) {
            const where = `${t.id} row ${r + 1} (line ${row.line}) ${c.col}`;
            if (c.col === 'line') {
              const ok = c.href ? c.href === `/seeds/${rep.slug}/#L${row.line}` : c.text === `${row.seed}:${row.line}`;
              if (!ok) problems.push(`${where}: source ${c.href ?? c.text}`);
              continue;
            }
            if (!(c.col in row)) {
              problems.push(`${where}: no such column in the CSV`);
              continue;
            }
            if (c.v === undefined) {
              if (c.text !== row[c.col]) problems.push(`${where}: shows "${c.text}", data has "${row[c.col]}"`);
              continue;
            }
            // A number: its raw value, its reading form, its alignment.
            if (row[c.col] === '' ? c.v !== '' : Number(c.v) !== Number(row[c.col]))
              problems.push(`${where}: data-v ${c.v}, data has ${row[c.col]}`);
            if (c.align !== 'right') problems.push(`${where}: aligned ${c.align}`);
            if (row[c.col] === '') continue;
            if (!/^-?\d{1,3}(,\d{3})*(\.\d+)?$/.test(c.text))
              problems.push(`${where}: "${c.text}" is not a number with thousands separators`);
            const decimals = c.text.split('.')[1]?.length ?? 0;
            if (Math.abs(Number(c.text.replace(/,/g, '')) - Number(row[c.col])) > 0.5 * 10 ** -decimals + 1e-9)
              problems.push(`${where}: shows ${c.text}, data has ${row[c.col]}`);
          }
        });
        expect(
          problems.slice(0, 20),
          `${problems.length} cells differ from data/tables/${rep.slug}/${t.id}.csv`,
        ).toEqual([]);
      });
    }
    for (const t of rep.tables) {
      await test.step(`${t.title}: downloads`, async () => {
        const rows = tableRows(rep.slug, t.id);
        // A table shown in full has its downloads in its section; the measurement model's table,
        // where it only restates the others, is a download below them.
        const onPage = tableOnPage(rep, t);
        const section = onPage
          ? page.locator(`section.data-table#table-${t.id}`)
          : page.locator('p.model-download', { hasText: t.title });
        const csvLink = onPage
          ? section.getByRole('link', { name: 'CSV', exact: true })
          : section.getByRole('link', { name: new RegExp(`^${t.title.replace(/[()]/g, '\\$&')} \\(CSV`) });
        const jsonLink = section.getByRole('link', { name: 'JSON', exact: true });
        await expect(csvLink).toHaveAttribute('href', `/data/${rep.slug}/${t.id}.csv`);
        await expect(jsonLink).toHaveAttribute('href', `/data/${rep.slug}/${t.id}.json`);
        await expect(section).toContainText(
          `${onPage ? rows.length : rows.length.toLocaleString('en-US')} row${rows.length === 1 ? '' : 's'}`,
        );

        const csv = await request.get(await csvLink.getAttribute('href'));
        expect(csv.status()).toBe(200);
        expect(csv.headers()['content-type']).toContain('text/csv');
        expect(csvRecords(await csv.text())).toEqual(rows);

        const json = await request.get(await jsonLink.getAttribute('href'));
        expect(json.status()).toBe(200);
        const doc = await json.json();
        expect(doc.rows, `rows of ${t.id}.json`).toHaveLength(rows.length);
        const differ = [];
        doc.rows.forEach((jr, i) => {
          const keys = Object.keys(rows[i]);
          if (Object.keys(jr).join() !== keys.join())
            differ.push(`row ${i + 1}: columns ${Object.keys(jr).join()} vs ${keys.join()}`);
          for (const k of keys)
            if (!sameCell(rows[i][k], jr[k]))
              differ.push(`row ${i + 1} ${k}: ${JSON.stringify(jr[k])} vs "${rows[i][k]}"`);
        });
        expect(differ.slice(0, 20), `${differ.length} values of ${t.id}.json differ from the CSV in data/`).toEqual([]);
        expect(doc.fields.map((f) => f.name)).toEqual(Object.keys(rows[0]));
      });
    }
  });
}

for (const width of [375, 1280])
  for (const scheme of ['light', 'dark'])
    test.describe(`at ${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme });
      for (const rep of reports().filter((r) => r.tables.some((t) => tableOnPage(r, t))))
        test(`${rep.title}: every table shows ${width < 600 ? 'the columns that identify a row, its value and its source line, and the others on "Show all columns"' : 'every column'}`, async ({
          page,
        }) => {
          await page.goto(`/reports/${rep.slug}/`);
          for (const t of rep.tables.filter((x) => tableOnPage(rep, x))) {
            const section = page.locator(`section.data-table#table-${t.id}`);
            await section.scrollIntoViewIfNeeded();
            const toggle = section.getByRole('button', { name: /^Show (all \d+|fewer) columns/ });
            const all = await columnsOf(section);
            if (width >= 600) {
              expect(
                all.filter((c) => !c.shown).map((c) => c.name),
                `${t.title}: hidden columns`,
              ).toEqual([]);
              await expect(toggle).toBeHidden();
              continue;
            }
            const shown = all.filter((c) => c.shown);
            // What names a row, its value and the line it comes from, as the table's kind says.
            const cols = shown.map((c) => c.col);
            for (const key of identityAndValue(t.kind))
              if (all.some((c) => c.col === key)) expect(cols, `${t.title} keeps ${key}`).toContain(key);
            // A table of numbers keeps a value and leaves most of its other columns for later.
            if (all.some((c) => c.numeric && c.col !== 'line')) {
              expect(
                shown.some((c) => c.numeric && c.col !== 'line'),
                `${t.title}: a value column among ${shown.map((c) => c.name)}`,
              ).toBe(true);
              expect(shown.length, `${t.title}: columns shown`).toBeLessThanOrEqual(
                Math.max(5, Math.ceil(all.length / 2)),
              );
            }
            expect(cols.at(-1), `${t.title}: the source column`).toBe('line');
            if (shown.length === all.length) {
              await expect(toggle, `${t.title}: nothing to show`).toHaveCount(0);
              continue;
            }
            // The others are a tap away, and back.
            await expect(toggle).toHaveText(`Show all ${all.length} columns (${shown.length} shown)`);
            await expect(toggle).toHaveAttribute('aria-expanded', 'false');
            await toggle.click();
            expect(
              (await columnsOf(section)).filter((c) => !c.shown).map((c) => c.name),
              `${t.title}: after "Show all columns"`,
            ).toEqual([]);
            await expect(toggle).toHaveAttribute('aria-expanded', 'true');
            await toggle.click();
            expect((await columnsOf(section)).filter((c) => c.shown)).toEqual(shown);
          }
        });
    });
