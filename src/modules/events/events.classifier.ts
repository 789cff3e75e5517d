import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import type { Device } from './events.types.js';

/**
 * Link-preview fetchers and crawlers named explicitly, on top of isbot's list, so an update of that
 * list can never start counting them.
 */
const PREVIEW_FETCHERS =
  /facebookexternalhit|facebookcatalog|slackbot|twitterbot|whatsapp|linkedinbot|telegrambot|discordbot|googlebot|applebot|skypeuripreview|bingpreview|embedly|redditbot|pinterest/i;

/** Whether a request is automated: no user agent at all, a known preview fetcher or anything isbot knows. */
export function isAutomated(userAgent: string | null): boolean {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return true;
  return PREVIEW_FETCHERS.test(ua) || isbot(ua);
}

/** Whether a hit is counted at all: HEAD requests and automated traffic are not. */
export function isCounted(method: string, userAgent: string | null): boolean {
  return method.toUpperCase() !== 'HEAD' && !isAutomated(userAgent);
}

export interface Agent {
  os: string | null;
  device: Device | null;
  browser: string | null;
}

const CACHE_SIZE = 2000;
const cache = new Map<string, Agent>();

function deviceOf(type: string | undefined, os: string | null): Device {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined && os && /^(windows|mac os|linux|ubuntu|chromium os|fedora|debian)/i.test(os)) return 'desktop';
  return 'unknown';
}

/** OS, device class and browser of a user agent (ua-parser-js 1.x, MIT), with a small cache. */
export function parseAgent(userAgent: string | null): Agent {
  const ua = (userAgent ?? '').slice(0, 512);
  const hit = cache.get(ua);
  if (hit) return hit;
  const result = new UAParser(ua).getResult();
  const os = result.os.name ?? null;
  const agent: Agent = { os, device: deviceOf(result.device.type, os), browser: result.browser.name ?? null };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(ua, agent);
  return agent;
}
