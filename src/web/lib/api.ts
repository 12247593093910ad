import type { Contract, InputOf, ResponseOf } from '#contracts/define';

/** A failed API call: the HTTP status, a human message and any per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, message: string, fieldErrors: Record<string, string[]> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

type Absent<T> = [T] extends [undefined] ? true : false;

/** What a call needs: path params and body when the contract has them, an optional query, an abort signal. */
export type ApiRequest<C extends Contract> = (Absent<InputOf<C>['params']> extends true
  ? { params?: undefined }
  : { params: InputOf<C>['params'] }) &
  (Absent<InputOf<C>['query']> extends true ? { query?: undefined } : { query?: InputOf<C>['query'] }) &
  (Absent<InputOf<C>['body']> extends true ? { body?: undefined } : { body: InputOf<C>['body'] }) & {
    signal?: AbortSignal;
  };

type RequestArgs<C extends Contract> =
  Record<never, never> extends ApiRequest<C> ? [request?: ApiRequest<C>] : [request: ApiRequest<C>];

const TOKEN_KEY = 'token';

export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const pathname = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const queryString = search.toString();
  return queryString ? `${pathname}?${queryString}` : pathname;
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const payload = (typeof body === 'object' && body !== null ? body : {}) as {
    detail?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (status === 400) {
    const errors = typeof payload.errors === 'object' && payload.errors !== null ? payload.errors : {};
    return new ApiError(status, 'Validation failed', errors as Record<string, string[]>);
  }
  const message =
    (typeof payload.detail === 'string' && payload.detail) ||
    (typeof payload.message === 'string' && payload.message) ||
    `HTTP error! status: ${status}`;
  return new ApiError(status, message);
}

/** Calls one contract's endpoint and returns its answer, parsed by the contract's response schema. */
export async function apiFetch<C extends Contract>(contract: C, ...[request]: RequestArgs<C>): Promise<ResponseOf<C>> {
  const { params, query, body, signal } = (request ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(buildUrl(contract.path, params, query), {
    method: contract.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  const payload = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, payload);

  const parsed = contract.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The server sent an unexpected response.', {}, { cause: parsed.error });
  }
  return parsed.data as ResponseOf<C>;
}
