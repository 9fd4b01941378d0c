// A worker thread of the chart stage's render pool (pool.mjs): renders the charts it is sent,
// one at a time, with render.mjs's renderChart, and posts back the Vega specs, the SVGs and the PNG
// when asked for (its bytes transferred, not copied). Vega and resvg are loaded once per worker.
import { parentPort } from 'node:worker_threads';
import { renderChart } from './render.mjs';

parentPort.on('message', async ({ job, spec, id, narrow, png: withPng }) => {
  try {
    const { png, ...texts } = await renderChart(spec, id, narrow, { png: withPng });
    if (!png) return parentPort.postMessage({ job, ...texts, png: null });
    const bytes = new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength));
    parentPort.postMessage({ job, ...texts, png: bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort.postMessage({ job, error: e.message });
  }
});
