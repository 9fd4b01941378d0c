// CLI (npm run check): validate the whole repository and print one line per problem, with the file, the line
// where there is one, and what to do. Exit 1 when there is any problem.
//  - every seed has metadata, and every metadata file a seed; metadata fields are valid;
//  - every platform id exists; every seed parses; errata name real rows;
//  - every passage of a seed left out of the reading has a note in its metadata (not_read:);
//  - data/ is exactly what the scripts produce from seeds/ (byte for byte);
//  - every CSV matches its schema in data/tables/datapackage.json, and passes `csvclean -a`.
// Usage: node scripts/check/check.mjs [--root DIR] [--no-csvclean]
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT } from '../lib/paths.mjs';
import { readTree } from '../lib/fs.mjs';
import { InputError, systemErrorLine } from '../lib/errors.mjs';
import { readTable } from '../lib/table.mjs';
import { venvBin } from '../lib/tools.mjs';
import { loadEnv, orphanLine, readInputs } from '../data/inputs.mjs';
import { readRepository } from '../lib/transaction.mjs';
import { LockError } from '../lib/lock.mjs';
import { buildData, readRegistries } from '../data/pipeline.mjs';
import { linesText, unnoted } from '../data/read/keep.mjs';
import { isPlaceholderLine } from '../data/meta.mjs';

const { values } = cliArgs(import.meta.url, {
  options: { root: { type: 'string' }, 'no-csvclean': { type: 'boolean' } },
});
const root = path.resolve(values.root ?? ROOT);
const problems = [];
const say = (msg) => problems.push(msg);
const asLine = (e) => {
  if (!(e instanceof InputError)) throw e;
  return (e.all ?? [e]).map((x) => {
    x.file ??= e.file;
    return x.format();
  });
};

// An error of the operating system (a folder where a file should be, a file that cannot be read or
// written, a full disk): one line naming the file, exit 1, not a stack trace.
process.on('uncaughtException', (e) => {
  const line =
    systemErrorLine(e) ?? (e instanceof InputError ? e.format() : e instanceof LockError ? e.message : undefined);
  if (!line) {
    console.error(e);
    process.exit(1);
  }
  console.error(line);
  process.exit(1);
});

// # Load inputs (after rolling back what a killed add-report left half made).
readRepository(root, 'npm run check');
const env = loadEnv();
const inputs = readInputs(root);
inputs.problems.forEach(say);
inputs.orphans.map(orphanLine).forEach(say);

// Placeholders that add-report leaves for the contributor.
for (const [file, text] of [
  [inputs.platformsPath, inputs.platformsText],
  [inputs.entitiesPath, inputs.entitiesText],
  ...inputs.reports.map((r) => [r.metaPath, r.metaText]),
]) {
  text.split('\n').forEach((l, i) => {
    if (isPlaceholderLine(l)) say(`${file}:${i + 1}: fill in: ${l.trim()}`);
  });
}

// # Process data: the whole repository in one run (what `npm run data` does). Only when that fails
// is each report built on its own, so that one broken report does not hide another: building every
// report twice doubled the time and the memory of a check that passes.
let ok = !inputs.problems.length;
// The registries once, not once a report (a broken one is then reported by every report's run).
let registries;
try {
  registries = readRegistries(inputs);
} catch {
  // Left to each report's run, which reports it.
}
let built;
if (ok) {
  try {
    built = buildData({ ...inputs, registries }, env);
  } catch {
    // Found again below, report by report.
  }
}
if (!built) {
  for (const report of inputs.reports) {
    try {
      buildData({ ...inputs, registries, reports: [report] }, env);
    } catch (e) {
      asLine(e).forEach(say);
      ok = false;
    }
  }
  // A problem only the whole repository has (two reports with one slug).
  if (ok) {
    try {
      built = buildData(inputs, env);
    } catch (e) {
      asLine(e).forEach(say);
    }
  }
}

// A passage of a seed left out of the reading says why in its metadata (not_read:), or is read.
for (const doc of built?.reports ?? []) {
  for (const p of unnoted(doc.not_read)) {
    const them = p.from === p.to ? 'it' : 'them';
    say(
      `${doc.seed.path}:${p.line}: ${linesText(p)} ${p.from === p.to ? 'is' : 'are'} left out of the reading (${p.why}) and ${doc.seed.meta} gives no note: add "- line: ${p.line}" with "why:" under not_read:, or read ${them} with a recipe`,
    );
  }
}

// data/ must be exactly what the scripts produce.
if (built) {
  const { files } = built;
  const have = readTree(path.join(root, 'data'));
  for (const [p, text] of files) {
    if (!have.has(p)) say(`data/${p}: missing: run \`npm run data\` and commit data/`);
    else if (have.get(p) !== text)
      say(`data/${p}: differs from what the scripts produce from seeds/: run \`npm run data\` and commit data/`);
  }
  for (const p of have.keys())
    if (!files.has(p)) say(`data/${p}: produced by no seed: run \`npm run data\` to remove it, and commit data/`);
}

// Every CSV against its schema, read back from disk as a reader would.
const pkgPath = path.join(root, 'data/tables/datapackage.json');
if (fs.existsSync(pkgPath)) {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  for (const r of pkg.resources) {
    const file = `data/tables/${r.path}`;
    if (!fs.existsSync(path.join(root, file))) {
      say(`${file}: listed in data/tables/datapackage.json but missing: run \`npm run data\``);
      continue;
    }
    validateCsv(file, fs.readFileSync(path.join(root, file), 'utf8'), r.schema).forEach(say);
  }
  if (!values['no-csvclean']) {
    // csvclean -a over every CSV, in one Python process (csvclean-all.py beside this file), and only over
    // files whose content it has not passed before (a cache of content hashes in .cache/).
    const cacheFile = path.join(root, '.cache', 'csvclean-passed.json');
    const passed = new Set(fs.existsSync(cacheFile) ? JSON.parse(fs.readFileSync(cacheFile, 'utf8')) : []);
    const files = pkg.resources.map((r) => `data/tables/${r.path}`).filter((f) => fs.existsSync(path.join(root, f)));
    const hashOf = (f) =>
      createHash('sha256')
        .update(fs.readFileSync(path.join(root, f)))
        .digest('hex');
    const todo = files.filter((f) => !passed.has(hashOf(f)));
    if (todo.length) {
      const res = spawnSync(venvBin('python', root), [path.join(ROOT, 'scripts/check/csvclean-all.py'), ...todo], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      if (res.status !== 0)
        say(`csvclean: could not run (${(res.stderr || '').trim().split('\n').pop()}): run \`npm run setup\``);
      for (const line of (res.stdout || '').split('\n').filter(Boolean)) {
        const [file, code, first] = line.split('\t');
        if (code === '0') passed.add(hashOf(file));
        else say(`${file}: csvclean -a reports a malformed CSV: ${first}`);
      }
      fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
      fs.writeFileSync(cacheFile, JSON.stringify([...passed].sort()));
    }
  }
}

// # Save outputs: the report.
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`check: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
console.log(`check: ${inputs.reports.length} reports, seeds, metadata, platforms and data/ are consistent`);

/** Check a CSV file's line ends, header, cell types, constraints and primary key against its Table Schema. */
function validateCsv(file, text, schema) {
  const out = [];
  if (!text.endsWith('\n') || text.includes('\r'))
    out.push(`${file}: expected LF line ends and a final newline: run \`npm run data\``);
  const { problems } = readTable(text, schema.fields, { file, primaryKey: schema.primaryKey });
  return [...out, ...problems.map((p) => p.format())];
}
