import { Type } from '@sinclair/typebox';
import { PLAN_NAMES } from '../../platform/index.js';
import { DataEnvelope, DateTime, Nullable, StringEnum } from '../schemas.js';

/** What the dashboard's "Plan and usage" and "Custom domain" settings show. */
export const AccountSettings = Type.Object(
  {
    plan: StringEnum(PLAN_NAMES),
    apiAccess: Type.Boolean({ description: 'Whether the API beyond /me may be called.' }),
    webhooks: Type.Boolean({ description: 'Whether the plan includes webhooks.' }),
    allowance: Type.Object(
      {
        limit: Type.Integer({ minimum: 0, description: 'API requests a month for the whole company.' }),
        used: Type.Integer({ minimum: 0 }),
        resetsAt: DateTime,
      },
      { description: 'The monthly API allowance; the dashboard itself does not spend it.' },
    ),
    ratePerMinute: Type.Integer({ minimum: 0, description: 'API requests a minute per token.' }),
    maxCodes: Nullable(Type.Integer({ minimum: 0, description: 'Live codes allowed; null: no cap.' })),
    domain: Nullable(
      Type.Object(
        {
          host: Type.String(),
          record: Type.Object(
            {
              type: StringEnum(['CNAME', 'A', 'AAAA']),
              name: Type.String(),
              value: Type.String(),
            },
            { description: 'The DNS record to set at the domain so that its addresses reach this service.' },
          ),
        },
        { description: 'The custom domain an operator set for the account; null when none.' },
      ),
    ),
    timezone: Type.String({
      description: "The IANA time zone the account's analytics count days in (an owner or admin sets it).",
    }),
  },
  { title: 'AccountSettings' },
);

export const AccountSettingsResponse = DataEnvelope(AccountSettings);
