import { describe, expect, it } from 'vitest';
import { cleanUtm, withUtm } from './utm';

describe('the final address a UTM builder previews', () => {
  it('appends the filled-in parameters in order, keeping the fragment last', () => {
    expect(withUtm('https://example.com/spring#top', { source: 'poster', medium: 'print', term: ' ' })).toBe(
      'https://example.com/spring?utm_source=poster&utm_medium=print#top',
    );
  });

  it('replaces a parameter the destination already has, and keeps the rest of its query as typed', () => {
    expect(withUtm('https://example.com/?a=1&utm_source=old&b=x+y%2F', { source: 'new', campaign: 'spring sale' })).toBe(
      'https://example.com/?a=1&b=x+y%2F&utm_source=new&utm_campaign=spring%20sale',
    );
  });

  it('leaves the destination alone without values', () => {
    expect(withUtm('https://example.com/x?y=1', null)).toBe('https://example.com/x?y=1');
    expect(withUtm('https://example.com/x?y=1', { source: ' ' })).toBe('https://example.com/x?y=1');
    expect(cleanUtm({ source: '  ', medium: '' })).toBeNull();
    expect(cleanUtm({ source: ' a ' })).toEqual({ source: 'a' });
  });
});
