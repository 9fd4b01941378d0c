// Charts for kind http-client-rate (httpc_bench): successful requests/s of HTTP clients over pool
// configurations and concurrency, with the share of failed requests beside every rate.
// A rate alone misleads (a client can post high rates while 80-99 % of its requests fail), so
// every "best" here is picked among configurations within an error budget (1 % by default; the
// best-client chart has a slider for it). Columns and runs are read from the data: a report with
// one run, or without a pool_count column, gets the charts that apply to it.
import { bestWithinBudget, runsCompared, sayClaim } from './claims.mjs';
import { list, midSentence, num, pct } from './shared/format.mjs';
import { colorScale } from './shared/palette.mjs';
import { THOUSANDS, dataTicks, distinct, logTicks, spansDecades, titleWithUnit, tooltip } from './shared/spec.mjs';

/** Default error budget, in percent. */
export const MAX_ERROR = 1;

const byRate = (a, b) => b.requests_per_second - a.requests_per_second || a.error_pct - b.error_pct || a.line - b.line;

/** The best row: highest rate within the error budget, or (when none is) the highest rate. */
export function bestRow(rows, maxError = MAX_ERROR) {
  const ok = rows.filter((r) => r.error_pct <= maxError).sort(byRate);
  return ok[0] ?? [...rows].sort(byRate)[0];
}

