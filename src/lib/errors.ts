/**
 * The product's failures. Services throw these; each surface (REST, CLI, MCP) renders them.
 * `code` is the stable machine-readable code of SPEC section 7.
 */
export type ErrorCode =
  'unauthorized' | 'forbidden' | 'not_found' | 'invalid_request' | 'rate_limited' | 'quota_exceeded' | 'plan_required';

export const ERROR_CODES: readonly ErrorCode[] = [
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_request',
  'rate_limited',
  'quota_exceeded',
  'plan_required',
];

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
}

export class Unauthorized extends AppError {
  readonly code = 'unauthorized';
  constructor(message = 'A valid access token is required: send "Authorization: Bearer <token>".') {
    super(message);
  }
}

export class Forbidden extends AppError {
  readonly code = 'forbidden';
}

export class NotFound extends AppError {
  readonly code = 'not_found';
  constructor(what = 'object') {
    super(`No such ${what}.`);
  }
}

export class InvalidRequest extends AppError {
  readonly code = 'invalid_request';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Too large to accept: a file over its limit, or one that would overfill the account's library (413). */
export class TooLarge extends InvalidRequest {}

export class RateLimited extends AppError {
  readonly code = 'rate_limited';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests this minute; retry after ${retryAfterSeconds} s.`);
  }
}

export class QuotaExceeded extends AppError {
  readonly code = 'quota_exceeded';
}

export class PlanRequired extends AppError {
  readonly code = 'plan_required';
  constructor(message = 'Your plan does not include API access to this endpoint.') {
    super(message);
  }
}
