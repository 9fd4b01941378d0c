// Registry: table kind -> chart builder module. Nothing else lives here.
// A builder exports build(ctx) -> chart[] (see README.md); a kind without an entry gets no chart.
import * as astoreThroughputDigitized from './astore-throughput-digitized.mjs';
import * as cloudiRequestLatency from './cloudi-request-latency.mjs';
import * as cloudiRequestRate from './cloudi-request-rate.mjs';
import * as cloudiStableRequestRate from './cloudi-stable-request-rate.mjs';
import * as darnerFairnessLatency from './darner-fairness-latency.mjs';
import * as darnerQueueFlood from './darner-queue-flood.mjs';
import * as darnerQueuePackingBacklog from './darner-queue-packing-backlog.mjs';
import * as darnerResidentMemory from './darner-resident-memory.mjs';
import * as httpClientRate from './http-client-rate.mjs';
import * as measurement from './measurement.mjs';

export const builders = {
  'astore-throughput-digitized': astoreThroughputDigitized,
  'cloudi-request-latency': cloudiRequestLatency,
  'cloudi-request-rate': cloudiRequestRate,
  'cloudi-stable-request-rate': cloudiStableRequestRate,
  'darner-fairness-latency': darnerFairnessLatency,
  'darner-queue-flood': darnerQueueFlood,
  'darner-queue-packing-backlog': darnerQueuePackingBacklog,
  'darner-resident-memory': darnerResidentMemory,
  'http-client-rate': httpClientRate,
  measurement,
};
