// The legends of a chart SVG as Vega draws them, read back from the file: every entry's symbol
// (shape, fill, stroke, dash, opacity) and label, with the label's place in the drawing. Two checks
// a reader would make: no two entries of one legend drawn alike (two categories a reader cannot tell
// apart), and no entry cut (outside the drawing, or its label shortened with an ellipsis).
// Pure: an SVG text in, problems out (validate-site.mjs runs it on every published chart).

const ATTR = /([\w:-]+)="([^"]*)"/g;

function attrs(text) {
  const out = {};
  for (const m of text.matchAll(ATTR)) out[m[1]] = m[2];
  return out;
}

function translate(transform) {
  const m = /translate\(\s*([-\d.e]+)[ ,]\s*([-\d.e]+)\s*\)/.exec(transform ?? '');
  return m ? [+m[1], +m[2]] : [0, 0];
}

/**
 * The legends of an SVG: [{ entries: [{ label, cut, symbol, x, y, size }] }] (cut: a line of the
 * label ends with Vega's ellipsis).
 * @param {string} svg
 */
export function legendsOf(svg) {
  const legends = [];
  const stack = [];
  let legend = null;
  let pending = null;
  const offset = () => stack.reduce((a, g) => [a[0] + g.tx, a[1] + g.ty], [0, 0]);
  const within = (cls) => stack.some((g) => g.cls.split(/\s+/).includes(cls));
  const re = /<(\/?)([a-zA-Z]+)([^>]*?)\/?>([^<]*)/g;
  for (const m of svg.matchAll(re)) {
    const [, closing, tag, rest, text] = m;
    if (tag === 'g') {
      if (closing) {
        const g = stack.pop();
        if (g?.legend) legend = null;
        continue;
      }
      const a = attrs(rest);
      const [tx, ty] = translate(a.transform);
      const g = { cls: a.class ?? '', tx, ty, legend: false };
      if (/(^|\s)role-legend(\s|$)/.test(g.cls)) {
        legend = { entries: [] };
        legends.push(legend);
        g.legend = true;
      }
      stack.push(g);
      continue;
    }
    if (!legend || closing) continue;
    const a = attrs(rest);
    if (tag === 'path' && within('role-legend-symbol')) {
      pending = {
        symbol: ['d', 'fill', 'stroke', 'stroke-dasharray', 'fill-opacity', 'stroke-opacity', 'opacity']
          .map((k) => a[k] ?? '')
          .join('|'),
      };
    } else if (tag === 'tspan' && within('role-legend-label') && legend.entries.length) {
      // A label on several lines: one <tspan> a line.
      const last = legend.entries[legend.entries.length - 1];
      last.label = [last.label, decode(text)].filter(Boolean).join(' ');
      last.cut ||= decode(text).endsWith('…');
    } else if (tag === 'text' && within('role-legend-label')) {
      const [ox, oy] = offset();
      const [tx, ty] = translate(a.transform);
      const size = parseFloat(a['font-size'] ?? '11');
      const label = decode(text);
      // A gradient legend's labels have no symbol: they name values, not categories.
      if (pending)
        legend.entries.push({ label, cut: label.endsWith('…'), symbol: pending.symbol, x: ox + tx, y: oy + ty, size });
      pending = null;
    }
  }
  return legends.filter((l) => l.entries.length);
}

const decode = (t) =>
  t
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Width and height of an SVG's drawing (its width and height attributes, else its viewBox). */
export function svgSize(svg) {
  const root = attrs(/^<svg[^>]*>/.exec(svg)?.[0] ?? '');
  const vb = (root.viewBox ?? '').split(/[\s,]+/).map(Number);
  return { width: parseFloat(root.width ?? vb[2]), height: parseFloat(root.height ?? vb[3]) };
}

/**
 * Problems of a chart SVG's legends, one sentence each: two entries of one legend drawn alike, an
 * entry outside the drawing, a label cut with an ellipsis.
 * @param {string} svg
 */
export function legendProblems(svg) {
  const problems = [];
  const { width, height } = svgSize(svg);
  for (const { entries } of legendsOf(svg)) {
    const seen = new Map();
    for (const e of entries) {
      const twin = seen.get(e.symbol);
      if (twin !== undefined)
        problems.push(`legend entries "${twin}" and "${e.label}" are drawn alike (same colour, shape and dash)`);
      else seen.set(e.symbol, e.label);
      if (e.cut) problems.push(`legend label "${e.label}" is cut`);
      // The label's baseline: within the drawing, with its text above it.
      if (e.y > height + 0.5 || e.y - e.size < -0.5 || e.x < -0.5 || e.x > width)
        problems.push(`legend entry "${e.label}" lies outside the ${width} x ${height} drawing`);
    }
  }
  return problems;
}
