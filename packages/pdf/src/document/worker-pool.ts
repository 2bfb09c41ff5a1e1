import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PdfError } from '../errors';
import type { EngineTaskName, EngineTasks } from './engine-tasks';
import type { WorkerRequest, WorkerResponse } from './engine-worker';

export interface PdfEngineOptions {
  /** Concurrent workers (each holds one mupdf instance). Default: CPU count, at most 4. */
  workers?: number;
  /** Wall-clock budget of one task; the worker is terminated beyond it. Default 30 s. */
  taskTimeoutMs?: number;
  /** JavaScript heap limit of a worker (mupdf's WASM memory is capped at 2 GiB by its build). */
  maxJsHeapMb?: number;
  /** A worker whose WASM memory grew beyond this is replaced after its task. Default 1024 MiB. */
  recycleAboveMb?: number;
}

/** What the pool does right now (for the metrics endpoint). */
export interface PdfEngineUsage {
  /** Workers the pool may run at once. */
  capacity: number;
  /** Workers started (idle ones stay warm). */
  workers: number;
  busy: number;
  /** Tasks waiting for a free worker. */
  queued: number;
}

interface Job {
  request: WorkerRequest;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const defaults: Required<PdfEngineOptions> = {
  workers: Math.max(1, Math.min(4, availableParallelism())),
  taskTimeoutMs: 30_000,
  maxJsHeapMb: 256,
  recycleAboveMb: 1024,
};

/**
 * Runs mupdf work in worker threads so that hostile input cannot block or crash the API process:
 * each task has a time budget (terminate → PDF_RESOURCE_LIMIT), workers have memory limits, and a
 * worker that trapped or grew large is replaced. Workers stay warm between tasks (WASM start-up is
 * paid once per worker) and do not keep the process alive while idle.
 */
class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private options: Required<PdfEngineOptions> = { ...defaults };

  configure(options: PdfEngineOptions): void {
    this.options = { ...this.options, ...options };
  }

  run<K extends EngineTaskName>(
    op: K,
    args: Parameters<EngineTasks[K]>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Awaited<ReturnType<EngineTasks[K]>>> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { id: this.nextId++, op, args },
        transfer,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  usage(): PdfEngineUsage {
    return {
      capacity: this.options.workers,
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job !== null).length,
      queued: this.queue.length,
    };
  }

  async close(): Promise<void> {
    const closed = new Error('the PDF engine was closed');
    for (const job of this.queue.splice(0)) job.reject(closed);
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => this.retire(s, closed)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (slot === undefined && this.slots.length < this.options.workers) slot = this.spawn();
      if (slot === undefined) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      const busy = slot;
      slot.timer = setTimeout(() => {
        this.remove(busy);
        void this.retire(busy, new PdfError('PDF_RESOURCE_LIMIT', 'processing the file took too long'));
        this.dispatch();
      }, this.options.taskTimeoutMs);
      slot.worker.postMessage(job.request, job.transfer);
    }
  }

  private spawn(): Slot {
    const worker = startWorker({
      maxOldGenerationSizeMb: this.options.maxJsHeapMb,
      maxYoungGenerationSizeMb: 32,
    });
    const slot: Slot = { worker, job: null, timer: null };
    worker.unref();
    worker.on('message', (res: WorkerResponse) => this.settle(slot, res));
    worker.on('error', (err) => {
      // Thrown outside a task's try (e.g. ERR_WORKER_OUT_OF_MEMORY): the worker is gone.
      this.remove(slot);
      const limit = /memory/i.test(err.message);
      void this.retire(
        slot,
        limit ? new PdfError('PDF_RESOURCE_LIMIT', 'the file exceeds the memory budget') : err,
      );
      this.dispatch();
    });
    worker.on('exit', () => {
      if (this.slots.includes(slot)) {
        this.remove(slot);
        void this.retire(slot, new Error('a PDF engine worker exited unexpectedly'));
        this.dispatch();
      }
    });
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, res: WorkerResponse): void {
    const job = slot.job;
    if (job === null || job.request.id !== res.id) return;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    if (res.ok) job.resolve(res.result);
    else if (res.code === null) job.reject(new Error(`PDF engine: ${res.message}`));
    else job.reject(new PdfError(res.code, res.message));
    const recycle = !res.ok && res.recycle;
    if (recycle || res.heapBytes > this.options.recycleAboveMb * 1024 * 1024) {
      this.remove(slot);
      void slot.worker.terminate();
    }
    this.dispatch();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    if (slot.timer !== null) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.timer = null;
    job?.reject(error);
    await slot.worker.terminate();
  }
}

// From source (tsx, vitest) the worker is TypeScript: a bootstrap registers tsx's loader in the
// worker thread itself (an --import in execArgv does not reach worker threads on Node 20).
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './engine-worker.ts' : './engine-worker.js', import.meta.url);

function startWorker(resourceLimits: {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
}): Worker {
  if (!fromSource) return new Worker(workerFile, { resourceLimits });
  // The ESM entry of tsx's API (require.resolve would pick its CommonJS twin).
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

const pool = new WorkerPool();

/** Tunes the engine's worker pool (call at start-up, before the first task). */
export function configurePdfEngine(options: PdfEngineOptions): void {
  pool.configure(options);
}

export function pdfEngineUsage(): PdfEngineUsage {
  return pool.usage();
}

/** Stops the engine's workers (graceful shutdown, end of tests); they restart on the next call. */
export function closePdfEngine(): Promise<void> {
  return pool.close();
}

export function runEngineTask<K extends EngineTaskName>(
  op: K,
  args: Parameters<EngineTasks[K]>,
  transfer?: ArrayBuffer[],
): Promise<Awaited<ReturnType<EngineTasks[K]>>> {
  // Posting a view clones its whole ArrayBuffer: send only the viewed bytes (e.g. a Buffer slice
  // of a large pooled allocation).
  const own = args.map((a) =>
    a instanceof Uint8Array && a.byteLength !== a.buffer.byteLength ? a.slice() : a,
  ) as Parameters<EngineTasks[K]>;
  return pool.run(op, own, transfer);
}
