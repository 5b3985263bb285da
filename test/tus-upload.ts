import { createHash } from 'node:crypto';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';

/** Upload-Metadata as tus writes it: `key base64(value)` pairs, comma-separated. */
export function tusMetadata(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface TusUpload {
  baseUrl: string;
  cookie: string;
  bytes: Buffer;
  /** Without sha256: it is computed from the bytes. */
  metadata: Record<string, string | number | undefined>;
  /** Bytes per PATCH (tus lets a client send a file in several requests). */
  chunkBytes?: number;
}

/**
 * One upload over the tus 1.0 protocol, as the tablet makes it: create, then PATCH the bytes
 * from offset 0. Plain HTTP so tests and figures see exactly what the server answers.
 */
export async function tusUpload({
  baseUrl,
  cookie,
  bytes,
  metadata,
  chunkBytes = 8 * 1024 * 1024,
}: TusUpload): Promise<void> {
  const headers = { cookie, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${baseUrl}${MEDIA_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.byteLength),
      'Upload-Metadata': tusMetadata({ sha256: sha256Hex(bytes), ...metadata }),
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create → ${created.status}: ${await created.text()}`);
  const url = new URL(location, baseUrl).href;
  for (let offset = 0; offset < bytes.byteLength; offset += chunkBytes) {
    const chunk = new Uint8Array(bytes.subarray(offset, Math.min(bytes.byteLength, offset + chunkBytes)));
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: chunk,
    });
    // 204 while bytes remain; the last PATCH may answer 200 with the stored medium.
    if (res.status !== 204 && res.status !== 200)
      throw new Error(`tus PATCH at ${offset} → ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
}
