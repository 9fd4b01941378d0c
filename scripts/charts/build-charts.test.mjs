// End-to-end tests of the chart step: run `build-charts.mjs` on data/ into temporary folders and
// check what it wrote against numbers counted here, independently, from data/'s CSVs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseFragment } from 'parse5';
import { View, parse as parseVega, resetSVGDefIds } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { FONT_FILES, PNG_WIDTH, compile, load, pngPixels, scopeSvgIds } from './render.mjs';
import { darkSvg, darkVariant, themeCss, themedSvg } from './shared/theme.mjs';
import { ROOT } from '../lib/paths.mjs';
import { NARROW_BELOW, NARROW_WIDTH, fontSizes, pageSvg, standaloneSvg, wideSpec } from './shared/layouts.mjs';
import { jsonText } from '../lib/json.mjs';
import { comparisonFile, readComparisons } from '../lib/atlas.mjs';
import { UNITS, quantityOf } from '../data/measure/units.mjs';
import { builders } from './index.mjs';

const DATA = path.join(ROOT, 'data');
let tmp;
let out;
let index;
/** Every chart of the index: each report's, each comparison's, each subject's. */
const everyChart = () => [index.charts, index.comparisons, index.subjects].flatMap((g) => Object.values(g ?? {}));

const cli = (...args) =>
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/charts/build-charts.mjs'), '--data', DATA, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
const file = (dir, name) => fs.readFileSync(path.join(dir, 'static', 'charts', name));

