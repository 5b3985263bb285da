import type { InjectOptions } from 'fastify';

import type { Client } from '@api/test/app';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import type { FetchLike } from '@web/offline/transport';

// The offline media tests' wire to the real API, with the faults a bay's signal makes: no
// network, a connection cut in the middle of an upload, the answer to the last chunk lost.

export interface TestNetwork {
  /** The device's fetch, with the faults below. */
  fetch: FetchLike;
  /** The same API with no faults (for checking what the server has). */
  api: FetchLike;
  offline: boolean;
  /** A PATCH starting at or past this offset never reaches the server (the connection is cut). */
  cutAtOffset: number | null;
  /** The answer to the PATCH that brings the upload to this offset (its end) is lost after the server stored it. */
  loseAnswerAtOffset: number | null;
  /** Fail the next request to a path starting with this (it never reaches the server). */
  dropNext: string | null;
  /** Answer the next request to a path starting with this with a 422, as a refusal (it never reaches the server). */
  refuseNext: string | null;
  /** Answer the next PATCH of an upload with the server's 404 for an upload URL it no longer knows (expired). */
  expireNextPatch: boolean;
  /** Upload bytes the server accepted, per PATCH. */
  patchBytes: number[];
  calls: { method: string; path: string }[];
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

/** The real API in-process under the client's session, as fetch. */
export function apiFetch(client: () => Client): FetchLike {
  return async (url, init) => {
    const method = (init.method ?? 'GET') as InjectOptions['method'] & string;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body =
      init.body instanceof Blob
        ? Buffer.from(await init.body.arrayBuffer())
        : typeof init.body === 'string'
          ? init.body
          : undefined;
    const res = await client().inject({
      method,
      url: pathOf(url),
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const kept = Object.entries(res.headers).filter((e): e is [string, string] => typeof e[1] === 'string');
    const status = res.statusCode;
    const empty = status === 204 || status === 304 || method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status, headers: Object.fromEntries(kept) });
  };
}

export function testNetwork(api: FetchLike): TestNetwork {
  const net: TestNetwork = {
    api,
    offline: false,
    cutAtOffset: null,
    loseAnswerAtOffset: null,
    dropNext: null,
    refuseNext: null,
    expireNextPatch: false,
    patchBytes: [],
    calls: [],
    fetch: async (url, init) => {
      const method = init.method ?? 'GET';
      const path = pathOf(url);
      if (net.offline) throw new TypeError('Failed to fetch (offline)');
      if (net.dropNext && path.startsWith(net.dropNext)) {
        net.dropNext = null;
        throw new TypeError('Failed to fetch (dropped)');
      }
      if (net.refuseNext && path.startsWith(net.refuseNext)) {
        net.refuseNext = null;
        return new Response(JSON.stringify({ error: 'validation_error', message: 'Refused for the test' }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      }
      const isPatch = method === 'PATCH' && path.startsWith(`${MEDIA_UPLOAD_PATH}/`);
      const offset = Number(new Headers(init.headers).get('upload-offset') ?? 0);
      if (isPatch && net.cutAtOffset !== null && offset >= net.cutAtOffset)
        throw new TypeError('Failed to fetch (connection cut)');
      if (isPatch && net.expireNextPatch) {
        net.expireNextPatch = false;
        net.calls.push({ method, path });
        return new Response(JSON.stringify({ error: 'not_found', message: 'This upload expired; start it again.' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      }
      net.calls.push({ method, path });
      const res = await api(url, init);
      // tus writes a PATCH body whole before it answers 2xx (the last one answers with the medium).
      if (isPatch && res.ok) {
        const bytes = init.body instanceof Blob ? init.body.size : 0;
        net.patchBytes.push(bytes);
        if (net.loseAnswerAtOffset !== null && offset + bytes === net.loseAnswerAtOffset) {
          net.loseAnswerAtOffset = null;
          throw new TypeError('Failed to fetch (answer lost)');
        }
      }
      return res;
    },
  };
  return net;
}
