import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import {
  CampaignAnalyticsQuery,
  CampaignAnalyticsResponse,
  CampaignListResponse,
  CampaignResponse,
  CreateCampaignBody,
  DeletedCampaignResponse,
  ListCampaignsQuery,
  MoveMembersBody,
  SetTagsBody,
  TaggedResponse,
  TagListResponse,
  TagsOfQuery,
  UpdateCampaignBody,
} from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const tags = ['campaigns'];
const route = declareRoutes(tags);

/** Campaigns, their members and analytics, and tags (additions within v1). */
export const campaignsRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'campaigns:read', metered: true });
  const write = guard({ scope: 'campaigns:write', metered: true });

  const campaigns = resourceRoutes(app, route, {
    path: '/campaigns',
    read,
    write,
    present: present.campaign,
    response: CampaignResponse,
    listResponse: CampaignListResponse,
  });

  campaigns.list('listCampaigns', 'List campaigns with their members', {
    description: 'By name, case-insensitively.',
    querystring: ListCampaignsQuery,
    run: (acting, query) => services.catalog.campaigns.list(acting, query),
  });

  campaigns.create('createCampaign', 'Create a campaign', {
    description: "Members named here move in from any campaign they were in. Another account's object is a 404.",
    body: CreateCampaignBody,
    errors: [404],
    run: (acting, body) => services.catalog.campaigns.create(acting, body),
  });

  campaigns.get('getCampaign', 'Read a campaign', {
    run: (acting, id) => services.catalog.campaigns.get(acting, id),
  });

  campaigns.update('updateCampaign', "Change a campaign's name or dates", {
    body: UpdateCampaignBody,
    run: (acting, id, body) => services.catalog.campaigns.update(acting, id, body),
  });

  campaigns.act('members', 'moveCampaignMembers', 'Move things into and out of a campaign', {
    description: 'One transaction: `add` moves things in (out of any other campaign), `remove` takes them out.',
    body: MoveMembersBody,
    run: (acting, id, body) => services.catalog.campaigns.moveMembers(acting, id, body),
  });

  campaigns.remove('deleteCampaign', 'Delete a campaign', {
    description: 'Its members stay, in no campaign.',
    response: DeletedCampaignResponse,
    run: (acting, id) => services.catalog.campaigns.delete(acting, id),
  });

  app.get(
    '/campaigns/:id/analytics',
    route(
      guard({ scope: 'analytics:read', metered: true }),
      'getCampaignAnalytics',
      "A campaign's totals and daily series over its members",
      {
        description:
          "Events (scans, clicks, views) and unique visitors: the sums of the members' figures. Automated traffic is excluded.",
        params: IdParams,
        querystring: CampaignAnalyticsQuery,
        response: responses({ 200: CampaignAnalyticsResponse }, [404]),
      },
    ),
    async (request) => ({
      data: await services.traffic.campaignAnalytics.campaignAnalytics(actor(request), request.params.id, request.query.days),
    }),
  );

  app.get(
    '/tags',
    route(read, 'listTags', 'List the tags in use with their counts', {
      description: 'Most used first; tags that differ only in case are one.',
      response: responses({ 200: TagListResponse }),
    }),
    async (request) => ({ data: await services.catalog.campaigns.tags(actor(request)) }),
  );

  app.get(
    '/tags/of',
    route(read, 'getTags', 'Read the tags of one code, link, form, page or card', {
      querystring: TagsOfQuery,
      response: responses({ 200: TaggedResponse }, [404]),
    }),
    async (request) => {
      const { type, id } = request.query;
      return { data: { type, id, tags: await services.catalog.campaigns.tagsOf(actor(request), { type, id }) } };
    },
  );

  app.put(
    '/tags',
    route(write, 'setTags', 'Set the tags of one code, link, form, page or card', {
      description: 'Replaces all its tags; an empty list removes them.',
      body: SetTagsBody,
      response: responses({ 200: TaggedResponse }, [404]),
    }),
    async (request) => {
      const { type, id, tags: labels } = request.body;
      return { data: { type, id, tags: await services.catalog.campaigns.setTags(actor(request), { type, id }, labels) } };
    },
  );
};
