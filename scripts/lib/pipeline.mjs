// The data step as a pure function: seed texts, their metadata and the platform registry in,
// every file of data/ out (as a map of relative path -> text). No file system here: the CLIs
// (build-data.mjs, check.mjs, add-report.mjs) read the inputs and write the outputs.
//
// # Load inputs: metadata and platforms (YAML, validated with line numbers), seeds (parsed).
// # Process data: provenance on every row, errata, derived tables, natural-key checks, sorting.
// # Save outputs: tidy CSV per table, a JSON document per report, platforms, datapackage.json.
import { InputError, quote } from './errors.mjs';
import { readYaml, validateWithLines } from './yaml-input.mjs';
import { toCsv, fromCsv } from './csv.mjs';
import { createHash } from 'node:crypto';
import { sha256 } from './hash.mjs';
import { toNumber, toInteger } from './text.mjs';
import { derivations } from '../derive/index.mjs';

/**
 * @typedef {object} ReportInput
 * @property {string} metaPath     repository-relative path of <seed>.meta.yaml
 * @property {string} metaText
 * @property {string} seedPath     repository-relative path of the seed
 * @property {string} seedText
 * @property {string} [errataPath]
 * @property {string} [errataText]
 * @property {Record<string, string>} files  other files beside the seed that the metadata names (path -> text)
 */

/** Read and validate one report's metadata. */
export function readMeta(input, ctx) {
  let meta;
  try {
    const { value, lineOf } = readYaml(input.metaText);
    if (value && typeof value === 'object') {
      // YAML reads 2012 as a number and 2019-05-15 as a string: dates are always text here.
      for (const k of ['date', 'added']) if (typeof value[k] === 'number') value[k] = String(value[k]);
      // (Not a list: the schema says so below, with the line.)
      if (Array.isArray(value.software)) for (const s of value.software) if (s && typeof s.version === 'number') s.version = String(s.version);
    }
    validateWithLines(ctx.metaSchema, value, lineOf);
    meta = value;
    meta.lineOf = lineOf;
  } catch (e) {
    throw withFile(e, input.metaPath);
  }
  const fail = (path, expected, found) => {
    throw new InputError(meta.lineOf(path), expected, found, input.metaPath);
  };
  if (!ctx.parsers[meta.format]) fail(['format'], `a known format (${Object.keys(ctx.parsers).join(', ')})`, quote(meta.format));
  meta.platforms.forEach((p, i) => {
    if (!ctx.platforms[p.id]) fail(['platforms', i, 'id'], `a platform id from seeds/platforms.yaml (${Object.keys(ctx.platforms).join(', ')}), or a new entry there`, quote(p.id));
  });
  (meta.datasets ?? []).forEach((d, i) => {
    if (!ctx.schemas[d.kind]) fail(['datasets', i, 'kind'], `a table kind from scripts/schemas/tables/ (${Object.keys(ctx.schemas).join(', ')})`, quote(d.kind));
    if (!(dirJoin(input.seedPath, d.file) in input.files)) fail(['datasets', i, 'file'], 'a file beside the seed', quote(d.file));
  });
  return meta;
}

/** Parse the platform registry (seeds/platforms.yaml). */
export function readPlatforms(text, path) {
  try {
    const { value, lineOf } = readYaml(text);
    const out = {};
    for (const [id, p] of Object.entries(value ?? {})) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new InputError(lineOf([id]), 'a platform id of lower-case words joined by hyphens', quote(id));
      if (!p || typeof p.name !== 'string' || !p.name.trim()) throw new InputError(lineOf([id]), `a "name" for platform ${id}`, 'none');
      if (typeof p.kind !== 'string') throw new InputError(lineOf([id]), `a "kind" for platform ${id} (physical server, cloud instance, ...)`, 'none');
      out[id] = { id, name: p.name, kind: p.kind, line: lineOf([id]) };
    }
    return out;
  } catch (e) {
    throw withFile(e, path);
  }
}

function withFile(e, file) {
  if (e instanceof InputError && !e.file) e.file = file;
  return e;
}

const dirOf = (p) => p.slice(0, p.lastIndexOf('/') + 1);
const dirJoin = (seedPath, name) => dirOf(seedPath) + name;

