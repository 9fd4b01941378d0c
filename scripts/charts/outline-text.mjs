// Text drawn as outlines, for the PNG: the text of a Vega SVG replaced by the glyphs' own outlines
// from the TrueType files that measured it (render.mjs), so that resvg rasterises paths only.
//
// Why: resvg shapes every <text> element anew (font tables parsed for each one), about 0.75 ms a
// text with DejaVu Sans: three quarters of a chart's PNG time. Outlines placed with the same
// advance widths Vega measured are drawn about four times faster, and sit exactly where Vega's
// layout put them (no kerning, as in the measurement).
//
// Pure: a font buffer in, functions out; an SVG string in, an SVG string out. Handles what Vega's
// SVG renderer writes: <text text-anchor transform font-size font-weight fill opacity ...>, with
// its lines as <tspan x="0" dy="..."> when a text has several; entities decoded.

/**
 * A TrueType font's metrics and outlines.
 * @param {Buffer} buf the .ttf file
 * @returns {{ unitsPerEm: number, glyphOf: (code: number) => number, advance: (glyph: number) => number, contours: (glyph: number) => Array<Array<[number, number, boolean]>> }}
 *   advance in em; contours in font units, y up, each point [x, y, onCurve]
 */
export function readTrueType(buf) {
  const u16 = (o) => buf.readUInt16BE(o);
  const i16 = (o) => buf.readInt16BE(o);
  const tables = {};
  for (let i = 0, n = u16(4); i < n; i++) {
    const rec = 12 + i * 16;
    tables[buf.toString('latin1', rec, rec + 4)] = buf.readUInt32BE(rec + 8);
  }
  for (const t of ['head', 'hhea', 'hmtx', 'cmap'])
    if (tables[t] === undefined) throw new Error(`font has no ${t} table`);
  const unitsPerEm = u16(tables.head + 18);
  const longLoca = i16(tables.head + 50) === 1;
  const numberOfHMetrics = u16(tables.hhea + 34);
  const advance = (g) => u16(tables.hmtx + 4 * Math.min(g, numberOfHMetrics - 1)) / unitsPerEm;

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
    if (c > 0xffff) return 0;
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

  const loca = (g) => (longLoca ? buf.readUInt32BE(tables.loca + 4 * g) : 2 * u16(tables.loca + 2 * g));
  const cache = new Map();
  const contours = (g, depth = 0) => {
    if (cache.has(g)) return cache.get(g);
    if (tables.glyf === undefined || tables.loca === undefined || depth > 8) return [];
    const start = loca(g);
    const end = loca(g + 1);
    let out = [];
    if (end > start) {
      const at = tables.glyf + start;
      const n = i16(at);
      out = n >= 0 ? simpleGlyph(at, n) : compositeGlyph(at, depth);
    }
    cache.set(g, out);
    return out;
  };
  const simpleGlyph = (at, n) => {
    const endPts = Array.from({ length: n }, (_, i) => u16(at + 10 + 2 * i));
    const count = n ? endPts[n - 1] + 1 : 0;
    let p = at + 10 + 2 * n;
    p += 2 + u16(p); // instructions
    const flags = [];
    while (flags.length < count) {
      const f = buf[p++];
      flags.push(f);
      if (f & 8) for (let r = buf[p++]; r > 0; r--) flags.push(f);
    }
    const coords = (short, same) => {
      const v = [];
      let c = 0;
      for (const f of flags) {
        if (f & short) c += f & same ? buf[p++] : -buf[p++];
        else if (!(f & same)) {
          c += i16(p);
          p += 2;
        }
        v.push(c);
      }
      return v;
    };
    const xs = coords(2, 16);
    const ys = coords(4, 32);
    const out = [];
    let first = 0;
    for (const last of endPts) {
      const contour = [];
      for (let i = first; i <= last; i++) contour.push([xs[i], ys[i], (flags[i] & 1) === 1]);
      out.push(contour);
      first = last + 1;
    }
    return out;
  };
  const f2dot14 = (o) => i16(o) / 16384;
  const compositeGlyph = (at, depth) => {
    const out = [];
    let p = at + 10;
    for (;;) {
      const flags = u16(p);
      const glyph = u16(p + 2);
      p += 4;
      let dx;
      let dy;
      if (flags & 1) {
        dx = i16(p);
        dy = i16(p + 2);
        p += 4;
      } else {
        dx = buf.readInt8(p);
        dy = buf.readInt8(p + 1);
        p += 2;
      }
      if (!(flags & 2)) dx = dy = 0; // point-matched components: not in these fonts' Latin glyphs
      let [a, b, c, d] = [1, 0, 0, 1];
      if (flags & 8) {
        a = d = f2dot14(p);
        p += 2;
      } else if (flags & 0x40) {
        a = f2dot14(p);
        d = f2dot14(p + 2);
        p += 4;
      } else if (flags & 0x80) {
        [a, b, c, d] = [f2dot14(p), f2dot14(p + 2), f2dot14(p + 4), f2dot14(p + 6)];
        p += 8;
      }
      for (const contour of contours(glyph, depth + 1))
        out.push(contour.map(([x, y, on]) => [a * x + c * y + dx, b * x + d * y + dy, on]));
      if (!(flags & 0x20)) break;
    }
    return out;
  };
  return { unitsPerEm, glyphOf, advance, contours };
}

