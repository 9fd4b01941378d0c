// The atlas as a reader meets it: comparison pages, subject pages, the compare view.
//  - each comparison page shows every compared value with its report and seed line, and each value
//    is the one of data/atlas/comparisons/<id>.csv AND of the original table's row at that line
//    (data/tables/<report>/<table>.csv, read here with csv-parse, not through the atlas);
//  - "What differs between the runs" comes before the numbers and names every platform;
//  - the hackney page lists both httpc_bench reports, each best figure linked to its seed line;
//  - every new page fits a 375 px screen;
//  - every finding a report or subject page prints is the chart stage's, computed from data/.
import { test, expect } from '@playwright/test';
import {
  atlasComparisons,
  atlasSubjects,
  chartIndex,
  comparisonRows,
  numberForms,
  report,
  tableRows,
  watchProblems,
} from '../helpers/site.mjs';

const comparisons = atlasComparisons();

/** The table of a report that a comparison of `kind` drew from (one per kind in every report). */
function sourceTable(slug, kind) {
  const tables = report(slug).tables.filter((t) => t.kind === kind && !t.derived);
  expect(tables, `${slug}: one table of kind ${kind}`).toHaveLength(1);
  return tables[0].id;
}

/** Rows of the comparison page's table: entity, conditions, report, value, source text and link. */
async function valueRows(page, c) {
  const table = page.getByRole('table', { name: `${c.metric.title} in each report, with ratios and source lines` });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.children].map((td) => td.textContent.trim());
      const link = tr.querySelector('a.seed-link');
      return {
        entity: cells[0],
        conditions: cells[1],
        report: cells[2],
        value: cells[3],
        ratio: cells[4],
        noise: cells[5],
        source: link?.textContent.trim() ?? null,
        href: link ? new URL(link.href).pathname + new URL(link.href).hash : null,
      };
    }),
  );
}

for (const c of comparisons) {
  test(`comparison ${c.slug}: every value is the one of its CSV and of the report's table at the cited line`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await page.goto(`/compare/${c.slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.question);
    await expect(page.getByText(`${c.title}. Conditions: ${c.conditions_text}.`)).toBeVisible();
    const shown = (await valueRows(page, c)).filter((r) => r.source);
    const csv = comparisonRows(c.id);
    expect(shown.length, 'one row on the page per row of the CSV').toBe(csv.length);

    const originals = {};
    for (const row of csv) {
      const col = c.columns.find((x) => x.report === row.report && (x.run ?? '') === (row.run || (x.run ?? '')));
      const href = `/seeds/${row.report}/#L${row.line}`;
      const hit = shown.filter(
        (r) =>
          r.href === href && r.entity === row.entity_name && r.report === col.label && r.source === `line ${row.line}`,
      );
      expect(hit, `${row.entity_name} from ${row.report} line ${row.line} on the page`).toHaveLength(1);
      expect(numberForms(row.value), `${row.entity_name}, ${col.label}: value shown`).toContain(hit[0].value);
      if (col.base) expect(hit[0].ratio).toBe('base');
      else if (row.ratio_to_base) expect(numberForms(row.ratio_to_base).map((f) => `${f}×`)).toContain(hit[0].ratio);

      // The original table, independently: the row at the cited seed line holds this very value.
      const table = sourceTable(row.report, c.kind);
      originals[`${row.report}/${table}`] ??= tableRows(row.report, table);
      const original = originals[`${row.report}/${table}`].filter(
        (r) => r.seed === row.seed && Number(r.line) === Number(row.line),
      );
      expect(original.length, `${row.report}/${table}.csv has a row at ${row.seed}:${row.line}`).toBeGreaterThan(0);
      expect(
        original.map((r) => Number(r[c.metric.column])),
        `${row.report}/${table}.csv line ${row.line}: ${c.metric.column}`,
      ).toContain(Number(row.value));
      expect(numberForms(original[0][c.metric.column])).toContain(hit[0].value);
    }

    // The CSV download the page offers is the same file.
    await expect(page.getByRole('link', { name: 'Download these values (CSV)' })).toHaveAttribute(
      'href',
      `/data/comparisons/${c.id}.csv`,
    );
    expect(problems).toEqual([]);
  });

  test(`comparison ${c.slug}: each value says whether it is beyond the base's noise, and the page counts them`, async ({
    page,
  }) => {
    await page.goto(`/compare/${c.slug}/`);
    const rows = (await valueRows(page, c)).filter((r) => r.source);
    // From the atlas's JSON, in the page's order: the base, a value against the base's (no table
    // compared today states a spread: each is "cannot tell", and the page must not say more), or
    // a value whose entity has no base value.
    const expected = c.rows.flatMap((r) => {
      const base = r.values.find((v) => v.column === c.base);
      return r.values
        .filter((v) => typeof v.value === 'number')
        .map((v) =>
          v === base ? 'base' : typeof base?.value === 'number' ? 'no spread stated: cannot tell' : 'no base value',
        );
    });
    expect(rows.map((r) => r.noise)).toEqual(expected);
    const told = expected.filter((x) => x.startsWith('no spread')).length;
    expect(told).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'The numbers' })).toContainText(
      `Against the base: 0 differences beyond noise; ${told} cannot tell (no spread stated).`,
    );
  });

  test(`comparison ${c.slug}: what differs comes before the numbers and names every platform`, async ({ page }) => {
    await page.goto(`/compare/${c.slug}/`);
    const differs = page.getByRole('region', { name: 'What differs between the runs' });
    const numbers = page.getByRole('region', { name: 'The numbers' });
    await expect(differs).toBeVisible();
    for (const p of c.what_differs.platforms.values)
      await expect(differs.getByRole('link', { name: p.name, exact: true }).first()).toBeVisible();
    await expect(differs).toContainText(c.what_differs.hardware_same ? 'Same machine' : 'Different machines');
    for (const d of c.what_differs.dates.values) await expect(differs).toContainText(d.value);
    const [a, b] = [await differs.boundingBox(), await numbers.boundingBox()];
    expect(a.y + a.height, 'what differs ends before the numbers begin').toBeLessThanOrEqual(b.y);
    // The chart comes after the numbers, drawn at build time, named by its title.
    await expect(
      page.getByRole('figure', { name: `${c.metric.title} by ${c.entity_column.replaceAll('_', ' ')}` }),
    ).toBeVisible();
  });
}

