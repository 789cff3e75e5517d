import type { Readable } from 'node:stream';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Config } from '../../config/config.js';
import type { Person, RateStatus, Scope } from '../../platform/index.js';
import type { Principal } from '../../identity/index.js';
import type { Services } from '../../services.js';
import type { Presenters } from '../presenters.js';

/**
 * What an operation does to the account's data: `read` answers 200 and is read-only; `add` answers
 * 201 and adds again when called again; `change` answers 200 and overwrites or ends something;
 * `remove` is a `change` that answers `{ id, deleted: true }` with what `run` adds; `start` queues a
 * job and answers 202 with its address in `Location`.
 */
export type Kind = 'read' | 'add' | 'change' | 'remove' | 'start';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What `run` receives besides the acting person and the input, on either surface. */
export interface OperationContext {
  config: Config;
  services: Services;
  present: Presenters;
  principal: Principal;
  /** The rate-limit window as the guard left it for this HTTP request. */
  rate: RateStatus;
  /** The request's `Idempotency-Key` header, where the surface has one. */
  idempotencyKey?: string;
}

/** A request body that streams in as it is sent (a file), on REST; `run` receives it as `upload`. */
export interface Upload {
  stream: Readable;
  /** The media type without parameters: one of the operation's `upload.content`. */
  type: string;
  /** The whole Content-Type header (a multipart body's boundary is in it). */
  header: string;
}

type Part = TObject | undefined;
type In<S extends Part> = S extends TObject ? Static<S> : unknown;

/** The path parameters, query and body together: the MCP tool's arguments, and the REST request's parts merged. */
export type Input<P extends Part, Q extends Part, B extends Part> = In<P> & In<Q> & In<B> & { upload?: Upload };

/** The `data` of an envelope. */
type Data<O extends TObject> = Static<O> extends { data: infer D } ? D : never;

/** What `run` gives: the data of an answer that is only `{ data }`, the whole answer otherwise (a cursor page). */
type Answer<O extends TObject, K extends Kind> = K extends 'remove'
  ? object | void
  : keyof Static<O> extends 'data'
    ? Data<O>
    : Static<O>;

/**
 * One operation, declared once: the REST route (`http`, under `/api/v1` and `/app/api/v1`) and, where
 * it has one, the MCP `tool` are both derived from it, with the same scope, schemas and `run`.
 */
export interface Operation<
  P extends Part = Part,
  Q extends Part = Part,
  B extends Part = Part,
  O extends TObject = TObject,
  K extends Kind = Kind,
> {
  /** The REST operationId, which clients are generated from. */
  id: string;
  /** The MCP tool's name, where the operation has a tool. */
  tool?: string;
  /** The OpenAPI summary and the tool's title. */
  summary: string;
  description: string;
  /** Appends "(addition within v1)" to the REST summary: the operation came after v1 was published. */
  addedInV1?: true;
  /** The OpenAPI tag. */
  tag: string;
  /** The scope a token needs; null for none (like /me). */
  scope: Scope | null;
  /** With `scope: null`: the scopes one of which `run` itself requires (a job: the scope of its work). */
  scopeOneOf?: readonly Scope[];
  /** Scopes needed besides `scope` (checked by the REST guard; `run` checks them for the MCP tool). */
  alsoScopes?: readonly Scope[];
  /** False where the REST call neither needs API access in the plan nor spends allowance. */
  metered?: false;
  kind: K;
  http: `${Method} /${string}`;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The answer's schema: the REST success body and the tool's output. */
  output: O;
  /**
   * On REST the body is not parsed but handed to `run` as `upload` (a stream of one of these media
   * types, documented by their schemas); `body` is then the MCP tool's arguments, which `run` turns
   * into the same input.
   */
  upload?: { content: Record<string, TSchema> };
  /** A removal REST answers with 204 and no body (the MCP tool still gets `{ data: { id, deleted } }`). */
  noContent?: true;
  /** Error statuses besides the usual ones (404 is added wherever `params` names an object). */
  errors?: number[];
  run(actor: Person, input: Input<P, Q, B>, context: OperationContext): Promise<Answer<O, K>>;
}

/** Keeps `run`'s input and answer typed from the schemas; the catalog holds them untyped. */
export const operation = <P extends Part, Q extends Part, B extends Part, O extends TObject, K extends Kind>(
  declared: Operation<P, Q, B, O, K>,
): Operation => declared as unknown as Operation;

/** Whether `run` gives the whole answer rather than its `data`. */
export const answersWhole = (op: Operation): boolean => Object.keys(op.output.properties).some((key) => key !== 'data');

/** The answer both surfaces send: what `run` gave, in the envelope `output` names. */
export async function answer(op: Operation, actor: Person, input: Record<string, unknown>, context: OperationContext) {
  const given = await op.run(actor, input as never, context);
  if (op.kind === 'remove') return { data: { id: input.id, deleted: true, ...(given as object | undefined) } };
  return answersWhole(op) ? given : { data: given };
}
