// The height of a chart's embed page (/charts/<id>/) at each width of its iframe, and the CSS that
// gives the snippet's frame that height without a script (static/embed.js then sizes it exactly).
// Worked out here, once a chart, from what the page shows:
//  - text: each paragraph at the embed page's own type sizes (assets/css/site.css, "Embed pages":
//    keep the two in step; tests/e2e/embed-size.spec.mjs measures the pages), its words broken
//    into lines measured with the font's widths (textHeight); the fewer lines the wider the frame;
//  - the drawing as the page draws it (site.css, .chart-frame): the narrow one in a frame under
//    660 px wide, as wide as the frame up to 375 px (1.25x); the wide one above, down to 1:1.
// The snippet's frame is a box whose padding-top is a CSS function of its width (a percentage of
// padding is one of the width): the drawing's height as a line in the width, the text's as a
// staircase (a step down where a paragraph needs a line fewer), so the frame is as tall as its
// content at every width from 256 px, not as tall as at its tallest.
// Pure; the arithmetic is in float64, in the order the page's numbers are added up.
import { authorsOf, nameText } from '../lib/authors.mjs';
import { goText } from '../lib/go-format.mjs';
import { NARROW_BELOW, NARROW_WIDTH, wrapTextUntil } from './shared/layouts.mjs';

/** The embed page's padding (main: 8 px) and the chart frame's border, both sides (CSS px). */
const PAGE_PAD = 16;
const BORDER = 2;
/** The chart frame's padding, each side: 4 px in a frame of 30rem (480 px) or less, else 8. */
const PHONE_MAX = 480;
/** The narrow drawing is drawn at most this wide (site.css: max-width 375px). */
const NARROW_MAX = 375;
/** The narrowest frame the snippet's staircase covers; a narrower one keeps its text heights. */
export const MIN_WIDTH = 256;

/** Text widths for want of the font's own: DejaVu Sans's average per character, generously. */
export const roughMeasure = (text, px, weight) => [...text].length * px * (weight === 'bold' ? 0.64 : 0.57);

/**
 * The height a paragraph takes in a column: its words broken into lines as a browser breaks them
 * (at spaces, a line as long as fits), each line measured with the font's advance widths
 * (measure: the build passes DejaVu Sans's, render.mjs loadFonts; DejaVu Sans is one of the widest
 * common sans fonts, and a browser's kerning and its breaks after hyphens only shorten lines),
 * times the line height. 0 for no text. until(room), when given, is told the narrowest wider
 * column where the lines may change (layouts.mjs wrapTextUntil). laidOut, when given, keeps the
 * lines of each paragraph between calls (linesIn).
 */
export function textHeight(text, { px, lh, width, bold = false, measure = roughMeasure, until, laidOut }) {
  const t = String(text ?? '').trim();
  if (!t) return 0;
  const weight = bold ? 'bold' : 'normal';
  const wrapped = linesIn(t, width, px, weight, measure, laidOut);
  until?.(wrapped.until);
  return wrapped.lines.length * px * lh;
}

/**
 * A paragraph's lines in a column, laid out again only when the column reaches the width where
 * they may change: lines broken at a width `room` are the same at every wider one below their
 * `until` (each break was a line wider than both; what fitted still fits). embedSize asks at every
 * such width of any paragraph of the page, and the credit of a comparison of many reports changes
 * at nearly every pixel: without this the other paragraphs were laid out again each time (the real site's
 * 61 charts: 0.73 s of CPU, 0.50 s with it). laidOut: a Map kept for one chart's embed size, else none.
 */
function linesIn(t, room, px, weight, measure, laidOut) {
  const key = `${px} ${weight} ${t}`;
  const last = laidOut?.get(key);
  if (last && last.room <= room && room < last.until) return last;
  const fresh = { room, ...wrapTextUntil(t, room, (s) => measure(s, px, weight)) };
  laidOut?.set(key, fresh);
  return fresh;
}

/** The widest frame the snippet allows: the wide drawing at 1:1, in a frame wide enough for it. */
export const maxWidth = (chart) => Math.max(chart.inline.width, NARROW_BELOW) + PAGE_PAD + BORDER + 16;

