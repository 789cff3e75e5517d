import { ApiError, currentCsrfToken } from './api-client';

/** A refusal that names its field in the envelope (`error.field`), kept so the message shows beside it. */
export class FieldApiError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly field: string | null,
  ) {
    super(status, code, message);
  }

  override fieldIn(fields: readonly string[]): string | null {
    const top = this.field?.replace(/^body\./, '').split('.')[0];
    return top && fields.includes(top) ? top : super.fieldIn(fields);
  }
}

/**
 * A JSON call to a v1 route through the dashboard's session mount, for the lifecycle routes the generated
 * document may not describe yet: the same CSRF header and error envelope as the generated client.
 */
export async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/app/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'X-CSRF-Token': currentCsrfToken() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network', 'The service could not be reached. Check the connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => undefined)) as
    { data?: unknown; error?: { code?: string; message?: string; field?: string } } | undefined;
  if (!response.ok) {
    const e = json?.error;
    throw new FieldApiError(
      response.status,
      e?.code ?? 'error',
      e?.message ?? `The request failed (${response.status}).`,
      e?.field ?? null,
    );
  }
  return json?.data as T;
}
