// One vocabulary of words (issue 39): each word means one thing in every reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eventCountOf, isAggregateRow, isConfigured, isCount, isErrorRate, namesNoThing, roleOf, settingOf, spreadKindOf, statisticOf } from './vocabulary.mjs';
import { ROOT } from '../../lib/paths.mjs';


test('a virtual-users setting is one condition, concurrency, however it is spelled', () => {
  for (const label of ['VUs', 'vus', 'users', 'virtual_users', 'Virtual Users', 'concurrent users', 'Concurrency', 'concurrency level'])
    assert.equal(settingOf(label), 'concurrency', label);
  for (const label of ['conns', 'Connections', 'c']) assert.equal(settingOf(label), 'connections', label);
  assert.equal(settingOf('Number of clients'), 'clients');
  assert.equal(settingOf('numThreads'), 'threads');
  assert.equal(settingOf('samples'), undefined);
});

test('"user" and "system" are CPU times (hyperfine, time), never a number of users', async () => {
  const { cpuTimeOf, namesMeasure } = await import('./vocabulary.mjs');
  assert.equal(settingOf('user'), undefined);
  assert.equal(settingOf('users'), 'concurrency');
  assert.equal(cpuTimeOf('user'), 'user_time');
  assert.equal(cpuTimeOf('sys'), 'system_time');
  assert.equal(namesMeasure('user'), true);
});

test('"best" is the better direction of what it qualifies: a best rate is a maximum, a best time a minimum, never a minimum by default', () => {
  assert.equal(statisticOf('Best (ops/s)', 'higher'), 'max');
  assert.equal(statisticOf('best time', 'lower'), 'min');
  assert.equal(statisticOf('best', ''), undefined);
  assert.equal(statisticOf('worst latency', 'lower'), 'max');
});

test('peak is a maximum and p999 the 99.9th percentile in every spelling', () => {
  assert.equal(statisticOf('peak memory'), 'max');
  assert.equal(statisticOf('Peak RSS'), 'max');
  for (const label of ['p999', 'p99.9', 'P99_9', 'latency_p999', '99.9th percentile', 'p99.9 Latency']) assert.equal(statisticOf(label), 'p99.9', label);
  assert.equal(statisticOf('90% Line'), 'p90');
  assert.equal(statisticOf('95thPercentileLatency(us)'), 'p95');
  assert.equal(statisticOf('Error %'), undefined);
});

test('samples and counts are results, error percentages error rates, total rows aggregates, durations settings', () => {
  for (const label of ['# Samples', 'samples', 'Count', 'n', '# reqs']) assert.ok(isCount(label), label);
  assert.ok(!isCount('threads'));
  for (const label of ['Error %', 'error rate', 'Errors (%)', 'errors %', 'fail ratio']) assert.ok(isErrorRate(label), label);
  assert.ok(!isErrorRate('Score Error (99.9%)'));
  assert.ok(!isErrorRate('Error'));
  for (const label of ['Total', 'TOTAL', 'Totals', 'Aggregated', 'Overall', '**Total**', 'All Requests', 'geomean', 'Geometric mean']) assert.ok(isAggregateRow(label), label);
  assert.ok(!isAggregateRow('total time'));
  assert.equal(isConfigured('duration'), 'duration');
  assert.equal(isConfigured('arrivalRate'), 'arrival_rate');
  assert.equal(isConfigured('total time'), undefined);
});

test('nanobench\'s `err%` is the relative spread of the time beside it, httpc_bench\'s "Error %" of requests an error rate (headers of real files)', () => {
  const line = (file, n) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')[n - 1];
  const nanobench = line('tests/fixtures/corpus/nanobench/nanobench-readme.md', 39).split('|').map((h) => h.trim());
  assert.equal(nanobench[3], 'err%');
  assert.ok(!isErrorRate(nanobench[3]));
  assert.equal(spreadKindOf(nanobench[3]), 'mdape');
  const text = line('scripts/data/parsers/httpc-bench-text/fixtures/excerpt.md', 32).split(/\s{2,}/).at(-1);
  const html = /<th>(Error %)<\/th>/.exec(line('seeds/httpc-bench/2019-05-mojito-ec2-m5-4xlarge.md', 36))[1];
  for (const header of [text, html]) {
    assert.equal(header, 'Error %');
    assert.ok(isErrorRate(header), header);
    assert.equal(spreadKindOf(header), undefined, header);
  }
});