/** The frame's padding and border at a frame width. */
const chrome = (w) => BORDER + (w <= PHONE_MAX ? 8 : 16);

/** The drawing's height at a frame width w: the narrow one under NARROW_BELOW, else the wide one. */
export function drawingHeight(chart, w) {
  const inner = w - PAGE_PAD - chrome(w);
  if (inner < NARROW_BELOW) return (chart.narrow.height * Math.min(inner, NARROW_MAX)) / NARROW_WIDTH;
  return (chart.inline.height * Math.min(inner, chart.inline.width)) / chart.inline.width;
}

/**
 * The page's text and fixed parts at a frame width w: everything but the drawing (CSS px).
 * @param {object} chart the chart's entry in charts.json (title, subtitle, description, digitized,
 *   controls, page_title)
 * @param {object[]} reports the reports it draws from, in the order of the chart's `sources`: the
 *   credit line names each one's authors, repository and title, then, for several, the page the
 *   chart belongs to (layouts/_partials/helpers/embed-credit.html)
 * @param {{ next: number }} [bound] set to the narrowest wider frame where a paragraph may take a
 *   line fewer (the text is as tall at every width below it)
 */
function textAt(chart, reports, w, plain, measure, bound, laidOut) {
  const col = w - PAGE_PAD;
  // A paragraph's column is the frame's width less a whole number of pixels: its lines hold up to
  // the first whole width where the column reaches `until`.
  const until = (o) => bound && ((room) => (bound.next = Math.min(bound.next, Math.ceil(room) + (w - o.width))));
  const text = (t, o) => textHeight(t, { ...o, measure, until: until(o), laidOut });
  let h = PAGE_PAD;
  if (!plain) {
    h = h + 4 + text(chart.title, { px: 18, lh: 1.25, width: col, bold: true });
    if (chart.subtitle) h = h + 4 + text(chart.subtitle, { px: 14, lh: 1.4, width: col });
    h = h + 8 + text(chart.description, { px: 14, lh: 1.4, width: col });
  }
  // The badge, an inline block (bold, its padding and border 14 px wide and 4.4 px tall), with its
  // margins of 12 px above and below (an inline block's margins do not collapse).
  if (chart.digitized) {
    const badge = text('Digitized from a published image, not measured', {
      px: 12,
      lh: 1.5,
      width: col - 14,
      bold: true,
    });
    h = h + 12 + badge + 4.4 + 12;
  }
  // The controls' fallbacks: 16 px apart and inside their box, the box 8 px from the frame and from
  // the links below (whose 6 px margin collapses into it).
  const controls = chart.controls ?? [];
  controls.forEach((c, i) => {
    const fallback = `${goText(c.label)}: ${goText(c.default)} ${goText(c.unit || '')} (shown). To choose another value without JavaScript, use the chart's data.`;
    h = h + (i ? 16 : 8 + 16) + Math.max(48, text(fallback, { px: 16, lh: 1.5, width: col }));
  });
  if (controls.length) h = h + 16 + 8 - 6;
  h = h + 6 + text('Plotted rows (CSV) · PNG · SVG', { px: 13, lh: 1.4, width: col });
  h = h + 4 + text(creditOf(chart, reports), { px: 13, lh: 1.4, width: col });
  // The folded citation's summary line, and a margin for rounding (the page's height in whole pixels).
  return h + 4 + 24 + 2;
}

/** The credit line's text (made once per chart: textAt runs at every width where a line may change). */
const credits = new WeakMap();
function creditOf(chart, reports) {
  if (credits.get(reports)?.chart !== chart) {
    const each = reports.map(
      (r) => `${authorsOf(r).names.map(nameText).join(', ')}, ${r.source.repository} · ${r.title}`,
    );
    const text =
      reports.length > 1
        ? `Sources: ${each.join('; ')} · ${chart.page_title ?? ''} · Bench Atlas`
        : `Source: ${each[0]} · Bench Atlas`;
    credits.set(reports, { chart, text });
  }
  return credits.get(reports).text;
}

