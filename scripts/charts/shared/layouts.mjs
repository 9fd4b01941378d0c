// The layouts a chart is drawn in, from the one spec a builder assembled (spec.mjs):
//
// - wide (inline): the chart without its title and subtitle, which the page writes as HTML above it
//   (a heading a reader can search, select and zoom, and no title drawn twice);
// - standalone: that same wide drawing with the title and subtitle set above it as SVG text
//   (standaloneSvg: no third Vega run), the size the spec asks for (the published .svg
//   and .png, which travel alone: a README, a slide, a social card);
// - narrow (inline): the chart redrawn for a phone's column (300 px, shown as wide as the frame): legends below the plot in
//   two columns, no text under 12 px, shorter labels, vertical labels on a crowded category axis.
//   Pages show it when the chart's frame is too narrow for the wide layout at 0.85x (site.css).
//
// Pure functions of the spec: no rendering here.

/**
 * Total width of the narrow layout in CSS pixels, padding included. Pages draw it as wide as the
 * frame allows, up to 1.25x (site.css): 1.11x on a 375 px phone (its frame is 333 px: the page's
 * 16 px margins, the frame's border and 4 px padding), 0.93x on a 320 px one, where its 12 px text
 * is still 11 px.
 */
export const NARROW_WIDTH = 300;
/** The smallest text of the narrow layout, in CSS pixels. */
export const NARROW_MIN_FONT = 12;
/** Frame widths below which pages show the narrow layout (CSS pixels; site.css says the same). */
export const NARROW_BELOW = 660;

/** The one name Vega's expressions read as a signal's wherever it stands, even as a string: "if". */
export const VEGA_KEYWORD = 'if';

/**
 * A text as a string literal of a Vega expression (a labelExpr, a calculate). Vega's expression
 * parser reads a string whose value is "if" (the one keyword it takes as a name) as a signal's name
 * and fails ("Unrecognized signal name"), so that one is written as two halves joined: it reads the same.
 */
export const vegaString = (text) => (text === VEGA_KEYWORD ? '("i" + "f")' : JSON.stringify(text));

/** Longest line of an axis title in the narrow layout (it ends where the plot ends). */
const AXIS_TITLE_ROOM = NARROW_WIDTH - 98;

/** Encoding channels that draw a legend. */
const LEGEND_CHANNELS = ['color', 'fill', 'stroke', 'shape', 'strokeDash', 'size', 'opacity'];

/** Longest line of a legend label in the narrow layout (longer labels go on several lines). */
const LEGEND_LINE = 150;

/** Padding of the narrow layout. */
const NARROW_PADDING = 8;

/**
 * Longest legend label of the narrow layout at first (render.mjs shortens it when the legend runs
 * past the edge): the column less its padding and a legend symbol, so that a label is cut only when
 * it cannot fit the column at all.
 */
export const NARROW_LEGEND_LABEL_LIMIT = NARROW_WIDTH - 4 * NARROW_PADDING - 24;

/** Width of a text in pixels, roughly (DejaVu Sans averages): the build passes the font's own widths. */
const roughMeasure = (text, size, weight) => text.length * size * (weight === 'bold' ? 0.68 : 0.6);

/** A text broken at spaces into lines no wider than `room` (a longer word broken too: breakWord). */
export const wrapText = (text, room, width) => wrapTextUntil(text, room, width).lines;

/**
 * wrapText, and `until`: the same lines hold for every room from `room` up to (not including)
 * `until`, the narrowest room where a line would take the next word (Infinity: one line); `room`
 * itself when a word had to be broken (its pieces change with the room). Widths are sums of
 * advances, so a line's words fit wherever the whole line does.
 * @returns {{ lines: string[], until: number }}
 */
export function wrapTextUntil(text, room, width) {
  const lines = [];
  let line = '';
  let until = Infinity;
  for (const word of text.split(/\s+/)) {
    // A word wider than the room (a dotted Java name, a path) breaks after its punctuation, or
    // between letters: never past the edge.
    const broken = width(word) > room;
    if (broken) until = room;
    const parts = broken ? breakWord(word, room, width) : [word];
    parts.forEach((part, i) => {
      const next = line ? `${line}${i ? '' : ' '}${part}` : part;
      const w = line ? width(next) : 0;
      if (line && w > room) {
        until = Math.min(until, w);
        lines.push(line);
        line = part;
      } else line = next;
    });
  }
  if (line) lines.push(line);
  return { lines, until };
}

