// Charts for kind cloudi-request-rate: CloudI's maximum stable request rate by receiver language,
// sender x receiver configuration, destination refresh method, duo_mode and cloudi_service_queue.
// Which charts a table gets depends on what it holds, so a new report of this kind needs no code:
//  - several configurations: rate by configuration, a line per language (lazy vs immediate told
//    apart), and a heatmap of languages side by side (lazy_closest);
//  - rows with duo_mode off and on for the same setup: the effect of duo_mode;
//  - one configuration and several variants (1.7.1): a bar per language and variant;
//  - rows with and without cloudi_service_queue (1.5.4): the cost of the queue, log y.
import { comparison, factorRange, headToHead, mostWins, sayClaims } from './claims.mjs';
import { times } from './shared/format.mjs';
import { colorScale } from './shared/palette.mjs';
import {
  THOUSANDS,
  distinct,
  explicitOrder,
  groupBy,
  logTicks,
  maxOf,
  minOf,
  spansDecades,
  titleWithUnit,
  tooltip,
} from './shared/spec.mjs';

const LAZY = 'lazy_closest';
/** The best rate of some rows, or undefined when there are none. */
const rateOf = (rs) => (rs.length ? maxOf(rs.map((r) => r.requests_per_second)) : undefined);
const METHOD_SHAPES = { lazy_closest: 'circle', immediate_closest: 'square' };
const METHOD_DASHES = { lazy_closest: [1, 0], immediate_closest: [5, 3] };

