// Parser for CloudI 2.0 cloudi_service_request_rate results (results_v2_0_4, results_v2_0_6
// README.markdown): Markdown sections Hardware, Software and Test Description, then one "## <Language>
// [threads|processes]" section per receiver with an Execution block and a Log Output block:
// "stable at <rate> [<min> .. <max>] requests/second" and a request latency distribution (mean,
// stddev, skewness, kurtosis, then percentiles in µs). The Throughput and Latency Summary sections
// at the end repeat those numbers sorted and give no rows. Pure: text in, rows out, each row with its line.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, toNumber, toInteger } from '../../../lib/text.mjs';
import { cpuLineFacts, cacheLineFacts, osLineFacts, softwareLine } from '../shared/machine.mjs';

export const format = 'cloudi-request-rate-v2';
export const description =
  'CloudI 2.0 cloudi_service_request_rate results: per receiver, the stable request rate with its range and a latency distribution (CloudI 2.0.x README.markdown).';

const STABLE = /^\s*stable at (\S+) \[(\S+) \.\. (\S+)\] requests\/second\s*$/;
const STABLE_START = /^\s*stable at\b/;
const SUMMARY = /^(throughput|latency) summary$/i;
const SYSTEM_MODEL = /^\s*(Dell|HP|HPE|IBM|Lenovo|Supermicro|Fujitsu|Cisco|Apple)\b/i;

/** A CloudI 2.0 result file: "stable at ... requests/second" lines and no 1.x "Max Stable" table. */
export function detect(text) {
  const lines = splitLines(text);
  return lines.some((l) => STABLE.test(l)) && lines.some((l) => /cloudi_service_request_rate/.test(l)) &&
    !lines.some((l) => /^\s*max\s+stable\s+\(total\)\s+request\s+rate\b/i.test(l));
}

