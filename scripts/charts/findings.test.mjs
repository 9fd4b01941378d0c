// Only true findings: every sentence the measurement model's charts print is recomputed here from
// the rows the chart plots, for every report in data/ and for a corpus of real result files (the
// parsers' fixtures, each with its source in the parser's README, and fixtures/ beside this file).
// A sentence must name the statistic of its rows, pick the row it names by that statistic, quote
// its value in the chart's unit, and give a ratio only between two positive values. And no report
// can break the build: every chart of the corpus draws one mark per plotted row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { loadEnv, readInputs } from '../data/inputs.mjs';
import { buildData } from '../data/pipeline.mjs';
import { conditionFields } from '../data/measure/model.mjs';
import { quantityOf } from '../data/measure/units.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { planCharts } from './plan.mjs';
import { build } from './measurement.mjs';
import { assemble, fieldMap } from './shared/spec.mjs';
import { quantity, times } from './shared/format.mjs';
import { countMarks, renderChart } from './render.mjs';

const env = loadEnv();
const inputs = readInputs();

/** Real result files, as a contributor adds them: [format, file, machine the report describes]. */
const CORPUS = [
  ['k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-classic.md'],
  ['k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-grouped.md'],
  ['k6', 'scripts/data/parsers/k6/fixtures/comic-api-oop-grouped-excerpt.md'],
  ['oha', 'scripts/data/parsers/oha/fixtures/tosic-http-axum.md'],
  ['oha', 'scripts/data/parsers/oha/fixtures/oha-readme-0.1.md'],
  ['criterion', 'scripts/data/parsers/criterion/fixtures/fast-rsync-readme.md'],
  ['criterion', 'scripts/data/parsers/criterion/fixtures/array-bytes-readme.md'],
  ['hey', 'scripts/data/parsers/hey/fixtures/bitlet-stats-oak-alosaur.md'],
];

