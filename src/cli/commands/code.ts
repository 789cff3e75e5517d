import { writeFile } from 'node:fs/promises';
import { IMAGE_FORMATS, type ImageFormat } from '../../catalog/index.js';
import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, optionalInteger, parse, required, UsageError } from '../args.js';

/** Codes as the operator sees them: any account's. */
export async function code({ services }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'image': {
      const { values, positionals } = parse(argv, { format: 'string', size: 'string', out: 'string' });
      const [id] = positionals;
      if (!id || positionals.length > 1) throw new UsageError('code image CODE_ID [--format svg|png|pdf] [--size N] --out FILE');
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
    default:
      throw new UsageError('code image CODE_ID [--format svg|png|pdf] [--size N] --out FILE');
  }
}
