import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { Lru } from '../../lib/lru.js';
import type { Device } from './events.types.js';

/**
 * Link-preview fetchers and crawlers named explicitly, on top of isbot's list, so an update of that
 * list can never start counting them.
 */
const PREVIEW_FETCHERS =
  /facebookexternalhit|facebookcatalog|slackbot|twitterbot|whatsapp|linkedinbot|telegrambot|discordbot|googlebot|applebot|skypeuripreview|bingpreview|embedly|redditbot|pinterest/i;

const CACHE_SIZE = 2000;
const verdicts = new Lru<boolean>(CACHE_SIZE);

/** Whether a request is automated: no user agent at all, a known preview fetcher or anything isbot knows. */
export function isAutomated(userAgent: string | null): boolean {
  // Agents are cached by their first 512 characters, which is where every robot names itself.
  const ua = (userAgent?.trim() ?? '').slice(0, 512);
  if (ua === '') return true;
  let automated = verdicts.get(ua, 0);
  if (automated === undefined) {
    automated = PREVIEW_FETCHERS.test(ua) || isbot(ua);
    verdicts.set(ua, automated);
  }
  return automated;
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

/** The agents seen most recently, parsed (a parse costs tens of microseconds; a busy code sees few agents). */
const agents = new Lru<Agent>(CACHE_SIZE);

function deviceOf(type: string | undefined, os: string | null): Device {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined && os && /^(windows|mac os|linux|ubuntu|chromium os|fedora|debian)/i.test(os)) return 'desktop';
  return 'unknown';
}

/** OS, device class and browser of a user agent (ua-parser-js 1.x, MIT), with a small cache. */
export function parseAgent(userAgent: string | null): Agent {
  const ua = (userAgent ?? '').slice(0, 512);
  const hit = agents.get(ua, 0);
  if (hit) return hit;
  const result = new UAParser(ua).getResult();
  const os = result.os.name ?? null;
  const agent: Agent = { os, device: deviceOf(result.device.type, os), browser: result.browser.name ?? null };
  agents.set(ua, agent);
  return agent;
}
