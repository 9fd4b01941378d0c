#!/usr/bin/env node
// CLI: data/ and seeds/entities.yaml in, one JSON file out (entities, subjects per software entity,
// comparisons across reports), deterministic (sorted keys, LF, final newline). With --csv-dir, one
// tidy CSV per comparison as well (<comparison id>.csv, provenance on every row). All I/O is here;
// the work is buildAtlas() in index.mjs.
//
//   node scripts/atlas/build-atlas.mjs --data data --out build/atlas.json
//        [--entities seeds/entities.yaml] [--chart-kinds kind,kind | --charts-dir scripts/charts]
//        [--error-budget 1] [--csv-dir build/atlas]
//
// Exit 1 with `file:line: expected ..., found ...` on a problem in the inputs.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve as resolvePath, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InputError } from '../lib/errors.mjs';
import { buildAtlas, sortedJson, toCsv } from './index.mjs';

const here = dirname(fileURLToPath(import.meta.url));

function main() {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: 'data' },
      out: { type: 'string' },
      entities: { type: 'string' },
      'chart-kinds': { type: 'string' },
      'charts-dir': { type: 'string', default: join(here, '..', 'charts') },
      'error-budget': { type: 'string' },
      'csv-dir': { type: 'string' },
    },
  });
  if (!values.out) throw new Error('usage: build-atlas.mjs --data DIR --out FILE [--entities FILE] [--csv-dir DIR]');
  // # Load inputs.
  const data = values.data;
  const entitiesPath = values.entities ?? join(data, '..', 'seeds', 'entities.yaml');
  const reports = readdirSync(join(data, 'reports'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(data, 'reports', f), 'utf8')));
  const csvTexts = {};
  for (const r of reports) for (const t of r.tables) csvTexts[t.path] = readFileSync(join(data, t.path), 'utf8');
  const kinds = new Set(reports.flatMap((r) => r.tables.map((t) => t.kind)));
  const chartKinds =
    values['chart-kinds'] !== undefined
      ? values['chart-kinds'].split(',').filter(Boolean)
      : existsSync(values['charts-dir'])
        ? readdirSync(values['charts-dir'])
            .map((f) => f.replace(/\.mjs$/, ''))
            .filter((k) => kinds.has(k))
            .sort()
        : [];
  const errorBudgetPct = values['error-budget'] !== undefined ? Number(values['error-budget']) : undefined;
  if (errorBudgetPct !== undefined && !Number.isFinite(errorBudgetPct))
    throw new Error('--error-budget: expected a number (percent)');
  // Messages name the file as the repository names it.
  const repoRoot = resolvePath(here, '..', '..');
  const shownPath = relative(repoRoot, resolvePath(entitiesPath)).split('\\').join('/');

  // # Process data.
  const atlas = buildAtlas({
    reports,
    csvTexts,
    entitiesText: readFileSync(entitiesPath, 'utf8'),
    entitiesPath: shownPath.startsWith('..') ? entitiesPath : shownPath,
    chartKinds,
    errorBudgetPct,
  });

  // # Save outputs.
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    sortedJson({
      chart_kinds: chartKinds,
      comparisons: atlas.comparisons,
      entities: atlas.entities,
      subjects: atlas.subjects,
    }),
  );
  if (values['csv-dir']) {
    mkdirSync(values['csv-dir'], { recursive: true });
    for (const [id, t] of Object.entries(atlas.tidy))
      writeFileSync(join(values['csv-dir'], `${id}.csv`), toCsv(t.columns, t.rows));
  }
  const rows = atlas.comparisons.reduce((n, c) => n + c.rows.length, 0);
  console.log(
    `atlas: ${atlas.subjects.length} subjects, ${atlas.comparisons.length} comparisons (${rows} rows) -> ${values.out}`,
  );
}

try {
  main();
} catch (e) {
  console.error(e instanceof InputError ? e.format() : e.message);
  process.exit(1);
}
