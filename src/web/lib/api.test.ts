import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract } from '#contracts/define';
import { refresh } from '#contracts/auth';
import { listCategories } from '#contracts/catalog';
import { ApiError, apiFetch, buildUrl } from './api.ts';

const getThing = defineContract({
  method: 'GET',
  path: '/api/things/:slug/reviews/:id/',
  params: z.object({ slug: z.string(), id: z.number() }),
  query: z.object({ page: z.number().optional(), search: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: z.object({ name: z.string() }),
});

const createThing = defineContract({
  method: 'POST',
  path: '/api/things/',
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number() }),
  status: 201,
});

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('encodes path params and skips empty query values', () => {
    expect(buildUrl('/api/x/:slug/', { slug: 'a b/c' }, { q: 'scalpel', empty: '', none: undefined, page: 2 })).toBe(
      '/api/x/a%20b%2Fc/?q=scalpel&page=2',
    );
  });

  it('refuses a missing path param', () => {
    expect(() => buildUrl('/api/x/:slug/', {})).toThrow('Missing path parameter "slug"');
  });
});

describe('apiFetch', () => {
  it('substitutes params, serialises the query and parses the answer', async () => {
    answer(200, { name: 'Mayo scissors', extra: true });

    const result = await apiFetch(getThing, {
      params: { slug: 'mayo scissors', id: 7 },
      query: { page: 2, search: '', tag: ['a', 'b'] },
    });

    expect(result).toEqual({ name: 'Mayo scissors' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/things/mayo%20scissors/reviews/7/?page=2&tag=a&tag=b');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends a JSON body and the stored bearer token', async () => {
    localStorage.setItem('token', 'abc.def');
    answer(201, { id: 12 });

    await expect(apiFetch(createThing, { body: { name: 'Forceps' } })).resolves.toEqual({ id: 12 });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Forceps"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer abc.def');
  });

  it('sends extra headers and keeps the error code and body', async () => {
    answer(409, { detail: 'Only 2 left.', code: 'INSUFFICIENT_STOCK', available: 2 });

    const error = await apiFetch(createThing, { body: { name: 'Forceps' }, headers: { 'Idempotency-Key': 'k-1' } })
      .catch((e: unknown) => e);

    expect(lastRequest().headers['Idempotency-Key']).toBe('k-1');
    expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_STOCK', body: { available: 2 } });
  });

  it('works without arguments for a contract with no inputs', async () => {
    answer(200, []);
    await expect(apiFetch(listCategories)).resolves.toEqual([]);
    expect(lastRequest().url).toBe('/api/products/categories/');
  });

  it('turns a 400 into "Validation failed" with the field errors', async () => {
    answer(400, { detail: 'Invalid input.', errors: { name: ['Required.'] } });

    const error = await apiFetch(createThing, { body: { name: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', fieldErrors: { name: ['Required.'] } });
  });

  it("uses the server's detail, then its message, then the status", async () => {
    answer(404, { detail: 'Product not found.' });
    await expect(apiFetch(listCategories)).rejects.toMatchObject({ status: 404, message: 'Product not found.' });

    answer(409, { message: 'Out of stock.' });
    await expect(apiFetch(listCategories)).rejects.toMatchObject({ status: 409, message: 'Out of stock.' });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch(listCategories)).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
      fieldErrors: {},
    });
  });

  it('rejects a success answer that does not match the contract', async () => {
    answer(200, [{ id: 'not-a-number' }]);
    await expect(apiFetch(listCategories)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('apiFetch after a 401', () => {
  const getMe = defineContract({ method: 'GET', path: '/api/auth/me/', response: z.object({ id: z.string() }) });

  function answerBy(handler: (url: string, authorization: string | undefined) => Response | Promise<Response>) {
    fetchMock.mockImplementation(async (input, init) =>
      handler(String(input), (init?.headers as Record<string, string>).Authorization),
    );
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('refreshes once, stores the rotated tokens in the same storage and retries', async () => {
    sessionStorage.setItem('token', 'old-access');
    sessionStorage.setItem('refreshToken', 'old-refresh');
    answerBy((url, authorization) => {
      if (url === '/api/auth/refresh/') return json(200, { access: 'new-access', refresh: 'new-refresh' });
      return authorization === 'Bearer new-access' ? json(200, { id: 'u-1' }) : json(401, { detail: 'Token expired.' });
    });

    await expect(apiFetch(getMe)).resolves.toEqual({ id: 'u-1' });

    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(['/api/auth/me/', '/api/auth/refresh/', '/api/auth/me/']);
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]!.body))).toEqual({ refresh: 'old-refresh' });
    expect(sessionStorage.getItem('token')).toBe('new-access');
    expect(sessionStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shares one refresh between concurrent 401s', async () => {
    localStorage.setItem('token', 'old-access');
    localStorage.setItem('refreshToken', 'old-refresh');
    let releaseRefresh!: () => void;
    const refreshAnswered = new Promise<void>((resolve) => (releaseRefresh = resolve));
    answerBy(async (url, authorization) => {
      if (url === '/api/auth/refresh/') {
        await refreshAnswered;
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return authorization === 'Bearer new-access' ? json(200, { id: 'u-1' }) : json(401, { detail: 'Token expired.' });
    });

    const both = Promise.all([apiFetch(getMe), apiFetch(getMe)]);
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh/')).toHaveLength(1));
    releaseRefresh();

    await expect(both).resolves.toEqual([{ id: 'u-1' }, { id: 'u-1' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh/')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('new-access');
  });

  it('signs out when the refresh fails: both tokens cleared, the auth state told, the 401 thrown', async () => {
    localStorage.setItem('token', 'old-access');
    localStorage.setItem('refreshToken', 'revoked');
    const tokensChanged = vi.fn();
    window.addEventListener('auth:tokens-changed', tokensChanged);
    answerBy((url) => (url === '/api/auth/refresh/' ? json(401, { detail: 'Token is invalid.' }) : json(401, { detail: 'Token expired.' })));

    await expect(apiFetch(getMe)).rejects.toMatchObject({ status: 401, message: 'Token expired.' });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(tokensChanged).toHaveBeenCalledTimes(1);
    window.removeEventListener('auth:tokens-changed', tokensChanged);
  });

  it('retries only once, and never refreshes without a refresh token or for the refresh call itself', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('refreshToken', 'refresh');
    answerBy((url) => (url === '/api/auth/refresh/' ? json(200, { access: 'next', refresh: 'next-refresh' }) : json(401, { detail: 'No.' })));
    await expect(apiFetch(getMe)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me/', '/api/auth/refresh/', '/api/auth/me/']);

    fetchMock.mockClear();
    localStorage.removeItem('refreshToken');
    await expect(apiFetch(getMe)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockClear();
    localStorage.setItem('refreshToken', 'refresh');
    answerBy(() => json(401, { detail: 'Token is invalid.' }));
    await expect(apiFetch(refresh, { body: { refresh: 'refresh' } })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
