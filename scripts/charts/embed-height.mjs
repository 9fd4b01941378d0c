// The height of a chart's embed page (/charts/<id>/) that holds at every width from 320 to 1,200 px:
// the height of its iframe snippets (share panel, oEmbed), so that a host page without
// static/embed.js never clips the chart. Worked out here, once a chart, from what the page shows.
//  - The tallest text is at the narrowest width (an iframe of 300 px in a 320 px page: a column of
//    284 px inside its 8 px padding), estimated generously (textHeight) with the embed page's own
//    type sizes (assets/css/site.css, "Embed pages": keep the two in step;
//    tests/e2e/embed-size.spec.mjs measures the pages).
//  - The chart is the taller of its two drawings at their own size: the narrow one below a 660 px
//    frame, never drawn larger; the wide one above, scaled down until 1:1.
// Pure; the arithmetic is in float64, in the order the page's numbers were first added up.
import { authorsOf, nameText } from '../lib/authors.mjs';
import { goText } from '../lib/go-format.mjs';

/** The column of text at the narrowest width (CSS px). */
const COLUMN = 284;

/**
 * The height a paragraph takes, at most, in a column: its characters at a generous average width
 * (DejaVu Sans, one of the widest common sans fonts, averages about 0.55 em a character; 0.57 here,
 * 0.64 bold), lines short by a long word each, times the line height. 0 for no text.
 */
export function textHeight(text, { px, lh, width, bold = false }) {
  const n = [...String(text ?? '')].length;
  if (!n) return 0;
  const em = bold ? 0.64 : 0.57;
  const per = width - 5.0 * em * px;
  const lines = Math.ceil((n * em * px) / per);
  return lines * px * lh;
}

/**
 * @param {object} chart the chart's entry in charts.json (title, subtitle, description, digitized,
 *   controls, and the sizes of its drawings: inline, narrow)
 * @param {object[]} reports the reports it draws from (data/reports/<slug>.json), in the
 *   order of the chart's `sources`: the credit line names each one's authors, repository and title,
 *   then, for several, the page the chart belongs to (layouts/_partials/helpers/embed-credit.html)
 * @param {{ plain?: boolean }} [options] plain: the chart-only mode (?plain=1), without heading,
 *   subtitle and description
 * @returns {number} CSS px
 */
export function embedHeight(chart, reports, { plain = false } = {}) {
  const w = COLUMN;
  let h = 16.0; // main's padding
  if (!plain) {
    h = h + 4 + textHeight(chart.title, { px: 18, lh: 1.25, width: w, bold: true });
    if (chart.subtitle) h = h + 4 + textHeight(chart.subtitle, { px: 14, lh: 1.4, width: w });
    h = h + 8 + textHeight(chart.description, { px: 14, lh: 1.4, width: w });
  }
  if (chart.digitized)
    h = h + 12 + textHeight('Digitized from a published image, not measured', { px: 13, lh: 1.4, width: w - 16 });
  // The frame: border and padding, and the taller drawing.
  h = h + 18 + Math.max(chart.narrow.height, chart.inline.height);
  for (const c of chart.controls ?? []) {
    const fallback = `${goText(c.label)}: ${goText(c.default)} ${goText(c.unit || '')} (shown). To choose another value without JavaScript, use the chart's data.`;
    h = h + 16 + Math.max(48, textHeight(fallback, { px: 16, lh: 1.5, width: w }));
  }
  h = h + 6 + textHeight('Plotted rows (CSV) · PNG · SVG', { px: 13, lh: 1.4, width: w });
  const each = reports.map(
    (r) => `${authorsOf(r).names.map(nameText).join(', ')}, ${r.source.repository} · ${r.title}`,
  );
  const credit =
    reports.length > 1
      ? `Sources: ${each.join('; ')} · ${chart.page_title ?? ''} · Bench Atlas`
      : `Source: ${each[0]} · Bench Atlas`;
  h = h + 4 + textHeight(credit, { px: 13, lh: 1.4, width: w });
  // The folded citation's summary line, and a margin for rounding.
  h = h + 4 + 24 + 8;
  return Math.ceil(h);
}
