// The two chart themes (light and dark) as Vega-Lite config. Fonts are named explicitly so that
// the SVG and PNG rendered at build time (resvg with DejaVu Sans) and the page agree.
// Builders give colours only for data (palette.mjs) and leave text, rules and grid to the theme.
import { OKABE_ITO } from './palette.mjs';

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
    },
    text: { color: c.text, fontSize: 10.5 },
    rule: { color: c.muted },
    range: { category: OKABE_ITO },
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
 * The dark SVG from the light one: the two themes differ only in the colours above, so swapping
 * them in the rendered SVG gives what rendering darkVariant(spec) gives, byte for byte (the tests
 * check this), at no rendering cost. Data colours must not use the theme's ink (themeColorsInData).
 */
export function darkSvg(svg) {
  return svg.replace(/="(#[0-9a-fA-F]{6})"/g, (all, c) =>
    SWAP.has(c.toLowerCase()) ? `="${SWAP.get(c.toLowerCase())}"` : all,
  );
}
