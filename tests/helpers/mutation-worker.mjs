// Worker thread of scripts/mutation.test.mjs: runs the data step (buildData, as build-data.mjs
// does) on one mutated report at a time, and says when it starts and how each run ended, so the
// test can stop it and name the mutation should one run hang.
import { parentPort } from 'node:worker_threads';
import { loadEnv } from '../../scripts/data/inputs.mjs';
import { buildData } from '../../scripts/data/pipeline.mjs';
import { InputError } from '../../scripts/lib/errors.mjs';

const env = loadEnv();

parentPort.on('message', ({ id, inputs }) => {
  parentPort.postMessage({ id, started: true });
  let result;
  try {
    const { files } = buildData(inputs, env);
    result = { ok: true, files: Object.fromEntries(files) };
  } catch (e) {
    result = e instanceof InputError ? { inputError: e.format() } : { crash: e?.stack ?? `${e?.name}: ${e?.message}` };
  }
  parentPort.postMessage({ id, ...result });
});
