import { Type, type TSchema } from '@sinclair/typebox';
import { DesignInput, IMAGE_FORMATS, IMAGE_SIZE, IMAGE_SIZE_MAX } from '../../../../catalog/index.js';
import { DataEnvelope, StringEnum } from '../../../schemas.js';

export const VALUE_MAX = 2048;

const Format = StringEnum(IMAGE_FORMATS, { description: 'svg (vector), png (raster) or pdf (vector, one page).' });

const Size = Type.Integer({
  minimum: 1,
  maximum: IMAGE_SIZE_MAX,
  description: `Width of the whole image: pixels for svg and png (${IMAGE_SIZE.png.min}-${IMAGE_SIZE.png.max}, default ${IMAGE_SIZE.png.fallback}), millimetres for pdf (${IMAGE_SIZE.pdf.min}-${IMAGE_SIZE.pdf.max}, default ${IMAGE_SIZE.pdf.fallback}).`,
});

export const ImageQuery = Type.Object(
  { format: Type.Optional({ ...Format, default: 'png' }), size: Type.Optional(Size) },
  { additionalProperties: false },
);

const Finding = Type.Object(
  {
    cause: StringEnum(['decode', 'contrast', 'inverted', 'quiet_zone', 'logo', 'module_size']),
    severity: StringEnum(['fail', 'warn']),
    message: Type.String(),
  },
  { title: 'ScannabilityFinding' },
);

export const Scannability = Type.Object(
  {
    scannable: Type.Boolean({ description: 'False when a finding is a `fail`; saving such a design needs acceptUnscannable.' }),
    decoded: Type.Boolean({ description: 'The rendered image decoded to exactly the value.' }),
    findings: Type.Array(Finding),
    contrast: Type.Number({
      description:
        'Luminance contrast ratio (1-21) of the modules to the background: the lowest over their colours (gradient ends and finders included).',
    }),
    version: Type.Integer({ description: 'QR version (1-40).' }),
    modules: Type.Integer({ description: 'Modules per side, quiet zone included.' }),
    decodeMs: Type.Number({ description: 'Time the render and decode took.' }),
  },
  { title: 'Scannability' },
);

export const PreviewBody = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: VALUE_MAX,
      pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
      description: 'The text to encode (control characters other than tab and line breaks are refused).',
    }),
    design: Type.Optional({ ...DesignInput, description: 'Fields left out take the defaults.' }),
    format: Type.Optional({
      ...Format,
      description: 'Answer with the image itself in this format; without it the answer is JSON with the SVG and the report.',
    }),
    size: Type.Optional(Size),
  },
  { additionalProperties: false },
);

export const PreviewResponse = DataEnvelope(
  Type.Object(
    { svg: Type.String({ description: 'The symbol as SVG.' }), scannability: Scannability },
    { title: 'DesignPreview' },
  ),
);

const BINARY = { schema: { type: 'string', format: 'binary' } };

/** A response that is an image (or, with `json`, also that JSON), per content type in the OpenAPI document. */
export const imageContent = (description: string, json?: TSchema): TSchema =>
  Type.Unsafe({
    description,
    content: {
      ...(json ? { 'application/json': { schema: json } } : {}),
      'image/svg+xml': BINARY,
      'image/png': BINARY,
      'application/pdf': BINARY,
    },
  });

export const NotModified = Type.Unsafe({ description: 'Not modified: the image has the ETag sent in If-None-Match.' });
