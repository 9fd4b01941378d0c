// The reports data/ holds, and one result file read in memory, as the chart stage plans them: for
// the truth audit (scripts/check/sentences.mjs) and the tests that recompute findings from rows.
//
// committedPlan(dataDir): their chart plan, as the build plans it
// filePlan(format, file, { recipe }): one result file through the data stage (in memory) and its chart
// plan (read with the recipe given, as a .meta.yaml's recipe: reads it)
import fs from 'node:fs';
import path from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { ROOT } from '../lib/paths.mjs';
import { planCharts } from './plan.mjs';
import { loadEnv, readInputs } from '../data/inputs.mjs';
import { buildData } from '../data/pipeline.mjs';
import { dataReports } from '../data/committed.mjs';

/** The chart plan of the reports data/ holds, as the build plans it. */
export function committedPlan(dataDir) {
  const { reports, texts } = dataReports(dataDir);
  return planCharts(reports, texts);
}

let registries;
/**
 * One result file through the data stage (in memory, beside the real reports' registries) and the
 * chart plan, as a contributor's file would be added.
 * @param {string|string[]} format the format(s) that read it
 * @param {string} file its path
 * @param {{ recipe?: object[] }} [options] recipe: the items it is read with (format `recipe`)
 */
export function filePlan(format, file, { recipe } = {}) {
  registries ??= { env: loadEnv(), inputs: readInputs() };
  const base = path.basename(file).replace(/\.[a-z]+$/, '');
  const seedPath = `seeds/corpus/${path.basename(file)}`;
  const formats = [format].flat();
  const metaText = [
    `slug: corpus-${base.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    'title: "A result file of the chart corpus"',
    'date: "2020"',
    'added: "2026-11-25"',
    formats.length === 1 ? `format: ${formats[0]}` : `format: [${formats.join(', ')}]`,
    'summary: "A real result file, added as a contributor would."',
    'system_under_test: "As the file states it."',
    'load_generator: "As the file states it."',
    'platforms: []',
    'software: []',
    'source:',
    '  repository: "corpus/fixture"',
    `  path: "${path.relative(ROOT, file)}"`,
    '  commit: "0000000000000000000000000000000000000000"',
    'licence: "see the fixture\'s README"',
    ...(recipe ? stringifyYaml({ recipe }).trimEnd().split('\n') : []),
    '',
  ].join('\n');
  const seedText = fs.readFileSync(file, 'utf8');
  const input = { metaPath: `seeds/corpus/${base}.meta.yaml`, metaText, seedPath, seedText, files: {} };
  const { files, reports } = buildData({ ...registries.inputs, reports: [input] }, registries.env);
  const texts = {};
  for (const [p, t] of files) texts[p.replace(/^data\//, '')] = t;
  return { ...planCharts(reports, texts), reports, texts };
}
