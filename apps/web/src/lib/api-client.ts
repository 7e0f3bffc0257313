/**
 * The web API client (spec 1 §7): same-origin JSON calls with cookies, the access token as a Bearer
 * header (held in memory only, never in storage), one refresh and one retry on a 401.
 * Kept free of zod and React so it stays in the small entry chunk.
 */
import type { ErrorCode } from '@app/shared/api/error-codes';

/** The error every non-OK answer becomes: the server's envelope, or the raw text when the body is not JSON. */
export class ApiError extends Error {
  readonly ok = false as const;
  readonly status: number;
  readonly error: string;
  /**
   * The server's stable code, typed with packages/shared's ERROR_STATUS so a comparison with a code
   * that does not exist fails to compile. Type only: the map itself would cost the landing bundle.
   */
  readonly code?: ErrorCode;
  /** The parsed body as the server sent it. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const record = isRecord(body) ? body : {};
    const error = typeof record.error === 'string' ? record.error : typeof record.message === 'string' ? record.message : '';
    super(error || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.code = typeof record.code === 'string' ? (record.code as ErrorCode) : undefined;
    this.body = body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The human sentence to show for a failed call: the server's error text first, else the fallback (spec 1 §8). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.error || fallback;
  if (isRecord(error)) {
    if (typeof error.error === 'string' && error.error) return error.error;
    if (typeof error.message === 'string' && error.message && !(error instanceof TypeError)) return error.message;
  }
  return fallback;
}

let accessToken: string | null = null;
let refreshing: Promise<string | null> | null = null;
const expiredListeners = new Set<() => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

// A non-secret marker that this browser holds a session (the refresh cookie itself is httpOnly).
// Without it the start-up refresh is skipped: a visitor never had a session, and the server would
// answer 401 (no cookie is a 401), which the browser logs as a failed request.
const SESSION_HINT_KEY = 'session-hint';

function storeHint(hasSession: boolean): void {
  try {
    if (hasSession) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage unavailable: the start-up refresh then always runs, which is only a wasted request.
  }
}

/** Whether this browser may hold a refresh cookie (it signed in and has not signed out since). */
export function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) !== null;
  } catch {
    return true;
  }
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
  storeHint(token !== null);
}

/** Called when a refresh fails: the session is over and the user is signed out silently (spec 1 §7). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  // spec 1 §7: a body that is not JSON becomes { ok: false, error: <raw text> }.
  return new ApiError(status, isRecord(body) ? body : { ok: false, error: typeof body === 'string' ? body : '' });
}

async function postRefresh(): Promise<string | null> {
  const response = await fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refresh: null }),
  });
  if (!response.ok) return null;
  const body = await readBody(response);
  return isRecord(body) && typeof body.access === 'string' ? body.access : null;
}

/**
 * Trades the refresh cookie for a new access token; null when there is no session.
 * Concurrent callers share one request, and tabs take turns through a Web Lock: the refresh token
 * rotates on every use and the server revokes a family whose old token is presented twice
 * (ARCHITECTURE: refresh across tabs).
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    let token: string | null;
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      token = locks?.request ? await locks.request('auth-refresh', postRefresh) : await postRefresh();
    } catch {
      token = null;
    }
    setAccessToken(token);
    if (!token) for (const listener of expiredListeners) listener();
    return token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// Calls whose 401 means "wrong credentials" or "no session", not "expired access token".
const NO_REFRESH_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/refresh', '/api/auth/logout', '/api/auth/mfa'];

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Extra request headers, such as the Idempotency-Key of a spending call (sent again, unchanged, on the retry after a refresh). */
type RequestOptions = { headers?: Record<string, string> };

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}, isRetry = false): Promise<T> {
  const sentToken = accessToken;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  // A Blob (a chosen file) goes as it is, with its own type; anything else as JSON.
  const isBlob = typeof Blob !== 'undefined' && body instanceof Blob;
  if (body !== undefined) headers['content-type'] = isBlob ? body.type || 'application/octet-stream' : 'application/json';
  if (sentToken) headers.authorization = `Bearer ${sentToken}`;

  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isBlob ? body : JSON.stringify(body),
  });

  if (response.status === 401 && !isRetry && !NO_REFRESH_PATHS.includes(path)) {
    // Another call may already have replaced the token we sent; otherwise refresh (shared) once.
    const token = accessToken && accessToken !== sentToken ? accessToken : await refreshAccessToken();
    if (token) return request<T>(method, path, body, options, true);
  }

  const parsed = await readBody(response);
  if (!response.ok) throw toError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
