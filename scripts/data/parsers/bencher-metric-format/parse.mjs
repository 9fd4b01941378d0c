// Adapter for Bencher Metric Format (BMF) JSON, the format anyone's own harness can write for Bencher:
// { "<benchmark>": { "<measure>": { "value": 1.0, "lower_value": 0.9, "upper_value": 1.1 } } }.
// BMF carries no units: a measure's unit is the one Bencher gives its built-in measure of that slug
// (bencher_json's built_in.rs: latency in nanoseconds, throughput in operations per second, build-time
// in seconds, file-size and allocated in bytes, instruction and access counts, jitter in percent).
// A custom measure has no unit anywhere in the file: its values are kept as plain numbers (unit
// `count`, metric named by the measure) with a note naming each such measure, never a guessed unit.
// The JSON may be the whole file or a fenced block of a Markdown report.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines } from '../../../lib/text.mjs';
import { measurement, measurementResult } from '../../measure/model.mjs';
import { jsonBlocks, readJson } from '../shared/json.mjs';

export const format = 'bencher-metric-format';
export const description = 'Bencher Metric Format (BMF) JSON: benchmark -> measure -> value with lower_value and upper_value.';

/** Bencher's built-in measures by slug, with the unit Bencher states for each. */
const MEASURES = {
  latency: { metric: 'latency', unit: 'ns' },
  throughput: { metric: 'throughput', unit: 'ops/s' },
  'build-time': { metric: 'build_time', unit: 's' },
  'file-size': { metric: 'file_size', unit: 'B' },
  allocated: { metric: 'memory', unit: 'B' },
  'gen0-collects': { metric: 'gen0_collects', unit: 'count' },
  'gen1-collects': { metric: 'gen1_collects', unit: 'count' },
  'gen2-collects': { metric: 'gen2_collects', unit: 'count' },
  'total-operations': { metric: 'total_operations', unit: 'count' },
  instructions: { metric: 'instructions', unit: 'count' },
  'l1-accesses': { metric: 'l1_accesses', unit: 'count' },
  'l2-accesses': { metric: 'l2_accesses', unit: 'count' },
  'ram-accesses': { metric: 'ram_accesses', unit: 'count' },
  'estimated-cycles': { metric: 'estimated_cycles', unit: 'count' },
  'compute-jitter': { metric: 'compute_jitter', unit: '%' },
  'cache-jitter': { metric: 'cache_jitter', unit: '%' },
  'io-jitter': { metric: 'io_jitter', unit: '%' },
  'cpu-steal': { metric: 'cpu_steal', unit: '%' },
};
const FIELDS = ['value', 'lower_value', 'upper_value'];
const slug = (k) => k.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** Whether a parsed value has BMF's shape: objects of objects of { value, lower_value?, upper_value? }. */
function isBmf(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.keys(v).length) return false;
  return Object.values(v).every(
    (measures) =>
      measures &&
      typeof measures === 'object' &&
      !Array.isArray(measures) &&
      Object.keys(measures).length > 0 &&
      Object.values(measures).every((m) => m && typeof m === 'object' && !Array.isArray(m) && 'value' in m && Object.keys(m).every((k) => FIELDS.includes(k))),
  );
}

/** A block that claims to be BMF even when cut off: measures with "value" and a lower or upper value. */
const looksBmf = (text) => /^\s*\{\s*"[^"]+"\s*:\s*\{\s*"[^"]+"\s*:\s*\{\s*"(value|lower_value|upper_value)"\s*:/.test(text);

function blocks(text) {
  return jsonBlocks(splitLines(text)).filter((b) => {
    try {
      return isBmf(readJson(b.text, { firstLine: b.from, exact: true }).value);
    } catch {
      return looksBmf(b.text);
    }
  });
}

/** A benchmark holding a measure object of BMF's keys only, wherever it stands (the text may not parse as a whole). */
const NUM = String.raw`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const SHAPE = new RegExp(String.raw`"[^"]*"\s*:\s*\{\s*"[^"]*"\s*:\s*\{\s*"value"\s*:\s*${NUM}\s*(?:,\s*"(?:lower|upper)_value"\s*:\s*${NUM}\s*)*\}`);

export function detect(text) {
  if (!/"value"\s*:/.test(text)) return false;
  return blocks(text).length > 0 || (SHAPE.test(text) && !/"\$schema"\s*:/.test(text));
}

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const rows = [];
  const notes = [];
  const spans = [];
  const custom = new Map();
  for (const block of blocks(text)) {
    const doc = readJson(block.text, { firstLine: block.from, exact: true });
    spans.push([block.from, block.to]);
    for (const [benchmark, measures] of Object.entries(doc.value)) {
      for (const [measure, m] of Object.entries(measures)) {
        const at = (f) => doc.lineOf([benchmark, measure, f]) ?? doc.lineOf([benchmark, measure]);
        for (const f of FIELDS) {
          if (m[f] !== undefined && (typeof m[f] !== 'number' || !Number.isFinite(m[f]))) {
            throw new InputError(at(f), `a number for ${f} of ${benchmark} / ${measure}`, quote(JSON.stringify(m[f])));
          }
        }
        const known = MEASURES[slug(measure)];
        const metric = known?.metric ?? (slug(measure).replace(/-/g, '_').replace(/^(?![a-z])/, 'measure_') || 'measure');
        if (!known && !custom.has(measure)) custom.set(measure, at('value'));
        const bounds = m.lower_value !== undefined || m.upper_value !== undefined ? { spread_kind: 'range', lower: m.lower_value, upper: m.upper_value } : {};
        rows.push(measurement({ benchmark, metric, statistic: 'value', value: m.value, unit: known?.unit ?? 'count', ...bounds, line: at('value') }));
      }
    }
  }
  if (!spans.length) throw new InputError(0, 'Bencher Metric Format JSON ({"<benchmark>": {"<measure>": {"value": ...}}})', 'none');
  for (const [measure, line] of custom) {
    notes.push({ text: `measure "${measure}" is not one of Bencher's built-in measures and BMF states no unit: its values are kept as plain numbers (unit count)`, line });
  }
  return measurementResult(rows, { tableTitle: 'Bencher Metric Format', notes, spans });
}
