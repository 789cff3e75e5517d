import { CODES } from '../../operations/codes.js';
import { toolsOf, type ToolDefinition } from '../tool.js';
import { accountTools } from './account.js';
import { campaignTools } from './campaigns.js';
import { eventTools } from './events.js';
import { folderTools } from './folders.js';
import { gs1Tools } from './gs1.js';
import { linkTools } from './links.js';
import { mediaTools } from './media.js';
import { symbolTools } from './symbols.js';
import { teamTools } from './team.js';
import { templateTools } from './templates.js';
import { webhookTools } from './webhooks.js';
import { contentTools } from './content.js';

/** Every MCP tool. A resource adds its file's list here (docs/mcp.md, "Adding a tool"). */
export const TOOLS: readonly ToolDefinition[] = [
  ...accountTools,
  ...toolsOf(CODES),
  ...eventTools,
  ...linkTools,
  ...folderTools,
  ...templateTools,
  ...symbolTools,
  ...teamTools,
  ...webhookTools,
  ...mediaTools,
  ...gs1Tools,
  ...campaignTools,
  ...contentTools,
];
