// Unit tests of the embed page's height at each width of its frame: text broken into lines as a
// browser breaks it, the drawing the page shows at that width (the narrow one as wide as the frame
// up to 1.25x, the wide one from a 660 px frame on), and the CSS that gives a pasted snippet's frame
// that height at any width without a script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawingHeight, embedHeightAt, embedSize, maxWidth, MIN_WIDTH, textHeight } from './embed-height.mjs';

const report = { title: 'Report', source: { repository: 'Org/repo' } };
const chart = {
  title: 'A title of a chart, long enough to wrap on a phone',
  subtitle: 'A subtitle',
  description: 'Words of a description. '.repeat(8).trim(),
  digitized: false,
  controls: [],
  inline: { width: 640, height: 300 },
  narrow: { width: 300, height: 420 },
};
/** Every character 0.5 em wide. */
const measure = (s, px) => [...s].length * px * 0.5;

/** The height the snippet's CSS length gives a frame `w` px wide (the CSS evaluated as a browser would). */
function cssHeight(css, w) {
  const js = css
    .replace(/^calc\(/, '(')
    .replaceAll('var(--s)', `${100 * w}`)
    .replaceAll('var(--w)', `${w}`)
    .replaceAll('px', '');
  const clamp = (lo, v, hi) => Math.min(Math.max(lo, v), hi);
  return new Function('clamp', 'min', 'max', `return ${js};`)(clamp, Math.min, Math.max);
}

test('a paragraph is as tall as its lines, broken at spaces where the next word would not fit', () => {
  // "aaaa bbbb cccc" at 10 px: words 20 px wide, a space 5 px: two words a line in 45 px.
  assert.equal(textHeight('aaaa bbbb cccc', { px: 10, lh: 1.5, width: 45, measure }), 2 * 15);
  assert.equal(textHeight('aaaa bbbb cccc', { px: 10, lh: 1.5, width: 44, measure }), 3 * 15);
  assert.equal(textHeight('', { px: 14, lh: 1.4, width: 284, measure }), 0);
  // Without the font's widths, a generous average width per character (bold wider).
  assert.ok(
    textHeight('xxx '.repeat(20), { px: 18, lh: 1.25, width: 284, bold: true }) >
      textHeight('xxx '.repeat(20), { px: 18, lh: 1.25, width: 284 }),
  );
});

test('the drawing is the narrow one as wide as the frame up to 375 px, then the wide one down to 1:1', () => {
  // A 304 px frame on a 320 px phone: 278 px of drawing (8 px of page and 5 px of frame each side).
  assert.equal(drawingHeight(chart, 304), (420 * 278) / 300);
  assert.equal(drawingHeight(chart, 600), (420 * 375) / 300);
  assert.equal(drawingHeight(chart, 693), (420 * 375) / 300);
  assert.equal(maxWidth(chart), 694);
  assert.equal(drawingHeight(chart, 694), 300);
  assert.equal(maxWidth({ ...chart, inline: { width: 760, height: 300 } }), 794);
});

test('the page is shorter the wider its frame while the drawing keeps its size: its text takes fewer lines', () => {
  const at = (w) => embedHeightAt(chart, [report], w, { measure });
  assert.ok(at(420) < at(300) + (420 - 300) * (420 / 300), `${at(420)} and ${at(300)}`);
  assert.ok(at(693) < at(450), `${at(693)} < ${at(450)}`);
  assert.ok(at(694) < at(693), 'the wide drawing is the shorter here');
  const control = { label: 'Maximum error %', default: 1, unit: '' };
  assert.ok(
    embedHeightAt({ ...chart, controls: [control] }, [report], 400) >=
      embedHeightAt(chart, [report], 400) + 8 + 16 + 48 + 16 + 2,
  );
  assert.ok(embedHeightAt({ ...chart, digitized: true }, [report], 400) > embedHeightAt(chart, [report], 400) + 40);
});

test("the snippet's CSS gives the frame the page's height at every width, never less", () => {
  for (const [c, plain] of [
    [chart, false],
    [chart, true],
    [{ ...chart, digitized: true, inline: { width: 760, height: 420 } }, false],
  ]) {
    const size = embedSize(c, [report], { plain, measure });
    assert.equal(size.width, maxWidth(c));
    assert.equal(size.height, embedHeightAt(c, [report], size.width, { plain, measure }));
    for (let w = MIN_WIDTH; w <= size.width; w += 0.25) {
      const page = embedHeightAt(c, [report], w, { plain, measure });
      const frame = cssHeight(size.css, w);
      // The page's height is rounded up to a whole pixel; at a whole width the frame is no taller
      // (but for its factors, rounded up to 4 decimals).
      assert.ok(frame >= page - 1, `${w} px wide: a frame of ${frame} px for a page of ${page}`);
      if (Number.isInteger(w))
        assert.ok(frame <= page + 0.01, `${w} px wide: a frame of ${frame} px for a page of ${page}`);
    }
  }
});

test('the chart alone (?plain=1) leaves out the heading, subtitle and description', () => {
  const full = embedHeightAt(chart, [report], 400, { measure });
  const plain = embedHeightAt(chart, [report], 400, { plain: true, measure });
  const text =
    4 +
    textHeight(chart.title, { px: 18, lh: 1.25, width: 384, bold: true, measure }) +
    4 +
    textHeight(chart.subtitle, { px: 14, lh: 1.4, width: 384, measure }) +
    8 +
    textHeight(chart.description, { px: 14, lh: 1.4, width: 384, measure });
  assert.ok(Math.abs(full - plain - text) <= 1, `${full} - ${plain} is the text's ${text}`);
});

test('a chart from several reports credits each of them, and its page: the credit, and the page, grow with them', () => {
  const other = { title: 'Another report with a long title', source: { repository: 'Someone/else' } };
  const one = embedHeightAt({ ...chart, page_title: 'A comparison' }, [report], 320);
  assert.equal(one, embedHeightAt(chart, [report], 320));
  const two = embedHeightAt(
    { ...chart, page_title: 'A comparison' },
    [report, other, { ...other, title: 'A third' }],
    320,
  );
  assert.ok(two > one, `${two} > ${one}`);
});

test("a chart's embed size lays each paragraph out again only where its own lines can change: a 25th of the measuring at every width", () => {
  let calls = 0;
  const counted = (s, px) => {
    calls++;
    return measure(s, px);
  };
  embedSize(chart, [report], { measure: counted });
  const once = calls;
  calls = 0;
  for (let w = MIN_WIDTH; w <= maxWidth(chart); w++) embedHeightAt(chart, [report], w, { measure: counted });
  assert.ok(once * 25 <= calls, `${once} measurements for the embed size, ${calls} for a layout at every width`);
});
