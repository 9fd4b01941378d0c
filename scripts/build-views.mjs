// CLI: data/ -> what the site needs beside the charts:
//  - build/static/data/<slug>/<table>.json: each table as JSON (the CSV's rows, typed), for download;
//  - build/data/views/<slug>.json: each table ready to render (column labels with units, numbers
//    formatted for reading, the raw value kept for sorting, the seed line of every row), plus the
//    seed lines that produced data;
//  - build/data/schemas.json: the table kinds (the data dictionary) for the methodology page;
//  - build/static/vendor/: Vega, Vega-Lite and vega-embed, served by the site for embedders.
// Usage: node scripts/build-views.mjs [--data DIR] [--out DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, loadSchemas } from './lib/repo.mjs';
import { fromCsv } from './lib/csv.mjs';
import { formatNumber } from './lib/format.mjs';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = path.resolve(values.data ?? path.join(ROOT, 'data'));
const outDir = path.resolve(values.out ?? path.join(ROOT, 'build'));

const write = (p, text) => {
  const full = path.join(outDir, p);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
};
const json = (v) => JSON.stringify(v) + '\n';

// # Load inputs.
const pkg = JSON.parse(fs.readFileSync(path.join(dataDir, 'tables/datapackage.json'), 'utf8'));
const byPath = new Map(pkg.resources.map((r) => [r.path, r]));
const reportFiles = fs.readdirSync(path.join(dataDir, 'reports')).filter((f) => f.endsWith('.json')).sort();

// # Process data, # Save outputs.
for (const f of reportFiles) {
  const report = JSON.parse(fs.readFileSync(path.join(dataDir, 'reports', f), 'utf8'));
  const tables = [];
  const usedLines = new Set();
  for (const t of report.tables) {
    const rel = t.path.replace(/^tables\//, '');
    const resource = byPath.get(rel);
    const { header, records } = fromCsv(fs.readFileSync(path.join(dataDir, t.path), 'utf8'));
    const fields = resource.schema.fields;
    const typed = records.map(({ cells }) =>
      Object.fromEntries(
        header.map((h, i) => {
          const field = fields.find((x) => x.name === h);
          const v = cells[i];
          if (v === '') return [h, null];
          if (field.type === 'integer' || field.type === 'number') return [h, Number(v)];
          if (field.type === 'boolean') return [h, v === 'true'];
          return [h, v];
        }),
      ),
    );
    write(`static/data/${report.slug}/${t.id}.json`, JSON.stringify({ table: `${report.slug}/${t.id}`, title: t.title, description: t.description, fields, rows: typed }, null, 1) + '\n');
    const shown = fields.filter((x) => x.name !== 'seed' && x.name !== 'line' && x.name !== 'line_end');
    for (const r of typed) if (r.seed === report.seed.path) usedLines.add(r.line);
    tables.push({
      id: t.id,
      kind: t.kind,
      title: t.title,
      description: t.description,
      derived: t.derived,
      digitized: t.digitized,
      method: t.method,
      rows_count: typed.length,
      csv: `/data/${report.slug}/${t.id}.csv`,
      json: `/data/${report.slug}/${t.id}.json`,
      source_is_seed: t.source === report.seed.path,
      source: t.source,
      columns: shown.map((x) => ({
        name: x.name,
        label: x.title,
        unit: x.unit ?? '',
        numeric: x.type === 'integer' || x.type === 'number',
        // Which columns a reader can filter on in a big table: the schema says (x-filter).
        filter: x['x-filter'] ?? '',
      })),
      rows: typed.map((r) => ({
        line: r.line,
        seed: r.seed,
        cells: shown.map((x) => {
          const v = r[x.name];
          const numeric = x.type === 'integer' || x.type === 'number';
          return { v: v === null ? '' : v, t: v === null ? '' : numeric ? formatNumber(v) : String(v) };
        }),
      })),
    });
  }
  // Original images that digitized tables were read from, published beside the report.
  const images = {};
  for (const t of report.tables.filter((x) => x.image)) {
    const bytes = fs.readFileSync(path.join(ROOT, t.image));
    const url = `/reports/${report.slug}/${t.id}-original${path.extname(t.image)}`;
    fs.mkdirSync(path.join(outDir, 'static', path.dirname(url)), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'static', url), bytes);
    images[t.id] = { url, ...pngSize(bytes), source: t.image };
  }
  // The seed page's lines, each marked when it produced data (one pass in the template).
  const seedText = fs.readFileSync(path.join(ROOT, report.seed.path), 'utf8').replace(/^\ufeff/, '').replace(/\r\n?/g, '\n').replace(/\n$/, '');
  const seed = seedText.split('\n').map((text, i) => ({ text, used: usedLines.has(i + 1) }));
  write(`data/views/${report.slug}.json`, json({ slug: report.slug, tables, images, seed }));
}

const schemas = loadSchemas(ROOT);
write('data/schemas.json', json({ kinds: Object.values(schemas).sort((a, b) => (a.kind < b.kind ? -1 : 1)) }));

// Vendor scripts for embedders (vega-embed needs Vega and Vega-Lite), with their licences.
for (const [pkgName, file] of [
  ['vega', 'build/vega.min.js'],
  ['vega-lite', 'build/vega-lite.min.js'],
  ['vega-embed', 'build/vega-embed.min.js'],
]) {
  const dir = path.join(ROOT, 'node_modules', pkgName);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  write(`static/vendor/${pkgName}@${version}.min.js`, fs.readFileSync(path.join(dir, file), 'utf8'));
  write(`static/vendor/${pkgName}.LICENSE.txt`, fs.readFileSync(path.join(dir, 'LICENSE'), 'utf8'));
}
write(
  'data/vendor.json',
  json(
    Object.fromEntries(
      ['vega', 'vega-lite', 'vega-embed'].map((n) => [n.replace('-', '_'), JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', n, 'package.json'), 'utf8')).version]),
    ),
  ),
);

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes) {
  if (bytes.toString('latin1', 1, 4) !== 'PNG') throw new Error('expected a PNG image');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
