import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api';

let csrfToken = '';

/** Remembers the CSRF token the session state carries; every state change sends it back. */
export const setCsrfToken = (token: string): void => {
  csrfToken = token;
};

/** The CSRF token, for the one plain HTML form that posts to the session surface (the live preview). */
export const currentCsrfToken = (): string => csrfToken;

const csrf: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

/** The v1 resources, reached through the dashboard's session mount (the same routes as /api/v1). */
export const api = createClient<paths>({ baseUrl: '/app/api/v1', credentials: 'same-origin' });
/** The dashboard's own routes (session, set-up, tokens), whose paths are absolute. */
export const dashboardApi = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(csrf);
dashboardApi.use(csrf);

/** A failure as the API describes it: `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The form field the message is about ("body.url must …", "shortCode "x" is taken"), if any of `fields`. */
  fieldIn(fields: readonly string[]): string | null {
    const first = /^(?:body\.)?([A-Za-z]+)/.exec(this.message)?.[1];
    return first && fields.includes(first) ? first : null;
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The response's data, or an ApiError carrying the API's own message. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'network', 'The service could not be reached. Check the connection and try again.');
  }
  const { data, error, response } = result;
  if (!response.ok) {
    const body = (error ?? {}) as { error?: { code?: string; message?: string } };
    throw new ApiError(
      response.status,
      body.error?.code ?? 'error',
      body.error?.message ?? `The request failed (${response.status}).`,
    );
  }
  return data as T;
}

/** A session route's answer read as `fetch` gives it: the JSON body as data or as the error envelope. */
async function settle<T>(call: Promise<Response>): Promise<T> {
  return unwrap(
    call.then(async (response) => {
      const body = (await response.json().catch(() => undefined)) as unknown;
      return response.ok ? { data: body as T, response } : { error: body, response };
    }),
  );
}

/**
 * A file posted as the body itself (a bulk CSV), to a route whose body the generated document does
 * not type: the same CSRF header and error handling as the generated client.
 */
export function postFile<T>(path: string, body: Blob | string, type: string, headers: Record<string, string> = {}): Promise<T> {
  return settle(
    fetch(`/app/api/v1${path}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { ...headers, 'Content-Type': type, 'X-CSRF-Token': csrfToken },
    }),
  );
}

/**
 * A multipart upload to a session route that the generated document does not type (the media
 * library's upload exists only on the dashboard's surface): the same CSRF header and error handling.
 */
export async function upload<T>(path: string, form: FormData, headers: Record<string, string> = {}): Promise<T> {
  return settle(
    fetch(`/app/api/v1${path}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { ...headers, 'X-CSRF-Token': csrfToken },
    }),
  );
}
