import type { Static } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../lib/clock.js';
import type { CampaignWithMembers } from '../../../../catalog/index.js';
import type { Campaign } from './schema.js';

export function presentCampaign(campaign: CampaignWithMembers): Static<typeof Campaign> {
  return {
    id: campaign.id,
    name: campaign.name,
    startsAt: isoOrNull(campaign.startsAt),
    endsAt: isoOrNull(campaign.endsAt),
    members: campaign.members.map((m) => ({ type: m.type, id: m.id })),
    createdAt: iso(campaign.createdAt),
    updatedAt: iso(campaign.updatedAt),
  };
}
