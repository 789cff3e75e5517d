/**
 * An integrator's first script, written against the client generated from qrelay's OpenAPI document
 * (openapi-typescript types, openapi-fetch calls): create a code, repoint it, scan it once and read
 * its events. Prints one JSON object. QRELAY_API is the API base, QRELAY_TOKEN a token with
 * codes:write and analytics:read.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/qrelay.js';

type Code = components['schemas']['Code'];
type Event = components['schemas']['Event'];

const baseUrl = process.env.QRELAY_API ?? 'http://127.0.0.1:8080/api/v1';
const token = process.env.QRELAY_TOKEN;
if (!token) throw new Error('QRELAY_TOKEN is required');
const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

const created = await client.POST('/codes', { body: { name: 'Menu', url: 'https://example.com/menu' } });
if (!created.data) throw new Error(`create: ${created.error?.error.code}`);
const code: Code = created.data.data;

const repointed = await client.PATCH('/codes/{id}', {
  params: { path: { id: code.id } },
  body: { url: 'https://example.com/winter-menu' },
});
if (!repointed.data) throw new Error(`repoint: ${repointed.error?.error.code}`);

// Somebody scans the printed symbol.
const scan = await fetch(code.encode, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } });

// Events are committed within moments; `limit` is left out, as its default is fine.
let events: Event[] = [];
for (let attempt = 0; attempt < 100 && events.length === 0; attempt += 1) {
  const page = await client.GET('/events', { params: { query: { codeId: code.id } } });
  if (!page.data) throw new Error(`events: ${page.error?.error.code}`);
  events = page.data.data;
  if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
}

process.stdout.write(
  `${JSON.stringify({
    code: { id: code.id, encode: code.encode, destination: repointed.data.data.destination },
    scan: { status: scan.status, location: scan.headers.get('location') },
    events: events.map((event) => ({ type: event.type, codeId: event.codeId })),
  })}\n`,
);
