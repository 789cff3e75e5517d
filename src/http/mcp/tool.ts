import { Type, type Static, type TComposite, type TObject } from '@sinclair/typebox';
import type { Person, Scope } from '../../platform/index.js';
import { answer, type Kind, type Operation, type OperationContext } from '../operations/operation.js';

/** What a tool's handler receives besides its arguments: the same things a REST handler has. */
export interface ToolContext extends OperationContext {
  /** The token's person: the services check what they may do. */
  actor: Person;
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
 * presenter as the REST route and returns exactly the REST response body. `toolOf` derives one from
 * a catalog operation; only a tool whose answer is not the REST body is written with `defineTool`.
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

const HINTS: Record<Kind, ToolHints> = { read: READ, add: ADD, change: CHANGE, remove: CHANGE, start: ADD };

/**
 * The MCP tool of a catalog operation that has one: its name, the summary as the title, the
 * operation's scope and description, the REST parts composed into one argument object, the REST
 * answer as the output, the kind's hints, and the same `run` answering the same body.
 */
export function toolOf(op: Operation): ToolDefinition {
  if (!op.tool) throw new Error(`${op.id} has no MCP tool`);
  const parts = [op.params, op.querystring, op.body].filter((part): part is TObject => part !== undefined);
  return {
    name: op.tool,
    title: op.summary,
    description: op.description,
    scope: op.scope,
    input: parts.length === 0 ? NoInput : toolInput(...parts),
    output: op.output,
    annotations: HINTS[op.kind],
    handler: async (args, context) => (await answer(op, context.actor, args, context)) as Static<TObject>,
  };
}

/** The tools of the operations that have one, in the catalog's order. */
export const toolsOf = (operations: readonly Operation[]): ToolDefinition[] =>
  operations.filter((op) => op.tool !== undefined).map(toolOf);
