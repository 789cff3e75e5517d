import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';

/** A small image of each raster kind, made with sharp; `exif` writes a copyright into its metadata. */
export async function raster(format: 'png' | 'jpeg' | 'gif' | 'webp', options: { width?: number; exif?: string } = {}) {
  const { width = 12 } = options;
  let image = sharp({ create: { width, height: 8, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  if (options.exif) image = image.withExif({ IFD0: { Copyright: options.exif } });
  return image.toFormat(format).toBuffer();
}

/** Noise, which no image encoder can shrink: for files that must stay large. */
export async function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  let state = 0x2545f491;
  for (let i = 0; i < pixels.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 255;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const HOSTILE_SVG = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20" onload="alert('load')">
  <script>alert('script')</script>
  <style>@import url(https://evil.example/x.css); .a { fill: #c03 }</style>
  <rect class="a" width="40" height="20" onclick="alert('click')"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <a href="javascript:alert('a')"><text x="2" y="15">Logo</text></a>
</svg>`,
);

/** A one-page PDF that runs JavaScript when opened. */
export async function pdfWithScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]);
  doc.addJavaScript('greeting', "app.alert('opened');");
  return Buffer.from(await doc.save());
}

/** A `multipart/form-data` body, as a browser's form would send it. */
export function formData(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const boundary = '----qrelaytest7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A brand mark as a logo is drawn: a navy disc, an orange ring and a white centre, in SVG. */
export const LOGO_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
  <circle cx="60" cy="60" r="58" fill="#1D3557"/>
  <circle cx="60" cy="60" r="40" fill="none" stroke="#F4A261" stroke-width="14"/>
  <rect x="48" y="48" width="24" height="24" rx="6" fill="#FFFFFF"/>
</svg>`,
);

/** The same mark as a PNG (240 pixels at the default density), with transparent corners. */
export function logoPng(density = 144): Promise<Buffer> {
  return sharp(LOGO_SVG, { density }).png().toBuffer();
}
