// Unit tests of the embed page's height: text at a generous width per character, the taller
// drawing, a line per control's fallback, and the chart-only mode without its heading and text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedHeight, textHeight } from './embed-height.mjs';

const report = { title: 'Report', source: { repository: 'Org/repo' } };
const chart = {
  title: 'A title',
  subtitle: '',
  description: 'x'.repeat(100),
  digitized: false,
  controls: [],
  inline: { width: 640, height: 300 },
  narrow: { width: 288, height: 420 },
};

test('a paragraph is as tall as its lines at 0.57 em a character (0.64 bold), short a word each', () => {
  // 100 characters at 14 px in 284 px: 798 px of text in lines of 244.1 px: 4 lines of 19.6 px.
  assert.equal(textHeight('x'.repeat(100), { px: 14, lh: 1.4, width: 284 }), 4 * 14 * 1.4);
  assert.equal(textHeight('', { px: 14, lh: 1.4, width: 284 }), 0);
  assert.ok(
    textHeight('x'.repeat(40), { px: 18, lh: 1.25, width: 284, bold: true }) >
      textHeight('x'.repeat(40), { px: 18, lh: 1.25, width: 284 }),
  );
});

test('the frame holds the taller drawing; a control and a digitized note each add their lines', () => {
  const base = embedHeight(chart, [report]);
  assert.equal(embedHeight({ ...chart, narrow: { height: 520 } }, [report]), base + 100);
  assert.ok(embedHeight({ ...chart, digitized: true }, [report]) > base);
  const control = { label: 'Maximum error %', default: 1, unit: '' };
  assert.ok(embedHeight({ ...chart, controls: [control] }, [report]) >= base + 16 + 48);
});

test('the chart alone (?plain=1) leaves out the heading, subtitle and description', () => {
  const full = embedHeight(chart, [report]);
  const plain = embedHeight(chart, [report], { plain: true });
  const text =
    4 +
    textHeight(chart.title, { px: 18, lh: 1.25, width: 284, bold: true }) +
    8 +
    textHeight(chart.description, { px: 14, lh: 1.4, width: 284 });
  assert.ok(Math.abs(full - plain - text) <= 1, `${full} - ${plain} is the text's ${text}`);
});

test('a chart from several reports credits each of them, and its page: the credit, and the page, grow with them', () => {
  const other = { title: 'Another report with a long title', source: { repository: 'Someone/else' } };
  const one = embedHeight({ ...chart, page_title: 'A comparison' }, [report]);
  assert.equal(one, embedHeight(chart, [report]));
  const two = embedHeight({ ...chart, page_title: 'A comparison' }, [report, other, { ...other, title: 'A third' }]);
  assert.ok(two > one, `${two} > ${one}`);
});
