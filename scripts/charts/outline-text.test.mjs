// Tests of the PNG's text outlines: glyphs placed at the measured widths, anchored, bold, on
// several lines, entities decoded, accented letters from their components.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { FONT_FILES, loadFonts } from './render.mjs';
import { outlineText, readTrueType } from './outline-text.mjs';

const fonts = loadFonts();
const pathOf = (svg) => /<path d="([^"]*)"/.exec(svg)?.[1] ?? '';
/** x extent of a path's absolute move-to points (each contour's start). */
const starts = (d) => [...d.matchAll(/M(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [+m[1], +m[2]]);

test('a text becomes one path in a group with its transform, fill and opacity; no <text> is left', () => {
  const svg = outlineText(
    '<svg><text text-anchor="start" transform="translate(10,20) rotate(-90)" font-family="DejaVu Sans" font-size="11px" fill="#1f1f1f" opacity="0.5">Rate</text></svg>',
    fonts,
  );
  assert.doesNotMatch(svg, /<text/);
  assert.match(svg, /^<svg><g transform="translate\(10,20\) rotate\(-90\)" fill="#1f1f1f" opacity="0.5"><path d="M/);
});

test('anchors: middle centres the measured width on 0, end ends there', () => {
  const text = (anchor) => pathOf(outlineText(`<text text-anchor="${anchor}" font-size="20px">HHH</text>`, fonts));
  const width = fonts.measure('HHH', 20);
  const [sx] = starts(text('start'))[0];
  const [mx] = starts(text('middle'))[0];
  const [ex] = starts(text('end'))[0];
  assert.ok(Math.abs(sx - mx - width / 2) < 0.02, `${sx} ${mx}`);
  assert.ok(Math.abs(sx - ex - width) < 0.02, `${sx} ${ex}`);
});

test('bold text is drawn with the bold font', () => {
  const regular = pathOf(outlineText('<text font-size="12px">a</text>', fonts));
  const bold = pathOf(outlineText('<text font-size="12px" font-weight="bold">a</text>', fonts));
  assert.notEqual(regular, bold);
});

test('lines of <tspan>s are drawn one below the other, by their dy', () => {
  const d = pathOf(outlineText('<text font-size="10px"><tspan>I</tspan><tspan x="0" dy="13">I</tspan></text>', fonts));
  const ys = starts(d).map(([, y]) => y);
  assert.equal(ys.length, 2);
  assert.ok(Math.abs(ys[1] - ys[0] - 13) < 0.02, ys.join(' '));
});

test('entities are decoded before drawing: &amp; draws an ampersand', () => {
  const amp = pathOf(outlineText('<text font-size="10px">&amp;</text>', fonts));
  const lit = pathOf(outlineText('<text font-size="10px">&</text>', fonts));
  assert.equal(amp, lit);
  assert.ok(amp.length > 20);
});

test('an accented letter (a composite glyph) has the contours of its base and its accent', () => {
  const font = readTrueType(fs.readFileSync(FONT_FILES.regular));
  const e = font.contours(font.glyphOf('e'.codePointAt(0))).length;
  const eAcute = font.contours(font.glyphOf('é'.codePointAt(0))).length;
  assert.ok(eAcute > e, `${eAcute} contours for é, ${e} for e`);
});

test('a space draws nothing and an empty text leaves nothing behind', () => {
  assert.equal(outlineText('<svg><text font-size="10px"> </text></svg>', fonts), '<svg></svg>');
});