/** Check one row against its table schema: types, required cells, enums, ranges. */
function checkRow(row, schema, seedPath) {
  for (const f of schema.fields) {
    const v = row[f.name];
    const c = f.constraints ?? {};
    const fail = (expected) => {
      throw new InputError(row.line, `${expected} for "${f.title}"`, quote(v === null || v === undefined ? '' : String(v)), seedPath);
    };
    if (v === null || v === undefined || v === '') {
      if (c.required) fail('a value');
      continue;
    }
    if (f.type === 'integer' && !Number.isInteger(v)) fail('a whole number');
    if (f.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) fail('a number');
    if (f.type === 'boolean' && typeof v !== 'boolean') fail('true or false');
    if (f.type === 'string' && typeof v !== 'string') fail('text');
    if (c.enum && !c.enum.includes(v)) fail(`one of ${c.enum.map((x) => JSON.stringify(x)).join(', ')}`);
    if (c.pattern && !new RegExp(c.pattern).test(v)) fail(`text matching ${c.pattern}`);
    if (c.minimum !== undefined && v < c.minimum) fail(`at least ${c.minimum}`);
    if (c.maximum !== undefined && v > c.maximum) fail(`at most ${c.maximum}`);
  }
}

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
  return [...rows].sort((x, y) => {
    for (const k of [...keys, 'line']) {
      const c = compareValues(x[k], y[k]);
      if (c) return c;
    }
    return 0;
  });
}

/**
 * The fields a table file has: the schema's fields in order, less optional ones that are empty in
 * every row of this table (a column that does not apply, such as `queues` where no queue service
 * was used: csvclean -a rejects all-empty columns), then provenance.
 */
export function fieldsOf(schema, rows) {
  const used = schema.fields.filter(
    (f) => f.constraints?.required || rows.some((r) => r[f.name] !== null && r[f.name] !== undefined && r[f.name] !== ''),
  );
  return [
    ...used,
    { name: 'seed', type: 'string', title: 'Seed', description: 'Repository path of the file the row comes from.' },
    { name: 'line', type: 'integer', title: 'Line', description: '1-based line of that file the row comes from.' },
    ...(schema.extraFields ?? []),
  ];
}

/** One row per natural key, after errata: a second row for the same key is an error at its line. */
function checkUnique(rows, schema, seedPath, tableId) {
  const seen = new Map();
  for (const r of rows) {
    const key = JSON.stringify(schema.naturalKey.map((k) => r[k] ?? null));
    if (seen.has(key)) {
      const desc = schema.naturalKey
        .filter((k) => r[k] !== null && r[k] !== '' && r[k] !== undefined)
        .map((k) => `${k}=${r[k]}`)
        .join(', ');
      throw new InputError(
        r.line,
        `one row per ${schema.naturalKey.join(' + ')} in ${tableId}`,
        `a second row for ${desc} (the first is line ${seen.get(key)}; if the report mislabels a row, add an erratum)`,
        seedPath,
      );
    }
    seen.set(key, r.line);
  }
}

/** Apply errata to a copy of the rows, checking that each names a row as published. */
function readErrata(input, tables) {
  if (!input.errataText) return [];
  const path = input.errataPath;
  let value;
  let lineOf;
  try {
    ({ value, lineOf } = readYaml(input.errataText));
  } catch (e) {
    throw withFile(e, path);
  }
  if (!Array.isArray(value)) throw new InputError(1, 'a list of corrections', quote(typeof value), path);
  return value.map((e, i) => {
    const at = (k) => lineOf([i, k]);
    for (const k of ['table', 'line', 'field', 'published', 'corrected', 'reason']) {
      if (e?.[k] === undefined || e[k] === null || e[k] === '') throw new InputError(lineOf([i]), `a "${k}" in each correction`, 'none', path);
    }
    const table = tables[e.table];
    if (!table) throw new InputError(at('table'), `a table of the report (${Object.keys(tables).join(', ')})`, quote(e.table), path);
    const row = table.rows.find((r) => r.line === e.line);
    if (!row) throw new InputError(at('line'), `the seed line of a row of ${e.table}`, String(e.line), path);
    if (!(e.field in row)) throw new InputError(at('field'), `a column of ${e.table}`, quote(e.field), path);
    if (String(row[e.field]) !== String(e.published)) {
      throw new InputError(at('published'), `the value the seed has at line ${e.line} (${quote(String(row[e.field]))})`, quote(String(e.published)), path);
    }
    return { table: e.table, field: e.field, published_value: String(e.published), corrected_value: String(e.corrected), reason: String(e.reason).trim(), line: e.line };
  });
}

