import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Harness } from './harness.js';

/** Makes the harness's app listen on a free local port (once) and returns its /mcp address. */
export async function mcpUrl(h: Harness): Promise<URL> {
  const address = h.app.server.listening ? h.app.listeningOrigin : await h.app.listen({ port: 0, host: '127.0.0.1' });
  return new URL('/mcp', address);
}

/** The SDK's own client, connected over real HTTP with the given headers (X-API-Key or Authorization). */
export async function mcpClient(url: URL, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'qrelay-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** The `{ error }` envelope a refused tool call carries in its text. */
export function toolError(result: unknown): { code: string; message: string; docs: string } {
  const r = result as CallToolResult;
  if (!r.isError) throw new Error(`expected a tool error, got ${JSON.stringify(r)}`);
  const first = r.content[0];
  if (first?.type !== 'text') throw new Error('a tool error carries text');
  return (JSON.parse(first.text) as { error: { code: string; message: string; docs: string } }).error;
}

/** A bare JSON-RPC POST to /mcp, for the HTTP-level behaviour (status codes, headers). */
export function rpc(url: URL, headers: Record<string, string>, body: object = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}
