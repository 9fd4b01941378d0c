// CLI: seeds/ + metadata -> data/ (tidy CSV, a JSON document per report, platforms, datapackage.json).
// On bad input it prints `path:line: expected ..., found ...`, exits 1 and leaves data/ as it was.
// Usage: node scripts/build-data.mjs [--root DIR] [--out DIR]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, loadEnv, readInputs, writeTreeAtomic } from './lib/repo.mjs';
import { buildData } from './lib/pipeline.mjs';
import { InputError } from './lib/errors.mjs';

const { values } = parseArgs({ options: { root: { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean' } } });
const root = path.resolve(values.root ?? ROOT);
const out = path.resolve(root, values.out ?? 'data');

try {
  // # Load inputs.
  const inputs = readInputs(root);
  if (inputs.problems.length) {
    for (const p of inputs.problems) console.error(p);
    process.exit(1);
  }
  // # Process data.
  const { files, reports } = buildData(inputs, loadEnv());
  // # Save outputs.
  writeTreeAtomic(out, files);
  if (!values.quiet) {
    for (const r of reports) console.log(`${r.seed.path}: ${r.tables.map((t) => `${t.id} ${t.rows}`).join(', ') || 'no tables (text only)'}`);
    console.log(`data: ${reports.length} reports, ${files.size} files written to ${path.relative(process.cwd(), out) || '.'}/`);
  }
} catch (e) {
  if (e instanceof InputError) {
    console.error(e.format());
    process.exit(1);
  }
  throw e;
}
