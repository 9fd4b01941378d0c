// A small pool of worker threads for the chart stage: compiling and drawing a chart is
// single-threaded JavaScript (Vega) plus rasterising (resvg), so one worker per core renders that
// many charts at once while the main thread plans, hashes and writes. Workers start on first use
// and only as many as there are charts to render (a warm build with one changed chart starts one).
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./render-worker.mjs', import.meta.url);

/** The pool's size: the cores this process may use. */
export const poolSize = () => (os.availableParallelism ? os.availableParallelism() : os.cpus().length);

/**
 * @param {number} size the most workers at once
 * @returns {{ render: (spec: object, id: string, narrow?: object, options?: { png?: boolean }) => Promise<{ vg: string, vgNarrow: string, svg: string, svgWide: string, svgNarrow: string, png: Buffer | null }>, plan: (what: 'comparison'|'subject', item: object, platforms: object) => Promise<{ charts: object[] }>, close: () => Promise<void> }}
 */
export function createPool(size = poolSize()) {
  const idle = [];
  const all = [];
  const queue = [];
  const pending = new Map();
  let jobs = 0;

  const dispatch = () => {
    while (queue.length && (idle.length || all.length < size)) {
      const worker = idle.pop() ?? spawn();
      const task = queue.shift();
      pending.set(task.job, { ...task, worker });
      worker.postMessage({ job: task.job, ...task.message });
    }
  };
  const spawn = () => {
    const worker = new Worker(WORKER);
    worker.on('message', ({ job, error, png, planned, ...texts }) => {
      const task = pending.get(job);
      pending.delete(job);
      idle.push(worker);
      if (error) task.reject(new Error(`${task.id}: ${error}`));
      else if (planned) task.resolve(planned);
      else task.resolve({ ...texts, png: png && Buffer.from(png.buffer, png.byteOffset, png.byteLength) });
      dispatch();
    });
    worker.on('error', (e) => {
      for (const [job, task] of pending) if (task.worker === worker) pending.delete(job) && task.reject(e);
    });
    all.push(worker);
    return worker;
  };

  return {
    render(spec, id, narrow = {}, { png = true } = {}) {
      return new Promise((resolve, reject) => {
        queue.push({ job: jobs++, id, message: { spec, id, narrow, png }, resolve, reject });
        dispatch();
      });
    },
    /** The charts of one comparison or subject, planned in a worker (flat.mjs planAtlasItem). */
    plan(what, item, platforms) {
      return new Promise((resolve, reject) => {
        queue.push({ job: jobs++, id: item.id, message: { plan: { what, item, platforms } }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
