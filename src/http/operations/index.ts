import { ACCOUNT } from './account.js';
import { ANALYTICS } from './analytics.js';
import { CAMPAIGNS } from './campaigns.js';
import { CODES } from './codes.js';
import { CARDS, FORMS, PAGES } from './content.js';
import { FOLDERS } from './folders.js';
import { GS1 } from './gs1.js';
import { HOOKS } from './hooks.js';
import { JOBS } from './jobs.js';
import { LINKS } from './links.js';
import { CODE_REPOINTS, LINK_REPOINTS, UTM_TEMPLATES } from './lifecycle.js';
import { MEDIA } from './media.js';
import type { Operation } from './operation.js';
import { ENQUIRIES, SUBMISSIONS } from './submissions.js';
import { TEMPLATES } from './templates.js';
import { USERS } from './users.js';

/**
 * Every operation of /api/v1 (mirrored under /app/api/v1), by resource; those with a tool are the MCP
 * tools too. A new operation is one declaration in its resource's list; a new resource adds its list here.
 */
export const CATALOG: readonly (readonly Operation[])[] = [
  ACCOUNT,
  CODES,
  LINKS,
  CODE_REPOINTS,
  LINK_REPOINTS,
  UTM_TEMPLATES,
  USERS,
  HOOKS,
  FOLDERS,
  TEMPLATES,
  ANALYTICS,
  MEDIA,
  GS1,
  CAMPAIGNS,
  FORMS,
  SUBMISSIONS,
  PAGES,
  CARDS,
  ENQUIRIES,
  JOBS,
];

export const OPERATIONS: readonly Operation[] = CATALOG.flat();
