// Save outputs: every file of data/ as text. A tidy CSV per table (schema order, rows sorted by the
// natural key, seed and line on every row), its entry in the Frictionless data package, a JSON
// document per report (what the site shows besides the tables), and the platforms with every fact
// each report states about them.
import { createHash } from 'node:crypto';
import { toCsv } from '../lib/csv.mjs';
import { sha256 } from '../lib/hash.mjs';
import { declaredSoftware, sourceUrl } from './meta.mjs';
import { UNNAMED_MACHINE } from './parsers/shared/machine-lines.mjs';

/** Total order on cell values: empty first, then false < true, numbers by value, text by code point. */
export function compareValues(a, b) {
  const rank = (v) => (v === null || v === undefined || v === '' ? 0 : typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : 3);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  if (ra === 1 || ra === 2) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortRows(rows, keys) {
  // The keys once, not an array a comparison: 100,000 rows take about 1.7 million comparisons.
  const all = [...keys, 'line'];
  return [...rows].sort((x, y) => {
    for (const k of all) {
      const c = compareValues(x[k], y[k]);
      if (c) return c;
    }
    return 0;
  });
}

/**
 * The fields a table file has: the schema's fields in order, less optional ones that are empty in
 * every row of this table (a column that does not apply, such as `queues` where no queue service
 * was used: csvclean -a rejects all-empty columns), then the columns the parser kept as published
 * (a header it does not know, as text), then provenance.
 * @param {object} schema
 * @param {object[]} rows
 * @param {Array<{ column: string, header: string, line: number }>} [kept]
 */
export function fieldsOf(schema, rows, kept = []) {
  const used = schema.fields.filter(
    (f) => f.constraints?.required || rows.some((r) => r[f.name] !== null && r[f.name] !== undefined && r[f.name] !== ''),
  );
  return [
    ...used,
    ...kept.map((c) => ({
      name: c.column,
      type: 'string',
      title: c.header,
      description: `Kept as published: a column the parser does not know (header "${c.header}", line ${c.line}).`,
      'x-kept': true,
    })),
    { name: 'seed', type: 'string', title: 'Seed', description: 'Repository path of the file the row comes from.' },
    { name: 'line', type: 'integer', title: 'Line', description: '1-based line of that file the row comes from.' },
    ...(schema.extraFields ?? []),
  ];
}

const isDerived = (t) => Boolean(t.schema.derived || t.derivedFrom);

/**
 * One table's CSV text, its data-package resource and its entry in the report document.
 * @returns {{ path: string, csv: string, resource: object, doc: object }}
 */
export function tableOutputs(meta, t) {
  const path = `tables/${meta.slug}/${t.id}.csv`;
  const fields = fieldsOf(t.schema, t.rows, t.kept);
  const csv = toCsv(sortRows(t.rows, t.schema.naturalKey), fields.map((f) => f.name));
  const resource = {
    name: `${meta.slug}--${t.id}`.replace(/[^a-z0-9._-]/g, '-'),
    path: `${meta.slug}/${t.id}.csv`,
    title: `${meta.title}: ${t.title}`,
    description: t.schema.description,
    format: 'csv',
    mediatype: 'text/csv',
    encoding: 'utf-8',
    'x-kind': t.kind,
    'x-derived': isDerived(t),
    'x-digitized': Boolean(t.schema.digitized),
    sources: [{ title: 'Seed report', path: t.source }],
    schema: {
      fields,
      // A seed line may hold more than one measurement (CloudI 1.5.4: without and with the queue).
      primaryKey: ['seed', 'line', ...(t.schema.lineKey ?? [])],
      'x-naturalKey': t.schema.naturalKey,
    },
  };
  if (t.method) resource['x-method'] = t.method;
  const doc = {
    id: t.id,
    kind: t.kind,
    title: t.title,
    description: t.schema.description,
    path,
    rows: t.rows.length,
    derived: isDerived(t),
    derived_from: t.derivedFrom ?? null,
    digitized: Boolean(t.schema.digitized),
    method: t.method ?? null,
    source: t.source,
    image: t.image ?? null,
    image_source: t.image_source ?? null,
    notes: t.notes,
    columns: fields.map((f) => ({ name: f.name, title: f.title, type: f.type, unit: f.unit ?? '', description: f.description })),
    // The measurement model's table: the tables and formats its rows come from.
    ...(t.kind === 'measurement' ? { from: [...new Set(t.rows.map((r) => r.source_table))].sort() } : {}),
  };
  return { path, csv, resource, doc };
}

/** The report document (data/reports/<slug>.json). */
export function reportDocument({ input, meta, parsed, platforms, tables, tableDocs, csvTexts, errata, notRead = [] }) {
  const seedLines = input.seedText.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(input.seedText) ? 1 : 0);
  // Hash the seed as text (no BOM, LF line ends), so that a checkout with CRLF line ends or an
  // editor's BOM gives the same data/; for an LF seed this is the file's own `sha256sum`.
  const seedText = input.seedText.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  return {
    slug: meta.slug,
    title: meta.title,
    date: meta.date,
    ...(meta.date_note ? { date_note: meta.date_note } : {}),
    added: meta.added,
    format: meta.format,
    summary: meta.summary,
    ...(meta.draft?.length ? { draft: meta.draft } : {}),
    report_title: parsed.title ?? '',
    system_under_test: meta.system_under_test,
    load_generator: meta.load_generator,
    version: sha256(seedText, ...csvTexts).slice(0, 12),
    seed: {
      path: input.seedPath,
      sha256: createHash('sha256').update(seedText).digest('hex'),
      lines: seedLines,
      meta: input.metaPath,
      errata: input.errataPath ?? null,
    },
    source: {
      ...meta.source,
      url: sourceUrl(meta.source),
    },
    licence: meta.licence,
    // A role the report does not state (a reader's UNNAMED_MACHINE, as add-report drafts it) is none: no page says it.
    platforms: meta.platforms.map((p) => ({
      id: p.id,
      machine: p.machine,
      ...(p.role === UNNAMED_MACHINE ? {} : { role: p.role }),
      name: platforms[p.id].name,
    })),
    machines: Object.fromEntries(Object.entries(parsed.machines).map(([k, m]) => [k, { label: m.label, facts: m.facts }])),
    // A software entry still add-report's placeholder names no software: never published as a name.
    software: { declared: declaredSoftware(meta), stated: parsed.software },
    methodology: parsed.methodology,
    // The report's own notes: a reader's diagnostics (marked reader) are add-report's to print, not the report's words.
    notes: (parsed.notes ?? []).filter((n) => !n.reader),
    sections: parsed.sections,
    runs: parsed.runs ?? [],
    errata,
    // Passages of the seed left out of the reading (read/keep.mjs): lines and why.
    // Each with the contributor's note on why, where .meta.yaml gives one (not_read:).
    ...(notRead.length ? { not_read: notRead.map(({ from, to, line, why, note }) => ({ from, to, line, why, ...(note ? { note } : {}) })) } : {}),
    tables: tableDocs,
    // The measurement model's table restates the per-kind tables: counted only when it is the report's only one.
    measured_rows: Object.values(tables)
      .filter((t) => !isDerived(t) && t.kind !== 'errata')
      .filter((t, _, all) => t.kind !== 'measurement' || all.length === 1)
      .reduce((n, t) => n + t.rows.length, 0),
  };
}

