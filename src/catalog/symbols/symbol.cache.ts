import type { SymbolImage } from './symbols.types.js';

export type CachedImage = SymbolImage;

const sizeOf = (image: CachedImage) => (typeof image.body === 'string' ? image.body.length * 2 : image.body.byteLength);

/**
 * Recently rendered images by ETag, least recently used dropped first once their bodies pass
 * `maxBytes`. The ETag names everything the image depends on (renderer, value, design, format,
 * size, whether the logo, a content-addressed media file, is drawn, and the code's name), so two
 * requests with one ETag get the same image whoever asks; an image larger than an eighth of the
 * budget is not kept.
 */
export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(etag: string): CachedImage | undefined {
    const image = this.entries.get(etag);
    if (image) {
      this.entries.delete(etag);
      this.entries.set(etag, image);
    }
    return image;
  }

  set(image: CachedImage): void {
    const size = sizeOf(image);
    if (size > this.maxBytes / 8) return;
    this.delete(image.etag);
    this.entries.set(image.etag, image);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Bytes of the bodies held. */
  get size(): number {
    return this.bytes;
  }

  private delete(etag: string) {
    const image = this.entries.get(etag);
    if (!image) return;
    this.entries.delete(etag);
    this.bytes -= sizeOf(image);
  }
}
