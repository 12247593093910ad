export type Fetch = typeof fetch;

/** A gateway's answer that was no 2xx JSON object. */
export class GatewayAnswerError extends Error {
  constructor(url: string, detail: string) {
    super(`${new URL(url).pathname}: ${detail}`);
    this.name = 'GatewayAnswerError';
  }
}

export interface GatewayRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
}

/** One call to a gateway's API, answered with a JSON object; given up after `timeoutMs` (see isTimeout). */
export async function callGateway(fetchImpl: Fetch, url: string, request: GatewayRequest): Promise<Record<string, unknown>> {
  const response = await fetchImpl(url, {
    method: request.method,
    headers: { accept: 'application/json', ...(request.json === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    body: request.json === undefined ? undefined : JSON.stringify(request.json),
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new GatewayAnswerError(url, `HTTP ${response.status}`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new GatewayAnswerError(url, 'the answer is not JSON');
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new GatewayAnswerError(url, 'the answer is no JSON object');
  return answer as Record<string, unknown>;
}

/** The request was sent but no answer came in time: the gateway may have acted on it. */
export const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';
