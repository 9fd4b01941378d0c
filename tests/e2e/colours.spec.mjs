// Colours that identify, and legends a reader sees whole: on every chart of every report and
// comparison, read as a reader's browser draws it (computed colours, so the dark theme counts),
//  - no two entries of one legend look alike (colour, shape and dash), and every mark's colour is
//    one its legend explains;
//  - one software entity (Erlang, MachineGun, ...) has one colour on every chart that shows it;
//  - no legend entry is cut: each label inside its drawing and its frame, never shortened with "…",
//    at 360, 768 and 1,280 px, light and dark, without JavaScript (the inline drawings) and live.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { ROOT, allCharts, atlasComparisons, chartIndex, chartsOf, makeChartsLive, reports } from '../helpers/site.mjs';

const index = chartIndex();
const pages = [
  ...reports()
    .filter((r) => chartsOf(r.slug, index).length)
    .map((r) => ({ url: `/reports/${r.slug}/`, title: r.title })),
  ...atlasComparisons().map((c) => ({ url: `/compare/${c.slug}/`, title: c.title ?? c.slug })),
];
const { entities } = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'atlas', 'entities.json'), 'utf8'));
const entityOf = new Map(entities.flatMap((e) => [e.id, e.name, ...e.aliases].map((n) => [n.toLowerCase(), e.id])));
/** The entity a legend label names ("MachineGun (1 x 1,024)" -> machine-gun), or undefined. */
const entityOfLabel = (label) =>
  entityOf.get(
    label
      .replace(/\s*\(.*\)$/, '')
      .trim()
      .toLowerCase(),
  );

/**
 * What a reader sees of every chart drawing shown in the page: its legends (entries with label,
 * look and place) and the colours of its marks. Runs in the page.
 */
function readCharts(figures, selectors) {
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const out = [];
  for (const fig of figures) {
    const id = fig.dataset.chart;
    const frame = fig.querySelector('.chart-frame');
    for (const svg of fig.querySelectorAll('.chart-frame svg')) {
      if (!shown(svg) || svg.closest('svg') !== svg) continue;
      const sr = svg.getBoundingClientRect();
      const fr = frame.getBoundingClientRect();
      const legends = [...svg.querySelectorAll('g')]
        .filter((g) => g.classList.contains('role-legend'))
        .map((g) => {
          const symbols = [...g.querySelectorAll('.role-legend-symbol path')];
          const labels = [...g.querySelectorAll('.role-legend-label text')];
          if (symbols.length !== labels.length) return null; // a gradient legend: values, not categories
          return labels.map((t, i) => {
            const s = getComputedStyle(symbols[i]);
            const r = t.getBoundingClientRect();
            // A line symbol (a dash legend) shows its stroke; a shape, its fill unless hollow.
            const line = /^M-?[\d.]+,0L-?[\d.]+,0$/.test(symbols[i].getAttribute('d') ?? '');
            const colour = !line && s.fillOpacity !== '0' && s.fill !== 'none' ? s.fill : s.stroke;
            return {
              box: `label ${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)}, drawing ${Math.round(sr.left)}-${Math.round(sr.right)} x ${Math.round(sr.top)}-${Math.round(sr.bottom)}, frame ${Math.round(fr.left)}-${Math.round(fr.right)}`,
              label: [...t.querySelectorAll('tspan')].map((x) => x.textContent).join(' ') || t.textContent,
              look: [s.fill, s.stroke, symbols[i].getAttribute('d'), s.strokeDasharray, s.fillOpacity].join(' | '),
              colour,
              inside:
                r.left >= Math.max(sr.left, fr.left) - 1 &&
                r.right <= Math.min(sr.right, fr.right) + 1 &&
                r.top >= Math.max(sr.top, fr.top) - 1 &&
                r.bottom <= Math.min(sr.bottom, fr.bottom) + 1,
            };
          });
        })
        .filter(Boolean);
      const marks = [...svg.querySelectorAll(selectors[id] ?? ':not(*)')].map((m) => {
        const s = getComputedStyle(m);
        return s.fill !== 'none' && s.fillOpacity !== '0' ? s.fill : s.stroke;
      });
      out.push({ id, layout: svg.classList.contains('chart-narrow') ? 'narrow' : 'wide', legends, marks });
    }
  }
  return out;
}