before(async () => {
  await load(); // Vega measuring text as the build does
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charts-test-'));
  out = path.join(tmp, 'cold');
  cli('--out', out, '--cache', path.join(tmp, 'cache'), '--quiet');
  index = JSON.parse(fs.readFileSync(path.join(out, 'data', 'charts.json'), 'utf8'));
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// # Counting plotted rows from data/, without the chart code.

const reports = Object.fromEntries(
  fs.readdirSync(path.join(DATA, 'reports')).map((f) => {
    const r = JSON.parse(fs.readFileSync(path.join(DATA, 'reports', f), 'utf8'));
    return [r.slug, r];
  }),
);
/** Rows of a report's table as strings, straight from the CSV. */
const csvRows = (slug, table) =>
  parseCsv(fs.readFileSync(path.join(DATA, 'tables', slug, `${table}.csv`)), { columns: true });
const distinct = (xs) => [...new Set(xs)];

function httpRuns(slug) {
  const rows = csvRows(slug, 'client-rate');
  const order = distinct([...(reports[slug].runs ?? []).map((r) => r.id), ...rows.map((r) => r.run ?? '')]);
  const runs = order.filter((id) => rows.some((r) => (r.run ?? '') === id));
  return { rows, runs, first: rows.filter((r) => (r.run ?? '') === runs[0]) };
}
const poolKey = (r) => `${r.pool_count ?? ''}/${r.pool_size ?? ''}`;
const cloudi = (slug) => {
  const rows = csvRows(slug, 'request-rate');
  const queue = rows.some((r) => r.queue_service === 'true') && rows.some((r) => r.queue_service === 'false');
  return { rows, queue, direct: queue ? rows.filter((r) => r.queue_service === 'false') : rows };
};

/** Plotted rows per chart name, from the CSVs. */
const expectedRows = {
  'resident-memory': (slug) => csvRows(slug, 'resident-memory').length,
  'queue-flood': (slug) => csvRows(slug, 'queue-flood').length,
  'fairness-latency': (slug) => csvRows(slug, 'fairness-latency').length,
  'queue-packing-backlog': (slug) => csvRows(slug, 'queue-packing-backlog').length,
  'throughput-digitized': (slug) => csvRows(slug, 'throughput-digitized').length,
  'max-rate-by-configuration': (slug) => cloudi(slug).direct.filter((r) => r.duo_mode === 'true').length,
  'duo-mode-effect': (slug) => {
    const { direct } = cloudi(slug);
    const key = (r) =>
      [
        r.language,
        r.variant,
        r.receiver_kind,
        r.dest_refresh_method,
        r.senders,
        r.receivers,
        r.queue_service,
        r.queues,
      ].join('|');
    const keys = distinct(direct.map(key)).filter(
      (k) =>
        direct.some((r) => key(r) === k && r.duo_mode === 'true') &&
        direct.some((r) => key(r) === k && r.duo_mode === 'false'),
    );
    return 2 * keys.length;
  },
  'languages-by-configuration': (slug) =>
    cloudi(slug).direct.filter((r) => r.duo_mode === 'true' && r.dest_refresh_method === 'lazy_closest').length,
  'rate-by-variant': (slug) => cloudi(slug).direct.filter((r) => r.duo_mode === 'true').length,
  'queue-service-effect': (slug) =>
    cloudi(slug).rows.filter((r) => r.duo_mode === 'true' && r.dest_refresh_method === 'lazy_closest').length,
  'best-rate-by-client': (slug) =>
    distinct(
      httpRuns(slug)
        .first.filter((r) => +r.error_pct <= 1)
        .map((r) => r.client),
    ).length,
  'rate-by-concurrency': (slug) => {
    const { first } = httpRuns(slug);
    let n = 0;
    for (const c of distinct(first.map((r) => r.client))) {
      const own = first.filter((r) => r.client === c);
      const ok = own.filter((r) => +r.error_pct <= 1);
      const pick = (ok.length ? ok : own).reduce((a, b) => (+b.requests_per_second > +a.requests_per_second ? b : a));
      n += own.filter((r) => poolKey(r) === poolKey(pick)).length;
    }
    return n;
  },
  'rate-vs-errors': (slug) => httpRuns(slug).first.length,
  // CloudI 2.0's latency distribution: every row, one point each.
  'latency-distribution': (slug) => {
    const table = reports[slug].tables.find((t) => /latency/.test(t.kind) && t.kind !== 'cloudi-stable-request-rate');
    return csvRows(slug, table.id).length;
  },
  // A receiver with a latency at the tail percentile (99.9, else 99) is one point.
  'rate-vs-tail-latency': (slug) => {
    const latency = csvRows(slug, 'request-latency');
    const p = latency.some((r) => +r.percentile === 99.9) ? 99.9 : 99;
    const key = (r) => `${r.language}|${r.receiver_kind}`;
    const tails = new Set(latency.filter((r) => +r.percentile === p).map(key));
    return csvRows(slug, 'request-rate').filter((r) => tails.has(key(r))).length;
  },
  'runs-compared': (slug) => {
    const { rows, runs } = httpRuns(slug);
    const key = (r) => [r.client, poolKey(r), r.concurrency].join('|');
    const b = new Set(rows.filter((r) => r.run === runs[1]).map(key));
    return rows.filter((r) => r.run === runs[0] && b.has(key(r))).length;
  },
};

/**
 * Plotted rows of a chart of the measurement model (its name `<metric>-<statistic>-<unit>...`, the
 * statistic "percentiles" for a distribution), from the report's measurements.csv: the rows of that
 * metric and statistic in a unit of the chart's quantity, less those of the per-kind tables of a
 * report that has per-kind builders.
 */
function measurementRows(c) {
  const table = reports[c.report].tables.find((t) => t.id === c.table);
  // A report with per-kind builders leaves all its per-kind tables to them.
  const perKind = reports[c.report].tables.filter((t) => t.kind !== 'measurement');
  const charted = new Set(perKind.some((t) => builders[t.kind]) ? perKind.map((t) => t.id) : []);
  const slug = (s) => s.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const units = Object.keys(UNITS);
  return csvRows(c.report, table.id).filter((r) => {
    if (charted.has(r.source_table)) return false;
    const stats = /^p\d/.test(r.statistic) ? ['percentiles', r.statistic] : [r.statistic];
    return stats.some((st) => {
      const prefix = slug(`${r.metric}-${st}-`);
      if (!c.name.startsWith(prefix)) return false;
      const rest = c.name.slice(prefix.length);
      return units.some(
        (u) => quantityOf(u) === quantityOf(r.unit) && (rest === slug(u) || rest.startsWith(`${slug(u)}-`)),
      );
    });
  }).length;
}

/** Plotted rows of a chart, counted from data/ by its name (or its table's kind). */
const expectedMarks = (c) =>
  reports[c.report].tables.find((t) => t.id === c.table)?.kind === 'measurement'
    ? measurementRows(c)
    : expectedRows[c.name]?.(c.report);

/** Elements matched by a marks_selector of the form ".<class> > <tag>" in an SVG, via an HTML parser. */
function select(svg, selector) {
  const m = /^\.([\w-]+) > (\w+)$/.exec(selector);
  assert.ok(m, `selector ${selector} has the form ".class > tag"`);
  const [, cls, tag] = m;
  const found = [];
  const walk = (node) => {
    const classes = (node.attrs ?? []).find((a) => a.name === 'class')?.value.split(/\s+/) ?? [];
    if (classes.includes(cls)) for (const child of node.childNodes ?? []) if (child.tagName === tag) found.push(child);
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parseFragment(svg));
  return found;
}

// # Tests.

test('every report with a chartable table has charts, and every chart name has an independent row count', () => {
  assert.ok(Object.keys(index.charts).length >= 15);
  for (const c of Object.values(index.charts))
    assert.ok(expectedMarks(c) !== undefined, `no independent count for chart ${c.name}: add one to this test`);
  for (const slug of Object.keys(reports)) assert.ok(index.reports[slug]?.length, `${slug} has charts`);
});

test('each chart draws one mark per plotted row, in the SVG and as counted from data/', () => {
  for (const c of Object.values(index.charts)) {
    const expected = expectedMarks(c);
    assert.equal(c.marks, expected, `${c.id}: charts.json marks`);
    const svg = file(out, `${c.id}.svg`).toString();
    assert.equal(select(svg, c.marks_selector).length, expected, `${c.id}: ${c.marks_selector} in the SVG`);
    const csv = parseCsv(file(out, `${c.id}.csv`), { columns: true });
    assert.equal(csv.length, expected, `${c.id}: rows in its CSV`);
  }
});

test('a chart is one SVG, light and dark: no second, dark copy is published', () => {
  const published = fs.readdirSync(path.join(out, 'static', 'charts'));
  for (const c of Object.values(index.charts)) {
    assert.ok(published.includes(`${c.id}.svg`), `${c.id}.svg`);
    assert.match(file(out, `${c.id}.svg`).toString(), /^<svg[^>]*><style>@media \(prefers-color-scheme: dark\)\{/);
    assert.equal(c.files.svg_dark, undefined, `${c.id}: charts.json names no dark file`);
  }
  assert.deepEqual(
    published.filter((f) => f.endsWith('.dark.svg')),
    [],
    'no <id>.dark.svg',
  );
});

test('the compiled Vega specs run under vega-interpreter (the page runtime) and draw the SVGs built', async () => {
  const interpret = async (spec, prefix) => {
    const view = new View(parseVega(spec, null, { ast: true }), { expr: expressionInterpreter, renderer: 'none' });
    await view.runAsync();
    resetSVGDefIds();
    return scopeSvgIds(await view.toSVG(), prefix);
  };
  const inline = (name) => fs.readFileSync(path.join(out, 'inline', name), 'utf8');
  for (const c of Object.values(index.charts)) {
    const vl = JSON.parse(file(out, `${c.id}.vl.json`));
    // The standalone chart: the wide drawing with its title set above it (no Vega run of its own),
    // light, with the dark theme as CSS for readers who ask for it.
    const light = standaloneSvg(await interpret(JSON.parse(file(out, `${c.id}.vg.json`)), c.id), vl);
    assert.equal(select(light, c.marks_selector).length, c.marks, c.id);
    assert.equal(themedSvg(light), file(out, `${c.id}.svg`).toString(), `${c.id}: the light spec draws the SVG`);
    // What the dark rules do to it is what the dark theme draws, byte for byte: the spec compiled
    // with the dark config, under the page runtime, its title set in the dark theme's colours.
    const dark = darkVariant(vl);
    assert.equal(
      darkSvg(light),
      standaloneSvg(await interpret(await compile(wideSpec(dark)), c.id), dark),
      `${c.id}: the dark rules recolour the SVG as the dark spec draws it`,
    );
    assert.notEqual(darkSvg(light), light, `${c.id}: the dark theme changes the chart`);
    // The live chart's specs (wide and narrow) draw the SVGs the pages inline, mark for mark.
    for (const [spec, svg, prefix, layout] of [
      [`${c.id}.vg.json`, `${c.id}.svg`, c.id, 'wide'],
      [`${c.id}.narrow.vg.json`, `${c.id}.narrow.svg`, `${c.id}-n`, 'narrow'],
    ]) {
      const drawn = await interpret(JSON.parse(file(out, spec)), prefix);
      assert.equal(pageSvg(drawn, c.id, layout), inline(svg), `${c.id}: ${spec} draws inline/${svg}`);
      assert.equal(select(drawn, c.marks_selector).length, c.marks, `${c.id}: marks of ${spec}`);
    }
  }
});

test("the site's stylesheet carries the charts' themes, rule for rule", () => {
  const css = fs.readFileSync(path.join(ROOT, 'assets/css/site.css'), 'utf8');
  const block = /\/\* chart-theme:begin \*\/([\s\S]*?)\/\* chart-theme:end \*\//.exec(css);
  assert.ok(block, 'site.css has the chart-theme block');
  const norm = (t) => t.replace(/\s+/g, '').replace(/;}/g, '}');
  assert.equal(norm(block[1]), norm(themeCss('.chart-frame ')));
  // Each rule keeps the attribute's colour in the light theme and gives the one the dark theme swaps
  // in, and nothing else.
  let rules = 0;
  for (const m of block[1].matchAll(
    /\[(fill|stroke)="(#[0-9a-f]{6})"\](?:,[^{]*)?\s*{\s*(fill|stroke):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/g,
  )) {
    assert.equal(m[1], m[3]);
    assert.equal(m[2], m[4]);
    assert.equal(darkSvg(`<svg><rect ${m[1]}="${m[2]}"/></svg>`), `<svg><rect ${m[1]}="${m[5]}"/></svg>`);
    rules++;
  }
  assert.ok(rules >= 10, `${rules} rules`);
  // Hugo's minifier shortens #ffffff to #fff in inline SVGs: the short forms are themed too.
  for (const short of ['#fff', '#555', '#000']) assert.match(block[1], new RegExp(`\\[fill="${short}"\\]`));
  assert.doesNotMatch(css, /prefers-color-scheme/, 'colours follow color-scheme (light-dark()), not a media query');
});

test('the best-client chart does not pick Buoy at 1 % errors, and does at 100 %', async () => {
  const id = 'httpc-bench-mojito-ec2-m5-4xlarge--best-rate-by-client';
  const c = index.charts[id];
  assert.deepEqual(
    c.controls.map(({ name, type, default: d, min, max }) => ({ name, type, d, min, max })),
    [{ name: 'max_error', type: 'range', d: 1, min: 0, max: 100 }],
  );
  const csv = parseCsv(file(out, `${id}.csv`), { columns: true });
  assert.ok(!csv.some((r) => r.client === 'Buoy'));
  assert.ok(csv.every((r) => +r.error_pct <= 1));
  assert.equal(csv[0].client, 'MachineGun');
  const clients = new Set(httpRuns('httpc-bench-mojito-ec2-m5-4xlarge').rows.map((r) => r.client));
  // The client axis labels, top to bottom (the bars are sorted by rate; after an update the
  // label elements are not in domain order, so sort them by their position).
  const labels = (svg) =>
    select(svg, '.role-axis-label > text')
      .map((t) => ({
        text: t.childNodes.map((n) => n.value).join(''),
        y: +/translate\([^,]+,([^)]+)\)/.exec(t.attrs.find((a) => a.name === 'transform')?.value ?? '')?.[1],
      }))
      .filter((l) => clients.has(l.text))
      .sort((a, b) => a.y - b.y)
      .map((l) => l.text);
  assert.deepEqual(
    labels(file(out, `${id}.svg`).toString()),
    csv.map((r) => r.client),
  );
  assert.match(
    index.findings['httpc-bench-mojito-ec2-m5-4xlarge'].headline,
    /^With at most 1 % errors, MachineGun was fastest at 72,950 requests\/s; Buoy's/,
  );

  const view = new View(parseVega(JSON.parse(file(out, `${id}.vg.json`)), null, { ast: true }), {
    expr: expressionInterpreter,
    renderer: 'none',
  });
  await view.runAsync();
  view.signal('max_error', 100);
  await view.runAsync();
  const svg = await view.toSVG();
  assert.equal(labels(svg)[0], 'Buoy', 'with every error rate allowed, Buoy has the highest rate');
});

test('the corrected Darner point is relabelled and marked', () => {
  const id = 'darner-vs-kestrel-ec2-m1-large--resident-memory';
  assert.equal(index.charts[id].corrected, 1);
  const csv = parseCsv(file(out, `${id}.csv`), { columns: true });
  const fixed = csv.filter((r) => r.corrected === 'true');
  assert.deepEqual(
    fixed.map((r) => [r.server, r.published_server, r.queued_requests, r.rss_kb]),
    [['darner', 'kestrel', '1048576', '33848']],
  );
  assert.equal(csv.filter((r) => r.server === 'kestrel' && r.queued_requests === '1048576').length, 1);
  assert.match(file(out, `${id}.svg`).toString(), /corrected: published as kestrel, see errata/);
  assert.equal(
    index.findings['darner-vs-kestrel-ec2-m1-large'].headline,
    'Darner used 18x less memory than Kestrel with 1,048,576 requests queued (33,848 kB vs 611,612 kB).',
  );
});

test("the PNG is 1,200 pixels wide at the SVG's proportions (a social card, a slide), with dark pixels (text) in the title region", async () => {
  for (const id of [
    'darner-vs-kestrel-ec2-m1-large--resident-memory',
    'astore-hyper-threading-dell-r420--throughput-digitized',
  ]) {
    const c = index.charts[id];
    const png = file(out, `${id}.png`);
    assert.equal(png.readUInt32BE(16), PNG_WIDTH);
    assert.ok(Math.abs(png.readUInt32BE(20) - (c.height * PNG_WIDTH) / c.width) <= 1, `${id}: height`);
    assert.deepEqual(c.png, { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, `${id}: charts.json`);
    const { width, pixels } = await pngPixels(png);
    let dark = 0;
    for (let y = 20; y < 64; y++) {
      for (let x = 20; x < 500; x++) {
        const i = 4 * (y * width + x);
        if (pixels[i] < 90 && pixels[i + 1] < 90 && pixels[i + 2] < 90) dark++;
      }
    }
    assert.ok(dark > 500, `${id}: ${dark} dark pixels in the title region`);
  }
});

test("the PNG draws what the SVG draws: its text as the font's outlines, within 3 % of the pixels of resvg drawing the text", async () => {
  const { resvg } = await load();
  for (const c of Object.values(index.charts)) {
    const svg = file(out, `${c.id}.svg`).toString();
    const own = new resvg.Resvg(svg, {
      fitTo: { mode: 'width', value: PNG_WIDTH },
      background: 'white',
      font: { loadSystemFonts: false, fontFiles: Object.values(FONT_FILES), defaultFontFamily: 'DejaVu Sans' },
    }).render().pixels;
    const { pixels } = await pngPixels(file(out, `${c.id}.png`));
    assert.equal(pixels.length, own.length, c.id);
    let differ = 0;
    for (let i = 0; i < own.length; i += 4)
      if ([0, 1, 2].some((k) => Math.abs(own[i + k] - pixels[i + k]) > 64)) differ++;
    const share = differ / (own.length / 4);
    // Kerning (which the outlines leave out, as the layout's measurement does) moves a glyph a pixel.
    assert.ok(share < 0.03, `${c.id}: ${(share * 100).toFixed(2)} % of the PNG's pixels differ`);
  }
});

test("the live chart's Vega spec is what compiling the chart without its title gives", async () => {
  for (const c of Object.values(index.charts)) {
    const vl = JSON.parse(file(out, `${c.id}.vl.json`));
    assert.equal(file(out, `${c.id}.vg.json`).toString(), jsonText(await compile(wideSpec(vl))), c.id);
  }
});

test('every Vega-Lite spec is self-contained: schema, title, description, inline data, provenance', () => {
  for (const c of Object.values(index.charts)) {
    const spec = JSON.parse(file(out, `${c.id}.vl.json`));
    assert.match(spec.$schema, /vega-lite\/v6/);
    assert.equal(spec.title.text, c.title);
    assert.equal(spec.description, c.description);
    assert.ok(Array.isArray(spec.data.values) && spec.data.values.length >= c.marks, c.id);
    assert.equal(spec.data.url, undefined);
    const u = spec.usermeta;
    assert.equal(u.id, c.id);
    assert.equal(u.reportUrl, `/reports/${c.report}/`);
    assert.equal(u.dataCsv, `/charts/${c.id}.csv`);
    assert.ok(u.reportTitle && u.seed && u.licence && u.source.repository && u.source.commit && u.source.url, c.id);
    assert.equal(spec.width, c.width);
    assert.equal(spec.height, c.height);
    const svg = file(out, `${c.id}.svg`).toString();
    assert.match(svg, new RegExp(`^<svg[^>]* width="${c.width}" height="${c.height}"`));
  }
});

test('charts.json: keys sorted, every entry complete, descriptions with computed numbers', () => {
  const text = fs.readFileSync(path.join(out, 'data', 'charts.json'), 'utf8');
  const sortedKeys = (v) => {
    if (Array.isArray(v)) return v.forEach(sortedKeys);
    if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      assert.deepEqual(keys, [...keys].sort());
      Object.values(v).forEach(sortedKeys);
    }
  };
  sortedKeys(index);
  assert.ok(text.endsWith('}\n'));
  for (const c of Object.values(index.charts)) {
    for (const k of [
      'id',
      'report',
      'name',
      'table',
      'title',
      'description',
      'alt',
      'width',
      'height',
      'marks',
      'marks_selector',
      'order',
      'log_scales',
      'controls',
      'digitized',
      'corrected',
    ]) {
      assert.ok(k in c, `${c.id}: ${k}`);
    }
    assert.equal(index.reports[c.report][c.order], c.id);
    const sentences = c.description.split(/(?<=\.)\s+(?=[A-Z"])/);
    assert.ok(sentences.length >= 1 && sentences.length <= 3, `${c.id}: ${sentences.length} sentences`);
    assert.match(c.description, /\d/);
    assert.doesNotMatch(c.description, /\d{5}/, `${c.id}: numbers have thousands separators`);
  }
  for (const [slug, f] of Object.entries(index.findings)) {
    assert.ok(f.headline && f.items.length, slug);
  }
  assert.match(index.findings['astore-hyper-threading-dell-r420'].headline, /[Dd]igitized/);
  assert.ok(index.charts['astore-hyper-threading-dell-r420--throughput-digitized'].digitized);
});

test("every chart, a report's, a comparison's or a subject's, can be embedded: its page, the reports it draws from, its iframe's height", () => {
  const reportSlugs = new Set(Object.keys(index.reports));
  const groups = { charts: index.charts, comparisons: index.comparisons, subjects: index.subjects };
  const ids = new Set();
  for (const [group, entries] of Object.entries(groups)) {
    assert.ok(Object.keys(entries).length, `some ${group}`);
    for (const c of Object.values(entries)) {
      assert.ok(!ids.has(c.id), `${c.id}: one id across the groups`);
      ids.add(c.id);
      assert.match(c.page, /^\/(reports|compare|subjects)\/[^/]+\/#[a-z-]+$/, `${c.id}: page`);
      assert.ok(c.page.endsWith(`#${c.name}`), `${c.id}: the page's anchor is its figure's id`);
      assert.ok(c.page_title, `${c.id}: page title`);
      assert.ok(c.sources.length >= 1 && c.sources.every((s) => reportSlugs.has(s)), `${c.id}: sources`);
      const { full, plain } = c.embed_size;
      assert.ok(full.height > plain.height && plain.height > c.inline.height, c.id);
      assert.ok(full.width === plain.width && full.width >= c.inline.width, c.id);
      assert.match(full.css, /^calc\(.+\)$/, c.id);
    }
  }
  for (const c of Object.values(index.charts)) assert.deepEqual(c.sources, [c.report]);
  // A comparison draws from each report it compares; its credit line is longer than one report's.
  for (const c of Object.values(index.comparisons)) assert.ok(c.sources.length >= 2, c.id);
});

test('the plotted rows CSVs keep provenance, in one dialect', () => {
  for (const c of Object.values(index.charts)) {
    const text = file(out, `${c.id}.csv`).toString();
    assert.ok(text.endsWith('\n') && !text.includes('\r'), c.id);
    const header = text.slice(0, text.indexOf('\n')).split(',');
    assert.ok(header.includes('seed'), `${c.id}: seed column`);
    assert.ok(
      header.some((h) => h === 'line' || h.startsWith('line_')),
      `${c.id}: line column`,
    );
  }
});

test('output is deterministic, and the same with or without the cache', () => {
  const warm = path.join(tmp, 'warm');
  const none = path.join(tmp, 'none');
  const summary = cli('--out', warm, '--cache', path.join(tmp, 'cache'));
  assert.match(summary, /charts: \d+ charts, 0 rendered, \d+ from cache, 0 cache entries pruned, \d+ ms/);
  cli('--out', none, '--no-cache', '--quiet');
  const tree = (dir) => {
    const files = [];
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else files.push(path.relative(dir, path.join(d, e.name)));
      }
    };
    walk(dir);
    return files;
  };
  const files = tree(out);
  assert.deepEqual(tree(warm), files);
  assert.deepEqual(tree(none), files);
  for (const f of files) {
    const a = fs.readFileSync(path.join(out, f));
    assert.ok(a.equals(fs.readFileSync(path.join(warm, f))), `${f} differs with the cache`);
    assert.ok(a.equals(fs.readFileSync(path.join(none, f))), `${f} differs between two renders`);
  }
});

test("a rebuild from the cache works out no chart's embed size again: the same sizes, from the cache", () => {
  const stats = path.join(tmp, 'stats.json');
  const again = path.join(tmp, 'again');
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'scripts/charts/build-charts.mjs'),
      '--data',
      DATA,
      '--out',
      again,
      '--cache',
      path.join(tmp, 'cache'),
      '--quiet',
    ],
    { cwd: ROOT, env: { ...process.env, CHARTS_STATS: stats } },
  );
  const s = JSON.parse(fs.readFileSync(stats, 'utf8'));
  assert.equal(s.rendered, 0, 'nothing drawn');
  assert.equal(s.embed_sizes, 0, 'no embed size worked out again');
  assert.equal(
    fs.readFileSync(path.join(again, 'data', 'charts.json'), 'utf8'),
    fs.readFileSync(path.join(out, 'data', 'charts.json'), 'utf8'),
  );
});

test('a rebuild after one comparison changed plans that comparison only: every other atlas chart comes from the plan cache', () => {
  const data = path.join(tmp, 'data-one-comparison');
  fs.cpSync(DATA, data, { recursive: true });
  const [first] = readComparisons(data);
  const file = path.join(data, comparisonFile(first.id));
  fs.writeFileSync(file, JSON.stringify({ ...first, title: `${first.title} (retitled)` }));
  const stats = path.join(tmp, 'stats-one.json');
  const out2 = path.join(tmp, 'one-comparison');
  const cache = path.join(tmp, 'cache-one');
  fs.cpSync(path.join(tmp, 'cache'), cache, { recursive: true });
  fs.cpSync(path.join(tmp, 'cache-plans'), `${cache}-plans`, { recursive: true });
  const build = () =>
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'scripts/charts/build-charts.mjs'), '--data', data, '--out', out2, '--cache', cache, '--quiet'],
      { cwd: ROOT, env: { ...process.env, CHARTS_STATS: stats } },
    );
  build();
  assert.equal(JSON.parse(fs.readFileSync(stats, 'utf8')).atlas_planned, 1, 'the retitled comparison only');
  const entry = JSON.parse(fs.readFileSync(path.join(out2, 'data', 'charts.json'), 'utf8')).comparisons[first.id];
  assert.match(entry.page_title, / \(retitled\)$/);
  build();
  assert.equal(JSON.parse(fs.readFileSync(stats, 'utf8')).atlas_planned, 0, 'nothing changed: nothing planned');
});

