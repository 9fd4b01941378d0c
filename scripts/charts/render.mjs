// Compile and render helpers for the chart step: Vega-Lite -> Vega -> SVG -> PNG, in this process.
//
// - Text is measured with the advance widths of the same font files the PNG is drawn with
//   (DejaVu Sans, read straight from the TTF), not with Vega's rough estimate (0.8 em a character),
//   so the layout of the SVG matches the text that ends up in it; the PNG draws the glyphs'
//   outlines at those widths (outline-text.mjs).
// - The SVG renderer numbers its clip paths and gradients with a global counter; it is reset before
//   every render so a chart's SVG does not depend on what was rendered before it (or on the cache).
// - `rendererVersion` names everything that can change a rendered byte; the build's cache keys use it.
// - Vega, Vega-Lite and resvg are loaded on first use only: a build served from the cache never
//   pays for loading them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { jsonText } from '../lib/json.mjs';
import { NARROW_LEGEND_LABEL_LIMIT, narrowSpec, standaloneSvg, wideSpec } from './shared/layouts.mjs';
import { outlineText, readTrueType } from './outline-text.mjs';

const require = createRequire(import.meta.url);

let libs = null;
/** Vega, Vega-Lite and resvg, loaded once, with Vega measuring text with the font files' widths. */
export async function load() {
  if (libs) return libs;
  const [vega, vegaLite, resvg] = await Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]);
  const { measure } = loadFonts();
  // Vega calls width(item, text) both for whole labels (where `limit` truncates) and, while
  // truncating, for prefixes of a label: a truncated label is never wider than its limit.
  vega.textMetrics.width = (item, text) => {
    const s = text == null ? '' : String(text).trim();
    const size = item.fontSize != null ? +item.fontSize || 0 : 11;
    const w = measure(s, size, item.fontWeight);
    return item.limit > 0 ? Math.min(w, +item.limit) : w;
  };
  libs = { vega, vegaLite, resvg };
  return libs;
}

/** Font files resvg draws with and text is measured with. */
export const FONT_FILES = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};
export const DEFAULT_FONT_FAMILY = 'DejaVu Sans';

// This file's own text and that of the layouts it draws are part of the version: any change there
// invalidates cached renders.
const SELF =
  fs.readFileSync(new URL(import.meta.url), 'utf8') +
  fs.readFileSync(new URL('./shared/layouts.mjs', import.meta.url), 'utf8') +
  fs.readFileSync(new URL('./outline-text.mjs', import.meta.url), 'utf8');

/** The installed version of a package (found from its entry point: some packages do not export package.json). */
function versionOf(name) {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
}
const fontStamp = Object.values(FONT_FILES)
  .map((f) => (fs.existsSync(f) ? `${f}:${fs.statSync(f).size}` : `${f}:missing`))
  .join(',');

/** Everything besides the spec that decides the rendered bytes. */
export const rendererVersion = [
  `render.mjs@${createHash('sha256').update(SELF).digest('hex').slice(0, 16)}`,
  `vega@${versionOf('vega')}`,
  `vega-lite@${versionOf('vega-lite')}`,
  `resvg@${versionOf('@resvg/resvg-js')}`,
  fontStamp,
].join(' ');

// # Text metrics and outlines from the TTF files (outline-text.mjs reads them).

let fonts = null;

/**
 * Read the font files once per process: measure(text, size, weight) in pixels, and the fonts
 * themselves (outlines for the PNG).
 */
export function loadFonts() {
  if (fonts) return fonts;
  const missing = Object.values(FONT_FILES).filter((f) => !fs.existsSync(f));
  if (missing.length) throw new Error(`font files not found: ${missing.join(', ')} (install fonts-dejavu-core)`);
  const regular = readTrueType(fs.readFileSync(FONT_FILES.regular));
  const bold = readTrueType(fs.readFileSync(FONT_FILES.bold));
  const isBold = (w) => w === 'bold' || w === 'bolder' || +w >= 600;
  const widths = new Map([
    [regular, new Map()],
    [bold, new Map()],
  ]);
  const measure = (text, size, weight) => {
    const font = isBold(weight) ? bold : regular;
    const cache = widths.get(font);
    let w = 0;
    for (const ch of text) {
      const code = ch.codePointAt(0);
      let a = cache.get(code);
      if (a === undefined) cache.set(code, (a = font.advance(font.glyphOf(code))));
      w += a;
    }
    return w * size;
  };
  fonts = { measure, regular, bold };
  return fonts;
}

