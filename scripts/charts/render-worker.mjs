// A worker thread of the chart stage's render pool (pool.mjs): renders the charts it is sent,
// one at a time, with render.mjs's renderChart, and posts back the Vega specs, the SVGs and the PNG
// when asked for (its bytes transferred, not copied). Vega and resvg are loaded once per worker.
// It also plans the atlas's charts, one comparison or subject at a time (flat.mjs planAtlasItem).
import { parentPort } from 'node:worker_threads';
import { loadFonts, renderChart } from './render.mjs';
import { planAtlasItem } from './flat.mjs';

parentPort.on('message', async ({ job, spec, id, narrow, png: withPng, plan }) => {
  try {
    if (plan)
      return parentPort.postMessage({
        job,
        planned: planAtlasItem(plan.what, plan.item, plan.platforms, loadFonts().measure),
      });
    const { png, ...texts } = await renderChart(spec, id, narrow, { png: withPng });
    if (!png) return parentPort.postMessage({ job, ...texts, png: null });
    const bytes = new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength));
    parentPort.postMessage({ job, ...texts, png: bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort.postMessage({ job, error: e.message });
  }
});