/** The "## " sections (a "### " heading stays inside its section). */
function sections(lines) {
  const out = [];
  lines.forEach((l, i) => {
    const m = /^##\s+(.+?)\s*#*\s*$/.exec(l);
    if (m && !/^###/.test(l)) out.push({ title: m[1], line: i + 1 });
  });
  return out.map((s, k) => ({ ...s, end: k + 1 < out.length ? out[k + 1].line - 1 : lines.length }));
}

const RECEIVER = /^\S+(\s+(threads|processes))?$/;

/** Receiver language and kind from a section title: "Go threads", "C processes", "Erlang". */
function receiverOf(title, line) {
  const m = /^(\S.*?)(?:\s+(threads|processes))?$/.exec(title);
  if (!m || /\s/.test(m[1])) throw new InputError(line, 'a receiver heading "<language> threads", "<language> processes" or "<language>"', quote(title));
  return { language: m[1], receiver_kind: m[2] ?? (/^(erlang|elixir)$/i.test(m[1]) ? 'internal' : '') };
}

const number = (token, what, line, text) => {
  const v = toNumber(token ?? '');
  if (v === undefined) throw new InputError(line, what, quote(text));
  return v;
};

/**
 * Read one Log Output block from its "stable at" line.
 * @returns {{ rate: Record<string, unknown>, percentiles: Array<Record<string, unknown>>, next: number }}
 */
function readLog(lines, start, end, receiver) {
  const at = (i) => lines[i] ?? '';
  const stable = STABLE.exec(at(start));
  if (!stable) throw new InputError(start + 1, '"stable at <rate> [<min> .. <max>] requests/second"', quote(at(start)));
  const [rate, low, high] = stable.slice(1).map((t) => number(t, 'a request rate', start + 1, at(start)));
  if (!(low <= rate && rate <= high)) {
    throw new InputError(start + 1, 'a rate within its range [min .. max]', quote(at(start)));
  }
  let i = start + 1;
  const dist = /^\s*request latency \(distribution (\w+)\):\s*$/.exec(at(i));
  if (!dist) throw new InputError(i + 1, '"request latency (distribution <name>):" after the stable rate', i < end ? quote(at(i)) : 'the end of the section');
  i++;
  const moment = (name, unit) => {
    const re = new RegExp(`^\\s*${name}\\s+(-?[\\d.]+)${unit ? ' us' : ''}(?:\\s+\\((\\w+)\\))?\\s*$`);
    const m = re.exec(at(i));
    if (!m || i >= end) throw new InputError(i + 1, `the latency ${name}${unit ? ' in us' : ''}`, i < end ? quote(at(i)) : 'the end of the section');
    const v = number(m[1], `a number for the ${name}`, i + 1, at(i));
    i++;
    return { value: v, label: m[2] ?? '', line: i };
  };
  const mean = moment('mean', true);
  const stddev = moment('stddev', false);
  const skewness = moment('skewness', false);
  const kurtosis = moment('kurtosis', false);
  const row = {
    ...receiver,
    requests_per_second: rate,
    requests_per_second_min: low,
    requests_per_second_max: high,
    distribution: dist[1],
    latency_mean_us: mean.value,
    latency_stddev_us: stddev.value,
    latency_skewness: skewness.value,
    latency_skewness_class: skewness.label,
    latency_kurtosis: kurtosis.value,
    latency_kurtosis_class: kurtosis.label,
    line: start + 1,
  };
  while (i < end && isBlank(at(i))) i++;
  const percentiles = [];
  for (; i < end && !isBlank(at(i)); i++) {
    const l = at(i);
    const m = /^\s*(\d+(?:\.\d+)?)%(?:\s+\((minimum|maximum)\))?\s+(\S+)\s+(\S+)\s*$/.exec(l);
    if (!m) throw new InputError(i + 1, 'a percentile line "<p>% <latency> us"', quote(l));
    if (m[4] !== 'us') throw new InputError(i + 1, 'a latency in us (microseconds)', quote(m[4]));
    const latency = toInteger(m[3]) ?? toNumber(m[3]);
    if (latency === undefined) throw new InputError(i + 1, 'a latency in us', quote(m[3]));
    const p = Number(m[1]);
    const prev = percentiles[percentiles.length - 1];
    if (p > 100 || (prev && p <= prev.percentile)) {
      throw new InputError(i + 1, `a percentile above ${prev ? prev.percentile : 0}% and at most 100%`, quote(l));
    }
    if (prev && latency < prev.latency_us) {
      throw new InputError(i + 1, `a latency of at least ${prev.latency_us} us (that of ${prev.percentile}%)`, quote(l));
    }
    percentiles.push({ ...receiver, percentile: p, latency_us: latency, note: m[2] ?? '', line: i + 1 });
  }
  if (!percentiles.length) throw new InputError(i + 1, 'the latency percentiles after the kurtosis', i < end ? quote(at(i)) : 'the end of the section');
  if (percentiles[percentiles.length - 1].percentile !== 100) {
    throw new InputError(i + 1, 'percentiles up to "100% (maximum)"', i < end ? quote(at(i)) : 'the end of the section (the block is cut off)');
  }
  return { rate: row, percentiles, next: i };
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'a CloudI 2.0 request-rate report', 'an empty file');
  const title = lines.map((l) => /^#\s+(.+?)\s*$/.exec(l)).find(Boolean)?.[1] ?? '';
  const facts = [];
  const software = [];
  const methodology = [];
  const rates = [];
  const percentiles = [];

  for (const s of sections(lines)) {
    const body = [];
    for (let i = s.line; i < s.end; i++) body.push([i + 1, lines[i]]);
    if (/^hardware$/i.test(s.title)) {
      for (const [n, l] of body) {
        if (isBlank(l)) continue;
        // The 2.0.6 file opens its Hardware block with the server's model ("Dell PowerEdge R710"):
        // the first line that is neither CPU nor caches, before any fact, names the system.
        const field = facts.length === 0 && SYSTEM_MODEL.test(l) ? 'system_model' : 'other';
        facts.push(...(cpuLineFacts(l, n) ?? cacheLineFacts(l, n) ?? [{ field, value: l.trim(), line: n }]));
      }
    } else if (/^software$/i.test(s.title)) {
      for (const [n, l] of body) {
        if (isBlank(l)) continue;
        const os = osLineFacts(l, n);
        if (os) facts.push(...os);
        else software.push(softwareLine(l, n));
      }
    } else if (/^test description$/i.test(s.title)) {
      let para = null;
      for (const [n, l] of body) {
        if (isBlank(l) || /^\s{4}/.test(l)) {
          para = null;
          continue;
        }
        if (!para) {
          para = { title: 'Test', text: '', line: n };
          methodology.push(para);
        }
        para.text += (para.text ? ' ' : '') + l.trim();
      }
    } else if (SUMMARY.test(s.title)) {
      continue;
    } else {
      const starts = body.filter(([, l]) => STABLE_START.test(l));
      // A section of another kind (CloudI 2.0.x READMEs end with "## HTTP Server Comparison", wrk
      // output): no rate of a receiver, so it is left to the format that reads it (the document reader).
      if (!starts.length && !RECEIVER.test(s.title)) continue;
      const receiver = receiverOf(s.title, s.line);
      if (starts.length !== 1) {
        throw new InputError(starts[1]?.[0] ?? s.line, 'one "stable at ... requests/second" line in the receiver section', starts.length ? 'a second one' : 'none');
      }
      const { rate, percentiles: ps } = readLog(lines, starts[0][0] - 1, s.end, receiver);
      rates.push(rate);
      percentiles.push(...ps);
    }
  }
  if (!rates.length) throw new InputError(0, 'at least one receiver section with a "stable at" line', 'none');

  return {
    title,
    tables: {
      'request-rate': { kind: 'cloudi-stable-request-rate', title: 'Stable request rate and latency moments by receiver', rows: rates, notes: [] },
      'request-latency': { kind: 'cloudi-request-latency', title: 'Request latency percentiles by receiver', rows: percentiles, notes: [] },
    },
    machines: { system: { label: 'Test machine (senders and receivers)', facts } },
    software,
    methodology,
    notes: [],
    sections: [],
  };
}
