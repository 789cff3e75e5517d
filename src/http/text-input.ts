import type { FastifyRequest } from 'fastify';
import { InvalidRequest } from '../lib/errors.js';
import { textProblem } from '../lib/text.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON body's bytes as text; invalid UTF-8 is a 400, never silently replaced. */
export function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new InvalidRequest('The request body is not valid UTF-8.');
  }
}

/** The text as it is, or a 400 naming `field` when it holds a control character or a lone surrogate. */
export function checkedText(value: string, field: string, allowLineBreaks = false): string {
  const problem = textProblem(value, allowLineBreaks);
  if (problem) throw new InvalidRequest(`${field} ${problem}.`, field);
  return value;
}

/** Refuses a parsed JSON body holding a control character or a lone surrogate in any key or string. */
export function checkBodyText(value: unknown, path = 'body'): void {
  if (typeof value === 'string') {
    checkedText(value, path, true);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => checkBodyText(item, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) throw new InvalidRequest(`${path} keys ${problem}.`, path);
      checkBodyText(item, `${path}.${key}`);
    }
  }
}

/** A preValidation hook refusing control characters and lone surrogates in the query string and path. */
export async function checkRequestText(request: FastifyRequest): Promise<void> {
  for (const [part, values] of [
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    for (const [name, raw] of Object.entries((values ?? {}) as Record<string, unknown>)) {
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (typeof value === 'string') checkedText(value, `${part}.${name}`);
      }
    }
  }
}
