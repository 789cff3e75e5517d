import { Type, type Static } from '@sinclair/typebox';
import { InvalidRequest } from '../../lib/errors.js';
import { Nullable, StringEnum } from '../../lib/schema-types.js';

/**
 * The visual design of a QR symbol, shared by codes and saved designs (templates): applying a
 * design copies this document. modules/symbols/ renders it (the same code on the server and in the browser).
 */
const Colour = Type.String({ maxLength: 7, pattern: '^#[0-9A-Fa-f]{6}$', description: 'A colour as #RRGGBB.' });

export const LOGO_URL_MAX = 2048;

export const GRADIENT_DIRECTIONS = ['horizontal', 'vertical', 'diagonal', 'radial'] as const;

export const Design = Type.Object(
  {
    foreground: Colour,
    background: Colour,
    moduleStyle: StringEnum(['square', 'rounded', 'dots', 'classy']),
    cornerStyle: StringEnum(['square', 'rounded', 'dot'], { description: 'Style of the three finder patterns.' }),
    cornerColour: Type.Optional(Colour),
    gradient: Type.Optional(
      Nullable(
        Type.Object(
          {
            colour: { ...Colour, description: 'The colour the modules fade to, from `foreground`.' },
            direction: StringEnum(GRADIENT_DIRECTIONS, {
              description:
                'horizontal: left to right; vertical: top to bottom; diagonal: top left to bottom right; radial: centre outwards.',
            }),
          },
          { additionalProperties: false },
        ),
        {
          description:
            'Modules (and the finders, unless `cornerColour` is set) fade from `foreground` to this colour across the symbol; null: one colour.',
        },
      ),
    ),
    logo: Nullable(
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
    ),
    errorCorrection: StringEnum(['L', 'M', 'Q', 'H']),
    quietZone: Type.Integer({ minimum: 0, maximum: 16, description: 'Margin in modules; 4 is the standard.' }),
    backgroundRadius: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 16,
        description:
          "Radius of the background's corners in modules (0, the default: square corners), at most `quietZone`; outside the rounding the image is transparent.",
      }),
    ),
    frame: Nullable(
      Type.Object(
        {
          style: StringEnum(['box', 'banner-top', 'banner-bottom']),
          text: Type.String({ maxLength: 40 }),
          colour: Colour,
        },
        { additionalProperties: false },
      ),
    ),
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

/**
 * Rules a schema cannot state: a logo hides modules, so it needs error correction Q or H; the modules
 * need a colour other than the background's; the background's rounding stays within the quiet zone.
 */
export function designProblem(design: Design): { field: string; message: string } | null {
  if (design.logo && (design.errorCorrection === 'L' || design.errorCorrection === 'M')) {
    return { field: 'design.errorCorrection', message: 'design.errorCorrection must be Q or H when the design has a logo.' };
  }
  if (design.foreground.toLowerCase() === design.background.toLowerCase()) {
    return { field: 'design.foreground', message: 'design.foreground must differ from design.background.' };
  }
  if (design.gradient && design.gradient.colour.toLowerCase() === design.background.toLowerCase()) {
    return { field: 'design.gradient.colour', message: 'design.gradient.colour must differ from design.background.' };
  }
  // Rounding inside the quiet zone keeps every module, and a light margin of at least the quiet zone around each finder.
  if ((design.backgroundRadius ?? 0) > design.quietZone) {
    return {
      field: 'design.backgroundRadius',
      message: `design.backgroundRadius must be at most design.quietZone (${design.quietZone}), so the rounding never reaches the symbol.`,
    };
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
