import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import { encodeValue, shortUrl, type Code as CodeRecord } from '../../../../catalog/index.js';
import type { Code } from './schema.js';
import { presentLifecycle } from '../lifecycle/presenter.js';

export { shortBase } from '../../../../catalog/index.js';

export function presentCode(code: CodeRecord, publicUrl: string, now: number): Static<typeof Code> {
  const url = shortUrl(code, publicUrl);
  return {
    id: code.id,
    name: code.name,
    mode: code.mode,
    status: code.status,
    shortCode: code.shortCode,
    url,
    destination: code.destination,
    scans: code.scans,
    encode: encodeValue(code, publicUrl),
    design: code.design,
    rules: code.rules,
    gate: code.gateHash === null ? null : { type: 'password' },
    folderId: code.folderId,
    content: code.content,
    imported: code.imported ?? null,
    maxScans: code.expiry.maxScans,
    ...presentLifecycle(code, publicUrl, now),
    createdAt: iso(code.createdAt),
    updatedAt: iso(code.updatedAt),
  };
}