/** Read a dataset file (digitized values) named by the metadata. */
function readDataset(d, input, schema) {
  const path = dirJoin(input.seedPath, d.file);
  let header;
  let records;
  try {
    ({ header, records } = fromCsv(input.files[path]));
  } catch (e) {
    throw withFile(e, path);
  }
  const names = schema.fields.map((f) => f.name);
  if (header.join(',') !== names.join(',')) throw new InputError(1, `the header ${quote(names.join(','))}`, quote(header.join(',')), path);
  return records.map(({ line, cells }) => {
    if (cells.length !== names.length) throw new InputError(line, `${names.length} cells`, String(cells.length), path);
    const row = { line };
    schema.fields.forEach((f, i) => {
      const v = f.type === 'integer' ? toInteger(cells[i]) : f.type === 'number' ? toNumber(cells[i]) : cells[i];
      if (v === undefined) throw new InputError(line, `a ${f.type} under "${f.name}"`, quote(cells[i]), path);
      row[f.name] = v;
    });
    return row;
  });
}

/**
 * Build every file of data/ from the inputs.
 * @param {{ reports: ReportInput[], platformsText: string, platformsPath: string }} inputs
 * @param {{ parsers: Record<string, any>, schemas: Record<string, any>, metaSchema: object }} env
 * @returns {{ files: Map<string, string>, reports: any[] }}
 */
