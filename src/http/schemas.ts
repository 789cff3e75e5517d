import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES } from '../lib/errors.js';
import { StringEnum } from '../lib/schema-types.js';

/** The error envelope of SPEC section 7. `internal_error` is used only for an unexpected 500. */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: StringEnum([...ERROR_CODES, 'internal_error']),
      message: Type.String(),
      docs: Type.String(),
    }),
  },
  { $id: 'ErrorEnvelope', title: 'Error' },
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed or impossible request (invalid_request).',
  401: 'Missing, unknown, revoked or expired token, or a suspended company (unauthorized).',
  402: 'Monthly allowance spent (quota_exceeded) or not in the plan (plan_required).',
  403: 'The token lacks the scope, or the action is not allowed (forbidden).',
  404: 'No such object, or it belongs to another account (not_found).',
  413: 'The request body is too large (invalid_request).',
  414: 'The address or one of its parts is too long (invalid_request).',
  415: 'The body is not application/json (invalid_request).',
  429: 'Too many requests this minute (rate_limited).',
  431: 'The request headers are too large (invalid_request).',
};

export const errorResponse = (status: number) => ({
  ...Type.Ref(ErrorEnvelope),
  description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
});

/** Responses for a route: its successes plus the errors every endpoint can give. */
export function responses(success: Record<number, TSchema>, extraErrors: number[] = []): Record<number, unknown> {
  const out: Record<number, unknown> = { ...success };
  for (const status of [400, 401, 402, 403, 429, ...extraErrors]) out[status] = errorResponse(status);
  return out;
}

/** `{ data: T }`, the envelope of every successful response. */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ data });

/** The answer of a deletion, `{ data: { id, deleted: true } }`, with the `fields` a deletion adds (a folder's unfiled codes). */
export const DeletedEnvelope = <F extends TProperties = Record<never, never>>(fields?: F) =>
  DataEnvelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true), ...fields }));

/** The largest offset a list accepts: a signed 32-bit integer, which every store holds. */
export const OFFSET_MAX = 2_147_483_647;

export const Pagination = {
  limit: (max = 100, fallback = 25) => Type.Integer({ minimum: 1, maximum: max, default: fallback }),
  offset: () => Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
};

/** The query of a list read by pages and narrowed by nothing else: `limit` and `offset`, no other parameter. */
export const PageQuery = () =>
  Type.Object({ limit: Pagination.limit(), offset: Pagination.offset() }, { additionalProperties: false });

export const DateTime = Type.String({ format: 'date-time' });

/** Visits another service counted before a code or link was moved in: a figure of that service, never events here. */
export const ImportedTotal = Type.Object(
  {
    source: Type.String({ description: 'The service it was moved in from: bitly, shlink, yourls, kutt, dub or csv.' }),
    total: Type.Integer({ description: "Its lifetime visits as that service counted them; not part of this service's counts." }),
  },
  { additionalProperties: false },
);
export { Nullable, StringEnum, TaggedUnion } from '../lib/schema-types.js';

/** The `:id` of every resource path: any string up to 64 characters (one that is no id is a 404). */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
