// Compile and render helpers for the chart step: Vega-Lite -> Vega -> SVG -> PNG, in this process.
//
// - Text is measured with the advance widths of the same font files that resvg draws with
//   (DejaVu Sans, read straight from the TTF), not with Vega's rough estimate (0.8 em a character),
//   so the layout of the SVG matches the text that ends up in it.
// - The SVG renderer numbers its clip paths and gradients with a global counter; it is reset before
//   every render so a chart's SVG does not depend on what was rendered before it (or on the cache).
// - `rendererVersion` names everything that can change a rendered byte; the build's cache keys use it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { Resvg, renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** Font files resvg draws with and text is measured with. */
export const FONT_FILES = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};
export const DEFAULT_FONT_FAMILY = 'DejaVu Sans';

// Bump when this file changes how bytes come out, so cached renders are not reused.
const FORMAT = 3;

const versionOf = (name) => require(`${name}/package.json`).version;
const fontStamp = Object.values(FONT_FILES)
  .map((f) => (fs.existsSync(f) ? `${f}:${fs.statSync(f).size}` : `${f}:missing`))
  .join(',');

/** Everything besides the spec that decides the rendered bytes. */
export const rendererVersion = [
  `render@${FORMAT}`,
  `vega@${vega.version}`,
  `vega-lite@${vegaLite.version}`,
  `resvg@${versionOf('@resvg/resvg-js')}`,
  fontStamp,
].join(' ');

// # Text metrics from the TTF files.

