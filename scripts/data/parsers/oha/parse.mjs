// Adapter for oha's text summary (hatoo/oha): "Summary:" with Success rate, Total, Slowest, Fastest,
// Average, Requests/sec and the data sizes, the response time histogram, the percentile distribution
// ("10.00% in 0.0014 secs"), Details, and the status code and error distributions; one or more runs
// pasted into a report. The block is the one hey prints (shared/hey-summary.mjs); oha's starts with
// "Success rate", which hey never prints. Conditions from the command line above (oha -n -c -z -q).
import { InputError } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurementResult } from '../../measure/model.mjs';
import { cleanLines } from '../shared/read.mjs';
import { readBlocks, flagNumber, flagDuration } from '../shared/hey-summary.mjs';

export const format = 'oha';
export const description = 'oha text summary: success rate, latency summary and percentiles, histogram, details, status codes; one or more runs.';

const SUCCESS = /^\s*Success rate:/;
const SUMMARY = /^\s*Summary:\s*$/;

const starts = (lines, i) => SUCCESS.test(lines[i + 1] ?? '');

export function detect(text) {
  const lines = cleanLines(text);
  return lines.some((l, i) => SUMMARY.test(l) && starts(lines, i));
}

const spec = {
  tool: 'oha',
  starts,
  required: ['Success rate', 'Total', 'Slowest', 'Fastest', 'Average', 'Requests/sec'],
  valued: ['n', 'c', 'z', 'q', 'm', 'H', 't', 'd'],
  conditions: (f, line) => ({
    requests: flagNumber(f.n, line, 'a number of requests (-n)'),
    concurrency: flagNumber(f.c, line, 'a number of workers (-c)'),
    duration_s: flagDuration(f.z, line),
    rate: flagNumber(f.q, line, 'a rate (-q)'),
  }),
};

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'oha output', 'an empty file');
  const { rows, spans, notes, blocks } = readBlocks(lines, spec);
  if (!blocks) throw new InputError(0, 'an oha summary ("Summary:" then "Success rate: ...")', 'none');
  return measurementResult(rows, { tableTitle: 'oha runs: latency, percentiles, throughput and status codes', spans, notes });
}
