// The truth audit's list (docs/truth-audit.md): every sentence the site generates, with its page,
// one a line (page <TAB> kind <TAB> text), to be read against data/ and the seed line each cites.
//
//   node scripts/bench/truth-audit.mjs [--corpus]
//     --corpus  also the pages the corpus of real result files (tests/fixtures/corpus) would get
import fs from 'node:fs';
import path from 'node:path';
import { corpusFiles, CORPUS } from './real-files.mjs';
import { detectFormats } from '../add-report/detect.mjs';
import { parsers } from '../data/parsers/index.mjs';
import { filePlan } from '../charts/committed.mjs';
import { planSentences, siteSentences } from '../check/sentences.mjs';

/** The corpus of real result files as their pages would say it (each file's formats detected). */
export async function corpusSentences() {
  const out = [];
  for (const { file } of corpusFiles()) {
    const full = path.join(CORPUS, file);
    try {
      const plan = filePlan(detectFormats(fs.readFileSync(full, 'utf8'), parsers, file), full);
      out.push(...planSentences(plan, plan.reports, plan.texts).map((s) => ({ ...s, file })));
    } catch (e) {
      out.push({ page: file, kind: 'not planned in memory', text: String(e.message).split('\n')[0], file });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = [...siteSentences(), ...(process.argv.includes('--corpus') ? await corpusSentences() : [])];
  for (const s of all) console.log(`${s.page}\t${s.kind}\t${s.text}`);
  console.error(`${all.length} sentences`);
}
