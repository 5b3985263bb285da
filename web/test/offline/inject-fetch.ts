import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** A test network: `offline` fails every request; `loseAnswers` lets that many writes commit, then fails them. */
export interface TestNetwork {
  offline: boolean;
  loseAnswers: number;
  writes: number;
}

/** The sync engine's `fetch`, answered by the API through a signed-in client's `inject`, over `network`. */
export function injectFetch(
  client: { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> },
  network: TestNetwork,
) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    if (network.offline) throw new TypeError('Failed to fetch (offline)');
    const method = (init?.method ?? 'GET') as InjectOptions['method'];
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const payload = typeof init?.body === 'string' ? init.body : undefined;
    const res = await client.inject({ method, url, headers, payload });
    if (method !== 'GET') {
      network.writes += 1;
      if (network.loseAnswers > 0) {
        network.loseAnswers -= 1;
        throw new TypeError('Failed to fetch (answer lost)');
      }
    }
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
