import type { TSchema } from '@sinclair/typebox';
import type { GuardHook } from '../../guard.js';

/** What an operation holds besides its id, summary and tags: Fastify's own schema keys, as they are. */
export interface RouteParts {
  description?: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, unknown>;
}

/** A route's options: its guard (none on the few public session routes) and its OpenAPI operation. */
export type RouteOptions<P extends RouteParts> = {
  onRequest?: GuardHook;
  schema: P & { operationId: string; summary: string; tags: string[] };
};

/**
 * Declares the routes of one resource, filed under `tags` in the OpenAPI document:
 * `route(guard, operationId, summary, { description?, params?, querystring?, body?, response })` gives
 * the options Fastify takes beside the path and the handler. The parts keep their own types, so the
 * handler's request stays typed from its schemas.
 */
export const declareRoutes =
  (tags: string[]) =>
  <P extends RouteParts>(onRequest: GuardHook | null, operationId: string, summary: string, parts: P): RouteOptions<P> => ({
    ...(onRequest ? { onRequest } : {}),
    schema: { operationId, summary, tags, ...parts },
  });