/** One corpus file through the data stage (in memory, beside the real reports' registries) and the chart plan. */
function planOf(format, file) {
  const base = path.basename(file).replace(/\.[a-z]+$/, '');
  const seedPath = `seeds/corpus/${path.basename(file)}`;
  const metaText = [
    `slug: corpus-${base.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    'title: "A result file of the chart corpus"',
    'date: "2020"',
    'added: "2026-11-25"',
    `format: ${format}`,
    'summary: "A real result file, added as a contributor would."',
    'system_under_test: "As the file states it."',
    'load_generator: "As the file states it."',
    'platforms: []',
    'software: []',
    'source:',
    '  repository: "corpus/fixture"',
    `  path: "${file}"`,
    '  commit: "0000000000000000000000000000000000000000"',
    'licence: "see the fixture\'s README"',
    '',
  ].join('\n');
  const seedText = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const input = { metaPath: `seeds/corpus/${base}.meta.yaml`, metaText, seedPath, seedText, files: {} };
  const { files, reports } = buildData({ ...inputs, reports: [input] }, env);
  const texts = {};
  for (const [p, t] of files) texts[p.replace(/^data\//, '')] = t;
  return planCharts(reports, texts);
}

/** The committed data/: every report's charts, as the build plans them. */
function planOfData() {
  const dir = path.join(ROOT, 'data');
  const reports = fs
    .readdirSync(path.join(dir, 'reports'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, 'reports', f), 'utf8')));
  const texts = {};
  for (const r of reports) for (const t of r.tables) texts[t.path] = fs.readFileSync(path.join(dir, t.path), 'utf8');
  return planCharts(reports, texts);
}

const STAT = {
  value: '',
  as_stated: '',
  mean: 'mean',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  total: 'total',
  mode: 'mode',
};
const statWord = (s) => STAT[s] ?? (/^p\d/.test(s) ? s : s.replace(/_/g, ' '));
const num = (text) => Number(text.replace(/,/g, ''));
/** Whether a quoted number is the value as the sentence prints it. */
const same = (quoted, v) => quantity(v) === quoted;
const unitOf = (chart) => /\(([^(),]+)(?:, log scale)?\)$/.exec(chart.spec.encoding?.y?.title ?? axisTitle(chart))?.[1];
function axisTitle(chart) {
  for (const l of chart.spec.layer ?? [])
    for (const ch of ['x', 'y']) if (['shown', 'value'].includes(l.encoding?.[ch]?.field)) return l.encoding[ch].title;
  return '';
}

/**
 * The reasons a measurement chart's finding is not supported by its rows (empty: it is).
 * @param {{ rows: object[], entry: object, spec: object }} chart
 */
export function unsupported(chart) {
  const f = chart.entry.finding.replace(/\.$/, '');
  const rows = chart.rows;
  const why = [];
  if (new Set(rows.map((r) => quantityOf(r.unit))).size > 1) why.push('rows of different quantities in one chart');
  const stats = [...new Set(rows.map((r) => r.statistic))];
  const percentiles = stats.every((s) => /^p\d/.test(s)) && stats.length > 1;
  if (!percentiles && stats.length > 1) why.push(`rows of ${stats.length} statistics in one chart`);
  const ratioOk = (ratioText, a, b) => a > 0 && b > 0 && times(Math.max(a, b) / Math.min(a, b)) === ratioText;
  let m;
  // A number never ends in a comma: "2,409, within 5 %" (a count has no unit after it).
  if ((m = /^(.+) had the (lowest|highest|largest) (.+?): (-?[\d,.]*\d)(?: [^\s,;()]+)?(.*)$/.exec(f))) {
    const [, who, word, what, v, rest] = m;
    const shown = rows.map((r) => r.shown);
    const best = word === 'lowest' ? Math.min(...shown) : Math.max(...shown);
    const named = statWord(stats[0]);
    if (named && !what.startsWith(`${named} `)) why.push(`names "${what}" for rows of statistic ${stats[0]}`);
    if (!same(v, best)) why.push(`quotes ${v} as the ${word}, the rows' is ${quantity(best)}`);
    const unit = unitOf(chart);
    if (unit && unit !== 'count' && !f.includes(`${v} ${unit}`))
      why.push(`quotes ${v} in another unit than the axis's ${unit}`);
    if (!rows.some((r) => r.series === who && same(v, r.shown))) why.push(`no row of ${who} at ${v}`);
    const r = /, ([\d.]+x) (?:less than|that of) (.+) \(([-\d,.]+)(?: [^\s,;()]+)?\)$/.exec(rest);
    const worst = word === 'lowest' ? Math.max(...shown) : Math.min(...shown);
    if (r && !ratioOk(r[1], best, worst))
      why.push(`ratio ${r[1]} is not the rows' ${quantity(best)} against ${quantity(worst)}`);
    if (r && !same(r[3], worst)) why.push(`the other end is ${quantity(worst)}, not ${r[3]}`);
    if (/\dx /.test(rest) && !r) why.push('a ratio the test cannot read');
    if (/within 5 %/.test(rest) && !(Math.min(...shown) > 0 && Math.max(...shown) / Math.min(...shown) < 1.05))
      why.push('"within 5 %" when the rows are further apart');
  } else if (
    (m =
      /^At the ([\d.]+)th percentile, .+? (?:ranged from ([-\d,.]+) \S+ \((.+?)\) to ([-\d,.]+) \S+ \((.+?)\)|was ([-\d,.]+)(?: [^\s,;()]+)?)((?:, |; ).*)?$/.exec(
        f,
      ))
  ) {
    const p = Number(m[1]);
    const tail = rows.filter((r) => r.percentile === p).map((r) => r.shown);
    if (!tail.length) why.push(`no rows at the ${p}th percentile`);
    else if (m[2] && !(same(m[2], Math.min(...tail)) && same(m[4], Math.max(...tail))))
      why.push(`range ${m[2]} to ${m[4]} is not the rows'`);
    else if (m[6] && !tail.every((t) => same(m[6], t))) why.push(`${m[6]} is not every row's`);
    if (m[7]) why.push(...ownMedianUnsupported(m[7], rows, p));
  } else if (
    (m =
      /^The (lowest|highest|largest) (.+?)(?:, ([-\d,.]+)(?: [^\s,;()]+)?, was (.+)'s| was ([-\d,.]+)(?: [^\s,;()]+)?,) at .+ ([-\d,.]+)$/.exec(
        f,
      ))
  ) {
    const [, word, what] = m;
    const v = m[3] ?? m[5];
    const shown = rows.map((r) => r.shown);
    const best = word === 'lowest' ? Math.min(...shown) : Math.max(...shown);
    const named = statWord(stats[0]);
    if (named && !what.startsWith(`${named} `)) why.push(`names "${what}" for rows of statistic ${stats[0]}`);
    if (!same(v, best)) why.push(`quotes ${v} as the ${word}, the rows' is ${quantity(best)}`);
  } else if (
    (m = /^Over (\d+) runs, .+? ranged from ([-\d,.]+) to ([-\d,.]+)(?: [^\s,;()]+)?(?: \(([\d.]+x)\))?$/.exec(f))
  ) {
    const [, n, lo, hi, ratio] = m;
    // Node 20 has no Object.groupBy.
    const bySeries = [...new Set(rows.map((r) => r.series))].map((s) =>
      rows.filter((r) => r.series === s).map((r) => r.shown),
    );
    const match = bySeries.find((g) => g.length === Number(n) && same(lo, Math.min(...g)) && same(hi, Math.max(...g)));
    if (!match) why.push(`no series of ${n} runs from ${lo} to ${hi}`);
    if (ratio && !ratioOk(ratio, num(lo), num(hi))) why.push(`ratio ${ratio} is not ${hi} over ${lo}`);
  } else if ((m = /^Over (\d+) runs, .+? was ([-\d,.]*\d)(?: [^\s,;()]+)? in each$/.exec(f))) {
    const [, n, v] = m;
    const bySeries = [...new Set(rows.map((r) => r.series))].map((s) =>
      rows.filter((r) => r.series === s).map((r) => r.shown),
    );
    if (!bySeries.some((g) => g.length === Number(n) && g.every((x) => same(v, x))))
      why.push(`no series of ${n} runs each at ${v}`);
  } else why.push('a sentence of a shape this test cannot check');
  if (/\b0 \S+, [\d.]+x|[\d.]+x (?:less than|that of) [^()]+\(0(?: |\))/.test(f)) why.push('a ratio against zero');
  return why;
}