const round2 = (x) => Math.round(x * 100) / 100;
const num = (x) => {
  const r = round2(x);
  return Object.is(r, -0) ? '0' : String(r);
};

/**
 * One contour (quadratic TrueType points, font units) as its start point and the rest of its path
 * in relative commands, in pixels at `scale` (y down), every point rounded to 0.01 px.
 * @param {Array<[number, number, boolean]>} contour
 * @returns {{ x: number, y: number, rest: string }}
 */
function contourPath(contour, scale) {
  const n = contour.length;
  const px = (p) => [round2(p[0] * scale), round2(-p[1] * scale), p[2]];
  const mid = (p, q) => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, true];
  // Start on a point on the curve: the first, else between the last and the first.
  let startIndex = contour.findIndex((p) => p[2]);
  const start = px(startIndex >= 0 ? contour[startIndex] : mid(contour[n - 1], contour[0]));
  if (startIndex < 0) startIndex = n - 1;
  let [cx, cy] = start;
  let rest = '';
  const rel = (p) => `${num(p[0] - cx)} ${num(p[1] - cy)}`;
  const to = (p) => {
    [cx, cy] = p;
  };
  let control = null;
  const quad = (c, p) => {
    rest += `q${rel(c)} ${rel(p)}`;
    to(p);
  };
  // Around once: the last step is the start point itself (or, with no point on the curve, the
  // control point before the start, closed after the loop).
  for (let k = 1; k <= n; k++) {
    const src = contour[(startIndex + k) % n];
    const point = px(src);
    if (point[2]) {
      if (control) quad(control, point);
      else {
        rest += `l${rel(point)}`;
        to(point);
      }
      control = null;
    } else if (control) {
      const m = [round2((control[0] + point[0]) / 2), round2((control[1] + point[1]) / 2)];
      quad(control, m);
      control = point;
    } else control = point;
  }
  if (control) quad(control, start);
  return { x: start[0], y: start[1], rest: `${rest}z` };
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : +e.slice(1));
    return ENTITIES[e] ?? all;
  });

const pathCache = new WeakMap();
/** A glyph's contours at a font size, from its origin (cached per font, glyph and size). */
function glyphPaths(font, g, size, scale) {
  if (!pathCache.has(font)) pathCache.set(font, new Map());
  const cache = pathCache.get(font);
  const key = `${g}@${size}`;
  let paths = cache.get(key);
  if (!paths) {
    paths = font
      .contours(g)
      .filter((c) => c.length)
      .map((c) => contourPath(c, scale));
    cache.set(key, paths);
  }
  return paths;
}

const attrOf = (attrs, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
const isBold = (w) => w === 'bold' || w === 'bolder' || +w >= 600;

/**
 * An SVG with every <text> replaced by a <path> of its glyphs' outlines (in a <g> with the text's
 * transform, fill and opacity).
 * @param {string} svg
 * @param {{ regular: ReturnType<typeof readTrueType>, bold: ReturnType<typeof readTrueType> }} fonts
 */
export function outlineText(svg, fonts) {
  return svg.replace(/<text([^>]*)>([\s\S]*?)<\/text>/g, (all, attrs, body) => {
    const font = isBold(attrOf(attrs, 'font-weight')) ? fonts.bold : fonts.regular;
    const size = parseFloat(attrOf(attrs, 'font-size') ?? '11');
    const anchor = attrOf(attrs, 'text-anchor') ?? 'start';
    const scale = size / font.unitsPerEm;
    // Lines: a body of <tspan>s (x="0" and a dy each after the first), or plain text.
    const lines = [];
    if (body.includes('<tspan')) {
      let y = 0;
      for (const m of body.matchAll(/<tspan([^>]*)>([\s\S]*?)<\/tspan>/g)) {
        y += parseFloat(attrOf(m[1], 'dy') ?? '0');
        lines.push({ y, text: decode(m[2]) });
      }
    } else lines.push({ y: 0, text: decode(body) });
    let d = '';
    for (const { y, text } of lines) {
      const glyphs = [...text].map((ch) => font.glyphOf(ch.codePointAt(0)));
      const width = glyphs.reduce((w, g) => w + font.advance(g), 0) * size;
      let x = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0;
      for (const g of glyphs) {
        for (const c of glyphPaths(font, g, size, scale)) d += `M${num(x + c.x)} ${num(y + c.y)}${c.rest}`;
        x += font.advance(g) * size;
      }
    }
    const keep = ['transform', 'fill', 'opacity', 'fill-opacity']
      .map((name) => [name, attrOf(attrs, name)])
      .filter(([, v]) => v !== undefined)
      .map(([name, v]) => ` ${name}="${v}"`)
      .join('');
    return d ? `<g${keep}><path d="${d}"/></g>` : '';
  });
}
