import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { mcpClient, mcpUrl, toolError } from '../support/mcp.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('MCP read tools for GS1, campaigns and tags ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let client: Client;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    client = await mcpClient(await mcpUrl(h), {
      'x-api-key': await h.factory.token(t.account.id, ['gs1:read', 'campaigns:read']),
    });
  });
  afterAll(async () => {
    await client.close();
    await h.close();
  });
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const rest = async (url: string) => (await h.request({ method: 'GET', url: `/api/v1${url}`, token: t.token })).json();

  it('answers exactly what REST answers, and only within the token scopes', async () => {
    const entry = await h.services.catalog.gs1.create(ownerOf(t), {
      key: '01/09506000134352',
      links: [{ linkType: 'gs1:pip', href: 'https://b.example/' }],
    });
    const code = await h.factory.code(t.account.id);
    const campaign = await h.services.catalog.campaigns.create(ownerOf(t), {
      name: 'MCP',
      members: [{ type: 'code', id: code.id }],
    });
    await h.services.catalog.campaigns.setTags(ownerOf(t), { type: 'code', id: code.id }, ['shelf']);
    for (const [tool, args, url] of [
      ['gs1_list', {}, '/gs1'],
      ['gs1_get', { id: entry.id }, `/gs1/${entry.id}`],
      ['campaigns_list', {}, '/campaigns'],
      ['campaigns_get', { id: campaign.id }, `/campaigns/${campaign.id}`],
      ['tags_list', {}, '/tags'],
      ['tags_get', { type: 'code', id: code.id }, `/tags/of?type=code&id=${code.id}`],
    ] as const) {
      const result = await call(tool, args);
      expect(result.isError, tool).toBeFalsy();
      expect(result.structuredContent, tool).toEqual(await rest(url));
    }
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('campaigns_analytics');
    expect(toolError(await call('gs1_get', { id: '00000000-0000-7000-8000-000000000000' })).code).toBe('not_found');
  });
});
