// Pieces every chart builder uses: field metadata and tooltips from the table's schema, the choice
// of a log scale, and the assembly of a self-contained Vega-Lite spec (data inline, provenance in
// usermeta, fixed size, light theme) from what a builder returns.
import { themeConfig } from './theme.mjs';
import {
  LEGEND_ROW,
  VEGA_KEYWORD,
  legendEntries,
  titleBlock,
  withLegendLabelsWrapped,
  wrapBandLabels,
} from './layouts.mjs';

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
export const DEFAULT_SIZE = { width: 640, height: 360 };

/**
 * @typedef {{ name: string, title: string, unit?: string, type: string, description?: string }} Field
 */

/** Fields of a table (from the report JSON's column list), by name. */
export function fieldMap(table) {
  return Object.fromEntries(
    table.columns.map((c) => [c.name, { name: c.name, title: c.title, unit: c.unit ?? '', type: c.type }]),
  );
}

/** The title of a field with its unit (and a note such as "log scale") in parentheses: "Memory (kB, log scale)". */
export function titleWithUnit(f, extra = '') {
  const named = f.title.toLowerCase().includes(f.unit?.toLowerCase());
  const inside = [f.unit && !named ? f.unit : '', extra].filter(Boolean);
  if (!inside.length) return f.title;
  const m = /^(.*)\(([^()]*)\)$/.exec(f.title);
  if (m) return `${m[1]}(${[m[2], ...inside].join(', ')})`;
  return `${f.title} (${inside.join(', ')})`;
}

/** Axis labels with thousands separators, also on symlog scales (whose own tick format ignores ","). */
export const THOUSANDS = { labelExpr: "format(datum.value, ',')" };

/** A legend label with its first letter capitalised ("darner" -> "Darner"), as a Vega expression. */
export const CAPITALISED = 'upper(slice(datum.label, 0, 1)) + slice(datum.label, 1)';

/** A Vega-Lite tooltip listing every field of a row, with units and thousands separators. */
export function tooltip(fields) {
  return fields.map((f) => {
    const t = { field: f.name, title: titleWithUnit(f) };
    if (f.type === 'integer') return { ...t, type: 'quantitative', format: ',' };
    if (f.type === 'number') return { ...t, type: 'quantitative', format: ',.2~f' };
    return { ...t, type: 'nominal' };
  });
}

/** Do positive values span enough decades for a log scale (at least 1.5, a factor of about 32)? */
export function spansDecades(values, decades = 1.5) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!v.length) return false;
  const lo = minOf(v);
  const hi = maxOf(v);
  return lo > 0 && Math.log10(hi / lo) >= decades;
}

/** Smallest positive value: the constant of a symlog scale that has to show 0 beside powers of two. */
export function smallestPositive(values) {
  const pos = values.filter((v) => v > 0);
  return pos.length ? minOf(pos) : 1;
}

/** Distinct values in first-seen order. */
export function distinct(values) {
  return [...new Set(values)];
}

/**
 * Rows grouped by key, groups in first-seen order, rows in their order: one pass, where
 * `distinct(keys).map((k) => rows.filter(...))` would read every row once per key (quadratic on a
 * report of 100,000 rows).
 * @template T
 * @param {T[]} rows
 * @param {(row: T) => unknown} keyOf
 * @returns {T[][]}
 */
