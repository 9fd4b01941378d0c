// The compare view on /compare/: a reader picks a measure (metric, statistic, unit), any reports and
// entities that have it, a base and how to show the values (absolute, percent of the best, per core,
// per GHz); the view draws bars (the base marked) and a table with the ratio and the difference to
// the base, and says whether a difference is beyond the noise both values' stated spreads allow
// (scripts/lib/noise.mjs, bundled as ./noise.js: Welch's t-test, interval overlap, or "cannot tell"), with a summary that
// counts them in each direction and a box that hides those within noise. Data: one small index
// (/data/compare-index.json, scripts/views/compare-index.mjs: each report's best value per entity
// and measure, with its seed line, spread and conditions, and the machine facts to divide by),
// never the tables. The state lives in the URL (?m=&r=&e=&base=&view=): each change is a history
// entry, back and forward restore it, a shared link opens the same view. Without JavaScript the form
// stays hidden and the comparison pages listed above it carry every number.
//  - finding results: a search box (a report's title, software, platform, date and entities) and
//    filters by software, platform and metric narrow the list of reports (a checked one stays listed); the measure menu lists, grouped by metric,
//    only the measures every picked report has;
//  - the chart: Vega (the site's own runtime, assets/js/chart-runtime.js, loaded from this origin),
//    one bar per value, the base outlined, a line across a bar for the spread its report states;
//    the HTML bars stay when the runtime cannot load;
//  - CSV and JSON of the comparison, made in the page from the rows the table shows, and a
//    "Copy link" button whose link restores the view.
import { csvField } from './csv-cell.js';
import { NOISE_CODES, figureOf, noise, noiseCode, noiseText, scaleFigure, tally, tallyText } from './noise.js';

const form = document.querySelector('form.compare-form');
const out = document.querySelector('.compare-out');
const status = document.querySelector('.compare-status');
const said = document.querySelector('.compare-said'); // why a reader's pick was undone
const VIEWS = ['absolute', 'percent', 'core', 'ghz'];

/** "1,069,773"; a fraction keeps at most two decimals (three significant digits below 1). */
const fmt = (n) =>
  n.toLocaleString(
    'en-US',
    Math.abs(n) < 1 && n !== 0 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 },
  );
/** A ratio with the digits that tell it from 1: 0.637, 1.00048 (never "1" for a value that differs). */
function ratioText(r) {
  const off = Math.abs(r - 1);
  if (r === 1 || off >= 0.01) return fmt(r);
  return r.toLocaleString('en-US', { maximumSignificantDigits: 2 + Math.ceil(-Math.log10(off)) });
}
const signed = (n) => (n > 0 ? '+' : n < 0 ? '−' : '±') + fmt(Math.abs(n));

/** Make an element with properties and children. */
function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) if (c !== null && c !== undefined && c !== '') node.append(c);
  return node;
}

const title = (m) =>
  m.name ?? `${m.metric[0].toUpperCase()}${m.metric.slice(1).replaceAll('_', ' ')}, ${m.statistic} (${m.unit})`;

/**
 * What differs between the picked values, in plain words, or [] when nothing stated differs: the
 * machine (platform), the conditions of each value's row, and the statistic (a value the report
 * gives with no statistic, read as the one its family implies).
 */
function differences(picked, reports, m) {
  const vals = picked.filter((p) => p.v);
  const out = [];
  const names = [...new Set(vals.map((p) => reports.get(p.slug).platform || 'an unstated machine'))];
  if (names.length > 1) out.push(`they ran on different machines (${names.join(' vs ')})`);
  const keys = [...new Set(vals.flatMap((p) => Object.keys(p.v.cond ?? {})))].sort();
  const differ = keys.filter((k) => new Set(vals.map((p) => JSON.stringify(p.v.cond?.[k] ?? null))).size > 1);
  if (differ.length)
    out.push(
      `under different conditions (${differ
        .map(
          (k) =>
            `${k.replaceAll('_', ' ')}: ${[...new Set(vals.map((p) => p.v.cond?.[k] ?? 'not stated'))].join(' vs ')}`,
        )
        .join('; ')})`,
    );
  const stated = vals.filter((p) => p.v.st);
  if (stated.length && stated.length < vals.length)
    out.push(
      `with different statistics: ${[...new Set(stated.map((p) => reports.get(p.slug).short))].join(', ')} state${stated.length === 1 ? 's' : ''} a value with no statistic, read here as the ${m.statistic} (${stated[0].v.why})`,
    );
  return out;
}
/** A list from the URL (?r=a,b), each name once: ?r=a,a,a is one report (the URL is rewritten from the state). */
const csv = (q, name) => [...new Set((q.get(name) ?? '').split(',').filter(Boolean))];

