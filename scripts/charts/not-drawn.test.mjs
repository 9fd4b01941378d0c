// No report can break the build: a drawing that lost marks is refused with the chart and the count,
// and a chart refused leaves the index with its reason (the report page shows its table instead).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDrawing, notDrawn } from './not-drawn.mjs';
import { assemble } from './shared/spec.mjs';
import { countMarks, load, renderChart } from './render.mjs';

const svg = (marks) =>
  `<svg><g class="mark-symbol role-mark points_marks">${'<path d="M0,0"/>'.repeat(marks)}</g><text font-size="12px">x</text></svg>`;

test('a drawing with fewer marks than plotted rows is refused, naming the chart, the layout and both counts', () => {
  const chart = { id: 'r--time', markClass: 'points_marks', rows: 131 };
  assert.throws(
    () => checkDrawing(chart, { svgWide: svg(4), svgNarrow: svg(131) }),
    /^Error: r--time: the wide SVG has 4 points_marks items for 131 plotted rows$/,
  );
  assert.doesNotThrow(() => checkDrawing(chart, { svgWide: svg(131), svgNarrow: svg(131) }));
});

test('a chart not drawn leaves the charts, the report and the table lists, and is listed with its reason', () => {
  const index = {
    charts: { 'r--a': {}, 'r--b': {} },
    reports: { r: ['r--a', 'r--b'] },
    by_table: { r: { measurements: ['r--a', 'r--b'] } },
    not_drawn: {},
  };
  const entry = { id: 'r--b', report: 'r', name: 'b', title: 'Time by size', table: 'measurements' };
  const warning = notDrawn(index, entry, 'r--b: the wide SVG has 4 points_marks items for 131 plotted rows');
  assert.deepEqual(Object.keys(index.charts), ['r--a']);
  assert.deepEqual(index.reports.r, ['r--a']);
  assert.deepEqual(index.by_table.r.measurements, ['r--a']);
  assert.deepEqual(index.not_drawn.r, [
    {
      name: 'b',
      title: 'Time by size',
      table: 'measurements',
      reason: 'the wide SVG has 4 points_marks items for 131 plotted rows',
    },
  ]);
  assert.match(warning, /^r--b not drawn \(the wide SVG has 4 .*\); the report page shows its table instead$/);
});

test("a chart not drawn takes its sentence with it: the report's findings and headline give the drawn charts' only", () => {
  const index = {
    charts: { 'r--a': {}, 'r--b': {} },
    reports: { r: ['r--a', 'r--b'] },
    by_table: { r: { measurements: ['r--a', 'r--b'] } },
    findings: { r: { headline: 'B was fastest.', items: ['B was fastest.', 'A ranged from 1 to 2.'] } },
    not_drawn: {},
  };
  const entry = { id: 'r--b', report: 'r', name: 'b', title: 'T', table: 'measurements', finding: 'B was fastest' };
  notDrawn(index, entry, 'r--b: title too wide for 640 pixels');
  assert.deepEqual(index.findings.r, { headline: 'A ranged from 1 to 2.', items: ['A ranged from 1 to 2.'] });
  notDrawn(index, { ...entry, id: 'r--a', name: 'a', finding: 'A ranged from 1 to 2.' }, 'r--a: no marks');
  assert.equal(index.findings.r, undefined);
});

test('benchmarks named constructor, __proto__, toString and hasOwnProperty are charted, in the order the chart gives', async () => {
  const names = ['toString', 'constructor', 'a', '__proto__', 'hasOwnProperty'];
  const rows = names.map((series, i) => ({ series, value: i + 1 }));
  const y = { field: 'series', type: 'nominal', title: null, sort: names };
  const x = { field: 'value', type: 'quantitative' };
  const spec = assemble(
    {
      title: 'Latency by benchmark',
      rows,
      fields: [{ name: 'series' }, { name: 'value' }],
      layer: [
        { name: 'bars', mark: 'bar', encoding: { y, x } },
        { mark: 'text', encoding: { y, x, text: { field: 'value' } } },
      ],
    },
    {},
  );
  await load();
  const { svgWide } = await renderChart(spec, 'proto', {}, { png: false });
  // The y axis labels, top to bottom, as the drawing writes them.
  const labels = [...svgWide.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1].trim())
    .filter((t) => names.includes(t));
  assert.deepEqual(labels, names);
});

/** A bar chart of `rows` by `field`, drawn wide and narrow: the drawings' texts and their bars. */
async function drawnBars(title, rows, field, { y = {}, bars = {} } = {}) {
  const spec = assemble(
    {
      title,
      rows,
      fields: [{ name: field }, { name: 'value' }],
      layer: [
        {
          name: 'bars',
          mark: 'bar',
          ...bars,
          encoding: {
            y: { field, type: 'nominal', ...y },
            x: { field: 'value', type: 'quantitative' },
            ...bars.encoding,
          },
        },
      ],
    },
    {},
  );
  await load();
  const { svgWide, svgNarrow } = await renderChart(spec, 'if', {}, { png: false });
  return [svgWide, svgNarrow].map((svg) => ({
    texts: [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].trim()),
    bars: countMarks(svg, 'bars_marks'),
  }));
}

test('a benchmark named "if", or whose long name wraps to a line that is "if", is charted with its label whole', async () => {
  // Vega's expression parser reads a string "if" as a signal's name ("Unrecognized signal name"):
  // linpack's prose line "- Computational tests pass if ..." once named a series so, and its chart was not drawn.
  const long = 'WR00L2L2 · 29 · 1 · 2 · 2 · Computational · tests · pass · if';
  const names = ['if', 'a', long];
  const rows = names.map((series, i) => ({ series, value: i + 1 }));
  const drawn = await drawnBars('Throughput by run', rows, 'series', {
    y: { title: null, sort: names },
    bars: { encoding: { color: { field: 'series', type: 'nominal' } } },
  });
  for (const { texts, bars } of drawn) {
    assert.ok(texts.includes('if'), 'the label "if" is drawn');
    assert.equal(bars, 3);
  }
});

test('a condition named "if" (a column of a report) is charted: its bars, axis and tooltip', async () => {
  const rows = [
    { if: 'eth0', value: 1 },
    { if: 'lo', value: 2 },
  ];
  const drawn = await drawnBars('Bandwidth by interface', rows, 'if', {
    y: { title: 'if', sort: ['lo', 'eth0'] },
    bars: {
      transform: [{ joinaggregate: [{ op: 'count', as: 'n' }], groupby: ['if'] }],
      encoding: { tooltip: [{ field: 'if' }, { field: 'value' }] },
    },
  });
  for (const { texts, bars } of drawn) {
    assert.equal(bars, 2);
    assert.ok(texts.includes('eth0') && texts.includes('lo'), texts.join(' | '));
  }
});
