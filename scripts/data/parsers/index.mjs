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
import * as wrk2 from './wrk2/parse.mjs';
import * as oha from './oha/parse.mjs';
import * as hey from './hey/parse.mjs';
import * as k6 from './k6/parse.mjs';
import * as vegeta from './vegeta/parse.mjs';
import * as redisBenchmark from './redis-benchmark/parse.mjs';
import * as hyperfineText from './hyperfine-text/parse.mjs';
import * as hyperfineMarkdown from './hyperfine-markdown/parse.mjs';
import * as hyperfineJson from './hyperfine-json/parse.mjs';

export const parsers = {
  [cloudiRequestRate.format]: cloudiRequestRate,
  [darnerBench.format]: darnerBench,
  [httpcBenchHtml.format]: httpcBenchHtml,
  [astoreRst.format]: astoreRst,
  [httpcBenchText.format]: httpcBenchText,
  [cloudiRequestRateV2.format]: cloudiRequestRateV2,
  [wrkText.format]: wrkText,
  [abText.format]: abText,
  [wrk2.format]: wrk2,
  [oha.format]: oha,
  [hey.format]: hey,
  [k6.format]: k6,
  [vegeta.format]: vegeta,
  [redisBenchmark.format]: redisBenchmark,
  [hyperfineText.format]: hyperfineText,
  [hyperfineMarkdown.format]: hyperfineMarkdown,
  [hyperfineJson.format]: hyperfineJson,
};
