// Tests of per-core and per-GHz normalisation: the facts used are returned with their lines, and a
// missing fact gives null rather than a guess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalise, machineFacts, noPerCoreText } from './normalise.mjs';

const report = {
  seed: { path: 'seeds/x.txt' },
  machines: {
    system: {
      facts: [
        { field: 'clock_ghz', value: 3.5, unit: 'GHz', line: 4 },
        { field: 'sockets', value: 1, line: 4 },
        { field: 'cores_per_socket', value: 4, line: 4 },
      ],
    },
    client: { facts: [{ field: 'vcpus', value: 16, line: 7 }] },
  },
};

test('machineFacts adds the seed to every fact, and [] for an unknown machine', () => {
  assert.deepEqual(machineFacts(report, 'client'), [{ field: 'vcpus', value: 16, seed: 'seeds/x.txt', line: 7 }]);
  assert.deepEqual(machineFacts(report, 'server'), []);
});

test('per core divides by sockets x cores_per_socket and names both facts', () => {
  const n = normalise(20000, machineFacts(report, 'system'), 'core');
  assert.equal(n.value, 5000);
  assert.equal(n.divisor, 4);
  assert.deepEqual(
    n.facts.map((f) => [f.field, f.line, f.seed]),
    [
      ['sockets', 4, 'seeds/x.txt'],
      ['cores_per_socket', 4, 'seeds/x.txt'],
    ],
  );
});

test('per GHz divides by clock_ghz; per core-GHz by both', () => {
  assert.equal(normalise(7000, machineFacts(report, 'system'), 'ghz').value, 2000);
  assert.equal(normalise(14000, machineFacts(report, 'system'), 'core-ghz').value, 1000);
});

test('missing facts give null: vCPUs are not cores, and a value must be a number', () => {
  assert.equal(normalise(100, machineFacts(report, 'client'), 'core'), null);
  assert.equal(normalise(100, machineFacts(report, 'client'), 'ghz'), null);
  assert.equal(normalise(null, machineFacts(report, 'system'), 'core'), null);
  assert.throws(() => normalise(1, machineFacts(report, 'system'), 'socket'), /unknown "per"/);
});

test('a cloud instance that states its virtual CPUs gets no per-core figure, and the reason names them: "the report states 16 virtual CPUs (line 7), not its cores", not "no core count"', () => {
  // seeds/httpc-bench/2019-05-mojito-ec2-m5-4xlarge.md line 7: "AWS m5.4xlarge (16 vCPUs, 64 GB RAM)".
  const facts = [{ field: 'vcpus', value: 16, seed: 'seeds/x.md', line: 7 }];
  assert.equal(normalise(1000, facts, 'core'), null);
  assert.equal(noPerCoreText(facts), 'the report states 16 virtual CPUs (line 7), not its cores');
  assert.equal(noPerCoreText([]), 'the report states no core count');
});
