import { describe, expect, it } from 'vitest';
import { emptyDraft, fromDraft, toDraft, type Rule } from './rules-form';

describe('the routing rules form', () => {
  it('turns a rule into a draft and back without change', () => {
    const rules: Rule[] = [
      {
        when: {
          device: ['mobile'],
          os: ['ios', 'android'],
          country: ['FR', 'BE'],
          language: ['fr'],
          time: { timeZone: 'Europe/Paris', from: '09:00', to: '17:00', days: ['mon', 'fri'] },
        },
        destination: 'https://example.com/fr',
      },
      {
        split: [
          { destination: 'https://example.com/a', weight: 70 },
          { destination: 'https://example.com/b', weight: 30 },
        ],
      },
    ];
    for (const rule of rules) expect(fromDraft(toDraft(rule))).toEqual(rule);
  });

  it('reads free lists loosely: commas or spaces, country codes upper-cased; no condition means always', () => {
    const draft = { ...emptyDraft(), country: 'fr,  de be', destination: ' https://example.com ' };
    expect(fromDraft(draft)).toEqual({ when: { country: ['FR', 'DE', 'BE'] }, destination: 'https://example.com' });
    expect(fromDraft({ ...emptyDraft(), destination: 'https://example.com' })).toEqual({ destination: 'https://example.com' });
  });

  it('a time window without a zone is read in UTC', () => {
    expect(fromDraft({ ...emptyDraft(), from: '08:00', destination: 'https://x.test' }).when).toEqual({
      time: { timeZone: 'UTC', from: '08:00' },
    });
  });
});
