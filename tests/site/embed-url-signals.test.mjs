// The page script's check of chart controls read from the address (assets/js/url-signals.js):
// ?max_error=abc or -5 falls back to the chart's default, and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSignals } from '../../assets/js/url-signals.js';

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
