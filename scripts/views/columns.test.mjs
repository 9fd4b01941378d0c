import test from 'node:test';
import assert from 'node:assert/strict';
import { keyColumns, notModelled } from './columns.mjs';
import { dataReports } from '../data/committed.mjs';
import { readTableOrThrow } from '../lib/table.mjs';
import { loadSchemas } from '../data/schemas.mjs';

const schemas = loadSchemas();
const keys = (kind) => [...keyColumns(schemas[kind])];

test('the measurement model keeps its benchmark, subject, value and unit on a phone', () => {
  assert.deepEqual(keys('measurement'), ['benchmark', 'subject', 'value', 'unit']);
});

test('a table of its own kind keeps what its recipe reads as benchmark, subject and first value', () => {
  assert.deepEqual(keys('http-client-rate'), ['client', 'requests_per_second']);
  assert.deepEqual(keys('wrk-summary'), ['url', 'label', 'requests_per_second']);
  assert.deepEqual(keys('cloudi-request-latency'), ['language', 'percentile', 'latency_us']);
  assert.deepEqual(keys('wrk-thread-stats'), ['label', 'avg', 'unit']);
  // Rows named by their conditions alone.
  assert.deepEqual(keys('astore-throughput-digitized'), ['parallelism_max', 'requests_per_second']);
});

test('a table without a recipe keeps its key and its first other number', () => {
  assert.deepEqual(keys('darner-queue-packing-backlog'), ['server', 'sets_added', 'backlog_items']);
  assert.deepEqual(keys('errata'), ['table', 'field', 'published_value', 'corrected_value', 'reason']);
});

/** The columns each report's page names as not in the measurement model, by table id. */
function notModelledOf(slug) {
  const { reports, texts } = dataReports();
  const report = reports.find((r) => r.slug === slug);
  const out = {};
  for (const t of report.tables.filter((x) => x.kind !== 'measurement')) {
    const columns = notModelled(schemas[t.kind] ?? {}, t.columns, readTableOrThrow(texts[t.path], t.columns));
    if (columns.length) out[t.id] = columns;
  }
  return out;
}

test('"Every number above is also in the shared measurement model" names the numbers of the ten reports that are not', () => {
  const names = (slug) => Object.values(notModelledOf(slug)).flat().join(', ');
  assert.match(names('cloudi-2.0.6-request-rate-language-dell-poweredge-r710'), /skewness.*kurtosis/i);
  assert.match(names('nginz-ab-linux-laptop-10000-12000-connections'), /failed.*write errors.*HTML/is);
  assert.match(names('solon-jetty-hello-world-app-wrk-five-runs'), /stdev/i);
  assert.match(names('darner-vs-kestrel-ec2-m1-large'), /Backlog \(items\), Backlog \(bytes\)/);
  // Every number of a CloudI 1.5.4 table is in the model: the sentence stays whole.
  assert.deepEqual(notModelledOf('cloudi-1.5.4-core-i7'), {});
});
