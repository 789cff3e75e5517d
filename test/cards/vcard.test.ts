import { describe, expect, it } from 'vitest';
import { components, parseVcard } from '../support/vcard.js';
import { cardVcard, vcardFileName } from '../../src/content/cards/card.vcard.js';
import type { CardDocument } from '../../src/content/cards/card.document.js';

const CARD: CardDocument = {
  fullName: 'Ada King; Countess, of Lovelace',
  title: 'Analyst\nof engines',
  organisation: 'Analytical Engines, Ltd.',
  photoMediaId: null,
  phones: [
    { label: 'work', value: '+44 20 7946 0000' },
    { label: 'Studio', value: '+44 20 7946 0001' },
  ],
  emails: [{ label: 'home', value: 'ada@example.com' }],
  website: 'https://example.com/ada',
  address: {
    street: '12 St James’s Square',
    locality: 'London',
    region: null,
    postalCode: 'SW1Y 4JH',
    country: 'United Kingdom',
  },
  social: [{ network: 'github', url: 'https://github.com/ada' }],
  note: 'Ż'.repeat(60),
  enquiries: true,
  colour: null,
};

describe('a card as a vCard 4.0', () => {
  it('parses back to the same details, escaped and folded as RFC 6350 asks', () => {
    const props = parseVcard(cardVcard(CARD, { photoUrl: 'https://qrelay.test/m/photo.jpg' }));
    const one = (name: string) => props.filter((p) => p.name === name);
    expect(components(one('FN')[0]!.value)).toEqual(['Ada King; Countess, of Lovelace']);
    expect(components(one('N')[0]!.value)).toEqual(['Lovelace', 'Ada King; Countess, of', '', '', '']);
    expect(components(one('TITLE')[0]!.value)).toEqual(['Analyst\nof engines']);
    expect(components(one('ORG')[0]!.value)).toEqual(['Analytical Engines, Ltd.']);
    expect(one('TEL').map((p) => [p.params.TYPE, components(p.value)[0]])).toEqual([
      ['work', '+44 20 7946 0000'],
      [undefined, '+44 20 7946 0001'],
    ]);
    expect(one('EMAIL').map((p) => [p.params.TYPE, p.value])).toEqual([['home', 'ada@example.com']]);
    expect(one('URL')[0]!.value).toBe('https://example.com/ada');
    expect(components(one('ADR')[0]!.value)).toEqual([
      '',
      '',
      '12 St James’s Square',
      'London',
      '',
      'SW1Y 4JH',
      'United Kingdom',
    ]);
    expect(one('X-SOCIALPROFILE')[0]).toMatchObject({ params: { TYPE: 'github' }, value: 'https://github.com/ada' });
    expect(components(one('NOTE')[0]!.value)).toEqual(['Ż'.repeat(60)]);
    expect(one('PHOTO')[0]!.value).toBe('https://qrelay.test/m/photo.jpg');
  });

  it('holds only what the card has', () => {
    const minimal: CardDocument = {
      ...CARD,
      title: null,
      organisation: null,
      phones: [],
      emails: [],
      website: null,
      address: null,
      social: [],
      note: null,
    };
    expect(parseVcard(cardVcard(minimal)).map((p) => p.name)).toEqual(['BEGIN', 'VERSION', 'FN', 'N', 'END']);
  });

  it('names the file after the person in safe characters', () => {
    expect(vcardFileName({ ...CARD, fullName: 'Zoë O’Brien' })).toBe('Zoe-O-Brien.vcf');
    expect(vcardFileName({ ...CARD, fullName: '李' })).toBe('contact.vcf');
  });
});