export function groupBy(rows, keyOf) {
  const groups = new Map();
  for (const r of rows) {
    const k = keyOf(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.values()];
}

/**
 * A value Vega cannot take as a key: Object.prototype's names ("constructor", "toString",
 * "__proto__"). In a sort array (compiled into an expression) Vega fails with "Operator not
 * defined: undefined"; as a lookup key "__proto__" is never found. And "if", which Vega-Lite writes
 * into that expression as a string Vega reads as a signal's name (vegaString in layouts.mjs).
 */
const protoName = (v) => typeof v === 'string' && (v in Object.prototype || v === VEGA_KEYWORD);

/**
 * An explicit order of a nominal or ordinal field. Vega-Lite compiles `sort: [...]` into one nested
 * conditional per value, evaluated for every row: fine for a dozen configurations, quadratic (and
 * deeper than the stack) for thousands. A long order, or one holding a name Vega cannot take as a
 * key (a benchmark named "constructor"), is looked up instead: a small table of positions joined to
 * the rows by the value with "=" before it (values not listed go last, as with a sort array).
 * @param {string} field
 * @param {unknown[]} order
 * @param {number} [limit] longest order written as a plain sort array
 * @returns {{ sort: unknown, transform: object[] | undefined }}  transform: for the chart (undefined when not needed)
 */
export function explicitOrder(field, order, limit = 64) {
  if (order.length <= limit && !order.some(protoName)) return { sort: order, transform: undefined };
  const [key, as] = [`${field}_key`, `${field}_order`];
  const values = order.map((v, i) => ({ [key]: `=${v}`, [as]: i }));
  return {
    sort: { field: as, op: 'min' },
    transform: [
      { calculate: `"=" + datum[${JSON.stringify(field)}]`, as: key },
      { lookup: key, from: { data: { values }, key, fields: [as] }, default: order.length },
    ],
  };
}

/**
 * A value as a chart's data holds it: "__proto__" with a space after it, which reads the same (Vega
 * joins an axis's labels to their values in a plain object, where "__proto__" is no key).
 */
const drawable = (v) => (v === '__proto__' ? '__proto__ ' : v);

/**
 * A field's name or a guide's title as Vega can read it: "if" (a report's column), which Vega reads
 * as a signal's name ("Unrecognized signal name"), with a space after it; it reads the same.
 */
const vegaName = (name) => (name === VEGA_KEYWORD ? `${name} ` : name);

/**
 * The spec with a name Vega cannot read (vegaName) changed in the data's fields and wherever the
 * spec names fields (field, as, lookup, key, groupby, fields) or titles an axis or legend; nothing
 * changes for any other name.
 */
function withSafeNames(spec) {
  if (spec.data.values.some((r) => Object.hasOwn(r, VEGA_KEYWORD)))
    spec.data.values = spec.data.values.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [vegaName(k), v])),
    );
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (['field', 'as', 'lookup', 'key', 'title'].includes(k) && typeof v === 'string') node[k] = vegaName(v);
      else if (['groupby', 'fields', 'as'].includes(k) && Array.isArray(v))
        node[k] = v.map((x) => (typeof x === 'string' ? vegaName(x) : x));
      else if (k === 'sort' ? !Array.isArray(v) : k !== 'data') walk(v);
    }
  };
  for (const key of ['encoding', 'layer', 'transform']) walk(spec[key]);
}

/**
 * A spec whose values Vega can draw (drawable) and whose sort arrays hold a name Vega cannot take
 * as a key, with those orders looked up (explicitOrder).
 */
function withSafeOrders(spec) {
  withSafeNames(spec);
  if (spec.data.values.some((r) => Object.values(r).includes('__proto__')))
    spec.data.values = spec.data.values.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, drawable(v)])),
    );
  const added = [];
  const safe = (encoding) => {
    for (const channel of Object.values(encoding ?? {})) {
      if (!Array.isArray(channel?.sort) || !channel.sort.some(protoName)) continue;
      const { sort, transform } = explicitOrder(channel.field, channel.sort.map(drawable));
      channel.sort = sort; // one encoding object may be shared by several layers: the first visit sets it
      added.push(...transform);
    }
  };
  safe(spec.encoding);
  for (const l of spec.layer ?? []) safe(l.encoding);
  if (added.length) spec.transform = [...(spec.transform ?? []), ...added];
  return spec;
}

/** Largest and smallest of many numbers: Math.max(...values) overflows the stack past about 100,000 arguments. */
export const maxOf = (values) => values.reduce((a, b) => (b > a ? b : a), -Infinity);
export const minOf = (values) => values.reduce((a, b) => (b < a ? b : a), Infinity);