// # Compile and render.

/** Width of the PNG in pixels, whatever the chart's: a social card's and a slide's (drawn at 1x). */
export const PNG_WIDTH = 1200;

/**
 * One chart, start to end, as the chart stage publishes it: drawn once per layout
 * (shared/layouts.mjs), each compiled once and drawn in the light theme with its ids scoped to the
 * chart (the dark theme is CSS over it: see shared/theme.mjs):
 * - wide, for pages (the title is the page's): `svgWide`, and `vg`, its Vega spec for the live chart;
 * - standalone: the wide drawing with its title and subtitle set above it as SVG text
 *   (standaloneSvg, no third Vega run): `svg`, and `png`, that SVG PNG_WIDTH pixels wide on white;
 * - narrow, for a column about 300 px wide: `svgNarrow` and `vgNarrow`.
 * Runs in a worker thread (render-worker.mjs) or in this one.
 * @param {object} vlSpec
 * @param {string} id the chart id (prefix of the SVG's element ids; the narrow layout's is `<id>-n`)
 * @param {{ transpose?: boolean, drop?: string[] }} [narrow] the builder's hints for the narrow layout
 * @param {{ png?: boolean }} [options] png: false leaves the PNG out (`png` is then null): local builds draw SVG only
 * @returns {Promise<{ vg: string, vgNarrow: string, svg: string, svgWide: string, svgNarrow: string, png: Buffer | null }>}
 */
export async function renderChart(vlSpec, id, narrow = {}, { png: withPng = true } = {}) {
  const vg = await compile(wideSpec(vlSpec));
  const { svg: svgWide } = await renderSvg(vg, id);
  const svg = standaloneSvg(svgWide, vlSpec);
  const n = await renderNarrow(vlSpec, `${id}-n`, narrow);
  const png = withPng ? await svgToPng(svg, { width: PNG_WIDTH, background: 'white' }) : null;
  return { vg: jsonText(vg), vgNarrow: jsonText(n.vg), svg, svgWide, svgNarrow: n.svg, png };
}

/**
 * The narrow layout, drawn so that nothing passes its edges. A legend sits below the plot from the
 * plot's left edge, and an x axis title ends where the plot ends; so, drawn again (at most three
 * times more): when something runs past the left edge, the x axis title starts where the plot
 * starts instead; when something runs past the right edge, the legend's labels (and gradient) are
 * made that much shorter, and its titles wrapped to the room right of the plot's left edge.
 */
export async function renderNarrow(vlSpec, id, hints = {}) {
  const { measure } = loadFonts();
  let legendLabelLimit = NARROW_LEGEND_LABEL_LIMIT;
  let legendTitleRoom;
  let xTitleAnchor = 'end';
  for (let attempt = 0; ; attempt++) {
    const vg = await compile(
      narrowSpec(vlSpec, { ...hints, measure, legendLabelLimit, legendTitleRoom, xTitleAnchor }),
    );
    const { svg, width, view } = await renderSvg(vg, id);
    const [ox] = view.origin();
    const { x1, x2 } = view.scenegraph().root.bounds;
    const left = Math.ceil(-(ox + x1));
    const right = Math.ceil(ox + x2 - width);
    if (left <= 0 && right <= 0) return { vg, svg };
    if (attempt < 3 && left > 0 && xTitleAnchor === 'end') xTitleAnchor = 'start';
    else if (attempt < 3 && right > 0 && legendLabelLimit - right >= 60) {
      legendLabelLimit -= right + 2;
      // A legend starts where the plot does: its title gets the room from there to the edge (wide
      // y axis labels leave less), on more lines if need be.
      legendTitleRoom = Math.min(legendTitleRoom ?? Infinity, Math.floor(width - ox - 4));
    } else
      throw new Error(
        `${id}: the narrow layout runs ${left > 0 ? `${left} px past its left edge` : `${right} px past its right edge`}`,
      );
  }
}