/** The state a URL names, completed and corrected against the index (unknown names dropped). */
function stateOf(index, search) {
  const q = new URLSearchParams(search);
  const listed = pickable(index);
  let r = csv(q, 'r').filter((s) => listed.includes(s));
  let m = index.measures.find((x) => x.key === q.get('m'));
  if (!r.length) {
    m ??= index.measures[0];
    r = defaultReports(m, reportsOf(index, m));
  } else if (!m || !r.every((slug) => hasMeasure(m, slug))) m = sharedMeasures(index, r)[0] ?? mostShared(index, r);
  const avail = entitiesOf(m, r);
  let e = csv(q, 'e').filter((x) => avail.includes(x));
  if (!e.length) e = defaultEntities(m, r);
  const bases = baseOptions(m, r, e).map(([value]) => value);
  const base = bases.includes(q.get('base')) ? q.get('base') : bases[0];
  const view = VIEWS.includes(q.get('view')) ? q.get('view') : 'absolute';
  return { m, r, e, base, view };
}

/**
 * The bases a reader can pick: a report (each entity against its value there), an entity (each
 * report against its value) or one value (everything against it), as [value, text, group].
 */
function baseOptions(m, r, e, short = (x) => x, name = (x) => x) {
  return [
    ...r.map((slug) => [`r:${slug}`, `${short(slug)}: each entity`, 'A report']),
    ...e.map((x) => [`e:${x}`, `${name(x)}: each report`, 'An entity']),
    ...e.flatMap((x) =>
      r
        .filter((slug) => m.values[x]?.[slug])
        .map((slug) => [`v:${x}@${slug}`, `${name(x)} in ${short(slug)}`, 'One value']),
    ),
  ];
}

const search = (s) =>
  '?' +
  new URLSearchParams({ m: s.m.key, r: s.r.join(','), e: s.e.join(','), base: s.base, view: s.view })
    .toString()
    .replaceAll('%2C', ',')
    .replaceAll('%3A', ':')
    .replaceAll('%2F', '/');

const hasMeasure = (m, slug) => Object.values(m.values).some((v) => v[slug]);
/** Reports that have any measure, in the index's order (by date): the list a reader picks from. */
const pickable = (index) =>
  index.reports.map((r) => r.slug).filter((s) => index.measures.some((m) => hasMeasure(m, s)));
/** The measures every picked report has, in the index's order. */
const sharedMeasures = (index, r) => index.measures.filter((m) => r.every((slug) => hasMeasure(m, slug)));
/** When the picked reports share no measure: the one most of them have. */
const mostShared = (index, r) =>
  index.measures.reduce((a, b) =>
    r.filter((slug) => hasMeasure(b, slug)).length > r.filter((slug) => hasMeasure(a, slug)).length ? b : a,
  );
/** Reports that have a measure, in the index's order (by date). */
const reportsOf = (index, m) =>
  index.reports.map((r) => r.slug).filter((s) => Object.values(m.values).some((v) => v[s]));
const entitiesOf = (m, r) => Object.keys(m.values).filter((e) => r.some((s) => m.values[e][s]));

/** The two reports sharing the most entities (the newer pair on a tie), else the one report. */
function defaultReports(m, has) {
  let best = has.slice(0, 1);
  let most = 0;
  for (let i = 0; i < has.length; i++)
    for (let j = i + 1; j < has.length; j++) {
      const n = Object.values(m.values).filter((v) => v[has[i]] && v[has[j]]).length;
      if (n >= most && n > 0) [best, most] = [[has[i], has[j]], n];
    }
  return best;
}
/** The entities every picked report has, else those any of them has. */
function defaultEntities(m, r) {
  const all = Object.keys(m.values).filter((e) => r.every((s) => m.values[e][s]));
  return all.length ? all : entitiesOf(m, r);
}

