// The truth audit's list (docs/truth-audit.md): every sentence the site generates, with its page,
// one a line (page <TAB> kind <TAB> text), to be read against data/ and the seed line each cites.
//
//   node scripts/bench/truth-audit.mjs [--corpus] [--site <root> | --corpus-site [--keep]] [--summary]
//     --corpus       also the pages the corpus of real result files (tests/fixtures/corpus) would get,
//                    planned in memory (chart sentences only)
//     --site <root>  instead, every sentence of a built copy of the site: its charts' sentences, its
//                    atlas pages', and what every home, list, report, platform, subject and comparison
//                    page prints (templates' words included); e.g. the corpus test's kept copy
//     --corpus-site  build that copy first: every corpus file added with add-report, then built
//                    (scripts/bench/corpus-site.mjs; minutes); --keep keeps it (its path is printed)
//     --summary      the counts only: sentences and distinct sentences by kind
import fs from 'node:fs';
import path from 'node:path';
import { cliArgs } from '../lib/args.mjs';
import { ROOT } from '../lib/paths.mjs';
import { corpusSite } from './corpus-site.mjs';
import { removeSite } from './workspace.mjs';
import { corpusFiles, CORPUS, recipeOf } from './real-files.mjs';
import { readYaml } from '../data/yaml-input.mjs';
import { detectFormats } from '../add-report/detect.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { filePlan } from '../charts/committed.mjs';
import { pageSentences, planSentences, siteSentences } from '../check/sentences.mjs';

/**
 * A corpus file's chart plan, planned in memory: read with the recipe kept beside it, as the corpus
 * site adds it, else with the formats add-report detects.
 */
export function corpusPlan(file) {
  const full = path.join(CORPUS, file);
  const recipe = recipeOf(file);
  if (recipe) return filePlan('recipe', full, { recipe: readYaml(fs.readFileSync(recipe, 'utf8')).value.recipe });
  return filePlan(detectFormats(fs.readFileSync(full, 'utf8'), parsers, file), full);
}

/** The corpus of real result files as their pages would say it (each file's formats detected). */
export async function corpusSentences() {
  const out = [];
  for (const { file } of corpusFiles()) {
    try {
      const plan = corpusPlan(file);
      out.push(...planSentences(plan, plan.reports, plan.texts).map((s) => ({ ...s, file })));
    } catch (e) {
      out.push({ page: file, kind: 'not planned in memory', text: String(e.message).split('\n')[0], file });
    }
  }
  return out;
}

/** Every sentence of a built copy of the site (its data/ and public/). */
export const builtSiteSentences = (root) => [
  ...siteSentences(path.join(root, 'data')),
  ...pageSentences(path.join(root, 'public')),
];

/** Sentences and distinct sentences by kind. */
export function summary(sentences) {
  const by = new Map();
  for (const s of sentences) {
    const k = by.get(s.kind) ?? { sentences: 0, distinct: new Set() };
    k.sentences++;
    k.distinct.add(s.text);
    by.set(s.kind, k);
  }
  return [...by].map(([kind, k]) => ({ kind, sentences: k.sentences, distinct: k.distinct.size }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = cliArgs(import.meta.url, {
    options: {
      corpus: { type: 'boolean' },
      site: { type: 'string' },
      'corpus-site': { type: 'boolean' },
      keep: { type: 'boolean' },
      summary: { type: 'boolean' },
    },
  });
  const built = values['corpus-site']
    ? await corpusSite({ from: ROOT, log: (l) => console.error(`truth-audit: ${l}`) })
    : values.site && path.resolve(values.site);
  try {
    const all = built
      ? builtSiteSentences(built)
      : [...siteSentences(), ...(values.corpus ? await corpusSentences() : [])];
    if (values.summary) for (const k of summary(all)) console.log(`${k.kind}\t${k.sentences}\t${k.distinct}`);
    else for (const s of all) console.log(`${s.page}\t${s.kind}\t${s.text}`);
    console.error(`${all.length} sentences`);
  } finally {
    if (values['corpus-site'] && !values.keep) [built, `${built}-inputs`].forEach(removeSite);
    else if (values['corpus-site']) console.error(`truth-audit: the corpus site is kept: ${built}`);
  }
}