test('the cache keeps the entries the last build used, and only those', () => {
  // A copy of the cache, with an entry no chart has and a file a killed run left half-written.
  const cache = path.join(tmp, 'cache-pruned');
  fs.cpSync(path.join(tmp, 'cache'), cache, { recursive: true });
  const keys = () => new Set(fs.readdirSync(cache).map((f) => f.slice(0, 64)));
  const before = keys();
  const all = everyChart();
  assert.equal(before.size, all.length, 'one entry a chart');
  const stale = 'f'.repeat(64);
  fs.writeFileSync(path.join(cache, `${stale}.svg`), '<svg/>');
  const someKey = [...before][0];
  fs.writeFileSync(path.join(cache, `${someKey}.svg.tmp-99999`), '<sv');
  // The data without one report that no comparison or subject chart draws from (the atlas stays
  // as it is): its charts are no longer drawn.
  const data = path.join(tmp, 'data-less');
  fs.cpSync(DATA, data, { recursive: true });
  const drawnFrom = new Set(
    everyChart()
      .filter((c) => !c.report)
      .flatMap((c) => c.sources),
  );
  const gone = Object.keys(index.reports).find((slug) => index.reports[slug].length && !drawnFrom.has(slug));
  fs.rmSync(path.join(data, 'reports', `${gone}.json`));
  const goneCharts = index.reports[gone].length;
  /** The chart stage on the smaller data, with the pruned cache: its summary line. */
  const buildLess = () =>
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts/charts/build-charts.mjs'),
        '--data',
        data,
        '--out',
        path.join(tmp, 'less'),
        '--cache',
        cache,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
  const summary = buildLess();
  assert.match(
    summary,
    new RegExp(`0 rendered, ${all.length - goneCharts} from cache, ${goneCharts + 1} cache entries pruned`),
  );
  const after = keys();
  assert.equal(after.size, all.length - goneCharts);
  assert.ok(!after.has(stale), 'the entry no chart uses is gone');
  assert.ok(
    [...after].every((k) => before.has(k)),
    'nothing new was drawn',
  );
  assert.ok(!fs.readdirSync(cache).some((f) => f.includes('.tmp-')), 'no half-written file is left');
  // Every chart of the smaller site still comes from the cache: nothing it uses was pruned.
  const again = buildLess();
  assert.match(again, new RegExp(`0 rendered, ${all.length - goneCharts} from cache, 0 cache entries pruned`));
});

