import { z, type ZodType } from 'zod';
import { readToken } from './session';

/**
 * A failed call: `status` is the HTTP status or 0 for no response; `body` the parsed JSON (`{ error, detail? }`),
 * the raw text, or null.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The path called, so the message can say which service did not answer. */
  readonly path: string | null;

  constructor(status: number, body: unknown, message?: string, path: string | null = null) {
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.path = path;
  }
}

/** A response that arrived but does not have the agreed shape (contract drift between web and server). */
export class ResponseShapeError extends Error {
  readonly path: string;

  constructor(path: string) {
    super('The server sent an answer this screen cannot read. Reload the page; if it goes on, tell the support team.');
    this.name = 'ResponseShapeError';
    this.path = path;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sign-in must not send a stale token from an earlier session. */
  auth?: boolean;
}

export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one call: JSON in and out, `Authorization: Token <token>`, a failed answer thrown as ApiError. */
async function send(path: string, options: RequestOptions): Promise<{ response: Response; data: unknown }> {
  const { method = 'GET', body, query, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? readToken() : null;
  if (token) headers.Authorization = `Token ${token}`;

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // A cancelled query is not a failure; TanStack Query recognises the abort itself.
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, 'Network error', path);
  }

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, data, undefined, path);
  return { response, data };
}

function parse<T>(schema: ZodType<T>, data: unknown, path: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ResponseShapeError(path);
  return parsed.data;
}

/**
 * Every call of the web app goes through here (or `apiListPage`), so one handler shows the dialog or signs out;
 * the answer is checked against the shared contract before any screen sees it.
 */
export async function apiRequest<T>(path: string, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return parse(schema, (await send(path, options)).data, path);
}

/** One page of a list the server pages with `limit`/`offset`: its rows and the total it names in X-Total-Count. */
export async function apiListPage<T>(path: string, row: ZodType<T>, options: RequestOptions = {}): Promise<{ rows: T[]; total: number }> {
  const { response, data } = await send(path, options);
  const rows = parse(z.array(row), data, path);
  return { rows, total: Number(response.headers.get('x-total-count') ?? rows.length) };
}
