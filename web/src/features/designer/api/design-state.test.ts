import { describe, expect, it } from 'vitest';
import { forSaving, normalised, same } from './design-state';
import type { Design } from './types';

const plain: Design = {
  foreground: '#112233',
  background: '#FFFFFF',
  moduleStyle: 'square',
  cornerStyle: 'square',
  logo: null,
  errorCorrection: 'M',
  quietZone: 4,
  frame: null,
};

describe('the design being edited', () => {
  it('treats a corner colour equal to the modules (in any case) as none, and keeps a different one', () => {
    expect(normalised({ ...plain, cornerColour: '#112233' })).toEqual(plain);
    const lettered = { ...plain, foreground: '#AABBCC' };
    expect(normalised({ ...lettered, cornerColour: '#aabbcc' })).toEqual(lettered);
    expect(normalised({ ...plain, cornerColour: '#FF0000' })).toEqual({ ...plain, cornerColour: '#FF0000' });
  });

  it('sees no change between a design and the same one with its corners in the modules colour', () => {
    expect(same(plain, { ...plain, cornerColour: '#112233' })).toBe(true);
    expect(same(plain, { ...plain, quietZone: 3 })).toBe(false);
  });

  it('sends the corners in the modules colour when they have none of their own, so a stored one is replaced', () => {
    expect(forSaving(plain).cornerColour).toBe('#112233');
    expect(forSaving({ ...plain, cornerColour: '#FF0000' }).cornerColour).toBe('#FF0000');
  });

  it('treats no gradient and square corners alike however they are written, and sends both so stored ones are replaced', () => {
    expect(normalised({ ...plain, gradient: null, backgroundRadius: 0 })).toEqual(plain);
    const styled: Design = { ...plain, gradient: { colour: '#445566', direction: 'radial' }, backgroundRadius: 3 };
    expect(normalised(styled)).toEqual(styled);
    expect(same(plain, styled)).toBe(false);
    expect(forSaving(plain)).toMatchObject({ gradient: null, backgroundRadius: 0 });
    expect(forSaving(styled)).toMatchObject({ gradient: styled.gradient, backgroundRadius: 3 });
  });
});
