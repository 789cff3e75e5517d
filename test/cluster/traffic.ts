import { createServer, type Server } from 'node:http';

export const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Runs `task(i)` for i in 0..n-1 with at most `concurrency` at once; resolves with every result in order. */
export async function bounded<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) results[i] = await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return results;
}

/** Polls `read` until `done` holds of its value or `limitMs` passes; resolves with the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A JSON API call with a bearer token; the status and the parsed body. */
export async function api<T = Record<string, unknown>>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A phone scanning a short address: the status and Location, or `failed` when the connection broke. */
export async function scan(base: string, shortCode: string): Promise<{ status: number; location: string | null } | 'failed'> {
  try {
    const response = await fetch(`${base}/${shortCode}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') };
  } catch {
    return 'failed';
  }
}

/** Every event id of a code, through the API's pages (100 a page). */
export async function eventIds(base: string, token: string, codeId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const query: string = `/events?limit=100&codeId=${codeId}${cursor ? `&cursor=${cursor}` : ''}`;
    const { status, body } = await api<{ data: { id: string }[]; nextCursor: string | null }>(base, token, 'GET', query);
    if (status !== 200) throw new Error(`GET /events answered ${status}`);
    ids.push(...body.data.map((e) => e.id));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

/** A webhook receiver on 127.0.0.1: every delivery's webhook-id, in order of arrival. */
export interface Receiver {
  url: string;
  ids: string[];
  /** Deliveries being answered right now, and the most there ever were at once. */
  inFlight: { now: number; max: number };
  close(): Promise<void>;
}

export async function startReceiver(delayMs: number): Promise<Receiver> {
  const ids: string[] = [];
  const inFlight = { now: 0, max: 0 };
  const server: Server = createServer((request, response) => {
    inFlight.now += 1;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    request.resume();
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id']));
      setTimeout(() => {
        inFlight.now -= 1;
        response.writeHead(200).end('ok');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    ids,
    inFlight,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** How many times each value occurs, for the values seen more than once. */
export function repeats(values: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return Object.fromEntries([...counts].filter(([, n]) => n > 1));
}
