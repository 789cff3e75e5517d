import { newIdAt } from '../../src/lib/ids.js';
import type { RecordedEvent } from '../../src/traffic/events/events.types.js';

/** A phone's scan of `targetId` (a code) at `at`, as the recorder hands it to the batch writer. */
export function scanEvent(fields: {
  accountId: string;
  targetId: string;
  at: number;
  visitor: string;
  country?: string;
}): RecordedEvent {
  return {
    id: newIdAt(fields.at),
    accountId: fields.accountId,
    type: 'scan',
    targetId: fields.targetId,
    codeId: fields.targetId,
    linkId: null,
    occurredAt: fields.at,
    placement: null,
    country: fields.country ?? 'DE',
    region: null,
    city: null,
    os: 'iOS',
    device: 'mobile',
    browser: 'Mobile Safari',
    visitor: fields.visitor,
  };
}
