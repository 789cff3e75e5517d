import { describe, expect, it } from 'vitest';
import { isAutomated, isCounted, parseAgent } from './classifier.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PREVIEW = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A copy with the same characters in a string object of its own, as each request's header is. */
const fresh = (value: string): string => Buffer.from(value, 'latin1').toString('latin1');

describe('agent classifier', () => {
  it('gives each agent its own verdict, whatever was asked just before', () => {
    const sequence = [IPHONE, PREVIEW, PREVIEW, IPHONE, IPHONE, CRAWLER, WINDOWS, CRAWLER, IPHONE];
    const verdicts = sequence.map((agent) => isAutomated(fresh(agent)));
    expect(verdicts).toEqual([false, true, true, false, false, true, false, true, false]);
  });

  it('calls no agent, an empty one and blanks automated, before and after a browser', () => {
    expect(isAutomated(fresh(IPHONE))).toBe(false);
    expect(isAutomated(null)).toBe(true);
    expect(isAutomated(fresh(IPHONE))).toBe(false);
    expect(isAutomated('')).toBe(true);
    expect(isAutomated('   ')).toBe(true);
    expect(isAutomated(fresh(` ${PREVIEW} `))).toBe(true);
  });

  it('never counts HEAD, whoever asks', () => {
    expect(isCounted('GET', fresh(IPHONE))).toBe(true);
    expect(isCounted('HEAD', fresh(IPHONE))).toBe(false);
    expect(isCounted('GET', fresh(PREVIEW))).toBe(false);
  });

  it('parses each agent to its own OS, device and browser when agents alternate', () => {
    const iphone = { os: 'iOS', device: 'mobile', browser: 'Mobile Safari' };
    const windows = { os: 'Windows', device: 'desktop', browser: 'Chrome' };
    expect(parseAgent(fresh(IPHONE))).toEqual(iphone);
    expect(parseAgent(fresh(IPHONE))).toEqual(iphone);
    expect(parseAgent(fresh(WINDOWS))).toEqual(windows);
    expect(parseAgent(fresh(IPHONE))).toEqual(iphone);
    expect(parseAgent(null)).toEqual({ os: null, device: 'unknown', browser: null });
    expect(parseAgent(fresh(WINDOWS))).toEqual(windows);
  });
});
