// The chart step as a pure function: report documents and table CSV texts in, chart definitions
// out (a Vega-Lite spec with the data inline, the rows it plots, and the index entry for Hugo), plus
// the findings per report. No file system and no rendering here: build-charts.mjs does both.
//
// # Load inputs: every table of the report, typed by its columns (lib/table.mjs).
// # Process data: apply the report's errata (lib/table.mjs), order tables as the report does, call the builder
//   registered for each table kind, give every chart its id, provenance and index entry.
// # Save outputs: (the CLI) specs, CSVs, SVG, PNG and charts.json.
import { applyErrata, readTableOrThrow } from '../lib/table.mjs';
import { builders as registry } from './index.mjs';
import { keptProblems } from './claims.mjs';
import { assemble, chartFiles, fieldMap, scaleSummary } from './shared/spec.mjs';

/**
 * @typedef {object} BuilderContext
 * @property {object} report   the report document (data/reports/<slug>.json)
 * @property {object} table    the table's entry in report.tables
 * @property {Array<Record<string, any>>} rows  typed rows, errata applied
 * @property {Record<string, import('./shared/spec.mjs').Field>} fields  the table's fields by name (plus corrected / published_<field> when errata apply)
 * @property {Record<string, { table: object, rows: object[], fields: object, byKind: boolean }>} tables  every table
 *           of the report, by id; `byKind`: a per-kind table of a report whose per-kind builders chart it (index.mjs)
 */

/** Document order of a table: the first seed line of its rows (tables from other files go last). */
function firstLine(t, seedPath) {
  const lines = t.rows.filter((r) => r.seed === seedPath && typeof r.line === 'number').map((r) => r.line);
  return lines.reduce((a, b) => (b < a ? b : a), Infinity);
}

/**
 * The most rows a chart draws. A table past it (100,000 synthetic rows, say) keeps its finding and
 * its table, and the report page says which charts are not drawn and why: a mark per row would be
 * a 20 MB drawing no reader can read, and seconds of rendering per chart.
 */
export const MAX_CHART_ROWS = 5000;

/** A finding as the index prints it: ending in a full stop. */
export const sentence = (s) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Whether a sentence's kept claims all hold over the chart's rows (claims.mjs): none, it does not. */
const holds = (claims, rows) => claims.length > 0 && claims.every((k) => keptProblems(k, rows).length === 0);

/**
 * @param {object[]} reports report documents
 * @param {Record<string, string>} csvTexts table CSV text by the table's path (as in report.tables[].path)
 * @param {{ builders?: Record<string, { build: Function }> }} [opts] the builder of each table kind (index.mjs)
 */
