import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RateLimited, TooLarge, type ErrorCode } from '../lib/errors.js';
import { errorPage, PAGE_HEADERS } from './resolver/pages.js';

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  plan_required: 402,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
};

export interface ErrorRenderer {
  (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

interface Rendered {
  status: number;
  code: ErrorCode | 'internal_error';
  message: string;
}

type ValidationError = { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> };

/** "body.name is required", "querystring.limit must be <= 100": the message names the field. */
export function describeValidation(context: string | undefined, errors: ValidationError[]): string {
  const { path, message } = explainValidation(errors);
  return `${[context ?? 'request', ...path].join('.')} ${message}`;
}

/** The first problem a validator found: where (the path of field names) and what, in words. */
export function explainValidation(errors: ValidationError[]): { path: string[]; message: string } {
  const first = errors[0] ?? {};
  const path = (first.instancePath ?? '').split('/').filter(Boolean);
  let message = first.message ?? 'is invalid';
  if (first.keyword === 'required' && typeof first.params?.missingProperty === 'string') {
    path.push(first.params.missingProperty);
    message = 'is required';
  } else if (first.keyword === 'additionalProperties' && typeof first.params?.additionalProperty === 'string') {
    path.push(first.params.additionalProperty);
    message = 'is not a known field';
  } else if (first.keyword === 'enum' && Array.isArray(first.params?.allowedValues)) {
    message = `must be one of ${(first.params.allowedValues as unknown[]).join(', ')}`;
  } else if (first.keyword === 'const') {
    // A union of literals fails once per literal, at the same place: name them all.
    const allowed = errors
      .filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath)
      .map((e) => String(e.params?.allowedValue));
    message = allowed.length > 1 ? `must be one of ${allowed.join(', ')}` : `must be ${allowed[0]}`;
  }
  return { path, message };
}

function classify(error: unknown): Rendered {
  if (error instanceof TooLarge) return { status: 413, code: error.code, message: error.message };
  if (error instanceof AppError) return { status: STATUS[error.code], code: error.code, message: error.message };
  const fe = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(fe.validation)) {
    return {
      status: 400,
      code: 'invalid_request',
      message: describeValidation(fe.validationContext, fe.validation as ValidationError[]),
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'invalid_request', message: 'Unsupported Content-Type: send application/json.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'invalid_request', message: 'The request body is too large.' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'invalid_request', message: 'The address is not valid (malformed percent-encoding).' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, code: 'invalid_request', message: 'A part of the address is too long.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_request', message: 'The request body is not valid JSON.' };
  }
  if (error instanceof SyntaxError)
    return { status: 400, code: 'invalid_request', message: 'The request body is not valid JSON.' };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, code: status === 404 ? 'not_found' : 'invalid_request', message: fe.message || 'Bad request.' };
  }
  return { status: 500, code: 'internal_error', message: 'An unexpected error occurred.' };
}

/** The body of every failure, `{ error: { code, message, docs } }`, on every surface (REST and MCP). */
export const errorBody = (publicUrl: string, code: ErrorCode | 'internal_error', message: string) => ({
  error: { code, message, docs: `${publicUrl}/docs/errors#${code}` },
});

/**
 * Paths whose failures are the JSON envelope: the API, MCP and the dashboard's session API (`/app/api`).
 * Everything else is a page.
 */
export const isApiPath = (url: string): boolean => /^\/(?:api|mcp|app\/api)(?:[/?#]|$)/.test(url);

/**
 * Renders every failure: on the API as the spec's envelope, elsewhere (the resolver and its pages) as
 * an HTML page. An unexpected one is logged and becomes a generic 500.
 */
export function createErrorRenderer(publicUrl: string): ErrorRenderer {
  return (error, request, reply) => {
    const rendered = classify(error);
    if (rendered.status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      rendered.message = `An unexpected error occurred. Quote request id ${request.id} when reporting it.`;
    }
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (!isApiPath(request.url)) {
      return reply.code(rendered.status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(errorPage(rendered.status));
    }
    if (rendered.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
    return reply
      .code(rendered.status)
      .type('application/json; charset=utf-8')
      .send(errorBody(publicUrl, rendered.code, rendered.message));
  };
}

const HEADER_BLOCK = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

/**
 * Answers what Node's HTTP parser refuses before any route runs (headers over the limit: 431, a
 * request too slow: 408, a malformed request: 400) in the same forms as every other failure: the
 * envelope on the API, the page elsewhere. The path is read from the request line when it arrived.
 */
export function createClientErrorHandler(publicUrl: string, extraHeaders: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const raw = (error as { rawPacket?: unknown }).rawPacket;
    const line = Buffer.isBuffer(raw) ? raw.subarray(0, 8192).toString('latin1') : '';
    const api = isApiPath(/^[A-Z]+ (\S+)/.exec(line)?.[1] ?? '');
    const body = api
      ? JSON.stringify(errorBody(publicUrl, 'invalid_request', CLIENT_ERROR_MESSAGES[status]!))
      : errorPage(status);
    const headers = {
      'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
      ...extraHeaders,
      ...(api ? {} : PAGE_HEADERS),
    };
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${HEADER_BLOCK(headers)}\r\n${body}`);
    socket.destroy(error);
  };
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request took too long to arrive.',
  431: 'The request headers are too large.',
};
