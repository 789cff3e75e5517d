/** What addressing needs of a code. */
export interface AddressedCode {
  mode: 'dynamic' | 'static';
  shortCode: string | null;
  domain: string;
  destination: string;
}

/** The base of short addresses: PUBLIC_URL, or the account's own domain over the same scheme. */
export function shortBase(publicUrl: string, domain: string): string {
  return domain === '' ? publicUrl : `${new URL(publicUrl).protocol}//${domain}`;
}

/** The code's short address, or null for a static code. */
export function shortUrl(code: Pick<AddressedCode, 'shortCode' | 'domain'>, publicUrl: string): string | null {
  return code.shortCode === null ? null : `${shortBase(publicUrl, code.domain)}/${code.shortCode}`;
}

/** What the symbol encodes: the short address of a dynamic code, the destination of a static one. */
export function encodeValue(code: AddressedCode, publicUrl: string): string {
  const url = shortUrl(code, publicUrl);
  return code.mode === 'dynamic' && url !== null ? url : code.destination;
}
