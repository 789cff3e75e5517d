import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { Code as CodeRecord } from '../../../../modules/codes/codes.types.js';
import type { Code } from './schema.js';

/** The base of short addresses: PUBLIC_URL, or the account's own domain over the same scheme. */
export function shortBase(publicUrl: string, domain: string): string {
  return domain === '' ? publicUrl : `${new URL(publicUrl).protocol}//${domain}`;
}

export function presentCode(code: CodeRecord, publicUrl: string): Static<typeof Code> {
  const url = code.shortCode === null ? null : `${shortBase(publicUrl, code.domain)}/${code.shortCode}`;
  return {
    id: code.id,
    name: code.name,
    mode: code.mode,
    status: code.status,
    shortCode: code.shortCode,
    url,
    destination: code.destination,
    scans: code.scans,
    encode: code.mode === 'dynamic' && url !== null ? url : code.destination,
    design: code.design,
    rules: code.rules,
    gate: code.gateHash === null ? null : { type: 'password' },
    folderId: code.folderId,
    createdAt: iso(code.createdAt),
    updatedAt: iso(code.updatedAt),
  };
}
