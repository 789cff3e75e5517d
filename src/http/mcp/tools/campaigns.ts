import * as schema from '../../api/v1/campaigns/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('campaigns:read');

/** Campaigns and tags, read side: the same service calls and presenters as /api/v1/campaigns and /api/v1/tags. */
export const campaignTools = [
  tool.read('campaigns_list', 'List campaigns', [schema.ListCampaignsQuery], schema.CampaignListResponse, {
    description:
      'Lists campaigns by name, each with its start and end and its members (codes, links, forms, pages, cards); page with limit and offset.',
    run: async (page, { services, actor, present }) => (await services.catalog.campaigns.list(actor, page)).map(present.campaign),
  }),
  tool.read('campaigns_get', 'Read a campaign', [IdParams], schema.CampaignResponse, {
    description: 'Reads one campaign by id, with its members.',
    run: async ({ id }, { services, actor, present }) => present.campaign(await services.catalog.campaigns.get(actor, id)),
  }),
  resourceTools('analytics:read').read(
    'campaigns_analytics',
    "Read a campaign's analytics",
    [IdParams, schema.CampaignAnalyticsQuery],
    schema.CampaignAnalyticsResponse,
    {
      description:
        "Totals and a daily series of events (scans, clicks, views, form submissions) and unique visitors over a campaign's members for the last days (1-3650, default 30), with each member's figures; automated traffic excluded.",
      run: async ({ id, days }, { services, actor }) => services.traffic.campaignAnalytics.campaignAnalytics(actor, id, days),
    },
  ),
  tool.read('tags_list', 'List tags in use', [], schema.TagListResponse, {
    description:
      'Lists the tags in use on codes, links, forms, pages and cards, most used first, each with how many things carry it.',
    run: async (_args, { services, actor }) => services.catalog.campaigns.tags(actor),
  }),
  tool.read('tags_get', 'Read the tags of one thing', [schema.TagsOfQuery], schema.TaggedResponse, {
    description: 'Reads the tags of one code, link, form, page or card, given its type (code, link, form, page, card) and id.',
    run: async ({ type, id }, { services, actor }) => ({
      type,
      id,
      tags: await services.catalog.campaigns.tagsOf(actor, { type, id }),
    }),
  }),
];
