import type { TObject } from '@sinclair/typebox';
import { ContentListQuery } from '../../api/v1/content/schema.js';
import type { ContentResource } from '../../api/v1/content/routes.js';
import { cardsResource, formsResource, pagesResource } from '../../api/v1/content/resources.js';
import {
  EnquiriesQuery,
  EnquiryListResponse,
  SubmissionListResponse,
  SubmissionsQuery,
} from '../../api/v1/submissions/schema.js';
import type { ContentService, Submission, SubmissionKind } from '../../../content/index.js';
import type { Scope } from '../../../platform/index.js';
import { IdParams } from '../../schemas.js';
import { defineTool, READ, toolInput, type ToolDefinition } from '../tool.js';

/** `forms_list` and `forms_get` (and the same for pages and cards): the REST resource's schemas and service. */
function readTools(resource: ContentResource<object>): ToolDefinition[] {
  const { plural, kind, schemas } = resource;
  const scope = `${plural}:read` as Scope;
  const service = (services: Parameters<typeof resource.service>[0]) =>
    resource.service(services) as unknown as ContentService<object, object>;
  return [
    defineTool({
      name: `${plural}_list`,
      title: `List ${plural}`,
      description: `Lists the account's ${plural}, newest first (limit 1-100, default 25; offset), each with its public address and status.`,
      scope,
      input: toolInput(ContentListQuery),
      output: schemas.list as TObject,
      annotations: READ,
      async handler(args, { services, actor, present }) {
        return { data: (await service(services).list(actor, args)).map((c) => present.content(c)) };
      },
    }),
    defineTool({
      name: `${plural}_get`,
      title: `Read a ${kind}`,
      description: `Reads one ${kind} of the account with everything it shows (another account's is not_found).`,
      scope,
      input: toolInput(IdParams),
      output: schemas.one as TObject,
      annotations: READ,
      async handler({ id }, { services, actor, present }) {
        return { data: present.content(await service(services).get(actor, id)) };
      },
    }),
  ];
}

/** The replies of one kind, as `GET /submissions` or `GET /enquiries` answers them. */
function repliesTool(
  kind: SubmissionKind,
  scope: Scope,
  input: TObject,
  output: TObject,
  text: { name: string; title: string; description: string },
): ToolDefinition {
  return defineTool({
    ...text,
    scope,
    input: toolInput(input),
    output,
    annotations: READ,
    async handler(args, { services, actor, present }) {
      const { limit, formId, cardId } = args as { limit: number; formId?: string; cardId?: string };
      const list = await services.content.submissions.list(actor, kind, { limit, contentId: formId ?? cardId });
      const show: (reply: Submission) => unknown = kind === 'submission' ? present.submission : present.enquiry;
      return { data: list.map(show) };
    },
  });
}

/** Hosted content and the replies sent through it, read with the same scopes as over REST. */
export const contentTools = [
  ...[formsResource, pagesResource, cardsResource].flatMap((r) => readTools(r as ContentResource<object>)),
  repliesTool('submission', 'forms:read', SubmissionsQuery, SubmissionListResponse, {
    name: 'submissions_list',
    title: 'List form submissions',
    description:
      "Lists form submissions newest first (limit 1-100, default 50), optionally of one form (formId), each with its answers keyed by field key. They hold customers' own details.",
  }),
  repliesTool('enquiry', 'cards:read', EnquiriesQuery, EnquiryListResponse, {
    name: 'enquiries_list',
    title: 'List card enquiries',
    description:
      'Lists the messages sent through card pages newest first (limit 1-100, default 50), optionally of one card (cardId).',
  }),
];
