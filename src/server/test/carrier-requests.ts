/** A fetch that records each request an adapter sends and answers it from `answer`, as a carrier would. */
export function recordingFetch(answer: (url: URL, init: RequestInit) => Response) {
  const calls: { url: URL; init: RequestInit; json: unknown }[] = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    calls.push({ url, init, json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    return answer(url, init);
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

export const jsonAnswer = (body: unknown, status = 200): Response => Response.json(body, { status });
export const pdfAnswer = (): Response => new Response('%PDF-1.4\n%%EOF\n', { headers: { 'content-type': 'application/pdf' } });

export const headerOf = (init: RequestInit, name: string): string | undefined => new Headers(init.headers).get(name) ?? undefined;
