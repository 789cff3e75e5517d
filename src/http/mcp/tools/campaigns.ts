import {
  CampaignAnalyticsQuery,
  CampaignAnalyticsResponse,
  CampaignListResponse,
  CampaignResponse,
  ListCampaignsQuery,
  TaggedResponse,
  TagListResponse,
  TagsOfQuery,
} from '../../api/v1/campaigns/schema.js';
import { IdParams } from '../../schemas.js';
import { defineTool, NoInput, READ, toolInput } from '../tool.js';

/** Campaigns and tags, read side: the same service calls and presenters as /api/v1/campaigns and /api/v1/tags. */
export const campaignTools = [
  defineTool({
    name: 'campaigns_list',
    title: 'List campaigns',
    description:
      'Lists campaigns by name, each with its start and end and its members (codes, links); page with limit and offset.',
    scope: 'campaigns:read',
    input: toolInput(ListCampaignsQuery),
    output: CampaignListResponse,
    annotations: READ,
    async handler(page, { services, actor, present }) {
      return { data: (await services.campaigns.list(actor, page)).map(present.campaign) };
    },
  }),
  defineTool({
    name: 'campaigns_get',
    title: 'Read a campaign',
    description: 'Reads one campaign by id, with its members.',
    scope: 'campaigns:read',
    input: toolInput(IdParams),
    output: CampaignResponse,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.campaign(await services.campaigns.get(actor, id)) };
    },
  }),
  defineTool({
    name: 'campaigns_analytics',
    title: "Read a campaign's analytics",
    description:
      "Totals and a daily series of events (scans, clicks, views) and unique visitors over a campaign's members for the last days (1-3650, default 30), with each member's figures; automated traffic excluded.",
    scope: 'analytics:read',
    input: toolInput(IdParams, CampaignAnalyticsQuery),
    output: CampaignAnalyticsResponse,
    annotations: READ,
    async handler({ id, days }, { services, actor }) {
      return { data: await services.campaignAnalytics.campaignAnalytics(actor, id, days) };
    },
  }),
  defineTool({
    name: 'tags_list',
    title: 'List tags in use',
    description: 'Lists the tags in use on codes and links, most used first, each with how many things carry it.',
    scope: 'campaigns:read',
    input: NoInput,
    output: TagListResponse,
    annotations: READ,
    async handler(_args, { services, actor }) {
      return { data: await services.campaigns.tags(actor) };
    },
  }),
  defineTool({
    name: 'tags_get',
    title: 'Read the tags of a code or link',
    description: 'Reads the tags of one code or link, given its type (code, link) and id.',
    scope: 'campaigns:read',
    input: toolInput(TagsOfQuery),
    output: TaggedResponse,
    annotations: READ,
    async handler({ type, id }, { services, actor }) {
      return { data: { type, id, tags: await services.campaigns.tagsOf(actor, { type, id }) } };
    },
  }),
];
