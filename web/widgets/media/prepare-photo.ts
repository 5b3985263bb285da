import { prepareImage, type PreparedImage } from './prepare-image';
import type { PrepareReply, PrepareRequest } from './prepare.worker';

// One worker for the page, made on the first photo; each request waits for its own reply.
let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (p: PreparedImage) => void; reject: (e: Error) => void; onThumb?: ((thumb: Blob) => void) | undefined }
>();

/** Whether this browser can prepare photos off the main thread. */
function workerCanPrepare(): boolean {
  return (
    !workerBroken &&
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof createImageBitmap !== 'undefined'
  );
}

function startWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<PrepareReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.id);
    if (!entry) return;
    if ('thumbOnly' in reply) {
      entry.onThumb?.(reply.thumb);
      return;
    }
    waiting.delete(reply.id);
    if (reply.ok)
      entry.resolve({
        file: reply.file,
        thumb: reply.thumb,
        contentType: reply.contentType,
        width: reply.width,
        height: reply.height,
      });
    else entry.reject(new Error(reply.message));
  };
  // A worker that cannot start (an old browser, a blocked script) hands its requests to the main thread.
  started.onerror = () => {
    workerBroken = true;
    worker = null;
    const pending = [...waiting.values()];
    waiting.clear();
    for (const entry of pending) entry.reject(new Error('worker-failed'));
  };
  worker = started;
  return started;
}

/**
 * Scales, turns upright, strips and thumbnails a photo: in a worker where one can, else here.
 * `onThumb` gets the thumbnail as soon as it is made, before the full size is encoded.
 */
export async function preparePhoto(file: Blob, onThumb?: (thumb: Blob) => void): Promise<PreparedImage> {
  if (!workerCanPrepare()) return prepareImage(file, onThumb);
  const id = nextId++;
  try {
    return await new Promise<PreparedImage>((resolve, reject) => {
      waiting.set(id, { resolve, reject, onThumb });
      startWorker().postMessage({ id, file } satisfies PrepareRequest);
    });
  } catch (error) {
    if (error instanceof Error && error.message === 'worker-failed') return prepareImage(file, onThumb);
    throw error;
  }
}
