import type { InjectOptions } from 'fastify';
// eslint-disable-next-line no-restricted-imports -- the offline tests drive the real API in-process
import type { Client } from '../../../api/test/app';
import { MEDIA_UPLOAD_PATH } from '../../../shared/constants';
import type { FetchLike } from '../transport';

// The offline media tests' wire to the real API, with the faults a bay's signal makes: no
// network, a connection cut in the middle of an upload, the answer to the last chunk lost.

export interface TestNetwork {
  fetch: FetchLike;
  offline: boolean;
  /** A PATCH starting at or past this offset never reaches the server (the connection is cut). */
  cutAtOffset: number | null;
  /** The answer to the PATCH that brings the upload to this offset (its end) is lost after the server stored it. */
  loseAnswerAtOffset: number | null;
  /** Fail the next request to a URL starting with this (never reaches the server). */
  dropNext: string | null;
  /** Upload bytes the server received, per PATCH. */
  patchBytes: number[];
  calls: { method: string; path: string }[];
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

export function testNetwork(client: () => Client): TestNetwork {
  const net: TestNetwork = {
    offline: false,
    cutAtOffset: null,
    loseAnswerAtOffset: null,
    dropNext: null,
    patchBytes: [],
    calls: [],
    fetch: async (url, init) => {
      const method = (init.method ?? 'GET') as InjectOptions['method'] & string;
      const path = pathOf(url);
      if (net.offline) throw new TypeError('Failed to fetch (offline)');
      if (net.dropNext && path.startsWith(net.dropNext)) {
        net.dropNext = null;
        throw new TypeError('Failed to fetch (dropped)');
      }
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const isPatch = method === 'PATCH' && path.startsWith(MEDIA_UPLOAD_PATH);
      const body = init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : typeof init.body === 'string' ? init.body : undefined;
      const offset = Number(headers['upload-offset'] ?? 0);
      if (isPatch && net.cutAtOffset !== null && offset >= net.cutAtOffset) throw new TypeError('Failed to fetch (connection cut)');
      net.calls.push({ method, path });
      const res = await client().inject({ method, url: path, headers, ...(body === undefined ? {} : { payload: body }) });
      if (isPatch && res.statusCode === 204) {
        net.patchBytes.push(Buffer.isBuffer(body) ? body.length : 0);
        if (net.loseAnswerAtOffset !== null && Number(res.headers['upload-offset']) === net.loseAnswerAtOffset) {
          net.loseAnswerAtOffset = null;
          throw new TypeError('Failed to fetch (answer lost)');
        }
      }
      const kept = Object.entries(res.headers).filter((e): e is [string, string] => typeof e[1] === 'string');
      const status = res.statusCode;
      return new Response(status === 204 || status === 304 || method === 'HEAD' ? null : new Uint8Array(res.rawPayload), { status, headers: Object.fromEntries(kept) });
    },
  };
  return net;
}
