import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TOOLS } from '../../src/http/mcp/tools/index.js';
import { SCOPES } from '../../src/platform/authz/scopes.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { zbarDecodeOne } from '../support/decoders.js';
import { mcpClient, mcpUrl, rpc, toolError } from '../support/mcp.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('MCP endpoint ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let url: URL;
  const clients: Client[] = [];
  const connect = async (token: string, header: 'x-api-key' | 'authorization' = 'x-api-key') => {
    const client = await mcpClient(url, { [header]: header === 'x-api-key' ? token : `Bearer ${token}` });
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const data = (result: CallToolResult) => {
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return (result.structuredContent as { data: Record<string, unknown> }).data;
  };

  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    t = await h.factory.tenant({ plan: 'business' });
    url = await mcpUrl(h);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await h.close();
  });

  it('lists only the tools the token scopes allow, with schemas and annotations', async () => {
    const all = await (await connect(t.token)).listTools();
    expect(all.tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    for (const tool of all.tools) {
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(20);
    }
    const create = all.tools.find((tool) => tool.name === 'codes_create')!;
    expect(create.inputSchema.required).toEqual(['name']);
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    const list = all.tools.find((tool) => tool.name === 'codes_list')!;
    expect(list.inputSchema.required).toBeUndefined();
    expect(list.inputSchema.properties!.limit).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(all.tools.find((tool) => tool.name === 'codes_archive')!.annotations).toMatchObject({ destructiveHint: true });

    const reader = await connect(await h.factory.token(t.account.id, ['codes:read']));
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual([
      'whoami',
      'codes_list',
      'codes_get',
      'codes_repoints_list',
      'utm_templates_list',
      'folders_list',
      'templates_list',
      'exports_create',
      'jobs_list',
      'jobs_get',
      'jobs_cancel',
      'codes_image',
      'designs_preview',
    ]);
    const team = await connect(await h.factory.token(t.account.id, ['team:read', 'analytics:read']));
    const names = (await team.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('team_list');
    expect(names).toContain('webhooks_create');
    expect(names).not.toContain('team_invite');
    expect(names).not.toContain('codes_list');
  });

  it('returns a code’s symbol as an image that decodes, with the scannability check', async () => {
    const client = await connect(t.token);
    const created = data(await call(client, 'codes_create', { name: 'Poster', url: 'https://example.com/poster' }));
    const result = await call(client, 'codes_image', { id: created.id, size: 300 });
    expect(data(result)).toMatchObject({ format: 'png', contentType: 'image/png', fileName: 'poster.png' });
    expect(data(result).scannability).toMatchObject({ scannable: true, decoded: true });
    const image = result.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(zbarDecodeOne(Buffer.from((image as { data: string }).data, 'base64'))).toEqual([created.encode]);
    const pdf = await call(client, 'designs_preview', { value: 'hello', format: 'pdf', size: 30 });
    expect(pdf.content[1]).toMatchObject({
      type: 'resource',
      resource: { mimeType: 'application/pdf', uri: 'qrelay://designs/preview/qr-code.pdf' },
    });
    expect(toolError(await call(client, 'codes_image', { id: created.id, format: 'gif' })).code).toBe('invalid_request');
    const stranger = await connect((await h.factory.tenant()).token);
    expect(toolError(await call(stranger, 'codes_image', { id: created.id })).code).toBe('not_found');
  });

  it('previews a design with every option the REST API takes, refused by the same rules', async () => {
    const client = await connect(t.token);
    const design = { gradient: { colour: '#7B2CBF', direction: 'vertical' }, backgroundRadius: 4, moduleStyle: 'dots' };
    const result = await call(client, 'designs_preview', { value: 'hello', design, size: 300 });
    expect(data(result).scannability).toMatchObject({ scannable: true, decoded: true });
    const image = result.content.find((c) => c.type === 'image') as { data: string };
    expect(zbarDecodeOne(Buffer.from(image.data, 'base64'))).toEqual(['hello']);
    const rounded = await call(client, 'designs_preview', { value: 'hello', design: { quietZone: 2, backgroundRadius: 3 } });
    expect(toolError(rounded)).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('design.backgroundRadius'),
    });
  });

  it('creates and repoints a code, returning exactly the REST JSON', async () => {
    const client = await connect(t.token, 'authorization');
    const created = data(await call(client, 'codes_create', { name: 'Flyer', url: 'https://example.com/a' }));
    expect(created).toMatchObject({ name: 'Flyer', mode: 'dynamic', destination: 'https://example.com/a', scans: 0 });
    expect(created.encode).toBe(`http://qrelay.test/${created.shortCode as string}`);

    const repointed = await call(client, 'codes_update', { id: created.id, url: 'https://example.com/b' });
    expect(data(repointed)).toMatchObject({ id: created.id, shortCode: created.shortCode, destination: 'https://example.com/b' });
    expect(JSON.parse((repointed.content[0] as { text: string }).text)).toEqual(repointed.structuredContent);

    const read = await call(client, 'codes_get', { id: created.id });
    const rest = await h.request({ method: 'GET', url: `/api/v1/codes/${created.id as string}`, token: t.token });
    expect(read.structuredContent).toEqual(rest.json());

    const paused = data(await call(client, 'codes_update', { id: created.id, status: 'paused', name: 'Flyer 2' }));
    expect(paused).toMatchObject({ status: 'paused', name: 'Flyer 2' });
    expect(data(await call(client, 'codes_clone', { id: created.id }))).toMatchObject({ name: 'Flyer 2 (copy)', scans: 0 });
    expect(data(await call(client, 'codes_archive', { id: created.id }))).toMatchObject({ status: 'archived' });
    const listed = await call(client, 'codes_list', { name: 'flyer' });
    const restList = await h.request({ method: 'GET', url: '/api/v1/codes?name=flyer', token: t.token });
    expect(listed.structuredContent).toEqual(restList.json());
  });

  it('refuses a tool outside the token scopes with forbidden, and an unknown tool as a protocol error', async () => {
    const reader = await connect(await h.factory.token(t.account.id, ['codes:read']));
    const refused = await call(reader, 'codes_create', { name: 'No', url: 'https://example.com/no' });
    expect(refused.structuredContent).toBeUndefined();
    expect(toolError(refused)).toMatchObject({ code: 'forbidden', message: 'This token lacks the codes:write scope.' });
    expect((await h.request({ method: 'GET', url: '/api/v1/codes?name=No', token: t.token })).json().data).toEqual([]);
    await expect(reader.callTool({ name: 'codes_explode', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('carries the REST error code of every refusal', async () => {
    const client = await connect(t.token);
    const code = data(await call(client, 'codes_create', { name: 'Static', url: 'https://example.com/s', mode: 'static' }));
    expect(toolError(await call(client, 'codes_update', { id: code.id, url: 'https://example.com/t' })).code).toBe(
      'invalid_request',
    );
    expect(toolError(await call(client, 'codes_get', { id: '01900000-0000-7000-8000-000000000000' }))).toMatchObject({
      code: 'not_found',
      docs: 'http://qrelay.test/docs/errors#not_found',
    });
    expect(toolError(await call(client, 'codes_list', { limit: 500 })).message).toBe('arguments.limit must be <= 100');
    expect(toolError(await call(client, 'codes_create', { name: 'X' })).message).toBe('url (or content) is required.');
    expect(toolError(await call(client, 'links_create', { url: 'https://example.com', colour: 'red' })).message).toBe(
      'arguments.colour is not a known field',
    );
    expect(toolError(await call(client, 'team_update', { id: t.owner.id, role: 'member' })).code).toBe('forbidden');
  });

  it('runs links, team, webhooks and whoami through the same services', async () => {
    const client = await connect(t.token);
    const link = data(await call(client, 'links_create', { url: 'https://example.com/l', shortCode: 'mcp-link' }));
    expect(data(await call(client, 'links_update', { id: link.id, url: 'https://example.com/m' }))).toMatchObject({
      destination: 'https://example.com/m',
      shortCode: 'mcp-link',
    });
    const links = await call(client, 'links_list', { limit: 5 });
    expect(links.structuredContent).toEqual(
      (await h.request({ method: 'GET', url: '/api/v1/links?limit=5', token: t.token })).json(),
    );

    const person = data(await call(client, 'team_invite', { email: 'mcp@example.com', role: 'editor' }));
    expect(data(await call(client, 'team_update', { id: person.id, role: 'admin' }))).toMatchObject({ role: 'admin' });
    expect(data(await call(client, 'team_suspend', { id: person.id }))).toMatchObject({ status: 'suspended' });
    expect(data(await call(client, 'team_get', { id: person.id }))).toMatchObject({ email: 'mcp@example.com' });

    const hook = data(await call(client, 'webhooks_create', { url: 'http://127.0.0.1:9/in', events: ['scan'] }));
    expect(hook.secret).toEqual(expect.any(String));
    expect(data(await call(client, 'webhooks_deliveries', { id: hook.id }))).toEqual([]);
    expect(data(await call(client, 'webhooks_delete', { id: hook.id }))).toEqual({ id: hook.id, deleted: true });
    expect(data(await call(client, 'webhooks_list'))).toEqual([]);

    const me = data(await call(client, 'whoami'));
    expect(me).toMatchObject({ account: { id: t.account.id, plan: 'business' }, token: { scopes: [...SCOPES] } });
  });

  it('reads events and analytics of real scans, and clears them', async () => {
    const client = await connect(t.token);
    const code = data(await call(client, 'codes_create', { name: 'Poster', url: 'https://example.com/poster' }));
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const scan = await h.request({
      method: 'GET',
      url: `/${String(code.shortCode)}`,
      headers: { host: 'qrelay.test', 'user-agent': iphone },
    });
    expect(scan.statusCode).toBe(302);
    await h.services.traffic.recorder.flush();

    const analytics = data(await call(client, 'codes_analytics', { id: code.id, days: 7 }));
    expect(analytics).toMatchObject({ codeId: code.id, days: 7, totals: { scans: 1, uniqueVisitors: 1 } });
    const account = data(await call(client, 'account_analytics', { days: 7 }));
    const rest = (await h.request({ method: 'GET', url: '/api/v1/analytics/account?days=7', token: t.token })).json().data;
    expect(account).toEqual(rest);
    expect(account).toMatchObject({ totals: { scans: 1 }, topCodes: [{ codeId: code.id, scans: 1 }] });
    const events = (await call(client, 'events_list', { codeId: code.id })).structuredContent as { data: { codeId: string }[] };
    expect(events.data).toHaveLength(1);
    expect(events.data[0]!.codeId).toBe(code.id);
    expect(data(await call(client, 'codes_clear_scans', { id: code.id }))).toEqual({ codeId: code.id, eventsRemoved: 1 });
    expect(data(await call(client, 'codes_get', { id: code.id })).scans).toBe(0);
  });

  it('manages folders and saved designs, matching the REST JSON', async () => {
    const client = await connect(t.token);
    const folder = data(await call(client, 'folders_create', { name: 'Spring campaign' }));
    const code = await h.factory.code(t.account.id);
    data(await call(client, 'codes_update', { id: code.id, folderId: folder.id }));
    const listed = data(await call(client, 'folders_list')) as unknown as { id: string; codeCount: number }[];
    const rest = (await h.request({ method: 'GET', url: '/api/v1/folders', token: t.token })).json().data;
    expect(listed).toEqual(rest);
    expect(listed.find((f) => f.id === folder.id)?.codeCount).toBe(1);
    expect(data(await call(client, 'folders_analytics', { id: folder.id, days: 7 }))).toMatchObject({ days: 7, scans: 0 });

    const design = { foreground: '#112233', background: '#ffffff' };
    const template = data(await call(client, 'templates_create', { name: 'Brand', design }));
    expect(data(await call(client, 'templates_list'))).toEqual(
      (await h.request({ method: 'GET', url: '/api/v1/templates', token: t.token })).json().data,
    );
    expect(data(await call(client, 'templates_delete', { id: template.id }))).toEqual({ id: template.id, deleted: true });
    expect(data(await call(client, 'folders_delete', { id: folder.id }))).toEqual({
      id: folder.id,
      deleted: true,
      unfiledCodes: 1,
    });
  });

  it('answers an unexpected failure generically, without its detail', async () => {
    const client = await connect(t.token);
    const spy = vi.spyOn(h.services.catalog.links, 'list').mockRejectedValueOnce(new Error('secret internal detail'));
    try {
      const error = toolError(await call(client, 'links_list'));
      expect(error.code).toBe('internal_error');
      expect(error.message).not.toContain('secret');
      expect(error.message).toMatch(/request id/);
    } finally {
      spy.mockRestore();
    }
  });

  it('accepts X-API-Key on /mcp only, and gives a bad key the REST 401', async () => {
    const me = await rpc(url, { 'x-api-key': t.token });
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit-limit')).toBe('120');
    expect(me.headers.get('quota-limit')).toBe('100000');
    expect((await h.request({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': t.token } })).statusCode).toBe(401);

    const bad: Record<string, string>[] = [
      {},
      { 'x-api-key': 'qrelay1_nope' },
      { authorization: 'Bearer nope' },
      { 'x-api-key': `Bearer ${t.token}` },
    ];
    for (const headers of bad) {
      const res = await rpc(url, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    await expect(connect('qrelay1_nope')).rejects.toMatchObject({ code: 401 });
  });

  it('answers GET and DELETE with 405, and stays out of the OpenAPI document', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(url, { method, headers: { 'x-api-key': t.token } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((path) => path.includes('mcp'))).toBe(false);
  });

  it('gives the free plan plan_required', async () => {
    const free = await h.factory.tenant({ plan: 'free' });
    const res = await rpc(url, { 'x-api-key': free.token });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('plan_required');
  });

  it('counts every MCP request against the per-minute rate, and every tool call against the monthly allowance', async () => {
    h.clock.set(Date.UTC(2026, 2, 10, 12, 0, 15));
    const limited = await h.factory.tenant({ plan: 'business', ratePerMinute: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await rpc(url, { 'x-api-key': limited.token }));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(statuses[2]!.headers.get('retry-after')).toBe('45');
    expect(((await statuses[2]!.json()) as { error: { code: string } }).error.code).toBe('rate_limited');

    const metered = await h.factory.tenant({ plan: 'starter', monthlyAllowance: 2 });
    const bearer = { authorization: `Bearer ${metered.token}` };
    // The protocol's own messages spend nothing.
    for (let i = 0; i < 3; i++) expect((await rpc(url, bearer)).status).toBe(200);
    const whoami = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const remaining = [];
    for (let i = 0; i < 2; i++) {
      const res = (await (await rpc(url, bearer, whoami)).json()) as {
        result: { structuredContent: { data: { allowance: { remaining: number } } } };
      };
      remaining.push(res.result.structuredContent.data.allowance.remaining);
    }
    expect(remaining).toEqual([1, 0]);
    // Once it is spent, every request is refused like REST's.
    const after = await rpc(url, bearer, whoami);
    expect(after.status).toBe(402);
    expect(after.headers.get('quota-remaining')).toBe('0');
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('quota_exceeded');
    const rest = await h.request({ method: 'GET', url: '/api/v1/codes', token: metered.token });
    expect(rest.json().error.code).toBe('quota_exceeded');
  });
});
