import { encodeValue } from '../endings/short-address.js';
import { assertCan, isPerson, type Actor, type Person } from '../../platform/index.js';
import type { CodesRepository } from './store/codes.repository.js';
import type { CodesService } from './codes.service.js';
import type { Code } from './codes.types.js';
import { validDesign, type Design, type DesignInput } from '../designs/design.schema.js';
import { NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { ImageCache } from '../symbols/symbol.cache.js';
import type { ScannabilityReport } from '../symbols/symbol.report.js';
import { imageEtag, matchesEtag, sizeOf, UNDRAWN_LOGO } from '../symbols/symbol.request.js';
import { accountLogo, type LogoSource } from '../symbols/symbol.logo.js';
import type { LogoArt } from '../symbols/symbol.scene.js';
import type { ImageRequest, SymbolImage, SymbolPainter } from '../symbols/symbols.types.js';

/** Images of codes and of posted designs: one renderer, with the scannability check on every image. */
export class SymbolsService {
  constructor(
    private readonly codes: CodesService,
    private readonly links: CodesService,
    private readonly repository: CodesRepository,
    private readonly publicUrl: string,
    private readonly logos: LogoSource,
    private readonly painter: SymbolPainter,
    private readonly images = new ImageCache(),
  ) {}

  /**
   * The code's stored design encoding its value (archived codes too): a person's account's code
   * (content:read; 404 for another account's), any account's for the operator; a link's the same way
   * (its QR image), for a person. Images are kept by
   * ETag (`ImageCache`), so a code's image is drawn once until its design, value, logo or the
   * requested format and size change.
   */
  async codeImage(
    actor: Actor,
    id: string,
    request: ImageRequest,
    ifNoneMatch?: string,
    kind: 'code' | 'link' = 'code',
  ): Promise<SymbolImage | { etag: string }> {
    const code = kind === 'link' && isPerson(actor) ? await this.links.get(actor, id) : await this.code(actor, id);
    const value = encodeValue(code, this.publicUrl);
    const size = sizeOf(request);
    const art = await this.logo(code.accountId, code.design);
    const etag = imageEtag(value, code.design, { format: request.format, size }, art !== null, code.name);
    if (matchesEtag(ifNoneMatch, etag)) return { etag };
    const known = this.images.get(etag);
    if (known) return known;
    const image = await this.painter.renderImage(value, code.design, request, code.name, art);
    this.images.set(image);
    return image;
  }

  /**
   * A posted design (completed from the defaults and validated like a saved one) for a posted value;
   * nothing is stored. A logo outside the actor's media library is not drawn, and the report says so.
   */
  async preview(actor: Person, value: string, input: DesignInput | undefined, request: ImageRequest): Promise<SymbolImage> {
    assertCan(actor, 'content:read');
    const design = validDesign(input);
    return this.painter.renderImage(value, design, request, 'qr-code', await this.logo(actor.accountId, design));
  }

  /** The scannability report of a posted design for a posted value, as `preview` draws it; nothing is stored. */
  async check(actor: Person, value: string, input: DesignInput | undefined): Promise<ScannabilityReport> {
    assertCan(actor, 'content:read');
    const design = validDesign(input);
    const art = await this.logo(actor.accountId, design);
    return this.painter.checkDesign(value, design, design.logo && !art ? [UNDRAWN_LOGO] : [], art ?? undefined);
  }

  /**
   * A code's image for a print run, drawn afresh with its check (a run draws each code once, so it is
   * not kept in the cache); `art` is its logo as `logoFor` gave it.
   */
  exportImage(code: Code, request: ImageRequest, art: LogoArt | null): Promise<SymbolImage> {
    return this.painter.renderImage(encodeValue(code, this.publicUrl), code.design, request, code.name, art);
  }

  /** The design's logo from the account's media library; null when it has none or it is not there. */
  logoFor(accountId: string, design: Design): Promise<LogoArt | null> {
    return this.logo(accountId, design);
  }

  /** A person reads their account's codes as every read does; the operator and the system any account's. */
  private async code(actor: Actor, id: string): Promise<Code> {
    if (isPerson(actor)) return this.codes.get(actor, id);
    const code = isId(id) ? await this.repository.findById(id) : null;
    if (!code) throw new NotFound('code');
    return code;
  }

  /** The design's logo from the account's media library; null when it has none or it is not there. */
  private logo(accountId: string, design: Design): Promise<LogoArt | null> {
    return design.logo ? accountLogo(this.logos, accountId, design.logo.url) : Promise.resolve(null);
  }
}
