import type { FastifyInstance } from 'fastify';

/** A fetch that reaches the in-process server, with switches to cut the network like bad Wi-Fi does. */
export function injectFetch(fastify: FastifyInstance) {
  const state = { down: false, dropResponses: 0, requests: 0 };
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://127.0.0.1'), init);
    state.requests += 1;
    if (state.down) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    const res = await fastify.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers.entries()),
      payload: request.method === 'GET' ? undefined : await request.text(),
    });
    // The server committed, but the answer is lost on the way back.
    if (state.dropResponses > 0) {
      state.dropResponses -= 1;
      throw new TypeError('Failed to fetch');
    }
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  }) as typeof fetch;
  return { fetchFn, state };
}
