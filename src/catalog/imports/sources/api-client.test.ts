import { describe, expect, it } from 'vitest';
import { ImportRefused, type FetchedResponse, type ImportFetch, type ImportRecord } from '../import.types.js';
import { DEFAULT_WAIT_SECONDS, MAX_TRIES, retryAfter } from './api-client.js';
import { readKuttApi } from './kutt.js';
import { readShlinkApi } from './shlink.js';
import { readYourlsApi } from './yourls.js';

/** A canned answer; `headers` by lower-case name. */
interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** An ImportFetch that gives the answers in turn (the last one again when they run out) and keeps what it was asked. */
function scripted(...answers: (Answer | Error)[]) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetch: ImportFetch = async (url, headers) => {
    asked.push({ url, headers });
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    const response: FetchedResponse = {
      status: answer.status,
      header: (name) => answer.headers?.[name] ?? null,
      text: async () => answer.body ?? '',
    };
    return response;
  };
  return { fetch, asked };
}

/** A Wait that only writes down the seconds asked for. */
function recordedWait() {
  const waits: number[] = [];
  return { waits, wait: async (seconds: number) => void waits.push(seconds) };
}

async function collect(records: AsyncGenerator<ImportRecord>): Promise<ImportRecord[]> {
  const all: ImportRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

const SHLINK = { url: 'https://s.test/', apiKey: 'b5a8d0f4-secret-key' };
const shlinkPage = (shortCodes: string[], page: number, pagesCount: number) =>
  JSON.stringify({
    shortUrls: {
      data: shortCodes.map((shortCode) => ({
        shortCode,
        shortUrl: `https://s.test/${shortCode}`,
        longUrl: `https://example.com/${shortCode}`,
        tags: [],
      })),
      pagination: { currentPage: page, pagesCount, itemsPerPage: 100, itemsInCurrentPage: shortCodes.length, totalItems: 0 },
    },
  });

describe('the API readers', () => {
  it('wait out a 429 for its Retry-After, cut to a minute, and ask the same page again', async () => {
    const { fetch, asked } = scripted(
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': '600' } },
      { status: 429 },
      { status: 200, body: shlinkPage(['a1'], 1, 1) },
    );
    const { waits, wait } = recordedWait();
    const records = await collect(readShlinkApi(SHLINK, fetch, wait));
    expect(records).toMatchObject([{ row: 1, shortCode: 'a1' }]);
    expect(waits).toEqual([2, 60, DEFAULT_WAIT_SECONDS]);
    expect(new Set(asked.map((request) => request.url))).toEqual(
      new Set(['https://s.test/rest/v3/short-urls?page=1&itemsPerPage=100&orderBy=dateCreated-ASC']),
    );
    expect(asked[0]!.headers).toMatchObject({ 'X-Api-Key': SHLINK.apiKey });
  });

  it(`give up after ${MAX_TRIES} tries that all answer 429`, async () => {
    const { fetch, asked } = scripted({ status: 429, headers: { 'retry-after': '1' } });
    const { waits, wait } = recordedWait();
    const error = await collect(readShlinkApi(SHLINK, fetch, wait)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toBe(
      `The Shlink server still answered 429 Too Many Requests after ${MAX_TRIES} tries at GET https://s.test/rest/v3/short-urls?page=1&itemsPerPage=100&orderBy=dateCreated-ASC; try again later.`,
    );
    expect(asked).toHaveLength(MAX_TRIES);
    expect(waits).toHaveLength(MAX_TRIES - 1);
  });

  it('read Retry-After as seconds or as a date', () => {
    expect(retryAfter('7')).toBe(7);
    expect(retryAfter('61')).toBe(60);
    expect(retryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0);
    expect(retryAfter('Fri, 01 Jan 2100 00:00:00 GMT')).toBe(60);
    expect(retryAfter('soon')).toBe(DEFAULT_WAIT_SECONDS);
    expect(retryAfter(null)).toBe(DEFAULT_WAIT_SECONDS);
  });

  it('name the request but never the signature YOURLS carries in its address', async () => {
    const key = 'a1b2c3d4e5';
    const { fetch } = scripted({ status: 403, body: '{"message":"Please log in","errorCode":"403","callback":""}' });
    const error = await collect(readYourlsApi({ url: 'https://sho.rt', apiKey: key }, fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefused);
    expect(error).toMatchObject({ field: 'source' });
    expect((error as Error).message).toBe(
      'The YOURLS server refused the signature (403) at GET https://sho.rt/yourls-api.php?signature=[hidden]&action=list&format=json&sortby=keyword&sortorder=ASC&offset=0&perpage=100: Please log in.',
    );
  });

  it('say what to install when YOURLS has no list action', async () => {
    const { fetch } = scripted({
      status: 400,
      body: '{"errorCode":"400","message":"Unknown or missing \\"action\\" parameter"}',
    });
    await expect(collect(readYourlsApi({ url: 'https://sho.rt/yourls-api.php', apiKey: 'a1b2c3d4e5' }, fetch))).rejects.toThrow(
      /answered 400 at GET https:\/\/sho\.rt\/yourls-api\.php\?signature=\[hidden\]&action=list.*: Unknown or missing "action" parameter\. YOURLS has no "list" action of its own: install and activate the plugin "YOURLS API Action List Extended"/,
    );
  });

  it.each([
    [
      { status: 301, headers: { location: 'https://s.test/rest/v3/short-urls' } },
      /answered GET .* with a redirect \(301\) to https:\/\/s\.test\/rest\/v3\/short-urls: give the address it redirects to\.$/,
    ],
    [
      { status: 404, body: '<html>Not found</html>' },
      /^The Shlink server answered 404 at GET .*\. check the address of the Shlink server\.$/,
    ],
    [
      { status: 200, body: '<!doctype html><title>Welcome</title>' },
      /with something that is not JSON \(it starts "<!doctype html><title>Welcome<\/title>"\): is this the address of a Shlink server\?$/,
    ],
    [
      { status: 200, body: '{"data":[]}' },
      /with JSON that is not a page of short URLs \(\{ shortUrls: \{ data: \[\.\.\.\] \} \}\)/,
    ],
    [
      { status: 502, body: '' },
      /^The Shlink server failed \(502\) at GET https:\/\/s\.test\/rest\/v3\/short-urls\?page=1&itemsPerPage=100&orderBy=dateCreated-ASC\.$/,
    ],
    [
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
      /did not answer GET .*: the connection was refused\.$/,
    ],
    [
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      /did not answer GET .*: the request timed out\.$/,
    ],
  ])('refuse an answer they cannot read: %#', async (answer, message) => {
    const { fetch } = scripted(answer);
    const error = await collect(readShlinkApi(SHLINK, fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(SHLINK.apiKey);
  });

  it('build their addresses from the base a person gives', async () => {
    const shlink = scripted({ status: 200, body: shlinkPage([], 1, 0) });
    await collect(readShlinkApi({ url: 'https://s.test/rest/v3/', apiKey: 'k-1234' }, shlink.fetch));
    expect(shlink.asked[0]!.url).toBe('https://s.test/rest/v3/short-urls?page=1&itemsPerPage=100&orderBy=dateCreated-ASC');

    const kutt = scripted({ status: 200, body: '{"limit":50,"skip":0,"total":0,"data":[]}' });
    await collect(readKuttApi({ url: 'https://kutt.example/api/v2', apiKey: 'k-1234' }, kutt.fetch));
    expect(kutt.asked[0]).toEqual({
      url: 'https://kutt.example/api/v2/links?limit=50&skip=0',
      headers: { 'X-API-KEY': 'k-1234', Accept: 'application/json' },
    });

    const yourls = scripted({ status: 200, body: '{"statusCode":200,"message":"success","result":[],"total":"0"}' });
    await collect(readYourlsApi({ url: 'https://example.org/s/?x=1', apiKey: 'k-1234' }, yourls.fetch));
    expect(yourls.asked[0]!.url).toBe(
      'https://example.org/s/yourls-api.php?signature=k-1234&action=list&format=json&sortby=keyword&sortorder=ASC&offset=0&perpage=100',
    );

    await expect(collect(readKuttApi({ url: 'kutt.example', apiKey: 'k' }, kutt.fetch))).rejects.toThrow(
      'The address of the Kutt server is not a web address: "kutt.example".',
    );
    await expect(collect(readKuttApi({ url: 'ftp://kutt.example', apiKey: 'k' }, kutt.fetch))).rejects.toThrow(
      'The address of the Kutt server must start with https:// or http://.',
    );
  });

  it('read a YOURLS list plugin without paging as one page, and Kutt counts given as text', async () => {
    const yourls = scripted({
      status: 200,
      body: JSON.stringify({
        statusCode: 200,
        message: 'success',
        result: [{ keyword: 'website', url: 'https://leox.dev/' }, { keyword: 'donald' }],
      }),
    });
    expect(await collect(readYourlsApi({ url: 'https://sho.rt', apiKey: 'k-1234' }, yourls.fetch))).toEqual([
      {
        row: 1,
        url: 'https://leox.dev/',
        shortCode: 'website',
        domain: 'sho.rt',
        title: null,
        tags: [],
        createdAt: null,
        clicks: null,
      },
      { row: 2, error: { row: 2, field: 'url', message: 'The keyword donald has no url (does the list plugin send it?).' } },
    ]);
    expect(yourls.asked).toHaveLength(1);

    const kutt = scripted(
      {
        status: 200,
        body: JSON.stringify({
          total: '51',
          data: Array.from({ length: 50 }, (_, i) => ({ address: `k${i}`, target: `https://example.com/${i}` })),
        }),
      },
      {
        status: 200,
        body: JSON.stringify({ total: '51', data: [{ address: 'last', target: 'https://example.com/last', banned: true }] }),
      },
    );
    const records = await collect(readKuttApi({ url: 'https://kutt.example', apiKey: 'k-1234' }, kutt.fetch));
    expect(records).toHaveLength(51);
    expect(records[50]).toEqual({
      row: 51,
      error: { row: 51, field: 'url', message: 'Kutt has banned the link last: it is not moved.' },
    });
    expect(kutt.asked.map((request) => request.url)).toEqual([
      'https://kutt.example/api/v2/links?limit=50&skip=0',
      'https://kutt.example/api/v2/links?limit=50&skip=50',
    ]);
  });
});
