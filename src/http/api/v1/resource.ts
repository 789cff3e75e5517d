import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Person } from '../../../modules/team/roles.policy.js';
import type { GuardHook } from '../../guard.js';
import { IdParams, responses } from '../../schemas.js';
import { actor } from './context.js';
import type { declareRoutes, RouteParts } from './route.js';

/**
 * What a standard operation states besides its id and summary: prose, the success body's schema
 * (`{ data }`; the error responses are added) where it is not the resource's, and `run`, which calls
 * the service as the acting person.
 */
interface Operation<Args extends unknown[], Result> {
  description?: string;
  response?: TSchema;
  run(acting: Person, ...input: Args): Promise<Result>;
}

/** An operation with a body; `errors` adds statuses to the usual ones (404 where the body names other objects). */
type WithBody<B extends TSchema, Args extends unknown[], Result> = Operation<Args, Result> & { body: B; errors?: number[] };

/** What every route of a resource shares. */
interface Resource<Row> {
  path: string;
  read: GuardHook;
  write?: GuardHook;
  /** The resource's presenter: the answer's `data` is each row `list` gives, or what the others but `remove` give, presented. */
  present?: (row: Row) => unknown;
  /** The answer of `create`, `get`, `update`, `act` and `retire`, and of `list`, unless the operation names its own. */
  response?: TSchema;
  listResponse?: TSchema;
  /** Fastify's route `config`, on every route (`{ dashboardOnly: true }` on the session surface). */
  config?: Record<string, unknown>;
}

/** The request as the route's schemas validated it. */
type Validated = FastifyRequest<{ Params: { id: string } }>;

/** The parts that are given, in the order they are listed (the OpenAPI document keeps it). */
const given = (parts: RouteParts): RouteParts =>
  Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as RouteParts;

/**
 * The standard operations of one resource at `path`: `list` (GET path) and `get` (GET path/:id) behind
 * `read`; `create` (POST path, 201), `update` (PATCH path/:id), `act` (POST path/:id/action) and
 * `remove` or `retire` (DELETE path/:id) behind `write`. `run` receives the acting person and the
 * validated input, typed from the schemas, and calls the service; the resource's `present` turns what
 * it gives into the `data` of the answer (without a presenter, `run` presents). `remove` answers
 * `{ id, deleted: true }` with whatever `run` adds. Each call declares its route at once, so a
 * resource's routes keep the order they are written in, with its other operations among them
 * (declared with `route`).
 */
export function resourceRoutes<Row = unknown>(
  app: Pick<FastifyInstance, 'route'>,
  route: ReturnType<typeof declareRoutes>,
  resource: Resource<Row>,
) {
  const { path, read, write, config } = resource;
  const show = resource.present ?? ((row: Row) => row);
  const declare = (
    method: HTTPMethods,
    [operationId, summary]: [string, string],
    parts: RouteParts,
    data: (acting: Person, request: Validated) => Promise<unknown>,
    { action, status = method === 'POST' ? 201 : 200 }: { action?: string; status?: number } = {},
  ) => {
    const guard = method === 'GET' ? read : write;
    if (!guard) throw new Error(`${method} ${path}: a resource that changes needs its write guard`);
    app.route({
      method,
      url: parts.params ? `${path}/:id${action ? `/${action}` : ''}` : path,
      ...route(guard, operationId, summary, given(parts)),
      ...(config ? { config } : {}),
      handler: async (request, reply) => reply.code(status).send({ data: await data(actor(request), request as Validated) }),
    });
  };
  /** The operation's own answer, else the resource's. */
  const answer = (operationId: string, own: TSchema | undefined, resources: TSchema | undefined): TSchema => {
    const schema = own ?? resources;
    if (!schema) throw new Error(`${operationId}: neither the operation nor ${path} names the answer's schema`);
    return schema;
  };
  const one = (operationId: string, own: TSchema | undefined) =>
    responses({ 200: answer(operationId, own, resource.response) }, [404]);
  /** An operation on path/:id without a body that answers the object presented: `get` and `retire`. */
  const byId = (method: 'GET' | 'DELETE') => (operationId: string, summary: string, op: Operation<[id: string], Row>) =>
    declare(
      method,
      [operationId, summary],
      { description: op.description, params: IdParams, response: one(operationId, op.response) },
      async (acting, request) => show(await op.run(acting, request.params.id)),
    );

  return {
    list<Q extends TSchema>(
      operationId: string,
      summary: string,
      op: Operation<[query: Static<Q>], Row[]> & { querystring?: Q },
    ) {
      const { description, querystring } = op;
      const response = responses({ 200: answer(operationId, op.response, resource.listResponse) });
      declare('GET', [operationId, summary], { description, querystring, response }, async (acting, request) =>
        (await op.run(acting, request.query as Static<Q>)).map((row) => show(row)),
      );
    },
    create<B extends TSchema>(operationId: string, summary: string, op: WithBody<B, [body: Static<B>], Row>) {
      const { description, body, errors } = op;
      const response = responses({ 201: answer(operationId, op.response, resource.response) }, errors);
      declare('POST', [operationId, summary], { description, body, response }, async (acting, request) =>
        show(await op.run(acting, request.body as Static<B>)),
      );
    },
    get: byId('GET'),
    update<B extends TSchema>(operationId: string, summary: string, op: WithBody<B, [id: string, body: Static<B>], Row>) {
      const { description, body } = op;
      declare(
        'PATCH',
        [operationId, summary],
        { description, params: IdParams, body, response: one(operationId, op.response) },
        async (acting, request) => show(await op.run(acting, request.params.id, request.body as Static<B>)),
      );
    },
    /** DELETE path/:id that ends the object but keeps its record (a person suspended, a token revoked). */
    retire: byId('DELETE'),
    /**
     * POST path/:id/`action` (a code's `clone` or `archive`, a campaign's `members`), with a body where the
     * action takes one: answers the object presented, 201 when the action `creates` one.
     */
    act<B extends TSchema>(
      action: string,
      operationId: string,
      summary: string,
      op: Operation<[id: string, body: Static<B>], Row> & { body?: B; creates?: boolean },
    ) {
      const { description, body } = op;
      const status = op.creates ? 201 : 200;
      const response = responses({ [status]: answer(operationId, op.response, resource.response) }, [404]);
      declare(
        'POST',
        [operationId, summary],
        { description, params: IdParams, body, response },
        async (acting, request) => show(await op.run(acting, request.params.id, request.body as Static<B>)),
        { action, status },
      );
    },
    /** Its own `response` always: the deletion's envelope. */
    remove(operationId: string, summary: string, op: Operation<[id: string], object | void> & { response: TSchema }) {
      const { description, response } = op;
      declare(
        'DELETE',
        [operationId, summary],
        { description, params: IdParams, response: one(operationId, response) },
        async (acting, request) => ({
          id: request.params.id,
          deleted: true,
          ...(await op.run(acting, request.params.id)),
        }),
      );
    },
  };
}