/** Each client's best row within the budget (clients without one are left out), fastest first. */
export function bestWithin(rows, maxError = MAX_ERROR) {
  const clients = distinct(rows.map((r) => r.client));
  return clients
    .map((c) => rows.filter((r) => r.client === c && r.error_pct <= maxError).sort(byRate)[0])
    .filter(Boolean)
    .sort(byRate);
}

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ report, rows, fields: f }) {
  if (!rows.length) return [];
  // # Load inputs: which optional columns and runs this table has.
  const has = (name) => f[name] && rows.some((r) => r[name] !== null && r[name] !== undefined);
  const poolFields = ['pool_count', 'pool_size'].filter(has);
  const runIds = has('run')
    ? distinct([...(report.runs ?? []).map((r) => r.id), ...rows.map((r) => r.run)]).filter((id) =>
        rows.some((r) => r.run === id),
      )
    : [null];
  const runMeta = (id) =>
    (report.runs ?? []).find((r) => r.id === id) ?? (id === null && report.runs?.length === 1 ? report.runs[0] : null);
  const runName = (id) => (id === null ? (report.date ?? 'the report') : id);
  const fields = ['run', 'client', ...poolFields, 'concurrency', 'requests_per_second', 'error_pct', 'seed', 'line']
    .filter((n) => n === 'seed' || n === 'line' || has(n) || n === 'client')
    .map((n) => f[n]);
  const poolLabel = (r) =>
    poolFields.length === 2
      ? `${num(r.pool_count)} x ${num(r.pool_size)}`
      : poolFields.length
        ? `pool ${num(r[poolFields[0]])}`
        : '';
  const sameConfig = (a, b) => poolFields.every((p) => a[p] === b[p]);

  const first = runIds[0];
  const runRows = rows.filter((r) => r.run === first || first === null);
  const ofRun = runIds.length > 1 ? ` (run ${runName(first)})` : '';
  const clients = distinct(runRows.map((r) => r.client)).sort();
  const clientColor = colorScale('client', clients);
  const color = { field: 'client', type: 'nominal', title: 'Client', scale: clientColor };
  const rate = { field: 'requests_per_second', type: 'quantitative', title: titleWithUnit(f.requests_per_second) };
  const budget = pct(MAX_ERROR, 0);
  const charts = [];

  // # Process data.
  // 9. Each client's best rate within the error budget (a slider moves the budget).
  const best = bestWithin(runRows);
  const outside = clients.filter((c) => !best.some((b) => b.client === c));
  const budgetClaim = bestWithinBudget(runRows, {
    value: (r) => r.requests_per_second,
    error: (r) => r.error_pct,
    name: (r) => r.client,
    budget: MAX_ERROR,
  });
  const said9 = sayClaim('renderBestWithin', best, [
    budgetClaim,
    { budget, value: (r) => r.requests_per_second, unit: 'requests/s', who: 'client' },
  ]);
  const headline = said9.text;
  charts.push({
    name: 'best-rate-by-client',
    title: `Fastest configuration of each HTTP client within an error budget`,
    subtitle: `Successful requests/s${ofRun}, labelled with the error %; default budget ${budget}`,
    description: `The best successful requests/s of each client${ofRun} among its configurations with at most ${budget} errors (the slider sets the budget); each bar is labelled with that configuration's error %. ${headline}.${outside.length ? ` ${list(outside)} had no configuration within ${budget}.` : ''}`,
    alt: `Bar chart of each HTTP client's best successful requests per second with at most ${budget} errors.`,
    finding: headline,
    claims: said9.kept ? [said9.kept] : [],
    headline,
    values: runRows,
    rows: best,
    fields,
    params: [
      {
        name: 'max_error',
        value: MAX_ERROR,
        bind: { input: 'range', min: 0, max: 100, step: 0.1, name: 'Maximum error % ' },
      },
    ],
    transform: [
      { filter: 'datum.error_pct <= max_error' },
      {
        window: [{ op: 'row_number', as: 'rank' }],
        groupby: ['client'],
        sort: [
          { field: 'requests_per_second', order: 'descending' },
          { field: 'error_pct', order: 'ascending' },
          { field: 'line', order: 'ascending' },
        ],
      },
      { filter: 'datum.rank === 1' },
      {
        calculate: "format(datum.requests_per_second, ',') + ' (' + format(datum.error_pct, '.1~f') + ' % errors)'",
        as: 'label',
      },
    ],
    encoding: {
      y: {
        field: 'client',
        type: 'nominal',
        title: null,
        sort: { field: 'requests_per_second', op: 'max', order: 'descending' },
      },
      x: { ...rate, scale: { zero: true }, axis: { ...THOUSANDS, tickCount: 5 } },
    },
    layer: [
      {
        name: 'bars',
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: { color: { ...color, legend: null }, tooltip: tooltip(fields) },
      },
      { name: 'value_labels', mark: { type: 'text', align: 'left', dx: 4 }, encoding: { text: { field: 'label' } } },
    ],
    markName: 'bars',
    // On a phone: each client's name and value above its bar, the bars the column's whole width.
    narrow: { labelsAbove: { text: "datum.client + ': ' + datum.label" } },
    controls: [
      {
        name: 'max_error',
        label: 'Maximum error %',
        type: 'range',
        default: MAX_ERROR,
        min: 0,
        max: 100,
        step: 0.1,
        options: [],
      },
    ],
    scales: { x: 'linear', y: 'band' },
  });

  // 10. Rate against concurrency at each client's best pool configuration.
  const perClient = clients.map((c) => {
    const own = runRows.filter((r) => r.client === c);
    const top = bestRow(own);
    const series = poolFields.length ? `${c} (${poolLabel(top)})` : c;
    return {
      client: c,
      series,
      top,
      rows: own.filter((r) => sameConfig(r, top)).sort((a, b) => a.concurrency - b.concurrency || a.line - b.line),
    };
  });
  const curveRows = perClient.flatMap((p) => p.rows.map((r) => ({ ...r, series: p.series })));
  const seriesField = {
    name: 'series',
    title: poolFields.length === 2 ? 'Client (pools x pool size)' : poolFields.length ? 'Client (pool size)' : 'Client',
    unit: '',
    type: 'string',
  };
  const conc = curveRows.map((r) => r.concurrency);
  const xlog = spansDecades(conc, 0.9);
  const ylog10 = spansDecades(curveRows.map((r) => r.requests_per_second));
  const seriesScale = {
    domain: perClient.map((p) => p.series),
    range: perClient.map((p) => clientColor.range[clients.indexOf(p.client)]),
  };
  const maxConc = Math.max(...conc);
  // The fastest at the highest concurrency over every pool setup measured there (not only the
  // setups the curves draw), with its own setup named: Mojito's 57,690 at 8 x 128, not 56,690.
  const noneWithin = perClient.filter((p) => p.top.error_pct > MAX_ERROR).map((p) => p.client);
  const said10 = sayClaim('renderFastestAt', curveRows, [
    bestWithinBudget(
      runRows.filter((r) => r.concurrency === maxConc),
      { value: (r) => r.requests_per_second, error: (r) => r.error_pct, name: (r) => r.client, budget: MAX_ERROR },
    ),
    {
      at: `at ${num(maxConc)} concurrent processes`,
      budget,
      who: 'client',
      value: (r) => r.requests_per_second,
      unit: 'requests/s',
      detail: (r) =>
        poolFields.length
          ? ` (${poolFields.length === 2 ? 'pools x pool size ' : ''}${poolLabel(r)}${perClient.find((p) => p.client === r.client)?.rows.includes(r) ? '' : ', not the setup its curve draws'})`
          : '',
    },
  ]);
  const finding10 = said10.text;
  const x10 = {
    field: 'concurrency',
    type: 'quantitative',
    title: titleWithUnit(f.concurrency, xlog ? 'log scale' : ''),
    scale: xlog ? { type: 'log', base: 2 } : {},
    axis: { values: dataTicks(conc), ...THOUSANDS },
  };
  const y10 = {
    ...rate,
    title: titleWithUnit(f.requests_per_second, ylog10 ? 'log scale' : ''),
    scale: ylog10 ? { type: 'log' } : { zero: true },
    axis: { ...THOUSANDS, ...(ylog10 ? { values: logTicks(curveRows.map((r) => r.requests_per_second)) } : {}) },
  };
  const c10 = { field: 'series', type: 'nominal', title: seriesField.title, scale: seriesScale };
  charts.push({
    name: 'rate-by-concurrency',
    title: 'Requests/s by concurrency, each client at its best pool setup',
    subtitle: [
      `Best setup: the fastest with at most ${budget} errors, else the fastest${ofRun}`,
      `Hollow points: more than ${budget} errors`,
    ],
    description: `Successful requests/s against concurrency${xlog ? ' (log x axis)' : ''} for each client at its best pool configuration${ofRun}: the one with the highest rate among configurations with at most ${budget} errors, or the highest rate when none has${noneWithin.length ? ` (${list(noneWithin)})` : ''}. ${finding10}.`,
    alt: 'Line chart of successful requests per second against concurrency, one line per client at its best pool configuration.',
    finding: finding10,
    claims: said10.kept ? [said10.kept] : [],
    rows: curveRows,
    fields: [...fields.slice(0, fields.indexOf(f.seed)), seriesField, f.seed, f.line],
    layer: [
      { mark: { type: 'line', strokeWidth: 2 }, encoding: { x: x10, y: y10, color: c10 } },
      {
        name: 'points',
        mark: { type: 'point', filled: true, size: 50, strokeWidth: 1.5, opacity: 1 },
        encoding: {
          x: x10,
          y: y10,
          color: c10,
          stroke: c10,
          fillOpacity: { condition: { test: `datum.error_pct <= ${MAX_ERROR}`, value: 1 }, value: 0 },
          tooltip: tooltip([...fields.slice(0, fields.indexOf(f.seed)), seriesField, f.seed, f.line]),
        },
      },
    ],
    markName: 'points',
    scales: { x: xlog ? 'log' : 'linear', y: ylog10 ? 'log' : 'linear' },
    size: { width: 640, height: 400 },
  });

  // 11. Rate against error % for every configuration.
  const ylog11 = spansDecades(runRows.map((r) => r.requests_per_second));
  const rows11 = [...runRows].sort((a, b) => a.client.localeCompare(b.client) || a.line - b.line);
  const said11 = sayClaim('renderBudgetCount', rows11, [
    budgetClaim,
    {
      budget,
      of: `configurations${ofRun}`,
      value: (r) => r.requests_per_second,
      error: (r) => r.error_pct,
      unit: 'requests/s',
    },
  ]);
  const finding11 = said11.text;
  const y11 = {
    ...rate,
    title: titleWithUnit(f.requests_per_second, ylog11 ? 'log scale' : ''),
    scale: ylog11 ? { type: 'log' } : { zero: true },
    axis: { ...THOUSANDS, ...(ylog11 ? { values: logTicks(runRows.map((r) => r.requests_per_second)) } : {}) },
  };
  charts.push({
    name: 'rate-vs-errors',
    title: 'Successful requests/s against error % for every configuration',
    subtitle: `One point per client, pool configuration and concurrency${ofRun}`,
    description: `Every measured configuration${ofRun} as a point: its successful requests/s${ylog11 ? ' (log scale)' : ''} against the share of requests that failed. ${finding11}.`,
    alt: 'Scatter plot of successful requests per second against error percentage, coloured by client.',
    finding: finding11,
    claims: said11.kept ? [said11.kept] : [],
    rows: rows11,
    fields,
    layer: [
      {
        name: 'points',
        mark: { type: 'point', filled: true, size: 36, opacity: 0.75 },
        encoding: {
          x: {
            field: 'error_pct',
            type: 'quantitative',
            title: titleWithUnit(f.error_pct),
            scale: { domain: [0, 100] },
          },
          y: y11,
          color,
          tooltip: tooltip(fields),
        },
      },
    ],
    markName: 'points',
    scales: { x: 'linear', y: ylog11 ? 'log' : 'linear' },
    size: { width: 640, height: 400 },
  });

  // 12. Two runs compared on the configurations both measured.
  if (runIds.length >= 2) {
    const [a, b] = runIds;
    const key = (r) => JSON.stringify([r.client, ...poolFields.map((p) => r[p]), r.concurrency]);
    const bRows = new Map(rows.filter((r) => r.run === b).map((r) => [key(r), r]));
    const pairs = rows
      .filter((r) => r.run === a && bRows.has(key(r)))
      .map((ra) => {
        const rb = bRows.get(key(ra));
        const out = { client: ra.client };
        for (const p of poolFields) out[p] = ra[p];
        Object.assign(out, {
          concurrency: ra.concurrency,
          run_a: a,
          requests_per_second_a: ra.requests_per_second,
          error_pct_a: ra.error_pct,
          line_a: ra.line,
          run_b: b,
          requests_per_second_b: rb.requests_per_second,
          error_pct_b: rb.error_pct,
          line_b: rb.line,
          seed: ra.seed,
        });
        if (rb.seed !== ra.seed) out.seed_b = rb.seed;
        return out;
      })
      .sort(
        (p, q) =>
          p.client.localeCompare(q.client) ||
          poolFields.reduce((d, k) => d || p[k] - q[k], 0) ||
          p.concurrency - q.concurrency,
      );
    if (pairs.length) {
      const nameA = runMeta(a)?.title ?? runName(a);
      const nameB = runMeta(b)?.title ?? runName(b);
      const pf = [
        f.client,
        ...poolFields.map((p) => f[p]),
        f.concurrency,
        { name: 'run_a', title: 'Run A', unit: '', type: 'string' },
        { name: 'requests_per_second_a', title: `Successful requests/s, ${nameA}`, unit: 'requests/s', type: 'number' },
        { name: 'error_pct_a', title: `Error %, ${nameA}`, unit: '%', type: 'number' },
        { name: 'line_a', title: 'Line (run A)', unit: '', type: 'integer' },
        { name: 'run_b', title: 'Run B', unit: '', type: 'string' },
        { name: 'requests_per_second_b', title: `Successful requests/s, ${nameB}`, unit: 'requests/s', type: 'number' },
        { name: 'error_pct_b', title: `Error %, ${nameB}`, unit: '%', type: 'number' },
        { name: 'line_b', title: 'Line (run B)', unit: '', type: 'integer' },
        f.seed,
        ...(pairs.some((p) => p.seed_b) ? [{ name: 'seed_b', title: 'Seed (run B)', unit: '', type: 'string' }] : []),
      ];
      const all = pairs.flatMap((p) => [p.requests_per_second_a, p.requests_per_second_b]);
      const log = spansDecades(all) && Math.min(...all) > 0;
      const lo = Math.min(...all);
      const hi = Math.max(...all);
      const ulimit = (id) => runMeta(id)?.ulimit_n;
      // Runs that differ in more than their name (the ulimit each states) get no ratio: the sentence says what differs.
      const claim = runsCompared(pairs, {
        a: (p) => p.requests_per_second_a,
        b: (p) => p.requests_per_second_b,
        differs:
          typeof ulimit(a) === 'number' && typeof ulimit(b) === 'number' && ulimit(a) !== ulimit(b)
            ? { what: 'ulimit -n', a: num(ulimit(a)), b: num(ulimit(b)) }
            : null,
      });
      const said12 = sayClaim('renderRunsCompared', pairs, [claim, { nameA, nameB }]);
      const finding12 = said12.text;
      const axis = (field, title) => ({
        field,
        type: 'quantitative',
        title: `${title} (requests/s${log ? ', log scale' : ''})`,
        scale: log ? { type: 'log', domain: [lo, hi], nice: true } : { zero: true, domain: [0, hi] },
        axis: { ...THOUSANDS, ...(log ? { values: logTicks(all) } : {}) },
      });
      const xB = axis('requests_per_second_b', nameB);
      const yA = axis('requests_per_second_a', nameA);
      charts.push({
        name: 'runs-compared',
        title: 'Two runs compared, configuration by configuration',
        subtitle: [
          `Up: ${nameA}${ulimit(a) ? ` (ulimit -n ${num(ulimit(a))})` : ''}`,
          `Across: ${nameB}${ulimit(b) ? ` (ulimit -n ${num(ulimit(b))})` : ''}; above the dashed line: faster up`,
        ],
        description: `Successful requests/s of every configuration measured in both runs: ${midSentence(nameB)} across, ${midSentence(nameA)} up${log ? ' (log scales)' : ''}, with the line where both are equal. ${finding12}.`,
        alt: `Scatter plot comparing the successful requests per second of the two runs, one point per configuration, with a y = x reference line.`,
        finding: finding12,
        claims: said12.kept ? [said12.kept] : [],
        rows: pairs,
        fields: pf,
        layer: [
          {
            mark: { type: 'rule', strokeDash: [4, 4] },
            encoding: {
              x: { datum: lo, type: 'quantitative', scale: xB.scale },
              y: { datum: lo, type: 'quantitative', scale: yA.scale },
              x2: { datum: hi },
              y2: { datum: hi },
            },
          },
          {
            name: 'points',
            mark: { type: 'point', filled: true, size: 40, opacity: 0.8 },
            encoding: { x: xB, y: yA, color, tooltip: tooltip(pf) },
          },
        ],
        markName: 'points',
        scales: { x: log ? 'log' : 'linear', y: log ? 'log' : 'linear' },
        size: { width: 640, height: 480 },
      });
    }
  }
  return charts;
}
