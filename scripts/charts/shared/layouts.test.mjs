// The narrow layout's legends: long labels on several lines (never cut), entries one under another,
// labels from a report (quotes, backslashes) kept as text.
import test from 'node:test';
import assert from 'node:assert/strict';
import { narrowSpec, wideSpec } from './layouts.mjs';
import { assemble } from './spec.mjs';
import { compile, renderSvg } from '../render.mjs';

const long = `CloudI 1.5.1, 2015-12, IBM "POWER8" \\ S822 'lazy' ${'x'.repeat(20)}`;
/** A chart of two rows, a long label and "short", drawn by one layer. */
const twoRows = (label, layer) =>
  assemble(
    {
      title: 't',
      rows: [
        { k: label, v: 1 },
        { k: 'short', v: 2 },
      ],
      fields: [
        { name: 'k', title: 'K', type: 'string' },
        { name: 'v', title: 'V', type: 'number' },
      ],
      layer: [layer],
    },
    {},
  );
const spec = twoRows(long, {
  mark: 'point',
  encoding: {
    x: { field: 'v', type: 'quantitative' },
    color: { field: 'k', type: 'nominal', scale: { domain: [long, 'short'], range: ['#0072B2', '#D55E00'] } },
  },
});

test('a long legend label goes on several lines in the narrow layout, whole, with its quotes', async () => {
  const narrow = narrowSpec(spec);
  const legend = narrow.layer[0].encoding.color.legend;
  assert.equal(legend.direction, 'vertical');
  assert.match(legend.labelExpr, /^datum\.label === "CloudI/);
  const { svg } = await renderSvg(await compile(narrow), 't');
  // The label's lines (one <tspan> each), none cut with an ellipsis, together the whole label.
  const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1].replace(/&quot;/g, '"'));
  assert.ok(lines.length >= 2, 'the long label is drawn on several lines');
  assert.ok(
    lines.every((l) => !l.endsWith('…')),
    lines.join(' | '),
  );
  assert.equal(lines.join(' '), long);
  assert.match(svg, />short</);
});

test("a bar's long label goes on several lines in the narrow layout, broken between its parts, whole, each band tall enough", async () => {
  const label = 'ab connection times · concurrency 10,000 · waiting';
  const bars = twoRows(label, {
    mark: 'bar',
    encoding: { x: { field: 'v', type: 'quantitative' }, y: { field: 'k', type: 'nominal', title: null } },
  });
  const narrow = narrowSpec(bars);
  const { svg } = await renderSvg(await compile(narrow), 't');
  const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1].replace(/&#183;|&middot;/g, '·'));
  assert.ok(lines.length >= 3, lines.join(' | '));
  assert.ok(
    lines.every((l) => !l.endsWith('…')),
    lines.join(' | '),
  );
  assert.equal(lines.join(' '), label);
  assert.ok(narrow.height >= 2 * (lines.length * 15 + 6), `plot ${narrow.height} px for ${lines.length} lines`);
});

test("a line chart of 17 lines (fortio's percentiles in dsa-config-performance) shows its whole legend inside the wide drawing", async () => {
  const names = Array.from({ length: 17 }, (_, i) => `3min c${i + 1}(DSA)`);
  const x = { field: 'p', type: 'ordinal' };
  const y = { field: 'v', type: 'quantitative' };
  const legend = () => ({ field: 'k', type: 'nominal', title: 'Benchmark', scale: { domain: names } });
  const chart = assemble(
    {
      title: 'Latency by percentile',
      subtitle: 'One line per benchmark; lower is better',
      rows: names.flatMap((k, i) => [50, 90, 99].map((p) => ({ k, p, v: i + p }))),
      fields: [
        { name: 'k', title: 'Benchmark', type: 'string' },
        { name: 'p', title: 'Percentile', type: 'number' },
        { name: 'v', title: 'Latency', type: 'number' },
      ],
      // As measurement.mjs draws many lines: colours repeat, so each line has a dash and its points a shape too.
      layer: [
        {
          mark: 'line',
          encoding: { x, y, color: legend('color'), strokeDash: legend('strokeDash') },
        },
        { mark: { type: 'point', filled: true }, encoding: { x, y, color: legend('color'), shape: legend('shape') } },
      ],
    },
    {},
  );
  const { view, height } = await renderSvg(await compile(wideSpec(chart)), null);
  const [, oy] = view.origin();
  const { y1, y2 } = view.scenegraph().root.bounds;
  assert.ok(oy + y1 >= -1 && oy + y2 <= height + 1, `drawn from ${oy + y1} to ${oy + y2} px of ${height}`);
});

test("a heatmap's colour gradient (CloudI's languages by configuration, 41 rates) is no list of entries: the chart keeps the height it asks for", () => {
  const rows = Array.from({ length: 41 }, (_, i) => ({ k: `c${i}`, v: 1000 + i }));
  const chart = assemble(
    {
      title: 'Request rate by language and configuration',
      size: { width: 640, height: 242 },
      rows,
      fields: [
        { name: 'k', title: 'Configuration', type: 'string' },
        { name: 'v', title: 'Rate', type: 'number' },
      ],
      layer: [
        {
          mark: 'rect',
          encoding: { x: { field: 'k', type: 'nominal' }, color: { field: 'v', type: 'quantitative' } },
        },
      ],
    },
    {},
  );
  assert.equal(chart.height, 242);
});