test('a label that names what it measures takes a number with no unit as "not stated"; a total, a count, an error or a code does not', async () => {
  const { namesMeasure } = await import('./vocabulary.mjs');
  for (const l of ['Avg time', 'Latency', 'mean', 'max', 'p99', 'Throughput', 'minResponseTime', '平均响应时间'])
    assert.equal(namesMeasure(l), true, l);
  for (const l of ['Total', 'Total Reqs', 'Errors', 'Error %', 'Code', 'EC2', 'Samples']) assert.equal(namesMeasure(l), false, l);
});

test('a label of what is measured only ("mean rate", "Requests/sec", "Latency distribution") names no benchmark; a block label does', () => {
  for (const label of ['mean rate', 'Requests/sec', 'Latency distribution', 'Average', 'count', 'Latency (ms)', 'General statistics'])
    assert.equal(namesNoThing(label), true, label);
  for (const label of ['full-reads', 'Summary', '1-minute rate', 'OLTP test statistics', 'ReadScenario']) assert.equal(namesNoThing(label), false, label);
});

test('a row labelled as a run\'s parameter is a setting, failed requests\' figures invalid, a total an aggregate, a result none', () => {
  for (const label of ['min_duration', 'minDuration', 'max_time', 'min_rounds', 'timeout', 'Request timeout', 'duration', 'Target rate', 'Warm-up', 'Total number of values', 'Number of value per run'])
    assert.equal(roleOf(label), 'setting', label);
  for (const label of ['Global Information: meanNumberOfRequestsPerSecond.ko', 'KO', 'requests invalid'])
    assert.equal(roleOf(label), 'invalid', label);
  assert.equal(roleOf('Totals'), 'aggregate');
  for (const label of ['Global Information: meanNumberOfRequestsPerSecond.ok', 'latency', 'Time per request', 'Failed requests', 'test_fib_1', 'rate', 'iteration_duration', 'total time'])
    assert.equal(roleOf(label), undefined, label);
});

test('a count of a processor\'s events names its metric (iai\'s "Estimated Cycles" are cycles); a request count or a time is none', () => {
  assert.deepEqual(
    ['Instructions', 'Estimated Cycles', 'L1 Accesses', 'RAM Accesses', 'cache-misses', 'Requests', 'Time', 'Total', 'References', 'Accesses'].map(eventCountOf),
    ['instructions', 'cycles', 'l1_accesses', 'ram_accesses', 'cache_misses', undefined, undefined, undefined, undefined, undefined],
  );
});

test('one request of a request log (siege, an access log, morgan, gin) is a log line; a result named by its endpoint is not', async () => {
  const { isRequestLogLine } = await import('./vocabulary.mjs');
  for (const line of [
    'HTTP/1.1 200     0.03 secs:     383 bytes ==> GET  /get',
    '::1 - - [27/Oct/2017:02:46:53 +0000] "GET / HTTP/1.1" 200 13 "-" "PostmanRuntime/6.3.2"',
    'GET / 200 0.235 ms - 12',
    '[GIN] 2024/04/14 - 14:52:43 | 200 |      45.458µs |       127.0.0.1 | GET      "/test/x"',
  ])
    assert.ok(isRequestLogLine(line), line);
  for (const line of ['| GET /users | 200 | 1.2 ms |', 'Requests/sec: 200', 'GET /api/items: 1520.3 req/s'])
    assert.ok(!isRequestLogLine(line), line);
});
