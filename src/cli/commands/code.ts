import { writeFile } from 'node:fs/promises';
import { IMAGE_FORMATS, type ImageFormat } from '../../catalog/index.js';
import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, optionalInteger, parse, required, UsageError } from '../args.js';
import { codeExport, codeImport, EXPORT_USAGE, IMPORT_USAGE } from './code-jobs.js';

const IMAGE_USAGE = 'code image CODE_ID [--format svg|png|pdf] [--size N] --out FILE';

/** Codes as the operator sees them: any account's; an import or an export is done as the account's owner. */
export async function code(context: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  const { services } = context;
  switch (sub) {
    case 'image': {
      const { values, positionals } = parse(argv, { format: 'string', size: 'string', out: 'string' });
      const [id] = positionals;
      if (!id || positionals.length > 1) throw new UsageError(IMAGE_USAGE);
      const format = (optional(values, 'format') ?? 'png') as ImageFormat;
      if (!IMAGE_FORMATS.includes(format)) throw new UsageError('--format must be svg, png or pdf');
      const size = optionalInteger(values, 'size');
      const out = required(values, 'out');
      const image = await services.catalog.symbols.codeImage(OPERATOR, id, { format, size });
      if (!('body' in image)) throw new Error('an image without If-None-Match always renders');
      await writeFile(out, image.body);
      return {
        file: out,
        format,
        contentType: image.contentType,
        bytes: Buffer.byteLength(image.body),
        scannability: image.report,
      };
    }
    case 'import':
      return codeImport(context, argv);
    case 'export':
      return codeExport(context, argv);
    default:
      throw new UsageError(`${IMAGE_USAGE} | ${IMPORT_USAGE} | ${EXPORT_USAGE}`);
  }
}
