import { InvalidRequest } from '../../lib/errors.js';
import { validateDestination } from '../endings/destination.js';
import type { Conditions, Rule } from './rules.schema.js';
import { WEEKDAYS } from './rules.schema.js';
import { deviceOf, languagesOf, osOf } from './user-agent.js';

/** What a rule can look at; built once per scan. */
export interface ScanContext {
  userAgent: string;
  acceptLanguage: string;
  /** Two letters from the network (e.g. CF-IPCountry), or null. */
  country: string | null;
  now: number;
  /** Uniform in [0, 1): picks an A/B variant. */
  random: () => number;
}

const zones = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = zones.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zones.set(timeZone, f);
  }
  return f;
}

const isTimeZone = (zone: string): boolean => {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks what the schema cannot: one target per rule, addresses, time zones. 400 names the rule.
 * Destinations are replaced by their normalised form.
 */
export function validateRules(
  rules: Rule[],
  destination: (value: string, field: string) => string = validateDestination,
): Rule[] {
  rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if ((rule.destination === undefined) === (rule.split === undefined)) {
      throw new InvalidRequest(`${at} must have exactly one of destination or split.`, at);
    }
    if (rule.destination !== undefined) rule.destination = destination(rule.destination, `${at}.destination`);
    rule.split?.forEach((v, j) => (v.destination = destination(v.destination, `${at}.split[${j}].destination`)));
    const time = rule.when?.time;
    if (time) {
      if (!isTimeZone(time.timeZone))
        throw new InvalidRequest(`${at}.when.time.timeZone is not a known IANA time zone.`, `${at}.when.time.timeZone`);
      if ((time.from === undefined) !== (time.to === undefined))
        throw new InvalidRequest(`${at}.when.time needs both from and to.`, `${at}.when.time`);
      if (time.from === undefined && time.days === undefined)
        throw new InvalidRequest(`${at}.when.time needs from/to or days.`, `${at}.when.time`);
      if (time.from !== undefined && time.from === time.to)
        throw new InvalidRequest(`${at}.when.time.to must differ from from.`, `${at}.when.time.to`);
    }
  });
  return rules;
}

function inTimeWindow(time: NonNullable<Conditions['time']>, now: number): boolean {
  const parts = formatter(time.timeZone).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').slice(0, 3).toLowerCase() as (typeof WEEKDAYS)[number];
  const clock = `${get('hour')}:${get('minute')}`;
  if (time.days && !time.days.includes(day)) return false;
  if (time.from === undefined || time.to === undefined) return true;
  return time.from < time.to ? clock >= time.from && clock < time.to : clock >= time.from || clock < time.to;
}

function matches(when: Conditions | undefined, ctx: ScanContext): boolean {
  if (!when) return true;
  if (when.device && !when.device.includes(deviceOf(ctx.userAgent) as never)) return false;
  if (when.os && !when.os.includes(osOf(ctx.userAgent))) return false;
  if (when.country && (ctx.country === null || !when.country.includes(ctx.country))) return false;
  if (when.language) {
    const preferred = languagesOf(ctx.acceptLanguage)[0];
    if (!preferred) return false;
    const ok = when.language.some((tag) => {
      const t = tag.toLowerCase();
      return preferred === t || (!t.includes('-') && preferred.startsWith(`${t}-`));
    });
    if (!ok) return false;
  }
  if (when.time && !inTimeWindow(when.time, ctx.now)) return false;
  return true;
}

function pick(split: NonNullable<Rule['split']>, random: () => number): string {
  const total = split.reduce((sum, v) => sum + v.weight, 0);
  let point = random() * total;
  for (const variant of split) {
    point -= variant.weight;
    if (point < 0) return variant.destination;
  }
  return split[split.length - 1]!.destination;
}

/** The first matching rule's destination, otherwise the fallback. */
export function route(rules: readonly Rule[], fallback: string, ctx: ScanContext): string {
  for (const rule of rules) {
    if (!matches(rule.when, ctx)) continue;
    return rule.split ? pick(rule.split, ctx.random) : (rule.destination ?? fallback);
  }
  return fallback;
}
