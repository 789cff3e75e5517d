import { GENERATED_LENGTH } from '../endings/endings.js';
import { encodeValue } from '../codes/code-address.js';
import { assertCan, isPerson, type Actor, type Person } from '../team/roles.policy.js';
import type { CodesRepository } from '../codes/codes.repository.js';
import type { CodesService } from '../codes/codes.service.js';
import type { Code } from '../codes/codes.types.js';
import { validDesign, type Design, type DesignInput } from '../designs/design.schema.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { ImageCache } from './symbol.cache.js';
import { checkDesign, type ScannabilityReport } from './symbol.check.js';
import { imageEtag, matchesEtag, renderImage, sceneFor, sizeOf, UNDRAWN_LOGO } from './symbol.image.js';
import { accountLogo, type LogoSource } from './symbol.logo.js';
import type { LogoArt } from './symbol.scene.js';
import type { ImageRequest, SymbolImage } from './symbols.types.js';

/** A stand-in ending of the generated length, for checking a code whose ending is not chosen yet. */
const PENDING_ENDING = 'x'.repeat(GENERATED_LENGTH);

/**
 * The check a design passes before it is saved on a code or a template: the rendered symbol must
 * decode, unless the caller accepts an unscannable design (`acceptUnscannable: true`).
 */
export class ScannabilityGate {
  constructor(
    private readonly publicUrl: string,
    private readonly logos: LogoSource,
  ) {}

  /** For a code: its own value (a code still without an ending is checked with one of the generated length). */
  async assertCode(code: Pick<Code, 'accountId' | 'mode' | 'shortCode' | 'domain' | 'destination' | 'design'>, accept?: boolean) {
    const value = encodeValue(
      { ...code, shortCode: code.shortCode ?? (code.mode === 'dynamic' ? PENDING_ENDING : null) },
      this.publicUrl,
    );
    await this.assert(code.accountId, value, code.design, accept);
  }

  /** For a template: a short address of the generated length, what most codes encode. */
  async assertTemplate(accountId: string, design: Design, accept?: boolean) {
    await this.assert(accountId, `${this.publicUrl}/${PENDING_ENDING}`, design, accept);
  }

  /**
   * A logo must be an image of the account's media library (400 naming design.logo.url otherwise,
   * whatever `accept` says); the check decodes the symbol with that logo drawn.
   */
  private async assert(accountId: string, value: string, design: Design, accept: boolean | undefined) {
    const art = design.logo ? await accountLogo(this.logos, accountId, design.logo.url) : undefined;
    if (art === null) {
      throw new InvalidRequest(
        `design.logo.url must be the address of an image in this account's media library (${this.publicUrl}/media/…); upload the logo there first.`,
        'design.logo.url',
      );
    }
    sceneFor(value, design, 'stand-in');
    if (accept === true) return;
    const report = await checkDesign(value, design, [], art);
    if (report.scannable) return;
    const causes = report.findings.filter((f) => f.severity === 'fail').map((f) => f.message);
    throw new InvalidRequest(
      `design is not scannable: ${causes.join(' ')} Change the design, or send acceptUnscannable: true to save it anyway.`,
      'design',
    );
  }
}

/** Images of codes and of posted designs: one renderer, with the scannability check on every image. */
export class SymbolsService {
  constructor(
    private readonly codes: CodesService,
    private readonly repository: CodesRepository,
    private readonly publicUrl: string,
    private readonly logos: LogoSource,
    private readonly images = new ImageCache(),
  ) {}

  /**
   * The code's stored design encoding its value (archived codes too): a person's account's code
   * (content:read; 404 for another account's), any account's for the operator. Images are kept by
   * ETag (`ImageCache`), so a code's image is drawn once until its design, value, logo or the
   * requested format and size change.
   */
  async codeImage(
    actor: Actor,
    id: string,
    request: ImageRequest,
    ifNoneMatch?: string,
  ): Promise<SymbolImage | { etag: string }> {
    const code = await this.code(actor, id);
    const value = encodeValue(code, this.publicUrl);
    const size = sizeOf(request);
    const art = await this.logo(code.accountId, code.design);
    const etag = imageEtag(value, code.design, { format: request.format, size }, art !== null, code.name);
    if (matchesEtag(ifNoneMatch, etag)) return { etag };
    const known = this.images.get(etag);
    if (known) return known;
    const image = await renderImage(value, code.design, request, code.name, art);
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
    return renderImage(value, design, request, 'qr-code', await this.logo(actor.accountId, design));
  }

  /** The scannability report of a posted design for a posted value, as `preview` draws it; nothing is stored. */
  async check(actor: Person, value: string, input: DesignInput | undefined): Promise<ScannabilityReport> {
    assertCan(actor, 'content:read');
    const design = validDesign(input);
    sceneFor(value, design, 'stand-in');
    const art = await this.logo(actor.accountId, design);
    return checkDesign(value, design, design.logo && !art ? [UNDRAWN_LOGO] : [], art ?? undefined);
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
