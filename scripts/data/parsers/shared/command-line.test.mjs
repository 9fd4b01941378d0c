// Tests of command-line conditions: each load tool's options as the tools spell them, continued
// lines joined, prompts and paths allowed, prose refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandConditions, findCommands, durationSeconds } from './command-line.mjs';

const c = (line) => commandConditions(line);

test('wrk and wrk2: attached, separate and long options, the URL', () => {
  assert.deepEqual(c('wrk -t4 -c200 -d30s -R2000 --latency http://127.0.0.1:8080/'), {
    tool: 'wrk',
    command: 'wrk -t4 -c200 -d30s -R2000 --latency http://127.0.0.1:8080/',
    conditions: { threads: 4, connections: 200, duration_s: 30, rate: 2000, latency: true },
    url: 'http://127.0.0.1:8080/',
    lines: [1, 1],
  });
  assert.deepEqual(c('$ wrk -t 4 -c 100 -d 2m -H "Accept: text/plain" "http://x/?a=b"').conditions, { threads: 4, connections: 100, duration_s: 120 });
  assert.equal(c('$ wrk -t 4 -c 100 -d 2m -H "Accept: text/plain" "http://x/?a=b"').url, 'http://x/?a=b');
  assert.deepEqual(c('./wrk2 --threads=8 --connections=400 --duration=1m --rate=10000 -s post.lua http://h/').conditions, {
    threads: 8, connections: 400, duration_s: 60, rate: 10000, script: 'post.lua',
  });
});

test('ab: requests, concurrency, keep-alive, time limit', () => {
  assert.deepEqual(c('ab -n 1000 -c 10 -k http://localhost:8080/').conditions, { requests: 1000, concurrency: 10, keep_alive: true });
  assert.deepEqual(c('sudo ab -kc 100 -n100000 -t 30 -H "Host: a" https://a/b').conditions, { keep_alive: true, concurrency: 100, requests: 100000, duration_s: 30 });
});

test('hey, oha, vegeta, k6, redis-benchmark', () => {
  assert.deepEqual(c('hey -n 2000 -c 50 -q 10 -z 10s -m POST http://h/').conditions, { requests: 2000, concurrency: 50, rate_per_worker: 10, duration_s: 10, method: 'POST' });
  assert.deepEqual(c('oha -z 30s -c 100 -q 500 --latency-correction --no-tui http://h/').conditions, { duration_s: 30, connections: 100, rate: 500, latency_correction: true, no_tui: true });
  assert.deepEqual(c('echo "GET http://h/" | vegeta attack -rate=500/1s -duration=60s -connections=100 | vegeta report').conditions, { rate: 500, duration_s: 60, connections: 100 });
  assert.deepEqual(c('k6 run --vus 50 --duration 30s script.js').conditions, { vus: 50, duration_s: 30 });
  assert.deepEqual(c('redis-benchmark -h 127.0.0.1 -p 6379 -c 50 -n 100000 -d 256 -P 16 -t set,get -q').conditions, {
    host: '127.0.0.1', port: 6379, clients: 50, requests: 100000, data_size_bytes: 256, pipeline: 16, tests: 'set,get', quiet: true,
  });
});

test('a command continued with "\\" is read whole, with its lines', () => {
  const text = ['Run it:', '', '    $ ab -n 5000 \\', '      -c 50 \\', '      -k http://10.0.0.2/index.html', '', 'Output:'].join('\n');
  const r = commandConditions(text, 3);
  assert.deepEqual(r.conditions, { requests: 5000, concurrency: 50, keep_alive: true });
  assert.equal(r.url, 'http://10.0.0.2/index.html');
  assert.deepEqual(r.lines, [3, 5]);
  assert.equal(r.command, 'ab -n 5000 -c 50 -k http://10.0.0.2/index.html');
  assert.deepEqual(findCommands(text).map((f) => f.lines), [[3, 5]]);
});

test('prose and other programs are not commands', () => {
  assert.equal(c('ab is the ApacheBench tool'), undefined);
  assert.equal(c('curl -s http://h/'), undefined);
  assert.equal(c('vegeta report results.bin'), undefined);
  assert.equal(c(''), undefined);
});

test('durations', () => {
  assert.deepEqual(['30s', '2m', '1h', '500ms', '1m30s', '45', 'x'].map(durationSeconds), [30, 120, 3600, 0.5, 90, 45, undefined]);
});
