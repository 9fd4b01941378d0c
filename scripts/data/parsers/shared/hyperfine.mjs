// What the three hyperfine adapters (hyperfine-text, -markdown, -json) share: the units hyperfine
// prints, and the command line above a block ("hyperfine 'cmd a' 'cmd b'").
export const TIME = { s: 's', ms: 'ms', 'µs': 'us', μs: 'us', us: 'us', ns: 'ns', min: 'min' };

/** The speed-up rows are ratios of times: more is better for "faster", less for "slower". */
export const RELATIVE = { faster: { metric: 'speedup', better: 'higher' }, slower: { metric: 'slowdown', better: 'lower' } };

/** A parameter's value as a condition: a number when the text is one exactly, else the text. */
export const parameterValue = (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && String(Number(v)) === v ? Number(v) : v);

/** A parameter's name as a condition name (snake_case). */
export const parameterName = (name) =>
  String(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d|$)/, 'p_');