/** "1x2": senders x receivers. */
const configOf = (r) => `${r.senders}x${r.receivers}`;
const byConfig = (a, b) => a.senders - b.senders || a.receivers - b.receivers;

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ rows, fields: f }) {
  if (!rows.length) return [];
  // # Load inputs: the series label of a row: language, variant, and the receiver kind where the
  // language has more than one in this table (the kinds of each language counted once, in one pass).
  const kinds = new Map();
  for (const r of rows)
    (kinds.get(r.language) ?? kinds.set(r.language, new Set()).get(r.language)).add(r.receiver_kind);
  const seriesOf = (r) =>
    [r.language, r.variant].filter(Boolean).join(' ') + (kinds.get(r.language).size > 1 ? ` (${r.receiver_kind})` : '');
  const all = rows.map((r) => ({ ...r, configuration: configOf(r), series: seriesOf(r) }));
  const extra = [
    { name: 'configuration', title: 'Senders x receivers', unit: '', type: 'string' },
    { name: 'series', title: 'Receiver', unit: '', type: 'string' },
  ];
  const base = Object.values(f).filter((x) => !['seed', 'line'].includes(x.name));
  const fields = [...base, ...extra, f.seed, f.line];
  const tips = tooltip(fields);

  const hasQueue = all.some((r) => r.queue_service === true) && all.some((r) => r.queue_service === false);
  const direct = hasQueue ? all.filter((r) => r.queue_service === false) : all;
  const duoOn = direct.filter((r) => r.duo_mode !== false);
  const configs = distinct([...duoOn].sort(byConfig).map(configOf));
  const languages = distinct(all.map((r) => r.language)).sort();
  const methods = distinct(all.map((r) => r.dest_refresh_method)).sort(
    (a, b) => (b === LAZY) - (a === LAZY) || a.localeCompare(b),
  );
  const atTop = { orient: 'top', direction: 'horizontal' };
  const langColor = {
    field: 'language',
    type: 'nominal',
    title: titleWithUnit(f.language),
    scale: colorScale('language', languages),
    legend: atTop,
  };
  const methodScale = (map, fallback) => ({ domain: methods, range: methods.map((m) => map[m] ?? fallback) });
  const configOrder = explicitOrder('configuration', configs);
  const configX = {
    field: 'configuration',
    type: 'ordinal',
    title: 'Senders x receivers (processes)',
    sort: configOrder.sort,
    axis: { labelAngle: 0 },
  };
  const rateTitle = titleWithUnit(f.requests_per_second);
  const sortRows = (rs) =>
    [...rs].sort(
      (a, b) =>
        a.language.localeCompare(b.language) ||
        a.series.localeCompare(b.series) ||
        a.dest_refresh_method.localeCompare(b.dest_refresh_method) ||
        byConfig(a, b) ||
        a.line - b.line,
    );
  const charts = [];

  // # Process data.
  // 1. Several configurations: rate by configuration, a line per language and refresh method.
  if (configs.length > 1) {
    const plotted = sortRows(duoOn);
    const lazy = headToHead(
      groupBy(plotted, (r) => `${r.series}|${r.configuration}`),
      {
        a: (g) => rateOf(g.filter((r) => r.dest_refresh_method === LAZY)),
        b: (g) => rateOf(g.filter((r) => r.dest_refresh_method !== LAZY)),
      },
    );
    // The condition these rows share, named in the sentence: a count true with duo_mode on only
    // (CloudI 1.5.1: 8 of 18 with it, 10 of 22 over all setups) must say so.
    const scope = `duo_mode on${hasQueue ? ', without cloudi_service_queue' : ''}`;
    const said = sayClaims(plotted, [
      [
        'renderHighest',
        [
          comparison(plotted, { value: (r) => r.requests_per_second, better: 'higher' }),
          {
            name: (r) => r.series,
            value: (r) => r.requests_per_second,
            unit: 'requests/s',
            what: 'highest maximum stable rate',
            where: (r) => `${r.configuration} (${r.dest_refresh_method}, ${scope})`,
          },
        ],
      ],
      lazy && [
        'renderHeadToHead',
        [lazy, { a: LAZY, b: 'immediate_closest', among: 'in {k} of the {n} setups measured with both' }],
        `; with ${scope}, `,
      ],
    ]);
    const finding = said.text;
    const ylog = spansDecades(plotted.map((r) => r.requests_per_second));
    const y = {
      field: 'requests_per_second',
      type: 'quantitative',
      title: titleWithUnit(f.requests_per_second, ylog ? 'log scale' : ''),
      scale: ylog ? { type: 'log' } : { zero: true },
      axis: THOUSANDS,
    };
    const detail = [{ field: 'series' }, { field: 'dest_refresh_method' }];
    charts.push({
      transform: configOrder.transform,
      name: 'max-rate-by-configuration',
      title: 'Maximum stable request rate by senders x receivers',
      subtitle: `duo_mode on${hasQueue ? ', without cloudi_service_queue' : ''}; line style and point shape: destination refresh method`,
      description: `Maximum stable request rate (requests/s) of each receiver language as the number of sending and receiving processes grows from ${configs[0]} to ${configs[configs.length - 1]}, with duo_mode on${hasQueue ? ' and without cloudi_service_queue' : ''}; ${LAZY} and immediate_closest are drawn as separate lines. ${finding}.`,
      alt: 'Line chart of maximum stable request rate by senders x receivers, one line per receiver language and destination refresh method.',
      finding,
      claims: said.claims,
      rows: plotted,
      fields,
      layer: [
        {
          mark: { type: 'line', strokeWidth: 2 },
          encoding: {
            x: configX,
            y,
            color: langColor,
            strokeDash: {
              field: 'dest_refresh_method',
              type: 'nominal',
              title: titleWithUnit(f.dest_refresh_method),
              scale: methodScale(METHOD_DASHES, [2, 2]),
              legend: atTop,
            },
            detail,
          },
        },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 50, opacity: 1 },
          encoding: {
            x: configX,
            y,
            color: langColor,
            shape: {
              field: 'dest_refresh_method',
              type: 'nominal',
              title: titleWithUnit(f.dest_refresh_method),
              scale: methodScale(METHOD_SHAPES, 'triangle-up'),
              legend: atTop,
            },
            tooltip: tips,
          },
        },
      ],
      markName: 'points',
      scales: { x: 'point', y: ylog ? 'log' : 'linear' },
      size: { width: 640, height: 400 },
    });
  }

  // 2. duo_mode off vs on for the same setup.
  const setupKey = (r) =>
    JSON.stringify([
      r.series,
      r.dest_refresh_method,
      r.senders,
      r.receivers,
      r.queue_service ?? null,
      r.queues ?? null,
    ]);
  // Setups in the order of their first duo_mode-off row (as before the rows were grouped once).
  const bySetup = new Map(groupBy(direct, setupKey).map((g) => [setupKey(g[0]), g]));
  const pairs = distinct(direct.filter((r) => r.duo_mode === false).map(setupKey))
    .map((k) => bySetup.get(k))
    .filter((g) => g.some((r) => r.duo_mode === true) && g.some((r) => r.duo_mode === false))
    .map((g) => ({ off: g.find((r) => r.duo_mode === false), on: g.find((r) => r.duo_mode === true) }));
  if (pairs.length) {
    const pairConfigs = distinct(pairs.map((p) => p.on.configuration));
    const labelOf = (r) =>
      `${r.series} · ${r.dest_refresh_method}${pairConfigs.length > 1 ? ` · ${r.configuration}` : ''}`;
    const pairOf = new Map(pairs.map((p) => [setupKey(p.off), p]));
    const plotted = sortRows(pairs.flatMap((p) => [p.off, p.on])).map((r) => {
      const p = pairOf.get(setupKey(r));
      return {
        ...r,
        setup: labelOf(r),
        duo_mode_factor: Math.round((100 * p.on.requests_per_second) / p.off.requests_per_second) / 100,
      };
    });
    const where =
      pairConfigs.length === 1
        ? `at ${pairs[0].on.senders} sender${pairs[0].on.senders > 1 ? 's' : ''} x ${pairs[0].on.receivers} receiver${pairs[0].on.receivers > 1 ? 's' : ''}`
        : 'for the same setup';
    // The pairs as the chart draws them, so that the claim cites the rows of its CSV.
    const drawnOf = (r) => plotted.find((x) => x.line === r.line && x.seed === r.seed);
    const factors = factorRange(
      pairs.map((p) => ({ off: drawnOf(p.off), on: drawnOf(p.on) })),
      { before: (p) => p.off.requests_per_second, after: (p) => p.on.requests_per_second },
    );
    const said = sayClaims(plotted, [
      [
        'renderFactors',
        [
          factors,
          { change: 'duo_mode raised the rate', where: `${where}${hasQueue ? ' without cloudi_service_queue' : ''}` },
        ],
      ],
    ]);
    const finding = said.text;
    const pf = [
      ...base,
      ...extra,
      { name: 'setup', title: 'Setup', unit: '', type: 'string' },
      { name: 'duo_mode_factor', title: 'duo_mode on / off', unit: '', type: 'number' },
      f.seed,
      f.line,
    ];
    const x = {
      field: 'requests_per_second',
      type: 'quantitative',
      title: titleWithUnit(f.requests_per_second, 'log scale'),
      scale: { type: 'log' },
      axis: { ...THOUSANDS, values: logTicks(plotted.map((r) => r.requests_per_second)) },
    };
    const setupOrder = explicitOrder('setup', distinct(plotted.map((r) => r.setup)));
    const y = { field: 'setup', type: 'nominal', title: null, sort: setupOrder.sort };
    charts.push({
      transform: setupOrder.transform,
      name: 'duo-mode-effect',
      // Its title stands alone in lists (subject pages, citations): it names the scope, within the chart's width.
      title: `Effect of duo_mode ${hasQueue ? 'without cloudi_service_queue' : where}${factors ? `: about ${times(factors.median)}` : ''}`,
      subtitle: `Each receiver and destination refresh method with duo_mode off and on${hasQueue ? `, ${where}` : ''}`,
      description: `Maximum stable request rate with duo_mode off and on ${where}, per receiver language and destination refresh method (log scale)${hasQueue ? ', without cloudi_service_queue' : ''}. ${finding}.`,
      alt: 'Dot plot of request rate with duo_mode off and on for each receiver language and refresh method, the two joined by a line and labelled with the factor.',
      finding,
      claims: said.claims,
      rows: plotted,
      fields: pf,
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y,
            x: { aggregate: 'min', field: 'requests_per_second', type: 'quantitative', scale: x.scale, title: x.title },
            x2: { aggregate: 'max', field: 'requests_per_second' },
          },
        },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 90, opacity: 1 },
          encoding: {
            x,
            y,
            color: {
              field: 'duo_mode',
              type: 'nominal',
              title: 'duo_mode',
              scale: colorScale('duo_mode', [false, true]),
              legend: { labelExpr: "datum.label === 'true' ? 'on' : 'off'" },
            },
            tooltip: tooltip(pf),
          },
        },
        {
          transform: [
            { filter: 'datum.duo_mode === true' },
            { calculate: "format(datum.duo_mode_factor, '.1f') + 'x'", as: 'factor_label' },
          ],
          mark: { type: 'text', align: 'left', dx: 9, fontWeight: 'bold' },
          encoding: { x, y, text: { field: 'factor_label' } },
        },
      ],
      markName: 'points',
      scales: { x: 'log', y: 'band' },
      size: { width: 640, height: Math.max(300, 120 + 30 * pairs.length) },
    });
  }

  // 3. Languages side by side at each configuration (lazy_closest): a heatmap.
  const series = distinct(duoOn.map((r) => r.series)).sort();
  if (configs.length > 1 && series.length > 1) {
    const method = methods.includes(LAZY) ? LAZY : methods[0];
    const plotted = sortRows(duoOn.filter((r) => r.dest_refresh_method === method));
    const byConfiguration = new Map(groupBy(plotted, (r) => r.configuration).map((g) => [g[0].configuration, g]));
    const perConfig = configs
      .map((c) => [...(byConfiguration.get(c) ?? [])].sort((a, b) => b.requests_per_second - a.requests_per_second))
      .filter((g) => g.length > 1);
    // The scope the chart states (duo_mode on, and without the queue where the report measured both).
    const scope = `${method}, duo_mode on${hasQueue ? ', without cloudi_service_queue' : ''}`;
    const said = sayClaims(plotted, [
      [
        'renderMostWins',
        [
          mostWins(perConfig, (r) => r.series),
          { scope: `With ${scope}, `, of: 'configurations with more than one language measured' },
        ],
      ],
    ]);
    const finding = said.text;
    const vals = plotted.map((r) => r.requests_per_second);
    const mid = (minOf(vals) + maxOf(vals)) / 2;
    const x = configX;
    const y = { field: 'series', type: 'nominal', title: null, sort: series };
    charts.push({
      transform: configOrder.transform,
      name: 'languages-by-configuration',
      title: `Receiver languages side by side (${method})`,
      subtitle: `Maximum stable rate in requests/s, duo_mode on${hasQueue ? ', without cloudi_service_queue' : ''}; blank: not measured`,
      description: `Heatmap of the maximum stable request rate (requests/s) of each receiver language at each senders x receivers configuration, ${method}, duo_mode on${hasQueue ? ', without cloudi_service_queue' : ''}. ${finding}.`,
      alt: `Heatmap of request rate by receiver language and configuration, each cell labelled with its rate.`,
      finding,
      claims: said.claims,
      rows: plotted,
      fields,
      encoding: { x, y },
      layer: [
        {
          name: 'cells',
          mark: { type: 'rect', stroke: '#fdfdfd', strokeWidth: 1 },
          encoding: {
            color: {
              field: 'requests_per_second',
              type: 'quantitative',
              title: 'requests/s',
              scale: { scheme: 'viridis' },
              legend: { ...THOUSANDS, gradientLength: 160 },
            },
            tooltip: tips,
          },
        },
        {
          name: 'cell_labels',
          mark: { type: 'text', fontSize: 10 },
          encoding: {
            text: { field: 'requests_per_second', type: 'quantitative', format: '.3~s' },
            color: { condition: { test: `datum.requests_per_second > ${mid}`, value: '#111111' }, value: '#fdfdfd' },
          },
        },
      ],
      markName: 'cells',
      // In a narrow column the configurations go down and the languages across: cells wide enough for their labels.
      narrow: { transpose: true },
      scales: { x: 'band', y: 'band', color: 'linear' },
      size: { width: 640, height: Math.max(240, 110 + 44 * series.length) },
    });
  }

  // 4. One configuration, several receivers and variants: horizontal bars sorted by rate.
  if (configs.length === 1 && duoOn.length > 1) {
    const plotted = [...duoOn].sort((a, b) => b.requests_per_second - a.requests_per_second || a.line - b.line);
    const labels = plotted.map((r) => r.series);
    const seen = new Set();
    const twice = labels.find((l) => seen.size === seen.add(l).size);
    if (twice !== undefined) throw new Error(`cloudi-request-rate: two rows share the label ${twice}`);
    const kinds = distinct(plotted.map((r) => r.receiver_kind)).sort();
    const topRow = plotted[0];
    const external = plotted.filter((r) => r.receiver_kind !== 'internal');
    const kind = (g, k) => g.find((r) => r.receiver_kind === k)?.requests_per_second;
    const threads = headToHead(
      groupBy(plotted, (r) => `${r.language}|${r.variant ?? ''}`),
      { a: (g) => kind(g, 'threads'), b: (g) => kind(g, 'processes') },
    );
    const rate = (r) => r.requests_per_second;
    const said = sayClaims(plotted, [
      [
        'renderEnds',
        [
          comparison(plotted, { value: rate, better: 'higher' }),
          {
            name: (r) => r.series,
            value: rate,
            unit: 'requests/s',
            also: topRow.receiver_kind === 'internal' && {
              claim: comparison(external, { value: rate, better: 'higher' }),
              what: 'external receiver',
            },
          },
        ],
      ],
      threads && [
        'renderHeadToHead',
        [threads, { a: 'threads', b: 'processes', among: 'for {k} of the {n} receivers measured both ways' }],
        '; ',
      ],
    ]);
    const finding = said.text;
    charts.push({
      name: 'rate-by-variant',
      title: `Request rate by receiver language and variant at ${configs[0]}`,
      subtitle: `${topRow.senders} senders x ${topRow.receivers} receivers, ${distinct(plotted.map((r) => r.dest_refresh_method)).join(', ')}; colour: receiver kind`,
      description: `Maximum stable request rate (requests/s) of every receiver language, build and runtime variant at ${topRow.senders} senders and ${topRow.receivers} receivers, sorted by rate; threads, processes and internal (Erlang) receivers in their own colours. ${finding}.`,
      alt: 'Horizontal bar chart of request rate per receiver language and variant, sorted by rate, coloured by receiver kind.',
      finding,
      claims: said.claims,
      rows: plotted,
      fields,
      encoding: {
        y: { field: 'series', type: 'nominal', title: null, sort: labels },
        x: {
          field: 'requests_per_second',
          type: 'quantitative',
          title: rateTitle,
          scale: { zero: true },
          axis: THOUSANDS,
        },
      },
      layer: [
        {
          name: 'bars',
          mark: { type: 'bar', height: { band: 0.72 } },
          encoding: {
            color: {
              field: 'receiver_kind',
              type: 'nominal',
              title: titleWithUnit(f.receiver_kind),
              scale: colorScale('receiver_kind', kinds),
            },
            tooltip: tips,
          },
        },
        {
          name: 'value_labels',
          mark: { type: 'text', align: 'left', dx: 4 },
          encoding: { text: { field: 'requests_per_second', type: 'quantitative', format: ',' } },
        },
      ],
      markName: 'bars',
      // On a phone: each receiver's name and rate above its bar, the bars the column's whole width.
      narrow: { labelsAbove: { text: "datum.series + ': ' + format(datum.requests_per_second, ',')" } },
      scales: { x: 'linear', y: 'band' },
      size: { width: 640, height: 110 + 22 * plotted.length },
    });
  }

  // 5. With and without cloudi_service_queue, per configuration (log y).
  if (hasQueue) {
    const method = methods.includes(LAZY) ? LAZY : methods[0];
    const plotted = sortRows(all.filter((r) => r.duo_mode !== false && r.dest_refresh_method === method)).map((r) => ({
      ...r,
      path: r.queue_service ? 'through cloudi_service_queue' : 'direct',
    }));
    const pathField = { name: 'path', title: 'Path', unit: '', type: 'string' };
    const pf = [...base, ...extra, pathField, f.seed, f.line];
    const keyOf = (r) => `${r.series}|${r.configuration}`;
    const best = (rs) => maxOf(rs.map((r) => r.requests_per_second));
    const shares = factorRange(
      groupBy(plotted, keyOf).filter((g) => g.some((r) => r.queue_service) && g.some((r) => !r.queue_service)),
      { before: (g) => best(g.filter((r) => !r.queue_service)), after: (g) => best(g.filter((r) => r.queue_service)) },
    );
    const said = sayClaims(plotted, [
      [
        'renderShares',
        [
          shares,
          {
            head: 'Through cloudi_service_queue the best rate was',
            of: 'the direct rate',
            scope: `${method}, duo_mode on`,
            none: 'No setup was measured both with and without cloudi_service_queue',
          },
        ],
      ],
    ]);
    const finding = said.text;
    const yv = plotted.map((r) => r.requests_per_second);
    const y = {
      field: 'requests_per_second',
      type: 'quantitative',
      title: titleWithUnit(f.requests_per_second, 'log scale'),
      scale: { type: 'log' },
      axis: { ...THOUSANDS, values: logTicks(yv) },
    };
    const shape = {
      field: 'path',
      type: 'nominal',
      title: 'Path',
      scale: { domain: ['direct', 'through cloudi_service_queue'], range: ['circle', 'triangle-up'] },
      legend: atTop,
    };
    const dash = {
      field: 'path',
      type: 'nominal',
      title: 'Path',
      scale: {
        domain: ['direct', 'through cloudi_service_queue'],
        range: [
          [1, 0],
          [5, 3],
        ],
      },
      legend: atTop,
    };
    charts.push({
      transform: configOrder.transform,
      name: 'queue-service-effect',
      title: 'Request rate with and without cloudi_service_queue',
      subtitle: `${method}, duo_mode on; lines through the best rate of each configuration (log y axis)`,
      description: `Maximum stable request rate (requests/s, log scale) of each receiver language at each configuration, sent directly or through cloudi_service_queue (every queue count measured is a point), ${method}, duo_mode on. ${finding}.`,
      alt: 'Line chart of request rate by configuration on a log scale, direct and through cloudi_service_queue, one colour per receiver language.',
      finding,
      claims: said.claims,
      // What a report that measures the queue is about: its headline.
      headline: shares ? finding : undefined,
      rows: plotted,
      fields: pf,
      layer: [
        {
          mark: { type: 'line', strokeWidth: 2 },
          encoding: {
            x: configX,
            y: { ...y, aggregate: 'max' },
            color: langColor,
            strokeDash: dash,
            detail: [{ field: 'series' }, { field: 'path' }],
          },
        },
        {
          name: 'points',
          mark: { type: 'point', filled: true, size: 50, opacity: 1 },
          encoding: { x: configX, y, color: langColor, shape, tooltip: tooltip(pf) },
        },
      ],
      markName: 'points',
      scales: { x: 'point', y: 'log' },
      size: { width: 640, height: 400 },
    });
  }
  return charts;
}
