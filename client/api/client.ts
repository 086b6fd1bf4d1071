import { SESSION_END_CODES, type ErrorBody, type SuccessBody } from '@shared/errors';
import { ApiError } from './ApiError';

type SessionEndCode = (typeof SESSION_END_CODES)[number];
type Query = Record<string, string | number | boolean | undefined | null>;

interface ApiHooks {
  /** The current access token, sent as `x-access-token`. */
  token: () => string | null;
  /** Called when the server says the session is gone. */
  onSessionEnd: (code: SessionEndCode) => void;
}

const BASE = '/api';
const TIMEOUT_MS = 600_000;

let hooks: ApiHooks = { token: () => null, onSessionEnd: () => undefined };

export function configureApi(next: ApiHooks) {
  hooks = next;
}

/** The token requests send now (for the few calls that cannot go through `request`: uploads with progress, downloads). */
export const currentToken = () => hooks.token();

const isSessionEnd = (code: string): code is SessionEndCode => (SESSION_END_CODES as readonly string[]).includes(code);

function apiUrl(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return `${BASE}${path}${search ? `?${search}` : ''}`;
}

interface RequestOptions {
  signal?: AbortSignal;
  /** Sends this token instead of the session's (e.g. to sign out a session already forgotten here). */
  token?: string;
  /** Skips the browser's cache: the answer must reflect a change this page just heard of. */
  fresh?: boolean;
}

/** A page of a list whose exact size travels beside `data` (search, user reports, subscriptions). */
export interface ListPage<T> {
  data: T[];
  total: number;
}

async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions & { query?: Query; body?: unknown }): Promise<SuccessBody<T>> {
  const token = options.token ?? hooks.token();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['x-access-token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS),
      cache: options.fresh ? 'no-cache' : 'default',
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('network.error', (e as Error).message, 0);
  }

  const body = (await response.json().catch(() => null)) as SuccessBody<T> | ErrorBody | null;
  if (body && 'success' in body && body.success === 1) return body as SuccessBody<T>;
  const code = body && 'code' in body && typeof body.code === 'string' ? body.code : 'server.error';
  // Only the session held now can end: not a token already forgotten here, nor a request without one.
  if (isSessionEnd(code) && token && token === hooks.token()) hooks.onSessionEnd(code);
  throw new ApiError(code, body?.message ?? response.statusText, response.status, !token);
}

const listOf = <T>(body: SuccessBody<T[]>): ListPage<T> => ({ data: body.data ?? [], total: body.total ?? 0 });

/** An answer that says where in its live room it is current (`lastSeq`): join from there to miss nothing. */
export interface LiveAnswer<T> {
  data: T;
  lastSeq: number;
}

export const api = {
  get: async <T>(path: string, query?: Query, options: RequestOptions = {}) => (await request<T>('GET', path, { ...options, query })).data as T,
  getLive: async <T>(path: string, query?: Query, options: RequestOptions = {}): Promise<LiveAnswer<T>> => {
    const body = await request<T>('GET', path, { ...options, query });
    return { data: body.data as T, lastSeq: body.lastSeq ?? 0 };
  },
  post: async <T>(path: string, body?: unknown, options: RequestOptions = {}) => (await request<T>('POST', path, { ...options, body: body ?? {} })).data as T,
  getList: async <T>(path: string, query?: Query, options: RequestOptions = {}) => listOf(await request<T[]>('GET', path, { ...options, query })),
  postList: async <T>(path: string, body?: unknown, options: RequestOptions = {}) => listOf(await request<T[]>('POST', path, { ...options, body: body ?? {} })),
};
