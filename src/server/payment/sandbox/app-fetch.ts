import type { FastifyInstance } from 'fastify';

/**
 * A fetch that sends the requests for the shop's own address through the app itself (Fastify's inject: the same
 * routing, parsing and answers, without a socket), and any other request to the network. The sandbox's adapters and
 * simulators talk HTTP to each other this way whether or not the shop can reach its public address from inside
 * (behind a proxy, or in tests that never listen).
 */
export function appFetch(app: FastifyInstance, origin: string): typeof fetch {
  const own = new URL(origin).origin;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== own) return fetch(request);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const signal = init?.signal;
    const response = await (signal
      ? Promise.race([answer, new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      })])
      : answer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}
