// The page script's check of chart controls read from the address (assets/js/url-signals.js):
// ?max_error=abc or -5 falls back to the chart's default, and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSignals, readSignal } from '../../assets/js/url-signals.js';

const spec = {
  signals: [
    { name: 'max_error', value: 1, bind: { input: 'range', min: 0, max: 100, step: 0.1, name: 'Maximum error % ' } },
  ],
};

test('a max_error in the control range is used', () => {
  assert.deepEqual(checkSignals({ max_error: 5 }, spec), { values: { max_error: 5 }, notes: [] });
});

for (const bad of ['abc', -5, 101, Number.NaN]) {
  test(`?max_error=${String(bad)} falls back to the default and says so`, () => {
    const { values, notes } = checkSignals({ max_error: bad }, spec);
    assert.deepEqual(values, {});
    assert.deepEqual(notes, [
      `?max_error=${String(bad)} is not a number from 0 to 100: the chart shows its default, 1 %.`,
    ]);
  });
}

for (const raw of ['', '0x10', '1e1', ' 10', 'Infinity', '5.']) {
  test(`?max_error=${raw} from the address is no plain decimal: the default applies and a note says so`, () => {
    const { values, notes } = checkSignals({ max_error: readSignal(raw) }, spec);
    assert.deepEqual(values, {});
    assert.deepEqual(notes, [`?max_error=${raw} is not a number from 0 to 100: the chart shows its default, 1 %.`]);
  });
}

test('a plain decimal from the address is read as the number it writes', () => {
  assert.deepEqual(['5', '0.5', '100', 'true', 'false'].map(readSignal), [5, 0.5, 100, true, false]);
});
