import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode as RpcErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, InvalidRequest } from '../../lib/errors.js';
import { errorBody, describeValidation } from '../errors.js';
import { assertScope, spendAllowance } from '../guard.js';
import { bodyValidator } from '../validation.js';
import type { Attachment, ToolContext, ToolDefinition } from './tool.js';

const INSTRUCTIONS =
  'qrelay manages QR codes and short links. Tools return the same JSON as the REST API (/api/v1), in structuredContent ' +
  'and as text. A refused call is a tool error whose text is { "error": { "code", "message", "docs" } } with the REST ' +
  "error code (forbidden, not_found, invalid_request, quota_exceeded, ...). Only the tools your token's scopes allow are listed.";

/** One compiled validator and one JSON listing per tool, for the life of the process. */
const ajv = bodyValidator();
const validators = new WeakMap<ToolDefinition, ValidateFunction>();
const listings = new WeakMap<ToolDefinition, Tool>();

/** TypeBox schemas are JSON Schema plus symbol keys; JSON drops those. */
const plainSchema = <T>(schema: unknown): T => JSON.parse(JSON.stringify(schema)) as T;

function listing(tool: ToolDefinition): Tool {
  let entry = listings.get(tool);
  if (!entry) {
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: plainSchema<Tool['inputSchema']>(tool.input),
      outputSchema: plainSchema<NonNullable<Tool['outputSchema']>>(tool.output),
      annotations: { title: tool.title, ...tool.annotations, openWorldHint: false },
    };
    listings.set(tool, entry);
  }
  return entry;
}

/** The arguments as the REST body validator would take them (defaults applied), or invalid_request naming the field. */
function validArguments(tool: ToolDefinition, raw: unknown): Record<string, unknown> {
  let validate = validators.get(tool);
  if (!validate) {
    validate = ajv.compile(tool.input);
    validators.set(tool, validate);
  }
  const args = structuredClone(raw ?? {});
  if (!validate(args)) throw new InvalidRequest(describeValidation('arguments', validate.errors ?? []));
  return args as Record<string, unknown>;
}

export interface McpRequestContext extends ToolContext {
  tools: readonly ToolDefinition[];
  log: FastifyBaseLogger;
  requestId: string;
}

/**
 * A fresh MCP server for one HTTP request (the endpoint is stateless). It lists only the tools the
 * token's scopes allow; calling one outside them is a tool error `forbidden` (like REST's 403), and
 * an unknown name is a protocol error. Every refusal carries the REST error code.
 */
export function buildMcpServer(context: McpRequestContext): McpServer {
  const { tools, principal, log, requestId, config } = context;
  const mcp = new McpServer(
    { name: 'qrelay', title: 'qrelay', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const allowed = (tool: ToolDefinition) => tool.scope === null || principal.token.scopes.includes(tool.scope);

  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.filter(allowed).map(listing) }));

  mcp.server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(RpcErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      assertScope(principal, tool.scope);
      await spendAllowance(context.services, principal);
      const attachments: Attachment[] = [];
      const args = validArguments(tool, request.params.arguments);
      const result = (await tool.handler(args, { ...context, attach: (block) => attachments.push(block) })) as Record<
        string,
        unknown
      >;
      return { content: [{ type: 'text', text: JSON.stringify(result) }, ...attachments], structuredContent: result };
    } catch (error) {
      let body;
      if (error instanceof AppError) body = errorBody(config.publicUrl, error.code, error.message);
      else {
        log.error({ err: error, tool: tool.name }, 'unexpected error in an MCP tool');
        body = errorBody(
          config.publicUrl,
          'internal_error',
          `An unexpected error occurred. Quote request id ${requestId} when reporting it.`,
        );
      }
      // No structuredContent: clients check it against the tool's output schema even on errors.
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  });
  return mcp;
}
