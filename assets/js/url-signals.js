// A chart's control values from the page address (?max_error=5), checked against the control's own
// range before the chart is drawn with them: a value that is not a number, or out of the range the
// control offers (?max_error=abc, ?max_error=-5), is not used; the chart keeps its default and a
// note says so, instead of an empty chart and "NaN %". Only a plain decimal is a number (an empty
// ?max_error= is not 0, nor 0x10 16, nor 1e1 10). Pure: atlas.js calls it with the spec.

/** A PLAIN decimal as the address may write it: 5, 0.5, -2; not "", " 5", "0x10", "1e1", "Infinity". */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A control's value as the address writes it: true or false, a number when it is a plain decimal,
 * else the text itself (which checkSignals then refuses with a note).
 * @param {string} raw
 */
export const readSignal = (raw) =>
  raw === 'true' ? true : raw === 'false' ? false : DECIMAL.test(raw) ? Number(raw) : raw;

/**
 * @param {Record<string, unknown>} asked control name -> the value read from the address
 * @param {{ signals?: Array<{ name: string, value?: unknown, bind?: { input?: string, min?: number, max?: number, name?: string } }> }} spec the chart's Vega spec
 * @returns {{ values: Record<string, unknown>, notes: string[] }}
 */
export function checkSignals(asked, spec) {
  const values = {};
  const notes = [];
  for (const [name, value] of Object.entries(asked)) {
    const signal = (spec.signals || []).find((s) => s.name === name);
    const bind = signal && signal.bind;
    let expected;
    if (bind && bind.input === 'range') {
      const min = bind.min ?? 0;
      const max = bind.max ?? 100;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
        expected = `a number from ${min} to ${max}`;
    } else if (bind && bind.input === 'checkbox' && typeof value !== 'boolean') expected = 'true or false';
    if (expected) {
      const unit = /%/.test(bind.name || '') ? ' %' : '';
      notes.push(
        `?${name}=${String(value)} is not ${expected}: the chart shows its default, ${String(signal.value)}${unit}.`,
      );
    } else values[name] = value;
  }
  return { values, notes };
}