/** The shown figure of a value in a view, with its spread interval in the same terms. */
function shown(v, report, view, best) {
  if (!v) return null;
  const div = view === 'core' ? report.core : view === 'ghz' ? report.ghz : null;
  if ((view === 'core' || view === 'ghz') && !div) return { missing: true };
  const k = view === 'percent' ? 100 / best : div ? 1 / div.divisor : 1;
  return { x: v.v * k, lo: v.lo === undefined ? null : v.lo * k, hi: v.hi === undefined ? null : v.hi * k, k };
}

const spreadText = (v, unit) =>
  v.sk === 'runs'
    ? `${v.n} runs, ${fmt(v.lo)} to ${fmt(v.hi)} ${unit}`
    : v.sk === 'range'
      ? `${fmt(v.lo)} to ${fmt(v.hi)} ${unit}`
      : `± ${fmt(v.s)} ${unit} (${v.sk})`;

/**
 * The CSV's first lines: what each noise code its rows use means, once ("# W-i: within noise: ..."),
 * each line padded to the table's width so the file stays one rectangular table.
 */
function legendLines(rows, width) {
  const used = new Set(rows.map((r) => r.noise).filter(Boolean));
  const codes = Object.values(NOISE_CODES).filter(([code]) => used.has(code));
  if (!codes.length) return '';
  const pad = ','.repeat(width - 1);
  return [
    '# noise (column): whether the difference to the base is beyond the noise the reports state',
    ...codes.map(([code, text]) => `# ${code}: ${text}`),
  ]
    .map((line) => line + pad + '\n')
    .join('');
}
let blobs = [];
let hideWithin = false; // the reader's "Hide differences within noise", kept across redraws
/** Copy link, CSV and JSON of the comparison a reader made (the rows of the table, with their source). */
function actions(s, m, baseName, rows) {
  for (const u of blobs) URL.revokeObjectURL(u);
  const stem = `compare-${m.key.replaceAll(/[^a-z0-9.]+/gi, '-')}`;
  const cols = Object.keys(rows[0] ?? { entity: '' });
  const csvText =
    legendLines(rows, cols.length) +
    [cols, ...rows.map((r) => cols.map((c) => r[c]))].map((r) => r.map(csvField).join(',')).join('\n') +
    '\n';
  const json = JSON.stringify(
    { measure: title(m), key: m.key, view: s.view, base: baseName, link: location.href, rows },
    null,
    2,
  );
  blobs = [
    URL.createObjectURL(new Blob([csvText], { type: 'text/csv' })),
    URL.createObjectURL(new Blob([json + '\n'], { type: 'application/json' })),
  ];
  const copy = el('button', { type: 'button', className: 'cmp-copy' }, 'Copy link');
  const said = el('span', { className: 'cmp-copied', role: 'status' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      said.textContent = 'Link copied: it opens this view.';
    } catch {
      said.textContent = `Copy this link: ${location.href}`;
    }
  });
  return el(
    'p',
    { className: 'cmp-actions' },
    copy,
    ' ',
    el('a', { href: blobs[0], download: `${stem}.csv` }, 'CSV of this comparison'),
    ' · ',
    el('a', { href: blobs[1], download: `${stem}.json` }, 'JSON'),
    ' ',
    said,
  );
}