/** Advance widths of a TrueType font, per BMP character, in em. */
function readAdvances(buf) {
  const u16 = (o) => buf.readUInt16BE(o);
  const tables = {};
  for (let i = 0, n = u16(4); i < n; i++) {
    const rec = 12 + i * 16;
    tables[buf.toString('latin1', rec, rec + 4)] = buf.readUInt32BE(rec + 8);
  }
  const unitsPerEm = u16(tables.head + 18);
  const numberOfHMetrics = u16(tables.hhea + 34);
  const advanceOfGlyph = (g) => u16(tables.hmtx + 4 * Math.min(g, numberOfHMetrics - 1)) / unitsPerEm;

  // cmap: the Windows Unicode BMP subtable (platform 3, encoding 1), format 4.
  const cmap = tables.cmap;
  let sub = -1;
  for (let i = 0, n = u16(cmap + 2); i < n; i++) {
    const rec = cmap + 4 + i * 8;
    if (u16(rec) === 3 && u16(rec + 2) === 1) sub = cmap + buf.readUInt32BE(rec + 4);
  }
  if (sub < 0 || u16(sub) !== 4) throw new Error('font has no format 4 Unicode cmap');
  const segs = u16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segs * 2 + 2;
  const deltas = starts + segs * 2;
  const rangeOffsets = deltas + segs * 2;
  const glyphOf = (c) => {
    for (let i = 0; i < segs; i++) {
      if (u16(ends + 2 * i) < c) continue;
      const start = u16(starts + 2 * i);
      if (start > c) return 0;
      const delta = u16(deltas + 2 * i);
      const ro = u16(rangeOffsets + 2 * i);
      if (ro === 0) return (c + delta) & 0xffff;
      const g = u16(rangeOffsets + 2 * i + ro + 2 * (c - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  const cache = new Map();
  return (code) => {
    let w = cache.get(code);
    if (w === undefined) {
      w = code > 0xffff ? advanceOfGlyph(0) : advanceOfGlyph(glyphOf(code));
      cache.set(code, w);
    }
    return w;
  };
}

let fonts = null;

/** Load the font files once per process: their bytes (for resvg) and advance widths (for Vega). */
export function loadFonts() {
  if (fonts) return fonts;
  const missing = Object.values(FONT_FILES).filter((f) => !fs.existsSync(f));
  if (missing.length) throw new Error(`font files not found: ${missing.join(', ')} (install fonts-dejavu-core)`);
  const regular = readAdvances(fs.readFileSync(FONT_FILES.regular));
  const bold = readAdvances(fs.readFileSync(FONT_FILES.bold));
  const isBold = (w) => w === 'bold' || w === 'bolder' || (+w >= 600);
  const measure = (text, size, weight) => {
    const adv = isBold(weight) ? bold : regular;
    let w = 0;
    for (const ch of text) w += adv(ch.codePointAt(0));
    return w * size;
  };
  // Vega calls width(item, text) both for whole labels (where `limit` truncates) and, while
  // truncating, for prefixes of a label: a truncated label is never wider than its limit.
  vega.textMetrics.width = (item, text) => {
    const s = text == null ? '' : String(text).trim();
    const size = item.fontSize != null ? +item.fontSize || 0 : 11;
    const w = measure(s, size, item.fontWeight);
    return item.limit > 0 ? Math.min(w, +item.limit) : w;
  };
  fonts = { measure };
  return fonts;
}

// # Compile and render.

/** Vega-Lite spec -> Vega spec. Throws on a Vega-Lite warning, so a broken encoding fails the build. */
export function compile(vlSpec) {
  const warnings = [];
  const logger = {
    level() {
      return logger;
    },
    warn: (...m) => warnings.push(m.join(' ')),
    info() {},
    debug() {},
    error: (...m) => warnings.push(m.join(' ')),
  };
  const { spec } = vegaLite.compile(vlSpec, { logger });
  if (warnings.length) throw new Error(`Vega-Lite: ${warnings.join('; ')}`);
  return spec;
}

/**
 * Give every id in an SVG (clip paths, gradients) a name of its own, `<prefix>-<n>` in order of
 * appearance, with the references to it: Vega numbers them with process-wide counters, which
 * would make a chart's bytes depend on what was rendered before it, and two charts inlined in one
 * page would share ids.
 */
export function scopeSvgIds(svg, prefix) {
  const names = new Map();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) if (!names.has(m[1])) names.set(m[1], `${prefix}-${names.size + 1}`);
  if (!names.size) return svg;
  return svg.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (all, head, id) => (names.has(id) ? head + names.get(id) : all));
}

/**
 * Vega spec -> { svg, width, height, view } with a headless view (renderer none).
 * @param {object} vgSpec
 * @param {string} [idPrefix] prefix for the SVG's element ids (see scopeSvgIds)
 */
export async function renderSvg(vgSpec, idPrefix = 'chart') {
  loadFonts();
  const errors = [];
  const logger = vega.logger(vega.Error);
  logger.error = (...m) => errors.push(m.map(String).join(' '));
  const view = new vega.View(vega.parse(vgSpec), { renderer: 'none', logger });
  await view.runAsync();
  if (errors.length) throw new Error(`Vega: ${errors.join('; ')}`);
  vega.resetSVGDefIds();
  const svg = scopeSvgIds(await view.toSVG(), idPrefix);
  const { width, height } = svgSize(svg);
  return { svg, width, height, view };
}

/** Width and height attributes of the root <svg>. */
export function svgSize(svg) {
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('SVG without width and height');
  return { width: +m[1], height: +m[2] };
}

/** resvg options: `scale` times the size, text drawn with the font files above only. */
function resvgOptions(scale, background) {
  return {
    fitTo: { mode: 'zoom', value: scale },
    background,
    font: {
      loadSystemFonts: false,
      fontFiles: Object.values(FONT_FILES),
      defaultFontFamily: DEFAULT_FONT_FAMILY,
      sansSerifFamily: DEFAULT_FONT_FAMILY,
    },
  };
}

/** SVG -> PNG bytes, rendered on libuv's thread pool (so several charts render at once). */
export async function svgToPng(svg, { scale = 2, background = 'white' } = {}) {
  const img = await renderAsync(svg, resvgOptions(scale, background));
  return img.asPng();
}

/** Decode a PNG back to raw RGBA pixels (for tests): { width, height, pixels }. */
export function pngPixels(png) {
  // resvg renders an <image> of the PNG at its own size: the one decoder at hand.
  const b64 = Buffer.from(png).toString('base64');
  const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size.width}" height="${size.height}"><image width="${size.width}" height="${size.height}" xlink:href="data:image/png;base64,${b64}"/></svg>`;
  const img = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return { width: img.width, height: img.height, pixels: img.pixels };
}

/**
 * Count the items of the named marks in a Vega SVG: the children of every
 * `<g class="mark-... role-mark <name>">`. Items of symbol, rect, text marks are leaf elements.
 * @param {string} svg
 * @param {string} markClass e.g. "points_marks"
 */
export function countMarks(svg, markClass) {
  const re = new RegExp(`<g class="mark-[a-z]+ role-mark ${markClass}"[^>]*>`, 'g');
  let count = 0;
  for (let m; (m = re.exec(svg)); ) {
    const end = svg.indexOf('</g>', m.index);
    const body = svg.slice(m.index + m[0].length, end);
    count += (body.match(/<(path|text|line|rect|circle)\b/g) ?? []).length;
  }
  return count;
}
