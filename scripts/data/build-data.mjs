// CLI (npm run data): seeds/ + metadata -> data/ (tidy CSV, a JSON document per report, platforms,
// datapackage.json). On bad input it prints `path:line: expected ..., found ...`, exits 1 and leaves
// data/ as it was (data/ is replaced in one swap).
// Usage: node scripts/data/build-data.mjs [--root DIR] [--out DIR] [--quiet]
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { writeTreeAtomic } from '../lib/fs.mjs';
import { InputError, systemErrorLine } from '../lib/errors.mjs';
import { loadEnv, readInputs } from './inputs.mjs';
import { buildData } from './pipeline.mjs';

const { values } = cliArgs(import.meta.url, { options: { root: { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean' } } });
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
  // A read-only, full or missing place to write, a folder where a file should be: one line, no stack.
  const line = systemErrorLine(e, path.relative(process.cwd(), out) || out);
  if (line) {
    console.error(line);
    process.exit(1);
  }
  throw e;
}
