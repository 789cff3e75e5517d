import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { Link as LinkRecord } from '../../../../catalog/index.js';
import { shortBase } from '../codes/presenter.js';
import type { Link } from './schema.js';
import { presentLifecycle } from '../lifecycle/presenter.js';

export function presentLink(link: LinkRecord, publicUrl: string, now: number): Static<typeof Link> {
  return {
    id: link.id,
    shortCode: link.shortCode ?? '',
    url: `${shortBase(publicUrl, link.domain)}/${link.shortCode}`,
    destination: link.destination,
    name: link.name === '' ? null : link.name,
    status: link.status,
    clicks: link.scans,
    design: link.design,
    rules: link.rules,
    gate: link.gateHash === null ? null : { type: 'password' },
    folderId: link.folderId,
    imported: link.imported ?? null,
    maxClicks: link.expiry.maxScans,
    ...presentLifecycle(link, publicUrl, now),
    createdAt: iso(link.createdAt),
    updatedAt: iso(link.updatedAt),
  };
}
