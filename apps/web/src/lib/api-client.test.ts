import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, getAccessToken, onSessionExpired, refreshAccessToken, setAccessToken } from './api-client';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown; credentials?: RequestCredentials };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: /api/auth/refresh hands out access-2; other paths accept only "Bearer access-2". */
function fakeServer(options: { refreshStatus?: number } = {}) {
  const calls: Call[] = [];
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = { ...(init.headers as Record<string, string>) };
    calls.push({ url, method: init.method ?? 'GET', headers, body: init.body ? JSON.parse(String(init.body)) : undefined, credentials: init.credentials });
    if (url === '/api/auth/refresh') {
      await refreshGate;
      return options.refreshStatus ? json(options.refreshStatus, { ok: false, error: 'No session', code: 'UNAUTHORIZED' }) : json(200, { access: 'access-2' });
    }
    if (headers.authorization !== 'Bearer access-2') return json(401, { ok: false, error: 'Expired', code: 'UNAUTHORIZED' });
    return json(200, { path: url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, releaseRefresh };
}

beforeEach(() => setAccessToken(null));
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('api client', () => {
  it('sends JSON with credentials and the Bearer header when a token is held', async () => {
    const server = fakeServer();
    setAccessToken('access-2');
    await expect(api.patch('/api/profile/complete', { partners: [] })).resolves.toEqual({ path: '/api/profile/complete' });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      body: { partners: [] },
      headers: { authorization: 'Bearer access-2', 'content-type': 'application/json' },
    });
  });

  it('sends no Authorization header without a token', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: undefined });
      return json(200, { ok: true });
    });
    await api.get('/api/health');
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('shares one refresh between concurrent 401s and retries each call once with the new token', async () => {
    const server = fakeServer();
    setAccessToken('access-1');
    const results = Promise.all([api.get('/api/auth/me'), api.get('/api/profile'), api.post('/api/raffles/1/enter', {})]);
    // Let every call receive its 401 and join the pending refresh before it answers.
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1));
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url !== '/api/auth/refresh')).toHaveLength(3));
    server.releaseRefresh();
    await expect(results).resolves.toEqual([{ path: '/api/auth/me' }, { path: '/api/profile' }, { path: '/api/raffles/1/enter' }]);
    const refreshes = server.calls.filter((c) => c.url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'POST', body: { refresh: null }, credentials: 'include' });
    expect(server.calls).toHaveLength(1 + 3 + 3);
    expect(getAccessToken()).toBe('access-2');
  });

  it('sends extra headers, such as an Idempotency-Key, and the same ones again on the retry after a refresh', async () => {
    const server = fakeServer();
    setAccessToken('access-1');
    const result = api.post('/api/store/rewards/w1/redeem', undefined, { headers: { 'idempotency-key': 'key-1' } });
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1));
    server.releaseRefresh();
    await expect(result).resolves.toEqual({ path: '/api/store/rewards/w1/redeem' });
    const redeems = server.calls.filter((c) => c.url === '/api/store/rewards/w1/redeem');
    expect(redeems.map((c) => [c.headers.authorization, c.headers['idempotency-key'], c.headers['content-type']])).toEqual([
      ['Bearer access-1', 'key-1', undefined],
      ['Bearer access-2', 'key-1', undefined],
    ]);
  });

  it('serialises the refresh through the Web Lock "auth-refresh" when available', async () => {
    const server = fakeServer();
    server.releaseRefresh();
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: { request: async (name: string, callback: () => Promise<unknown>) => (names.push(name), callback()) },
    });
    await expect(refreshAccessToken()).resolves.toBe('access-2');
    expect(names).toEqual(['auth-refresh']);
  });

  it('throws the original 401 body and signs out when the refresh fails, without a second retry', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    server.releaseRefresh();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    setAccessToken('access-1');
    const error = await api.get('/api/auth/me').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ok: false, status: 401, error: 'Expired', code: 'UNAUTHORIZED' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/auth/refresh']);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });

  it('does not refresh on a failed login (a 401 there means wrong credentials)', async () => {
    const server = fakeServer();
    await expect(api.post('/api/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({ status: 401, error: 'Expired' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/auth/login']);
  });

  it('turns a body that is not JSON into { ok: false, error: <raw text> }', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad Gateway from the proxy', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await api.get('/api/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ok: false, status: 502, error: 'Bad Gateway from the proxy' });
    expect(errorMessage(error)).toBe('Bad Gateway from the proxy');
  });

  it('throws the parsed JSON error body as it came', async () => {
    vi.stubGlobal('fetch', async () => json(409, { ok: false, error: 'This username is taken. Choose another one.', code: 'USERNAME_TAKEN' }));
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ ok: false, status: 409, error: 'This username is taken. Choose another one.', code: 'USERNAME_TAKEN' });
    expect((error as ApiError).body).toEqual({ ok: false, error: 'This username is taken. Choose another one.', code: 'USERNAME_TAKEN' });
  });

  it('keeps the code as the server sent it, and none when the body has no string code', () => {
    expect(new ApiError(400, { ok: false, error: 'Wrong', code: 'WRONG_CODE' }).code).toBe('WRONG_CODE');
    expect(new ApiError(400, { ok: false, error: 'Odd', code: 7 }).code).toBeUndefined();
    expect(new ApiError(502, 'Bad Gateway').code).toBeUndefined();
  });

  it('falls back to "Something went wrong" when there is no server text', () => {
    expect(errorMessage(new ApiError(500, { ok: false, error: '' }))).toBe('Something went wrong');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong');
  });
});
