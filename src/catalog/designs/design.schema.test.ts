import { describe, expect, it } from 'vitest';
import { InvalidRequest } from '../../lib/errors.js';
import { DEFAULT_DESIGN, validDesign, type Design } from './design.schema.js';

describe('validDesign', () => {
  it('completes nothing, or a part, from the defaults', () => {
    expect(validDesign(undefined)).toEqual(DEFAULT_DESIGN);
    expect(validDesign({ foreground: '#112233' })).toEqual({ ...DEFAULT_DESIGN, foreground: '#112233' });
  });

  it('completes a change over the base design, not over the defaults', () => {
    const base: Design = { ...DEFAULT_DESIGN, moduleStyle: 'dots', errorCorrection: 'H' };
    expect(validDesign({ quietZone: 2 }, base)).toEqual({ ...base, quietZone: 2 });
  });

  it('needs error correction Q or H with a logo, naming design.errorCorrection', () => {
    const logo = { url: 'https://example.com/logo.png', size: 0.2 };
    for (const errorCorrection of ['L', 'M'] as const) {
      expect(() => validDesign({ logo, errorCorrection })).toThrow(InvalidRequest);
      expect(() => validDesign({ logo, errorCorrection })).toThrow(expect.objectContaining({ field: 'design.errorCorrection' }));
    }
    for (const errorCorrection of ['Q', 'H'] as const) expect(validDesign({ logo, errorCorrection }).logo).toEqual(logo);
    // A logo added to a base design with error correction M is refused too.
    expect(() => validDesign({ logo }, DEFAULT_DESIGN)).toThrow(expect.objectContaining({ field: 'design.errorCorrection' }));
  });

  it('refuses a foreground equal to the background in any case, naming design.foreground', () => {
    expect(() => validDesign({ foreground: '#abcdef', background: '#ABCDEF' })).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        field: 'design.foreground',
      }),
    );
    expect(() => validDesign({ background: '#000000' })).toThrow(expect.objectContaining({ field: 'design.foreground' }));
  });

  it('takes a gradient and a rounded background, refusing a gradient into the background colour and rounding beyond the quiet zone', () => {
    const gradient = { colour: '#2A9D8F', direction: 'radial' as const };
    expect(validDesign({ gradient, backgroundRadius: 4 })).toEqual({ ...DEFAULT_DESIGN, gradient, backgroundRadius: 4 });
    expect(validDesign({ gradient: null }, { ...DEFAULT_DESIGN, gradient }).gradient).toBeNull();
    expect(() => validDesign({ gradient: { colour: '#ffffff', direction: 'diagonal' } })).toThrow(
      expect.objectContaining({ code: 'invalid_request', field: 'design.gradient.colour' }),
    );
    expect(() => validDesign({ backgroundRadius: 4.5 })).toThrow(expect.objectContaining({ field: 'design.backgroundRadius' }));
    // Lowering the quiet zone under a stored rounding is refused too, naming the rounding.
    expect(() => validDesign({ quietZone: 2 }, { ...DEFAULT_DESIGN, backgroundRadius: 3 })).toThrow(
      expect.objectContaining({ field: 'design.backgroundRadius' }),
    );
    expect(validDesign({ quietZone: 2, backgroundRadius: 2 }).backgroundRadius).toBe(2);
  });
});
