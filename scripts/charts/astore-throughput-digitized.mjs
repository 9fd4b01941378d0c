// Charts for kind astore-throughput-digitized: throughput against Akka's parallelism-max, from
// values DIGITIZED off the report's chart image (the report prints no numbers), so the chart says
// so in its title. Beside the points: an ideal linear-scaling line (the first non-zero point times
// parallelism), a rule at the server's physical cores (sockets x cores per socket, from the report's
// machine facts) and the report's own observations that name a parallelism-max, quoted verbatim.
import { capital } from './shared/format.mjs';
import { plateau, sayClaim } from './claims.mjs';
import { GREY, PALETTE } from './shared/palette.mjs';
import { THOUSANDS, titleWithUnit, tooltip } from './shared/spec.mjs';

const BLUE = PALETTE[0];
const chartSize = { width: 640, height: 400 };
const MEASURE = 'digitized throughput';
const IDEAL = 'ideal linear scaling (from parallelism 1)';

/** Wrap text into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Physical cores of the machine under test, from its facts: { cores, sockets, perSocket } or null. */
function physicalCores(report) {
  const machines = report.machines ?? {};
  const m = machines.server ?? Object.values(machines)[0];
  const fact = (name) => m?.facts?.find((f) => f.field === name)?.value;
  const sockets = fact('sockets');
  const perSocket = fact('cores_per_socket');
  return typeof sockets === 'number' && typeof perSocket === 'number'
    ? { cores: sockets * perSocket, sockets, perSocket }
    : null;
}

/** Observations of the report that name a parallelism-max threshold: { x, text, line }. */
function observations(report) {
  const section = (report.sections ?? []).find((s) => s.id === 'observation');
  return (section?.items ?? []).flatMap((item) => {
    const m = /parallelism-max\s*(?:<=|>=|<|>|=)\s*(\d+)/.exec(item.text);
    return m ? [{ x: Number(m[1]), text: item.text, line: item.line }] : [];
  });
}

