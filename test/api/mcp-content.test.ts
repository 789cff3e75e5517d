import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { ownerOf } from '../support/actors.js';
import { createHarness, type Harness } from '../support/harness.js';
import { mcpClient, mcpUrl, toolError } from '../support/mcp.js';
import { describeEach, STORES } from '../support/stores.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';

describeEach(STORES)('MCP tools for hosted content ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let url: URL;
  const clients: Client[] = [];
  const connect = async (scopes: string[]) => {
    const client = await mcpClient(url, { 'x-api-key': await h.factory.token(t.account.id, scopes) });
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const data = (result: CallToolResult) => (result.structuredContent as { data: unknown }).data;

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    url = await mcpUrl(h);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await h.close();
  });

  it('reads forms and submissions with forms:read exactly as REST answers them', async () => {
    const form = (
      await h.request({
        method: 'POST',
        url: '/api/v1/forms',
        token: t.token,
        payload: { name: 'F', fields: [], challenge: true },
      })
    ).json().data;
    expect(form.challenge).toBe(true);
    await h.services.content.submissions.store(SYSTEM, await h.services.content.forms.get(ownerOf(t), form.id), 'submission', {
      q: 'a',
    });
    const client = await connect(['forms:read']);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['forms_list', 'forms_get', 'submissions_list']));
    expect(names).not.toContain('pages_list');
    expect(names).not.toContain('enquiries_list');
    expect(data(await call(client, 'forms_get', { id: form.id }))).toEqual(form);
    const rest = (await h.request({ method: 'GET', url: `/api/v1/submissions?formId=${form.id}`, token: t.token })).json().data;
    expect(data(await call(client, 'submissions_list', { formId: form.id }))).toEqual(rest);
    expect(toolError(await call(client, 'submissions_list', { limit: 101 })).code).toBe('invalid_request');
    expect(toolError(await call(client, 'pages_list')).code).toBe('forbidden');
  });

  it('reads pages, cards and enquiries with their own read scopes', async () => {
    const page = (await h.request({ method: 'POST', url: '/api/v1/pages', token: t.token, payload: { name: 'P' } })).json().data;
    const client = await connect(['pages:read', 'cards:read']);
    expect((data(await call(client, 'pages_list')) as { id: string }[]).map((p) => p.id)).toContain(page.id);
    expect(data(await call(client, 'cards_list'))).toEqual([]);
    expect(data(await call(client, 'enquiries_list'))).toEqual([]);
    expect(toolError(await call(client, 'cards_get', { id: page.id })).code).toBe('not_found');
  });
});
