import type { FastifyReply } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { reportHeader, type SymbolImage } from '../../../../catalog/index.js';
import type { Actor } from '../../../../platform/index.js';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { imageContent, ImageQuery, NotModified, PreviewBody, PreviewResponse } from './schema.js';
import { declareRoutes } from '../route.js';

const SCANNABILITY_HEADER = 'X-QR-Scannability';

/** RFC 8187 value characters: unreserved, and the few others RFC 5987 lists. */
const encodeValueChars = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ASCII slug>"`, and for a name beyond ASCII also `filename*` with the name
 * itself in UTF-8 (RFC 6266), so "Меню" downloads as `Меню.png` rather than only `qr-code.png`.
 */
export function contentDisposition(
  disposition: 'attachment' | 'inline',
  image: Pick<SymbolImage, 'fileName' | 'name' | 'format'>,
) {
  const ascii = `${disposition}; filename="${image.fileName}"`;
  if (!/[^\x20-\x7e]/.test(image.name)) return ascii;
  const unsafe = (ch: string) => ch < ' ' || ch === '\u007f' || ch === '/' || ch === '\\';
  const name = [...image.name.trim()]
    .map((ch) => (unsafe(ch) ? '-' : ch))
    .slice(0, 80)
    .join('');
  return `${ascii}; filename*=UTF-8''${encodeValueChars(name)}.${image.format}`;
}

function sendImage(reply: FastifyReply, image: SymbolImage, disposition: 'attachment' | 'inline') {
  return reply
    .header('Content-Type', image.format === 'svg' ? `${image.contentType}; charset=utf-8` : image.contentType)
    .header('Content-Disposition', contentDisposition(disposition, image))
    .header('ETag', image.etag)
    .header('Cache-Control', 'private, no-cache')
    .header(SCANNABILITY_HEADER, reportHeader(image.report))
    .send(
      typeof image.body === 'string' ? image.body : Buffer.from(image.body.buffer, image.body.byteOffset, image.body.byteLength),
    );
}

const SCANNABILITY_NOTE = `The \`${SCANNABILITY_HEADER}\` header gives the scannability check: \`pass\`, or \`warn\`/\`fail\` with its causes (\`fail; causes=decode,contrast\`).`;

const route = declareRoutes(['codes']);
const linksRoute = declareRoutes(['links']);

const designsRoute = declareRoutes(['designs']);

export const symbolsRoutes: ApiRoutes = async (app, { services, guard }) => {
  const read = guard({ scope: 'codes:read', metered: true });
  const readLinks = guard({ scope: 'links:read', metered: true });
  /** A code's or a link's image: 304 when the ETag matches. */
  const answerImage = async (
    reply: FastifyReply,
    who: Actor,
    id: string,
    query: Static<typeof ImageQuery>,
    ifNoneMatch: string | undefined,
    kind: 'code' | 'link',
  ) => {
    const request = { format: query.format ?? 'png', size: query.size };
    const result = await services.catalog.symbols.codeImage(who, id, request, ifNoneMatch, kind);
    if (!('body' in result))
      return reply.code(304).header('ETag', result.etag).header('Cache-Control', 'private, no-cache').send();
    return sendImage(reply, result, 'attachment');
  };

  app.get(
    '/codes/:id/image',
    route(read, 'getCodeImage', "Render a code's symbol", {
      description: `The code's stored design encoding its \`encode\` value, as SVG, PNG or PDF (archived codes too). \`ETag\` follows the design, value, format and size; \`If-None-Match\` answers 304. ${SCANNABILITY_NOTE} The logo, a file of the account's media library, is drawn in every format; any other logo address leaves its space clear (a \`logo\` warning).`,
      params: IdParams,
      querystring: ImageQuery,
      response: responses({ 200: imageContent('The image.'), 304: NotModified }, [404]),
    }),
    async (request, reply) =>
      answerImage(reply, actor(request), request.params.id, request.query, request.headers['if-none-match'], 'code'),
  );

  app.get(
    '/links/:id/image',
    linksRoute(readLinks, 'getLinkImage', "Render a short link's QR code (addition within v1)", {
      description: `A QR code of the link's short address in the link's design (the defaults unless one was given), as SVG, PNG or PDF, like a code's image. ${SCANNABILITY_NOTE}`,
      params: IdParams,
      querystring: ImageQuery,
      response: responses({ 200: imageContent('The image.'), 304: NotModified }, [404]),
    }),
    async (request, reply) =>
      answerImage(reply, actor(request), request.params.id, request.query, request.headers['if-none-match'], 'link'),
  );

  app.post(
    '/designs/preview',
    designsRoute(read, 'previewDesign', 'Render a design without saving it', {
      description: `Renders \`design\` (completed from the defaults and validated as on save) for \`value\` and runs the scannability check. Without \`format\`: JSON with the SVG and the report. With \`format\`: the image itself. ${SCANNABILITY_NOTE} Nothing is stored.`,
      body: PreviewBody,
      response: responses({ 200: imageContent('The report as JSON, or the image when `format` is sent.', PreviewResponse) }),
    }),
    async (request, reply) => {
      const { value, design, format, size } = request.body;
      if (format !== undefined) {
        return sendImage(
          reply,
          await services.catalog.symbols.preview(actor(request), value, design, { format, size }),
          'inline',
        );
      }
      const image = await services.catalog.symbols.preview(actor(request), value, design, { format: 'svg', size });
      return { data: { svg: image.body as string, scannability: image.report } };
    },
  );
};
