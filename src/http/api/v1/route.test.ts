import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { GuardHook } from '../../guard.js';
import { IdParams, responses } from '../../schemas.js';
import { declareRoutes } from './route.js';

const Thing = Type.Object({ data: Type.Object({ id: Type.String() }) });
const route = declareRoutes(['things']);

/** A guard that lets a request through only with `x-pass: yes`. */
const guard = Object.assign(
  async (request: { headers: Record<string, unknown> }, reply: { code(n: number): { send(b: unknown): void } }) => {
    if (request.headers['x-pass'] !== 'yes') reply.code(403).send({ refused: true });
  },
  { policy: { scope: null, metered: false } },
) as unknown as GuardHook;

describe('declareRoutes', () => {
  it("files the operation under the resource's tags and keeps its parts as they are", () => {
    const response = responses({ 200: Thing }, [404]);
    const options = route(guard, 'getThing', 'Read a thing', { description: 'One thing.', params: IdParams, response });
    expect(options.onRequest).toBe(guard);
    expect(options.schema).toEqual({
      operationId: 'getThing',
      summary: 'Read a thing',
      tags: ['things'],
      description: 'One thing.',
      params: IdParams,
      response,
    });
    expect(options.schema.response).toBe(response);
  });

  it('leaves out the guard of a public route', () => {
    expect('onRequest' in route(null, 'signIn', 'Sign in', { response: {} })).toBe(false);
  });

  it('gives Fastify options it runs: the guard first, then the schemas', async () => {
    const app = Fastify();
    app.get(
      '/things/:id',
      route(guard, 'getThing', 'Read a thing', { params: IdParams, response: { 200: Thing } }),
      async (request) => ({
        data: { id: (request.params as { id: string }).id },
      }),
    );
    const get = (id: string, pass: string) => app.inject({ url: `/things/${id}`, headers: { 'x-pass': pass } });
    expect((await get('a1', 'no')).statusCode).toBe(403);
    expect((await get('a1', 'yes')).json()).toEqual({ data: { id: 'a1' } });
    expect((await get('x'.repeat(65), 'yes')).statusCode).toBe(400);
    await app.close();
  });
});
