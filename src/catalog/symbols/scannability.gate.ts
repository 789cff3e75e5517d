import { InvalidRequest } from '../../lib/errors.js';
import { GENERATED_LENGTH } from '../endings/endings.js';
import { encodeValue, type AddressedCode } from '../endings/short-address.js';
import type { Design } from '../designs/design.schema.js';
import { sceneFor } from './symbol.request.js';
import type { SymbolPainter } from './symbols.types.js';
import { accountLogo, type LogoSource } from './symbol.logo.js';

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
    private readonly painter: Pick<SymbolPainter, 'checkDesign'>,
  ) {}

  /** For a code: its own value (a code still without an ending is checked with one of the generated length). */
  async assertCode(code: AddressedCode & { accountId: string; design: Design }, accept?: boolean) {
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
    if (accept === true) {
      sceneFor(value, design, 'stand-in');
      return;
    }
    const report = await this.painter.checkDesign(value, design, [], art);
    if (report.scannable) return;
    const causes = report.findings.filter((f) => f.severity === 'fail').map((f) => f.message);
    throw new InvalidRequest(
      `design is not scannable: ${causes.join(' ')} Change the design, or send acceptUnscannable: true to save it anyway.`,
      'design',
    );
  }
}
