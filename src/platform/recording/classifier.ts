import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { Lru } from '../../lib/lru.js';
import type { Device } from './hit.js';

/**
 * Link-preview fetchers and crawlers named explicitly, on top of isbot's list, so an update of that
 * list can never start counting them.
 */
const PREVIEW_FETCHERS =
  /facebookexternalhit|facebookcatalog|slackbot|twitterbot|whatsapp|linkedinbot|telegrambot|discordbot|googlebot|applebot|skypeuripreview|bingpreview|embedly|redditbot|pinterest/i;

const CACHE_SIZE = 2000;
const verdicts = new Lru<boolean>(CACHE_SIZE);

/**
 * The agent string asked about last and its verdict. A verdict depends on the string alone, so this
 * never goes stale; it spares a run of requests from one agent (a crawler, a preview storm on one
 * connection) the hashing of a fresh header string of a hundred characters or more for the cache,
 * the largest single cost of a robot's redirect. A different agent costs one failed comparison.
 */
let lastAgent: string | null = null;
let lastAutomated = true;

/** Whether a request is automated: no user agent at all, a known preview fetcher or anything isbot knows. */
export function isAutomated(userAgent: string | null): boolean {
  if (userAgent === lastAgent) return lastAutomated;
  // Agents are cached by their first 512 characters, which is where every robot names itself.
  const ua = (userAgent?.trim() ?? '').slice(0, 512);
  let automated = ua === '' ? true : verdicts.get(ua, 0);
  if (automated === undefined) {
    automated = PREVIEW_FETCHERS.test(ua) || isbot(ua);
    verdicts.set(ua, automated);
  }
  lastAgent = userAgent;
  lastAutomated = automated;
  return automated;
}

/** Whether the agent is a link-preview fetcher or crawler that reads Open Graph tags (chat apps, social networks). */
export const isPreviewFetcher = (userAgent: string | null): boolean =>
  userAgent !== null && PREVIEW_FETCHERS.test(userAgent.slice(0, 512));

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
let lastParsed: string | null = null;
let lastParsedAgent: Agent | null = null;

function deviceOf(type: string | undefined, os: string | null): Device {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined && os && /^(windows|mac os|linux|ubuntu|chromium os|fedora|debian)/i.test(os)) return 'desktop';
  return 'unknown';
}

/** OS, device class and browser of a user agent (ua-parser-js 1.x, MIT), with a small cache. */
export function parseAgent(userAgent: string | null): Agent {
  // As with verdicts, the agent parsed last is kept beside the cache: a parse depends on the string alone.
  if (userAgent === lastParsed && lastParsedAgent) return lastParsedAgent;
  const ua = (userAgent ?? '').slice(0, 512);
  let agent = agents.get(ua, 0);
  if (!agent) {
    const result = new UAParser(ua).getResult();
    const os = result.os.name ?? null;
    agent = { os, device: deviceOf(result.device.type, os), browser: result.browser.name ?? null };
    agents.set(ua, agent);
  }
  lastParsed = userAgent;
  lastParsedAgent = agent;
  return agent;
}
