import { refresh } from '#contracts/auth';
import type { Contract, ErrorCodeOf, InputOf, ResponseOf } from '#contracts/define';
import type { ErrorCode } from '#contracts/errors';
import type { Issue } from '#contracts/issues';
import { clearTokens, readRefreshToken, readToken, replaceTokens } from './token-storage.ts';

export type ErrorParamValues = Record<string, string | number>;

/**
 * A failed API call: the HTTP status, the server's English message (for logs: people read useErrorText()), any
 * per-field messages (and their message keys), the error code with its params, and the whole body. Test the code
 * with isApiError(), which only takes a code the contract declares.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly fieldIssues: Record<string, Issue[]>;
  readonly code?: ErrorCode;
  readonly params: ErrorParamValues;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string[]> = {},
    options?: ErrorOptions & { code?: ErrorCode; params?: ErrorParamValues; body?: unknown; fieldIssues?: Record<string, Issue[]> },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.fieldIssues = options?.fieldIssues ?? {};
    this.code = options?.code;
    this.params = options?.params ?? {};
    this.body = options?.body;
  }
}

/**
 * Whether a call to `contract` failed with `code`. The code must be one the contract declares (for a list of
 * contracts, one every one of them declares), so an undeclared or renamed code does not compile.
 */
export function isApiError<C extends Contract | readonly Contract[], const Code extends ErrorCodeOf<C>>(
  error: unknown,
  _contract: C,
  code: Code,
): error is ApiError & { readonly code: Code } {
  return error instanceof ApiError && error.code === code;
}

/** The server answers only codes of ERROR_CODES (its error bodies are typed by them), so a string code is one. */
const errorCodeOf = (value: unknown): ErrorCode | undefined => (typeof value === 'string' ? value as ErrorCode : undefined);

type Absent<T> = [T] extends [undefined] ? true : false;

/** What a call needs: path params and body when the contract has them, an optional query, an abort signal. */
export type ApiRequest<C extends Contract> = (Absent<InputOf<C>['params']> extends true
  ? { params?: undefined }
  : { params: InputOf<C>['params'] }) &
  (Absent<InputOf<C>['query']> extends true ? { query?: undefined } : { query?: InputOf<C>['query'] }) &
  (Absent<InputOf<C>['body']> extends true ? { body?: undefined } : { body: InputOf<C>['body'] }) & {
    signal?: AbortSignal;
    /** Extra request headers, such as an Idempotency-Key. */
    headers?: Record<string, string>;
  };

type RequestArgs<C extends Contract> =
  Record<never, never> extends ApiRequest<C> ? [request?: ApiRequest<C>] : [request: ApiRequest<C>];

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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fieldErrorsOf(errors: unknown): Record<string, string[]> {
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : {};
}

function fieldIssuesOf(issues: unknown): Record<string, Issue[]> {
  return typeof issues === 'object' && issues !== null ? (issues as Record<string, Issue[]>) : {};
}

/** The params of an error body (its code's values), wherever the body came from. */
export function errorParamsOf(body: unknown): ErrorParamValues {
  const params = typeof body === 'object' && body !== null ? (body as { params?: unknown }).params : undefined;
  return typeof params === 'object' && params !== null ? (params as ErrorParamValues) : {};
}

/** The ApiError of a refused answer's status and body (a file upload's too, sent by XMLHttpRequest). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const payload = (typeof body === 'object' && body !== null ? body : {}) as {
    detail?: unknown;
    message?: unknown;
    errors?: unknown;
    issues?: unknown;
    code?: unknown;
  };
  const details = {
    code: errorCodeOf(payload.code),
    params: errorParamsOf(body),
    body,
    fieldIssues: fieldIssuesOf(payload.issues),
  };
  if (status === 400) return new ApiError(status, 'Validation failed', fieldErrorsOf(payload.errors), details);
  const message =
    (typeof payload.detail === 'string' && payload.detail) ||
    (typeof payload.message === 'string' && payload.message) ||
    `HTTP error! status: ${status}`;
  return new ApiError(status, message, fieldErrorsOf(payload.errors), details);
}

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Where calls go: the network in the browser; the server's own routes, in its process, while it renders a page. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

let pendingRefresh: Promise<boolean> | null = null;

async function exchangeRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    const response = await transport(refresh.path, {
      method: refresh.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: refreshToken }),
    });
    const parsed = refresh.response.safeParse(response.ok ? await readJson(response) : undefined);
    if (parsed.success) {
      replaceTokens({ token: parsed.data.access, refreshToken: parsed.data.refresh });
      return true;
    }
  } catch {
    // A network failure ends the session just like a refused refresh token.
  }
  // Clearing announces the change, and the auth state signs the user out.
  clearTokens();
  return false;
}

/** One refresh at a time: every request that meets a 401 meanwhile waits for the same answer. */
function refreshSession(refreshToken: string): Promise<boolean> {
  pendingRefresh ??= exchangeRefreshToken(refreshToken).finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

/** After a 401: true when a fresh access token is now stored, refreshing the session if nobody else has yet. */
async function sessionRenewed(sentToken: string): Promise<boolean> {
  const current = readToken();
  if (current && current !== sentToken) return true;
  const refreshToken = readRefreshToken();
  if (!current || !refreshToken) return false;
  return refreshSession(refreshToken);
}

/** Calls one contract's endpoint and returns its answer, parsed by the contract's response schema. */
export async function apiFetch<C extends Contract>(contract: C, ...[request]: RequestArgs<C>): Promise<ResponseOf<C>> {
  const { params, query, body, signal, headers: extraHeaders } = (request ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const url = buildUrl(contract.path, params, query);

  const send = (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    // A FormData body (a file upload) sets its own multipart content type.
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return transport(url, {
      method: contract.method,
      headers,
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  };

  const sentToken = readToken();
  let response = await send(sentToken);
  if (response.status === 401 && sentToken && (contract as Contract) !== refresh && (await sessionRenewed(sentToken))) {
    response = await send(readToken());
  }

  const payload = await readJson(response);
  if (!response.ok) throw apiErrorFrom(response.status, payload);

  const parsed = contract.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The server sent an unexpected response.', {}, { cause: parsed.error });
  }
  return parsed.data as ResponseOf<C>;
}
