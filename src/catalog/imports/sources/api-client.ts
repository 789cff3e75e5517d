import { setTimeout as sleep } from 'node:timers/promises';
import { ImportRefused, type ApiSource, type FetchedResponse, type ImportFetch } from '../import.types.js';

/** How long a reader waits before trying again; tests pass one that records the seconds. */
export type Wait = (seconds: number) => Promise<void>;
export const waitSeconds: Wait = (seconds) => sleep(seconds * 1000);

/** Tries per request when the server answers 429 Too Many Requests. */
export const MAX_TRIES = 5;
/** The longest wait a Retry-After may ask for; a longer one is cut to this. */
export const MAX_WAIT_SECONDS = 60;
/** The wait after a 429 that names none. */
export const DEFAULT_WAIT_SECONDS = 5;

export interface ApiProduct {
  /** As messages name it: `Shlink`, `YOURLS`, `Kutt`. */
  name: string;
  /** What the person gave to be let in: `API key`, `signature`. */
  credential: string;
  /** The product's own words on a refused request, from its error body (`detail`, `error`, `message`). */
  reason(body: unknown): string | null;
  /** A sentence on what to do about an answer the product gives for a known cause (YOURLS without the list plugin). */
  advice?(status: number, reason: string | null): string | null;
}

/** One GET of an API reader: its address, the headers it sends, and the secret never to show. */
export interface ApiRequest {
  url: string;
  headers: Record<string, string>;
  secret: string;
}

/**
 * GETs `request` and returns its JSON body. Waits out a 429 (Retry-After seconds or date, at most a minute,
 * at most MAX_TRIES tries); anything else that is not a 2xx JSON answer throws ImportRefused naming the request
 * (its address with the secret hidden) and what happened.
 */
export async function getJson(product: ApiProduct, request: ApiRequest, fetch: ImportFetch, wait: Wait): Promise<unknown> {
  const hide = hider(request.secret);
  const named = `GET ${hide(request.url)}`;
  const refuse = (what: string) => new ImportRefused(hide(what));
  for (let attempt = 1; ; attempt++) {
    let response: FetchedResponse;
    let body: string;
    try {
      response = await fetch(request.url, request.headers);
      body = await response.text();
    } catch (error) {
      throw refuse(`The ${product.name} server did not answer ${named}: ${failure(error)}.`);
    }
    const { status } = response;
    if (status === 429) {
      if (attempt >= MAX_TRIES) {
        throw refuse(
          `The ${product.name} server still answered 429 Too Many Requests after ${MAX_TRIES} tries at ${named}; try again later.`,
        );
      }
      await wait(retryAfter(response.header('retry-after')));
      continue;
    }
    const json = parseJson(body);
    const reason = json === undefined ? null : product.reason(json);
    const because = reason ? `: ${clip(reason).replace(/[\s.]+$/, '')}` : '';
    const advice = product.advice?.(status, reason);
    if (status === 401 || status === 403) {
      throw refuse(`The ${product.name} server refused the ${product.credential} (${status}) at ${named}${because}.`);
    }
    if (status >= 300 && status < 400) {
      const location = response.header('location');
      throw refuse(
        `The ${product.name} server answered ${named} with a redirect (${status})${location ? ` to ${clip(location)}` : ''}: give the address it redirects to.`,
      );
    }
    if (status >= 500) throw refuse(`The ${product.name} server failed (${status}) at ${named}${because}.`);
    if (status < 200 || status >= 300) {
      const what = advice ?? (status === 404 ? `check the address of the ${product.name} server` : null);
      throw refuse(`The ${product.name} server answered ${status} at ${named}${because}${what ? `. ${what}` : ''}.`);
    }
    if (json === undefined) {
      const start = body.trim().slice(0, 40);
      throw refuse(
        `The ${product.name} server answered ${named} with something that is not JSON${start ? ` (it starts "${start}")` : ' (an empty body)'}: is this the address of a ${product.name} server?`,
      );
    }
    return json;
  }
}

/** ImportRefused for a 2xx answer whose JSON is not what the product sends (`what` says what was missing). */
export function unexpected(product: ApiProduct, request: ApiRequest, what: string): ImportRefused {
  const hide = hider(request.secret);
  return new ImportRefused(
    `The ${product.name} server answered GET ${hide(request.url)} with JSON that is not ${what}: is this the address of a ${product.name} server?`,
  );
}

/** The base address a person gave, checked and without its trailing slashes, query or fragment. */
export function baseAddress(product: ApiProduct, source: ApiSource): URL {
  let url: URL;
  try {
    url = new URL(source.url.trim());
  } catch {
    throw new ImportRefused(
      `The address of the ${product.name} server is not a web address: "${clip(hider(source.apiKey)(source.url))}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportRefused(`The address of the ${product.name} server must start with https:// or http://.`);
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** The request address: the base's path with `path` after it, and the query. */
export function endpoint(base: URL, path: string, query: Record<string, string | number>): string {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.href;
}

/** Seconds to wait: Retry-After as seconds or an HTTP date, cut to MAX_WAIT_SECONDS; DEFAULT_WAIT_SECONDS without one. */
export function retryAfter(value: string | null): number {
  if (value === null || value.trim() === '') return DEFAULT_WAIT_SECONDS;
  const written = value.trim();
  if (/^\d+$/.test(written)) return Math.min(Number(written), MAX_WAIT_SECONDS);
  const date = Date.parse(written);
  if (Number.isNaN(date)) return DEFAULT_WAIT_SECONDS;
  return Math.min(Math.max(0, Math.ceil((date - Date.now()) / 1000)), MAX_WAIT_SECONDS);
}

/** A JSON object's fields, or null for anything else. */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A string field of a JSON object (`reason` of the products' error bodies). */
export function stringField(value: unknown, name: string): string | null {
  const field = objectOf(value)?.[name];
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** What went wrong with a request that got no answer, in words: a timeout, a refused connection, a name not found. */
function failure(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'the request timed out';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name was not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed before an answer';
  if (code !== null) return `the connection failed (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return clip(message);
}

/** Replaces the secret (as written and as it appears in an address) in a text. */
function hider(secret: string): (text: string) => string {
  // A secret this short would blank out ordinary letters; no real key is.
  if (secret.length < 4) return (text) => text;
  const forms = [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])];
  return (text) => forms.reduce((hidden, form) => hidden.replaceAll(form, '[hidden]'), text);
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
