import { open, type FileHandle } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { PDFContentStream, PDFName, PDFPage, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

/**
 * A PDF written to its file while it is drawn, so that a document of thousands of symbols holds one
 * page in memory rather than all of them: each finished page (its content, its shadings, the page
 * itself) is written and dropped from the document, and what the pages share (the page tree, the
 * font subset, the logos, which are complete only once every page is drawn) is written at the end,
 * with a classic cross-reference table.
 */
export class PdfFile {
  /** Byte offset of each written object, by object number. */
  private readonly offsets: number[] = [];
  /** Bytes put but not yet written, and the file's length once they are. */
  private pending: Uint8Array[] = [];
  private position = 0;
  /** Every object numbered up to this one has been written, or is a font or image embedded at the end. */
  private settled: number;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly handle: FileHandle,
  ) {
    this.settled = pdf.context.largestObjectNumber;
  }

  /** Starts `pdf`'s file at `path` (created or emptied); nothing may have been drawn in it yet. */
  static async create(pdf: PDFDocument, path: string): Promise<PdfFile> {
    const file = new PdfFile(pdf, await open(path, 'w'));
    const header = pdf.context.header;
    const bytes = new Uint8Array(header.sizeInBytes() + 2);
    header.copyBytesInto(bytes, 0);
    bytes.set([0x0a, 0x0a], bytes.length - 2);
    file.put(bytes);
    return file;
  }

  /**
   * A new last page of `size` points. The document does not keep it (as `addPage` would, with all
   * it draws), so once `writePage` has run, the page and its drawing can be collected.
   */
  addPage(size: [number, number]): PDFPage {
    const page = PDFPage.create(this.pdf);
    page.setSize(...size);
    this.pdf.catalog.Pages().pushLeafNode(page.ref);
    page.node.setParent(this.pdf.catalog.get(PDFName.of('Pages')) as PDFRef);
    return page;
  }

  /** Writes every object made since the last call, the finished page among them, and drops them from the document. */
  async writePage(): Promise<void> {
    const { context } = this.pdf;
    for (let number = this.settled + 1; number <= context.largestObjectNumber; number++) {
      const ref = PDFRef.of(number);
      const object = context.lookup(ref);
      // A ref with nothing behind it yet is a font or an image: embedded when the document closes.
      if (object === undefined) continue;
      this.putObject(ref, object);
      context.delete(ref);
    }
    this.settled = context.largestObjectNumber;
    await this.write();
  }

  /** Embeds the fonts and images, writes what is left, the cross-reference table and the trailer, and closes the file. */
  async close(): Promise<void> {
    const { context } = this.pdf;
    await this.pdf.flush();
    for (const [ref, object] of context.enumerateIndirectObjects()) this.putObject(ref, object);
    const size = context.largestObjectNumber + 1;
    // Each entry is exactly 20 bytes; a number never written (none is expected) is marked free.
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let number = 1; number < size; number++) {
      const offset = this.offsets[number];
      xref += offset === undefined ? '0000000000 00001 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    const trailer = context.obj({ Size: size, Root: context.trailerInfo.Root, Info: context.trailerInfo.Info });
    this.put(Buffer.from(`${xref}trailer\n${trailer.toString()}\nstartxref\n${this.position}\n%%EOF\n`, 'latin1'));
    await this.write();
    await this.handle.close();
  }

  /** Closes the file after a failure; the caller removes it. */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  /** `n 0 obj … endobj`, its offset noted; a page's content is compressed here (zlib, faster than pdf-lib's own). */
  private putObject(ref: PDFRef, object: PDFObject): void {
    let body = object;
    if (object instanceof PDFContentStream) {
      const deflated = deflateSync(object.getUnencodedContents());
      body = PDFRawStream.of(this.pdf.context.obj({ Length: deflated.length, Filter: 'FlateDecode' }), deflated);
    }
    const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
    const tail = '\nendobj\n';
    const bytes = Buffer.allocUnsafe(head.length + body.sizeInBytes() + tail.length);
    bytes.write(head, 0, 'latin1');
    const end = head.length + body.copyBytesInto(bytes, head.length);
    bytes.write(tail, end, 'latin1');
    this.offsets[ref.objectNumber] = this.position;
    this.put(bytes);
  }

  private put(bytes: Uint8Array): void {
    this.pending.push(bytes);
    this.position += bytes.length;
  }

  private async write(): Promise<void> {
    const bytes = Buffer.concat(this.pending);
    this.pending = [];
    for (let done = 0; done < bytes.length;) done += (await this.handle.write(bytes, done)).bytesWritten;
  }
}
