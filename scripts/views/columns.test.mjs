import test from 'node:test';
import assert from 'node:assert/strict';
import { keyColumns } from './columns.mjs';
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
