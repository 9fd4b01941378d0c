// The parser registry: format name -> module. Nothing else lives here.
// A new format is one folder with parse.mjs, README.md, fixtures/ and parse.test.mjs, and one line below.
import * as cloudiRequestRate from './cloudi-request-rate/parse.mjs';
import * as darnerBench from './darner-bench/parse.mjs';
import * as httpcBenchHtml from './httpc-bench-html/parse.mjs';
import * as astoreRst from './astore-rst/parse.mjs';
import * as httpcBenchText from './httpc-bench-text/parse.mjs';
import * as cloudiRequestRateV2 from './cloudi-request-rate-v2/parse.mjs';
import * as wrkText from './wrk-text/parse.mjs';
import * as abText from './ab-text/parse.mjs';
import * as goTestBench from './go-test-bench/parse.mjs';
import * as jmhText from './jmh-text/parse.mjs';
import * as jmhJson from './jmh-json/parse.mjs';
import * as googleBenchmarkConsole from './google-benchmark-console/parse.mjs';
import * as googleBenchmarkJson from './google-benchmark-json/parse.mjs';
import * as catch2 from './catch2/parse.mjs';

export const parsers = {
  [cloudiRequestRate.format]: cloudiRequestRate,
  [darnerBench.format]: darnerBench,
  [httpcBenchHtml.format]: httpcBenchHtml,
  [astoreRst.format]: astoreRst,
  [httpcBenchText.format]: httpcBenchText,
  [cloudiRequestRateV2.format]: cloudiRequestRateV2,
  [wrkText.format]: wrkText,
  [abText.format]: abText,
  [goTestBench.format]: goTestBench,
  [jmhText.format]: jmhText,
  [jmhJson.format]: jmhJson,
  [googleBenchmarkConsole.format]: googleBenchmarkConsole,
  [googleBenchmarkJson.format]: googleBenchmarkJson,
  [catch2.format]: catch2,
};
