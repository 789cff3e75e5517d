import { Type } from '@sinclair/typebox';
import type { SymbolImage } from '../../../catalog/index.js';
import { IdParams } from '../../schemas.js';
import { ImageQuery, PreviewBody, Scannability } from '../../api/v1/symbols/schema.js';
import { DataEnvelope } from '../../schemas.js';
import { defineTool, READ, toolInput, type Attachment } from '../tool.js';

const ImageResult = DataEnvelope(
  Type.Object({
    format: Type.String(),
    contentType: Type.String(),
    fileName: Type.String(),
    etag: Type.String(),
    scannability: Scannability,
  }),
);

/** The image as MCP content: PNG and SVG as an image, PDF as an embedded file. */
function attachment(image: SymbolImage, uri: string): Attachment {
  const data = Buffer.from(image.body).toString('base64');
  return image.format === 'pdf'
    ? { type: 'resource', resource: { uri, mimeType: image.contentType, blob: data } }
    : { type: 'image', data, mimeType: image.contentType };
}

const result = (image: SymbolImage) => ({
  data: {
    format: image.format,
    contentType: image.contentType,
    fileName: image.fileName,
    etag: image.etag,
    scannability: image.report,
  },
});

/** Symbols: the same service calls as GET /api/v1/codes/{id}/image and POST /api/v1/designs/preview. */
export const symbolTools = [
  defineTool({
    name: 'codes_image',
    title: "Render a QR code's symbol",
    description:
      "Renders a code's stored design as PNG (default, size in pixels, 1024 by default), SVG or PDF (size in millimetres) and returns the image with the scannability check: whether the rendered symbol decodes to the code's value, and any contrast, quiet-zone, logo or size findings.",
    scope: 'codes:read',
    input: toolInput(IdParams, ImageQuery),
    output: ImageResult,
    annotations: READ,
    async handler({ id, format, size }, { services, actor, attach }) {
      const image = await services.catalog.symbols.codeImage(actor, id, { format: format ?? 'png', size });
      if (!('body' in image)) throw new Error('an image without If-None-Match always renders');
      attach?.(attachment(image, `qrelay://codes/${id}/${image.fileName}`));
      return result(image);
    },
  }),
  defineTool({
    name: 'designs_preview',
    title: 'Preview a design',
    description:
      'Renders a design (fields left out take the defaults) for a value without saving anything and returns the image (PNG by default; SVG or PDF) with the scannability check.',
    scope: 'codes:read',
    input: toolInput(PreviewBody),
    output: ImageResult,
    annotations: READ,
    async handler({ value, design, format, size }, { services, actor, attach }) {
      const image = await services.catalog.symbols.preview(actor, value, design, { format: format ?? 'png', size });
      attach?.(attachment(image, `qrelay://designs/preview/${image.fileName}`));
      return result(image);
    },
  }),
];
