// The repository's real seeds and committed data/, read the plain way (YAML and csv-parse, no
// pipeline code), for tests that compare the parsers and data/ with counts taken from the seeds.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parse as parseCsv } from 'csv-parse/sync';
import { unescapeFormula } from '../../scripts/lib/csv.mjs';

import { ROOT, relPath } from '../../scripts/lib/paths.mjs';
import { walk } from '../../scripts/lib/fs.mjs';

export { ROOT };

const rel = (p) => relPath(ROOT, p);

/**
 * Every report under seeds/: its metadata and the seed beside it.
 * @returns {{ metaPath: string, seedPath: string, seedText: string, meta: any }[]}
 */
export function realReports() {
  const files = walk(path.join(ROOT, 'seeds')).map(rel).sort();
  return files
    .filter((p) => p.endsWith('.meta.yaml'))
    .map((metaPath) => {
      const base = metaPath.slice(0, -'.meta.yaml'.length);
      const seedPath = files.find(
        (p) => p !== metaPath && !/\.(meta|errata)\.yaml$/.test(p) && p.slice(0, p.lastIndexOf('.')) === base,
      );
      return {
        metaPath,
        seedPath,
        seedText: fs.readFileSync(path.join(ROOT, seedPath), 'utf8'),
        meta: parseYaml(fs.readFileSync(path.join(ROOT, metaPath), 'utf8')),
      };
    });
}

/** The real reports of one format. */
export const realReportsOf = (format) => realReports().filter((r) => r.meta.format === format);

/** The lines of a text (line n is lines[n - 1]), whatever its line ends. */
export const linesOf = (text) => text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);

/** 1-based numbers of the lines that match a pattern. */
export const matchingLines = (text, re) => linesOf(text).flatMap((l, i) => (re.test(l) ? [i + 1] : []));

/**
 * A committed CSV of data/ as records (column name -> text), read with csv-parse.
 * @param {string} relPath path under the repository root, e.g. data/tables/<slug>/<table>.csv
 */
export function readCsv(relPath) {
  // A formula-like cell ("-O0") is written with a guarding ' (lib/csv.mjs): read as a reader sees it.
  return parseCsv(fs.readFileSync(path.join(ROOT, relPath), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    cast: (v) => unescapeFormula(v),
  });
}

/** Numbers ascending (Array.prototype.sort compares as text otherwise). */
export const ascending = (a, b) => a - b;
