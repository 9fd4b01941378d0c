// The words a subject page prints of a figure (figureWords), apart from the subjects' build
// (subjects.mjs, which gives each figure these words) so that the findings checker
// (charts/claims.mjs) reads them without loading the data stage's registry, YAML and CSV code into
// every chart thread.
import { statisticLabel } from '../measure/model.mjs';

/** A count for reading: 1,200 (counts of rows are integers). */
const count = (n) => Number(n).toLocaleString('en-US');

/**
 * What a subject page prints of a figure: its statistic (model.mjs's label: "as stated" where the
 * report gives none), that statistic with the one it joins others by, and how its row was chosen
 * among the entity's rows: "the only row", "the highest of 36 rows", or, where the rule's budget
 * leaves fewer, "the only row with error % at most 1 (of 5 rows)".
 * @param {Pick<import('./subjects.mjs').Figure, 'rule' | 'candidates' | 'statistic'> & Partial<import('./subjects.mjs').Figure>} f
 */
export function figureWords(f) {
  const best = f.rule?.startsWith('lowest') ? 'lowest' : 'highest';
  const qualified = f.qualified ?? f.candidates;
  const of = `(of ${count(f.candidates)} rows)`;
  const budget = f.rule?.split(' with ')[1] ?? 'the rule';
  // A best value other rows share is said to be tied: "one of 2 rows tied for the lowest of 3 rows".
  const tied = f.tied ? `one of ${count(f.tied + 1)} rows tied for ` : '';
  const chosen =
    qualified < f.candidates
      ? qualified === 1
        ? `the only row with ${budget} ${of}`
        : `${tied}the ${best} of the ${count(qualified)} rows with ${budget} ${of}`
      : f.candidates === 1
        ? 'the only row'
        : `${tied}the ${best} of ${count(f.candidates)} rows`;
  return {
    statistic_words: statisticLabel(f.statistic),
    statistic_joined: statisticLabel(f.statistic, f.join_statistic),
    // No row chosen (none within the rule): its reason says why.
    ...(f.value === null ? {} : { chosen }),
  };
}