test('the hackney page lists both httpc_bench reports with their best figures linked to seed lines', async ({
  page,
}) => {
  const hackney = atlasSubjects().find((s) => s.id === 'hackney');
  const measured = hackney.reports.filter((r) => r.measured);
  expect(measured.map((r) => r.report).sort()).toEqual(['httpc-bench-mojito-ec2-m5-4xlarge', 'httpc-bench-xeon-2x48']);
  await page.goto('/subjects/hackney/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('hackney');
  for (const r of measured) {
    const section = page.getByRole('region', { name: r.title });
    await expect(section.getByRole('link', { name: r.title })).toHaveAttribute('href', `/reports/${r.report}/`);
    expect(r.figures.length).toBeGreaterThan(0);
    for (const f of r.figures) {
      const item = section
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/seeds/${r.report}/#L${f.line}"]`) });
      await expect(item, `${r.report}: best figure at line ${f.line}`).toHaveCount(1);
      const value = (await item.locator('.figure-value').textContent()).trim();
      expect(numberForms(f.value).map((n) => `${n} ${f.unit}`)).toContain(value);
      // The figure is the row of the report's table at that line.
      const row = tableRows(r.report, f.table).find((x) => Number(x.line) === f.line);
      expect(Number(row[f.metric])).toBe(f.value);
    }
  }
});

// The compare view a reader drives has its own tests: compare.spec.mjs.
const NEW_PAGES = ['/subjects/', '/subjects/hackney/', '/compare/', ...comparisons.map((c) => `/compare/${c.slug}/`)];
test('the atlas pages fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const wide = [];
  for (const p of NEW_PAGES) {
    await page.goto(p);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    if (w > 375) wide.push(`${p}: ${w} px`);
  }
  expect(wide).toEqual([]);
});

test('every generated finding a report or subject page prints is the one the chart stage computed from data/ (the findings test checks those against the rows)', async ({
  page,
}) => {
  const index = chartIndex();
  const text = async () => (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  for (const [slug, f] of Object.entries(index.findings)) {
    await page.goto(`/reports/${slug}/`);
    const shown = await text();
    for (const sentence of [f.headline, ...f.items].filter(Boolean))
      expect(shown, `${slug}: ${sentence}`).toContain(sentence.replace(/\s+/g, ' '));
  }
  for (const [id, entry] of Object.entries(index.subjects ?? {})) {
    await page.goto(`/subjects/${id.replace(/^subject--/, '')}/`);
    expect(await text(), id).toContain(entry.finding);
    // A sentence that joins figures names the statistic it joins by; figures of several measures
    // (Darner's, Kestrel's) are ranked by none, and the description says so.
    if (entry.finding) expect(entry.finding, id).toMatch(/\((mean|as stated|median|max|min|p\d+)[;,]/);
    else expect(entry.description, id).toMatch(/figures of different measures are not ranked against each other\.$/);
  }
});
