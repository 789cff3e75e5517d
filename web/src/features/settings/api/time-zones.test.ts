import { describe, expect, it } from 'vitest';
import { zoneGroups, zoneLabel } from './time-zones';

describe('the time zone choices', () => {
  it('puts UTC first, groups the rest by area, and keeps the zone set now even when the list lacks it', () => {
    const groups = zoneGroups(['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Europe/Amsterdam'], 'Pacific/Kiritimati');
    expect(groups).toEqual([
      ['Universal', ['UTC']],
      ['America', ['America/New_York']],
      ['Asia', ['Asia/Kathmandu']],
      ['Europe', ['Europe/Amsterdam', 'Europe/Berlin']],
      ['Pacific', ['Pacific/Kiritimati']],
    ]);
    expect(zoneGroups(['UTC', 'Etc/GMT+12'], 'UTC')).toEqual([
      ['Universal', ['UTC']],
      ['Etc', ['Etc/GMT+12']],
    ]);
  });

  it('reads a zone without its area and with spaces', () => {
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Argentina / Buenos Aires');
    expect(zoneLabel('UTC')).toBe('UTC');
  });
});
