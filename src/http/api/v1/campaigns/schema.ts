import { Type } from '@sinclair/typebox';
import { Extras, extrasQuery, rangeQuery, Zone } from '../analytics/figures.schema.js';
import {
  CAMPAIGN_NAME_MAX,
  MEMBER_TYPES,
  MEMBERS_PER_REQUEST_MAX,
  TAG_MAX,
  TAGS_PER_OBJECT_MAX,
} from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope, Nullable, PageQuery, StringEnum } from '../../../schemas.js';

/** The `tag` and `campaignId` filters of the code and link lists. */
export const MemberFilter = {
  tag: Type.String({ maxLength: TAG_MAX, description: 'Only those carrying this tag (case is ignored).' }),
  campaignId: Type.String({ maxLength: 64, description: 'Only those in this campaign.' }),
};

const MemberType = StringEnum(MEMBER_TYPES, { description: 'What the member is: a code, link, form, page or card.' });
export const MemberRef = Type.Object(
  { type: MemberType, id: Type.String({ maxLength: 64 }) },
  { additionalProperties: false, title: 'CampaignMember' },
);
const Members = Type.Array(MemberRef, { maxItems: MEMBERS_PER_REQUEST_MAX });
const Name = Type.String({
  minLength: 1,
  maxLength: CAMPAIGN_NAME_MAX,
  description: 'Unique in the account, whatever its case.',
});
const Instant = Nullable(Type.String({ format: 'date-time', maxLength: 40 }));

export const Campaign = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    startsAt: Nullable(DateTime),
    endsAt: Nullable(DateTime),
    members: Type.Array(MemberRef, { description: 'In the order they joined. A thing is in at most one campaign.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Campaign' },
);

export const CreateCampaignBody = Type.Object(
  { name: Name, startsAt: Type.Optional(Instant), endsAt: Type.Optional(Instant), members: Type.Optional(Members) },
  { additionalProperties: false },
);
export const UpdateCampaignBody = Type.Object(
  { name: Type.Optional(Name), startsAt: Type.Optional(Instant), endsAt: Type.Optional(Instant) },
  { additionalProperties: false },
);
export const MoveMembersBody = Type.Object(
  {
    add: Type.Optional(
      Type.Array(MemberRef, { maxItems: MEMBERS_PER_REQUEST_MAX, description: 'Moved in, out of any other campaign.' }),
    ),
    remove: Type.Optional(
      Type.Array(MemberRef, { maxItems: MEMBERS_PER_REQUEST_MAX, description: 'Taken out; they stay, in no campaign.' }),
    ),
  },
  { additionalProperties: false },
);
export const ListCampaignsQuery = PageQuery();
export const CampaignAnalyticsQuery = Type.Object({ ...rangeQuery(3650), ...extrasQuery }, { additionalProperties: false });

const Figures = { events: Type.Integer(), uniqueVisitors: Type.Integer() };
export const CampaignAnalytics = Type.Object(
  {
    days: Type.Integer(),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    tz: Zone,
    totals: Type.Object(Figures, {
      description:
        "Scans, clicks, views and form submissions of every member; the sum of the members' figures. Automated traffic excluded.",
    }),
    daily: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), ...Figures })),
    members: Type.Array(Type.Object({ type: MemberType, id: Type.String(), ...Figures }), { description: 'Busiest first.' }),
    ...Extras,
  },
  { title: 'CampaignAnalytics' },
);

export const TagCount = Type.Object({ tag: Type.String(), count: Type.Integer() }, { title: 'TagCount' });
export const SetTagsBody = Type.Object(
  {
    type: MemberType,
    id: Type.String({ maxLength: 64 }),
    tags: Type.Array(Type.String({ maxLength: TAG_MAX }), {
      maxItems: TAGS_PER_OBJECT_MAX,
      description: 'Replaces all its tags.',
    }),
  },
  { additionalProperties: false },
);
export const TagsOfQuery = Type.Object({ type: MemberType, id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
export const TaggedResponse = DataEnvelope(Type.Object({ type: MemberType, id: Type.String(), tags: Type.Array(Type.String()) }));

export const CampaignResponse = DataEnvelope(Campaign);
export const CampaignListResponse = DataEnvelope(Type.Array(Campaign));
export const DeletedCampaignResponse = DeletedEnvelope();
export const CampaignAnalyticsResponse = DataEnvelope(CampaignAnalytics);
export const TagListResponse = DataEnvelope(Type.Array(TagCount));
