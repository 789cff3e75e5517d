import { Type, type Static, type TComposite, type TObject } from '@sinclair/typebox';
import type { Config } from '../../config/config.js';
import type { RateStatus } from '../../modules/limits/limits.service.js';
import type { Person } from '../../modules/team/roles.policy.js';
import type { Scope } from '../../modules/tokens/scopes.js';
import type { Principal } from '../../modules/tokens/tokens.types.js';
import type { Services } from '../../services.js';
import type { Presenters } from '../presenters.js';
import type { IdParams } from '../schemas.js';

/** What a tool's handler receives besides its arguments: the same things a REST handler has. */
export interface ToolContext {
  config: Config;
  services: Services;
  principal: Principal;
  /** The token's person: the services check what they may do. */
  actor: Person;
  present: Presenters;
  /** The rate-limit window as the guard left it for this HTTP request. */
  rate: RateStatus;
  /** Adds a content block (an image, a file) after the JSON text of the result. */
  attach?(block: Attachment): void;
}

/** Binary content a tool returns beside its JSON: an image, or a file as an embedded resource. */
export type Attachment =
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

/** The MCP hints of a tool; `openWorldHint` is always false (a tool touches only qrelay's own data). */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

/**
 * One MCP tool. `input` and `output` are the REST resource's own TypeBox schemas (composed with
 * `toolInput`), so the limits and the JSON cannot drift apart; `handler` calls the same service and
 * presenter as the REST route and returns exactly the REST response body.
 */
export interface ToolDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  name: string;
  title: string;
  description: string;
  /** The scope a token needs to see and call the tool; null for none (like /me). */
  scope: Scope | null;
  input: I;
  output: O;
  annotations: ToolHints;
  handler(args: Static<I>, context: ToolContext): Promise<Static<O>>;
}

/** Keeps a tool's argument and result types tied to its schemas. */
export const defineTool = <I extends TObject, O extends TObject>(tool: ToolDefinition<I, O>): ToolDefinition =>
  tool as unknown as ToolDefinition;

export const READ: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
/** Adds something new; calling twice adds twice. */
export const ADD: ToolHints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
/** Overwrites or ends something; calling twice with the same arguments changes nothing more. */
export const CHANGE: ToolHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };

/**
 * One argument object from REST parts (path parameters, query, body): their properties together,
 * unknown fields refused, and a property with a default no longer required (an assistant may omit it).
 */
export function toolInput<T extends TObject[]>(...parts: [...T]): TComposite<T> {
  const schema = Type.Composite(parts, { additionalProperties: false });
  const raw = schema as unknown as { properties: Record<string, { default?: unknown }>; required?: string[] };
  const required = (raw.required ?? []).filter((key) => raw.properties[key]?.default === undefined);
  if (required.length > 0) raw.required = required;
  else delete raw.required;
  return schema;
}

/** No arguments. */
export const NoInput = Type.Object({}, { additionalProperties: false });

/** The `data` of a REST envelope schema. */
type Data<O extends TObject> = Static<O> extends { data: infer D } ? D : never;

/** What a resource tool adds to its name, title and schemas: prose and the service call. */
export interface ToolBody<I extends TObject[], O extends TObject> {
  description: string;
  /** Calls the service and presents; the result is answered as `{ data }`, like the REST route. */
  run(args: Static<TComposite<I>>, context: ToolContext): Promise<Data<O>>;
}

function toolOfKind(scope: Scope | null, annotations: ToolHints) {
  return <I extends TObject[], O extends TObject>(
    name: string,
    title: string,
    input: [...I],
    output: O,
    { description, run }: ToolBody<I, O>,
  ): ToolDefinition => ({
    name,
    title,
    description,
    scope,
    input: input.length === 0 ? NoInput : toolInput(...input),
    output,
    annotations,
    handler: async (args, context) => ({ data: await run(args as Static<TComposite<I>>, context) }),
  });
}

/** What a deletion tool adds to its name, title and schemas: prose and the service call, whose result joins the answer. */
export interface RemoveBody<I extends TObject[]> {
  description: string;
  run(args: Static<TComposite<I>>, context: ToolContext): Promise<object | void>;
}

/**
 * The tools of one resource, by kind: `read` (needs `readScope`, hints READ), `add`, `change` and
 * `remove` (need `writeScope`, hints ADD, CHANGE and CHANGE). Input is the REST parts (none: no
 * arguments); the handler's result is wrapped in the REST envelope. `remove` takes the id and answers
 * like the REST `remove`: `{ id, deleted: true }` with what `run` adds. A tool that answers more than
 * `{ data }` uses `defineTool`.
 */
export function resourceTools(readScope: Scope | null, writeScope: Scope | null = readScope) {
  const change = toolOfKind(writeScope, CHANGE);
  return {
    read: toolOfKind(readScope, READ),
    add: toolOfKind(writeScope, ADD),
    change,
    remove: <I extends [typeof IdParams, ...TObject[]], O extends TObject>(
      name: string,
      title: string,
      input: [...I],
      output: O,
      { description, run }: RemoveBody<I>,
    ): ToolDefinition =>
      change(name, title, input, output, {
        description,
        run: async (args, context) => {
          const { id } = args as typeof args & Static<typeof IdParams>;
          return { id, deleted: true, ...(await run(args, context)) } as Data<O>;
        },
      }),
  };
}