/** Keep only the named fields of each row, in field order (the CSV columns and data.values). */
export function project(rows, fields) {
  return rows.map((r) => Object.fromEntries(fields.map((f) => [f.name, r[f.name] ?? null])));
}

/**
 * The full Vega-Lite spec of a chart: what the builder returned plus title, data, size, usermeta
 * and the light theme.
 * @param {object} chart what a builder returned (see scripts/charts/README.md)
 * @param {object} usermeta provenance
 */
export function assemble(chart, usermeta) {
  const { width, height } = { ...DEFAULT_SIZE, ...chart.size };
  const spec = {
    $schema: SCHEMA,
    title: chart.subtitle ? { text: chart.title, subtitle: chart.subtitle } : { text: chart.title },
    description: chart.description,
    width,
    height,
    autosize: { type: 'fit', contains: 'padding' },
    data: { values: project(chart.values ?? chart.rows, chart.fields) },
  };
  if (chart.params) spec.params = chart.params;
  if (chart.transform) spec.transform = chart.transform;
  if (chart.encoding) spec.encoding = chart.encoding;
  spec.layer = chart.layer;
  withSafeOrders(spec);
  if (chart.resolve) spec.resolve = chart.resolve;
  spec.usermeta = usermeta;
  spec.config = themeConfig('light');
  // Band labels longer than their axis's labelLimit go on several lines, never cut, and the chart
  // grows so that each band holds its lines (the title, the x axis and padding above and below).
  const limit = spec.config.axis?.labelLimit ?? 180;
  // Legend labels longer than the legend's limit, on several lines too, the chart taller by the
  // lines they add (a legend below the plot would otherwise squeeze it).
  const { spec: legends, added } = withLegendLabelsWrapped(
    spec,
    spec.data.values,
    (spec.config.legend?.labelLimit ?? 200) - 2,
  );
  const {
    spec: wrapped,
    lines,
    bands,
  } = wrapBandLabels(legends, spec.data.values, (axis) => (axis.labelLimit || limit) - 2);
  // A legend beside the plot lists every entry: the chart is at least as tall as the longest one
  // (its title and padding too), so that no entry is drawn below the drawing (fortio's 17 lines).
  const grown = Math.max(
    height + added * 15,
    titleBlock(spec) + legendEntries(spec, spec.data.values) * LEGEND_ROW + added * 15 + 30,
  );
  return {
    ...wrapped,
    height: bands ? Math.max(grown, titleBlock(spec) + bands * (lines * 15 + 6) + 70) : grown,
  };
}

/**
 * A quantitative position channel for `field`: from zero, or log (ticks at the powers of ten) when
 * `values` span decades; `title` is what the axis says before " (log scale)" is added.
 * @returns {{ channel: object, log: boolean }}
 */
export function spanChannel(field, values, title) {
  const log = spansDecades(values);
  return {
    log,
    channel: {
      field,
      type: 'quantitative',
      title: title(log),
      scale: log ? { type: 'log' } : { zero: true },
      axis: { ...THOUSANDS, ...(log ? { values: logTicks(values) } : {}) },
    },
  };
}

/** An atlas chart's usermeta: its id, what it charts (`about`), the seeds of its rows and its CSV. */
export function atlasUsermeta(id, about, rows) {
  return { id, ...about, seeds: [...new Set(rows.map((r) => r.seed))].sort(), dataCsv: `/charts/${id}.csv` };
}

/**
 * What an atlas chart's index entry says of it (the words, size and marks of what assemble made of
 * `chart`), between what it charts and its files.
 */
