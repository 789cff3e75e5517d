import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config/config.js';
import type { Principal } from '../../identity/index.js';
import type { Services } from '../../services.js';
import { operationRoutes } from '../api/v1/operations.js';
import type { Guard, Policy } from '../guard.js';
import { ADD, CHANGE, READ, toolOf, toolsOf, type ToolContext } from '../mcp/tool.js';
import type { Presenters } from '../presenters.js';
import { DataEnvelope, DeletedEnvelope, ErrorEnvelope, IdParams } from '../schemas.js';
import { operation } from './operation.js';

const Thing = Type.Object({ id: Type.String(), name: Type.String(), given: Type.Array(Type.String()) });
const NameBody = Type.Object({ name: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
const principal = { account: { id: 'acc1' }, user: { id: 'u1', role: 'owner' } } as unknown as Principal;
const context = { config: {} as Config, services: {} as Services, present: {} as Presenters, principal } as ToolContext;

/** One of each kind; `run` answers what it was given, so both surfaces can be compared. */
const THINGS = [
  operation({
    id: 'renameThing',
    tool: 'things_rename',
    summary: 'Rename a thing',
    description: 'Renames a thing.',
    tag: 'things',
    scope: 'codes:write',
    kind: 'change',
    http: 'PATCH /things/:id',
    params: IdParams,
    body: NameBody,
    output: DataEnvelope(Thing),
    run: async (actor, input) => ({ id: input.id, name: `${input.name} by ${actor.userId}`, given: Object.keys(input) }),
  }),
  operation({
    id: 'createThing',
    tool: 'things_create',
    summary: 'Create a thing',
    description: 'Creates a thing.',
    tag: 'things',
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /things',
    body: NameBody,
    output: DataEnvelope(Thing),
    run: async (_actor, { name }) => ({ id: 't2', name, given: [] }),
  }),
  operation({
    id: 'deleteThing',
    tool: 'things_delete',
    summary: 'Delete a thing',
    description: 'Deletes a thing.',
    tag: 'things',
    scope: 'codes:write',
    kind: 'remove',
    http: 'DELETE /things/:id',
    params: IdParams,
    output: DeletedEnvelope({ parts: Type.Integer() }),
    run: async () => ({ parts: 3 }),
  }),
  operation({
    id: 'countThings',
    summary: 'Count things',
    description: 'Only over REST.',
    tag: 'things',
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /things/count',
    output: DataEnvelope(Type.Integer()),
    run: async () => 7,
  }),
];

async function restOf() {
  const policies: Policy[] = [];
  const guard: Guard = (policy) => {
    policies.push(policy);
    return Object.assign(
      async (request: { principal: Principal | null }) => {
        request.principal = principal;
      },
      { policy },
    ) as unknown as ReturnType<Guard>;
  };
  const app = Fastify();
  app.addSchema(ErrorEnvelope);
  app.decorateRequest('principal', null);
  app.decorateRequest('rate', null);
  await app.register(operationRoutes(THINGS), {
    guard,
    config: {} as Config,
    services: {} as Services,
    present: {} as Presenters,
  });
  await app.ready();
  return { app, policies };
}

describe('an operation declared once', () => {
  it('is a REST route and an MCP tool with the same scope, input and answer', async () => {
    const { app, policies } = await restOf();
    const rest = await app.inject({ method: 'PATCH', url: '/things/t1?stray=1', payload: { name: 'New' } });
    expect(rest.statusCode).toBe(200);
    // Only the parts the operation declares reach `run`: an unvalidated query never does.
    expect(rest.json()).toEqual({ data: { id: 't1', name: 'New by u1', given: ['name', 'id'] } });
    expect(policies[0]).toEqual({ scope: 'codes:write', metered: true });

    const tool = toolOf(THINGS[0]!);
    expect(tool).toMatchObject({ name: 'things_rename', title: 'Rename a thing', scope: 'codes:write', annotations: CHANGE });
    expect(Object.keys(tool.input.properties)).toEqual(['id', 'name']);
    expect(tool.input.additionalProperties).toBe(false);
    expect(tool.output).toBe(THINGS[0]!.output);
    const called = await tool.handler({ id: 't1', name: 'New' }, { ...context, actor: { ...context.actor!, userId: 'u1' } });
    expect(called).toEqual({ data: { id: 't1', name: 'New by u1', given: ['id', 'name'] } });
    await app.close();
  });

  it('takes its status and hints from its kind, and a removal answers the id it removed', async () => {
    const { app } = await restOf();
    const created = await app.inject({ method: 'POST', url: '/things', payload: { name: 'A' } });
    expect(created.statusCode).toBe(201);
    const removed = await app.inject({ method: 'DELETE', url: '/things/t9' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { id: 't9', deleted: true, parts: 3 } });
    expect(await toolOf(THINGS[2]!).handler({ id: 't9' }, context)).toEqual(removed.json());
    expect((await app.inject({ method: 'GET', url: '/things/count' })).json()).toEqual({ data: 7 });
    expect(toolsOf(THINGS).map((tool) => [tool.name, tool.annotations])).toEqual([
      ['things_rename', CHANGE],
      ['things_create', ADD],
      ['things_delete', CHANGE],
    ]);
    expect(toolOf({ ...THINGS[3]!, tool: 'things_count' }).annotations).toBe(READ);
    await app.close();
  });
});