/**
 * The reasons a percentile finding's tail-over-median clause is not its rows' (empty: it is): each
 * ratio is a line's tail over that same line's median, between two positive values.
 */
function ownMedianUnsupported(clause, rows, p) {
  const ratioOf = (series) => {
    const at = (q) => rows.find((r) => r.series === series && r.percentile === q)?.shown;
    return at(50) > 0 && at(p) > 0 ? times(at(p) / at(50)) : null;
  };
  const series = [...new Set(rows.map((r) => r.series))];
  const ratios = series.map(ratioOf).filter(Boolean);
  let m;
  if ((m = /^, ([\d.]+x) the median$/.exec(clause)))
    return series.length === 1 && ratioOf(series[0]) === m[1] ? [] : [`${m[1]} is not the tail over the median`];
  if ((m = /^; (.+)'s is ([\d.]+x) its own median$/.exec(clause)))
    return ratioOf(m[1]) === m[2] && ratios.length === 1 ? [] : [`${m[1]}'s ratio is not ${m[2]}`];
  if ((m = /^; each line's [\d.]+th percentile is ([\d.]+x) its own median$/.exec(clause)))
    return ratios.length > 1 && ratios.every((x) => x === m[1]) ? [] : [`not every line's ratio is ${m[1]}`];
  if (
    (m = /^; each line's [\d.]+th percentile is ([\d.]+x) \((.+?)\) to ([\d.]+x) \((.+)\) its own median$/.exec(clause))
  ) {
    const [, lo, a, hi, b] = m;
    const num = (x) => Number(x.slice(0, -1));
    const nums = ratios.map(num);
    const why = [];
    if (ratioOf(a) !== lo || ratioOf(b) !== hi) why.push(`${a}'s or ${b}'s ratio is not as written`);
    if (num(lo) !== Math.min(...nums) || num(hi) !== Math.max(...nums))
      why.push(`${lo} to ${hi} is not the lines' range`);
    return why;
  }
  return [`a tail-over-median clause this test cannot check: "${clause}"`];
}

const measurementCharts = (plan) => plan.charts.filter((c) => c.spec.usermeta.table.kind === 'measurement');

test('every finding of every measurement chart of the corpus is recomputed from its rows', () => {
  const wrong = [];
  let checked = 0;
  for (const [format, file] of CORPUS) {
    for (const chart of measurementCharts(planOf(format, file))) {
      checked++;
      for (const w of unsupported(chart)) wrong.push(`${chart.id}: "${chart.entry.finding}": ${w}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(checked >= 20, `${checked} findings checked`);
});

test('every finding of every measurement chart in data/ is recomputed from its rows', () => {
  const wrong = [];
  for (const chart of measurementCharts(planOfData()))
    for (const w of unsupported(chart)) wrong.push(`${chart.id}: "${chart.entry.finding}": ${w}`);
  assert.deepEqual(wrong, []);
});

test('the checker refuses a lowest latency from a max, a ratio against zero and a value not in the rows', () => {
  const chart = (finding, rows, title = 'Latency (ms)') => ({
    entry: { finding },
    rows,
    spec: { layer: [{ encoding: { x: { field: 'shown', title } } }] },
  });
  const max = [
    { series: 'With fork', statistic: 'max', unit: 'ms', shown: 1510 },
    { series: 'No fork', statistic: 'max', unit: 'ms', shown: 2000 },
  ];
  assert.match(
    unsupported(chart('With fork had the lowest latency: 1,510 ms', max)).join(),
    /names "latency" for rows of statistic max/,
  );
  const zero = [
    { series: 'a', statistic: 'mean', unit: 's', shown: 0 },
    { series: 'b', statistic: 'mean', unit: 's', shown: 0.0086 },
  ];
  assert.match(
    unsupported(chart('a had the lowest mean latency: 0 s, 9.6x less than b (0.0086 s)', zero, 'Latency (s)')).join(),
    /ratio/,
  );
  assert.match(
    unsupported(chart('No fork had the lowest maximum latency: 1,400 ms', max)).join(),
    /quotes 1,400 as the lowest/,
  );
});

/** A go test -bench README's rows as the measurement table holds them (flat, conditions as columns). */
function goBenchRows(file) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const measured = parsers['go-test-bench'].parse(text).tables.measurements.rows;
  const rows = measured.map(({ conditions, ...m }) => ({
    subject: '',
    section: '',
    spread_kind: '',
    spread: null,
    lower: null,
    upper: null,
    ...m,
    source_table: 'measurements',
    ...conditions,
    seed: file,
  }));
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/data/schemas/tables/measurement.json'), 'utf8'));
  const columns = [...schema.fields, ...conditionFields(measured)];
  const names = new Set(columns.map((c) => c.name));
  for (const r of rows) for (const c of names) r[c] ??= null;
  return { rows, fields: fieldMap({ columns }) };
}

test('a go test -bench README whose sub-benchmark parameters cover a few rows draws every row (no parameter is the x axis)', async () => {
  // jsign/verkle-vs-patricia README.md (fixtures/SOURCES.md): size= on 6 of 29 benchmarks, non_zero_entries= on 9.
  const { rows, fields } = goBenchRows('scripts/charts/fixtures/verkle-vs-patricia-readme.md');
  const tables = { measurements: { table: { id: 'measurements', kind: 'measurement' } } };
  const charts = build({ rows, fields, tables });
  assert.ok(charts.length >= 2);
  for (const c of charts) {
    for (const l of c.layer)
      for (const ch of ['x', 'y']) {
        const field = l.encoding?.[ch]?.field;
        if (['size', 'non_zero_entries', 'vec_num_entries'].includes(field))
          assert.ok(
            c.rows.every((r) => typeof r[field] === 'number'),
            `${c.name}: ${ch} is ${field}, which only some of its rows have`,
          );
      }
    const spec = assemble(c, { id: c.name });
    const r = await renderChart(spec, c.name, c.narrow ?? {});
    assert.equal(
      countMarks(r.svgWide, `${c.markName}_marks`),
      c.rows.length,
      `${c.name}: one mark per plotted row (wide)`,
    );
    assert.equal(
      countMarks(r.svgNarrow, `${c.markName}_marks`),
      c.rows.length,
      `${c.name}: one mark per plotted row (narrow)`,
    );
  }
});

test('a Criterion README with times in µs and in ms draws them in one chart, each row keeping its own unit', () => {
  const plan = planOf('criterion', 'scripts/data/parsers/criterion/fixtures/fast-rsync-readme.md');
  const time = measurementCharts(plan).filter((c) => c.rows.every((r) => quantityOf(r.unit) === 'time:time'));
  assert.equal(time.length, 1, time.map((c) => c.id).join(', '));
  const units = [...new Set(time[0].rows.map((r) => r.unit))].sort();
  assert.deepEqual(units, ['ms', 'us']);
  assert.ok(
    time[0].fields.some((f) => f.name === 'unit'),
    'the unit as reported is a column of the chart',
  );
});

test('a k6 summary with latencies in ms and in s gets one chart per statistic, not one per unit spelling', () => {
  const plan = planOf('k6', 'scripts/data/parsers/k6/fixtures/ocaml-webapp-express-classic.md');
  const latency = measurementCharts(plan).filter((c) => c.rows.every((r) => r.metric === 'latency'));
  const perStatistic = latency.map((c) =>
    [...new Set(c.rows.map((r) => (/^p\d/.test(r.statistic) ? 'pN' : r.statistic)))].join(),
  );
  assert.deepEqual(perStatistic, [...new Set(perStatistic)], 'one chart per statistic');
  const max = latency.find((c) => c.rows.every((r) => r.statistic === 'max'));
  assert.deepEqual([...new Set(max.rows.map((r) => r.unit))].sort(), ['ms', 's']);
  assert.match(max.entry.finding, /lowest maximum latency/);
});
