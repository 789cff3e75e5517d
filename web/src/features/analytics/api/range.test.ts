import { describe, expect, it } from 'vitest';
import { effectiveInterval, exportHref, hoursAllowed, rangeDays } from './range';

describe('the range a page shows', () => {
  it('counts its days with both ends included, across a month and a leap day', () => {
    expect(rangeDays({ days: 7 })).toBe(7);
    expect(rangeDays({})).toBe(30);
    expect(rangeDays({ from: '2026-01-31', to: '2026-02-06' })).toBe(7);
    expect(rangeDays({ from: '2028-02-28', to: '2028-03-01' })).toBe(3);
    expect(rangeDays({ from: '2026-05-05', to: '2026-05-05' })).toBe(1);
  });

  it('offers hours for up to seven days only, and falls back to days past that', () => {
    expect(hoursAllowed({ days: 7 })).toBe(true);
    expect(hoursAllowed({ from: '2026-01-01', to: '2026-01-08' })).toBe(false);
    expect(effectiveInterval('hour', { from: '2026-01-01', to: '2026-01-07' })).toBe('hour');
    expect(effectiveInterval('hour', { days: 30 })).toBe('day');
    expect(effectiveInterval('minute', { days: 1 })).toBe('day');
    expect(effectiveInterval(undefined, { days: 1 })).toBe('day');
  });

  it('links each CSV to the session mount with the range and the part', () => {
    expect(exportHref({ kind: 'code', id: 'c1' }, 'countries', { from: '2026-01-01', to: '2026-01-31' })).toBe(
      '/app/api/v1/analytics/codes/c1/export?from=2026-01-01&to=2026-01-31&part=countries',
    );
    expect(exportHref({ kind: 'account' }, 'grid', { days: 90 })).toBe('/app/api/v1/analytics/account/export?days=90&part=grid');
    expect(exportHref({ kind: 'code', id: 'a/b' }, 'daily', { days: 7 })).toBe(
      '/app/api/v1/analytics/codes/a%2Fb/export?days=7&part=daily',
    );
  });
});
