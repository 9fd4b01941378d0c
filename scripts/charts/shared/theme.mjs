// The two chart themes (light and dark) as Vega-Lite config. Fonts are named explicitly so that
// the SVG and PNG rendered at build time (resvg with DejaVu Sans) and the page agree.
// Builders give colours only for data (palette.mjs) and leave text, rules and grid to the theme.
import { PALETTE } from './palette.mjs';

export const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

const INK = {
  light: { background: '#ffffff', text: '#1f1f1f', muted: '#555555', grid: '#e6e6e6', domain: '#8a8a8a' },
  dark: { background: '#16181d', text: '#ececec', muted: '#b8b8b8', grid: '#30343c', domain: '#8f949c' },
};

/** Vega-Lite config for a theme. */
export function themeConfig(theme) {
  const c = INK[theme];
  if (!c) throw new Error(`unknown theme ${theme}`);
  return {
    background: c.background,
    font: FONT,
    // No ARIA attributes per mark: the page's figure names and describes each chart, and its data
    // is a link away; hundreds of per-point labels would triple the SVG and drown a screen reader.
    aria: false,
    // config.aria only hides guides: marks need their own flag, or each mark container is an
    // unnamed graphics-symbol (axe: svg-img-alt) inside the chart's role="img".
    mark: { aria: false },
    padding: 12,
    view: { stroke: null },
    title: {
      anchor: 'start',
      fontSize: 15,
      fontWeight: 'bold',
      color: c.text,
      subtitleFontSize: 11.5,
      subtitleColor: c.muted,
      subtitlePadding: 4,
      offset: 12,
      limit: 0,
    },
    axis: {
      labelFontSize: 11,
      titleFontSize: 11.5,
      titleFontWeight: 'bold',
      labelColor: c.text,
      titleColor: c.text,
      gridColor: c.grid,
      domainColor: c.domain,
      tickColor: c.domain,
      labelLimit: 320,
      titlePadding: 8,
    },
    legend: {
      labelFontSize: 11,
      titleFontSize: 11.5,
      titleFontWeight: 'bold',
      labelColor: c.text,
      titleColor: c.text,
      labelLimit: 320,
      titleLimit: 320,
      symbolStrokeWidth: 2,
      // Symbols of a legend without colour (shape, dash) are filled in ink, not Vega's "black":
      // a theme colour, so the dark theme recolours them too.
      symbolFillColor: c.text,
    },
    text: { color: c.text, fontSize: 10.5 },
    rule: { color: c.muted },
    range: { category: PALETTE },
  };
}

// Light colour -> dark colour: the theme's ink, and the palette's black.
const SWAP = new Map([...Object.keys(INK.light).map((k) => [INK.light[k], INK.dark[k]]), ['#000000', '#f5f5f5']]);

/**
 * The dark variant of a light spec: the dark config, and the palette's black (which would vanish
 * on a dark background) drawn in white. Only exact "#000000" strings in the spec are touched.
 */
export function darkVariant(spec) {
  const swap = (v) => {
    if (v === '#000000') return SWAP.get(v);
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object') {
      const out = {};
      for (const [k, x] of Object.entries(v)) out[k] = k === 'data' || k === 'usermeta' ? x : swap(x);
      return out;
    }
    return v;
  };
  return { ...swap(spec), config: themeConfig('dark') };
}

/** Colours in a spec's data layers that the dark theme would also swap (so darkSvg could not tell them apart). */
export function themeColorsInData(spec) {
  const found = [];
  const walk = (v) => {
    if (typeof v === 'string' && SWAP.has(v.toLowerCase()) && v.toLowerCase() !== '#000000') found.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) if (!['config', 'data', 'usermeta'].includes(k)) walk(x);
  };
  walk(spec);
  return found;
}

/**
 * What the dark theme does to a light SVG, as a string: every fill and stroke in a theme colour
 * swapped. The stylesheet rules below do the same in the browser; the tests check that the
 * result is what rendering darkVariant(spec) draws, byte for byte. Data colours must not use the
 * theme's ink (themeColorsInData).
 */
export function darkSvg(svg) {
  return svg.replace(/(\s(?:fill|stroke))="(#[0-9a-fA-F]{6})"/g, (all, attr, c) =>
    SWAP.has(c.toLowerCase()) ? `${attr}="${SWAP.get(c.toLowerCase())}"` : all,
  );
}

/**
 * The dark theme as CSS rules over a light chart SVG: one rule per theme colour and attribute
 * (`[fill="#1f1f1f"]{fill:#ececec}`). A stylesheet rule outranks an SVG presentation attribute, so
 * the one SVG drawn at build time, and the live chart Vega draws from the light spec, both follow
 * the reader's theme. `scope` prefixes every selector (the site: `.chart-frame `).
 * @param {string} [scope]
 */
export function darkCss(scope = '') {
  const rules = [...SWAP].flatMap(([from, to]) =>
    ['fill', 'stroke'].map((attr) => `${scope}[${attr}="${from}"]{${attr}:${to}}`),
  );
  return rules.join('');
}

/**
 * Both themes as CSS rules over a light chart SVG, for a page whose `color-scheme` decides the
 * theme: one rule per theme colour and attribute, `[fill="#1f1f1f"]{fill:light-dark(#1f1f1f,#ececec)}`.
 * The site's stylesheet carries them under `.chart-frame`; a page (or an embed told `?theme=dark`)
 * switches every chart by its color-scheme, with no media query and no script.
 * @param {string} [scope]
 */
export function themeCss(scope = '') {
  const rules = [...SWAP].flatMap(([from, to]) =>
    ['fill', 'stroke'].map((attr) => {
      // Hugo's minifier writes an inline SVG's #ffffff as #fff: both forms are matched.
      const short = /^#(.)\1(.)\2(.)\3$/.exec(from);
      const selector = [from, ...(short ? [`#${short[1]}${short[2]}${short[3]}`] : [])]
        .map((c) => `${scope}[${attr}="${c}"]`)
        .join(',');
      return `${selector}{${attr}:light-dark(${from},${to})}`;
    }),
  );
  return rules.join('');
}

/** The background of the dark theme (the site's dark chart panel). */
export const DARK_BACKGROUND = INK.dark.background;

/** The root tag of an SVG, and the rest: a <style> goes in between. */
function withStyle(svg, css) {
  const end = svg.indexOf('>') + 1;
  if (!svg.startsWith('<svg') || end === 0) throw new Error('not an SVG');
  return `${svg.slice(0, end)}<style>${css}</style>${svg.slice(end)}`;
}

/**
 * The published SVG, the one file of a chart: light, and dark where the reader asks for it
 * (prefers-color-scheme). Opened directly, that is the system's setting; in an <img>, Chromium
 * answers the image's media query with the embedding page's color-scheme (so the site's theme
 * toggle), or the system's where the page sets none (tests/e2e/embed.spec.mjs, embed-size.spec.mjs).
 */
export const themedSvg = (svg) => withStyle(svg, `@media (prefers-color-scheme: dark){${darkCss()}}`);

/** The <style> element themedSvg adds, and nothing else (the page inlines the SVG without it). */
export const stripStyle = (svg) => svg.replace(/^(<svg[^>]*>)<style>[^<]*<\/style>/, '$1');