/** @param {import('./plan.mjs').BuilderContext} ctx */
export function build({ report, table, rows, fields: f }) {
  if (rows.length < 2) return [];
  const fields = [f.parallelism_max, f.requests_per_second, f.seed, f.line];
  const sorted = [...rows].sort((a, b) => a.parallelism_max - b.parallelism_max || a.line - b.line);
  const first = sorted.find((r) => r.parallelism_max > 0 && r.requests_per_second > 0);
  const perUnit = first.requests_per_second / first.parallelism_max;
  const maxX = Math.max(...sorted.map((r) => r.parallelism_max));
  const maxY = Math.max(...sorted.map((r) => r.requests_per_second));
  const top = Math.ceil((maxY * 1.3) / 20000) * 20000;
  const cores = physicalCores(report);
  const notes = observations(report);
  // How exact the digitized values are, as the table's method states it (e.g. "about ±2,000 requests/second").
  const accuracy = /about ±[\d,.]+ [\w/]+/.exec(table.method ?? '')?.[0];
  const valueAt = (x) => sorted.find((r) => r.parallelism_max === x)?.requests_per_second;

  // # Process data: where the curve levels off (first point within 2 % of the maximum), and the
  // share of ideal scaling reached at the physical core count.
  const claim = plateau(sorted, { x: 'parallelism_max', y: 'requests_per_second', at: cores ? cores.cores : null });
  const DIGITIZED = 'Digitized from the published chart (not measured): ';
  const said = sayClaim('renderPlateau', sorted, [claim, {}], DIGITIZED);
  const core = said.text.slice(DIGITIZED.length);
  const finding = said.text;
  const saidHeadline = sayClaim(
    'renderPlateau',
    sorted,
    [claim, { headline: "AStore's throughput", cores: cores ? cores.cores : null }],
    DIGITIZED,
  );

  const x = {
    field: 'parallelism_max',
    type: 'quantitative',
    title: titleWithUnit(f.parallelism_max),
    scale: { domain: [0, maxX], nice: false },
    axis: {
      values: sorted.map((r) => r.parallelism_max).filter((v, i, a) => a.indexOf(v) === i && v % 2 === 0),
      labelFlush: false,
    },
  };
  const y = {
    field: 'requests_per_second',
    type: 'quantitative',
    title: titleWithUnit(f.requests_per_second),
    scale: { domain: [0, top], nice: false },
    axis: THOUSANDS,
  };
  const series = { domain: [MEASURE, IDEAL], range: [BLUE, GREY] };
  const legend = {
    title: null,
    orient: 'top',
    direction: 'horizontal',
    symbolType: 'stroke',
    symbolSize: 400,
    symbolStrokeWidth: 2.5,
    offset: 6,
  };

  const layer = [
    // The ideal line: two points, clipped at the top of the plot.
    {
      data: {
        values: [
          { parallelism_max: 0, requests_per_second: 0, series: IDEAL },
          { parallelism_max: maxX, requests_per_second: perUnit * maxX, series: IDEAL },
        ],
      },
      mark: { type: 'line', strokeDash: [6, 4], strokeWidth: 2, clip: true },
      encoding: { x, y, color: { field: 'series', type: 'nominal', scale: series, legend } },
    },
    {
      transform: [{ calculate: `'${MEASURE}'`, as: 'series' }],
      mark: { type: 'line', strokeWidth: 2.5 },
      encoding: { x, y, color: { field: 'series', type: 'nominal', scale: series, legend } },
    },
    {
      name: 'points',
      mark: { type: 'point', filled: true, size: 45, opacity: 1, color: BLUE },
      encoding: { x, y, tooltip: tooltip(fields) },
    },
  ];
  if (cores) {
    layer.push({
      name: 'cores',
      data: {
        values: [
          {
            parallelism_max: cores.cores,
            label: `${cores.cores} physical cores (${cores.sockets} x ${cores.perSocket})`,
          },
        ],
      },
      layer: [
        { mark: { type: 'rule', strokeDash: [2, 3], strokeWidth: 1.5 }, encoding: { x } },
        {
          name: 'cores_label',
          mark: { type: 'text', align: 'right', baseline: 'top', dx: -5, dy: 4, fontWeight: 'bold' },
          encoding: { x, y: { datum: top, type: 'quantitative', scale: y.scale }, text: { field: 'label' } },
        },
      ],
    });
  }
  if (notes.length) {
    // Each observation hangs below the curve at its parallelism-max, in a column as wide as the
    // gap to the next observation (the plot is about `width - 110` pixels wide; text about 6.2
    // pixels a character), or to the left of its rule when that gap is too narrow.
    const pxPerUnit = (chartSize.width - 110) / maxX;
    const byX = [...notes].sort((a, b) => a.x - b.x);
    const values = byX.map((n, i) => {
      const at = valueAt(n.x) ?? 0;
      const until = i + 1 < byX.length ? byX[i + 1].x : maxX;
      const roomChars = Math.floor(((until - n.x) * pxPerUnit - 10) / 6.2);
      const right = roomChars >= 12;
      const text = wrap(`"${n.text}"`, right ? Math.min(roomChars, 32) : 28);
      return { parallelism_max: n.x, top: at, y: at * 0.85, text, align: right ? 'left' : 'right' };
    });
    const ruleY = { field: 'y', type: 'quantitative', scale: y.scale };
    layer.push({
      name: 'notes',
      data: { values },
      layer: [
        { mark: { type: 'rule', strokeDash: [1, 2] }, encoding: { x, y: ruleY, y2: { field: 'top' } } },
        ...['left', 'right'].map((align) => ({
          transform: [{ filter: `datum.align === '${align}'` }],
          mark: { type: 'text', align, baseline: 'top', dx: align === 'left' ? 4 : -4, lineHeight: 13 },
          encoding: { x, y: ruleY, text: { field: 'text' } },
        })),
      ],
    });
  }

  return [
    {
      name: 'throughput-digitized',
      title: 'AStore throughput by parallelism-max (DIGITIZED)',
      subtitle: "Approximate values read off the report's chart image, not measurements",
      size: chartSize,
      description: `Requests per second against Akka's parallelism-max from ${sorted[0].parallelism_max} to ${maxX}, DIGITIZED: values read off the report's chart image${accuracy ? ` (each ${accuracy})` : ''}, not measurements. ${capital(core)}.${notes.length ? ` The notes quote the report's observations (lines ${notes.map((n) => n.line).join(' and ')}).` : ''}`,
      alt: 'Line chart of digitized throughput against parallelism-max, with an ideal linear-scaling line and a rule at the physical core count.',
      finding,
      claims: said.kept ? [said.kept] : [],
      headline: saidHeadline.text,
      headlineClaims: saidHeadline.kept ? [saidHeadline.kept] : [],
      rows: sorted,
      fields,
      layer,
      markName: 'points',
      // A narrow column has no room for the quoted notes and the core count's label (the description
      // and the page carry both); the rule at the core count stays.
      narrow: { drop: ['notes', 'cores_label'] },
      scales: { x: 'linear', y: 'linear' },
    },
  ];
}