/** A word in pieces no wider than `room`: cut after . _ / - : where it can be, else between letters. */
function breakWord(word, room, width) {
  const out = [];
  let piece = '';
  for (const token of word.match(/[^._/:-]+[._/:-]*|[._/:-]+/g)) {
    for (const bit of width(token) > room ? [...token] : [token]) {
      if (piece && width(piece + bit) > room) {
        out.push(piece);
        piece = bit;
      } else piece += bit;
    }
  }
  if (piece) out.push(piece);
  return out;
}

/** Height a title block takes (title, subtitle lines, offset), as Vega lays it out, roughly. */
export function titleBlock(spec) {
  const t = spec.config?.title ?? {};
  if (!spec.title) return 0;
  const subtitles = [spec.title.subtitle ?? []].flat().length;
  const size = t.fontSize ?? 13;
  const sub = subtitles ? (t.subtitlePadding ?? 0) + subtitles * (t.subtitleFontSize ?? 10) * 1.25 : 0;
  return Math.round(size * 1.1 + sub + (t.offset ?? 0));
}

/**
 * A deep copy of a spec where fn(key, value) may replace any value outside data and usermeta: it
 * returns the replacement, or undefined to copy the value (and look inside it).
 */
function mapSpec(spec, fn) {
  const walk = (v, key) => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') {
      const out = {};
      for (const [k, x] of Object.entries(v)) {
        if (k === 'data' || k === 'usermeta') out[k] = x;
        else {
          const mapped = fn(k, x);
          out[k] = mapped === undefined ? walk(x, k) : mapped;
        }
      }
      return out;
    }
    return v;
  };
  return walk(spec, null);
}

/**
 * The wide inline layout: the spec without its title and subtitle, its plot the same size as in
 * the standalone chart (the height the title took is given back).
 * @param {object} spec a spec from assemble()
 */
export function wideSpec(spec) {
  const { title: _title, ...rest } = spec;
  return { ...rest, height: spec.height - titleBlock(spec) };
}