const selectors = Object.fromEntries(allCharts(index).map((c) => [c.id, c.marks_selector]));

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: no chart draws two categories alike, every mark's colour is in its legend, and an entity keeps its colour on every chart`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      colorScheme: scheme,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const colours = new Map(); // entity -> Map(colour -> where)
    let legendsRead = 0;
    for (const { url } of pages) {
      await page.goto(url);
      const charts = await page.locator('figure.chart').evaluateAll(readCharts, selectors);
      for (const c of charts) {
        for (const entries of c.legends) {
          legendsRead++;
          const seen = new Map();
          for (const e of entries) {
            expect(
              seen.get(e.look),
              `${c.id}: "${e.label}" looks like "${seen.get(e.look)}" (${e.look})`,
            ).toBeUndefined();
            seen.set(e.look, e.label);
            const entity = entityOfLabel(e.label);
            if (!entity) continue;
            if (!colours.has(entity)) colours.set(entity, new Map());
            colours.get(entity).set(e.colour, `${c.id} ("${e.label}")`);
          }
        }
        const legendColours = new Set(c.legends.flat().map((e) => e.colour));
        const colourLegend = c.legends.some((l) => new Set(l.map((e) => e.colour)).size > 1);
        if (colourLegend)
          for (const m of new Set(c.marks))
            expect(legendColours.has(m), `${c.id}: a mark in ${m}, a colour its legend does not explain`).toBe(true);
      }
    }
    expect(legendsRead, 'legends were read').toBeGreaterThan(20);
    for (const [entity, seen] of colours)
      expect([...seen.keys()], `${entity} in one colour: ${[...seen.values()].join(', ')}`).toHaveLength(1);
    expect(colours.get('erlang')?.size, 'Erlang is on charts').toBe(1);
    await context.close();
  });
}

for (const width of [360, 768, 1280])
  for (const scheme of ['light', 'dark'])
    test(`at ${width} px, ${scheme}: every legend entry of every chart is whole and inside its chart, with and without JavaScript`, async ({
      browser,
    }) => {
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({
          colorScheme: scheme,
          javaScriptEnabled,
          viewport: { width, height: 900 },
        });
        const page = await context.newPage();
        // Live, the two reports of issue 25 (the others draw the same specs).
        const list = javaScriptEnabled ? pages.filter((p) => /cloudi-2\.0\.6|mojito/.test(p.url)) : pages;
        let entries = 0;
        for (const { url } of list) {
          await page.goto(url);
          if (javaScriptEnabled) await makeChartsLive(page);
          for (const c of await page.locator('figure.chart').evaluateAll(readCharts, selectors))
            for (const e of c.legends.flat()) {
              entries++;
              const where = `${url} ${c.id} (${c.layout}${javaScriptEnabled ? ', live' : ''})`;
              expect(e.label.endsWith('…'), `${where}: legend label "${e.label}" is cut`).toBe(false);
              expect(e.inside, `${where}: legend entry "${e.label}" is outside the chart (${e.box})`).toBe(true);
            }
        }
        expect(entries, 'legend entries were read').toBeGreaterThan(javaScriptEnabled ? 30 : 100);
        await context.close();
      }
    });