let runtime;
let chartNow; // the chart shown: its box and its bars, redrawn in the page's colours when they change
/** A colour of the page (a custom property, light or dark as the page is) as the browser draws it. */
function colour(node, prop) {
  const probe = el('span');
  probe.style.color = prop ? `var(${prop})` : 'inherit';
  node.append(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c;
}
/** The Vega drawing of the bars, as wide as its box: a label above each bar, the value after it. */
async function drawLive(box, bars) {
  if (!bars.length || !form.dataset.runtime) return;
  try {
    runtime ??= import(form.dataset.runtime);
    const { mount } = await runtime;
    if (!box.isConnected) return;
    const [fg, bar, base] = [colour(box), colour(box, '--cmp-bar'), colour(box, '--cmp-base')];
    const width = Math.max(box.clientWidth, 200);
    // Labels whole: wrapped at word breaks to the drawing's width (measured in Vega's own font).
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = '12px sans-serif';
    const wrap = (text) =>
      text.split(' ').reduce((lines, word) => {
        const last = lines.at(-1);
        if (last !== undefined && pen.measureText(`${last} ${word}`).width <= width)
          lines[lines.length - 1] += ` ${word}`;
        else lines.push(word);
        return lines;
      }, []);
    // Each row: its label's lines (14 px each), then the bar (16 px) at `top`, then a gap.
    let y = 0;
    const values = [];
    for (const b of bars) {
      const lines = wrap(b.label);
      const top = y + lines.length * 14 + 2;
      values.push({
        ...b,
        lines,
        y,
        top,
        end: Math.max(b.x, b.hi ?? b.x),
        colour: b.base ? base : bar,
        desc: `${b.label}: ${b.text}${b.spread ? ` (spread ${b.spread})` : ''}`,
      });
      y = top + 16 + 10;
    }
    const max = Math.max(...values.map((v) => v.end), 0) || 1;
    const spec = {
      width,
      height: y,
      padding: { top: 2, bottom: 2, left: 0, right: 0 },
      autosize: 'none',
      description: 'Bars of the compared values',
      data: [
        { name: 'rows', values },
        { name: 'ranges', values: values.filter((v) => v.lo !== null && v.lo !== undefined) },
      ],
      scales: [{ name: 'x', type: 'linear', domain: [0, max], range: [0, width - 90], zero: true }],
      marks: [
        {
          type: 'text',
          name: 'labels',
          from: { data: 'rows' },
          encode: {
            update: {
              x: { value: 0 },
              y: { field: 'y' },
              baseline: { value: 'top' },
              text: { field: 'lines' },
              lineHeight: { value: 14 },
              fill: { value: fg },
              fontSize: { value: 12 },
            },
          },
        },
        {
          type: 'rect',
          name: 'bars',
          from: { data: 'rows' },
          encode: {
            update: {
              x: { scale: 'x', value: 0 },
              x2: { scale: 'x', field: 'x' },
              y: { field: 'top' },
              height: { value: 16 },
              fill: { field: 'colour' },
              stroke: [{ test: 'datum.base', value: fg }, { value: null }],
              strokeWidth: { value: 2 },
              description: { field: 'desc' },
              tooltip: { field: 'desc' },
            },
          },
        },
        {
          type: 'rule',
          name: 'spreads',
          from: { data: 'ranges' },
          encode: {
            update: {
              x: { scale: 'x', field: 'lo' },
              x2: { scale: 'x', field: 'hi' },
              y: { field: 'top', offset: 8 },
              stroke: { value: fg },
              strokeWidth: { value: 2 },
              description: { signal: "datum.label + ': spread ' + datum.spread" },
            },
          },
        },
        ...['lo', 'hi'].map((end) => ({
          type: 'rule',
          from: { data: 'ranges' },
          encode: {
            update: {
              x: { scale: 'x', field: end },
              y: { field: 'top', offset: 3 },
              y2: { field: 'top', offset: 13 },
              stroke: { value: fg },
              strokeWidth: { value: 2 },
              aria: { value: false },
            },
          },
        })),
        {
          type: 'text',
          name: 'values',
          from: { data: 'rows' },
          encode: {
            update: {
              x: { scale: 'x', field: 'end', offset: 5 },
              y: { field: 'top', offset: 8 },
              baseline: { value: 'middle' },
              text: { field: 'text' },
              fill: { value: fg },
              fontSize: { value: 12 },
            },
          },
        },
      ],
    };
    const live = el('div', { className: 'cmp-live' });
    await mount(live, spec, null);
    if (box.isConnected) box.replaceChildren(live);
  } catch {
    /* the HTML bars stay */
  }
}

function render(index, s) {
  const { m, view } = s;
  const reports = new Map(index.reports.map((r) => [r.slug, r]));
  const lacking = s.r.filter((slug) => !hasMeasure(m, slug));
  const unit = { absolute: m.unit, percent: '% of the best', core: `${m.unit} per core`, ghz: `${m.unit} per GHz` }[
    view
  ];
  const diffUnit = view === 'percent' ? 'points' : unit;
  const better = m.better === 'lower' ? Math.min : Math.max;
  const picked = s.e.flatMap((e) => s.r.map((slug) => ({ e, slug, v: m.values[e]?.[slug] })));
  const best = better(...picked.filter((p) => p.v).map((p) => p.v.v));
  for (const p of picked) p.f = shown(p.v, reports.get(p.slug), view, best);
  const [kind, id] = [s.base.slice(0, 1), s.base.slice(2)];
  const [ve, vslug] = id.split('@');
  const baseOf = (p) =>
    picked.find((b) =>
      kind === 'r'
        ? b.e === p.e && b.slug === id
        : kind === 'e'
          ? b.slug === p.slug && b.e === id
          : b.e === ve && b.slug === vslug,
    );
  const isBase = (p) => (kind === 'r' ? p.slug === id : kind === 'e' ? p.e === id : p.e === ve && p.slug === vslug);
  const name = (e) => index.entities[e] ?? e;
  const rname = (slug) => reports.get(slug).short;
  const baseName = kind === 'r' ? rname(id) : kind === 'e' ? name(id) : `${name(ve)} in ${rname(vslug)}`;

  // The chart: one bar per entity and report, grouped by entity, the base marked.
  const max = Math.max(...picked.filter((p) => p.f?.x !== undefined).map((p) => p.f.x), 0);
  const groups = s.e.map((e) =>
    el(
      'li',
      { className: 'cmp-group' },
      el('span', { className: 'cmp-entity' }, name(e)),
      el(
        'ul',
        {},
        ...picked
          .filter((p) => p.e === e)
          .map((p) => {
            const w = p.f?.x !== undefined && max > 0 ? p.f.x / max : 0;
            const bar = el('span', { className: 'cmp-bar' });
            bar.style.setProperty('--f', w.toFixed(4));
            const text = !p.v ? 'no value' : p.f.missing ? 'no machine facts' : `${fmt(p.f.x)}`;
            return el(
              'li',
              { className: isBase(p) ? 'cmp-row cmp-base' : 'cmp-row' },
              el(
                'span',
                { className: 'cmp-label' },
                reports.get(p.slug).short,
                isBase(p) ? el('b', {}, ' · base') : '',
              ),
              el('span', { className: 'cmp-track' }, bar, el('span', { className: 'cmp-value' }, text)),
            );
          }),
      ),
    ),
  );
  const spreads = picked.some((p) => p.f && !p.f.missing && p.f.lo !== null);
  const draw = el('div', { className: 'cmp-draw' }, el('ul', { className: 'cmp-bars' }, ...groups));
  const chart = el(
    'figure',
    { className: 'cmp-chart' },
    el(
      'figcaption',
      {},
      `${title(m)}${view === 'absolute' ? '' : `, ${unit}`}: ${m.better} is better. Bars from zero; the base (${baseName}) is outlined.` +
        (spreads ? ' A line across a bar is the spread its report states (the table names its kind).' : '') +
        ' The table below has every value.',
    ),
    draw,
  );
  draw.setAttribute('aria-hidden', 'true');
  const bars = picked
    .filter((p) => p.v && p.f && !p.f.missing)
    .map((p) => ({
      label: `${name(p.e)} · ${rname(p.slug)}${isBase(p) ? ' · base' : ''}`,
      x: p.f.x,
      lo: p.f.lo,
      hi: p.f.hi,
      base: isBase(p),
      text: fmt(p.f.x),
      spread: p.v.lo === undefined ? '' : spreadText(p.v, m.unit),
    }));

  // What differs, said above the ratio; every ratio across unlike results is marked.
  const unlike = differences(picked, reports, m);
  const warning = unlike.length
    ? el(
        'div',
        { className: 'cmp-warning', role: 'note' },
        el('p', {}, el('strong', {}, 'Not like with like:'), ' these results differ'),
        el('ul', {}, ...unlike.map((d) => el('li', {}, d))),
        el('p', {}, 'A ratio between them mixes these differences with the software’s; ratios are marked “unlike”.'),
      )
    : '';

  // The table: value, ratio and difference to the base, spread, conditions, source.
  const head = [
    'Entity and report',

    `Value (${unit})`,
    'Ratio to base',
    `Difference (${diffUnit})`,
    'Beyond noise?',
    'Conditions',
    'Source',
  ];
  const body = el('tbody');
  const rows = []; // the rows of the downloads: what the table shows, with its source
  const compared = []; // each difference's verdict, with its value and the base's, for the summary
  for (const p of picked) {
    if (!p.v) continue;
    const r = reports.get(p.slug);
    const b = baseOf(p);
    let ratio = '';
    let diff = '';
    let verdict = null;
    if (p.f.missing)
      ratio = diff = view === 'core' ? (r.no_core ?? 'the report states no core count') : 'the report states no clock';
    else if (isBase(p)) ratio = diff = 'base';
    else if (!b?.f || b.f.missing) ratio = diff = 'no base value';
    else {
      ratio = b.f.x === 0 ? 'n/a' : `${ratioText(p.f.x / b.f.x)}×${unlike.length ? ' (unlike)' : ''}`;
      diff = signed(p.f.x - b.f.x);
      verdict = noise(scaleFigure(figureOf(p.v), p.f.k), scaleFigure(figureOf(b.v), b.f.k));
      compared.push({ verdict, value: p.f.x, base: b.f.x });
    }
    const note = [];
    if (p.v.lo !== undefined) note.push(`spread ${spreadText(p.v, m.unit)}`);
    if ((view === 'core' || view === 'ghz') && !p.f.missing) {
      const d = view === 'core' ? r.core : r.ghz;
      note.push(`÷ ${fmt(d.divisor)} (${d.facts}, line ${d.line})`);
    }
    const cond = Object.entries(p.v.cond ?? {}).map(([k, x]) => `${k.replaceAll('_', ' ')} ${x}`);
    rows.push({
      entity: name(p.e),
      report: r.short,
      report_title: r.title,
      platform: r.platform,
      date: r.date,
      measure: title(m),
      statistic: m.statistic,
      stated_statistic: p.v.st ?? m.statistic,
      value: p.f.missing ? null : p.f.x,
      unit,
      ratio_to_base: ratio,
      difference: diff,
      spread: p.v.lo === undefined ? '' : spreadText(p.v, m.unit),
      noise: verdict ? noiseCode(verdict) : '',
      noise_p: verdict?.p ?? '',
      conditions: [p.v.b, p.v.section, ...cond].filter(Boolean).join('; '),
      seed: p.v.seed ?? `seeds/${p.slug}`,
      line: p.v.line,
    });
    const source = p.v.seed
      ? p.v.seed
      : el('a', { href: `${form.dataset.base}seeds/${p.slug}/#L${p.v.line}` }, `line ${p.v.line}`);
    const within = verdict?.verdict === 'within noise';
    body.append(
      el(
        'tr',
        within ? { hidden: hideWithin, className: 'cmp-within' } : {},
        el('th', { scope: 'row' }, name(p.e), el('span', { className: 'cmp-report', title: r.title }, r.short)),
        el('td', { className: 'num' }, p.f.missing ? 'n/a' : fmt(p.f.x)),
        el('td', { className: 'num' }, ratio),
        el('td', { className: 'num' }, diff),
        el('td', { className: 'cmp-spread' }, verdict ? noiseText(verdict) : ''),
        el('td', { className: 'cmp-cond' }, [p.v.b, p.v.section, ...cond, ...note, r.note].filter(Boolean).join('; ')),
        el('td', {}, source),
      ),
    );
  }
  const table = el(
    'table',
    {},
    el('caption', {}, `${title(m)}: each value against the base, ${baseName}`),
    el('thead', {}, el('tr', {}, ...head.map((t) => el('th', { scope: 'col' }, t)))),
    body,
  );
  const scroll = el('div', { className: 'table-scroll cmp-table', tabIndex: 0, role: 'region' }, table);
  scroll.setAttribute('aria-label', 'Compared values');

  // The generated comparison pages of these reports (the no-JS path): those that share two of them.
  const pages = [...document.querySelectorAll('.compare-pages li')].filter(
    (li) => li.dataset.reports.split(' ').filter((x) => s.r.includes(x)).length >= 2,
  );
  const links = pages.length
    ? el(
        'p',
        {},
        'Comparison pages of these reports, with what differs between the runs fact by fact: ',
        ...pages.flatMap((li, i) => [i ? '; ' : '', li.firstElementChild.cloneNode(true)]),
        '.',
      )
    : el('p', {}, 'No generated comparison page sets these reports side by side; the list above has every one.');
  // "Hide differences within noise": hides their rows in place (the box keeps the focus).
  const hide = el('input', { type: 'checkbox', checked: hideWithin });
  const hideBox = el('p', { className: 'cmp-hide' }, el('label', {}, hide, ' Hide differences within noise'));
  const count = tally(compared, m.better);
  const say = () => {
    const values = body.rows.length;
    const noiseSummary = tallyText(count, { hidden: hideWithin });
    status.textContent =
      `${values} value${values === 1 ? '' : 's'} of ${title(m)} for ${s.e.length} entit${s.e.length === 1 ? 'y' : 'ies'} in ` +
      `${s.r.length} report${s.r.length === 1 ? '' : 's'}, against ${baseName}; ${noiseSummary}.` +
      (lacking.length
        ? ` The picked reports share no measure: ${lacking.map(rname).join('; ')} state${lacking.length === 1 ? 's' : ''} no value of ${title(m)}.`
        : '');
  };
  hide.addEventListener('change', () => {
    hideWithin = hide.checked;
    for (const tr of body.querySelectorAll('tr.cmp-within')) tr.hidden = hideWithin;
    say();
  });
  out.replaceChildren(
    ...[warning, chart, count.within ? hideBox : '', scroll, actions(s, m, baseName, rows), links].filter(Boolean),
  );
  chartNow = { draw, bars };
  drawLive(draw, bars);
  say();
}

/** The controls, drawn for a state (the options depend on the measure and reports picked). */
function drawControls(index, s) {
  // The measures the picked reports share (and the one shown, when they share none), by metric.
  const select = form.elements.m;
  const menu = new Map();
  for (const m of index.measures.filter((x) => x === s.m || s.r.every((slug) => hasMeasure(x, slug)))) {
    const group = m.group ?? m.metric;
    if (!menu.has(group)) menu.set(group, el('optgroup', { label: group }));
    menu.get(group).append(new Option(`${title(m)}: ${m.reports} report${m.reports === 1 ? '' : 's'}`, m.key));
  }
  select.replaceChildren(...menu.values());
  select.value = s.m.key;
  const checks = (box, name, items) =>
    box.replaceChildren(
      ...items.map(([value, text, checked]) =>
        el('label', {}, el('input', { type: 'checkbox', name, value, checked }), ` ${text}`),
      ),
    );
  const reports = new Map(index.reports.map((r) => [r.slug, r]));
  const box = form.querySelector('.compare-reports .compare-checks');
  checks(
    box,
    'r',
    pickable(index).map((slug) => [slug, `${reports.get(slug).title} (${reports.get(slug).date})`, s.r.includes(slug)]),
  );
  filterReports(index);
  checks(
    form.querySelector('.compare-entities .compare-checks'),
    'e',
    entitiesOf(s.m, s.r).map((e) => [e, index.entities[e] ?? e, s.e.includes(e)]),
  );
  const groups = new Map();
  for (const [value, text, group] of baseOptions(
    s.m,
    s.r,
    s.e,
    (slug) => reports.get(slug).short,
    (e) => index.entities[e] ?? e,
  )) {
    if (!groups.has(group)) groups.set(group, el('optgroup', { label: group }));
    groups.get(group).append(new Option(text, value));
  }
  form.elements.base.replaceChildren(...groups.values());
  form.elements.base.value = s.base;
  for (const r of form.querySelectorAll('input[name="view"]')) r.checked = r.value === s.view;
}

/** The filters' choices: every software, platform and metric of the listed reports. */
function drawFilters(index) {
  const listed = pickable(index).map((slug) => index.reports.find((r) => r.slug === slug));
  const fill = (name, pairs) => {
    const select = form.elements[name];
    if (!select) return;
    const seen = new Map(pairs);
    select.replaceChildren(
      new Option('Any', ''),
      ...[...seen].sort((a, b) => a[1].localeCompare(b[1])).map(([v, t]) => new Option(t, v)),
    );
  };
  fill(
    'sw',
    listed.map((r) => [r.software, r.software]),
  );
  fill(
    'pf',
    listed.map((r) => [r.platform, r.platform || 'Not stated']),
  );
  fill(
    'mt',
    index.measures.map((m) => [m.metric, m.group ?? m.metric]),
  );
}

/** Hide the reports the search box and the filters leave out (a checked one stays listed). */
function filterReports(index) {
  const words = (form.elements.q?.value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const [sw, pf, mt] = ['sw', 'pf', 'mt'].map((n) => form.elements[n]?.value ?? '');
  const boxes = [...form.querySelectorAll('input[name="r"]')];
  let shown = 0;
  for (const box of boxes) {
    const r = index.reports.find((x) => x.slug === box.value);
    const names = Object.keys(index.entities).filter((e) => index.measures.some((m) => m.values[e]?.[r.slug]));
    const text = [r.title, r.short, r.software, r.platform, r.date, ...names.map((e) => index.entities[e])]
      .join(' ')
      .toLowerCase();
    const keep =
      box.checked ||
      (words.every((w) => text.includes(w)) &&
        (!sw || r.software === sw) &&
        (!pf || r.platform === pf) &&
        (!mt || index.measures.some((m) => m.metric === mt && hasMeasure(m, r.slug))));
    box.closest('label').hidden = !keep;
    if (keep) shown++;
  }
  const found = form.querySelector('.compare-found');
  if (found)
    found.textContent = `${shown} of ${boxes.length} reports listed${shown < boxes.length ? ' (a checked report always stays listed)' : ''}.`;
}

async function main() {
  if (!form || !out) return;
  const res = await fetch(form.dataset.index);
  if (!res.ok) return;
  const index = await res.json();
  if (!index.measures.length) return;
  let state = stateOf(index, location.search);
  const show = () => {
    drawControls(index, state);
    render(index, state);
  };
  // A reader's change: read the form, correct it, show it, and make it a history entry.
  form.addEventListener('change', (ev) => {
    const q = new URLSearchParams(search(state));
    const t = ev.target;
    if (said) said.textContent = '';
    if (['q', 'sw', 'pf', 'mt'].includes(t.name)) return filterReports(index);
    const picked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((i) => i.value);
    if (t.name === 'm') {
      q.set('m', t.value);
      q.set('base', '');
    } else if (t.name === 'r' || t.name === 'e') {
      // The last report or entity unchecked: checked again, and the reader told why.
      const left = picked(t.name);
      q.set(t.name, left.length ? left.join(',') : t.value);
      if (!left.length) {
        const what = t.name === 'r' ? index.reports.find((r) => r.slug === t.value).title : index.entities[t.value];
        said.textContent = `At least one ${t.name === 'r' ? 'report' : 'entity'} must be chosen: ${what ?? t.value} is checked again.`;
      }
    } else if (t.name === 'base' || t.name === 'view') q.set(t.name, t.value);
    else return;
    state = stateOf(index, `?${q}`);
    history.pushState(null, '', search(state));
    show();
  });
  // The results already follow every change: the button takes the reader to them.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    out.querySelector('.cmp-table')?.focus();
  });
  form.elements.q?.addEventListener('input', () => filterReports(index));
  // The chart's colours are the page's, light or dark: redraw when the scheme changes.
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => drawLive(chartNow.draw, chartNow.bars));
  addEventListener('popstate', () => {
    state = stateOf(index, location.search);
    show();
  });
  document.querySelector('.compare-nojs')?.setAttribute('hidden', '');
  form.hidden = false;
  drawFilters(index);
  history.replaceState(null, '', search(state));
  show();
}

main();