export function planCharts(reports, csvTexts, { builders = registry } = {}) {
  const charts = [];
  // by_table: report -> table -> chart ids in page order (for pages that list a table's charts).
  const index = { charts: {}, findings: {}, reports: {}, by_table: {}, not_drawn: {} };
  for (const report of [...reports].sort((a, b) => a.slug.localeCompare(b.slug))) {
    // # Load inputs.
    const tables = {};
    // A report with a per-kind table that a builder of its own draws (CloudI, Darner, httpc, AStore)
    // leaves its per-kind tables to those builders: what they do not draw (Darner's fairness
    // summary) stays a table. The measurement model's charts draw every other report's rows.
    const byKind = report.tables.some((t) => t.kind !== 'measurement' && builders[t.kind]);
    for (const t of report.tables) {
      const text = csvTexts[t.path];
      if (text === undefined) throw new Error(`data/reports/${report.slug}.json: table ${t.id}: ${t.path} not found`);
      tables[t.id] = {
        table: t,
        rows: readTableOrThrow(text, t.columns, { file: `data/${t.path}` }),
        fields: fieldMap(t),
        byKind: byKind && t.kind !== 'measurement',
      };
    }

    // # Process data.
    for (const t of Object.values(tables)) if (t.table.kind === 'errata') applyErrata(tables, t.rows, t.table.path);
    const ordered = Object.values(tables)
      .map((t, i) => ({ t, i, first: firstLine(t, report.seed.path) }))
      .sort((a, b) => a.first - b.first || a.i - b.i)
      .map((x) => x.t);
    const kindCount = {};
    for (const t of ordered) kindCount[t.table.kind] = (kindCount[t.table.kind] ?? 0) + 1;

    const ids = [];
    const findings = [];
    let headline = null;
    for (const t of ordered) {
      const builder = builders[t.table.kind];
      if (!builder) continue;
      const built = builder.build({
        report,
        table: t.table,
        rows: t.rows.map((r) => ({ ...r })),
        fields: { ...t.fields },
        tables,
      });
      for (const chart of built) {
        // Two tables can name a chart alike (two tables of one kind, or two kinds' charts of one
        // name): the table's id tells them apart.
        const name =
          kindCount[t.table.kind] > 1 || ids.includes(`${report.slug}--${chart.name}`)
            ? `${t.table.id}-${chart.name}`
            : chart.name;
        const id = `${report.slug}--${name}`;
        if (index.charts[id]) throw new Error(`two charts with the id ${id}`);
        // A chart whose rows make no like-with-like group says nothing (claims.mjs): no finding. The
        // report's findings, and its headline (the home page's, the lists'), are only sentences whose
        // claims hold over the rows they cite; a headline that is not the finding has claims of its own.
        // Each sentence's claims are checked once: a headline that is the finding holds as the finding does.
        const findingHolds = Boolean(chart.finding) && holds(chart.claims ?? [], chart.rows);
        if (findingHolds) findings.push(sentence(chart.finding));
        const headlineHolds = () =>
          chart.headline === chart.finding ? findingHolds : holds(chart.headlineClaims ?? [], chart.rows);
        if (!headline && chart.headline && headlineHolds()) headline = sentence(chart.headline);
        if (chart.rows.length > MAX_CHART_ROWS) {
          (index.not_drawn[report.slug] ??= []).push({
            name,
            title: chart.title,
            table: t.table.id,
            rows: chart.rows.length,
            limit: MAX_CHART_ROWS,
          });
          continue;
        }
        const usermeta = {
          id,
          reportTitle: report.title,
          reportUrl: `/reports/${report.slug}/`,
          seed: report.seed.path,
          table: {
            id: t.table.id,
            kind: t.table.kind,
            title: t.table.title,
            source: t.table.source,
            derived: t.table.derived,
            digitized: t.table.digitized,
          },
          source: {
            repository: report.source.repository,
            path: report.source.path,
            commit: report.source.commit,
            url: report.source.url,
          },
          licence: report.licence,
          dataCsv: `/charts/${id}.csv`,
        };
        const spec = assemble(chart, usermeta);
        const entry = {
          id,
          report: report.slug,
          name,
          // Where a reader finds it, and the reports its values come from (one: its own).
          page: `/reports/${report.slug}/#${name}`,
          page_title: report.title,
          sources: [report.slug],
          table: t.table.id,
          title: chart.title,
          subtitle: [chart.subtitle ?? []].flat().join('; '),
          description: chart.description,
          alt: chart.alt,
          finding: chart.finding ? sentence(chart.finding) : '',
          // The claims its finding says, each citing rows by their place in the chart's CSV (claims.mjs).
          claims: chart.claims ?? [],
          // A headline that is not its finding (AStore's) keeps the claims it says too.
          ...(chart.headline && chart.headline !== chart.finding
            ? { headline_claims: chart.headlineClaims ?? [] }
            : {}),
          width: spec.width,
          height: spec.height,
          marks: chart.rows.length,
          marks_selector: `.${chart.markName}_marks > path`,
          order: ids.length,
          ...scaleSummary(chart.scales ?? {}),
          controls: chart.controls ?? [],
          digitized: !!t.table.digitized,
          derived: !!t.table.derived,
          corrected: chart.rows.filter((r) => r.corrected).length,
          files: chartFiles(id),
        };
        charts.push({
          id,
          spec,
          narrow: chart.narrow ?? {},
          rows: chart.rows,
          fields: chart.fields,
          markClass: `${chart.markName}_marks`,
          entry,
        });
        index.charts[id] = entry;
        ((index.by_table[report.slug] ??= {})[t.table.id] ??= []).push(id);
        ids.push(id);
      }
    }
    if (ids.length) index.reports[report.slug] = ids;
    if (findings.length) {
      index.findings[report.slug] = { headline: headline ?? findings[0], items: [...new Set(findings)] };
    }
  }
  return { charts, index };
}
