import { OPERATIONS } from '../../operations/index.js';
import { toolsOf, type ToolDefinition } from '../tool.js';
import { symbolTools } from './symbols.js';

/** Every MCP tool: the catalog's, and the two that answer an image (docs/mcp.md, "Adding a tool"). */
export const TOOLS: readonly ToolDefinition[] = [...toolsOf(OPERATIONS), ...symbolTools];