export function buildData(inputs, env) {
  // # Load inputs.
  const platforms = readPlatforms(inputs.platformsText, inputs.platformsPath);
  const ctx = { ...env, platforms };
  const files = new Map();
  const resources = [];
  const reports = [];
  const slugs = new Map();

  for (const input of [...inputs.reports].sort((a, b) => compareValues(a.seedPath, b.seedPath))) {
    const meta = readMeta(input, ctx);
    if (slugs.has(meta.slug)) throw new InputError(meta.lineOf(['slug']), 'a slug no other report uses', `${quote(meta.slug)}, already used by ${slugs.get(meta.slug)}`, input.metaPath);
    slugs.set(meta.slug, input.metaPath);
    let parsed;
    const parser = ctx.parsers[meta.format];
    // An empty seed gets the parser's own message; any other text must look like its format.
    if (input.seedText.trim() && !parser.detect(input.seedText)) {
      const others = Object.entries(ctx.parsers).filter(([, p]) => p.detect(input.seedText)).map(([name]) => name);
      throw new InputError(
        0,
        `a report in the ${meta.format} format, as ${input.metaPath} says`,
        others.length ? `a file that looks like ${others.join(' or ')}: fix "format" in the metadata` : 'a file in no known format',
        input.seedPath,
      );
    }
    try {
      parsed = parser.parse(input.seedText);
    } catch (e) {
      throw withFile(e, input.seedPath);
    }
    meta.platforms.forEach((p, i) => {
      if (!parsed.machines[p.machine]) {
        throw new InputError(meta.lineOf(['platforms', i, 'machine']), `a machine the report describes (${Object.keys(parsed.machines).join(', ') || 'none'})`, quote(p.machine), input.metaPath);
      }
    });

    // # Process data.
    const tables = {};
    for (const [id, t] of Object.entries(parsed.tables)) {
      const schema = ctx.schemas[t.kind];
      if (!schema) throw new Error(`parser ${meta.format} returned table kind ${t.kind} with no schema in scripts/schemas/tables/`);
      const rows = t.rows.map((r) => ({ ...r, seed: input.seedPath }));
      rows.forEach((r) => checkRow(r, schema, input.seedPath));
      tables[id] = { id, kind: t.kind, title: t.title, notes: t.notes ?? [], rows, schema, source: input.seedPath };
    }
    const errata = readErrata(input, tables);
    for (const [id, t] of Object.entries(tables)) {
      const corrected = t.rows.map((r) => {
        const fix = errata.filter((e) => e.table === id && e.line === r.line);
        if (!fix.length) return r;
        const c = { ...r };
        for (const e of fix) c[e.field] = typeof r[e.field] === 'number' ? Number(e.corrected_value) : e.corrected_value;
        return c;
      });
      checkUnique(corrected, t.schema, input.seedPath, id);
    }
    for (const [id, t] of Object.entries({ ...tables })) {
      for (const d of derivations[t.kind] ?? []) {
        const schema = ctx.schemas[d.kind];
        const rows = d.derive(t.rows).map((r) => ({ ...r, seed: input.seedPath }));
        tables[d.id] = { id: d.id, kind: d.kind, title: d.title, notes: [], rows, schema, derivedFrom: id, source: input.seedPath };
      }
    }
    for (const d of meta.datasets ?? []) {
      const schema = ctx.schemas[d.kind];
      const path = dirJoin(input.seedPath, d.file);
      const rows = readDataset(d, input, schema).map((r) => ({ ...r, seed: path }));
      rows.forEach((r) => checkRow(r, schema, path));
      checkUnique(rows, schema, path, d.id);
      tables[d.id] = { id: d.id, kind: d.kind, title: d.title, notes: [], rows, schema, method: d.method, source: path, image: d.image ? dirJoin(input.seedPath, d.image) : undefined, image_source: d.image_source };
    }
    if (errata.length) {
      const schema = ctx.schemas.errata;
      tables.errata = { id: 'errata', kind: 'errata', title: 'Errata', notes: [], rows: errata.map((e) => ({ ...e, seed: input.seedPath })), schema, source: input.errataPath };
    }

    // # Save outputs.
    const tableDocs = [];
    const csvTexts = [];
    for (const t of Object.values(tables).sort((a, b) => compareValues(a.id, b.id))) {
      const path = `tables/${meta.slug}/${t.id}.csv`;
      const fields = fieldsOf(t.schema, t.rows);
      const text = toCsv(sortRows(t.rows, t.schema.naturalKey), fields.map((f) => f.name));
      files.set(path, text);
      csvTexts.push(text);
      const resource = {
        name: `${meta.slug}--${t.id}`.replace(/[^a-z0-9._-]/g, '-'),
        path: `${meta.slug}/${t.id}.csv`,
        title: `${meta.title}: ${t.title}`,
        description: t.schema.description,
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        'x-kind': t.kind,
        'x-derived': Boolean(t.schema.derived || t.derivedFrom),
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
      resources.push(resource);
      tableDocs.push({
        id: t.id,
        kind: t.kind,
        title: t.title,
        description: t.schema.description,
        path,
        rows: t.rows.length,
        derived: Boolean(t.schema.derived || t.derivedFrom),
        derived_from: t.derivedFrom ?? null,
        digitized: Boolean(t.schema.digitized),
        method: t.method ?? null,
        source: t.source,
        image: t.image ?? null,
        image_source: t.image_source ?? null,
        notes: t.notes,
        columns: fields.map((f) => ({ name: f.name, title: f.title, type: f.type, unit: f.unit ?? '', description: f.description })),
      });
    }
    const seedLines = input.seedText.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(input.seedText) ? 1 : 0);
    // Hash the seed as text (no BOM, LF line ends), so that a checkout with CRLF line ends or an
    // editor's BOM gives the same data/; for an LF seed this is the file's own `sha256sum`.
    const seedText = input.seedText.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
    const doc = {
      slug: meta.slug,
      title: meta.title,
      date: meta.date,
      added: meta.added,
      format: meta.format,
      summary: meta.summary,
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
        url: meta.source.url ?? `https://github.com/${meta.source.repository}/blob/${meta.source.commit}/${meta.source.path}`,
      },
      licence: meta.licence,
      platforms: meta.platforms.map((p) => ({ id: p.id, machine: p.machine, role: p.role, name: platforms[p.id].name })),
      machines: Object.fromEntries(Object.entries(parsed.machines).map(([k, m]) => [k, { label: m.label, facts: m.facts }])),
      software: { declared: meta.software, stated: parsed.software },
      methodology: parsed.methodology,
      notes: parsed.notes,
      sections: parsed.sections,
      runs: parsed.runs ?? [],
      errata,
      tables: tableDocs,
      measured_rows: Object.values(tables)
        .filter((t) => !t.schema.derived && !t.derivedFrom && t.kind !== 'errata')
        .reduce((n, t) => n + t.rows.length, 0),
    };
    files.set(`reports/${meta.slug}.json`, json(doc));
    reports.push(doc);
  }

  files.set('platforms.json', json(mergePlatforms(platforms, reports)));
  files.set(
    'tables/datapackage.json',
    json({
      profile: 'tabular-data-package',
      name: 'bench-atlas',
      title: 'Bench Atlas: benchmark reports as tidy data',
      description: 'Every table parsed from the seed reports, with provenance (seed and line) on every row. Derived and digitized tables are marked x-derived and x-digitized.',
      licenses: [{ name: 'see-sources', title: 'Each resource keeps the licence of its source report; see its report page.' }],
      resources,
    }),
  );
  return { files, reports };
}

/** Platforms with every fact each report states about them, and which reports ran there. */
function mergePlatforms(platforms, reports) {
  const out = {};
  for (const p of Object.values(platforms).sort((a, b) => compareValues(a.id, b.id))) {
    const facts = [];
    const ran = [];
    for (const r of reports) {
      for (const use of r.platforms.filter((u) => u.id === p.id)) {
        ran.push({ report: r.slug, title: r.title, role: use.role, machine: use.machine });
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

const json = (v) => JSON.stringify(v, null, 2) + '\n';
