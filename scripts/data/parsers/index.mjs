// The parser registry: format name -> module. Nothing else lives here.
// A new format is one folder with parse.mjs, README.md, fixtures/ and parse.test.mjs, and one line below.
// Report families with tables of their own kind:
import * as cloudiRequestRate from './cloudi-request-rate/parse.mjs';
import * as darnerBench from './darner-bench/parse.mjs';
import * as httpcBenchHtml from './httpc-bench-html/parse.mjs';
import * as astoreRst from './astore-rst/parse.mjs';
import * as httpcBenchText from './httpc-bench-text/parse.mjs';
import * as cloudiRequestRateV2 from './cloudi-request-rate-v2/parse.mjs';
import * as wrkText from './wrk-text/parse.mjs';
import * as abText from './ab-text/parse.mjs';
// Adapters: a harness's or a load tool's output as measurements (scripts/data/measure/), by name:
import * as asv from './asv/parse.mjs';
import * as bencherMetricFormat from './bencher-metric-format/parse.mjs';
import * as benchmarkJs from './benchmark-js/parse.mjs';
import * as benchmarkdotnet from './benchmarkdotnet/parse.mjs';
import * as catch2 from './catch2/parse.mjs';
import * as criterion from './criterion/parse.mjs';
import * as goTestBench from './go-test-bench/parse.mjs';
import * as googleBenchmarkConsole from './google-benchmark-console/parse.mjs';
import * as googleBenchmarkJson from './google-benchmark-json/parse.mjs';
import * as hey from './hey/parse.mjs';
import * as hyperfineJson from './hyperfine-json/parse.mjs';
import * as hyperfineMarkdown from './hyperfine-markdown/parse.mjs';
import * as hyperfineText from './hyperfine-text/parse.mjs';
import * as jmhJson from './jmh-json/parse.mjs';
import * as jmhText from './jmh-text/parse.mjs';
import * as k6 from './k6/parse.mjs';
import * as oha from './oha/parse.mjs';
import * as pytestBenchmark from './pytest-benchmark/parse.mjs';
import * as redisBenchmark from './redis-benchmark/parse.mjs';
import * as rustLibtestBench from './rust-libtest-bench/parse.mjs';
import * as vegeta from './vegeta/parse.mjs';
import * as wrk2 from './wrk2/parse.mjs';
// Fallbacks, tried when no format above reads the whole file: a person's tables, delimited files with a
// header row, key-value summaries, JSON of any shape walked, then a mixed document.
import * as table from './table/parse.mjs';
import * as delimited from './delimited/parse.mjs';
import * as keyValue from './key-value/parse.mjs';
import * as jsonWalk from './json-walk/parse.mjs';
// A report read as its metadata's recipe declares (chosen by the metadata only):
import * as recipe from './recipe/parse.mjs';
import * as document from './document/parse.mjs';

export const parsers = {
  [cloudiRequestRate.format]: cloudiRequestRate,
  [darnerBench.format]: darnerBench,
  [httpcBenchHtml.format]: httpcBenchHtml,
  [astoreRst.format]: astoreRst,
  [httpcBenchText.format]: httpcBenchText,
  [cloudiRequestRateV2.format]: cloudiRequestRateV2,
  [wrkText.format]: wrkText,
  [abText.format]: abText,
  [asv.format]: asv,
  [bencherMetricFormat.format]: bencherMetricFormat,
  [benchmarkJs.format]: benchmarkJs,
  [benchmarkdotnet.format]: benchmarkdotnet,
  [catch2.format]: catch2,
  [criterion.format]: criterion,
  [goTestBench.format]: goTestBench,
  [googleBenchmarkConsole.format]: googleBenchmarkConsole,
  [googleBenchmarkJson.format]: googleBenchmarkJson,
  [hey.format]: hey,
  [hyperfineJson.format]: hyperfineJson,
  [hyperfineMarkdown.format]: hyperfineMarkdown,
  [hyperfineText.format]: hyperfineText,
  [jmhJson.format]: jmhJson,
  [jmhText.format]: jmhText,
  [k6.format]: k6,
  [oha.format]: oha,
  [pytestBenchmark.format]: pytestBenchmark,
  [redisBenchmark.format]: redisBenchmark,
  [rustLibtestBench.format]: rustLibtestBench,
  [vegeta.format]: vegeta,
  [wrk2.format]: wrk2,
  [table.format]: table,
  [delimited.format]: delimited,
  [keyValue.format]: keyValue,
  [jsonWalk.format]: jsonWalk,
  [recipe.format]: recipe,
  [document.format]: document,
};

// The document reader dispatches to the formats above.
document.readWith(parsers);
