// CLI: data/reports/*.json -> the citation of every report, for download and for the pages:
//  - build/static/reports/<slug>/citation.bib and citation.csl.json (served beside the report page);
//  - build/data/citations.json: per report, the plain text, BibTeX and CSL-JSON the pages show.
// URLs in citations are the published ones (config.toml params.publishURL), as in canonical links.
// Usage: node scripts/cite/build-citations.mjs [--data DIR] [--out DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/repo.mjs';
import { citation } from './citation.mjs';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = path.resolve(values.data ?? path.join(ROOT, 'data'));
const outDir = path.resolve(values.out ?? path.join(ROOT, 'build'));

const write = (p, text) => {
  const full = path.join(outDir, p);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
};

// # Load inputs.
const config = fs.readFileSync(path.join(ROOT, 'config.toml'), 'utf8');
const siteURL = /^\s*publishURL\s*=\s*"([^"]+)"/m.exec(config)?.[1];
if (!siteURL) throw new Error('build-citations: config.toml has no params.publishURL');
const dir = path.join(dataDir, 'reports');
const reports = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));

// # Process data.
const all = Object.fromEntries(reports.map((r) => [r.slug, citation(r, siteURL)]));

// # Save outputs.
for (const [slug, c] of Object.entries(all)) {
  write(`static/reports/${slug}/citation.bib`, c.bibtex);
  write(`static/reports/${slug}/citation.csl.json`, c.csl);
}
write('data/citations.json', JSON.stringify(all, null, 1) + '\n');