test('every chart has a narrow layout for a phone: 300 px wide, no text under 12 px, all its marks, no title', () => {
  const all = everyChart();
  assert.ok(all.length > 20);
  for (const c of all) {
    const narrow = fs.readFileSync(path.join(out, 'inline', `${c.id}.narrow.svg`), 'utf8');
    const wide = fs.readFileSync(path.join(out, 'inline', `${c.id}.svg`), 'utf8');
    assert.deepEqual(c.narrow, { width: NARROW_WIDTH, height: c.narrow.height }, c.id);
    assert.match(narrow, new RegExp(`^<svg[^>]* width="${NARROW_WIDTH}" height="${c.narrow.height}"`), c.id);
    const sizes = fontSizes(narrow);
    assert.ok(sizes.length > 3, `${c.id}: text in the narrow layout`);
    assert.ok(Math.min(...sizes) >= 12, `${c.id}: smallest text ${Math.min(...sizes)} px`);
    assert.equal(select(narrow, c.marks_selector).length, c.marks, `${c.id}: marks in the narrow layout`);
    // The page writes the title as HTML above the inline layouts; the standalone file draws it.
    const title = c.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const svg of [narrow, wide]) assert.ok(!svg.includes(`>${title}<`), `${c.id}: no title in an inline layout`);
    assert.ok(file(out, `${c.id}.svg`).toString().includes(`>${title}<`), `${c.id}: the standalone SVG has its title`);
  }
});

test("the stylesheet switches to the narrow drawings at the chart stage's width, which charts.json hands the page script", () => {
  const css = fs.readFileSync(path.join(ROOT, 'assets/css/site.css'), 'utf8');
  const queries = [...css.matchAll(/@container \(width < (\d+)px\)/g)].map((m) => Number(m[1]));
  assert.deepEqual(queries, [NARROW_BELOW]);
  assert.deepEqual(index.layout, { narrow_below: NARROW_BELOW, narrow_width: NARROW_WIDTH });
  // The widest wide drawing is never drawn below 0.85x above that width.
  const widest = Math.max(...everyChart().map((c) => c.inline.width));
  assert.ok(NARROW_BELOW / widest >= 0.85, `${NARROW_BELOW} / ${widest}`);
});
