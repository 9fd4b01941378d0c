// CLI (npm run data): seeds/ + metadata -> data/ (tidy CSV, a JSON document per report, platforms,
// datapackage.json). On bad input it prints `path:line: expected ..., found ...`, exits 1 and leaves
// data/ as it was (data/ is replaced in one swap).
// Incremental by report: each report's outputs are cached in .cache/data/ under the hash of what
// makes them (its seed, metadata, errata and files beside it, the platform and entity registries,
// and the data stage's code): a report whose inputs did not change is not parsed again, and only
// what spans reports (platforms, the atlas, the data package) is made anew from all of them. Same
// output either way (tests/site/data-cache.test.mjs); after a run the cache keeps only what it used.
// Usage: node scripts/data/build-data.mjs [--root DIR] [--out DIR] [--cache DIR | --no-cache] [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { sha256 } from '../lib/hash.mjs';
import { walk, writeFileAtomic, writeTreeAtomic } from '../lib/fs.mjs';
import { InputError, systemErrorLine } from '../lib/errors.mjs';
import { loadEnv, orphanLine, readInputs } from './inputs.mjs';
import { writeRepository } from '../lib/transaction.mjs';
import { LockError } from '../lib/lock.mjs';
import { buildData } from './pipeline.mjs';

const { values } = cliArgs(import.meta.url, {
  options: {
    root: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    quiet: { type: 'boolean' },
  },
});
const root = path.resolve(values.root ?? ROOT);
const out = path.resolve(root, values.out ?? 'data');
const cacheDir = values['no-cache'] ? null : path.resolve(root, values.cache ?? '.cache/data');

/**
 * The code a report's outputs come from: every module and schema of the data stage and the shared
 * library (tests and fixtures aside), and the installed packages they use.
 */
function codeHash() {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const files = [here, path.join(here, '../lib')]
    .flatMap((d) => walk(d))
    .filter((f) => !/\.test\.mjs$|[\\/]fixtures[\\/]/.test(f))
    .concat([path.join(here, '../../package-lock.json')].filter((f) => fs.existsSync(f)));
  return sha256(...files.flatMap((f) => [path.relative(here, f), fs.readFileSync(f)]));
}

/** The report cache, one JSON file a key; the keys this run used (the rest is pruned after it). */
function reportCache(inputs) {
  const used = new Set();
  const base = sha256(codeHash(), inputs.platformsText ?? '', inputs.entitiesText ?? '');
  return {
    used,
    keyOf: (input) =>
      sha256(
        base,
        input.seedPath,
        input.seedText,
        input.metaPath,
        input.metaText,
        input.errataPath ?? '',
        input.errataText ?? '',
        ...Object.keys(input.files ?? {})
          .sort()
          .flatMap((p) => [p, input.files[p]]),
        JSON.stringify(input.outside ?? {}),
      ),
    get(key) {
      used.add(key);
      const file = path.join(cacheDir, `${key}.json`);
      return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
    },
    set(key, value) {
      used.add(key);
      writeFileAtomic(path.join(cacheDir, `${key}.json`), JSON.stringify(value));
    },
  };
}

try {
  // # Load inputs, as the only writer (lib/lock.mjs), after rolling back what a killed add-report left.
  writeRepository(root, 'npm run data');
  const inputs = readInputs(root);
  // A seed without its metadata would be left out of data/ without a word: refused, like check does.
  const problems = [...inputs.problems, ...inputs.orphans.map(orphanLine)];
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  // # Process data.
  const cache = cacheDir ? reportCache(inputs) : undefined;
  const { files, reports, cached } = buildData(inputs, loadEnv(), { cache });
  // # Save outputs.
  writeTreeAtomic(out, files);
  if (cache)
    for (const f of fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : [])
      if (!cache.used.has(f.replace(/\.json$/, ''))) fs.rmSync(path.join(cacheDir, f), { force: true });
  if (!values.quiet) {
    for (const r of reports) console.log(`${r.seed.path}: ${r.tables.map((t) => `${t.id} ${t.rows}`).join(', ') || 'no tables (text only)'}`);
    console.log(`data: ${reports.length} reports (${cached} from cache), ${files.size} files written to ${path.relative(process.cwd(), out) || '.'}/`);
  }
} catch (e) {
  if (e instanceof LockError) {
    console.error(e.message);
    process.exit(1);
  }
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
