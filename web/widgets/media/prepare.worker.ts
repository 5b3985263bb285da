/// <reference lib="webworker" />
import { prepareImage } from './prepare-image';

// Decoding and re-encoding a 12-megapixel photo takes hundreds of milliseconds: here it never
// holds up typing or scrolling in the dialog.

export interface PrepareRequest {
  id: number;
  file: Blob;
}

export type PrepareReply =
  | { id: number; thumbOnly: true; thumb: Blob }
  | { id: number; ok: true; file: Blob; thumb: Blob; contentType: string; width: number; height: number }
  | { id: number; ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<PrepareRequest>) => {
  const { id, file } = event.data;
  try {
    const prepared = await prepareImage(file, (thumb) =>
      scope.postMessage({ id, thumbOnly: true, thumb } satisfies PrepareReply),
    );
    scope.postMessage({ id, ok: true, ...prepared } satisfies PrepareReply);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'This photo could not be prepared.';
    scope.postMessage({ id, ok: false, message } satisfies PrepareReply);
  }
};