test('the CloudI 2.0.6 latency chart shows all 14 languages and 3 receiver kinds in its legend, and every percentile label', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/reports/cloudi-2.0.6-request-rate-language-dell-poweredge-r710/');
  const fig = page.getByRole('figure', { name: /request latency by percentile/ });
  const [chart] = await fig.evaluateAll(readCharts, selectors);
  expect(chart.legends.map((l) => l.length).sort((a, b) => a - b)).toEqual([3, 14]);
  expect(chart.legends.flat().map((e) => e.label)).toEqual(
    expect.arrayContaining(['Python2', 'Python3', 'Rust', 'threads']),
  );
  // The x labels: every percentile, none overlapping the next (slanted labels: parallel lines at
  // least a line's height apart; level ones: boxes apart).
  const labels = await fig.locator('svg.chart-wide .role-axis-label text').evaluateAll((ts) =>
    ts.map((t) => {
      const m = /translate\(([-\d.]+),([-\d.]+)\)(?: rotate\(([-\d.]+)\))?/.exec(t.getAttribute('transform') ?? '');
      const r = t.getBoundingClientRect();
      return {
        text: t.textContent,
        x: +m[1],
        y: +m[2],
        angle: +(m[3] ?? 0),
        size: parseFloat(t.getAttribute('font-size')),
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
      };
    }),
  );
  // The y axis labels have thousands separators; the x axis's are the percentiles.
  const x = labels.filter((l) => /^\d+(\.\d+)?$/.test(l.text)).sort((a, b) => a.x - b.x);
  expect(x.map((l) => l.text)).toEqual(expect.arrayContaining(['99.9', '99.99', '99.999', '100']));
  for (let i = 1; i < x.length; i++) {
    const [a, b] = [x[i - 1], x[i]];
    if (a.angle) {
      const gap = (b.x - a.x) * Math.abs(Math.sin((a.angle * Math.PI) / 180));
      expect(gap, `x labels ${a.text} and ${b.text}: slanted lines ${gap.toFixed(1)} px apart`).toBeGreaterThanOrEqual(
        a.size,
      );
    } else expect(b.left, `x labels ${a.text} and ${b.text} overlap`).toBeGreaterThanOrEqual(a.right);
  }
  await context.close();
});

/** Pairs of axis labels of the shown drawings that a reader sees overlapping. Runs in the page. */
function overlappingAxisLabels(figures) {
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const out = [];
  let read = 0;
  for (const fig of figures)
    for (const svg of fig.querySelectorAll('.chart-frame svg')) {
      if (!shown(svg)) continue;
      for (const axis of svg.querySelectorAll('g.role-axis')) {
        const labels = [...axis.querySelectorAll('.role-axis-label text')]
          .filter((t) => t.textContent.trim() && getComputedStyle(t).opacity !== '0')
          .map((t) => {
            const m = /rotate\(([-\d.]+)\)/.exec(t.getAttribute('transform') ?? '');
            const r = t.getBoundingClientRect();
            return { text: t.textContent, angle: m ? +m[1] : 0, size: parseFloat(t.getAttribute('font-size')), r };
          });
        read += labels.length;
        for (let i = 0; i < labels.length; i++)
          for (let j = i + 1; j < labels.length; j++) {
            const [a, b] = [labels[i], labels[j]];
            if (a.angle || b.angle) {
              // Slanted labels are parallel lines: apart by at least most of a line's height.
              const s = Math.abs(Math.sin((a.angle * Math.PI) / 180)) || 1;
              const dx = Math.abs(a.r.right - b.r.right);
              const dy = Math.abs(a.r.bottom - b.r.bottom);
              if (Math.max(dx, dy) * s < a.size * 0.8)
                out.push(`${fig.dataset.chart}: "${a.text}" and "${b.text}" (slanted)`);
            } else if (
              a.r.left < b.r.right - 1 &&
              b.r.left < a.r.right - 1 &&
              a.r.top < b.r.bottom - 1 &&
              b.r.top < a.r.bottom - 1
            )
              out.push(`${fig.dataset.chart}: "${a.text}" and "${b.text}"`);
          }
      }
    }
  return { out, read };
}

for (const width of [360, 768, 1280])
  test(`at ${width} px, no chart's axis labels overlap`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const found = [];
    let read = 0;
    for (const { url } of pages) {
      await page.goto(url);
      const seen = await page.locator('figure.chart').evaluateAll(overlappingAxisLabels);
      found.push(...seen.out);
      read += seen.read;
    }
    expect(read, 'axis labels were read').toBeGreaterThan(200);
    expect(found).toEqual([]);
    await context.close();
  });