const escapeText = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The standalone chart from the wide drawing: the drawing moved down by the title block
 * (titleBlock: what wideSpec took off the height), and the title and subtitle lines written above
 * it as SVG text, in the theme's fonts and colours (so the dark rules recolour them, and the PNG
 * outlines them, like any text Vega writes). The result is the size of the spec (width x height).
 * @param {string} svg the wide drawing (render.mjs: Vega's SVG, ids scoped)
 * @param {object} spec the spec from assemble()
 */
export function standaloneSvg(svg, spec) {
  const block = titleBlock(spec);
  if (!block) return svg;
  const head = /^<svg[^>]*>/.exec(svg)?.[0];
  const size = head && /\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(head);
  if (!size) throw new Error('standaloneSvg: an SVG without width and height');
  const [width, height] = [+size[1], +size[2] + block];
  const t = spec.config.title;
  const pad = typeof spec.config.padding === 'number' ? spec.config.padding : (spec.config.padding?.left ?? 0);
  const font = `font-family="${escapeText(spec.config.font ?? 'sans-serif').replace(/"/g, '&quot;')}"`;
  const lines = [
    { text: spec.title.text, size: t.fontSize, weight: t.fontWeight, color: t.color, gap: 0.1 * t.fontSize },
    ...[spec.title.subtitle ?? []].flat().map((text, i) => ({
      text,
      size: t.subtitleFontSize,
      color: t.subtitleColor,
      gap: i ? 0 : (t.subtitlePadding ?? 0),
    })),
  ];
  // Each line's top where the one before it ends; its baseline at 0.8 em below its top (Vega's "top").
  let top = pad;
  const texts = lines.map((l, i) => {
    if (i) top += l.gap;
    const y = Math.round((top + 0.8 * l.size) * 100) / 100;
    top += i ? 1.25 * l.size : l.size + l.gap;
    const weight = l.weight ? ` font-weight="${l.weight}"` : '';
    return `<text text-anchor="start" transform="translate(${pad},${y})" ${font} font-size="${l.size}px"${weight} fill="${l.color}" opacity="1">${escapeText(l.text)}</text>`;
  });
  const bodyStart = head.length;
  const bodyEnd = svg.lastIndexOf('</svg>');
  // The background rect Vega draws first covers the whole figure.
  const body = svg
    .slice(bodyStart, bodyEnd)
    .replace(/^<rect width="[\d.]+" height="[\d.]+"/, `<rect width="${width}" height="${height}"`);
  const background = /^<rect[^>]*\/>/.exec(body)?.[0] ?? '';
  const newHead = head
    .replace(/(\sheight=")[\d.]+"/, `$1${height}"`)
    .replace(/(\sviewBox="0 0 [\d.]+ )[\d.]+"/, `$1${height}"`);
  return `${newHead}${background}<g class="mark-group role-title">${texts.join('')}</g><g transform="translate(0,${block})">${body.slice(background.length)}</g></svg>`;
}

const SWAPPED = { x: 'y', y: 'x', x2: 'y2', y2: 'x2', xOffset: 'yOffset', yOffset: 'xOffset' };

/** The longest line of a band axis's label in the narrow layout (within the axis's 110 px: the plot keeps its width). */
const BAND_LABEL_ROOM = 108;

/**
 * Band labels (a bar or a row of dots per series) longer than their axis's room, on several lines,
 * broken at the " · " between their parts and then at spaces, never cut (a Vega label may be an
 * array of lines): the spec with those axes' labelExpr, the most lines a label takes, and the number
 * of bands (each needs lines × 15 + 6 px).
 * @param {object} spec
 * @param {object[]} values the rows the chart draws
 * @param {(axis: object) => number} roomOf the room of an axis, in pixels
 * @param {(text: string, size: number) => number} measure
 */
export function wrapBandLabels(spec, values, roomOf, measure = roughMeasure) {
  const bandLabels = new Map();
  let field;
  const out = mapSpec(spec, (key, value) => {
    if (key !== 'y' || value?.type !== 'nominal' || typeof value.field !== 'string' || value.axis === null)
      return undefined;
    const room = roomOf(value.axis ?? {});
    const long = [...new Set(values.map((r) => r[value.field]))].filter(
      (v) => typeof v === 'string' && measure(v, 12) > room,
    );
    if (!long.length) return undefined;
    field = value.field;
    for (const v of long)
      bandLabels.set(
        v,
        v
          .split(' · ')
          .flatMap((part, i, all) => wrapText(i < all.length - 1 ? `${part} ·` : part, room, (t) => measure(t, 12))),
      );
    const expr = [...bandLabels].reduce(
      (e, [v, lines]) => `datum.label === ${vegaString(v)} ? [${lines.map(vegaString).join(', ')}] : ${e}`,
      'datum.label',
    );
    return { ...value, axis: { ...(value.axis ?? {}), labelExpr: expr, labelLimit: 0 } };
  });
  const lines = Math.max(0, ...[...bandLabels.values()].map((l) => l.length));
  return { spec: out, lines, bands: lines ? new Set(values.map((r) => r[field])).size : 0 };
}

/** How a label expression of ours begins (wrapped lines per label): a narrow layout re-wraps it. */
const WRAPPED = 'datum.label === ';

/**
 * Legend labels longer than `line` pixels, on several lines (a Vega label may be an array of
 * lines), never cut: the values of every scale domain a legend can list, and of every legend
 * field in the data, each wrapped; and the labelExpr that writes them.
 * @returns {{ long: Map<string, string[]>, expr: string }}
 */
export function legendLabelLines(spec, values, line, measure = roughMeasure) {
  const long = new Map();
  const add = (v) => {
    if (typeof v === 'string' && !long.has(v) && measure(v, 12) > line)
      long.set(
        v,
        wrapText(v, line, (t) => measure(t, 12)),
      );
  };
  mapSpec(spec, (key, value) => {
    if (key === 'scale' && Array.isArray(value?.domain)) value.domain.forEach(add);
    // A legend's entries with no domain written: the values of its field in the data.
    if (LEGEND_CHANNELS.includes(key) && typeof value?.field === 'string' && value.legend !== null)
      for (const row of values) add(row[value.field]);
    return undefined;
  });
  // A report's label as a Vega string literal: JSON's escaping (quotes, backslashes, line breaks).
  const expr = [...long].reduce(
    (e, [v, lines]) => `${WRAPPED}${vegaString(v)} ? [${lines.map(vegaString).join(', ')}] : ${e}`,
    'datum.label',
  );
  return { long, expr };
}

/** Height of one legend entry whose symbol may be a shape or a dashed line (pixels, Vega's at the theme's 11 px labels, rounded up). */
export const LEGEND_ROW = 20;

/**
 * The most entries one legend of the spec lists: the values of its scale's domain, or of its field
 * in the data (a chart of 17 lines lists 17). A quantitative channel's legend is a gradient, no list.
 */
export function legendEntries(spec, values) {
  let most = 0;
  mapSpec(spec, (key, value) => {
    if (
      LEGEND_CHANNELS.includes(key) &&
      typeof value?.field === 'string' &&
      value.legend !== null &&
      value.type !== 'quantitative'
    ) {
      const domain = Array.isArray(value.scale?.domain) ? value.scale.domain : values.map((row) => row[value.field]);
      most = Math.max(most, new Set(domain).size);
    }
    return undefined;
  });
  return most;
}

/**
 * The same spec with every legend's labels longer than `line` pixels on several lines (the wide
 * drawing's legends: a JMH benchmark's full name is no longer cut at the legend's limit), and the
 * number of lines that adds.
 */
export function withLegendLabelsWrapped(spec, values, line, measure = roughMeasure) {
  const { long, expr } = legendLabelLines(spec, values, line, measure);
  if (!long.size) return { spec, added: 0 };
  const added = [...long.values()].reduce((n, lines) => n + lines.length - 1, 0);
  const out = mapSpec(spec, (key, value) =>
    LEGEND_CHANNELS.includes(key) && typeof value?.field === 'string' && value.legend !== null
      ? { ...value, legend: { ...(value.legend ?? {}), labelExpr: value.legend?.labelExpr ?? expr } }
      : undefined,
  );
  return { spec: out, added };
}

/** Layers without the named ones (at any depth). */
function withoutLayers(layers, names) {
  return layers
    .filter((l) => !names.includes(l.name))
    .map((l) => (l.layer ? { ...l, layer: withoutLayers(l.layer, names) } : l));
}

/**
 * The narrow inline layout (see the top of this file).
 * @param {object} spec a spec from assemble()
 * @param {object} [options]
 * @param {(text: string, size: number, weight?: string) => number} [options.measure] text width in pixels
 * @param {boolean} [options.transpose] swap x and y (a heatmap with many columns and few rows)
 * @param {string[]} [options.drop] names of layers the narrow layout leaves out (annotations that need room)
 * @param {number} [options.legendLabelLimit] longest legend label (and gradient) in pixels
 * @param {number} [options.legendTitleRoom] longest line of a legend title in pixels (default: the column)
 * @param {'start'|'end'} [options.xTitleAnchor] where the x axis title stands under the plot
 * @param {{ text: string }} [options.labelsAbove] a horizontal bar chart: each bar's label (a Vega
 *   expression, e.g. its name and value) written above the bar from the plot's left edge, in place
 *   of the y axis labels and the value written past the bar's end (layers named `value_labels`), so
 *   that the bars have the column's whole width
 */
export function narrowSpec(
  spec,
  {
    measure = roughMeasure,
    transpose = false,
    drop = [],
    legendLabelLimit = NARROW_LEGEND_LABEL_LIMIT,
    legendTitleRoom = NARROW_WIDTH - 2 * NARROW_PADDING - 8,
    xTitleAnchor = 'end',
    labelsAbove,
  } = {},
) {
  const { title: _title, ...rest } = spec;
  const room = legendTitleRoom;
  const dropped = labelsAbove ? [...drop, 'value_labels'] : drop;
  let source = dropped.length ? { ...rest, layer: withoutLayers(rest.layer, dropped) } : rest;
  if (labelsAbove) source = withLabelsAbove(source, labelsAbove.text);
  if (transpose) {
    source = mapSpec(source, (key, value) => {
      if (key !== 'encoding' || !value || typeof value !== 'object') return undefined;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [SWAPPED[k] ?? k, v]));
    });
  }
  // Legend labels longer than the column, on several lines (a Vega label may be an array of lines),
  // never cut: the values of every scale domain a legend can list, wrapped at the label limit.
  // A legend starts where the plot does (up to about 100 px in, after the y axis labels), and
  // browsers draw text a few per cent wider than Vega measures it: lines of at most 150 px.
  const line = Math.min(legendLabelLimit, LEGEND_LINE);
  const { long, expr: wrapped } = legendLabelLines(source, spec.data?.values ?? [], line, measure);
  const mapped = mapSpec(source, (key, value) => {
    if (key === 'tooltip') return value;
    if (key === 'fontSize' && typeof value === 'number') return Math.max(value, NARROW_MIN_FONT);
    // Axis and legend titles longer than the column: on several lines, never cut.
    if (key === 'title' && typeof value === 'string' && measure(value, 12, 'bold') > AXIS_TITLE_ROOM)
      return wrapText(value, AXIS_TITLE_ROOM, (t) => measure(t, 12, 'bold'));
    if (key === 'axis' && value && typeof value === 'object') {
      const axis = { ...value };
      if (axis.labelAngle === 0) delete axis.labelAngle;
      // Labels all kept in the wide layout (slanted, CloudI 2.0's percentiles): upright and thinned here.
      if (axis.labelOverlap === false) Object.assign(axis, { labelAngle: -90, labelOverlap: 'greedy' });
      if (axis.labelLimit > 110) axis.labelLimit = 110;
      if (typeof axis.title === 'string' && measure(axis.title, 12, 'bold') > AXIS_TITLE_ROOM)
        axis.title = wrapText(axis.title, AXIS_TITLE_ROOM, (t) => measure(t, 12, 'bold'));
      return axis;
    }
    if (key === 'legend' && value && typeof value === 'object') {
      const legend = { ...value };
      for (const k of ['orient', 'direction', 'columns', 'labelLimit', 'titleLimit', 'gradientLength'])
        delete legend[k];
      if (long.size && (!legend.labelExpr || legend.labelExpr.startsWith(WRAPPED))) legend.labelExpr = wrapped;
      // Entries one under the other: side by side, a second entry's label can run past the column
      // (Vega measures text a few per cent narrower than browsers draw it).
      legend.direction = 'vertical';
      if (typeof legend.title === 'string' && measure(legend.title, 12, 'bold') > room)
        legend.title = wrapText(legend.title, room, (t) => measure(t, 12, 'bold'));
      return legend;
    }
    return undefined;
  });
  // Channels with a legend of their own (none written): the long labels wrapped there too.
  const out = long.size
    ? mapSpec(mapped, (key, value) =>
        LEGEND_CHANNELS.includes(key) && value?.field && value.legend === undefined
          ? { ...value, legend: { labelExpr: wrapped, direction: 'vertical' } }
          : undefined,
      )
    : mapped;
  const { spec: banded, lines, bands } = wrapBandLabels(out, spec.data?.values ?? [], () => BAND_LABEL_ROOM, measure);
  const c = spec.config;
  // The plot's height: the standalone figure's less its title, axis and legend, a little shorter;
  // transposed, a band of 26 pixels per row.
  const yField = source.encoding?.y?.field;
  const rows = (transpose || labelsAbove) && yField ? new Set(spec.data.values.map((r) => r[yField])).size : 0;
  // A row of a bar chart labelled above its bars: the label's line (12 px and a gap) and the bar.
  const rowHeight = labelsAbove ? 36 : 26;
  const plot = Math.max(
    rows ? rows * rowHeight : Math.max(160, Math.round((spec.height - titleBlock(spec) - 60) * 0.85)),
    bands * (lines * 15 + 6),
  );
  return {
    ...banded,
    width: NARROW_WIDTH,
    height: plot,
    // Fit the width, and let the figure grow downwards for the axis titles and the legend.
    autosize: { type: 'fit-x', contains: 'padding' },
    config: {
      ...c,
      // Room on the right for labels drawn past the end of a bar.
      padding: { left: NARROW_PADDING, top: NARROW_PADDING, bottom: NARROW_PADDING, right: 3 * NARROW_PADDING },
      axis: { ...c.axis, labelFontSize: 12, titleFontSize: 12, labelLimit: 110 },
      // An x axis title ends where the plot ends: centred under a narrow plot it would run off the edge.
      // Labels that would overlap in the narrow width are thinned (never drawn over each other).
      // An x axis's labels, upright when they do not fit across (a heatmap's "Python C extension"),
      // run down the page, which has the room: longer than a y axis's before they are cut.
      axisX: { ...c.axisX, titleAnchor: xTitleAnchor, labelOverlap: 'greedy', labelSeparation: 4, labelLimit: 180 },
      legend: {
        ...c.legend,
        orient: 'bottom',
        columns: 1,
        // Two legends (colour and shape) one above the other, not side by side.
        layout: { bottom: { direction: 'vertical', anchor: 'start', margin: 10 } },
        symbolSize: 64,
        labelFontSize: 12,
        titleFontSize: 12,
        labelLimit: legendLabelLimit,
        titleLimit: room,
        gradientLength: legendLabelLimit,
      },
      text: { ...c.text, fontSize: Math.max(c.text?.fontSize ?? 0, NARROW_MIN_FONT) },
    },
  };
}

/**
 * A horizontal bar chart with each bar's label above it (narrowSpec's labelsAbove): no y axis labels,
 * bars in the lower part of their band, the label at the band's top from the plot's left edge.
 */
function withLabelsAbove(spec, text) {
  const y = spec.encoding?.y;
  const x = spec.encoding?.x;
  if (!y || !x || y.type !== 'nominal') throw new Error('labelsAbove: expected a bar chart with a nominal y');
  const bars = spec.layer.map((l) =>
    l.mark?.type === 'bar'
      ? { ...l, mark: { ...l.mark, height: { band: 0.5 } }, encoding: { ...l.encoding, yOffset: { value: 7 } } }
      : l,
  );
  return {
    ...spec,
    encoding: { ...spec.encoding, y: { ...y, axis: null } },
    layer: [
      ...bars,
      {
        name: 'labels_above',
        // No wider than the plot: a label longer than a phone's column (none of a real report's)
        // ends with an ellipsis rather than past the drawing's edge.
        mark: {
          type: 'text',
          align: 'left',
          baseline: 'bottom',
          dy: -2,
          fontSize: NARROW_MIN_FONT,
          limit: NARROW_WIDTH - 5 * NARROW_PADDING,
        },
        encoding: {
          x: { datum: 0, type: 'quantitative' },
          y: { ...y, axis: null, bandPosition: 0.5 },
          text: { field: 'label_above' },
        },
        transform: [{ calculate: text, as: 'label_above' }],
      },
    ],
  };
}

/** Every font size in an SVG's text, in its own pixels (for tests and the build's check). */
export function fontSizes(svg) {
  return [...svg.matchAll(/font-size="([\d.]+)px"|font-size:\s*([\d.]+)px/g)].map((m) => +(m[1] ?? m[2]));
}

/**
 * A drawing as a page inlines it (layouts/_partials/helpers/chart-layouts.html reads the file as
 * is): named and described by its figure's title and description (`<id>-title`, `<id>-desc`),
 * classed by layout (`chart-wide` or `chart-narrow`: the stylesheet shows one), and every quote in
 * its text written `&quot;` (a bare '"' in text, from a report's label, made Hugo's HTML minifier
 * lose its place when the build used it; Vega escapes < and >, so '>' only ever ends a tag).
 * @param {string} svg the drawing (render.mjs)
 * @param {string} id the chart id
 * @param {'wide'|'narrow'} layout
 */
export function pageSvg(svg, id, layout) {
  return svg
    .replace(/^<svg /, `<svg role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" `)
    .replace(/^(<svg[^>]*) class="marks"/, `$1 class="marks chart-${layout}"`)
    .replace(/>([^<]*)</g, (all, text) => (text.includes('"') ? `>${text.replaceAll('"', '&quot;')}<` : all));
}
