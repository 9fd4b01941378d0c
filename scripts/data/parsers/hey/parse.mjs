// Adapter for hey's summary (rakyll/hey): "Summary:" with Total, Slowest, Fastest, Average,
// Requests/sec, Total data and Size/request; the response time histogram; "Latency distribution:"
// ("10% in 0.0123 secs"); "Details (average, fastest, slowest):" per phase; the status code and error
// distributions; one or more runs pasted into a report. The block is read by shared/hey-summary.mjs
// (oha prints the same block, but starts it with "Success rate", which hey never prints).
// Conditions from the command line above (hey -n -c -q -z).
import { InputError } from '../../../lib/errors.mjs';
import { isBlank } from '../../../lib/text.mjs';
import { measurementResult } from '../../measure/model.mjs';
import { cleanLines } from '../shared/read.mjs';
import { readBlocks, flagNumber, flagDuration } from '../shared/hey-summary.mjs';

export const format = 'hey';
export const description = 'hey summary: latency summary and percentiles, histogram, details per phase, status codes; one or more runs.';

const SUMMARY = /^\s*Summary:\s*$/;
const TOTAL = /^\s*Total:\s+\d+(?:\.\d+)? secs\s*$/;
const SLOWEST = /^\s*Slowest:\s+\d+(?:\.\d+)? secs\s*$/;

// hey's summary opens with Total (oha's with Success rate; other tools' "Summary:" with other words).
const starts = (lines, i) => TOTAL.test(lines[i + 1] ?? '') && SLOWEST.test(lines[i + 2] ?? '');

export function detect(text) {
  const lines = cleanLines(text);
  return lines.some((l, i) => SUMMARY.test(l) && starts(lines, i));
}

const spec = {
  tool: 'hey',
  starts,
  required: ['Total', 'Slowest', 'Fastest', 'Average', 'Requests/sec'],
  valued: ['n', 'c', 'q', 'z', 'm', 'H', 't', 'o', 'A', 'd', 'D', 'T', 'a', 'x', 'cpus'],
  conditions: (f, line) => ({
    requests: flagNumber(f.n, line, 'a number of requests (-n)'),
    concurrency: flagNumber(f.c, line, 'a number of workers (-c)'),
    rate_per_worker: flagNumber(f.q, line, 'a rate per worker (-q)'),
    duration_s: flagDuration(f.z, line),
  }),
};

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = cleanLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'hey output', 'an empty file');
  const { rows, spans, notes, blocks } = readBlocks(lines, spec);
  if (!blocks) throw new InputError(0, 'a hey summary ("Summary:" then "Total: <n> secs")', 'none');
  return measurementResult(rows, { tableTitle: 'hey runs: latency, percentiles, throughput and status codes', spans, notes });
}
