// The data stage on the kinds of report issue 12 brought in (pure buildData over the real inputs,
// one report edited in memory): an unknown software name is refused at its line with the nearest
// entity suggested, and names that are no own key (constructor, __proto__) are no format or platform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../lib/errors.mjs';
import { loadEnv, readInputs } from './inputs.mjs';
import { buildData } from './pipeline.mjs';

const env = loadEnv();
const inputs = readInputs();
const find = (re) => inputs.reports.find((r) => re.test(r.seedPath));

/** Build data/ with one report's seed or metadata edited; return the error's one-line message. */
function refusal(report, edit) {
  const edited = { ...report, ...edit(report) };
  const reports = inputs.reports.map((r) => (r === report ? edited : r));
  try {
    buildData({ ...inputs, reports }, env);
  } catch (e) {
    assert.ok(e instanceof InputError, `an InputError, not ${e}`);
    return e.format();
  }
  assert.fail('the edited report was accepted');
}

test('an unknown language in a new CloudI 2.0 seed is refused at its seed line, with a suggestion', () => {
  const cloudi = find(/cloudi-2\.0\.6/);
  const lines = cloudi.seedText.split('\n');
  const heading = lines.indexOf('## Rust threads');
  const stable = lines.findIndex((l, i) => i > heading && /^\s*stable at/.test(l)) + 1;
  const msg = refusal(cloudi, (r) => ({ seedText: r.seedText.replace('## Rust threads', '## Rustt threads') }));
  assert.equal(
    msg,
    `${cloudi.seedPath}:${stable}: expected a language-runtime entity from seeds/entities.yaml, found "Rustt" (did you mean "Rust"?)`,
  );
});

test('an unknown server in the software an ab report declares is refused at its metadata line, with a suggestion', () => {
  const nginz = find(/nginz/);
  const line = nginz.metaText.split('\n').findIndex((l) => /^ {2}- name: "nginz"/.test(l)) + 1;
  const msg = refusal(nginz, (r) => ({ metaText: r.metaText.replace('- name: "nginz"', '- name: "ngnz"') }));
  assert.equal(msg, `${nginz.metaPath}:${line}: expected a software entity from seeds/entities.yaml, found "ngnz" (did you mean "nginz"?)`);
});

test('"constructor" and "__proto__" are no format and no platform', () => {
  const cloudi = find(/cloudi-2\.0\.6/);
  const formatLine = cloudi.metaText.split('\n').findIndex((l) => l.startsWith('format:')) + 1;
  for (const name of ['constructor', '__proto__', 'toString']) {
    assert.match(
      refusal(cloudi, (r) => ({ metaText: r.metaText.replace(/^format: .*$/m, `format: ${name}`) })),
      new RegExp(`^${cloudi.metaPath}:${formatLine}: expected a known format \\(.*\\), found "${name}"$`),
    );
    assert.match(
      refusal(cloudi, (r) => ({ metaText: r.metaText.replace('- id: dell-poweredge-r710', `- id: ${name}`) })),
      new RegExp(`^${cloudi.metaPath}:\\d+: expected a platform id from seeds/platforms.yaml .*found "${name}"$`),
    );
  }
  assert.match(
    refusal(cloudi, (r) => ({ metaText: r.metaText.replace(/^format: .*$/m, 'format: [cloudi-request-rate-v2, constructor]') })),
    /expected a known format .*found "constructor"/,
  );
});
