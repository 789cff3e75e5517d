import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export const newSigningSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Standard Webhooks signature header value: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`. */
export function signatureHeader(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