/** Vega-Lite spec -> Vega spec. Throws on a Vega-Lite warning, so a broken encoding fails the build. */
export async function compile(vlSpec) {
  const { vegaLite } = await load();
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
  return svg.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (all, head, id) =>
    names.has(id) ? head + names.get(id) : all,
  );
}

/**
 * Vega spec -> { svg, width, height, view } with a headless view (renderer none).
 * @param {object} vgSpec
 * @param {string|null} [idPrefix] prefix for the SVG's element ids (see scopeSvgIds); null: leave them
 */
export async function renderSvg(vgSpec, idPrefix = 'chart') {
  const { vega } = await load();
  const errors = [];
  const logger = vega.logger(vega.Error);
  logger.error = (...m) => errors.push(m.map(String).join(' '));
  const view = new vega.View(vega.parse(vgSpec), { renderer: 'none', logger });
  await view.runAsync();
  if (errors.length) throw new Error(`Vega: ${errors.join('; ')}`);
  vega.resetSVGDefIds();
  const raw = await view.toSVG();
  const svg = idPrefix === null ? raw : scopeSvgIds(raw, idPrefix);
  const { width, height } = svgSize(svg);
  return { svg, width, height, view };
}

/** Width and height attributes of the root <svg>. */
export function svgSize(svg) {
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('SVG without width and height');
  return { width: +m[1], height: +m[2] };
}

/** resvg options: `width` pixels wide (or `scale` times the size), text drawn with the font files above only. */
function resvgOptions({ scale, width }, background) {
  return {
    fitTo: width ? { mode: 'width', value: width } : { mode: 'zoom', value: scale },
    background,
    font: {
      loadSystemFonts: false,
      fontFiles: Object.values(FONT_FILES),
      defaultFontFamily: DEFAULT_FONT_FAMILY,
      sansSerifFamily: DEFAULT_FONT_FAMILY,
    },
  };
}

/**
 * SVG -> PNG bytes, `width` pixels wide (or `scale` times its size): its text turned into the glyphs' outlines (outline-text.mjs: the same font
 * files, the same advance widths), rasterized by resvg and compressed by zlib, both on libuv's
 * thread pool.
 */
export async function svgToPng(svg, { width, scale = 1, background = 'white' } = {}) {
  const { resvg } = await load();
  const img = await resvg.renderAsync(outlineText(svg, loadFonts()), resvgOptions({ width, scale }, background));
  return encodePng(img.width, img.height, img.pixels);
}

const crcTable = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 =
  zlib.crc32 ??
  ((buf) => {
    let c = -1;
    for (let i = 0; i < buf.length; i++) c = crcTable[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  });

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * RGBA pixels -> PNG (8-bit RGBA, no row filter, zlib level 3 off the main thread): as small as
 * resvg's own encoder within about 10 % on these flat-colour charts, and about half the time.
 */
export async function encodePng(width, height, rgba) {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  const src = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) src.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const idat = await new Promise((resolve, reject) =>
    zlib.deflate(raw, { level: 3 }, (e, b) => (e ? reject(e) : resolve(b))),
  );
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Decode a PNG back to raw RGBA pixels (for tests): { width, height, pixels }. */
export async function pngPixels(png) {
  const { resvg } = await load();
  // resvg renders an <image> of the PNG at its own size: the one decoder at hand.
  const b64 = Buffer.from(png).toString('base64');
  const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size.width}" height="${size.height}"><image width="${size.width}" height="${size.height}" xlink:href="data:image/png;base64,${b64}"/></svg>`;
  const img = new resvg.Resvg(svg, { font: { loadSystemFonts: false } }).render();
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
  for (let m; (m = re.exec(svg));) {
    const end = svg.indexOf('</g>', m.index);
    const body = svg.slice(m.index + m[0].length, end);
    count += (body.match(/<(path|text|line|rect|circle)\b/g) ?? []).length;
  }
  return count;
}