/** Platforms with every fact each report states about them, and which reports ran there. */
export function platformsDocument(platforms, reports) {
  const out = {};
  for (const p of Object.values(platforms).sort((a, b) => compareValues(a.id, b.id))) {
    const facts = [];
    const ran = [];
    for (const r of reports) {
      for (const use of r.platforms.filter((u) => u.id === p.id)) {
        ran.push({ report: r.slug, title: r.title, ...(use.role ? { role: use.role } : {}), machine: use.machine });
        for (const f of r.machines[use.machine].facts) {
          // The same fact stated by several reports is one row with several sources.
          const same = facts.find((x) => x.field === f.field && String(x.value) === String(f.value));
          const source = { report: r.slug, seed: r.seed.path, line: f.line, ...(f.note ? { note: f.note } : {}) };
          if (same) same.sources.push(source);
          else facts.push({ field: f.field, value: f.value, ...(f.unit ? { unit: f.unit } : {}), sources: [source] });
        }
      }
    }
    out[p.id] = { id: p.id, name: p.name, kind: p.kind, reports: ran, facts };
  }
  return out;
}

/** The Frictionless data package that describes every table file. */
export function dataPackage(resources) {
  return {
    profile: 'tabular-data-package',
    name: 'bench-atlas',
    title: 'Bench Atlas: benchmark reports as tidy data',
    description:
      'Every table parsed from the seed reports, with provenance (seed and line) on every row. Derived and digitized tables are marked x-derived and x-digitized.',
    licenses: [{ name: 'see-sources', title: 'Each resource keeps the licence of its source report; see its report page.' }],
    resources,
  };
}

