import type { Hit } from '../../src/traffic/events/events.types.js';
import type { Harness } from './harness.js';

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A resolver's hit with overridable defaults: a GET of a code by an iPhone, at the harness clock's time. */
export function hit(h: Harness, overrides: Partial<Hit> & Pick<Hit, 'accountId' | 'targetId'>): Hit {
  return {
    kind: 'code',
    at: h.clock.now(),
    method: 'GET',
    userAgent: IPHONE,
    acceptLanguage: 'en-GB',
    clientAddress: '198.51.100.7',
    placement: null,
    headers: {},
    ...overrides,
  };
}

/** Records the hits and commits them. */
export async function recordAll(h: Harness, hits: Hit[]): Promise<void> {
  for (const one of hits) h.services.traffic.recorder.record(one);
  await h.services.traffic.recorder.flush();
}

/** A harness environment that reads the visitor's place from a CDN's headers (see `placedIn`). */
export const GEO_HEADERS_ENV = {
  GEO_COUNTRY_HEADER: 'cf-ipcountry',
  GEO_REGION_HEADER: 'cf-region',
  GEO_CITY_HEADER: 'cf-ipcity',
};

/** The CDN headers of a visitor in `country`, and in `region` and `city` when given (see GEO_HEADERS_ENV). */
export function placedIn(country: string, region?: string, city?: string): Record<string, string> {
  return { 'cf-ipcountry': country, ...(region && { 'cf-region': region }), ...(city && { 'cf-ipcity': city }) };
}