export function atlasEntryWords(chart, spec) {
  return {
    title: chart.title,
    subtitle: [chart.subtitle].flat().join('; '),
    description: chart.description,
    alt: chart.alt,
    finding: chart.finding ? `${chart.finding}.` : '',
    // The claims its finding says (claims.mjs), each citing rows by their place in the chart's CSV.
    claims: chart.claims ?? [],
    width: spec.width,
    height: spec.height,
    marks: chart.rows.length,
    marks_selector: '.points_marks > path',
  };
}

/** A quantitative position channel for `field` from zero, titled by field `f` with its unit. */
export function zeroChannel(field, f) {
  return { field, type: 'quantitative', title: titleWithUnit(f), scale: { zero: true }, axis: THOUSANDS };
}

/** The files of a chart on the site, by kind (charts.json's `files`). */
export function chartFiles(id) {
  return {
    csv: `/charts/${id}.csv`,
    png: `/charts/${id}.png`,
    svg: `/charts/${id}.svg`,
    vg: `/charts/${id}.vg.json`,
    vg_narrow: `/charts/${id}.narrow.vg.json`,
    vl: `/charts/${id}.vl.json`,
  };
}

/** Tick values for a log axis: the powers of ten around the data. */
export function logTicks(values) {
  const v = values.filter((x) => x > 0);
  const lo = Math.floor(Math.log10(minOf(v)));
  const hi = Math.ceil(Math.log10(maxOf(v)));
  const out = [];
  for (let e = lo; e <= hi; e++) out.push(10 ** e);
  return out;
}

/**
 * Tick values for a symlog axis over powers of two: 0, then the constant times a power of 4, 16, ...
 * (the smallest factor that keeps at most `most` ticks besides 0), up to the largest value.
 */
export function symlogTicks(values, most = 6) {
  const constant = smallestPositive(values);
  const max = maxOf(values);
  for (let factor = 2; ; factor *= factor) {
    const ticks = [];
    for (let t = constant; t <= max; t *= factor) ticks.push(t);
    if (ticks.length <= most || factor > 1e6) return [...(values.some((x) => x === 0) ? [0] : []), ...ticks];
  }
}

/** Tick values for a log axis over a few values (e.g. connections 1..10000): the data's own values. */
export function dataTicks(values) {
  return distinct(values).sort((a, b) => a - b);
}

/** The "x" or "y" axes that have a log or symlog scale, and every axis's scale type. */
export function scaleSummary(scales) {
  const types = Object.fromEntries(
    Object.entries(scales)
      .filter(([, t]) => t)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    log_scales: Object.keys(types).filter((k) => types[k] === 'log' || types[k] === 'symlog'),
    scale_types: types,
  };
}

/**
 * Error bars (a rule from lo to hi, with caps) over the value axis, for the rows that have a spread:
 * the one spread layer of every chart (the measurement charts and the per-kind builders).
 * @param {Array<{ lo: number|null, hi: number|null }>} rows the plotted rows, each with its spread's ends
 * @param {'x'|'y'} valueChannel the value axis
 * @param {object} other the other channel's encoding (the layer's position along it)
 * @param {{ title?: string, scale?: object }} value the value axis's encoding (its title and scale are reused)
 * @param {boolean} [log] a log value axis: bars whose lower end is not above 0 are left out
 */
export function spreadLayers(rows, valueChannel, other, value, log = false) {
  if (!rows.some((r) => r.lo !== null && r.hi !== null)) return [];
  // The value axis's own title and scale (a layer's field would add ", lo" to the axis title).
  const lo = { field: 'lo', type: 'quantitative', title: value.title, scale: value.scale };
  const hi = { field: 'hi' };
  const enc = valueChannel === 'x' ? { x: lo, x2: hi, y: other } : { y: lo, y2: hi, x: other };
  return [
    {
      name: 'spread',
      transform: [{ filter: `isValid(datum.lo) && isValid(datum.hi)${log ? ' && datum.lo > 0' : ''}` }],
      mark: { type: 'errorbar', ticks: true, color: '#D55E00', thickness: 1.5 },
      encoding: enc,
    },
  ];
}
