import './wasm-module-hook';
import { parentPort } from 'node:worker_threads';
import { PdfError } from '../errors';
import { engineTasks, type EngineTaskName } from './engine-tasks';

export interface WorkerRequest {
  id: number;
  op: EngineTaskName;
  args: unknown[];
}

export type WorkerResponse =
  | { id: number; ok: true; result: unknown; heapBytes: number }
  | {
      id: number;
      ok: false;
      code: PdfError['code'] | null;
      message: string;
      recycle: boolean;
      heapBytes: number;
    };

const port = parentPort;
if (port === null) throw new Error('engine-worker runs only as a worker thread');

port.on('message', async (req: WorkerRequest) => {
  const task = engineTasks[req.op] as (...args: unknown[]) => unknown;
  try {
    const result: unknown = await task(...req.args);
    const response: WorkerResponse = { id: req.id, ok: true, result, heapBytes: wasmHeapBytes() };
    port.postMessage(response, transferables(result));
  } catch (e) {
    port.postMessage(failure(req.id, e));
  }
});

function failure(id: number, e: unknown): WorkerResponse {
  const heapBytes = wasmHeapBytes();
  if (e instanceof PdfError)
    return { id, ok: false, code: e.code, message: e.message, recycle: false, heapBytes };
  const message = e instanceof Error ? e.message : String(e);
  // A trap (stack exhausted, out of bounds) or an allocation failure leaves mupdf's state unknown:
  // answer, then let the pool replace this worker.
  if (
    (e instanceof Error && e.name === 'RuntimeError') ||
    /out of memory|malloc|memory limit/i.test(message)
  ) {
    return {
      id,
      ok: false,
      code: 'PDF_RESOURCE_LIMIT',
      message: 'the file exceeds the memory budget',
      recycle: true,
      heapBytes,
    };
  }
  // Our own programming errors are not the file's fault: report them as internal.
  if (e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError) {
    return { id, ok: false, code: null, message, recycle: false, heapBytes };
  }
  return {
    id,
    ok: false,
    code: 'PDF_DAMAGED',
    message: `the file cannot be processed: ${message}`,
    recycle: false,
    heapBytes,
  };
}

/** Size of mupdf's WASM memory: it only grows, so the pool recycles a worker that grew large. */
function wasmHeapBytes(): number {
  const module = (globalThis as { $libmupdf_wasm_Module?: { HEAPU8?: Uint8Array } }).$libmupdf_wasm_Module;
  return module?.HEAPU8?.buffer.byteLength ?? 0;
}

/** Moves result bytes to the main thread instead of copying them (page images are megabytes). */
function transferables(value: unknown, depth = 0, out: ArrayBuffer[] = []): ArrayBuffer[] {
  if (depth > 3 || value === null || typeof value !== 'object') return out;
  if (value instanceof Uint8Array) {
    const buffer = value.buffer;
    if (buffer instanceof ArrayBuffer && value.byteLength === buffer.byteLength && !out.includes(buffer)) {
      out.push(buffer);
    }
    return out;
  }
  for (const v of Object.values(value)) transferables(v, depth + 1, out);
  return out;
}
