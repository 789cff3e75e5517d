import { Type, type Static } from '@sinclair/typebox';
import { InvalidRequest } from '../../lib/errors.js';

/**
 * The visual design of a QR symbol, shared by codes and saved designs (templates): applying a
 * design copies this document. modules/symbols/ renders it (the same code on the server and in the browser).
 */
const Colour = Type.String({ maxLength: 7, pattern: '^#[0-9A-Fa-f]{6}$', description: 'A colour as #RRGGBB.' });

export const LOGO_URL_MAX = 2048;

export const Design = Type.Object(
  {
    foreground: Colour,
    background: Colour,
    moduleStyle: Type.Union(['square', 'rounded', 'dots', 'classy'].map((s) => Type.Literal(s))),
    cornerStyle: Type.Union(
      ['square', 'rounded', 'dot'].map((s) => Type.Literal(s)),
      { description: 'Style of the three finder patterns.' },
    ),
    cornerColour: Type.Optional(Colour),
    logo: Type.Union([
      Type.Object(
        {
          url: Type.String({
            minLength: 1,
            maxLength: LOGO_URL_MAX,
            pattern: '^https?://',
            description:
              "Address of the logo: an image in the account's media library (PUBLIC_URL/media/<sha256>.<ext>), drawn in every format.",
          }),
          size: Type.Number({
            minimum: 0.05,
            maximum: 0.3,
            description: 'Logo width as a fraction of the symbol width (0.05 to 0.3).',
          }),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    errorCorrection: Type.Union(['L', 'M', 'Q', 'H'].map((s) => Type.Literal(s))),
    quietZone: Type.Integer({ minimum: 0, maximum: 16, description: 'Margin in modules; 4 is the standard.' }),
    frame: Type.Union([
      Type.Object(
        {
          style: Type.Union(['box', 'banner-top', 'banner-bottom'].map((s) => Type.Literal(s))),
          text: Type.String({ maxLength: 40 }),
          colour: Colour,
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  },
  { additionalProperties: false, title: 'Design' },
);
export type Design = Static<typeof Design>;

/** Sent with a design to save it although its symbol fails the scannability check. */
export const AcceptUnscannable = Type.Boolean({
  description:
    'Save the design even when its rendered symbol fails the scannability check (which otherwise answers 400 naming the cause).',
});

/** What a write accepts: any subset, completed from the defaults. */
export const DesignInput = Type.Partial(Design, { additionalProperties: false, title: 'DesignInput' });
export type DesignInput = Static<typeof DesignInput>;

export const DEFAULT_DESIGN: Design = {
  foreground: '#000000',
  background: '#FFFFFF',
  moduleStyle: 'square',
  cornerStyle: 'square',
  logo: null,
  errorCorrection: 'M',
  quietZone: 4,
  frame: null,
};

/** Completes a partial design from the defaults (or from a base design when changing one). */
export function completeDesign(input: DesignInput | undefined, base: Design = DEFAULT_DESIGN): Design {
  return { ...base, ...(input ?? {}) } as Design;
}

/** Rules a schema cannot state: a logo hides modules, so it needs error correction Q or H. */
export function designProblem(design: Design): { field: string; message: string } | null {
  if (design.logo && (design.errorCorrection === 'L' || design.errorCorrection === 'M')) {
    return { field: 'design.errorCorrection', message: 'design.errorCorrection must be Q or H when the design has a logo.' };
  }
  if (design.foreground.toLowerCase() === design.background.toLowerCase()) {
    return { field: 'design.foreground', message: 'design.foreground must differ from design.background.' };
  }
  return null;
}

/** Completes `input` over `base` (the defaults, a code's design or a template's) and checks it; 400 naming the field. */
export function validDesign(input: DesignInput | undefined, base?: Design): Design {
  const design = completeDesign(input, base);
  const problem = designProblem(design);
  if (problem) throw new InvalidRequest(problem.message, problem.field);
  return design;
}
