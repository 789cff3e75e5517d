import { Type } from '@sinclair/typebox';
import { DataEnvelope, DateTime } from '../../../schemas.js';

const Answers = Type.Record(
  Type.String(),
  Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] }),
  {
    description:
      'The answers keyed by field `key`: text, a number (number, rating), a boolean (checkbox) or null when left empty.',
  },
);

export const Submission = Type.Object(
  { id: Type.String(), formId: Type.String(), createdAt: DateTime, answers: Answers },
  { title: 'Submission' },
);

export const Enquiry = Type.Object(
  { id: Type.String(), cardId: Type.String(), createdAt: DateTime, answers: Answers },
  { title: 'Enquiry', description: 'A message sent through a card page: `name`, `email` and `message`.' },
);

/** The list query of replies: `limit` (1 to 100, default 50) and the form's or card's id under `filter`. */
export const repliesQuery = (filter: 'formId' | 'cardId', of: string) =>
  Type.Object(
    {
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
      [filter]: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: `Only this ${of}'s.` })),
    },
    { additionalProperties: false },
  );

export const SubmissionsQuery = repliesQuery('formId', 'form');
export const EnquiriesQuery = repliesQuery('cardId', 'card');

export const SubmissionListResponse = DataEnvelope(Type.Array(Submission));
export const EnquiryListResponse = DataEnvelope(Type.Array(Enquiry));