/**
 * The embed page's height at a frame width (CSS px, rounded up).
 * @param {{ plain?: boolean, measure?: Function }} [options] plain: the chart-only mode (?plain=1),
 *   without heading, subtitle and description; measure(text, px, weight): a text's width (CSS px)
 */
export function embedHeightAt(chart, reports, width, { plain = false, measure = roughMeasure } = {}) {
  return Math.ceil(textAt(chart, reports, width, plain, measure) + chrome(width) + drawingHeight(chart, width));
}

/** A number for CSS: at most 4 decimals, no trailing zeros. */
const num = (x) => String(Math.round(x * 10000) / 10000);
/** The same, rounded up (a height or a factor of one: the frame is never the shorter for it). */
const up = (x) => String(Math.ceil(x * 10000 - 1e-6) / 10000);

/**
 * The snippet's size: its widest frame, the height there (oEmbed's size), and the CSS length of
 * its height at any width (`--w` is the frame's width, min(100%, max width); `--s` is 100 --w), never
 * below the page's height at that width as worked out here.
 *  - The text: its height at MIN_WIDTH, then a step at each whole pixel where it changes (a
 *    paragraph's line fewer; the frame's padding above 480 px): clamp(0px, (w - x) * 100, 1px) * dh
 *    is 0 up to x and dh from x + 0.01 on (a line fewer at x + 0.01, the whole pixel).
 *  - The drawing: the narrow one's height as a line up to 375 px, then the wide one's from
 *    NARROW_BELOW on: its height at NARROW_BELOW in a step, and a line above it up to 1:1.
 * @returns {{ width: number, height: number, css: string }}
 */
export function embedSize(chart, reports, { plain = false, measure = roughMeasure } = {}) {
  const max = maxWidth(chart);
  // (w - x) * 100, written as --s (100 w) less 100 x.
  const step = ([x, dh]) => `clamp(0px,var(--s) - ${num(x * 100)}px,1px)*${up(dh)}`;
  // The text's staircase: a step down where a paragraph needs a line fewer, whole from that pixel
  // on. Laid out only at the widths where some line may change (textAt's bound), not at every one.
  const steps = [];
  let bound = { next: Infinity };
  const laidOut = new Map();
  let last = textAt(chart, reports, MIN_WIDTH, plain, measure, bound, laidOut);
  for (let w = Math.max(MIN_WIDTH + 1, bound.next); w <= max; w = Math.max(w + 1, bound.next)) {
    bound = { next: Infinity };
    const h = textAt(chart, reports, w, plain, measure, bound, laidOut);
    if (h !== last) steps.push([w - 0.01, h - last]);
    last = h;
  }
  // The frame's padding, 8 px more above PHONE_MAX.
  steps.push([PHONE_MAX, chrome(PHONE_MAX + 1) - chrome(PHONE_MAX)]);
  // The drawing: narrow, as wide as the frame up to NARROW_MAX; wide from NARROW_BELOW on, up to 1:1.
  const narrowScale = chart.narrow.height / NARROW_WIDTH;
  const wideFrom = NARROW_BELOW + PAGE_PAD + chrome(PHONE_MAX + 1);
  const wideScale = chart.inline.height / chart.inline.width;
  const parts = [
    `${up(textAt(chart, reports, MIN_WIDTH, plain, measure) + chrome(MIN_WIDTH))}px`,
    `min(var(--w) - ${PAGE_PAD + chrome(MIN_WIDTH)}px,${NARROW_MAX}px)*${up(narrowScale)}`,
    ...steps.map(step),
  ];
  if (max >= wideFrom) {
    const wideAt = wideScale * Math.min(NARROW_BELOW, chart.inline.width);
    parts.push(step([wideFrom - 0.01, wideAt - narrowScale * NARROW_MAX]));
    if (max > wideFrom) parts.push(`max(0px,var(--w) - ${wideFrom}px)*${up(wideScale)}`);
  }
  return {
    width: max,
    height: embedHeightAt(chart, reports, max, { plain, measure }),
    css: `calc(${parts.join(' + ')})`,
  };
}
